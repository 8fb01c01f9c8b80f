/**
 * The language server: documents in, diagnostics/hovers/lenses out. Transport-agnostic:
 * node.ts (stdio/IPC, worker threads) and browser.ts (a Web Worker, nested Web Workers) say how to
 * create the connection, create the rating workers and call startServer.
 */
import {
  CodeLensRefreshRequest,
  type Connection,
  type ConnectionOptions,
  type Diagnostic,
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  WorkDoneProgress,
} from 'vscode-languageserver';
import { AnalysisCache } from './analysisCache';
import { blissApplyLines, blissLogAt } from './blissRequests';
import { codeActions } from './codeActions';
import { type RewriteSource, checkedRewrite, convertAt, normalizeAll, puzzleLines, rateAllLines, rateInlineEdits, rateLines, removeDuplicatesEdits, sortEdits } from './collection';
import { codeLenses } from './codeLens';
import { type PassResult, type Sources, diagnosticsOf, fullDiagnostics, openingDiagnostics, quickDiagnostics, wantWhipPathsInView } from './diagnostics';
import { DiagnosticsMemo } from './diagnosticsMemo';
import { GRID_RATING_WAIT_MS, gridAt } from './gridData';
import { onCustomRequest, runSafe } from './handlers';
import { describeExtras } from './engine/extraRatings';
import type { Puzzle } from './engine/parse';
import { describeRating, summarize } from './engine/rate';
import { hoverAt } from './hover';
import { inlayHints } from './inlayHints';
import { Lifecycle } from './lifecycle';
import { LineDocument } from './lineDocument';
import { documentSymbols, foldingRanges } from './outline';
import {
  BlissApplyRequest,
  BlissLogRequest,
  ConvertRequest,
  type DocumentStatus,
  DuplicatesRequest,
  GridRequest,
  NormalizeRequest,
  PathRequest,
  type PathResponse,
  PatternAtRequest,
  type PatternAtResponse,
  PuzzleLinesRequest,
  RateLinesRequest,
  RateInlineRequest,
  RateRequest,
  SolveRequest,
  SortRequest,
  StatusNotification,
  UASearchRequest,
  ValidateRequest,
  type ValidateResponse,
  WhipPathRequest,
} from './protocol';
import { PuzzleDocument } from './puzzleDocument';
import type { RatingWorkers } from './jobs/workers';
import { RatingService } from './ratings';
import { pathAt, rateAt, solveAt, validateAt, whipPathAt } from './requests';
import { LEGEND, SemanticTokensProvider } from './semanticTokens';
import { DEFAULT_SETTINGS, type Settings, changesDiagnostics, readSettings } from './settings';
import { uaCodeActions } from './uaActions';
import { patternAt, uaSearch } from './uaSearches';
import { UAService } from './uaService';
import { Viewports } from './view';

const HOVER_RATING_WAIT_MS = 1500;

interface DocState {
  parsed: PuzzleDocument;
  diagnostics: Diagnostic[];
  resultId: number;
  /** The last pass: the next one starts from it. */
  last?: PassResult;
  /** Pending quick pass (debounced typing). */
  timer?: ReturnType<typeof setTimeout>;
  /** The running sliced pass (opening or full), cancelled by setting its flag; the memo's mark when it began. */
  full?: { isCancellationRequested: boolean; mark: number };
}

