-- Drives the Sudoku Lens server from Neovim 0.7's built-in LSP client (push diagnostics only), set up
-- by the README's snippet, which ran as init.lua: opens a collection, records its filetype and
-- clients, waits for the solver diagnostics, asks for a hover, opens a .ss grid (a Scheme file to
-- Neovim) and records the same, then writes what it saw as JSON.
local file, grid, out = _G.SUDOKU_FILE, _G.SUDOKU_GRID, _G.SUDOKU_OUT

--- The buffer's filetype and the names and ids of the LSP clients attached to it.
local function attached(buf)
  local clients = {}
  for id, client in pairs(vim.lsp.buf_get_clients(buf)) do
    table.insert(clients, { id = id, name = client.name })
  end
  return { filetype = vim.bo[buf].filetype, clients = clients }
end

vim.cmd('edit ' .. file)
local buf = vim.api.nvim_get_current_buf()
local result = { diagnostics = {}, hover = vim.NIL }

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
-- Neovim 0.7 lists a client among the buffer's once its initialize handshake is done: by now it is.
result.collection = attached(buf)

local client = vim.lsp.buf_get_clients(buf)[next(vim.lsp.buf_get_clients(buf))]
if client then
  local response = client.request_sync('textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 1, character = 0 },
  }, 15000, buf)
  if response and response.result then result.hover = response.result.contents.value end
end

vim.cmd('edit ' .. grid)
result.grid = attached(vim.api.nvim_get_current_buf())

local f = io.open(out, 'w')
f:write(vim.fn.json_encode(result))
f:close()
vim.lsp.stop_client(vim.lsp.get_active_clients())
vim.cmd('qa!')
