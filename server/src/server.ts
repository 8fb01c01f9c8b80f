/**
 * The language server: documents in, diagnostics/hovers/lenses out. Transport-agnostic:
 * node.ts (stdio/IPC) creates the connection and calls startServer.
 */
import {
  type CancellationToken,
  type Connection,
  type Diagnostic,
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCache } from './analysisCache';
import { codeLenses } from './codeLens';
import { fullDiagnostics, quickDiagnostics } from './diagnostics';
import { hoverAt } from './hover';
import { type PuzzleAt, SolveRequest, ValidateRequest, type ValidateResponse } from './protocol';
import { PuzzleDocument } from './puzzleDocument';
import { solveAt, validateAt } from './requests';
import { DEFAULT_SETTINGS, type Settings, readSettings } from './settings';

interface DocState {
  parsed: PuzzleDocument;
  diagnostics: Diagnostic[];
  resultId: number;
  /** Pending quick pass (debounced typing). */
  timer?: NodeJS.Timeout;
  /** The running full pass, cancelled by setting its flag. */
  full?: { isCancellationRequested: boolean };
}

/** Runs a request handler unless it was cancelled; a thrown error becomes a logged null. */
function runSafe<T>(connection: Connection, token: CancellationToken, what: string, fn: () => T): T | null | ResponseError {
  if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${what} cancelled`);
  try {
    return fn();
  } catch (err) {
    connection.console.error(`${what} failed: ${err instanceof Error ? err.stack : String(err)}`);
    return null;
  }
}

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocState>();
  let settings: Settings = DEFAULT_SETTINGS;
  const cache = new AnalysisCache({ nodeBudget: settings.nodeBudget });
  let pull = false;
  let hasConfiguration = false;
  let resultIds = 0;

  /** The document's parse for its current version (parsed now if typing got ahead of it). */
  function current(uri: string): DocState | undefined {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    const state = states.get(uri);
    if (state && state.parsed.version === doc.version) return state;
    const parsed = new PuzzleDocument(uri, doc.version, doc.getText());
    if (!state) {
      const fresh: DocState = { parsed, diagnostics: [], resultId: 0 };
      states.set(uri, fresh);
      return fresh;
    }
    state.parsed = parsed; // keep the same object: running passes hold on to it
    return state;
  }

  function publish(state: DocState, diagnostics: Diagnostic[]): void {
    state.diagnostics = diagnostics;
    state.resultId = ++resultIds;
    if (pull) void connection.languages.diagnostics.refresh();
    else void connection.sendDiagnostics({ uri: state.parsed.uri, version: state.parsed.version, diagnostics });
  }

  function quickPass(uri: string): void {
    const state = current(uri);
    if (state) publish(state, quickDiagnostics(state.parsed, cache));
  }

  /** Solver diagnostics for every puzzle; restarts on the newest version if the text changes meanwhile. */
  async function fullPass(uri: string): Promise<void> {
    const state = current(uri);
    if (!state) return;
    if (state.full) state.full.isCancellationRequested = true;
    const token = { isCancellationRequested: false };
    state.full = token;
    const version = state.parsed.version;
    const diagnostics = await fullDiagnostics(state.parsed, cache, token);
    if (state.full === token) state.full = undefined;
    if (!diagnostics) return;
    if (documents.get(uri)?.version === version) publish(state, diagnostics);
    else void fullPass(uri);
  }

  connection.onInitialize((params) => {
    const caps = params.capabilities;
    pull = !!caps.textDocument?.diagnostic;
    hasConfiguration = !!caps.workspace?.configuration;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: false },
        ...(pull ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'sudoku-lens' },
    };
  });

  async function loadSettings(): Promise<void> {
    if (!hasConfiguration) return;
    settings = readSettings(await connection.workspace.getConfiguration('sudokuLens'));
    cache.configure({ nodeBudget: settings.nodeBudget });
  }

  connection.onInitialized(() => void loadSettings());
  connection.onDidChangeConfiguration(async () => {
    await loadSettings();
    for (const uri of states.keys()) void fullPass(uri);
  });

  documents.onDidOpen((e) => {
    quickPass(e.document.uri);
    void fullPass(e.document.uri);
  });
  documents.onDidChangeContent((e) => {
    const state = states.get(e.document.uri);
    if (!state) return; // the open handler covers the first version
    clearTimeout(state.timer);
    state.timer = setTimeout(() => quickPass(e.document.uri), settings.syntaxDelayMs);
  });
  documents.onDidSave((e) => void fullPass(e.document.uri));
  documents.onDidClose((e) => {
    const state = states.get(e.document.uri);
    if (state) {
      clearTimeout(state.timer);
      if (state.full) state.full.isCancellationRequested = true;
    }
    states.delete(e.document.uri);
    if (!pull) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.languages.diagnostics.on((params, token) => {
    if (token.isCancellationRequested) {
      return new ResponseError(LSPErrorCodes.ServerCancelled, 'diagnostics cancelled', { retriggerRequest: true });
    }
    const state = current(params.textDocument.uri);
    if (state && params.previousResultId === String(state.resultId)) {
      return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: String(state.resultId) };
    }
    return { kind: DocumentDiagnosticReportKind.Full, resultId: String(state?.resultId ?? 0), items: state?.diagnostics ?? [] };
  });

  connection.onHover((params, token) =>
    runSafe(connection, token, 'hover', () => {
      const state = current(params.textDocument.uri);
      return state ? hoverAt(state.parsed, cache, params.position.line, params.position.character) : null;
    }),
  );

  connection.onCodeLens((params, token) =>
    runSafe(connection, token, 'code lens', () => {
      const state = current(params.textDocument.uri);
      return state ? codeLenses(state.parsed) : [];
    }),
  );

  connection.onRequest(SolveRequest, (params: PuzzleAt, token) =>
    runSafe(connection, token, 'solve', () => {
      const state = current(params.uri);
      return state ? solveAt(state.parsed, cache, params.line) : { puzzle: null };
    }),
  );

  connection.onRequest(ValidateRequest, (params: PuzzleAt, token) =>
    runSafe(connection, token, 'validate', (): ValidateResponse => {
      const state = current(params.uri);
      return state ? validateAt(state.parsed, cache, params.line) : { message: null, severity: 'information' };
    }),
  );

  documents.listen(connection);
  connection.listen();
}
