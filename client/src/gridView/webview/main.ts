/**
 * The grid view's page (panel.ts makes it; esbuild bundles this to dist/webview/grid.js): draws
 * the puzzle as an SVG grid and steps through its solving path, each step's placements and
 * eliminations applied to the shown state (path.ts). Messages: ToWebview in, FromWebview out.
 */
import { HOUSES, bit, cellName, colOf, rowOf } from '../../../../server/src/engine/core/grid';
import type { FromWebview, GridPuzzle, ToWebview } from '../messages';
import { type Shown, fatesOf, statesOf } from '../path';
import { S, arrow, buildGrid, candXY, svg } from './svg';

/** What the webview keeps while its panel is hidden (VS Code's webview state). */
interface Saved {
  key: string;
  pos: number;
  cell: number;
}
declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void; getState(): Saved | undefined; setState(state: Saved): void };

const vscode = acquireVsCodeApi();
const KIND: Record<GridPuzzle['kind'], string> = { 81: '81-char line', 729: '729-char pencilmark line', grid: '9-row grid' };
// Every status the server sends (the type makes a new one a compile error here).
const STATUS: Record<GridPuzzle['status'], string> = {
  unique: 'unique solution',
  none: 'no solution',
  multiple: 'at least 2 solutions',
  unknown: 'solution count unknown',
  invalid: 'invalid',
  unchecked: 'solutions not counted (variant)',
};

const $ = <T extends Element>(id: string): T => document.getElementById(id) as unknown as T;
const el = {
  title: $<HTMLElement>('title'),
  rating: $<HTMLElement>('rating'),
  back: $<HTMLButtonElement>('back'),
  next: $<HTMLButtonElement>('next'),
  counter: $<HTMLElement>('counter'),
  difficulty: $<HTMLElement>('difficulty'),
  stepText: $<HTMLElement>('step-text'),
  message: $<HTMLElement>('message'),
  fate: $<HTMLElement>('fate'),
};
const grid = buildGrid($<SVGSVGElement>('grid'));

// The shown puzzle and where we are on its path.
let current: { key: string; file: string; puzzle: GridPuzzle; states: Shown[] } | null = null;
/** 0: the start; k in 1..n: step k shown on the state before it; n + 1: the end. */
let pos = 0;
let selected = -1;

function load(message: Extract<ToWebview, { type: 'puzzle' }>): void {
  const { puzzle } = message;
  const saved = vscode.getState();
  const same = saved?.key === message.key;
  current = { key: message.key, file: message.file, puzzle, states: statesOf(puzzle) };
  pos = same ? Math.min(saved.pos || 0, lastPos()) : 0;
  selected = same && typeof saved.cell === 'number' ? saved.cell : -1;
  render();
}

function save(): void {
  if (current) vscode.setState({ key: current.key, pos, cell: selected });
}

const lastPos = (): number => (current?.puzzle.steps.length ? current.puzzle.steps.length + 1 : 0);

function go(to: number): void {
  if (!current) return;
  const clamped = Math.max(0, Math.min(lastPos(), to));
  if (clamped === pos) return;
  pos = clamped;
  save();
  render();
}

function select(cell: number, focus: boolean): void {
  selected = cell;
  save();
  render();
  if (focus && cell >= 0) grid.cells[cell].focus();
}

/** One tab stop in the grid (the selected cell, else r1c1); arrows move from there. */
function markSelection(): void {
  grid.cells.forEach((node, c) => {
    node.setAttribute('tabindex', c === selected || (selected < 0 && c === 0) ? '0' : '-1');
    node.setAttribute('aria-selected', c === selected ? 'true' : 'false');
  });
}

// Drawing: attributes and texts are written only when they change.

const clear = (node: Element): void => node.replaceChildren();

function setClass(node: Element, cls: string): void {
  if (node.getAttribute('class') !== cls) node.setAttribute('class', cls);
}

function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

const keyOf = (c: { cell: number; digit: number }): number => c.cell * 10 + c.digit;
const solvedAt = (state: Shown): boolean => state.values.every((v) => v > 0);

