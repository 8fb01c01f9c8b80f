/**
 * ARCHITECTURE.md stays true: its code map lists every source file of server/src and client/src,
 * under the heading of its folder, and every file it names (there or in the text) exists.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
/** Where a name in the text is looked for: the repository, then the source trees it is written from. */
const BASES = ['', 'server/src', 'server/src/engine', 'server/src/lsp', 'server/src/cli', 'client/src'];
const FILE = /^[\w./-]+\.(ts|json|mjs|css|md)$/;

/** The code map's files: `### \`folder/\`` headings, then `- \`name\`, \`name\` — …` bullets. */
function mapped(doc: string): string[] {
  const map = doc.slice(doc.indexOf('\n## Code map'), doc.indexOf('\n## ', doc.indexOf('\n## Code map') + 1));
  const files: string[] = [];
  let folder: string | undefined;
  for (const line of map.split('\n')) {
    const heading = /^### `([^`]+\/)`$/.exec(line);
    if (heading) folder = heading[1];
    else if (line.startsWith('- `')) {
      expect(folder, `"${line}" comes before any folder heading`).toBeDefined();
      const names = line.split(' — ')[0];
      for (const m of names.matchAll(/`([^`]+)`/g)) files.push(`${folder}${m[1]}`);
    }
  }
  return files;
}

/** Every .ts file under a source folder, relative to the repository. */
function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.posix.join(folder, f.split(path.sep).join('/')));
}

describe('ARCHITECTURE.md', () => {
  const listed = mapped(DOC);

  it('has a code map', () => {
    expect(listed.length).toBeGreaterThan(100);
  });

  it('lists every source file of server/src and client/src in its code map', () => {
    const missing = [...sources('server/src'), ...sources('client/src')].filter((f) => !listed.includes(f));
    expect(missing).toEqual([]);
  });

  it('lists only files that exist, each once', () => {
    expect(listed.filter((f) => !existsSync(path.join(ROOT, f)))).toEqual([]);
    expect(listed.filter((f, i) => listed.indexOf(f) !== i)).toEqual([]);
  });

  it('names only files that exist in its text', () => {
    const named = [...DOC.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]).filter((n) => FILE.test(n) && n.includes('/'));
    const stale = named.filter((n) => !BASES.some((base) => existsSync(path.join(ROOT, base, n))));
    expect(stale).toEqual([]);
  });
});