/** Starts the server on the connection `connect` makes with these options (the lifecycle's, see lifecycle.ts). */
export function startServer(connect: (options: ConnectionOptions) => Connection, workers: RatingWorkers): void {
  const lifecycle = new Lifecycle();
  const connection = connect(lifecycle.options);
  lifecycle.listen(connection);
  // Open documents as lines, updated from each change (see LineDocument).
  const documents = new TextDocuments<LineDocument>({
    create: (uri, languageId, version, content) => new LineDocument(uri, languageId, version, content),
    update: (doc, changes, version) => doc.update(changes, version),
  });
  const states = new Map<string, DocState>();
  let settings: Settings = DEFAULT_SETTINGS;
  // Each puzzle's diagnostics, kept by the quick pass until a result for its text arrives.
  const memo = new DiagnosticsMemo();
  const cache = new AnalysisCache({ nodeBudget: settings.nodeBudget, defaultVariant: settings.defaultVariant }, undefined, (text) => memo.changed(text));
  let pull = false;
  let hasConfiguration = false;
  let inlayRefresh = false;
  let lensRefresh = false;
  const refreshLenses = (): void => {
    if (lensRefresh) connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined); // the client re-asks on its next edit anyway
  };
  const views = new Viewports(refreshLenses);
  let ratedTimer: ReturnType<typeof setTimeout> | undefined;
  // New ratings change inlay hints and may add BUG / rating-mismatch diagnostics (UA results:
  // redundant clues, unhit UA sets): refresh both, batched.
  const refreshResults = (texts: readonly string[]): void => {
    for (const text of texts) memo.changed(text);
    if (ratedTimer) return;
    ratedTimer = setTimeout(() => {
      ratedTimer = undefined;
      if (inlayRefresh) void connection.languages.inlayHint.refresh();
      for (const uri of states.keys()) quickPass(uri);
    }, 300);
  };
  const ratings = new RatingService(workers, settings.ratingBudgetMs, settings.blissLockedCandidates, (text) => refreshResults([text]));
  const ua = new UAService(ratings, settings.uaBudgetMs, refreshResults);
  const tokens = new SemanticTokensProvider();
  let resultIds = 0;
  const sources = (): Sources => ({ cache, ratings, ua, whipPath: settings.whipPath, bugSeverity: settings.bugSeverity, memo });

  /** The document's parse for its current version (parsed now if typing got ahead of it). */
  function current(uri: string): DocState | undefined {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    const state = states.get(uri);
    if (state && state.parsed.version === doc.version) return state;
    const lines = doc.snapshot();
    const parsed = state ? state.parsed.update(doc.version, lines) : PuzzleDocument.parse(uri, doc.version, lines.lines);
    if (!state) {
      const fresh: DocState = { parsed, diagnostics: [], resultId: 0 };
      states.set(uri, fresh);
      return fresh;
    }
    state.parsed = parsed; // keep the same object: running passes hold on to it
    return state;
  }

  /** Keeps a pass's result for the next pass to start from, and publishes it unless it changed nothing. */
  function publish(state: DocState, result: PassResult): void {
    const unchanged = result.updated === 0 && state.last?.doc.version === result.doc.version;
    state.last = result;
    // The log is kept from the oldest mark a pass may still start from: a last pass's, a running full pass's.
    memo.forget(Math.min(...[...states.values()].flatMap((s) => [s.last?.mark ?? Number.MAX_SAFE_INTEGER, s.full?.mark ?? Number.MAX_SAFE_INTEGER])));
    if (unchanged) return;
    const { doc, withErrors, withWarnings } = result;
    const diagnostics = diagnosticsOf(result);
    void connection.sendNotification(StatusNotification, { uri: doc.uri, puzzles: doc.puzzleCount, withErrors, withWarnings } satisfies DocumentStatus);
    state.diagnostics = diagnostics;
    state.resultId = ++resultIds;
    if (pull) void connection.languages.diagnostics.refresh();
    else void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  }

  /** After typing, or when results arrive: what changed since the last pass (the memo forgot the puzzles of texts with results). */
  function quickPass(uri: string): void {
    const state = current(uri);
    if (state) publish(state, quickDiagnostics(state.parsed, sources(), state.last));
  }

  /**
   * Solver diagnostics for every puzzle (or, `pass` openingDiagnostics, what a quick pass finds), in
   * time slices; restarts as a full pass on the newest version if the text changes meanwhile.
   */
  async function fullPass(uri: string, pass = fullDiagnostics): Promise<void> {
    const state = current(uri);
    if (!state) return;
    if (state.full) state.full.isCancellationRequested = true;
    const token = { isCancellationRequested: false, mark: memo.mark() };
    state.full = token;
    const version = state.parsed.version;
    const result = await pass(state.parsed, sources(), token);
    if (state.full === token) state.full = undefined;
    // Closed or replaced by another didOpen meanwhile: the result is of a text that is gone.
    if (!result || states.get(uri) !== state) return;
    if (documents.get(uri)?.version === version) publish(state, result);
    else void fullPass(uri);
  }

  connection.onInitialize((params) => {
    const caps = params.capabilities;
    pull = !!caps.textDocument?.diagnostic;
    hasConfiguration = !!caps.workspace?.configuration;
    inlayRefresh = !!caps.workspace?.inlayHint?.refreshSupport;
    lensRefresh = !!caps.workspace?.codeLens?.refreshSupport;
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
        ...(pull ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'sudoku-lens' },
    };
  });

  /**
   * Reads the client's settings (after `initialized`, and on each change). The caches drop only what
   * the changed settings invalidate; diagnostics they change are computed again by full passes, the
   * old ones shown meanwhile: settings equal to the defaults, as most clients send them first, change nothing.
   */
  async function loadSettings(): Promise<void> {
    if (!hasConfiguration) return;
    const previous = settings;
    settings = readSettings(await connection.workspace.getConfiguration('sudokuLens'));
    cache.configure({ nodeBudget: settings.nodeBudget, defaultVariant: settings.defaultVariant });
    ratings.configure(settings.ratingBudgetMs, settings.blissLockedCandidates);
    ua.configure(settings.uaBudgetMs);
    if (!changesDiagnostics(previous, settings)) return;
    memo.clear();
    for (const uri of states.keys()) void fullPass(uri);
  }

  connection.onInitialized(() => void loadSettings());
  connection.onDidChangeConfiguration(async () => {
    await loadSettings();
    if (inlayRefresh) void connection.languages.inlayHint.refresh();
    refreshLenses(); // sudokuLens.codeLens.maxPuzzles or .show may have changed
  });

  /** Stops the document's passes and drops what was computed for its text. */
  function forget(uri: string): void {
    const state = states.get(uri);
    if (state) {
      clearTimeout(state.timer);
      if (state.full) state.full.isCancellationRequested = true;
    }
    states.delete(uri);
    ua.close(uri);
    tokens.close(uri);
  }

  documents.onDidOpen(async (e) => {
    // A second didOpen without a didClose replaces the document: its new lines are no edit of the old ones.
    forget(e.document.uri);
    // Both passes in slices: the lenses and inlay hints asked for right behind the document come first.
    await fullPass(e.document.uri, openingDiagnostics);
    void fullPass(e.document.uri);
  });
  documents.onDidChangeContent((e) => {
    const state = states.get(e.document.uri);
    // The open handler's passes cover the first version (this event follows didOpen too): a quick
    // pass timed from the open could run, whole, before the requests queued behind the document.
    if (!state || state.parsed.version === e.document.version) return;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => quickPass(e.document.uri), settings.syntaxDelayMs);
  });
  documents.onDidSave((e) => void fullPass(e.document.uri));
  documents.onDidClose((e) => {
    forget(e.document.uri);
    views.close(e.document.uri);
    if (!pull) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.languages.diagnostics.on((params, token) => {
    if (token.isCancellationRequested) {
      return new ResponseError(LSPErrorCodes.ServerCancelled, 'diagnostics cancelled', { retriggerRequest: true });
    }
    return runSafe(connection, token, 'diagnostics', () => {
      const state = current(params.textDocument.uri);
      if (state && params.previousResultId === String(state.resultId)) {
        return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: String(state.resultId) };
      }
      return { kind: DocumentDiagnosticReportKind.Full, resultId: String(state?.resultId ?? 0), items: state?.diagnostics ?? [] };
    });
  });

  /** The hover's rating rows: waits a moment for the ratings, then says they are still coming. */
  async function ratingRows(uri: string, line: number): Promise<[string, string][]> {
    const puzzle = current(uri)?.parsed.puzzleAt(line);
    const analysis = puzzle ? cache.get(puzzle) : null;
    if (!puzzle?.text || !analysis || (analysis.status !== 'unique' && analysis.status !== 'unchecked')) return [];
    const pending = 'computing… (hover again in a moment)';
    const text = puzzle.text;
    const variant = cache.variant(puzzle);
    const [se, extras] = await Promise.all([
      analysis.status === 'unique' ? (ratings.peek(text) ?? ratings.pathWithin(text, HOVER_RATING_WAIT_MS).then((r) => r && summarize(r))) : null,
      ratings.peekExtras(text, variant) ?? ratings.extrasWithin(text, variant, HOVER_RATING_WAIT_MS),
    ]);
    const rows: [string, string][] = [];
    if (analysis.status === 'unique') rows.push(['SE rating', se ? describeRating(se) : `${pending}, or use the Rate lens`]);
    if (extras) rows.push(...describeExtras(extras));
    else rows.push(['W, BLISS', pending]);
    return rows;
  }

  connection.onHover((params, token) =>
    runSafe(connection, token, 'hover', async () => {
      const puzzle = current(params.textDocument.uri)?.parsed.puzzleAt(params.position.line);
      // The minimality check first: it takes milliseconds where a rating may take seconds.
      const [uaRows, rows] = await Promise.all([
        ua.hoverRows(puzzle, cache, HOVER_RATING_WAIT_MS),
        ratingRows(params.textDocument.uri, params.position.line).catch((): [string, string][] => []),
      ]);
      const state = current(params.textDocument.uri);
      if (!state) return null;
      const { line, character } = params.position;
      return hoverAt(state.parsed, cache, line, character, [...rows, ...uaRows], settings.hideSolutions);
    }),
  );

  connection.languages.inlayHint.on((params, token) =>
    runSafe(connection, token, 'inlay hints', () => {
      const state = current(params.textDocument.uri);
      if (state) {
        views.show(params.textDocument.uri, params.range);
        ua.inView(state.parsed, cache, params.range); // the lines in view: their UA results first
        wantWhipPathsInView(state.parsed, sources(), params.range);
      }
      return state ? inlayHints(state.parsed, cache, ratings, params.range, settings.inlayRating) : [];
    }),
  );

  onCustomRequest(connection, RateRequest, async (params) => {
    const state = current(params.uri);
    return state ? rateAt(state.parsed, cache, ratings, params.line) : { message: null };
  });

  onCustomRequest(connection, PathRequest, async (params) => {
    const state = current(params.uri);
    return state ? pathAt(state.parsed, cache, ratings, params.line) : { document: null, reason: 'The document is not open' };
  });

  onCustomRequest(connection, WhipPathRequest, async (params, token) => {
    const state = current(params.uri);
    return state ? whipPathAt(state.parsed, cache, ratings, params.line, settings.ratingBudgetMs, token) : { document: null, reason: 'The document is not open' };
  });

  /** Reads one line of an open document, without its line break. */
  function lineReader(uri: string): ((line: number) => string) | undefined {
    const doc = documents.get(uri);
    return doc && ((line: number) => doc.lineText(line));
  }

  connection.onCodeAction((params, token) =>
    runSafe(connection, token, 'code actions', () => {
      const state = current(params.textDocument.uri);
      const lineText = lineReader(params.textDocument.uri);
      const blissSteps = (p: Puzzle) => (p.text ? ratings.peekExtras(p.text, cache.variant(p))?.bliss.steps : undefined);
      if (!state || !lineText) return [];
      const uaActions = uaCodeActions(state.parsed, lineText, params.context.diagnostics, (p) => ua.peek(p, cache));
      return [...codeActions(state.parsed, lineText, params.range, params.context.diagnostics, blissSteps), ...uaActions];
    }),
  );

  onCustomRequest(connection, PuzzleLinesRequest, (params) => {
    const state = current(params.uri);
    return state ? puzzleLines(state.parsed, params.kind) : [];
  });

  onCustomRequest(connection, BlissApplyRequest, (params, token) => {
    const state = current(params.uri);
    const lineText = lineReader(params.uri);
    if (!state || !lineText) return new ResponseError(LSPErrorCodes.ContentModified, 'The document is not open');
    const version = () => documents.get(params.uri)?.version;
    return blissApplyLines(state.parsed, lineText, cache, ratings, params, settings, token, version);
  });

  onCustomRequest(connection, BlissLogRequest, async (params, token) => {
    const state = current(params.uri);
    return state ? blissLogAt(state.parsed, ratings, params.line, settings, token) : { document: null, reason: 'The document is not open' };
  });

  onCustomRequest(connection, RateLinesRequest, async (params) => {
    const state = current(params.uri);
    return state ? rateLines(state.parsed, cache, ratings, params.lines) : [];
  });

  /** What a rewrite reads of an open document (undefined when it is not open). */
  function rewriteSource(uri: string): RewriteSource | undefined {
    const state = current(uri);
    const open = documents.get(uri);
    return state && open && { doc: state.parsed, version: () => documents.get(uri)?.version, lineBreak: open.lineBreak };
  }

  onCustomRequest(connection, DuplicatesRequest, (params) =>
    checkedRewrite(params, rewriteSource(params.uri), ({ doc }) => removeDuplicatesEdits(doc, params.mode)),
  );

  onCustomRequest(connection, NormalizeRequest, (params) => checkedRewrite(params, rewriteSource(params.uri), ({ doc }) => normalizeAll(doc)));

  onCustomRequest(connection, ConvertRequest, (params) =>
    checkedRewrite(params, rewriteSource(params.uri), ({ doc, lineBreak }) => convertAt(doc, params.line, params.to, lineBreak)),
  );

  onCustomRequest(connection, SortRequest, (params) =>
    checkedRewrite(params, rewriteSource(params.uri), async ({ doc, lineBreak }) => sortEdits(doc, await rateAllLines(doc, cache, ratings), lineBreak)),
  );

  onCustomRequest(connection, RateInlineRequest, (params) =>
    checkedRewrite(params, rewriteSource(params.uri), async ({ doc }) => rateInlineEdits(doc, await rateAllLines(doc, cache, ratings))),
  );

  connection.onDocumentSymbol((params, token) =>
    runSafe(connection, token, 'symbols', () => {
      const state = current(params.textDocument.uri);
      return state ? documentSymbols(state.parsed, cache, ratings, settings.outlineMaxItems) : [];
    }),
  );

  connection.onFoldingRanges((params, token) =>
    runSafe(connection, token, 'folding', () => {
      const state = current(params.textDocument.uri);
      return state ? foldingRanges(state.parsed, settings.outlineMaxItems) : [];
    }),
  );

  const noTokens = { data: [] };
  connection.languages.semanticTokens.on((params, token) =>
    runSafe(connection, token, 'semantic tokens', () => {
      const state = current(params.textDocument.uri);
      return state ? tokens.full(state.parsed) : noTokens;
    }),
  );
  connection.languages.semanticTokens.onDelta((params, token) =>
    runSafe(connection, token, 'semantic tokens', () => {
      const state = current(params.textDocument.uri);
      return state ? tokens.delta(state.parsed, params.previousResultId) : noTokens;
    }),
  );
  connection.languages.semanticTokens.onRange((params, token) =>
    runSafe(connection, token, 'semantic tokens', () => {
      const state = current(params.textDocument.uri);
      if (state) views.show(params.textDocument.uri, params.range);
      return state ? tokens.range(state.parsed, params.range) : noTokens;
    }),
  );

  onCustomRequest(connection, GridRequest, async (params) => {
    const state = current(params.uri);
    return state ? gridAt(state.parsed, cache, ratings, params.line, GRID_RATING_WAIT_MS, settings.hideSolutions) : { puzzle: null };
  });

  connection.onShutdown(() => ratings.dispose());

  onCustomRequest(connection, PatternAtRequest, (params): PatternAtResponse => {
    const state = current(params.uri);
    return state ? patternAt(state.parsed, params.line) : { pattern: null, reason: 'The document is not open' };
  });

  onCustomRequest(connection, UASearchRequest, async (params, token): Promise<PathResponse | ResponseError> => {
    const state = current(params.uri);
    const text = documents.get(params.uri)?.getText();
    if (!state || text === undefined) return { document: null, reason: 'The document is not open' };
    const progressToken = params.workDoneToken;
    if (progressToken !== undefined) void connection.sendProgress(WorkDoneProgress.type, progressToken, { kind: 'begin', title: 'Searching', cancellable: true });
    const report = (message: string, percentage: number): void => {
      if (progressToken !== undefined) void connection.sendProgress(WorkDoneProgress.type, progressToken, { kind: 'report', message, percentage: Math.round(percentage) });
    };
    try {
      return await uaSearch(state.parsed, text, cache, ratings, params, settings, token, report);
    } finally {
      if (progressToken !== undefined) void connection.sendProgress(WorkDoneProgress.type, progressToken, { kind: 'end' });
    }
  });

  connection.onCodeLens((params, token) =>
    runSafe(connection, token, 'code lens', () => {
      const state = current(params.textDocument.uri);
      if (!state) return [];
      const large = state.parsed.puzzleCount > settings.codeLensMaxPuzzles;
      return codeLenses(state.parsed, views.lensWindow(params.textDocument.uri, large), settings.codeLensShow);
    }),
  );

  onCustomRequest(connection, SolveRequest, (params) => {
    const state = current(params.uri);
    return state ? solveAt(state.parsed, cache, params.line, settings.hideSolutions && !params.reveal) : { puzzle: null };
  });

  onCustomRequest(connection, ValidateRequest, (params): ValidateResponse => {
    const state = current(params.uri);
    return state ? validateAt(state.parsed, cache, params.line) : { message: null, severity: 'information' };
  });

  documents.listen(connection);
  connection.listen();
}