function render(): void {
  clear(grid.markLayer);
  clear(grid.overLayer);
  markSelection();
  if (current) renderPuzzle(current.file, current.puzzle, current.states);
  renderFate();
}

/** Header: where the puzzle is, what it is, and the step. */
function renderHeader(file: string, puzzle: GridPuzzle, state: Shown): void {
  const n = puzzle.steps.length;
  const step = pos >= 1 && pos <= n ? puzzle.steps[pos - 1] : null;
  el.title.textContent = `${file} · line ${puzzle.line + 1}`;
  const hidden = puzzle.solutionHidden ? 'solution hidden' : '';
  el.rating.textContent = [KIND[puzzle.kind], STATUS[puzzle.status], hidden, puzzle.rating].filter(Boolean).join(' · ');
  el.message.textContent = puzzle.message || '';
  el.message.hidden = !puzzle.message;
  el.back.disabled = pos <= 0;
  el.next.disabled = pos >= lastPos();
  if (n === 0) el.counter.textContent = 'no steps';
  else if (pos === 0) el.counter.textContent = `start · ${n} steps`;
  else if (step) el.counter.textContent = `step ${pos} / ${n}`;
  else el.counter.textContent = solvedAt(state) ? 'solved' : `end · ${n} steps`;
  el.difficulty.textContent = step ? step.difficulty.toFixed(1) : '';
  el.difficulty.hidden = !step;
  el.stepText.textContent = step ? step.text : pos === 0 && n > 0 ? 'Press Next ▶ (or →) to follow the solving path.' : '';
}

function renderPuzzle(file: string, puzzle: GridPuzzle, states: readonly Shown[]): void {
  const n = puzzle.steps.length;
  const step = pos >= 1 && pos <= n ? puzzle.steps[pos - 1] : null;
  const state = states[Math.min(Math.max(pos - 1, 0), n)];
  renderHeader(file, puzzle, state);
  // The step's pattern, as sets.
  const houseCells = new Set(step?.houses.flatMap((h) => HOUSES[h]));
  const patternCells = new Set(step?.cells);
  const placedCells = new Set(step?.placements.map((p) => p.cell));
  const places = new Set(step?.placements.map(keyOf));
  const elims = new Set(step?.eliminations.map(keyOf));
  const pattern = new Set(step?.candidates.map(keyOf));
  for (let c = 0; c < 81; c++) {
    let cls = 'bg';
    if (houseCells.has(c)) cls += ' house';
    if (patternCells.has(c)) cls += ' pattern';
    if (placedCells.has(c)) cls += ' placed';
    setClass(grid.bgs[c], cls);
    const value = state.values[c];
    setText(grid.values[c], value ? String(value) : '');
    setClass(grid.values[c], puzzle.givens[c] ? 'value given' : 'value solved');
    for (let d = 1; d <= 9; d++) {
      const node = grid.cands[c][d - 1];
      const present = !value && (state.cands[c] & bit(d)) !== 0;
      setText(node, present ? String(d) : '');
      const key = c * 10 + d;
      const role = !present ? '' : places.has(key) ? ' place' : elims.has(key) ? ' elim' : pattern.has(key) ? ' pat' : '';
      setClass(node, `cand${role}`);
      if (!role) continue;
      const [x, y] = candXY(c, d);
      svg('circle', { class: `mark${role}`, cx: x, cy: y, r: 8.5 }, grid.markLayer);
      if (role === ' elim') svg('line', { class: 'strike', x1: x - 7, y1: y + 7, x2: x + 7, y2: y - 7 }, grid.overLayer);
    }
  }
  for (const link of step?.links ?? []) arrow(link, grid.overLayer);
  if (selected >= 0) svg('rect', { class: 'selection', x: colOf(selected) * S + 2, y: rowOf(selected) * S + 2, width: S - 4, height: S - 4 }, grid.overLayer);
}

