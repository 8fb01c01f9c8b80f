/**
 * The language server: documents in, diagnostics/hovers/lenses out. Transport-agnostic:
 * node.ts (stdio/IPC, worker threads) and browser.ts (a Web Worker, nested Web Workers) say how to
 * create the connection, create the rating workers and call startServer. What the server knows
 * lives in the Session (lsp/session.ts); the requests are answered by the handler tables in lsp/handlers/.
 */
import { type Connection, type ConnectionOptions, TextDocumentSyncKind } from 'vscode-languageserver';
import { Lifecycle } from './lifecycle';
import { COLLECTION_REQUESTS } from './handlers/collectionRequests';
import { FEATURES } from './handlers/features';
import { HOVER } from './handlers/hover';
import { PUZZLE_REQUESTS } from './handlers/puzzleRequests';
import { register } from './registration';
import { Session } from './session';
import type { RatingWorkers } from '../jobs/workers';
import { LEGEND } from './features/semanticTokens';

/** Starts the server on the connection `connect` makes with these options (the lifecycle's, see lifecycle.ts). */
export function startServer(connect: (options: ConnectionOptions) => Connection, workers: RatingWorkers): void {
  const lifecycle = new Lifecycle();
  const connection = connect(lifecycle.options);
  lifecycle.listen(connection);
  const session = new Session(connection, workers);

  connection.onInitialize((params) => {
    session.initialize(params);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: false },
        inlayHintProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix', 'source.normalize'] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        semanticTokensProvider: { legend: LEGEND, full: { delta: true }, range: true },
        ...(session.client.pull ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'sudoku-lens' },
    };
  });
  connection.onInitialized(() => void session.loadSettings());
  connection.onDidChangeConfiguration(async () => {
    await session.loadSettings();
    session.refreshInlayHints();
    session.refreshLenses(); // sudokuLens.codeLens.maxPuzzles or .show may have changed
  });
  connection.onShutdown(() => session.ratings.dispose());

  const { documents } = session;
  documents.onDidOpen((e) => session.opened(e.document.uri));
  documents.onDidChangeContent((e) => session.changed(e.document.uri, e.document.version));
  documents.onDidSave((e) => void session.fullPass(e.document.uri));
  documents.onDidClose((e) => session.closed(e.document.uri));

  register(session, HOVER, FEATURES, PUZZLE_REQUESTS, COLLECTION_REQUESTS);
  documents.listen(connection);
  connection.listen();
}
