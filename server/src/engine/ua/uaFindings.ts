/**
 * UA information as findings and hover text: an information finding on each redundant clue,
 * and the multiple-solutions warning retold with its smallest unhit UA set and a clue to add.
 */
import { plural } from '../core/format';
import { cellName } from '../core/grid';
import { type Puzzle, cellRange } from '../core/parse';
import { placementText } from '../core/step';
import type { Finding } from '../core/types';
import type { ClueToAdd, UAInfo } from './uaInfo';

function redundantFindings(puzzle: Puzzle, redundant: readonly number[]): Finding[] {
  const text = puzzle.text as string;
  return redundant.map((cell) => ({
    severity: 'information',
    code: 'redundant-clue',
    message: `${placementText({ cell, digit: Number(text[cell]) })} is redundant: the puzzle stays unique without it`,
    range: cellRange(puzzle, cell),
  }));
}

function addText(add: ClueToAdd | null, unhit: number, searchedSize: number): string {
  if (!add) return '';
  const clue = placementText(add);
  if (add.unique) return `; adding ${clue} makes it unique`;
  return `; adding ${clue} hits the most unhit unavoidable sets (${add.hits} of ${unhit} with up to ${searchedSize} cells)`;
}

function multipleFinding(puzzle: Puzzle, info: Extract<UAInfo, { kind: 'multiple'; status: 'done' }>): Finding {
  const names = info.cells.map(cellName);
  const more = info.smallest > 1 ? `, one of ${info.smallest} of that size` : '';
  return {
    severity: 'warning',
    code: 'multiple-solutions',
    message:
      `The puzzle has at least 2 solutions; they differ in ${names.join(' ')} ` +
      `(unavoidable set not hit by any clue${more})${addText(info.add, info.unhit, info.searchedSize)}`,
    range: puzzle.range,
    related: info.cells.map((cell, i) => ({
      range: cellRange(puzzle, cell),
      message: `${names[i]} is ${info.digits[i]} in one solution and ${info.others[i]} in another`,
    })),
  };
}

/**
 * The puzzle's findings with what UA sets add: redundant-clue findings for a unique puzzle;
 * for several solutions, the detailed warning in place of the solver's.
 */
export function withUAFindings(puzzle: Puzzle, findings: Finding[], info: UAInfo | undefined): Finding[] {
  if (!info || info.status !== 'done' || puzzle.text === null) return findings;
  if (info.kind === 'unique') return info.redundant.length === 0 ? findings : [...findings, ...redundantFindings(puzzle, info.redundant)];
  return [...findings.filter((f) => f.code !== 'multiple-solutions'), multipleFinding(puzzle, info)];
}

/** The hover's "Minimal" value; undefined info means it is still being computed. */
export function describeMinimality(info: UAInfo | undefined): string {
  if (!info) return 'computing…';
  if (info.status !== 'done') return 'unknown (over the time budget)';
  if (info.kind !== 'unique') return 'no (several solutions)';
  const n = info.redundant.length;
  if (n === 0) return 'yes';
  const k = info.removable.length;
  const together = n === 1 ? '' : k === n ? ', all removable together' : k === 1 ? ', only one removable at a time' : `, ${k} removable together`;
  return `no (${plural(n, 'redundant clue')}${together})`;
}
