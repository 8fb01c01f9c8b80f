/**
 * Statistics over a collection, gathered one puzzle at a time from its analysis status, clue count
 * and rating summaries: per technique, the puzzles whose SE path uses it, those where it is the
 * hardest, its steps; histograms of ER/EP/ED (SE's printed values), W and clue counts; what became
 * of each puzzle. Memory grows with the distinct values seen, never with the puzzles, so the CLI
 * can run it over an endless stream; the editor keeps each bar's lines itself (`add` says which
 * bars a puzzle falls in).
 */
import { type Moments, correctionFactor, moments } from './biasCorrection';
import type { SolutionStatus } from './core/analyze';
import { type RatingSummary, seFormat } from './se/rate';

/** What the statistics read of one puzzle. */
export interface StatsPuzzle {
  /** Its analysis status; null when its syntax is broken (unreadable). */
  status: SolutionStatus | null;
  /** Its givens (a pencilmark line's solved cells); null when unreadable. */
  clues: number | null;
  /** SE's rating, when SE ran on it. */
  se?: Pick<RatingSummary, 'status' | 'er' | 'ep' | 'ed' | 'hardest' | 'techniques'> | null;
  /** Berthier's W when W ran on it: a number, or null when it has none (whips up to 20 do not solve it, over budget). */
  w?: number | null;
}

