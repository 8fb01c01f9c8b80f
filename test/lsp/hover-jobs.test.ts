/**
 * A hover never rates its puzzle a second time while the view's background rating of it is queued
 * or running: it promotes or joins that job; the same for its W and BLISS figures, which the view
 * queues behind its SE ratings; while the hover's own jobs run, the background's ratings pause. Jobs
 * are counted from the server's trace
 * (`$/logTrace`, sent once the client sets the trace to verbose), and the test waits on those
 * messages, never on the clock.
 */
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hover, LogTraceParams } from 'vscode-languageserver-protocol/node';
import { dataPath } from '../dataPath';
import { type TestServer, startServer } from './server';

const URI = 'file:///hover-jobs.sdm';
const SER_42 = '.......173...8...............71....6....4.3...85......2.....84..1.7........5.....';
/** One hard puzzle per background worker (cores − 1), each holding its worker for the whole budget. */
const HARD = readFileSync(dataPath('forum-hardest-110626', 'HardestDatabase110626.txt'), 'utf8')
  .split('\n')
  .filter((l) => /^[.1-9]{81},/.test(l))
  .slice(0, Math.max(1, availableParallelism() - 1))
  .map((l) => l.slice(0, 81));
const TEXT = [...HARD, SER_42, ''].join('\n');
const TARGET_LINE = HARD.length;

describe('a hover and the background rating of its puzzle', () => {
  let server: TestServer;
  const trace: string[] = [];
  const waiters: { accept: (m: string) => boolean; resolve: () => void }[] = [];
  /** Resolves once the trace holds a message `accept` takes (already there, or the next to come). */
  const traced = (accept: (m: string) => boolean): Promise<void> =>
    trace.some(accept) ? Promise.resolve() : new Promise((resolve) => waiters.push({ accept, resolve }));

  beforeAll(async () => {
    // A budget long enough that the hard puzzles still hold the background workers when the hover comes.
    server = await startServer({ workspace: { configuration: true } }, { rating: { budgetMs: 20_000 } });
    server.connection.onNotification('$/logTrace', ({ message }: LogTraceParams) => {
      trace.push(message);
      for (const w of waiters.filter((w) => w.accept(message))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
    await server.connection.sendNotification('$/setTrace', { value: 'verbose' });
    await server.configured;
    server.open(URI, TEXT);
  });
  afterAll(() => server.stop());

  it('promotes the queued rating to the interactive pool instead of starting a second one', async () => {
    // The view's inlay hints queue every puzzle's SE rating: the hard ones take the background workers.
    await server.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri: URI }, range: { start: { line: 0, character: 0 }, end: { line: TARGET_LINE + 1, character: 0 } } });
    await Promise.all(HARD.map((p) => traced((m) => m === `rate started (background, summary): ${p}`)));
    expect(trace).toContain(`rate queued: ${SER_42}`);
    expect(trace).toContain(`extras queued (later): classic:${SER_42}`);

    const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line: TARGET_LINE, character: 0 } });
    expect(hover).not.toBeNull();
    // (If the rating took longer than the hover's wait, a `rate demoted` follows: it goes back to the queue.)
    expect(trace.filter((m) => m.startsWith('rate') && m.endsWith(SER_42)).slice(0, 4)).toEqual([
      `rate queued: ${SER_42}`,
      `rate joined (queued) by a hover or command: ${SER_42}`,
      `rate promoted: ${SER_42}`,
      `rate started (interactive): ${SER_42}`,
    ]);
    // The W and BLISS figures the view queued behind the SE ratings: promoted too, not computed twice.
    expect(trace.filter((m) => m.startsWith('extras') && m.endsWith(`classic:${SER_42}`)).slice(0, 4)).toEqual([
      `extras queued (later): classic:${SER_42}`,
      `extras joined (queued) by a hover or command: classic:${SER_42}`,
      `extras promoted: classic:${SER_42}`,
      `extras started (interactive): classic:${SER_42}`,
    ]);
    // Meanwhile the hard ratings left the cores to the hover's: paused, then resumed once its jobs ended.
    for (const p of HARD) {
      expect(trace.filter((m) => m.endsWith(p) && / (paused|resumed)/.test(m)).map((m) => m.replace(/\(\d+ pauses?\)/, '(n pauses)')).slice(0, 2)).toEqual([
        `rate paused (background): ${p}`,
        `rate resumed (n pauses): ${p}`,
      ]);
    }
  });

  it('joins the rating that runs in the background: no second one starts', async () => {
    const [first] = HARD;
    const hover = server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } });
    await traced((m) => m === `rate joined (background) by a hover or command: ${first}`);
    expect(trace.filter((m) => m.startsWith('rate started') && m.endsWith(first))).toEqual([`rate started (background, summary): ${first}`]);
    await hover; // answered after the hover's wait with "computing…": the rating goes on
    expect(trace.filter((m) => m.startsWith('rate') && m.endsWith(first))).not.toContainEqual(expect.stringMatching(/^rate (started \(interactive\)|demoted)/));
  });
});
