// The grid view's webview script (client/src/gridView.ts makes the page). Plain JS, no framework:
// draws the puzzle as an SVG grid and steps through its solving path, applying each step's
// placements and eliminations to the shown state. Messages: {type:'puzzle'|'empty'} in, {type:'ready'} out.
(function () {
  'use strict';

  // eslint-disable-next-line no-undef
  const vscode = acquireVsCodeApi();
  const NS = 'http://www.w3.org/2000/svg';
  /** Cell size in SVG units; candidate digits sit on a 3×3 lattice inside it. */
  const S = 60;
  const LATTICE = [13, 30, 47];
  const KIND = { 81: '81-char line', 729: '729-char pencilmark line', grid: '9-row grid' };
  const STATUS = {
    unique: 'unique solution',
    none: 'no solution',
    multiple: 'at least 2 solutions',
    unknown: 'solution count unknown',
    invalid: 'invalid',
  };

  const bit = (d) => 1 << (d - 1);
  const rowOf = (c) => Math.floor(c / 9);
  const colOf = (c) => c % 9;
  const boxOf = (c) => 3 * Math.floor(c / 27) + Math.floor(colOf(c) / 3);
  const cellName = (c) => `r${rowOf(c) + 1}c${colOf(c) + 1}`;
  const HOUSES = [];
  for (let i = 0; i < 9; i++) HOUSES.push([0, 1, 2, 3, 4, 5, 6, 7, 8].map((j) => i * 9 + j));
  for (let i = 0; i < 9; i++) HOUSES.push([0, 1, 2, 3, 4, 5, 6, 7, 8].map((j) => j * 9 + i));
  for (let b = 0; b < 9; b++) {
    const top = 27 * Math.floor(b / 3) + 3 * (b % 3);
    HOUSES.push([0, 1, 2, 3, 4, 5, 6, 7, 8].map((j) => top + 9 * Math.floor(j / 3) + (j % 3)));
  }
  const PEERS = [];
  for (let c = 0; c < 81; c++) {
    const set = new Set([...HOUSES[rowOf(c)], ...HOUSES[9 + colOf(c)], ...HOUSES[18 + boxOf(c)]]);
    set.delete(c);
    PEERS.push([...set]);
  }

  const $ = (id) => document.getElementById(id);
  const el = {
    title: $('title'),
    rating: $('rating'),
    back: $('back'),
    next: $('next'),
    counter: $('counter'),
    difficulty: $('difficulty'),
    stepText: $('step-text'),
    message: $('message'),
    grid: $('grid'),
    fate: $('fate'),
  };

  function svg(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (parent) parent.appendChild(node);
    return node;
  }

  /** Centre of candidate `digit` of `cell`, in SVG units. */
  const candXY = (cell, digit) => [colOf(cell) * S + LATTICE[(digit - 1) % 3], rowOf(cell) * S + LATTICE[Math.floor((digit - 1) / 3)]];

  // ---------------------------------------------------------------------------------------------
  // The SVG, built once: cells (the ARIA grid), marks behind the digits, lines, digits, overlay.

  const root = el.grid;
  root.setAttribute('viewBox', `-4 -4 ${9 * S + 8} ${9 * S + 8}`);
  const defs = svg('defs', {}, root);
  for (const kind of ['strong', 'weak']) {
    const marker = svg('marker', {
      id: `arrow-${kind}`,
      viewBox: '0 0 10 10',
      refX: 8,
      refY: 5,
      markerWidth: 5,
      markerHeight: 5,
      orient: 'auto-start-reverse',
    }, defs);
    svg('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrowhead ${kind}` }, marker);
  }
  const cellLayer = svg('g', { class: 'cells' }, root);
  const markLayer = svg('g', { class: 'marks', 'aria-hidden': 'true' }, root);
  const lineLayer = svg('g', { class: 'lines', 'aria-hidden': 'true' }, root);
  const textLayer = svg('g', { class: 'digits', 'aria-hidden': 'true' }, root);
  const overLayer = svg('g', { class: 'overlay', 'aria-hidden': 'true' }, root);

  const cellNodes = [];
  const bgNodes = [];
  const valueNodes = [];
  const candNodes = [];
  for (let r = 0; r < 9; r++) {
    const row = svg('g', { role: 'row' }, cellLayer);
    for (let k = 0; k < 9; k++) {
      const c = r * 9 + k;
      const cell = svg('g', { role: 'gridcell', class: 'cell', 'aria-label': cellName(c), 'data-cell': c, tabindex: -1 }, row);
      bgNodes.push(svg('rect', { class: 'bg', x: k * S, y: r * S, width: S, height: S }, cell));
      cellNodes.push(cell);
      valueNodes.push(svg('text', { class: 'value', x: k * S + S / 2, y: r * S + S / 2 + 1 }, textLayer));
      const cands = [];
      for (let d = 1; d <= 9; d++) {
        const [x, y] = candXY(c, d);
        cands.push(svg('text', { class: 'cand', x, y: y + 0.5 }, textLayer));
      }
      candNodes.push(cands);
    }
  }
  for (let i = 0; i <= 9; i++) {
    const thick = i % 3 === 0 ? ' thick' : '';
    svg('line', { class: `gridline${thick}`, x1: 0, y1: i * S, x2: 9 * S, y2: i * S }, lineLayer);
    svg('line', { class: `gridline${thick}`, x1: i * S, y1: 0, x2: i * S, y2: 9 * S }, lineLayer);
  }
  // Thick lines last, so they cover the thin ones where they meet.
  for (const line of [...lineLayer.querySelectorAll('.thick')]) lineLayer.appendChild(line);

  // ---------------------------------------------------------------------------------------------
  // The shown puzzle and where we are on its path.

  /** @type {null | {key: string, file: string, puzzle: any, states: {values: number[], cands: number[]}[]}} */
  let current = null;
  /** 0: the start; k in 1..n: step k shown on the state before it; n + 1: the end. */
  let pos = 0;
  let selected = -1;

  function applyStep(state, step) {
    const values = state.values.slice();
    const cands = state.cands.slice();
    for (const p of step.placements) {
      values[p.cell] = p.digit;
      cands[p.cell] = 0;
      for (const q of PEERS[p.cell]) cands[q] &= ~bit(p.digit);
    }
    for (const e of step.eliminations) cands[e.cell] &= ~bit(e.digit);
    return { values, cands };
  }

  function load(message) {
    const puzzle = message.puzzle;
    const states = [{ values: puzzle.givens.slice(), cands: puzzle.candidates.slice() }];
    for (const step of puzzle.steps) states.push(applyStep(states[states.length - 1], step));
    const saved = vscode.getState();
    const same = saved && saved.key === message.key;
    current = { key: message.key, file: message.file, puzzle, states };
    pos = same ? Math.min(saved.pos || 0, puzzle.steps.length + (puzzle.steps.length ? 1 : 0)) : 0;
    selected = same && typeof saved.cell === 'number' ? saved.cell : -1;
    render();
  }

  function save() {
    if (current) vscode.setState({ key: current.key, pos, cell: selected });
  }

  const lastPos = () => (current && current.puzzle.steps.length ? current.puzzle.steps.length + 1 : 0);

  function go(to) {
    if (!current) return;
    const clamped = Math.max(0, Math.min(lastPos(), to));
    if (clamped === pos) return;
    pos = clamped;
    save();
    render();
  }

  function select(cell, focus) {
    selected = cell;
    save();
    render();
    if (focus && cell >= 0) cellNodes[cell].focus();
  }

  /** One tab stop in the grid (the selected cell, else r1c1); arrows move from there. */
  function markSelection() {
    cellNodes.forEach((node, c) => {
      node.setAttribute('tabindex', c === selected || (selected < 0 && c === 0) ? '0' : '-1');
      node.setAttribute('aria-selected', c === selected ? 'true' : 'false');
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Drawing.

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function setClass(node, cls) {
    if (node.getAttribute('class') !== cls) node.setAttribute('class', cls);
  }

  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }

  const keyOf = (c) => c.cell * 10 + c.digit;

  /** A slightly bent arrow from one candidate to another, stopping short of both digits. */
  function arrow(link) {
    const [x1, y1] = candXY(link.from.cell, link.from.digit);
    const [x2, y2] = candXY(link.to.cell, link.to.digit);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    const bend = Math.min(30, Math.max(8, len * 0.15));
    const cx = (x1 + x2) / 2 - (dy / len) * bend;
    const cy = (y1 + y2) / 2 + (dx / len) * bend;
    const towards = (x, y, tx, ty, r) => {
      const l = Math.hypot(tx - x, ty - y) || 1;
      return [x + ((tx - x) / l) * r, y + ((ty - y) / l) * r];
    };
    const [sx, sy] = towards(x1, y1, cx, cy, 8);
    const [ex, ey] = towards(x2, y2, cx, cy, 9);
    const kind = link.strong ? 'strong' : 'weak';
    svg('path', {
      class: `link ${kind}`,
      d: `M${sx.toFixed(1)},${sy.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`,
      'marker-end': `url(#arrow-${kind})`,
    }, overLayer);
  }

  function render() {
    clear(markLayer);
    clear(overLayer);
    markSelection();
    if (!current) return;
    const { puzzle, states } = current;
    const n = puzzle.steps.length;
    const step = pos >= 1 && pos <= n ? puzzle.steps[pos - 1] : null;
    const state = states[Math.min(Math.max(pos - 1, 0), n)];

    // Header: where the puzzle is, what it is, and the step.
    el.title.textContent = `${current.file} · line ${puzzle.line + 1}`;
    const hidden = puzzle.solutionHidden ? 'solution hidden' : '';
    el.rating.textContent = [KIND[puzzle.kind] || puzzle.kind, STATUS[puzzle.status] || puzzle.status, hidden, puzzle.rating]
      .filter(Boolean)
      .join(' · ');
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

    // The step's pattern, as sets.
    const houseCells = new Set();
    const patternCells = new Set();
    const placedCells = new Set();
    const places = new Set();
    const elims = new Set();
    const pattern = new Set();
    if (step) {
      for (const h of step.houses) for (const c of HOUSES[h]) houseCells.add(c);
      for (const c of step.cells) patternCells.add(c);
      for (const p of step.placements) {
        placedCells.add(p.cell);
        places.add(keyOf(p));
      }
      for (const e of step.eliminations) elims.add(keyOf(e));
      for (const c of step.candidates) pattern.add(keyOf(c));
    }

    for (let c = 0; c < 81; c++) {
      let cls = 'bg';
      if (houseCells.has(c)) cls += ' house';
      if (patternCells.has(c)) cls += ' pattern';
      if (placedCells.has(c)) cls += ' placed';
      setClass(bgNodes[c], cls);
      const value = state.values[c];
      setText(valueNodes[c], value ? String(value) : '');
      setClass(valueNodes[c], puzzle.givens[c] ? 'value given' : 'value solved');
      for (let d = 1; d <= 9; d++) {
        const node = candNodes[c][d - 1];
        const present = !value && (state.cands[c] & bit(d)) !== 0;
        setText(node, present ? String(d) : '');
        if (!present) {
          setClass(node, 'cand');
          continue;
        }
        const key = c * 10 + d;
        let role = '';
        if (places.has(key)) role = ' place';
        else if (elims.has(key)) role = ' elim';
        else if (pattern.has(key)) role = ' pat';
        setClass(node, `cand${role}`);
        if (role) {
          const [x, y] = candXY(c, d);
          svg('circle', { class: `mark${role}`, cx: x, cy: y, r: 8.5 }, markLayer);
          if (role === ' elim') svg('line', { class: 'strike', x1: x - 7, y1: y + 7, x2: x + 7, y2: y - 7 }, overLayer);
        }
      }
    }
    if (step) for (const link of step.links) arrow(link);
    if (selected >= 0) {
      svg('rect', { class: 'selection', x: colOf(selected) * S + 2, y: rowOf(selected) * S + 2, width: S - 4, height: S - 4 }, overLayer);
    }
    renderFate();
  }

  const solvedAt = (state) => state.values.every((v) => v > 0);

  /** What happens to each candidate of the selected cell along the path. */
  function renderFate() {
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
    const add = (text) => el.fate.appendChild(document.createTextNode(text));
    const stepLink = (k) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'steplink';
      b.textContent = `step ${k + 1}`;
      b.title = puzzle.steps[k].text;
      b.addEventListener('click', () => go(k + 1));
      el.fate.appendChild(b);
    };
    if (puzzle.givens[c]) {
      add(`given ${puzzle.givens[c]}.`);
      return;
    }
    const start = states[0].cands[c];
    if (!start) {
      add('no candidates.');
      return;
    }
    // Spoiler protection: only what the steps shown so far (the current one included) did.
    const seen = puzzle.solutionHidden ? Math.min(pos, puzzle.steps.length) : puzzle.steps.length;
    const parts = [];
    for (let d = 1; d <= 9; d++) {
      if (!(start & bit(d))) continue;
      let fate = null;
      for (let k = 0; k < seen; k++) {
        const after = states[k + 1];
        if (after.values[c] === d) {
          fate = { k, text: `${d} placed by ` };
          break;
        }
        if (after.values[c] || !(after.cands[c] & bit(d))) {
          const s = puzzle.steps[k];
          const own = s.eliminations.some((e) => e.cell === c && e.digit === d);
          const by = s.placements.find((p) => p.cell === c || (p.digit === d && PEERS[c].includes(p.cell)));
          const why = own ? `${s.technique}` : by ? `${cellName(by.cell)}=${by.digit}` : s.technique;
          fate = { k, text: `${d} eliminated by `, why };
          break;
        }
      }
      parts.push({ d, fate });
    }
    // Placed digit first, then the eliminations in path order, then what is left.
    parts.sort((a, b) => (a.fate ? a.fate.k : Infinity) - (b.fate ? b.fate.k : Infinity) || a.d - b.d);
    parts.forEach((part, i) => {
      if (i > 0) add(' · ');
      if (!part.fate) {
        add(puzzle.solutionHidden ? `${part.d} still open` : `${part.d} never eliminated`);
        return;
      }
      add(part.fate.text);
      stepLink(part.fate.k);
      if (part.fate.why) add(` (${part.fate.why})`);
    });
    if (puzzle.solution) add(`. Solution: ${puzzle.solution[c]}.`);
  }

  function showEmpty(message) {
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
      setText(valueNodes[c], '');
      setClass(bgNodes[c], 'bg');
      for (const node of candNodes[c]) setText(node, '');
    }
    render();
    renderFate();
  }

  // ---------------------------------------------------------------------------------------------
  // Input.

  el.back.addEventListener('click', () => go(pos - 1));
  el.next.addEventListener('click', () => go(pos + 1));
  cellLayer.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-cell]') : null;
    if (target) select(Number(target.getAttribute('data-cell')), true);
  });
  window.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const focused = event.target instanceof Element ? event.target.closest('[data-cell]') : null;
    const at = focused ? Number(focused.getAttribute('data-cell')) : -1;
    const move = { ArrowUp: -9, ArrowDown: 9 };
    let handled = true;
    if (at >= 0 && event.key in move) select((at + move[event.key] + 81) % 81, true);
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

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'puzzle') load(message);
    else if (message.type === 'empty') showEmpty(String(message.message));
  });

  select(-1, false);
  vscode.postMessage({ type: 'ready' });
})();
