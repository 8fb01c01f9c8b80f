/**
 * Commands over a whole collection: Rate all (with progress and cancel), Export to CSV, Sort by
 * rating, Normalize lines, Remove duplicates, and Convert one puzzle between 81 / 729 / grid. The
 * server computes every change (rewrite.ts applies it: one undoable edit, refused once the file changed).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { isAnalysed } from './documents';
import {
  COMMANDS,
  type ConvertParams,
  ConvertRequest,
  type DuplicatesParams,
  DuplicatesRequest,
  NormalizeRequest,
  PuzzleLinesRequest,
  type PuzzleRow,
  RateInlineRequest,
  RateLinesRequest,
  type RewriteParams,
  SortRequest,
  fileName,
  isRated,
} from '../../server/src/protocol';
import { ratingList } from '../../server/src/ratingList';
import { rewrite } from './rewrite';
import { sideDocuments } from './sideDocuments';

const BATCH = 16;

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
  const doc = editor.document;
  const at: RewriteParams = { uri: doc.uri.toString(), version: doc.version };
  const rows = await rateAll(client, doc, 'Rating puzzles');
  if (!rows) return;
  if (where.value === 'inline') {
    // The ratings are cached now: the server writes them where the lines are at `version`.
    await rewrite(client, doc, 'Rate all', RateInlineRequest, at);
    return;
  }
  // A side document: the server does not analyse it, so it gets no lenses or inlay hints of its own.
  const source = doc.uri.toString();
  await sideDocuments.show(source, 'ratings', ratingList(fileName(source), rows));
  void vscode.window.showInformationMessage(`Rated ${rows.filter(isRated).length} of ${rows.length} puzzles.`);
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
  const at: RewriteParams = { uri: doc.uri.toString(), version: doc.version };
  // Rated in batches first, for the progress and Cancel; the sort then reads the cached ratings.
  if (!(await rateAll(client, doc, 'Rating puzzles to sort them'))) return;
  await rewrite(client, doc, 'Sort', SortRequest, at);
}

async function normalizeCommand(client: BaseLanguageClient): Promise<void> {
  const doc = activeSudoku()?.document;
  if (doc) await rewrite(client, doc, 'Normalize', NormalizeRequest, { uri: doc.uri.toString(), version: doc.version });
}

async function convertCommand(client: BaseLanguageClient, uri?: string, line?: number): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const doc = (uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)) || editor.document;
  const version = doc.version;
  const target = await vscode.window.showQuickPick(
    [
      { label: '81-char line', value: '81' as const },
      { label: '729-char pencilmark line', value: '729' as const },
      { label: '9-row grid (.sdk)', value: 'grid' as const },
    ],
    { title: 'Convert this puzzle to' },
  );
  if (!target) return;
  const at: ConvertParams = { uri: doc.uri.toString(), version, line: line ?? editor.selection.active.line, to: target.value };
  await rewrite(client, doc, 'Convert', ConvertRequest, at);
}

async function removeDuplicatesCommand(client: BaseLanguageClient): Promise<void> {
  const editor = activeSudoku();
  if (!editor) return;
  const doc = editor.document;
  const version = doc.version;
  const mode = await vscode.window.showQuickPick(
    [
      { label: 'Identical puzzles', value: 'exact' as const },
      { label: 'Also puzzles equivalent under the Sudoku symmetries', value: 'equivalent' as const },
    ],
    { title: 'Remove duplicate puzzles' },
  );
  if (!mode) return;
  const at: DuplicatesParams = { uri: doc.uri.toString(), version, mode: mode.value };
  await rewrite(client, doc, 'Remove duplicates', DuplicatesRequest, at);
}

export function registerCollectionCommands(client: BaseLanguageClient): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMANDS.rateAll.id, () => rateAllCommand(client)),
    vscode.commands.registerCommand(COMMANDS.exportCsv.id, () => exportCsvCommand(client)),
    vscode.commands.registerCommand(COMMANDS.sort.id, () => sortCommand(client)),
    vscode.commands.registerCommand(COMMANDS.normalize.id, () => normalizeCommand(client)),
    vscode.commands.registerCommand(COMMANDS.removeDuplicates.id, () => removeDuplicatesCommand(client)),
    vscode.commands.registerCommand(COMMANDS.convert.id, (uri?: string, line?: number) => convertCommand(client, uri, line)),
  );
}
