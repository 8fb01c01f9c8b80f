/**
 * Language-server benchmark on a 49,158-line collection (all 17-clue puzzles), driven
 * over stdio exactly as an editor would: time to syntax and to solver diagnostics after
 * open, hover latency while solving and after, code lenses and outline (what the editor asks
 * for after each typing pause), semantic tokens (whole file, a screenful),
 * typing latency, the longest stall while typing, and the server's memory.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Hover, LogTraceParams, Range, SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver-protocol/node';
import { startServer, type TestServer } from '../test/lsp/server';
import { FULL_TOKENS_MAX_LINES } from '../server/src/lsp/features/semanticTokens';
import { dataDir, option, percentile } from './common';

export const name = 'lsp';

const ms = (x: number): string => `${x.toFixed(1)} ms`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const latencies = (times: readonly number[]): string =>
  `n=${times.length} p50 ${ms(percentile(times, 50))} p90 ${ms(percentile(times, 90))} p95 ${ms(percentile(times, 95))} p99 ${ms(percentile(times, 99))} max ${ms(Math.max(...times))}`;

const randomLine = (lineCount: number, margin: number): number => margin + Math.floor(Math.random() * (lineCount - 2 * margin));
const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

/** What every step of the bench works on: the server, the collection open in it, and two probes of it. */
interface Bench {
  server: TestServer;
  uri: string;
  text: string;
  lineCount: number;
  /** How long a cell's hover takes (character 3: name, candidates; never waits for a rating). */
  hover(line: number, on?: string): Promise<number>;
  /** The lines in view once a step shows some: VS Code asks for their inlay hints again on each refresh. */
  view?: Range;
  /** The server's longest event-loop block since the last call, and its heap in use (see loopServer.ts). */
  serverState(): Promise<{ blockMs: number; heapMb: number }>;
}

