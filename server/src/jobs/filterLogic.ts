/**
 * A `--where` expression (cli/where.ts parses it) and its value over what is known of a puzzle,
 * in three-valued logic: true, false, or undefined while it is not decided. Each figure is known
 * as an interval: a point once computed, a range while a rating is under way (ER at least the
 * running maximum, EP and ED unknown until their step), everything while it is not computed.
 * Values only narrow as a rating goes on and comparisons and Kleene's and/or/not are monotone,
 * so a value once decided stays decided: a rating can stop there without changing the outcome.
 * A figure that cannot be had (SE on a puzzle with two solutions) leaves its comparisons
 * undecided for good: such a puzzle is not kept (as SQL's NULL).
 */
import { type PartialRating, type Rating, type RatingSummary, seFormat, summarize } from '../engine/se/rate';

export const FIELDS = ['er', 'ep', 'ed', 'w', 'gw', 'b', 'te', 'backdoor', 'bliss', 'clues', 'solutions'] as const;
export type Field = (typeof FIELDS)[number];

export const COMPARISONS = ['<=', '>=', '==', '!=', '<', '>'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export type Operand = { field: Field } | { number: number };

export type Where =
  | { op: 'compare'; cmp: Comparison; left: Operand; right: Operand }
  /** `techniques`: the step names the expression's name stands for (any of them). */
  | { op: 'uses' | 'hardest'; techniques: readonly string[] }
  | { op: 'and' | 'or'; left: Where; right: Where }
  | { op: 'not'; arg: Where };

/** Where each field comes from: what has to run to know it. */
export type Source = 'analysis' | 'se' | 'bliss' | 'w' | 'gwb';
export const FIELD_SOURCE: Record<Field, Source> = {
  er: 'se',
  ep: 'se',
  ed: 'se',
  w: 'w',
  te: 'w',
  backdoor: 'w',
  gw: 'gwb',
  b: 'gwb',
  bliss: 'bliss',
  clues: 'analysis',
  solutions: 'analysis',
};

/** [least, most], as SE prints the figures (one decimal): what a user compares against. */
export type Interval = readonly [number, number];
const ANY: Interval = [-Infinity, Infinity];

/** What is known of a puzzle's SE rating. */
export interface SeKnown {
  er: Interval;
  ep: Interval;
  ed: Interval;
  /** The techniques of the steps so far. */
  used: readonly string[];
  /** The hardest step's technique; final only when `complete`. */
  hardest: string | null;
  /** The whole path is known (solved, or stuck: ER 20.0 as serate prints it). */
  complete: boolean;
}

/**
 * What is known of a puzzle: for each source, undefined while not computed, null when it cannot
 * be (then its comparisons stay undecided), else its figures (a null figure: that one is missing).
 */
export interface Known {
  analysis?: { clues: number | null; solutions: number | null } | null;
  se?: SeKnown | null;
  bliss?: { bliss: number | null } | null;
  w?: { w: number | null; te: number | null; backdoor: number | null } | null;
  gwb?: { gw: number | null; b: number | null } | null;
}

export type Truth = boolean | undefined;

const point = (x: number): Interval => [x, x];
/** SE's figures rounded as printed: rounding is monotone, so a bound stays a bound. */
const printed = (x: number): number => Number(seFormat(x));

/** What a rating under way or cut short proves: `erAtMost` when its path's ceiling is known (Rating.erAtMost). */
export type PartialSe = Pick<PartialRating, 'er' | 'ep' | 'ed' | 'steps' | 'hardest'> & { nextAtLeast?: number; erAtMost?: number };

/**
 * A rating under way (the stop hook's view) or cut short (budget, stopped): ranges. `used`: the
 * techniques of its steps, when the caller keeps them as the steps come (else they are collected).
 */
export function partialSe(p: PartialSe, used?: readonly string[]): SeKnown {
  const least = Math.max(p.er, p.nextAtLeast ?? 0);
  // A ceiling also proves the path ends solved, at most that hard: EP and ED lie below it, and EP
  // not yet set is at least what is known of ER now (its step is still to come).
  const most = p.erAtMost === undefined ? Infinity : printed(Math.max(least, p.erAtMost));
  return {
    er: [printed(least), most],
    // EP is the running maximum at the first placement, ED the first step's value: final once set.
    // Before, a rating that gets stuck leaves them 0, so no bound holds.
    ep: p.ep > 0 ? point(printed(p.ep)) : most < Infinity ? [printed(least), most] : [0, Infinity],
    ed: p.steps.length > 0 ? point(printed(p.ed)) : [0, most],
    used: used ?? [...new Set(p.steps.map((s) => s.technique))],
    hardest: p.hardest?.technique ?? null,
    complete: false,
  };
}

/** A finished rating's figures; one cut short gives ranges. */
export function ratingSe(r: Rating): SeKnown {
  return r.status === 'solved' || r.status === 'stuck' ? summarySe(summarize(r)) : partialSe(r);
}

/** A finished rating's figures from its summary (what `rate` keeps of it). */
export function summarySe(s: RatingSummary): SeKnown {
  const stuck = s.status === 'stuck';
  return {
    er: point(stuck ? 20 : printed(s.er)),
    ep: point(printed(s.ep)),
    ed: point(printed(s.ed)),
    used: Object.keys(s.techniques),
    // serate names no technique for a puzzle beyond its solver.
    hardest: stuck ? null : s.hardest,
    complete: true,
  };
}

/** An operand's interval; null when its source cannot give it. */
function operand(o: Operand, k: Known): Interval | null {
  if ('number' in o) return point(o.number);
  const source = FIELD_SOURCE[o.field];
  const figures = k[source];
  if (figures === undefined) return ANY;
  if (figures === null) return null;
  const v = (figures as unknown as Record<Field, Interval | number | null>)[o.field];
  if (v === null) return null;
  return typeof v === 'number' ? point(v) : v;
}

function compare(cmp: Comparison, [a1, a2]: Interval, [b1, b2]: Interval): Truth {
  switch (cmp) {
    case '<':
      return a2 < b1 ? true : a1 >= b2 ? false : undefined;
    case '<=':
      return a2 <= b1 ? true : a1 > b2 ? false : undefined;
    case '>':
      return compare('<', [b1, b2], [a1, a2]);
    case '>=':
      return compare('<=', [b1, b2], [a1, a2]);
    case '==':
      return a1 === a2 && b1 === b2 && a1 === b1 ? true : a2 < b1 || a1 > b2 ? false : undefined;
    case '!=': {
      const eq = compare('==', [a1, a2], [b1, b2]);
      return eq === undefined ? undefined : !eq;
    }
  }
}

export function evaluate(w: Where, k: Known): Truth {
  switch (w.op) {
    case 'compare': {
      const a = operand(w.left, k);
      const b = operand(w.right, k);
      return a && b ? compare(w.cmp, a, b) : undefined;
    }
    case 'uses': {
      const se = k.se;
      if (!se) return undefined;
      return w.techniques.some((t) => se.used.includes(t)) ? true : se.complete ? false : undefined;
    }
    case 'hardest':
      return k.se?.complete ? k.se.hardest !== null && w.techniques.includes(k.se.hardest) : undefined;
    case 'and': {
      const a = evaluate(w.left, k);
      if (a === false) return false;
      const b = evaluate(w.right, k);
      return b === false ? false : a && b ? true : undefined;
    }
    case 'or': {
      const a = evaluate(w.left, k);
      if (a === true) return true;
      const b = evaluate(w.right, k);
      return b === true ? true : a === false && b === false ? false : undefined;
    }
    case 'not': {
      const a = evaluate(w.arg, k);
      return a === undefined ? undefined : !a;
    }
  }
}

/** The sources an expression reads, in the order they are computed: the cheap ones first. */
const ORDER: Source[] = ['analysis', 'se', 'bliss', 'w', 'gwb'];
export function sourcesOf(w: Where): Source[] {
  const found = new Set<Source>();
  for (const atom of atoms(w)) {
    if (atom.op === 'uses' || atom.op === 'hardest') found.add('se');
    else if (atom.op === 'compare') for (const o of [atom.left, atom.right]) if ('field' in o) found.add(FIELD_SOURCE[o.field]);
  }
  return ORDER.filter((s) => found.has(s));
}

/** The comparisons and predicates of an expression. */
export function atoms(w: Where): Where[] {
  switch (w.op) {
    case 'and':
    case 'or':
      return [...atoms(w.left), ...atoms(w.right)];
    case 'not':
      return atoms(w.arg);
    default:
      return [w];
  }
}

/** The atoms that read `source`: once each is decided, more of that source changes nothing. */
export const atomsOf = (w: Where, source: Source): Where[] => atoms(w).filter((a) => sourcesOf(a).includes(source));

/** serate's `--diamond` (ER = EP = ED; EP lies between) and `--pearl` (ER = EP). */
export const DIAMOND: Where = { op: 'compare', cmp: '==', left: { field: 'er' }, right: { field: 'ed' } };
export const PEARL: Where = { op: 'compare', cmp: '==', left: { field: 'er' }, right: { field: 'ep' } };

/** All of them must hold; null for none. */
export const allOf = (ws: readonly Where[]): Where | null => (ws.length === 0 ? null : ws.reduce((left, right) => ({ op: 'and', left, right })));
