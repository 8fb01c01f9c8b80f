/**
 * UA information for the editor (engine/ua/uaInfo.ts), computed on the rating workers and kept by
 * puzzle text. Full passes queue their puzzles; one batch at a time runs on the background pool,
 * in its bulk lane: behind the ratings of the lines in view (RatingService.oneOff). Puzzles in view
 * go first; a hovered one runs at once on the interactive worker.
 */
import type { Range } from 'vscode-languageserver';
import type { AnalysisCache } from './analysisCache';
import type { Analysis } from '../../engine/core/analyze';
import type { Puzzle } from '../../engine/core/parse';
import { describeMinimality } from '../../engine/ua/uaFindings';
import type { UAInfo, UAJob, UAKind } from '../../engine/ua/uaInfo';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import { type RatingService, within } from './ratings';
import { afterTurn } from '../turn';

const KEPT = 200_000;
const BATCH = 256;
/** A batch returns after this long, so a rating queued behind it waits little. */
const SLICE_MS = 200;

/** What UA sets can tell about the puzzle: 81-cell classic puzzles, unique (not a full grid) or with several solutions. */
function uaKind(puzzle: Puzzle, cache: AnalysisCache, analysis: Analysis | null | undefined): UAKind | null {
  if (puzzle.kind === '729' || puzzle.text === null || !analysis || cache.variant(puzzle) !== 'classic') return null;
  if (analysis.status === 'multiple') return 'multiple';
  return analysis.status === 'unique' && analysis.givens < 81 ? 'unique' : null;
}

export class UAService {
  private readonly kept = new Map<string, UAInfo>();
  /** Texts waiting for a batch, with the documents that want them (insertion order: document order). */
  private readonly queued = new Map<string, { kind: UAKind; owners: Set<string> }>();
  /** Texts seen in view, newest last: they go first. */
  private inViewStack: string[] = [];
  private readonly asked = new Map<string, Promise<UAInfo>>();
  private running = false;
  private scheduled = false;
  /** Bumped when the budget changes: results computed under the old one are dropped. */
  private generation = 0;

  constructor(
    private readonly ratings: RatingService,
    private budgetMs: number,
    /** Called with the texts whose results arrived, e.g. to refresh their diagnostics. */
    private readonly onResults: (texts: readonly string[]) => void,
  ) {}

  configure(budgetMs: number): void {
    if (budgetMs === this.budgetMs) return;
    this.budgetMs = budgetMs;
    this.generation++;
    this.kept.clear();
  }

  /** The puzzle's UA information if known. */
  peek(puzzle: Puzzle, cache: AnalysisCache): UAInfo | undefined {
    const info = puzzle.text === null ? undefined : this.kept.get(puzzle.text);
    // Only 81-cell classic texts are kept; the same text under a variant directive is another puzzle.
    return info && cache.variant(puzzle) === 'classic' ? info : undefined;
  }

  /** Queues the puzzle for document `uri` unless it is known; `inView` puts it first. */
  want(uri: string, puzzle: Puzzle, cache: AnalysisCache, inView = false): void {
    const text = puzzle.text;
    if (text === null || this.kept.has(text)) return;
    const kind = uaKind(puzzle, cache, cache.peek(puzzle));
    if (!kind) return;
    const entry = this.queued.get(text);
    if (entry) entry.owners.add(uri);
    else this.queued.set(text, { kind, owners: new Set([uri]) });
    if (inView) this.inViewStack.push(text);
    this.schedule();
  }

  /** Puts the puzzles of `range` (the lines in view) first. */
  inView(doc: PuzzleDocument, cache: AnalysisCache, range: Range): void {
    for (const p of doc.puzzlesBetween(range.start.line, range.end.line)) this.want(doc.uri, p, cache, true);
    if (this.inViewStack.length > BATCH) this.inViewStack = this.inViewStack.slice(-BATCH);
  }

  /** A closed document no longer wants its puzzles. */
  close(uri: string): void {
    for (const [text, entry] of this.queued) {
      entry.owners.delete(uri);
      if (entry.owners.size === 0) this.queued.delete(text);
    }
  }

  /** The hover's "Minimal" row for a unique puzzle, waiting up to `ms` for it. */
  async hoverRows(puzzle: Puzzle | undefined, cache: AnalysisCache, ms: number): Promise<[string, string][]> {
    if (!puzzle || uaKind(puzzle, cache, cache.get(puzzle)) !== 'unique') return [];
    const info = await within(this.now(puzzle.text as string, 'unique'), ms).catch(() => undefined);
    return [['Minimal', describeMinimality(info)]];
  }

  /** The text's information, computed on the interactive worker unless known. */
  private now(text: string, kind: UAKind): Promise<UAInfo> {
    const known = this.kept.get(text);
    if (known) return Promise.resolve(known);
    const asked = this.asked.get(text);
    if (asked) return asked;
    const generation = this.generation;
    const job: UAJob = { items: [{ text, kind }], budgetMs: this.budgetMs, sliceMs: SLICE_MS };
    const promise = this.ratings
      .oneOff('uaInfo', job, true)
      .then(([info]) => {
        if (generation === this.generation) this.store(text, info);
        this.onResults([text]);
        return info;
      })
      .finally(() => this.asked.delete(text));
    this.asked.set(text, promise);
    return promise;
  }

  private store(text: string, info: UAInfo): void {
    this.queued.delete(text);
    this.kept.set(text, info);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value as string);
  }

  /** The next batch: puzzles in view (newest first), then the queue in document order. */
  private nextBatch(): UAJob['items'] {
    const items: UAJob['items'] = [];
    const taken = new Set<string>();
    const take = (text: string): void => {
      const entry = this.queued.get(text);
      if (!entry || taken.has(text) || this.asked.has(text)) return;
      taken.add(text);
      items.push({ text, kind: entry.kind });
    };
    while (items.length < BATCH && this.inViewStack.length > 0) take(this.inViewStack.pop() as string);
    for (const text of this.queued.keys()) {
      if (items.length >= BATCH) break;
      take(text);
    }
    return items;
  }

  /** Pumps once the caller's turn ends, so one pass's puzzles share a batch. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    afterTurn(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** Runs the next batch unless one is running; results refresh the diagnostics. */
  private pump(): void {
    if (this.running) return;
    const items = this.nextBatch();
    if (items.length === 0) return;
    this.running = true;
    const generation = this.generation;
    const job: UAJob = { items, budgetMs: this.budgetMs, sliceMs: SLICE_MS };
    this.ratings
      .oneOff('uaInfo', job, false)
      .then(
        (infos) => {
          if (generation !== this.generation) return; // still queued: computed again under the new budget
          infos.forEach((info, i) => this.store(items[i].text, info));
          this.onResults(items.map((item) => item.text));
        },
        // A failed batch is not retried: its puzzles wait for the next full pass.
        () => {
          for (const item of items) this.queued.delete(item.text);
        },
      )
      .finally(() => {
        this.running = false;
        this.pump();
      });
  }
}
