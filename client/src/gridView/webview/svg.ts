/**
 * The grid's SVG, built once: cells (the ARIA grid), marks behind the digits, grid lines, digits
 * and an overlay; and the arrows of a step's links.
 */
import { cellName, colOf, rowOf } from '../../../../server/src/engine/core/grid';
import type { GridPuzzle } from '../messages';

const NS = 'http://www.w3.org/2000/svg';
/** Cell size in SVG units; candidate digits sit on a 3×3 lattice inside it. */
export const S = 60;
const LATTICE = [13, 30, 47];

type Link = GridPuzzle['steps'][number]['links'][number];

/** A new SVG element `name` with `attrs`, appended to `parent` when given. */
export function svg(name: string, attrs: Record<string, string | number> = {}, parent?: Element): SVGElement {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.appendChild(node);
  return node;
}

/** Centre of candidate `digit` of `cell`, in SVG units. */
export const candXY = (cell: number, digit: number): [number, number] => [colOf(cell) * S + LATTICE[(digit - 1) % 3], rowOf(cell) * S + LATTICE[Math.floor((digit - 1) / 3)]];

export interface GridNodes {
  cellLayer: SVGElement;
  markLayer: SVGElement;
  overLayer: SVGElement;
  /** Per cell: its ARIA gridcell, background, value digit, and candidate digits 1..9. */
  cells: SVGElement[];
  bgs: SVGElement[];
  values: SVGElement[];
  cands: SVGElement[][];
}

function arrowheads(root: Element): void {
  const defs = svg('defs', {}, root);
  for (const kind of ['strong', 'weak']) {
    const marker = svg('marker', { id: `arrow-${kind}`, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, defs);
    svg('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrowhead ${kind}` }, marker);
  }
}

export function buildGrid(root: Element): GridNodes {
  root.setAttribute('viewBox', `-4 -4 ${9 * S + 8} ${9 * S + 8}`);
  arrowheads(root);
  const cellLayer = svg('g', { class: 'cells' }, root);
  const markLayer = svg('g', { class: 'marks', 'aria-hidden': 'true' }, root);
  const lineLayer = svg('g', { class: 'lines', 'aria-hidden': 'true' }, root);
  const textLayer = svg('g', { class: 'digits', 'aria-hidden': 'true' }, root);
  const overLayer = svg('g', { class: 'overlay', 'aria-hidden': 'true' }, root);
  const nodes: GridNodes = { cellLayer, markLayer, overLayer, cells: [], bgs: [], values: [], cands: [] };
  for (let r = 0; r < 9; r++) {
    const row = svg('g', { role: 'row' }, cellLayer);
    for (let k = 0; k < 9; k++) {
      const c = r * 9 + k;
      const cell = svg('g', { role: 'gridcell', class: 'cell', 'aria-label': cellName(c), 'data-cell': c, tabindex: -1 }, row);
      nodes.bgs.push(svg('rect', { class: 'bg', x: k * S, y: r * S, width: S, height: S }, cell));
      nodes.cells.push(cell);
      nodes.values.push(svg('text', { class: 'value', x: k * S + S / 2, y: r * S + S / 2 + 1 }, textLayer));
      const cands: SVGElement[] = [];
      for (let d = 1; d <= 9; d++) {
        const [x, y] = candXY(c, d);
        cands.push(svg('text', { class: 'cand', x, y: y + 0.5 }, textLayer));
      }
      nodes.cands.push(cands);
    }
  }
  for (let i = 0; i <= 9; i++) {
    const thick = i % 3 === 0 ? ' thick' : '';
    svg('line', { class: `gridline${thick}`, x1: 0, y1: i * S, x2: 9 * S, y2: i * S }, lineLayer);
    svg('line', { class: `gridline${thick}`, x1: i * S, y1: 0, x2: i * S, y2: 9 * S }, lineLayer);
  }
  // Thick lines last, so they cover the thin ones where they meet.
  for (const line of [...lineLayer.querySelectorAll('.thick')]) lineLayer.appendChild(line);
  return nodes;
}

/** A slightly bent arrow from one candidate to another, stopping short of both digits. */
export function arrow(link: Link, layer: Element): void {
  const [x1, y1] = candXY(link.from.cell, link.from.digit);
  const [x2, y2] = candXY(link.to.cell, link.to.digit);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  const bend = Math.min(30, Math.max(8, len * 0.15));
  const cx = (x1 + x2) / 2 - (dy / len) * bend;
  const cy = (y1 + y2) / 2 + (dx / len) * bend;
  const towards = (x: number, y: number, tx: number, ty: number, r: number): [number, number] => {
    const l = Math.hypot(tx - x, ty - y) || 1;
    return [x + ((tx - x) / l) * r, y + ((ty - y) / l) * r];
  };
  const [sx, sy] = towards(x1, y1, cx, cy, 8);
  const [ex, ey] = towards(x2, y2, cx, cy, 9);
  const kind = link.strong ? 'strong' : 'weak';
  const d = `M${sx.toFixed(1)},${sy.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`;
  svg('path', { class: `link ${kind}`, d, 'marker-end': `url(#arrow-${kind})` }, layer);
}
