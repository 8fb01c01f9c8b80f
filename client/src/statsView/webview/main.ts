/**
 * The Collection statistics page (panel.ts makes it; esbuild bundles this to dist/webview/stats.js):
 * each chart a table of rows, label | bars | counts, the bars SVG rectangles in the theme's colours
 * (client/media/stats.css). A bar is a button: clicking it asks the panel for its puzzles.
 */
import { svg } from '../../gridView/webview/svg';
import type { Chart, ChartBar } from '../charts';
import type { FromStatsPage, ToStatsPage } from '../messages';

declare function acquireVsCodeApi(): { postMessage(message: FromStatsPage): void };

const vscode = acquireVsCodeApi();
const title = document.getElementById('title') as HTMLElement;
const charts = document.getElementById('charts') as HTMLElement;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: Element, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  parent.appendChild(node);
  return node;
}

/** One bar: a button holding its rectangle and its count; series k gets colour k. */
function bar(b: ChartBar, series: number, label: string, seriesName: string | undefined, parent: Element): void {
  const button = element('button', `bar series-${series}`, parent);
  button.type = 'button';
  button.dataset.key = b.key;
  button.disabled = b.puzzles === 0;
  button.title = `${label}${seriesName ? `: ${seriesName}` : ''}: ${b.puzzles.toLocaleString('en-US')} puzzles (click to list them)`;
  const picture = svg('svg', { class: 'bar-picture', viewBox: '0 0 100 10', preserveAspectRatio: 'none', 'aria-hidden': 'true' }, button);
  svg('rect', { x: 0, y: 0, height: 10, width: Math.max(b.puzzles > 0 ? 0.5 : 0, 100 * b.share) }, picture);
  element('span', 'count', button, b.puzzles.toLocaleString('en-US'));
}

function drawChart(chart: Chart): void {
  const section = element('section', 'chart', charts);
  element('h2', 'chart-title', section, chart.title);
  if (chart.note) element('p', 'note', section, chart.note);
  if (chart.series.length > 1) {
    const legend = element('ul', 'legend', section);
    chart.series.forEach((name, k) => element('li', `series-${k}`, legend, name));
  }
  if (chart.rows.length === 0) element('p', 'note', section, 'none');
  const rows = element('div', 'rows', section);
  for (const row of chart.rows) {
    element('span', 'label', rows, row.label);
    const bars = element('div', 'bars', rows);
    row.bars.forEach((b, k) => bar(b, k, row.label, chart.series[k], bars));
  }
}

window.addEventListener('message', (event: MessageEvent<ToStatsPage>) => {
  const message = event.data;
  if (message.type !== 'charts') return;
  title.textContent = `${message.file}: ${message.puzzles.toLocaleString('en-US')} puzzles`;
  charts.replaceChildren();
  for (const chart of message.charts) drawChart(chart);
});

charts.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button.bar');
  if (button?.dataset.key) vscode.postMessage({ type: 'open', key: button.dataset.key });
});

vscode.postMessage({ type: 'ready' });
