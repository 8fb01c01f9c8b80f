/**
 * *Collection statistics*: the server counts the active document's puzzles (CollectionStatsRequest,
 * behind a cancellable progress notification), and a webview panel beside it draws the charts
 * (webview/main.ts, bundled to dist/webview/stats.js, styled by client/media/stats.css). Clicking
 * a bar lists its puzzles in a side document whose `# line N` rows link back to them.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { COMMANDS, type CollectionStatsParams, CollectionStatsRequest, type CollectionStatsResponse, fileName } from '../../../server/src/protocol';
import { activeSudoku } from '../collection';
import { withServerProgress } from '../serverProgress';
import { sideDocuments } from '../sideDocuments';
import { webviewPage } from '../webviewPage';
import { barDocument, describeBar, parseBarKey, statsCharts } from './charts';
import type { FromStatsPage, ToStatsPage } from './messages';

const VIEW_TYPE = 'sudokuLens.collectionStatistics';
const TITLE = 'Collection statistics';

/** The page: `media` holds stats.css, `script` the page's bundle (stats.js). */
function html(webview: vscode.Webview, media: vscode.Uri, script: vscode.Uri): string {
  return webviewPage(webview, {
    title: TITLE,
    media,
    style: 'stats.css',
    script: vscode.Uri.joinPath(script, 'stats.js'),
    body: `<main>
  <h1 id="title" class="title">Loading…</h1>
  <p class="hint">Click a bar to list its puzzles.</p>
  <div id="charts"></div>
</main>`,
  });
}

/** One panel, showing the statistics of the document it was last run on. */
class StatsPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private shown: { doc: vscode.TextDocument; answer: CollectionStatsResponse; message: ToStatsPage } | undefined;

  constructor(
    private readonly client: BaseLanguageClient,
    private readonly context: vscode.ExtensionContext,
  ) {}

  async run(): Promise<void> {
    const doc = activeSudoku()?.document;
    if (!doc) return;
    const params: CollectionStatsParams = { uri: doc.uri.toString() };
    let answer: CollectionStatsResponse | undefined;
    try {
      answer = await withServerProgress<CollectionStatsResponse>(this.client, 'Collection statistics: rating puzzles', CollectionStatsRequest, params);
    } catch (err) {
      void vscode.window.showErrorMessage(`${TITLE} failed: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (!answer) return; // cancelled
    const file = fileName(params.uri);
    this.shown = { doc, answer, message: { type: 'charts', file, puzzles: answer.stats.puzzles, charts: statsCharts(answer) } };
    this.show(file);
  }

  private show(file: string): void {
    if (!this.panel) {
      const media = vscode.Uri.joinPath(this.context.extensionUri, 'client', 'media');
      const script = vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview');
      this.panel = vscode.window.createWebviewPanel(VIEW_TYPE, TITLE, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        enableScripts: true,
        localResourceRoots: [media, script],
      });
      this.panel.webview.html = html(this.panel.webview, media, script);
      this.panel.webview.onDidReceiveMessage((message: FromStatsPage) => this.receive(message));
      this.panel.onDidDispose(() => (this.panel = undefined));
    } else this.panel.reveal(this.panel.viewColumn, true);
    this.panel.title = `${TITLE}: ${file}`;
    if (this.shown) void this.panel.webview.postMessage(this.shown.message);
  }

  private receive(message: FromStatsPage): void {
    if (!this.shown) return;
    // A new (or reloaded, after being hidden) page: give it the charts.
    if (message.type === 'ready') void this.panel?.webview.postMessage(this.shown.message);
    else void this.open(message.key);
  }

  /** A bar's puzzles as a side document, each row linking back to its line (as the document was counted). */
  private async open(key: string): Promise<void> {
    if (!this.shown) return;
    const { doc, answer } = this.shown;
    const lines = answer.lines[key] ?? [];
    const bar = parseBarKey(key);
    if (!bar || lines.length === 0) return;
    const source = doc.uri.toString();
    const text = barDocument(fileName(source), key, lines, (line) => (line < doc.lineCount ? doc.lineAt(line).text : ''));
    await sideDocuments.show(source, `stats ${describeBar(bar)}`, text);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

export function registerStatsView(client: BaseLanguageClient, context: vscode.ExtensionContext): vscode.Disposable {
  const panel = new StatsPanel(client, context);
  return vscode.Disposable.from(panel, vscode.commands.registerCommand(COMMANDS.collectionStatistics.id, () => panel.run()));
}
