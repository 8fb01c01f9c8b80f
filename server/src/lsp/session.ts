/**
 * What the server knows between messages: the open documents and their parses, the analysis cache,
 * each puzzle's last diagnostics, the ratings and UA services, the view, the settings and what the
 * client can do. The passes (quick, opening, full) and their publishing run here; the handlers
 * (lsp/handlers/) read the session and never keep state of their own.
 */
import { CodeLensRefreshRequest, type Connection, type Diagnostic, type InitializeParams, TextDocuments } from 'vscode-languageserver';
import { AnalysisCache } from './services/analysisCache';
import type { RewriteSource } from './requests/collection';
import { type PassResult, type Sources, diagnosticsOf, fullDiagnostics, openingDiagnostics, quickDiagnostics, slicedQuickDiagnostics } from './services/diagnostics';
import { DiagnosticsMemo } from './services/diagnosticsMemo';
import { LineDocument } from './documents/lineDocument';
import { type DocumentStatus, StatusNotification } from '../protocol';
import { PuzzleDocument } from './documents/puzzleDocument';
import type { RatingWorkers } from '../jobs/workers';
import { RatingService } from './services/ratings';
import { SemanticTokensProvider } from './features/semanticTokens';
import { DEFAULT_SETTINGS, type Settings, changesDiagnostics, extrasShown, readSettings } from './services/settings';
import { UAService } from './services/uaService';
import { Viewports } from './services/view';

/** Arrivals of results within this window are answered with one refresh. */
const RESULTS_BATCH_MS = 300;

export interface DocState {
  parsed: PuzzleDocument;
  diagnostics: Diagnostic[];
  resultId: number;
  /** The last pass: the next one starts from it. */
  last?: PassResult;
  /** Pending quick pass (debounced typing). */
  timer?: ReturnType<typeof setTimeout>;
  /** The running sliced pass (opening or full), cancelled by setting its flag; the memo's mark when it began. */
  full?: { isCancellationRequested: boolean; mark: number };
  /** The running quick pass for new results (sliced); `again`: more results came meanwhile. */
  results?: { isCancellationRequested: boolean; again: boolean };
}

/** An open document as a handler reads it: its lines as the editor sent them and its current parse. */
export interface OpenDocument {
  lines: LineDocument;
  state: DocState;
}

/** What the client said it can do in `initialize`. */
interface ClientAbilities {
  /** Pulls diagnostics (VS Code) rather than taking pushes (Neovim 0.7). */
  pull: boolean;
  configuration: boolean;
  inlayRefresh: boolean;
  lensRefresh: boolean;
}

