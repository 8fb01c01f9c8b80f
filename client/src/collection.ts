/**
 * Commands over a whole collection: Rate all (with progress and cancel), Export to CSV, Sort by
 * rating, Normalize lines, and Convert one puzzle between 81 / 729 / grid. Every change to the
 * collection is one undoable edit.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { isAnalysed } from './documents';
import {
  type ConvertResponse,
  ConvertRequest,
  type DuplicateLine,
  DuplicatesRequest,
  NormalizeRequest,
  PuzzleLinesRequest,
  type PuzzleRow,
  RateLinesRequest,
  fileName,
} from '../../server/src/protocol';
import { edText, isRated, ratingList } from '../../server/src/ratingList';
import { sideDocuments } from './sideDocuments';

const BATCH = 16;
type Range = { start: { line: number; character: number }; end: { line: number; character: number } };
export const toRange = (r: Range) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

export function activeSudoku(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  // The read-only side documents are Sudoku too, but the server does not analyse them.
  if (editor && isAnalysed(editor.document)) return editor;
  void vscode.window.showWarningMessage('Open a Sudoku collection first.');
  return undefined;
}

/**
 * `ask` over `lines` in batches behind a cancellable progress notification (`312 / 5000 puzzles`).
 * Cancel sends no further batch and cancels the one in flight (`ask` gets the token): undefined then.
 */
export async function inBatches<R>(
  title: string,
  lines: number[],
  unit: string,
  ask: (batch: number[], token: vscode.CancellationToken) => Promise<R[]>,
): Promise<R[] | undefined> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const rows: R[] = [];
      for (let i = 0; i < lines.length; i += BATCH) {
        if (token.isCancellationRequested) return undefined;
        const batch = lines.slice(i, i + BATCH);
        const answer = await ask(batch, token).catch((err: unknown) => {
          if (token.isCancellationRequested) return undefined;
          throw err;
        });
        if (!answer) return undefined;
        rows.push(...answer);
        progress.report({ message: `${rows.length} / ${lines.length} ${unit}`, increment: (100 * batch.length) / lines.length });
      }
      return token.isCancellationRequested ? undefined : rows;
    },
  );
}

/** Every puzzle's row with its rating, rated in batches behind a cancellable progress notification. */
async function rateAll(client: BaseLanguageClient, doc: vscode.TextDocument, title: string): Promise<PuzzleRow[] | undefined> {
  const uri = doc.uri.toString();
  const lines = await client.sendRequest<number[]>(PuzzleLinesRequest, { uri });
  return inBatches(title, lines, 'puzzles', (batch, token) => client.sendRequest<PuzzleRow[]>(RateLinesRequest, { uri, lines: batch }, token));
}

async function rateAllCommand(client: BaseLanguageClient): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const where = await vscode.window.showQuickPick(
    [
      { label: 'Write ED=… after each puzzle line', value: 'inline' },
      { label: 'List the ratings in a new document', value: 'document' },
    ],
    { title: 'Rate all puzzles (Sudoku Explainer)' },
  );
  if (!where) return;
  const rows = await rateAll(client, editor.document, 'Rating puzzles');
  if (!rows) return;
  const rated = rows.filter(isRated);
  if (where.value === 'document') {
    // A side document: the server does not analyse it, so it gets no lenses or inlay hints of its own.
    const source = editor.document.uri.toString();
    await sideDocuments.show(source, 'ratings', ratingList(fileName(source), rows));
  } else {
    const edit = new vscode.WorkspaceEdit();
    for (const row of rows) {
      if (!row.rating || !isRated(row) || row.kind === 'grid') continue;
      const line = editor.document.lineAt(row.line);
      const existing = /\bED=\S+/.exec(line.text);
      const text = edText(row.rating);
      if (existing) edit.replace(editor.document.uri, new vscode.Range(row.line, existing.index, row.line, existing.index + existing[0].length), text);
      else edit.insert(editor.document.uri, line.range.end, ` ${text}`);
    }
    await vscode.workspace.applyEdit(edit);
  }
  void vscode.window.showInformationMessage(`Rated ${rated.length} of ${rows.length} puzzles.`);
}

const csvField = (v: string | number | null | undefined): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

async function exportCsvCommand(client: BaseLanguageClient): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const rows = await rateAll(client, editor.document, 'Rating puzzles for the CSV export');
  if (!rows) return;
  const header = 'line,kind,puzzle,status,givens,rating_status,er,ep,ed,hardest,steps';
  const body = rows.map((r) =>
    [r.line + 1, r.kind, r.text, r.status, r.givens, r.rating?.status, r.rating?.er, r.rating?.ep, r.rating?.ed, r.rating?.hardest, r.rating?.steps]
      .map(csvField)
      .join(','),
  );
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'csv', content: `${[header, ...body].join('\n')}\n` }));
}

