/**
 * The grid view: a webview panel beside the editor that draws the puzzle under the cursor and
 * steps through its solving path. The server builds the picture's data (sudokuLens/grid); the
 * page (webview/main.ts, bundled to dist/webview/grid.js, styled by client/media/grid.css) draws
 * it and applies the steps. One panel, following the cursor of whichever Sudoku document is being
 * edited.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { COMMANDS, GridRequest, type GridResponse, type PuzzleAt, fileName } from '../../../server/src/protocol';
import { isAnalysed } from '../documents';
import { lensOrCursor } from '../target';
import { webviewPage } from '../webviewPage';
import type { FromWebview, ToWebview } from './messages';

const VIEW_TYPE = 'sudokuLens.grid';
/** Cursor moves and typing settle this long before the panel asks the server again. */
const FOLLOW_DELAY_MS = 150;
/** While a rating is still running the server answers without steps: ask again after this long. */
const RETRY_MS = 1_000;

const isSudokuEditor = (editor: vscode.TextEditor | undefined): editor is vscode.TextEditor => !!editor && isAnalysed(editor.document);

/** The lens's puzzle, else the cursor's line in a Sudoku editor (open() warns without one). */
const target = (uri?: string, line?: number): PuzzleAt | undefined =>
  lensOrCursor(uri, line, () => {
    const editor = vscode.window.activeTextEditor;
    return isSudokuEditor(editor) ? editor : undefined;
  });

