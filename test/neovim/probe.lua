-- Drives the Sudoku Lens server from Neovim 0.7's built-in LSP client (push diagnostics only):
-- opens a file, waits for the solver diagnostics, asks for a hover, writes what it saw as JSON.
local server, file, out = _G.SUDOKU_SERVER, _G.SUDOKU_FILE, _G.SUDOKU_OUT
local result = { diagnostics = {}, hover = nil }

vim.cmd('edit ' .. file)
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = 'sudoku-lens',
  cmd = { 'node', server, '--stdio' },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(buf, client_id)

-- The solver pass is pushed after the syntax pass: wait until a solver finding is there.
vim.wait(15000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == 'no-solution' then return true end
  end
  return false
end, 50)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(result.diagnostics, { line = d.lnum, col = d.col, code = d.code, message = d.message })
end

local client = vim.lsp.get_client_by_id(client_id)
local response = client.request_sync('textDocument/hover', {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = 1, character = 0 },
}, 15000, buf)
if response and response.result then result.hover = response.result.contents.value end

local f = io.open(out, 'w')
f:write(vim.fn.json_encode(result))
f:close()
client.stop()
vim.cmd('qa!')
