/**
 * The Collection statistics panel's data, prepared without the DOM (unit-tested): the charts the
 * page draws from the server's answer (bars sized against their chart's largest), what a bar stands
 * for in words, and the side document listing a bar's puzzles, each row ending in its `# line N`
 * (sideLinks.ts links it back).
 */
import { type Bar, type BarKind, type CollectionStatsResponse, OUTCOMES, OUTCOME_TEXT, barKey, plural } from '../../../server/src/protocol';
import { lineReference } from '../../../server/src/ratingList';

export interface ChartBar {
  /** barKey: what the page sends back when the bar is clicked. */
  key: string;
  puzzles: number;
  /** Its length: puzzles over the chart's largest bar (0..1). */
  share: number;
}

/** One row of a chart: a label and a bar per series (a histogram has one, techniques two). */
export interface ChartRow {
  label: string;
  bars: ChartBar[];
}

export interface Chart {
  title: string;
  /** The series' names, for the legend (one series: none). */
  series: string[];
  note: string | null;
  rows: ChartRow[];
}

const KIND_NAMES: Record<BarKind, string> = { er: 'ER', ep: 'EP', ed: 'ED', w: 'W', clues: 'clues', uses: 'using', hardest: 'hardest step', outcome: '' };

/** What a bar stands for: `ER 9.0`, `W5`, `24 clues`, `using XY-Wing`, `XY-Wing the hardest step`, `several solutions`. */
export function describeBar(bar: Bar): string {
  switch (bar.kind) {
    case 'w':
      return `W${bar.value}`;
    case 'clues':
      return plural(Number(bar.value), 'clue');
    case 'uses':
      return `using ${bar.value}`;
    case 'hardest':
      return `${bar.value} the hardest step`;
    case 'outcome':
      return OUTCOME_TEXT[bar.value as keyof typeof OUTCOME_TEXT] ?? bar.value;
    default:
      return `${KIND_NAMES[bar.kind]} ${bar.value}`;
  }
}

/** The bar a key names (barKey's inverse); null for a key of no bar. */
export function parseBarKey(key: string): Bar | null {
  const at = key.indexOf(':');
  const kind = key.slice(0, at) as BarKind;
  return at > 0 && Object.hasOwn(KIND_NAMES, kind) ? { kind, value: key.slice(at + 1) } : null;
}

/** Rows of single bars, each sized against the largest. */
function single(kind: BarKind, bins: readonly { value: string; puzzles: number }[], label: (value: string) => string): ChartRow[] {
  const most = Math.max(1, ...bins.map((b) => b.puzzles));
  return bins.map((b) => ({ label: label(b.value), bars: [{ key: barKey({ kind, value: b.value }), puzzles: b.puzzles, share: b.puzzles / most }] }));
}

/** The charts of the answer: ER, W (when some puzzle has one), techniques (using / hardest), clues, what became of the puzzles. */
export function statsCharts({ stats }: CollectionStatsResponse): Chart[] {
  const charts: Chart[] = [];
  const rated = stats.outcomes.rated;
  charts.push({
    title: 'ER (Sudoku Explainer)',
    series: [],
    note: rated === stats.puzzles ? null : `${plural(rated, 'puzzle')} rated of ${stats.puzzles.toLocaleString('en-US')}`,
    rows: single('er', stats.histograms.er, (v) => v),
  });
  const withW = stats.histograms.w.reduce((n, b) => n + b.puzzles, 0);
  if (withW + stats.wWithout > 0) {
    const without = stats.wWithout > 0 ? `; ${stats.wWithout} without a W (not solvable with whips up to length 20, or over budget)` : '';
    charts.push({ title: 'W (whips)', series: [], note: `W of the ${plural(withW + stats.wWithout, 'puzzle')} whose W is computed${without}`, rows: single('w', stats.histograms.w, (v) => `W${v}`) });
  }
  const most = Math.max(1, ...stats.techniques.map((t) => t.puzzles));
  charts.push({
    title: 'Techniques',
    series: ['puzzles using it', 'puzzles where it is the hardest step'],
    note: null,
    rows: stats.techniques.map((t) => ({
      label: t.technique,
      bars: [
        { key: barKey({ kind: 'uses', value: t.technique }), puzzles: t.puzzles, share: t.puzzles / most },
        { key: barKey({ kind: 'hardest', value: t.technique }), puzzles: t.hardest, share: t.hardest / most },
      ],
    })),
  });
  charts.push({ title: 'Clues', series: [], note: null, rows: single('clues', stats.histograms.clues, (v) => v) });
  const outcomes = OUTCOMES.filter((o) => stats.outcomes[o] > 0).map((o) => ({ value: o, puzzles: stats.outcomes[o] }));
  charts.push({ title: 'Puzzles', series: [], note: null, rows: single('outcome', outcomes, (o) => OUTCOME_TEXT[o as keyof typeof OUTCOME_TEXT]) });
  return charts;
}

/**
 * The side document of a bar's puzzles: a header naming the file and the bar, then each puzzle's
 * first line as the file has it, ending in `# line N` (1-based).
 */
export function barDocument(file: string, key: string, lines: readonly number[], lineText: (line: number) => string): string {
  const bar = parseBarKey(key);
  const what = bar ? describeBar(bar) : key;
  const header = `# Puzzles of ${file}: ${what} (${plural(lines.length, 'puzzle')}; Collection statistics)`;
  return `${[header, ...lines.map((l) => `${lineText(l).trimEnd()} ${lineReference(l)}`)].join('\n')}\n`;
}