class GridView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  /** Where the panel looks: the document and line it follows. */
  private at: PuzzleAt | undefined;
  /** The last message sent, sent again when the webview reloads (it is not kept while hidden). */
  private last: ToWebview | undefined;
  private lastJson = '';
  private shownKey = '';
  private request = 0;
  private followTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly client: BaseLanguageClient,
    private readonly context: vscode.ExtensionContext,
  ) {
    this.subscriptions.push(
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (!this.panel || !isSudokuEditor(e.textEditor)) return;
        const line = e.selections[0]?.active.line ?? 0;
        this.follow({ uri: e.textEditor.document.uri.toString(), line });
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (!this.panel || !isSudokuEditor(editor)) return;
        this.follow({ uri: editor.document.uri.toString(), line: editor.selection.active.line });
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (!this.panel || !this.at || e.contentChanges.length === 0 || e.document.uri.toString() !== this.at.uri) return;
        const editor = vscode.window.activeTextEditor;
        const line = editor && editor.document === e.document ? editor.selection.active.line : this.at.line;
        this.follow({ uri: this.at.uri, line });
      }),
    );
  }

  /** The command: opens (or reveals) the panel on a puzzle. */
  async open(uri?: string, line?: number): Promise<void> {
    const at = target(uri, line);
    if (!at) {
      void vscode.window.showWarningMessage('Put the cursor on a puzzle in a Sudoku file to open it in the grid view.');
      return;
    }
    if (this.panel) this.panel.reveal(this.panel.viewColumn ?? vscode.ViewColumn.Beside, true);
    else this.createPanel();
    await this.update(at, false);
  }

  private createPanel(): void {
    const media = vscode.Uri.joinPath(this.context.extensionUri, 'client', 'media');
    const script = vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview');
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      'Sudoku grid',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: [media, script] },
    );
    panel.webview.html = html(panel.webview, media, script);
    panel.webview.onDidReceiveMessage((message: FromWebview) => this.receive(message), undefined, this.subscriptions);
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.at = undefined;
      this.last = undefined;
      this.lastJson = '';
      this.shownKey = '';
      this.request++;
      clearTimeout(this.followTimer);
      clearTimeout(this.retryTimer);
    });
    this.panel = panel;
  }

  private receive(message: FromWebview): void {
    // A new (or reloaded, after being hidden) webview: give it what it showed.
    if (message.type === 'ready' && this.last) void this.panel?.webview.postMessage(this.last);
  }

  /** Debounced: cursor moves and keystrokes come in bursts. */
  private follow(at: PuzzleAt): void {
    clearTimeout(this.followTimer);
    this.followTimer = setTimeout(() => void this.update(at, true), FOLLOW_DELAY_MS);
  }

  private async update(at: PuzzleAt, reveal: boolean): Promise<void> {
    clearTimeout(this.retryTimer);
    const mine = ++this.request;
    let answer: GridResponse;
    try {
      answer = await this.client.sendRequest<GridResponse>(GridRequest, at);
    } catch (err) {
      if (mine === this.request) this.post({ type: 'empty', message: `The grid could not be read: ${err instanceof Error ? err.message : String(err)}` });
      return;
    }
    if (mine !== this.request || !this.panel) return; // a newer request or a closed panel
    const { puzzle } = answer;
    if (!puzzle) {
      // Between puzzles (a comment, a blank line): keep showing the last one.
      if (!this.last) this.post({ type: 'empty', message: `No puzzle on line ${at.line + 1} of ${fileName(at.uri)}.` });
      return;
    }
    this.at = { uri: at.uri, line: puzzle.line };
    const key = `${at.uri}#${puzzle.line}#${puzzle.text ?? ''}`;
    this.panel.title = `Grid: ${fileName(at.uri)} line ${puzzle.line + 1}`;
    // Brought back for a new puzzle, unless it shares the editor's group: it would cover the editor being followed.
    const sameGroup = vscode.window.activeTextEditor?.viewColumn === this.panel.viewColumn;
    if (reveal && key !== this.shownKey && !this.panel.visible && !sameGroup) this.panel.reveal(this.panel.viewColumn, true);
    this.shownKey = key;
    this.post({ type: 'puzzle', key, file: fileName(at.uri), puzzle });
    // The rating was still running: its steps come with a later answer.
    if (puzzle.status === 'unique' && puzzle.rating === null && puzzle.steps.length === 0) {
      this.retryTimer = setTimeout(() => {
        if (this.at && mine === this.request) void this.update(this.at, false);
      }, RETRY_MS);
    }
  }

  private post(message: ToWebview): void {
    const json = JSON.stringify(message);
    if (json === this.lastJson) return; // the same puzzle: keep the webview's step and selection
    this.last = message;
    this.lastJson = json;
    void this.panel?.webview.postMessage(message);
  }

  dispose(): void {
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The page: `media` holds grid.css, `script` the webview's bundle (grid.js). */
function html(webview: vscode.Webview, media: vscode.Uri, script: vscode.Uri): string {
  return webviewPage(webview, {
    title: 'Sudoku grid',
    media,
    style: 'grid.css',
    script: vscode.Uri.joinPath(script, 'grid.js'),
    images: true,
    body: `<main>
  <header>
    <h1 id="title" class="title">Loading…</h1>
    <p id="rating" class="rating"></p>
    <div class="nav" role="toolbar" aria-label="Solving path">
      <button id="back" type="button" aria-keyshortcuts="ArrowLeft" title="Previous step (←)"><span aria-hidden="true">◀</span> Back</button>
      <span id="counter" class="counter" aria-live="polite"></span>
      <button id="next" type="button" aria-keyshortcuts="ArrowRight" title="Next step (→)">Next <span aria-hidden="true">▶</span></button>
    </div>
    <p id="step" class="step" aria-live="polite"><span id="difficulty" class="difficulty"></span><span id="step-text" class="step-text"></span></p>
    <p id="message" class="message" role="status"></p>
  </header>
  <svg id="grid" class="grid" role="grid" aria-label="Sudoku grid" xmlns="http://www.w3.org/2000/svg"></svg>
  <p id="fate" class="fate" aria-live="polite"></p>
  <ul class="legend" aria-label="Legend">
    <li><span class="swatch swatch-place"></span>placement</li>
    <li><span class="swatch swatch-elim"></span>elimination</li>
    <li><span class="swatch swatch-pattern"></span>pattern</li>
    <li><span class="swatch swatch-house"></span>house</li>
    <li><span class="swatch swatch-strong"></span>strong link</li>
    <li><span class="swatch swatch-weak"></span>weak link</li>
  </ul>
</main>`,
  });
}

export function registerGridView(client: BaseLanguageClient, context: vscode.ExtensionContext): vscode.Disposable {
  const view = new GridView(client, context);
  return vscode.Disposable.from(
    view,
    vscode.commands.registerCommand(COMMANDS.grid.id, (uri?: string, line?: number) => view.open(uri, line)),
  );
}
