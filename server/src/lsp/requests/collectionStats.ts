/**
 * *Collection statistics* (protocol.ts `CollectionStatsRequest`): every puzzle of a document through
 * engine/collectionStats.ts, as `sudoku-lens stats` counts them, with each bar's lines for the
 * webview to open. SE ratings come from the RatingService (cached ones at once, the others rated on
 * the background workers a window at a time); W only where already computed (the hover, inlay
 * hints): W for a whole file is minutes of work nobody asked for.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { CollectionStats, type StatsPuzzle, barKey } from '../../engine/collectionStats';
import type { Puzzle } from '../../engine/core/parse';
import type { CollectionStatsResponse } from '../../protocol';
import type { PuzzleDocument } from '../documents/puzzleDocument';
import type { AnalysisCache } from '../services/analysisCache';
import type { RatingService } from '../services/ratings';
import type { Report } from '../runSafe';
import { nextTurn } from '../turn';

/** Puzzles asked of the rating service at once: enough to keep its workers busy, few enough to stop soon after Cancel. */
const WINDOW = 32;

async function statsInput(p: Puzzle, cache: AnalysisCache, ratings: RatingService): Promise<StatsPuzzle> {
  const analysis = cache.get(p);
  const input: StatsPuzzle = { status: analysis?.status ?? null, clues: analysis?.givens ?? null };
  if (analysis?.status !== 'unique' || !p.text) return input;
  const w = ratings.peekExtras(p.text, cache.variant(p))?.w;
  return { ...input, se: await ratings.summary(p.text, true), ...(w ? { w: w.rating } : {}) };
}

export async function collectionStatistics(
  doc: PuzzleDocument,
  cache: AnalysisCache,
  ratings: RatingService,
  token: CancellationToken,
  report: Report,
): Promise<CollectionStatsResponse> {
  const stats = new CollectionStats({ se: true, w: true });
  const lines: Record<string, number[]> = {};
  const puzzles = doc.puzzles;
  for (let i = 0; i < puzzles.length && !token.isCancellationRequested; i += WINDOW) {
    const window = puzzles.slice(i, i + WINDOW);
    const inputs = await Promise.all(window.map((p) => statsInput(p, cache, ratings)));
    inputs.forEach((input, k) => {
      for (const bar of stats.add(input)) (lines[barKey(bar)] ??= []).push(window[k].line);
    });
    report(`${i + window.length} / ${puzzles.length} puzzles`, (100 * (i + window.length)) / puzzles.length);
    // Cached ratings resolve at once: let hovers and edits in between.
    await nextTurn();
  }
  return { stats: stats.result(), lines };
}
