/**
 * "Generate puzzles…": quick picks for how many, the clue symmetry, the clue count and the ER
 * range, then the server makes them (GenerateRequest, on a worker of its own) behind a cancellable
 * progress notification, and the puzzles open as a new untitled Sudoku document, each line with
 * its rating as trailing text.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { COMMANDS, GENERATE_SYMMETRIES, GenerateRequest, type GenerateParams } from '../../server/src/protocol';
import { activeSudoku } from './collection';
import { newDocument } from './serverProgress';

interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

const SYMMETRY_TEXT: Record<GenerateParams['symmetry'], string> = {
  none: 'no symmetry',
  central: 'half-turn about the centre',
  diagonal: 'mirrored in the main diagonal',
  'anti-diagonal': 'mirrored in the anti-diagonal',
  mirror: 'mirrored left to right',
  rot90: 'quarter-turns about the centre',
  dihedral: 'every rotation and reflection (many clues)',
};

type Range = { least: number; most: number } | undefined;

const COUNTS = [1, 10, 20, 50, 100].map((n): Choice<number> => ({ label: String(n), value: n }));
const CLUES: Choice<Range>[] = [
  { label: 'Any', description: 'as removal leaves them (mostly 22–28)', value: undefined },
  { label: '≤ 23', value: { least: 0, most: 23 } },
  { label: '24–26', value: { least: 24, most: 26 } },
  { label: '27–30', value: { least: 27, most: 30 } },
  { label: '≥ 31', value: { least: 31, most: 81 } },
];
/** ER ranges in tenths, as SE's scale names them. */
const RATINGS: Choice<Range>[] = [
  { label: 'Any', value: undefined },
  { label: 'Easy', description: 'ER 1.0–2.5: singles', value: { least: 10, most: 25 } },
  { label: 'Medium', description: 'ER 2.6–4.5: locked candidates, subsets', value: { least: 26, most: 45 } },
  { label: 'Hard', description: 'ER 4.6–6.5: fish, wings, uniqueness', value: { least: 46, most: 65 } },
  { label: 'Fiendish', description: 'ER 6.6–8.5: chains', value: { least: 66, most: 85 } },
  { label: 'Diabolical', description: 'ER 8.6 and above: forcing chains (slow: minutes a puzzle)', value: { least: 86, most: 200 } },
];

async function pick<T>(items: Choice<T>[], title: string): Promise<Choice<T> | undefined> {
  return vscode.window.showQuickPick(items, { title: `Generate puzzles: ${title}` });
}

async function generate(client: LanguageClient): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const count = await pick(COUNTS, 'how many?');
  if (!count) return;
  const symmetry = await pick(
    GENERATE_SYMMETRIES.map((s) => ({ label: s, description: SYMMETRY_TEXT[s], value: s })),
    'which clue symmetry?',
  );
  if (!symmetry) return;
  const clues = await pick(CLUES, 'how many clues?');
  if (!clues) return;
  const er = await pick(RATINGS, 'which rating (Sudoku Explainer ER)?');
  if (!er) return;
  const params: GenerateParams = { uri: editor.document.uri.toString(), count: count.value, symmetry: symmetry.value, clues: clues.value, er: er.value };
  await newDocument(client, COMMANDS.generate.title.replace('…', ''), GenerateRequest, params);
}

export function registerGenerate(client: LanguageClient): vscode.Disposable {
  return vscode.commands.registerCommand(COMMANDS.generate.id, () => generate(client));
}
