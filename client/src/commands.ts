/** The commands behind the code lenses: they ask the server and show the answer. */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  BlissLogRequest,
  COMMANDS,
  type PathResponse,
  PathRequest,
  type PuzzleAt,
  type RateResponse,
  RateRequest,
  type SolveParams,
  type SolveResponse,
  SolveRequest,
  type ValidateResponse,
  ValidateRequest,
  WhipPathRequest,
} from '../../server/src/protocol';
import { registerMoreActions } from './moreActions';
import { SIDE_SCHEME, sideDocuments } from './sideDocuments';
import { sideDocumentLinks } from './sideLinks';
import { lensOrCursor } from './target';

const INSERT = 'Insert solution below';
const REVEAL = 'Reveal solution';

/** The lens's puzzle, else the cursor's line in the active editor, whichever it is (no warning without one). */
const target = (uri?: string, line?: number): PuzzleAt | undefined => lensOrCursor(uri, line, () => vscode.window.activeTextEditor);

async function insertSolution(uri: string, line: number, solution: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const edit = new vscode.WorkspaceEdit();
  const at = line < doc.lineCount ? new vscode.Position(line, 0) : doc.lineAt(doc.lineCount - 1).range.end;
  const text = line < doc.lineCount ? `${solution}\n` : `\n${solution}`;
  edit.insert(doc.uri, at, text);
  await vscode.workspace.applyEdit(edit);
}

async function solveLine(client: BaseLanguageClient, uri?: string, line?: number): Promise<void> {
  const at = target(uri, line);
  if (!at) return;
  const { puzzle } = await client.sendRequest<SolveResponse>(SolveRequest, at);
  if (!puzzle) {
    void vscode.window.showWarningMessage(`No puzzle on line ${at.line + 1}.`);
    return;
  }
  await sideDocuments.show(at.uri, `line ${puzzle.line + 1}`, puzzle.document);
  if (!puzzle.solution && !puzzle.hidden) {
    void vscode.window.showWarningMessage(`Line ${puzzle.line + 1}: ${puzzle.summary}.`);
    return;
  }
  // Spoiler protection: the solution comes only with one of these explicit choices.
  const choices = puzzle.hidden ? [REVEAL, INSERT] : [INSERT];
  const choice = await vscode.window.showInformationMessage(`Line ${puzzle.line + 1}: ${puzzle.summary}${puzzle.hidden ? ' (solution hidden)' : ''}.`, ...choices);
  if (!choice) return;
  const revealed = puzzle.hidden ? (await client.sendRequest<SolveResponse>(SolveRequest, { ...at, reveal: true } satisfies SolveParams)).puzzle : puzzle;
  if (!revealed?.solution) return;
  if (choice === REVEAL) await sideDocuments.show(at.uri, `line ${revealed.line + 1}`, revealed.document);
  else await insertSolution(at.uri, revealed.insertLine, revealed.solution);
}

async function validateLine(client: BaseLanguageClient, uri?: string, line?: number): Promise<void> {
  const at = target(uri, line);
  if (!at) return;
  const answer = await client.sendRequest<ValidateResponse>(ValidateRequest, at);
  const message = answer.message ?? `No puzzle on line ${at.line + 1}.`;
  const show =
    answer.severity === 'error'
      ? vscode.window.showErrorMessage
      : answer.severity === 'warning'
        ? vscode.window.showWarningMessage
        : vscode.window.showInformationMessage;
  void show(message);
}

async function rateLine(client: BaseLanguageClient, uri?: string, line?: number): Promise<void> {
  const at = target(uri, line);
  if (!at) return;
  const answer = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: `Rating line ${at.line + 1}…` },
    () => client.sendRequest<RateResponse>(RateRequest, at),
  );
  void vscode.window.showInformationMessage(answer.message ?? `No puzzle on line ${at.line + 1}.`);
}

/** The requests answered with a side document (`PathResponse`). */
type SideRequest = typeof PathRequest | typeof WhipPathRequest | typeof BlissLogRequest;

/** A side document the server writes for one puzzle (`kind`: path, BLISS log), or why there is none. */
async function showSide(client: BaseLanguageClient, request: SideRequest, kind: string, what: string, uri?: string, line?: number): Promise<void> {
  const at = target(uri, line);
  if (!at) return;
  const answer = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: `${what} of line ${at.line + 1}…` },
    () => client.sendRequest<PathResponse>(request, at),
  );
  if (answer.document) await sideDocuments.show(at.uri, `line ${at.line + 1} ${kind}`, answer.document);
  else void vscode.window.showWarningMessage(answer.reason ?? `No ${kind}.`);
}

export function registerCommands(client: BaseLanguageClient): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(SIDE_SCHEME, sideDocuments),
    vscode.commands.registerCommand(COMMANDS.rate.id, (uri?: string, line?: number) => rateLine(client, uri, line)),
    sideDocumentLinks(SIDE_SCHEME),
    vscode.commands.registerCommand(COMMANDS.path.id, (uri?: string, line?: number) => showSide(client, PathRequest, 'path', 'Solving path', uri, line)),
    vscode.commands.registerCommand(COMMANDS.whipPath.id, (uri?: string, line?: number) => showSide(client, WhipPathRequest, 'whip path', 'Whip path', uri, line)),
    vscode.commands.registerCommand(COMMANDS.blissLog.id, (uri?: string, line?: number) => showSide(client, BlissLogRequest, 'BLISS log', 'BLISS log', uri, line)),
    vscode.commands.registerCommand(COMMANDS.solve.id, (uri?: string, line?: number) => solveLine(client, uri, line)),
    vscode.commands.registerCommand(COMMANDS.validate.id, (uri?: string, line?: number) => validateLine(client, uri, line)),
    registerMoreActions(),
    vscode.commands.registerCommand(COMMANDS.insertSolution.id, async (uri?: string, line?: number) => {
      const at = target(uri, line);
      if (!at) return;
      // Inserting it is asking for it: spoiler protection does not hold it back.
      const { puzzle } = await client.sendRequest<SolveResponse>(SolveRequest, { ...at, reveal: true } satisfies SolveParams);
      if (puzzle?.solution) await insertSolution(at.uri, puzzle.insertLine, puzzle.solution);
      else void vscode.window.showWarningMessage(puzzle ? `Line ${puzzle.line + 1}: ${puzzle.summary}.` : `No puzzle on line ${at.line + 1}.`);
    }),
  );
}