async function sortCommand(client: BaseLanguageClient): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const doc = editor.document;
  const rows = await rateAll(client, doc, 'Rating puzzles to sort them');
  if (!rows) return;
  if (rows.some((r) => r.kind === 'grid')) {
    void vscode.window.showWarningMessage('Sorting works on one-puzzle-per-line collections; this file has grids.');
    return;
  }
  const puzzleLines = new Set(rows.map((r) => r.line));
  const keyOf = (r: PuzzleRow): number => (r.rating && isRated(r) ? (r.rating.status === 'stuck' ? 20 : Number(r.rating.er)) : Infinity);
  const sorted = [...rows].sort((a, b) => keyOf(a) - keyOf(b) || a.line - b.line);
  const others: string[] = [];
  for (let l = 0; l < doc.lineCount; l++) if (!puzzleLines.has(l)) others.push(doc.lineAt(l).text);
  while (others.length > 0 && others[others.length - 1] === '') others.pop();
  const text = [...others, ...sorted.map((r) => doc.lineAt(r.line).text)].join('\n') + '\n';
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  await vscode.workspace.applyEdit(edit);
}

async function normalizeCommand(client: BaseLanguageClient): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const edits = await client.sendRequest<{ range: Range; newText: string }[]>(NormalizeRequest, { uri: editor.document.uri.toString() });
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(editor.document.uri, toRange(e.range), e.newText);
  // Trailing spaces go too.
  for (let l = 0; l < editor.document.lineCount; l++) {
    const line = editor.document.lineAt(l);
    const trimmed = line.text.trimEnd().length;
    if (trimmed < line.text.length) edit.delete(editor.document.uri, new vscode.Range(l, trimmed, l, line.text.length));
  }
  await vscode.workspace.applyEdit(edit);
  void vscode.window.showInformationMessage(`Normalized ${edits.length} puzzle line(s).`);
}

async function convertCommand(client: BaseLanguageClient, uri?: string, line?: number): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const target = await vscode.window.showQuickPick(
    [
      { label: '81-char line', value: '81' as const },
      { label: '729-char pencilmark line', value: '729' as const },
      { label: '9-row grid (.sdk)', value: 'grid' as const },
    ],
    { title: 'Convert this puzzle to' },
  );
  if (!target) return;
  const at = { uri: uri ?? editor.document.uri.toString(), line: line ?? editor.selection.active.line, to: target.value };
  const answer = await client.sendRequest<ConvertResponse>(ConvertRequest, at);
  if (!answer.edit) {
    void vscode.window.showWarningMessage(answer.reason ?? 'Nothing to convert.');
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(vscode.Uri.parse(at.uri), toRange(answer.edit.range), answer.edit.newText);
  await vscode.workspace.applyEdit(edit);
  if (answer.reason) void vscode.window.showWarningMessage(answer.reason);
}

async function removeDuplicatesCommand(client: BaseLanguageClient): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const mode = await vscode.window.showQuickPick(
    [
      { label: 'Identical puzzles', value: 'exact' as const },
      { label: 'Also puzzles equivalent under the Sudoku symmetries', value: 'equivalent' as const },
    ],
    { title: 'Remove duplicate puzzles' },
  );
  if (!mode) return;
  const doc = editor.document;
  const dupes = await client.sendRequest<DuplicateLine[]>(DuplicatesRequest, { uri: doc.uri.toString(), mode: mode.value });
  const edit = new vscode.WorkspaceEdit();
  for (const d of dupes) edit.delete(doc.uri, new vscode.Range(d.firstLine, 0, d.lastLine + 1, 0));
  await vscode.workspace.applyEdit(edit);
  void vscode.window.showInformationMessage(
    dupes.length === 0 ? 'No duplicate puzzles.' : `Removed ${dupes.length} duplicate puzzle(s), e.g. line ${dupes[0].line + 1} (same as line ${dupes[0].duplicateOf + 1}).`,
  );
}

export function registerCollectionCommands(client: BaseLanguageClient): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('sudokuLens.rateAll', () => rateAllCommand(client)),
    vscode.commands.registerCommand('sudokuLens.exportCsv', () => exportCsvCommand(client)),
    vscode.commands.registerCommand('sudokuLens.sortByRating', () => sortCommand(client)),
    vscode.commands.registerCommand('sudokuLens.normalize', () => normalizeCommand(client)),
    vscode.commands.registerCommand('sudokuLens.removeDuplicates', () => removeDuplicatesCommand(client)),
    vscode.commands.registerCommand('sudokuLens.convert', (uri?: string, line?: number) => convertCommand(client, uri, line)),
  );
}