export class Session {
  // Open documents as lines, updated from each change (see LineDocument).
  readonly documents = new TextDocuments<LineDocument>({
    create: (uri, languageId, version, content) => new LineDocument(uri, languageId, version, content),
    update: (doc, changes, version) => doc.update(changes, version),
  });
  private readonly states = new Map<string, DocState>();
  settings: Settings = DEFAULT_SETTINGS;
  client: ClientAbilities = { pull: false, configuration: false, inlayRefresh: false, lensRefresh: false };
  // Each puzzle's diagnostics, kept by the quick pass until a result for its text arrives.
  private readonly memo = new DiagnosticsMemo();
  readonly cache = new AnalysisCache({ nodeBudget: this.settings.nodeBudget, defaultVariant: this.settings.defaultVariant }, undefined, (text) => this.memo.changed(text));
  readonly ratings: RatingService;
  readonly ua: UAService;
  readonly views = new Viewports(() => this.refreshLenses());
  readonly tokens = new SemanticTokensProvider();
  private resultIds = 0;
  private resultsTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly connection: Connection,
    workers: RatingWorkers,
  ) {
    this.ratings = new RatingService(
      workers,
      this.settings.ratingBudgetMs,
      this.settings.blissLockedCandidates,
      (text, kind) => {
        if (kind === 'rate' || extrasShown(this.settings, text)) this.refreshResults([text]);
      },
      (message) => connection.tracer.log(message),
    );
    this.ua = new UAService(this.ratings, this.settings.uaBudgetMs, (texts) => this.refreshResults(texts));
  }

  /** Takes the client's capabilities from `initialize`. */
  initialize(params: InitializeParams): void {
    const caps = params.capabilities;
    this.client = {
      pull: !!caps.textDocument?.diagnostic,
      configuration: !!caps.workspace?.configuration,
      inlayRefresh: !!caps.workspace?.inlayHint?.refreshSupport,
      lensRefresh: !!caps.workspace?.codeLens?.refreshSupport,
    };
  }

  /** What the passes read. */
  sources(): Sources {
    return { cache: this.cache, ratings: this.ratings, ua: this.ua, whipPath: this.settings.whipPath, bugSeverity: this.settings.bugSeverity, memo: this.memo };
  }

  refreshLenses(): void {
    if (this.client.lensRefresh) this.connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined); // the client re-asks on its next edit anyway
  }

  refreshInlayHints(): void {
    if (this.client.inlayRefresh) void this.connection.languages.inlayHint.refresh();
  }

  /**
   * New ratings change inlay hints and may add BUG / rating-mismatch diagnostics (UA results:
   * redundant clues, unhit UA sets): refresh both, batched.
   */
  private refreshResults(texts: readonly string[]): void {
    for (const text of texts) this.memo.changed(text);
    if (this.resultsTimer) return;
    this.resultsTimer = setTimeout(() => {
      this.resultsTimer = undefined;
      this.refreshInlayHints();
      for (const uri of this.states.keys()) void this.resultsPass(uri);
    }, RESULTS_BATCH_MS);
  }

  /**
   * The quick pass for new results, in time slices (requests are answered between them), one at a
   * time a document. Its result is published only if no other pass was meanwhile and the text is
   * the same; if not, or if more results came, it starts over from what is there now.
   */
  private async resultsPass(uri: string): Promise<void> {
    const state = this.current(uri);
    if (!state) return;
    if (state.results) {
      state.results.again = true;
      return;
    }
    const run = { isCancellationRequested: false, again: false };
    state.results = run;
    const previous = state.last;
    const result = await slicedQuickDiagnostics(state.parsed, this.sources(), run, previous);
    state.results = undefined;
    if (!result || this.states.get(uri) !== state) return;
    if (state.last === previous && this.documents.get(uri)?.version === result.doc.version) this.publish(state, result);
    else run.again = true;
    if (run.again) void this.resultsPass(uri);
  }

  /** The document's parse for its current version (parsed now if typing got ahead of it). */
  current(uri: string): DocState | undefined {
    return this.open(uri)?.state;
  }

  /** The open document with its parse for its current version, or undefined when it is not open. */
  open(uri: string): OpenDocument | undefined {
    const lines = this.documents.get(uri);
    if (!lines) return undefined;
    const state = this.states.get(uri);
    if (state && state.parsed.version === lines.version) return { lines, state };
    const snapshot = lines.snapshot();
    const parsed = state ? state.parsed.update(lines.version, snapshot) : PuzzleDocument.parse(uri, lines.version, snapshot.lines);
    if (!state) {
      const fresh: DocState = { parsed, diagnostics: [], resultId: 0 };
      this.states.set(uri, fresh);
      return { lines, state: fresh };
    }
    state.parsed = parsed; // keep the same object: running passes hold on to it
    return { lines, state };
  }

  /** What a rewrite reads of an open document. */
  rewriteSource({ lines, state }: OpenDocument): RewriteSource {
    return { doc: state.parsed, version: () => this.documents.get(lines.uri)?.version, lineBreak: lines.lineBreak };
  }

  /** Keeps a pass's result for the next pass to start from, and publishes it unless it changed nothing. */
  private publish(state: DocState, result: PassResult): void {
    const unchanged = result.updated === 0 && state.last?.doc.version === result.doc.version;
    state.last = result;
    // The log is kept from the oldest mark a pass may still start from: a last pass's, a running full pass's.
    const marks = [...this.states.values()].flatMap((s) => [s.last?.mark ?? Number.MAX_SAFE_INTEGER, s.full?.mark ?? Number.MAX_SAFE_INTEGER]);
    this.memo.forget(Math.min(...marks));
    if (unchanged) return;
    const { doc, withErrors, withWarnings } = result;
    const diagnostics = diagnosticsOf(result);
    void this.connection.sendNotification(StatusNotification, { uri: doc.uri, puzzles: doc.puzzleCount, withErrors, withWarnings } satisfies DocumentStatus);
    state.diagnostics = diagnostics;
    state.resultId = ++this.resultIds;
    if (this.client.pull) void this.connection.languages.diagnostics.refresh();
    else void this.connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  }

  /** After typing, or when results arrive: what changed since the last pass (the memo forgot the puzzles of texts with results). */
  quickPass(uri: string): void {
    const state = this.current(uri);
    if (state) this.publish(state, quickDiagnostics(state.parsed, this.sources(), state.last));
  }

  /** A second didOpen without a didClose replaces the document: its new lines are no edit of the old ones. */
  async opened(uri: string): Promise<void> {
    this.forget(uri);
    // Both passes in slices: the lenses and inlay hints asked for right behind the document come first.
    await this.fullPass(uri, openingDiagnostics);
    void this.fullPass(uri);
  }

  closed(uri: string): void {
    this.forget(uri);
    this.views.close(uri);
    if (!this.client.pull) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** Typing: a quick pass once the user pauses (sudokuLens.diagnostics.syntaxDelayMs). */
  changed(uri: string, version: number): void {
    const state = this.states.get(uri);
    // The open handler's passes cover the first version (this event follows didOpen too): a quick
    // pass timed from the open could run, whole, before the requests queued behind the document.
    if (!state || state.parsed.version === version) return;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => this.quickPass(uri), this.settings.syntaxDelayMs);
  }

  /**
   * Solver diagnostics for every puzzle (or, `pass` openingDiagnostics, what a quick pass finds), in
   * time slices; restarts as a full pass on the newest version if the text changes meanwhile.
   */
  async fullPass(uri: string, pass = fullDiagnostics): Promise<void> {
    const state = this.current(uri);
    if (!state) return;
    if (state.full) state.full.isCancellationRequested = true;
    const token = { isCancellationRequested: false, mark: this.memo.mark() };
    state.full = token;
    const version = state.parsed.version;
    const result = await pass(state.parsed, this.sources(), token);
    if (state.full === token) state.full = undefined;
    // Closed or replaced by another didOpen meanwhile: the result is of a text that is gone.
    if (!result || this.states.get(uri) !== state) return;
    if (this.documents.get(uri)?.version === version) this.publish(state, result);
    else void this.fullPass(uri);
  }

  /** Stops the document's passes and drops what was computed for its text. */
  private forget(uri: string): void {
    const state = this.states.get(uri);
    if (state) {
      clearTimeout(state.timer);
      if (state.full) state.full.isCancellationRequested = true;
      if (state.results) state.results.isCancellationRequested = true;
    }
    this.states.delete(uri);
    this.ua.close(uri);
    this.tokens.close(uri);
  }

  /**
   * Reads the client's settings (after `initialized`, and on each change). The caches drop only what
   * the changed settings invalidate; diagnostics they change are computed again by full passes, the
   * old ones shown meanwhile: settings equal to the defaults, as most clients send them first, change nothing.
   */
  async loadSettings(): Promise<void> {
    if (!this.client.configuration) return;
    const previous = this.settings;
    const settings = readSettings(await this.connection.workspace.getConfiguration('sudokuLens'));
    this.settings = settings;
    this.cache.configure({ nodeBudget: settings.nodeBudget, defaultVariant: settings.defaultVariant });
    this.ratings.configure(settings.ratingBudgetMs, settings.blissLockedCandidates);
    this.ua.configure(settings.uaBudgetMs);
    if (!changesDiagnostics(previous, settings)) return;
    this.memo.clear();
    for (const uri of this.states.keys()) void this.fullPass(uri);
  }
}