export async function run(): Promise<void> {
  const file = path.join(dataDir(), 'tdoku', 'puzzles2_17_clue');
  const text = readFileSync(file, 'utf8');
  const loopFile = path.join(mkdtempSync(path.join(tmpdir(), 'sudoku-lens-bench-')), 'loop');
  process.env.SUDOKU_LENS_LOOP_FILE = loopFile;
  // As VS Code: when ratings arrive the server asks for the inlay hints again (answered in hoversInView).
  const server = await startServer({ workspace: { inlayHint: { refreshSupport: true } } }, {}, path.resolve(__dirname, 'bench-server.js'));
  const uri = 'file:///bench/puzzles2_17_clue.sdm';
  const bench: Bench = {
    server,
    uri,
    text,
    lineCount: text.split('\n').length,
    async hover(line, on = uri) {
      const start = performance.now();
      const h = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: on }, position: { line, character: 3 } });
      if (!h) throw new Error(`no hover on line ${line}`);
      return performance.now() - start;
    },
    async serverState() {
      process.kill(server.pid, 'SIGUSR2');
      for (let i = 0; i < 100 && !existsSync(loopFile); i++) await sleep(10);
      await sleep(50);
      const state = JSON.parse(readFileSync(loopFile, 'utf8'));
      rmSync(loopFile);
      return state;
    },
  };
  server.connection.onRequest('workspace/inlayHint/refresh', () => {
    if (bench.view) void server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: bench.view });
    return null;
  });
  try {
    const opening = await openCollection(bench);
    if (option('--only') === 'view') {
      // The issue-15 sequence alone (node dist/bench.js lsp --only view [--views N]), so that two builds can alternate in one run.
      const traced = process.argv.includes('--trace') ? await traceServer(bench) : undefined;
      const inView = await hoversInView(bench, Number(option('--views') ?? 100), traced);
      console.log(`\nlanguage server on ${path.basename(file)}: hover as VS Code asks, ${latencies(inView)}`);
      if (traced) slowestHovers(inView, traced.hovers);
      return;
    }
    const rssOpen = rssMb(server.pid);
    const hovers = await hoversAfterOpen(bench);
    const tokens = await semanticTokens(bench);
    const lenses = await wholeDocument(bench, 'textDocument/codeLens');
    const symbols = await wholeDocument(bench, 'textDocument/documentSymbol');
    const typing = await editThenHover(bench);
    const tokensDelta = await semanticTokensAfterEdits(bench, tokens.limitUri);
    const stalls = await typingStalls(bench);

    console.log(`\nlanguage server on ${path.basename(file)} (${bench.lineCount} lines)`);
    console.log(`  first diagnostics push (syntax) after open  ${ms(opening.quickAt)}`);
    console.log(`  all solver diagnostics after open           ${ms(opening.fullAt)}`);
    const during = opening.during;
    console.log(`  hover while solving: n=${during.length} p50 ${ms(percentile(during, 50))} p95 ${ms(percentile(during, 95))} max ${ms(Math.max(...during))}`);
    for (const [what, times] of [
      ['hover after, a random line at once', hovers.atOnce],
      ['hover after, in view', hovers.inView],
    ] as const) {
      console.log(`  ${what}: ${latencies(times)}`);
    }
    for (const [what, m] of [['code lenses', lenses], ['document symbols', symbols]] as const) {
      console.log(`  ${what}, whole document: p50 ${ms(percentile(m.times, 50))} max ${ms(Math.max(...m.times))} (${m.items} items, ${(m.bytes / 1e3).toFixed(0)} kB of JSON)`);
    }
    console.log(
      `  semantic tokens, whole file: none over ${FULL_TOKENS_MAX_LINES} lines; at ${FULL_TOKENS_MAX_LINES} lines p50 ${ms(percentile(tokens.full, 50))} (${tokens.count} tokens, ${(tokens.bytes / 1e6).toFixed(1)} MB of JSON)`,
    );
    console.log(`  semantic tokens after an edit (delta, ${FULL_TOKENS_MAX_LINES} lines): p50 ${ms(percentile(tokensDelta, 50))} p95 ${ms(percentile(tokensDelta, 95))}`);
    console.log(`  semantic tokens, 60-line range: p50 ${ms(percentile(tokens.range, 50))} p95 ${ms(percentile(tokens.range, 95))}`);
    console.log(`  edit + hover (reparse): p50 ${ms(percentile(typing, 50))} p95 ${ms(percentile(typing, 95))}`);
    for (const [what, { probes, block }] of [
      ['characters', stalls.overwrite],
      ['line breaks at the top, VS Code requests in pauses', stalls.lineBreaks],
    ] as const) {
      console.log(`  typing 10 keys/s (${what}):`);
      console.log(`    server's longest event-loop block ${ms(block)}; probe answers n=${probes.length} p50 ${ms(percentile(probes, 50))} p99 ${ms(percentile(probes, 99))} max ${ms(Math.max(...probes))}`);
    }
    const rssEnd = rssMb(server.pid);
    console.log(
      `  server memory (RSS): ${rssOpen.toFixed(0)} MB with the file solved; ${rssEnd.toFixed(0)} MB at the end (a second document, the requests above), heap in use then ${(await bench.serverState()).heapMb.toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * Opens the collection: when the first push (the quick pass) and the second (the solver pass)
 * arrive, and how long a user waits for hovers sent while the solver pass runs.
 */
async function openCollection({ server, uri, text, lineCount, hover }: Bench): Promise<{ quickAt: number; fullAt: number; during: number[] }> {
  const t0 = performance.now();
  const first = server.nextPush(uri);
  let pushes = 0;
  const full = server.nextPush(uri, () => ++pushes === 2); // the quick pass pushes first, the solver pass second
  let fullDone = false;
  let quickAt = 0;
  void first.then(() => (quickAt = performance.now() - t0));
  server.open(uri, text);
  const during: number[] = [];
  void full.then(() => (fullDone = true));
  await first;
  while (!fullDone) during.push(await hover(randomLine(lineCount, 5)));
  await full;
  return { quickAt, fullAt: performance.now() - t0, during };
}

/** Hovers once the collection is solved: on a random line at once, and as VS Code makes them. */
async function hoversAfterOpen(bench: Bench): Promise<{ atOnce: number[]; inView: number[] }> {
  // A hover on a random line at once: its puzzle's ratings are computed on demand, and the hover
  // waits for them (up to 1.5 s) to show them.
  const atOnce: number[] = [];
  for (let i = 0; i < 300; i++) atOnce.push(await bench.hover(randomLine(bench.lineCount, 5)));
  return { atOnce, inView: await hoversInView(bench, 50) };
}

/**
 * As in VS Code: the view moves to a random place (the editor asks for the inlay hints of the 60
 * lines in view, which queues their ratings in the background, and asks again whenever the server
 * says ratings arrived), then the mouse rests on a puzzle there for editor.hover.delay's 300 ms
 * before the hover is asked for.
 */
async function hoversInView(bench: Bench, views: number, traced?: ServerTrace): Promise<number[]> {
  const { server, uri, lineCount, hover } = bench;
  const inView: number[] = [];
  for (let i = 0; i < views; i++) {
    const top = Math.floor(Math.random() * (lineCount - 70));
    bench.view = { start: { line: top, character: 0 }, end: { line: top + 60, character: 0 } };
    await server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: bench.view });
    await sleep(300);
    if (traced) traced.asking = [];
    inView.push(await hover(top + Math.floor(Math.random() * 60)));
    if (traced?.asking) traced.hovers.push(traced.asking);
    if (traced) traced.asking = undefined;
  }
  bench.view = undefined;
  return inView;
}

/** The server's trace (`$/logTrace`) while each hover was asked for (`--trace`). */
interface ServerTrace {
  /** Per hover, the trace messages that came while it was asked for. */
  hovers: string[][];
  /** The messages of the hover asked for now. */
  asking?: string[];
}

/** Turns the server's trace on: a hover's parts and where its ratings ran (see handlers/hover.ts, services/ratings.ts). */
async function traceServer({ server }: Bench): Promise<ServerTrace> {
  const traced: ServerTrace = { hovers: [] };
  server.connection.onNotification('$/logTrace', ({ message }: LogTraceParams) => {
    traced.asking?.push(message);
  });
  await server.connection.sendNotification('$/setTrace', { value: 'verbose' });
  return traced;
}

/**
 * The slowest tenth of the hovers, each with what the server traced meanwhile: the hover's parts,
 * the jobs it promoted (queued when it came) or joined, and how many others started meanwhile.
 */
function slowestHovers(times: readonly number[], traces: readonly string[][]): void {
  // The handler's own time (its ratings' wait included), and the rest: waiting for the server's event loop, the pipe.
  const inHandler = traces.map((trace) => Number(/^hover at line \d+: ([\d.]+) ms/.exec(trace.find((m) => m.startsWith('hover')) ?? '')?.[1] ?? NaN));
  const outside = times.map((time, i) => time - inHandler[i]);
  console.log(`  in the hover handler: ${latencies(inHandler)}\n  outside it (event loop, pipe): ${latencies(outside)}`);
  const slowest = times.map((time, i) => ({ time, trace: traces[i] })).sort((a, b) => b.time - a.time);
  for (const { time, trace } of slowest.slice(0, Math.ceil(times.length / 10))) {
    const hover = trace.find((m) => m.startsWith('hover')) ?? 'no hover traced';
    const jobs = trace.filter((m) => / promoted| demoted| joined \((background|interactive)\) by a hover/.test(m)).map((m) => m.replace(/: \S+$/, ''));
    const others = trace.filter((m) => / started \(background\)/.test(m)).length;
    console.log(`  ${ms(time)}: ${hover}; ${[...jobs, `${others} background jobs started meanwhile`].join(', ')}`);
  }
}

/**
 * Semantic tokens: the whole file (VS Code asks once per version) and a screenful of 60 lines.
 * The whole collection is over the limit and gets none; a document of the limit's size (opened
 * here as `limitUri`) does.
 */
async function semanticTokens({ server, uri, text, lineCount }: Bench) {
  const hugeTokens = await server.connection.sendRequest<SemanticTokens | null>('textDocument/semanticTokens/full', { textDocument: { uri } });
  if (hugeTokens !== null) throw new Error(`whole-file tokens for ${lineCount} lines`);
  const limitUri = 'file:///bench/limit.sdm';
  server.open(limitUri, text.split('\n').slice(0, FULL_TOKENS_MAX_LINES).join('\n'));
  const full: number[] = [];
  let count = 0;
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const answer = await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: limitUri } });
    full.push(performance.now() - start);
    count = answer.data.length / 5;
    bytes = JSON.stringify(answer).length;
  }
  const range: number[] = [];
  for (let i = 0; i < 100; i++) {
    const line = Math.floor(Math.random() * (lineCount - 60));
    const view = { start: { line, character: 0 }, end: { line: line + 60, character: 0 } };
    const start = performance.now();
    await server.connection.sendRequest('textDocument/semanticTokens/range', { textDocument: { uri }, range: view });
    range.push(performance.now() - start);
  }
  return { limitUri, full, count, bytes, range };
}

/**
 * What VS Code asks for the whole document after every typing pause: its code lenses (only
 * around the view above sudokuLens.codeLens.maxPuzzles) and its outline (capped).
 */
async function wholeDocument({ server, uri }: Bench, method: string): Promise<{ times: number[]; items: number; bytes: number }> {
  const times: number[] = [];
  let answer: unknown[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    answer = await server.connection.sendRequest<unknown[]>(method, { textDocument: { uri } });
    times.push(performance.now() - start);
  }
  return { times, items: answer.length, bytes: JSON.stringify(answer).length };
}

/** Typing: one character changed, then a hover at once (the server reparses for it). */
async function editThenHover({ server, uri, lineCount, hover }: Bench): Promise<number[]> {
  const typing: number[] = [];
  for (let v = 2; v < 22; v++) {
    const line = randomLine(lineCount, 5);
    const start = performance.now();
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: v },
      contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 1 } }, text: '.' }],
    });
    await hover(line);
    typing.push(performance.now() - start);
  }
  return typing;
}

/** Semantic tokens after one edit: the whole file is recomputed, only the difference is sent. */
async function semanticTokensAfterEdits({ server }: Bench, limitUri: string): Promise<number[]> {
  const tokensDelta: number[] = [];
  let previous = (await server.connection.sendRequest<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: limitUri } })).resultId;
  for (let v = 100; v < 110; v++) {
    const line = randomLine(FULL_TOKENS_MAX_LINES, 5);
    server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: limitUri, version: v },
      contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 1 } }, text: '5' }],
    });
    const start = performance.now();
    const delta = await server.connection.sendRequest<SemanticTokensDelta>('textDocument/semanticTokens/full/delta', {
      textDocument: { uri: limitUri },
      previousResultId: previous,
    });
    tokensDelta.push(performance.now() - start);
    previous = delta.resultId;
  }
  return tokensDelta;
}

interface Stall {
  /** A probe's answer times while the typing went on. */
  probes: number[];
  /** The server's longest event-loop block meanwhile. */
  block: number;
}

/**
 * Typing at 10 keys a second for 4 s while a probe hovers a cell of a one-line document back to
 * back: the probe's slowest answer bounds the longest time the server was busy with the typing.
 */
async function typingStalls(bench: Bench): Promise<{ overwrite: Stall; lineBreaks: Stall }> {
  const { server, uri, text, lineCount, hover } = bench;
  const probeUri = 'file:///bench/probe.sdm';
  server.open(probeUri, `${text.split('\n').find((l) => /^[.0-9]{81}/.test(l))}\n`);
  await hover(0, probeUri);
  const change = (v: number, range: Range, newText: string) =>
    server.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ range, text: newText }] });
  // A character typed over the first of a random line.
  const overwrite = await longestStall(bench, probeUri, 200, (v) => {
    const line = randomLine(lineCount, 5);
    change(v, { start: { line, character: 0 }, end: { line, character: 1 } }, '.');
    return 100;
  });
  // Enter and Backspace near the top (every puzzle below moves a line), in bursts of four keys;
  // in each pause, what VS Code then asks for: the whole document's code lenses, outline and
  // folding, and the inlay hints and semantic tokens of the lines in view.
  const view = { start: { line: 0, character: 0 }, end: { line: 60, character: 0 } };
  const lineBreaks = await longestStall(bench, probeUri, 300, (v) => {
    if (v % 2 === 0) change(v, { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, '\n');
    else change(v, { start: { line: 3, character: 0 }, end: { line: 4, character: 0 } }, '');
    if (v % 4 !== 3) return 100;
    for (const method of ['textDocument/codeLens', 'textDocument/documentSymbol', 'textDocument/foldingRange']) void server.connection.sendRequest(method, { textDocument: { uri } });
    void server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: view });
    void server.connection.sendRequest('textDocument/semanticTokens/range', { textDocument: { uri }, range: view });
    return 400;
  });
  return { overwrite, lineBreaks };
}

/** 40 keystrokes from `firstVersion` on: `keystroke(v)` sends version v's change (and what VS Code asks after it) and says how long to wait. */
async function longestStall({ hover, serverState }: Bench, probeUri: string, firstVersion: number, keystroke: (v: number) => number): Promise<Stall> {
  await serverState(); // from now on
  const probes: number[] = [];
  let typingDone = false;
  const probing = (async () => {
    while (!typingDone) probes.push(await hover(0, probeUri));
  })();
  for (let v = firstVersion; v < firstVersion + 40; v++) await sleep(keystroke(v));
  await sleep(1000); // the last debounced quick pass
  typingDone = true;
  await probing;
  return { probes, block: (await serverState()).blockMs };
}