/** What became of a puzzle: one outcome each, so the outcomes add up to the puzzles. */
export const OUTCOMES = [
  'rated',
  'stuck',
  'over-budget',
  'unique',
  'no-solution',
  'multiple-solutions',
  'solver-budget',
  'invalid',
  'unchecked',
  'unreadable',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** What each outcome means, for the text output and the webview. */
export const OUTCOME_TEXT: Record<Outcome, string> = {
  rated: 'rated by SE',
  stuck: "not solved by SE's techniques (SE prints 20.0)",
  'over-budget': 'SE rating over its budget',
  unique: 'one solution, not rated by SE',
  'no-solution': 'no solution',
  'multiple-solutions': 'several solutions',
  'solver-budget': "over the solver's node budget",
  invalid: 'invalid (duplicate givens, a cell or digit without place)',
  unchecked: 'a variant puzzle (solutions not counted, not rated)',
  unreadable: 'unreadable (broken syntax)',
};

const STATUS_OUTCOME: Record<SolutionStatus, Outcome> = {
  unique: 'unique',
  none: 'no-solution',
  multiple: 'multiple-solutions',
  unknown: 'solver-budget',
  invalid: 'invalid',
  unchecked: 'unchecked',
};

export function outcomeOf(p: StatsPuzzle): Outcome {
  if (p.se) return p.se.status === 'solved' ? 'rated' : p.se.status === 'stuck' ? 'stuck' : 'over-budget';
  return p.status ? STATUS_OUTCOME[p.status] : 'unreadable';
}

/** The sets of puzzles a chart draws as bars: a histogram's bin, a technique's users or hardest, an outcome. */
export type BarKind = 'er' | 'ep' | 'ed' | 'w' | 'clues' | 'uses' | 'hardest' | 'outcome';
export interface Bar {
  kind: BarKind;
  /** The bin (`9.0`, `5`, `24`), the technique (`XY-Wing`) or the outcome (`multiple-solutions`). */
  value: string;
}

/** One string per bar (a Map key, a webview message). */
export const barKey = (bar: Bar): string => `${bar.kind}:${bar.value}`;

/**
 * The bars a puzzle falls in. ER/EP/ED and techniques come from finished SE ratings only (a path
 * cut short says nothing of its hardest step), W from a W that has a number.
 */
export function barsOf(p: StatsPuzzle): Bar[] {
  const bars: Bar[] = [{ kind: 'outcome', value: outcomeOf(p) }];
  if (p.clues !== null) bars.push({ kind: 'clues', value: String(p.clues) });
  const se = p.se;
  if (se?.status === 'solved') {
    bars.push({ kind: 'er', value: seFormat(se.er) }, { kind: 'ep', value: seFormat(se.ep) }, { kind: 'ed', value: seFormat(se.ed) });
    for (const technique of Object.keys(se.techniques)) bars.push({ kind: 'uses', value: technique });
    if (se.hardest !== null) bars.push({ kind: 'hardest', value: se.hardest });
  }
  if (typeof p.w === 'number') bars.push({ kind: 'w', value: String(p.w) });
  return bars;
}

export interface Bin {
  value: string;
  puzzles: number;
}

export interface TechniqueStats {
  technique: string;
  /** Puzzles whose SE path uses it. */
  puzzles: number;
  /** Puzzles where it is the hardest step (the first one of the highest difficulty). */
  hardest: number;
  /** Its steps over all paths. */
  steps: number;
}

/** A bin's share of its histogram's puzzles, as counted and with Berthier's weights (fractions 0..1). */
export interface CorrectedBin {
  value: string;
  share: number;
  corrected: number;
}

/** A numeric histogram's mean and sd, as counted and with Berthier's weights; null when it is empty. */
export interface CorrectedMoments {
  raw: Moments;
  corrected: Moments;
}

/**
 * The estimates of `stats --correct-bias`: each puzzle weighed by cf(its clues) (biasCorrection.ts).
 * Technique shares are of the puzzles SE rated.
 */
export interface BiasCorrected {
  histograms: Record<HistogramKind, CorrectedBin[]>;
  techniques: { technique: string; uses: Omit<CorrectedBin, 'value'>; hardest: Omit<CorrectedBin, 'value'> }[];
  moments: Record<HistogramKind, CorrectedMoments | null>;
}

/** The statistics as the CLI's `--json` prints them and the editor's request answers them. */
export interface CollectionStatistics {
  puzzles: number;
  /** Every outcome, zeros included. */
  outcomes: Record<Outcome, number>;
  /** Whether SE ran, and W (the figures of a method not run are absent, not zero). */
  methods: { se: boolean; w: boolean };
  /** Most used first, then by name. */
  techniques: TechniqueStats[];
  /** Ascending; only values that occur. */
  histograms: Record<'er' | 'ep' | 'ed' | 'w' | 'clues', Bin[]>;
  /** W ran but found no number: not solvable with whips up to length 20, or over budget. */
  wWithout: number;
  /** Only when asked for (`correctBias`). */
  corrected?: BiasCorrected;
}

const HISTOGRAMS = ['er', 'ep', 'ed', 'w', 'clues'] as const;
export type HistogramKind = (typeof HISTOGRAMS)[number];

export class CollectionStats {
  private puzzles = 0;
  private readonly counts = new Map<string, number>();
  private readonly steps = new Map<string, number>();
  /** Per bar, the sum of its puzzles' cf(clues), when correcting. */
  private readonly weights = new Map<string, number>();
  private wWithout = 0;

  constructor(
    private readonly methods: { se: boolean; w: boolean },
    private readonly correctBias = false,
  ) {}

  /** Counts one puzzle; returns the bars it falls in. */
  add(p: StatsPuzzle): Bar[] {
    this.puzzles++;
    const bars = barsOf(p);
    // An unreadable puzzle has no clue count, so no weight: it drops out of the estimates.
    const weight = this.correctBias && p.clues !== null ? correctionFactor(p.clues) : 0;
    for (const bar of bars) {
      const key = barKey(bar);
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      if (weight > 0) this.weights.set(key, (this.weights.get(key) ?? 0) + weight);
    }
    if (p.se?.status === 'solved') {
      for (const [technique, n] of Object.entries(p.se.techniques)) this.steps.set(technique, (this.steps.get(technique) ?? 0) + n);
    }
    if (p.w === null) this.wWithout++;
    return bars;
  }

  result(): CollectionStatistics {
    const byKind = new Map<BarKind, Bin[]>();
    for (const [key, puzzles] of this.counts) {
      const at = key.indexOf(':');
      const kind = key.slice(0, at) as BarKind;
      const bins = byKind.get(kind) ?? [];
      bins.push({ value: key.slice(at + 1), puzzles });
      byKind.set(kind, bins);
    }
    const count = (kind: BarKind, value: string): number => this.counts.get(barKey({ kind, value })) ?? 0;
    const techniques = (byKind.get('uses') ?? [])
      .map(({ value, puzzles }) => ({ technique: value, puzzles, hardest: count('hardest', value), steps: this.steps.get(value) ?? 0 }))
      .sort((a, b) => b.puzzles - a.puzzles || a.technique.localeCompare(b.technique));
    const histograms = Object.fromEntries(
      HISTOGRAMS.map((kind) => [kind, (byKind.get(kind) ?? []).sort((a, b) => Number(a.value) - Number(b.value))]),
    ) as CollectionStatistics['histograms'];
    return {
      puzzles: this.puzzles,
      outcomes: Object.fromEntries(OUTCOMES.map((o) => [o, count('outcome', o)])) as Record<Outcome, number>,
      methods: { ...this.methods },
      techniques,
      histograms,
      wWithout: this.wWithout,
      ...(this.correctBias ? { corrected: this.corrected(histograms, techniques) } : {}),
    };
  }

  private corrected(histograms: CollectionStatistics['histograms'], techniques: TechniqueStats[]): BiasCorrected {
    const weight = (kind: BarKind, value: string): number => this.weights.get(barKey({ kind, value })) ?? 0;
    const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
    /** A count and a weight as shares of a total count and weight (0 of nothing). */
    const share = (count: number, total: number, w: number, wTotal: number): Omit<CorrectedBin, 'value'> => ({
      share: total > 0 ? count / total : 0,
      corrected: wTotal > 0 ? w / wTotal : 0,
    });
    const correctedHistograms = {} as BiasCorrected['histograms'];
    const correctedMoments = {} as BiasCorrected['moments'];
    for (const kind of HISTOGRAMS) {
      const bins = histograms[kind];
      const total = sum(bins.map((b) => b.puzzles));
      const wTotal = sum(bins.map((b) => weight(kind, b.value)));
      correctedHistograms[kind] = bins.map((b) => ({ value: b.value, ...share(b.puzzles, total, weight(kind, b.value), wTotal) }));
      const raw = moments(bins.map((b) => ({ value: Number(b.value), weight: b.puzzles })));
      const corrected = moments(bins.map((b) => ({ value: Number(b.value), weight: weight(kind, b.value) })));
      correctedMoments[kind] = raw && corrected ? { raw, corrected } : null;
    }
    // Technique shares are of the rated puzzles: each has exactly one ER bar.
    const rated = sum(histograms.er.map((b) => b.puzzles));
    const wRated = sum(histograms.er.map((b) => weight('er', b.value)));
    return {
      histograms: correctedHistograms,
      techniques: techniques.map((t) => ({
        technique: t.technique,
        uses: share(t.puzzles, rated, weight('uses', t.technique), wRated),
        hardest: share(t.hardest, rated, weight('hardest', t.technique), wRated),
      })),
      moments: correctedMoments,
    };
  }
}