/** What happens to each candidate of the selected cell along the path. */
function renderFate(): void {
  clear(el.fate);
  if (!current || selected < 0) {
    el.fate.textContent = current ? 'Click a cell to see what the path does with its candidates.' : '';
    return;
  }
  const { puzzle, states } = current;
  const c = selected;
  const head = document.createElement('strong');
  head.textContent = `${cellName(c)}: `;
  el.fate.appendChild(head);
  const add = (text: string): void => void el.fate.appendChild(document.createTextNode(text));
  if (puzzle.givens[c]) return add(`given ${puzzle.givens[c]}.`);
  if (!states[0].cands[c]) return add('no candidates.');
  // Spoiler protection: only what the steps shown so far (the current one included) did.
  const seen = puzzle.solutionHidden ? Math.min(pos, puzzle.steps.length) : puzzle.steps.length;
  fatesOf(puzzle, states, c, seen).forEach((fate, i) => {
    if (i > 0) add(' · ');
    if (fate.step === null) return add(puzzle.solutionHidden ? `${fate.digit} still open` : `${fate.digit} never eliminated`);
    add(`${fate.digit} ${fate.placed ? 'placed' : 'eliminated'} by `);
    el.fate.appendChild(stepLink(puzzle, fate.step));
    if (fate.why) add(` (${fate.why})`);
  });
  if (puzzle.solution) add(`. Solution: ${puzzle.solution[c]}.`);
}

/** A button to step `k` (0-based), its text as the tooltip. */
function stepLink(puzzle: GridPuzzle, k: number): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'steplink';
  b.textContent = `step ${k + 1}`;
  b.title = puzzle.steps[k].text;
  b.addEventListener('click', () => go(k + 1));
  return b;
}

function showEmpty(message: string): void {
  current = null;
  selected = -1;
  el.title.textContent = 'Sudoku grid';
  el.rating.textContent = '';
  el.message.textContent = message;
  el.message.hidden = false;
  el.counter.textContent = '';
  el.difficulty.hidden = true;
  el.stepText.textContent = '';
  el.back.disabled = true;
  el.next.disabled = true;
  for (let c = 0; c < 81; c++) {
    setText(grid.values[c], '');
    setClass(grid.bgs[c], 'bg');
    for (const node of grid.cands[c]) setText(node, '');
  }
  render();
}

// Input.

const cellOf = (target: EventTarget | null): number => {
  const node = target instanceof Element ? target.closest('[data-cell]') : null;
  return node ? Number(node.getAttribute('data-cell')) : -1;
};

el.back.addEventListener('click', () => go(pos - 1));
el.next.addEventListener('click', () => go(pos + 1));
grid.cellLayer.addEventListener('click', (event) => {
  const cell = cellOf(event.target);
  if (cell >= 0) select(cell, true);
});
/** Up and down within a column, wrapping through the grid. */
const MOVE: Record<string, number> = { ArrowUp: -9, ArrowDown: 9 };
window.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const at = cellOf(event.target);
  let handled = true;
  if (at >= 0 && event.key in MOVE) select((at + MOVE[event.key] + 81) % 81, true);
  else if (at >= 0 && event.shiftKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
    select(rowOf(at) * 9 + ((colOf(at) + (event.key === 'ArrowLeft' ? 8 : 1)) % 9), true);
  } else if (at >= 0 && (event.key === 'Enter' || event.key === ' ')) select(at, true);
  else if (event.key === 'ArrowLeft' && !event.shiftKey) go(pos - 1);
  else if (event.key === 'ArrowRight' && !event.shiftKey) go(pos + 1);
  else if (event.key === 'Home') go(0);
  else if (event.key === 'End') go(lastPos());
  else handled = false;
  if (handled) event.preventDefault();
});

window.addEventListener('message', (event: MessageEvent<ToWebview | null>) => {
  const message = event.data;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'puzzle') load(message);
  else if (message.type === 'empty') showEmpty(String(message.message));
});

select(-1, false);
vscode.postMessage({ type: 'ready' });
