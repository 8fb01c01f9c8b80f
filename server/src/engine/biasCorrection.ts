/**
 * Berthier's correction of a controlled-bias sample (Berthier 2009; W-classification-results.pdf of
 * his Controlled-bias_Sudoku_generator_and_collection, section 1.3). His generator reaches an
 * n-clue minimal puzzle with a probability that depends on n alone, in a known ratio: weighing each
 * n-clue puzzle by cf(n), with cf(n+1)/cf(n) = (81-n)/(n+1) and cf(26) = 1, turns the sample's
 * frequencies into estimates over all minimal puzzles. The weights are only meaningful for a sample
 * of his generator (`generate --method controlled-bias`): other generators have unknown biases.
 */

/** The clue count whose factor is 1 (Berthier's normalisation). */
const REFERENCE_CLUES = 26;

/** cf(n), the weight of an n-clue puzzle of a controlled-bias sample (0 for n outside 0..81). */
export function correctionFactor(clues: number): number {
  if (!Number.isInteger(clues) || clues < 0 || clues > 81) return 0;
  let cf = 1;
  for (let n = REFERENCE_CLUES; n < clues; n++) cf *= (81 - n) / (n + 1);
  for (let n = REFERENCE_CLUES; n > clues; n--) cf *= n / (82 - n);
  return cf;
}

/** Mean and standard deviation (population) of a numeric histogram, each value weighed. */
export interface Moments {
  mean: number;
  sd: number;
}

/** The moments of weighted values; null when they weigh nothing. */
export function moments(values: { value: number; weight: number }[]): Moments | null {
  let total = 0;
  let sum = 0;
  for (const { value, weight } of values) {
    total += weight;
    sum += weight * value;
  }
  if (!(total > 0)) return null;
  const mean = sum / total;
  let squares = 0;
  for (const { value, weight } of values) squares += weight * (value - mean) ** 2;
  return { mean, sd: Math.sqrt(squares / total) };
}
