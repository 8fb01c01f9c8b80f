// The e2e checks of test/e2e/vscode.e2e.test.ts, through the VS Code API instead of the UI:
// diagnostics, hovers, inlay hints and code lenses of the samples, and the "Solve this line" command.
// Mocha (tdd ui, its globals) runs them inside the extension host of a VS Code with samples/ open:
// the web build's in VS Code for the Web (test/web, run by test/e2e/web.e2e.test.ts), the Node
// build's in VS Code desktop (test/e2e/electron; needs internet). Portable: no Node modules.
/// <reference types="mocha" />
import * as vscode from 'vscode';
import * as assert from './assert';

const EXTENSION_ID = 'sudoku-lens.sudoku-lens';
/** Ratings queue behind the background work that opening a collection starts (2 cores: one worker). */
const RATING_WAIT_MS = 75_000;
const FIRST_SOLUTION = '468931527751624839392578461134756298289413675675289314846192753513867942927345186';

function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'no workspace folder is open');
  return vscode.Uri.joinPath(folder, name);
}

/**
 * Resolves with `probe`'s first value other than undefined: probed now and after each of `events`
 * (the change the value waits for), failing after `timeoutMs`.
 */
function when<T>(what: string, events: vscode.Event<unknown>[], probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const subscriptions: vscode.Disposable[] = [];
    const done = (settle: () => void): void => {
      clearTimeout(deadline);
      for (const s of subscriptions) s.dispose();
      settle();
    };
    const check = (): void => {
      const value = probe();
      if (value !== undefined) done(() => resolve(value));
    };
    const deadline = setTimeout(() => done(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))), timeoutMs);
    for (const event of events) subscriptions.push(event(check));
    check();
  });
}

/**
 * Asks a provider (hover, inlay hints, code lenses) until its answer is there. The API has no event
 * for a provider's answer changing (the server's ratings arrive in its workers; the client only
 * learns of them by asking), so this one polls, with a deadline.
 */
async function untilProvided<T>(what: string, ask: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ask();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function hoverText(hovers: vscode.Hover[] | undefined): string {
  return (hovers ?? [])
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');
}

async function hoverAt(uri: vscode.Uri, line: number, character: number, mustContain: string, timeoutMs?: number): Promise<string> {
  return untilProvided(`a hover containing "${mustContain}"`, async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(line, character),
    );
    const text = hoverText(hovers);
    return text.includes(mustContain) ? text : undefined;
  }, timeoutMs);
}

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? d.code.value : d.code);

async function open(name: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(workspaceFile(name));
  await vscode.window.showTextDocument(doc);
  return doc;
}

