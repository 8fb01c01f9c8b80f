/** What the Collection statistics panel (panel.ts) and its page (webview/main.ts) say to each other. JSON only. */
import type { Chart } from './charts';

/** Extension → page: the charts of one document. */
export type ToStatsPage = { type: 'charts'; file: string; puzzles: number; charts: Chart[] };

/** Page → extension: a new (or reloaded) page asks for the charts; a clicked bar asks for its puzzles. */
export type FromStatsPage = { type: 'ready' } | { type: 'open'; key: string };
