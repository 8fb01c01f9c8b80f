import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SemanticTokens, SemanticTokensDelta, SemanticTokensLegend } from 'vscode-languageserver-protocol/node';
import { ROOT, type TestServer, startServer } from './server';

interface Token {
  line: number;
  character: number;
  length: number;
  type: string;
  modifiers: string[];
}

/** Undoes LSP's relative encoding: 5 numbers per token, line and start relative to the previous token. */
function decode(data: number[], legend: SemanticTokensLegend): Token[] {
  const tokens: Token[] = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
    const modifiers = legend.tokenModifiers.filter((_, bit) => data[i + 4] & (1 << bit));
    tokens.push({ line, character, length: data[i + 2], type: legend.tokenTypes[data[i + 3]], modifiers });
  }
  return tokens;
}

const COLLECTION = 'file:///samples/collection.sdm';
// r1c1 solved (one candidate: 5), r1c2 candidates 1 2, every other cell all nine.
const PENCILMARKS = '....5....' + '12.......' + '123456789'.repeat(79);
const GRID = ['#A someone', '..3|.4.|.1.', '---+---+---', ...Array<string>(8).fill('...|...|...')].join('\n');

describe('semantic tokens over stdio', () => {
  let server: TestServer;
  let legend: SemanticTokensLegend;
  const full = async (uri: string): Promise<Token[]> =>
    decode((await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } })).data, legend);
  const at = (tokens: Token[], line: number, character: number): Token | undefined =>
    tokens.find((t) => t.line === line && t.character <= character && character < t.character + t.length);

  beforeAll(async () => {
    server = await startServer();
    const provider = server.capabilities.semanticTokensProvider;
    expect(provider).toMatchObject({ full: { delta: true }, range: true });
    legend = provider!.legend;
    server.open(COLLECTION, readFileSync(path.join(ROOT, 'samples', 'collection.sdm'), 'utf8'));
  });
  afterAll(() => server.stop());

  it('declares its token types in package.json, each with a standard super type and TextMate scopes', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const declared = pkg.contributes.semanticTokenTypes.map((t: { id: string }) => t.id);
    const standard = ['comment', 'number'];
    for (const type of legend.tokenTypes) expect([...declared, ...standard]).toContain(type);
    for (const type of declared) expect(pkg.contributes.semanticTokenScopes[0].scopes[type]).toBeDefined();
    expect(pkg.contributes.semanticTokenModifiers.map((m: { id: string }) => m.id)).toEqual(legend.tokenModifiers);
  });

  it('colours givens, runs of empty cells and trailing text of 81-char lines', async () => {
    const tokens = await full(COLLECTION);
    // Line 2: 4...3.......6..8.. … top95 #1
    expect(at(tokens, 1, 0)).toEqual({ line: 1, character: 0, length: 1, type: 'given', modifiers: [] });
    expect(at(tokens, 1, 2)).toEqual({ line: 1, character: 1, length: 3, type: 'emptyCell', modifiers: [] });
    expect(at(tokens, 1, 4)).toMatchObject({ character: 4, length: 1, type: 'given' });
    expect(at(tokens, 1, 85)).toEqual({ line: 1, character: 82, length: 8, type: 'comment', modifiers: [] });
    // Line 3: the trailing rating is a number, the name after it a comment.
    expect(at(tokens, 2, 82)).toMatchObject({ character: 82, length: 'ED=11.9/11.9/11.3'.length, type: 'number' });
    expect(at(tokens, 2, 100)).toMatchObject({ character: 99, type: 'comment' });
    // Line 5 uses '0' for empty cells: 083020090…
    expect(at(tokens, 4, 0)).toMatchObject({ character: 0, length: 1, type: 'emptyCell' });
    expect(at(tokens, 4, 1)).toMatchObject({ character: 1, length: 2, type: 'given' });
    // Comments carry no token (the grammar colours them).
    expect(tokens.filter((t) => t.line === 0 || t.line === 5)).toEqual([]);
  });

  it('keeps the tokens of a broken line, with none on its invalid character', async () => {
    const tokens = await full(COLLECTION);
    // Line 9: .4.1..35.......a…: the 'a' at character 15.
    expect(at(tokens, 8, 15)).toBeUndefined();
    expect(at(tokens, 8, 14)).toMatchObject({ type: 'emptyCell' });
    expect(at(tokens, 8, 16)).toMatchObject({ character: 16, type: 'emptyCell' });
  });

  it('tells candidates from a 729 line\'s single-candidate cells, and reads grid rows', async () => {
    const uri = 'file:///tokens.sdm';
    server.open(uri, `${PENCILMARKS} #pm\n${GRID}\n`);
    const tokens = await full(uri);
    expect(at(tokens, 0, 0)).toMatchObject({ character: 0, length: 4, type: 'emptyCell' });
    expect(at(tokens, 0, 5)).toMatchObject({ character: 5, length: 4, type: 'emptyCell' });
    expect(at(tokens, 0, 4)).toEqual({ line: 0, character: 4, length: 1, type: 'given', modifiers: ['solved'] });
    expect(at(tokens, 0, 9)).toEqual({ line: 0, character: 9, length: 2, type: 'candidate', modifiers: [] });
    expect(at(tokens, 0, 12)).toMatchObject({ character: 11, length: 7, type: 'emptyCell' });
    // Cells r1c3 to r9c9 hold all nine candidates: one run of 79 × 9 characters.
    expect(at(tokens, 0, 18)).toMatchObject({ character: 18, length: 79 * 9, type: 'candidate' });
    expect(at(tokens, 0, 730)).toMatchObject({ character: 730, length: 3, type: 'comment' });
    // The grid: header line 1 has no token; row "..3|.4.|.1." on line 2; the separator none.
    expect(tokens.filter((t) => t.line === 1 || t.line === 3)).toEqual([]);
    expect(tokens.filter((t) => t.line === 2).map((t) => [t.character, t.length, t.type])).toEqual([
      [0, 2, 'emptyCell'], [2, 1, 'given'], [4, 1, 'emptyCell'], [5, 1, 'given'], [6, 1, 'emptyCell'], [8, 1, 'emptyCell'], [9, 1, 'given'], [10, 1, 'emptyCell'],
    ]);
  });

  it('answers a range with the tokens of its lines only', async () => {
    const all = await full(COLLECTION);
    const range = { start: { line: 2, character: 0 }, end: { line: 3, character: 200 } };
    const answer = await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/range', { textDocument: { uri: COLLECTION }, range });
    const tokens = decode(answer.data, legend);
    expect(tokens.length).toBeGreaterThan(10);
    expect(tokens).toEqual(all.filter((t) => t.line === 2 || t.line === 3));
  });

  it('sends a delta after an edit that, applied, gives the new full result', async () => {
    const uri = 'file:///delta.sdm';
    server.open(uri, readFileSync(path.join(ROOT, 'samples', 'rated.sdm'), 'utf8'));
    const first = await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } }, text: '5' }],
    });
    const delta = await server.connection.sendRequest<SemanticTokensDelta>('textDocument/semanticTokens/full/delta', {
      textDocument: { uri },
      previousResultId: first.resultId,
    });
    expect(delta.edits, JSON.stringify(delta)).toBeDefined();
    const data = [...first.data];
    for (const e of [...delta.edits].reverse()) data.splice(e.start, e.deleteCount, ...(e.data ?? []));
    const fresh = await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    expect(data).toEqual(fresh.data);
    expect(data).not.toEqual(first.data);
    expect(at(decode(data, legend), 2, 0)).toMatchObject({ character: 0, length: 1, type: 'given' });
  });

  it('gives a document over 10,000 lines no whole-file tokens (the grammar colours it), but still a range', async () => {
    const uri = 'file:///huge.sdm';
    const line = readFileSync(path.join(ROOT, 'samples', 'rated.sdm'), 'utf8').split('\n')[1];
    server.open(uri, `${Array<string>(10_001).fill(line).join('\n')}\n`);
    const full = await server.connection.sendRequest<SemanticTokens | null>('textDocument/semanticTokens/full', { textDocument: { uri } });
    expect(full).toBeNull();
    const delta = await server.connection.sendRequest<SemanticTokensDelta | null>('textDocument/semanticTokens/full/delta', {
      textDocument: { uri },
      previousResultId: '1',
    });
    expect(delta).toBeNull();
    const range = { start: { line: 9_999, character: 0 }, end: { line: 10_001, character: 0 } };
    const some = await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/range', { textDocument: { uri }, range });
    expect(decode(some.data, legend).map((t) => t.line)).toContain(10_000);
  });
});
