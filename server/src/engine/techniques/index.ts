/**
 * The techniques in Sudoku Explainer's order. The rater applies the first step of the first
 * technique that has one, so this order is part of the rating. Add a technique by adding its
 * module and one line here.
 */
import { hiddenSingle, nakedSingle } from './singles';
import type { Technique } from './technique';

export const TECHNIQUES: readonly Technique[] = [
  hiddenSingle, // 1.0 / 1.2 / 1.5
  // direct pointing / claiming 1.7 / 1.9 (intersections.ts)
  // direct hidden pair 2.0 (subsets.ts)
  nakedSingle, // 2.3
  // direct hidden triplet 2.5 (subsets.ts)
  // pointing / claiming 2.6 / 2.8 (intersections.ts)
  // naked pair 3.0 (subsets.ts)
  // X-Wing 3.2 (fish.ts)
  // hidden pair 3.4 (subsets.ts)
  // naked triplet 3.6 (subsets.ts)
  // Swordfish 3.8 (fish.ts)
  // hidden triplet 4.0 (subsets.ts)
  // XY-Wing 4.2, XYZ-Wing 4.4 (wings.ts)
  // unique rectangles / loops 4.5+ (uniqueness.ts)
  // naked quad 5.0 (subsets.ts)
  // Jellyfish 5.2 (fish.ts)
  // hidden quad 5.4 (subsets.ts)
  // BUG 5.6+ (bug.ts)
  // aligned pair exclusion 6.2 (alignedExclusion.ts)
  // cycles and forcing X/Y/XY chains 6.5+ (chains/)
  // aligned triplet exclusion 7.5 (alignedExclusion.ts)
  // Nishio 7.5+, multiple forcing chains 8.0+, dynamic forcing chains 8.5+ (chains/)
  // dynamic forcing chains (+) 9.0+ (chains/)
  // nested forcing chains 9.5+ (chains/)
];