suite('Sudoku Lens (VS Code API)', () => {
  let collection: vscode.TextDocument;

  suiteSetup(async () => {
    collection = await open('collection.sdm');
  });

  test('opening collection.sdm sets the language and activates the extension', async () => {
    assert.equal(collection.languageId, 'sudoku');
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed`);
    // Opening a sudoku document activates it; activate() resolves once that activation is done.
    await extension.activate();
    assert.ok(extension.isActive, `${EXTENSION_ID} did not activate`);
  });

  test('reports the broken lines as diagnostics with the right severities', async () => {
    const wanted: [string, vscode.DiagnosticSeverity][] = [
      ['appears twice', vscode.DiagnosticSeverity.Error],
      ['expected 81 or 729', vscode.DiagnosticSeverity.Error],
      ['Invalid character', vscode.DiagnosticSeverity.Error],
      ['no solution', vscode.DiagnosticSeverity.Error],
      ['at least 2 solutions', vscode.DiagnosticSeverity.Warning],
    ];
    const diagnostics = await when('the diagnostics of collection.sdm', [vscode.languages.onDidChangeDiagnostics], () => {
      const found = vscode.languages.getDiagnostics(collection.uri);
      return wanted.every(([fragment]) => found.some((d) => d.message.includes(fragment))) ? found : undefined;
    });
    for (const [fragment, severity] of wanted) {
      const matching = diagnostics.filter((d) => d.message.includes(fragment));
      assert.ok(
        matching.every((d) => d.severity === severity),
        `${fragment}: severities ${matching.map((d) => d.severity).join(', ')}`,
      );
    }
    const duplicate = diagnostics.find((d) => d.message.includes('appears twice'));
    assert.equal(duplicate && codeOf(duplicate), 'duplicate-given');
    // The first four puzzles (lines 2-5) are valid.
    assert.deepEqual(
      diagnostics.filter((d) => d.range.start.line <= 4 && d.severity <= vscode.DiagnosticSeverity.Warning),
      [],
    );
  });

  test('adds what the unavoidable sets tell: redundant clues, the unhit set of a puzzle with several solutions', async () => {
    // The rating workers' UA batches, queued by the full pass.
    const found = await when(
      'the unavoidable-set diagnostics',
      [vscode.languages.onDidChangeDiagnostics],
      () => {
        const diagnostics = vscode.languages.getDiagnostics(collection.uri);
        const redundant = diagnostics.filter((d) => codeOf(d) === 'redundant-clue');
        const unhit = diagnostics.find((d) => d.message.includes('unavoidable set not hit by any clue'));
        return redundant.length > 0 && unhit ? { redundant, unhit } : undefined;
      },
      RATING_WAIT_MS,
    );
    // Line 5, the "0 for empty" puzzle: r1c2=8 and r1c8=9 are redundant.
    assert.deepEqual(found.redundant.map((d) => [d.range.start.line, d.message.split(' ')[0]]), [[4, 'r1c2=8'], [4, 'r1c8=9']]);
    assert.equal(found.unhit.range.start.line, 10);
  });

  test('hovers the first puzzle with its format, solution status and ratings', async () => {
    // The ratings come from the rating workers: the hover says "computing…" until they are done.
    const text = await hoverAt(collection.uri, 1, 4, 'ED=9.0/1.2/1.2', RATING_WAIT_MS);
    assert.match(text, / · unique solution/);
    assert.match(text, /81/);
    await hoverAt(collection.uri, 1, 4, '| BLISS |', RATING_WAIT_MS);
  });

  test('shows each unique puzzle\'s rating as an inlay hint after its line', async () => {
    const range = new vscode.Range(0, 0, collection.lineCount, 0);
    const label = (h: vscode.InlayHint) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));
    // No hint until the rating is known; asking for hints queues it.
    const first = await untilProvided('the inlay hint of the first puzzle', async () => {
      const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', collection.uri, range);
      return hints?.filter((h) => h.position.line === 1).map(label)[0];
    }, RATING_WAIT_MS);
    assert.equal(first, 'ER 9.0');
  });

  test('shows "Solve this line" and "More…" lenses above each puzzle', async () => {
    const lenses = await untilProvided('the code lenses', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        collection.uri,
        10,
      );
      return found && found.some((l) => l.command) ? found : undefined;
    });
    const titles = lenses.filter((l) => l.range.start.line === 1).map((l) => l.command?.title);
    assert.ok(titles.includes('Solve this line'), `titles on line 2: ${titles.join(', ')}`);
    assert.ok(titles.includes('More…'), `titles on line 2: ${titles.join(', ')}`);
  });

  test('"Solve this line" opens the solution beside, and the solution can be inserted below', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      collection.uri,
      10,
    );
    const solve = lenses?.find((l) => l.range.start.line === 1 && l.command?.command === 'sudokuLens.solveLine');
    assert.ok(solve?.command, 'no "Solve this line" lens on line 2');
    // The command then waits on its "Insert solution below" message, which a test cannot click:
    // do not await it; insert through the command behind that button instead.
    Promise.resolve(vscode.commands.executeCommand(solve.command.command, ...(solve.command.arguments ?? []))).catch(
      () => undefined,
    );
    await when('a document showing the solution', [vscode.workspace.onDidOpenTextDocument, vscode.workspace.onDidChangeTextDocument], () =>
      vscode.workspace.textDocuments.find((d) => d !== collection && d.getText().includes(FIRST_SOLUTION)),
    );
    await vscode.window.showTextDocument(collection);
    try {
      await vscode.commands.executeCommand('sudokuLens.insertSolution', collection.uri.toString(), 1);
      await when('the solution on line 3', [vscode.workspace.onDidChangeTextDocument], () =>
        collection.lineAt(2).text.startsWith(FIRST_SOLUTION) ? true : undefined,
      );
      assert.match(collection.lineAt(1).text, /top95 #1/);
      assert.match(collection.lineAt(3).text, /Golden Nugget/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  test('"Show path" opens the solving path beside, from the rating workers', async () => {
    await vscode.commands.executeCommand('sudokuLens.showPath', collection.uri.toString(), 1);
    const path = await when(
      'the path document of line 2',
      [vscode.workspace.onDidOpenTextDocument, vscode.workspace.onDidChangeTextDocument],
      () => vscode.workspace.textDocuments.find((d) => d.getText().startsWith('# Line 2 of collection.sdm: ED=9.0/1.2/1.2')),
      RATING_WAIT_MS,
    );
    assert.match(path.getText(), /^ {2}1\. \d+\.\d {2}\S/m);
  });

  test('the grid view opens on the puzzle and names it in its title', async () => {
    await vscode.window.showTextDocument(collection);
    await vscode.commands.executeCommand('sudokuLens.openGrid', collection.uri.toString(), 1);
    const tab = await when('the grid view tab', [vscode.window.tabGroups.onDidChangeTabs], () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('Grid:')),
    );
    assert.equal(tab.label, 'Grid: collection.sdm line 2');
  });

  test('golden-nugget.sdk has no problems and its hover shows the header', async () => {
    const doc = await open('golden-nugget.sdk');
    const text = await hoverAt(doc.uri, 5, 0, 'Golden Nugget');
    assert.match(text, /#D|Description/);
    // The hover's solution status is the server's analysis, which the file's diagnostics come from.
    await hoverAt(doc.uri, 5, 0, 'unique solution');
    // A file with nothing to report changes no diagnostics, so no event says they are in: an edit
    // makes one. Its pass, on the analysis the hover saw, is published as the diagnostics of the
    // new version; the client sets them (even none), which onDidChangeDiagnostics names.
    let set = false;
    const noting = vscode.languages.onDidChangeDiagnostics((e) => (set ||= e.uris.some((u) => u.toString() === doc.uri.toString())));
    const published = when('the diagnostics of the edited golden-nugget.sdk', [vscode.languages.onDidChangeDiagnostics], () => set || undefined);
    try {
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, doc.lineAt(doc.lineCount - 1).range.end, '\n');
      assert.ok(await vscode.workspace.applyEdit(edit), 'the edit of golden-nugget.sdk was refused');
      await published;
      const problems = vscode.languages
        .getDiagnostics(doc.uri)
        .filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning);
      assert.deepEqual(problems.map((d) => d.message), []);
    } finally {
      noting.dispose();
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  test('puts what BLISS finds on a pencilmark line as diagnostics', async () => {
    const doc = await open('pencilmark.sdm');
    const found = await when(
      'a BLISS diagnostic on pencilmark.sdm',
      [vscode.languages.onDidChangeDiagnostics],
      () => vscode.languages.getDiagnostics(doc.uri).find((d) => codeOf(d) === 'bliss-placement'),
      RATING_WAIT_MS,
    );
    assert.match(found.message, /^BLISS\(1\): r\dc\d +=/);
  });
});
