/**
 * The TextMate grammar (syntaxes/sudoku.tmLanguage.json), tokenized with the
 * same engine VS Code uses (vscode-textmate + the Oniguruma wasm build).
 *
 * The scope names asserted here are a contract with the rest of the extension:
 * change them only together with their users.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import oniguruma from 'vscode-oniguruma';
import textmate from 'vscode-textmate';
import type { IGrammar, IToken, StateStack } from 'vscode-textmate';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GRAMMAR_PATH = join(ROOT, 'syntaxes/sudoku.tmLanguage.json');
const LANGUAGE_CONFIG_PATH = join(ROOT, 'language-configuration.json');
const FIXTURE_PATH = join(ROOT, 'test/fixtures/grammar.sdk');
const SCOPE = 'source.sudoku';

const S = {
  given: 'constant.numeric.given.sudoku',
  empty: 'punctuation.definition.empty-cell.sudoku',
  candidate: 'constant.numeric.candidate.sudoku',
  noCandidate: 'punctuation.definition.empty-candidate.sudoku',
  gridSep: 'punctuation.separator.grid.sudoku',
  header: 'meta.header.sudoku',
  headerTag: 'keyword.other.header.sudoku',
  headerValue: 'string.unquoted.header-value.sudoku',
  section: 'keyword.other.section.sudoku',
  comment: 'comment.line.sudoku',
  commentMark: 'punctuation.definition.comment.sudoku',
  directive: 'meta.directive.sudoku',
  directiveKeyword: 'keyword.control.directive.sudoku',
  trailing: 'meta.trailing.sudoku',
  rating: 'constant.other.rating.sudoku',
  puzzleLine: 'meta.puzzle.line.sudoku',
  pencilmarkLine: 'meta.puzzle.pencilmark.sudoku',
  gridRow: 'meta.grid.row.sudoku',
} as const;

// Top95 #1, Project Euler grid 01 ('0' for empty) and its solution.
const TOP95_1 = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const EULER_01 = '003020600900305001001806400008102900700000008006708200002609500800203009005010300';
const EULER_01_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';

/** A 729-char pencilmark line: givens keep their digit, empty cells get `cands`. */
function pencilmarks(puzzle: string, absent: '.' | '0', cands = '123456789'): string {
  let out = '';
  for (const ch of puzzle) {
    for (let d = 1; d <= 9; d++) {
      const present = ch >= '1' && ch <= '9' ? ch === String(d) : cands.includes(String(d));
      out += present ? String(d) : absent;
    }
  }
  return out;
}

let grammar: IGrammar;

beforeAll(async () => {
  const wasm = readFileSync(join(ROOT, 'node_modules/vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM({ data: wasm });
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName: string) =>
      scopeName === SCOPE ? textmate.parseRawGrammar(readFileSync(GRAMMAR_PATH, 'utf8'), GRAMMAR_PATH) : null,
  });
  const loaded = await registry.loadGrammar(SCOPE);
  if (!loaded) throw new Error(`grammar ${SCOPE} did not load`);
  grammar = loaded;
});

interface Tokenized {
  text: string;
  tokens: IToken[];
  state: StateStack;
  stoppedEarly: boolean;
}

/** Tokenize lines in order, carrying the rule stack like the editor does. */
function tokenizeLines(lines: readonly string[]): Tokenized[] {
  let state: StateStack = textmate.INITIAL;
  return lines.map((text) => {
    const result = grammar.tokenizeLine(text, state);
    state = result.ruleStack;
    return { text, tokens: result.tokens, state, stoppedEarly: result.stoppedEarly };
  });
}

const tokenize = (text: string): Tokenized => tokenizeLines([text])[0];

/** The full scope list of the character at `col`. */
function scopesAt(line: Tokenized, col: number): string[] {
  const token = line.tokens.find((t) => t.startIndex <= col && col < t.endIndex);
  if (!token) throw new Error(`no token at column ${col} of ${JSON.stringify(line.text)}`);
  return token.scopes;
}

/** The innermost scope of the character at `col`. */
const innermost = (line: Tokenized, col: number): string => scopesAt(line, col).at(-1)!;

/** Innermost scope of every character of `text`, as tokenized on its own. */
const innermostAll = (text: string): string[] => {
  const line = tokenize(text);
  return [...text].map((_, col) => innermost(line, col));
};

describe('manifest', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

  it('contributes the sudoku language with this language configuration', () => {
    const langs = pkg.contributes.languages as { id: string; extensions: string[]; configuration: string }[];
    const sudoku = langs.find((l) => l.id === 'sudoku');
    expect(sudoku).toBeDefined();
    expect(sudoku!.extensions).toEqual(expect.arrayContaining(['.sdk', '.ss']));
    expect(resolve(ROOT, sudoku!.configuration)).toBe(LANGUAGE_CONFIG_PATH);
    expect(existsSync(LANGUAGE_CONFIG_PATH)).toBe(true);
  });

  it('contributes this grammar for the sudoku language', () => {
    const grammars = pkg.contributes.grammars as { language: string; scopeName: string; path: string }[];
    const entry = grammars.find((g) => g.language === 'sudoku');
    expect(entry).toBeDefined();
    expect(entry!.scopeName).toBe(SCOPE);
    expect(resolve(ROOT, entry!.path)).toBe(GRAMMAR_PATH);
    const raw = JSON.parse(readFileSync(GRAMMAR_PATH, 'utf8'));
    expect(raw.scopeName).toBe(SCOPE);
  });

  it('has a language configuration with # line comments and a puzzle-sized word pattern', () => {
    const config = JSON.parse(readFileSync(LANGUAGE_CONFIG_PATH, 'utf8'));
    expect(config.comments.lineComment).toBe('#');
    const word = new RegExp(config.wordPattern, 'g');
    const line = `${TOP95_1} ED=9.0/1.2/1.2 top95 #1`;
    expect(line.match(word)).toEqual([TOP95_1, 'ED', '9.0', '1.2', '1.2', 'top95', '1']);
  });
});

describe('81-character puzzle lines', () => {
  it('scopes givens and empty cells, and the rating in the trailing text', () => {
    const text = `${TOP95_1} ED=9.0/1.2/1.2 top95 #1`;
    const line = tokenize(text);
    expect(scopesAt(line, 0)).toEqual([SCOPE, S.puzzleLine, S.given]);
    expect(scopesAt(line, 1)).toEqual([SCOPE, S.puzzleLine, S.empty]);
    expect(innermost(line, 4)).toBe(S.given);
    expect(innermost(line, 80)).toBe(S.empty);
    // Trailing text: the separating space, the rating, the name.
    expect(scopesAt(line, 81)).toEqual([SCOPE, S.puzzleLine, S.trailing]);
    const ed = text.indexOf('ED=');
    for (const col of [ed, ed + 3, text.indexOf('/1.2/1.2') + 7]) {
      expect(scopesAt(line, col)).toEqual([SCOPE, S.puzzleLine, S.trailing, S.rating]);
    }
    const name = text.indexOf('top95');
    expect(scopesAt(line, name)).toEqual([SCOPE, S.puzzleLine, S.trailing]);
    expect(scopesAt(line, text.indexOf('#1') + 1)).toEqual([SCOPE, S.puzzleLine, S.trailing]);
  });

  it('gives every cell exactly one of the two cell scopes', () => {
    const scopes = innermostAll(TOP95_1);
    expect(scopes).toEqual([...TOP95_1].map((ch) => (ch === '.' ? S.empty : S.given)));
  });

  it('treats 0 as an empty cell', () => {
    const scopes = innermostAll(EULER_01);
    expect(scopes).toEqual([...EULER_01].map((ch) => (ch === '0' ? S.empty : S.given)));
  });

  it('accepts - * _ x X as empty-cell markers', () => {
    const puzzle = `-*_xX${EULER_01.slice(5)}`;
    const scopes = innermostAll(puzzle);
    expect(scopes.slice(0, 5)).toEqual([S.empty, S.empty, S.empty, S.empty, S.empty]);
    expect(scopes[6]).toBe(S.given);
  });

  it('allows leading whitespace, like the parser', () => {
    const line = tokenize(`  ${TOP95_1} top95 #1`);
    expect(scopesAt(line, 0)).toEqual([SCOPE, S.puzzleLine]);
    expect(scopesAt(line, 2)).toEqual([SCOPE, S.puzzleLine, S.given]);
    expect(scopesAt(line, 83)).toEqual([SCOPE, S.puzzleLine, S.trailing]);
  });

  it('scopes the other rating forms', () => {
    for (const rating of ['ER=11.9/11.9/11.3', 'SE=7.1', 'EP=2.0/1.5']) {
      const text = `${TOP95_1}\t${rating}`;
      const line = tokenize(text);
      expect(innermost(line, 82)).toBe(S.rating);
      expect(innermost(line, text.length - 1)).toBe(S.rating);
    }
    // A rating key glued to another word is not a rating.
    const glued = tokenize(`${TOP95_1} XED=9.0`);
    expect(innermost(glued, 83)).toBe(S.trailing);
  });

  it('leaves a tdoku :N:solution tail as plain trailing text', () => {
    const text = `${EULER_01}:1:${EULER_01_SOLUTION}`;
    const line = tokenize(text);
    expect(innermost(line, 2)).toBe(S.given);
    for (const col of [81, 82, 83, 84, text.length - 1]) {
      expect(scopesAt(line, col)).toEqual([SCOPE, S.puzzleLine, S.trailing]);
    }
  });

  it('accepts trailing text introduced by # or ,', () => {
    expect(innermost(tokenize(`${TOP95_1}#1`), 81)).toBe(S.trailing);
    expect(innermost(tokenize(`${TOP95_1},name`), 83)).toBe(S.trailing);
  });

  it('does not scope malformed lines as puzzles', () => {
    const short = `${TOP95_1.slice(0, 80)} 80 characters`;
    const badChar = `${TOP95_1.slice(0, 10)}a${TOP95_1.slice(11)}`;
    const glued = `${TOP95_1}name`;
    const long = `${TOP95_1}.`;
    for (const text of [short, badChar, glued, long]) {
      expect(tokenize(text).tokens.every((t) => t.scopes.length === 1 && t.scopes[0] === SCOPE)).toBe(true);
    }
  });
});

describe('729-character pencilmark lines', () => {
  it('scopes candidates and absent markers by position', () => {
    const pm = pencilmarks(TOP95_1, '.', '1357');
    expect(pm).toHaveLength(729);
    const line = tokenize(pm);
    // Cell 0 is the given 4: only position 3 is a digit.
    expect(scopesAt(line, 3)).toEqual([SCOPE, S.pencilmarkLine, S.candidate]);
    expect(scopesAt(line, 0)).toEqual([SCOPE, S.pencilmarkLine, S.noCandidate]);
    // Cell 1 is empty: 1 3 5 7 present.
    expect(innermost(line, 9)).toBe(S.candidate);
    expect(innermost(line, 10)).toBe(S.noCandidate);
    expect(innermost(line, 15)).toBe(S.candidate);
    expect(innermost(line, 728)).toBe(S.noCandidate);
    expect([...pm].map((_, col) => innermost(line, col))).toEqual(
      [...pm].map((ch) => (ch === '.' ? S.noCandidate : S.candidate)),
    );
  });

  it('treats 0 as an absent candidate and takes trailing text', () => {
    const pm = pencilmarks(EULER_01, '0');
    const text = `${pm} SE=7.1 euler 01`;
    const line = tokenize(text);
    expect(innermost(line, 0)).toBe(S.candidate);
    expect(innermost(line, 18)).toBe(S.noCandidate); // cell 2 is the given 3: position 18 is '0'
    expect(innermost(line, 20)).toBe(S.candidate);
    expect(scopesAt(line, 729)).toEqual([SCOPE, S.pencilmarkLine, S.trailing]);
    expect(scopesAt(line, 730)).toEqual([SCOPE, S.pencilmarkLine, S.trailing, S.rating]);
    expect(scopesAt(line, text.indexOf('euler'))).toEqual([SCOPE, S.pencilmarkLine, S.trailing]);
  });

  it('does not read a 729 line as an 81 line, nor a 728 line as either', () => {
    const pm = pencilmarks(TOP95_1, '.');
    expect(scopesAt(tokenize(pm), 100)).not.toContain(S.puzzleLine);
    const short = tokenize(pm.slice(0, 728));
    expect(short.tokens.every((t) => t.scopes.length === 1)).toBe(true);
  });
});

describe('SadMan .sdk headers and grids', () => {
  it('scopes header tags and values', () => {
    for (const tag of ['A', 'B', 'C', 'D', 'L', 'S', 'U']) {
      const text = `#${tag} some value`;
      const line = tokenize(text);
      expect(scopesAt(line, 0)).toEqual([SCOPE, S.header, S.headerTag]);
      expect(scopesAt(line, 1)).toEqual([SCOPE, S.header, S.headerTag]);
      expect(scopesAt(line, 3)).toEqual([SCOPE, S.header, S.headerValue]);
      expect(scopesAt(line, text.length - 1)).toEqual([SCOPE, S.header, S.headerValue]);
    }
    expect(scopesAt(tokenize('#U'), 1)).toEqual([SCOPE, S.header, S.headerTag]);
    expect(scopesAt(tokenize('  #D indented'), 3)).toEqual([SCOPE, S.header, S.headerTag]);
  });

  it('scopes the [Puzzle] section line', () => {
    const line = tokenize('[Puzzle]');
    for (const col of [0, 1, 7]) expect(scopesAt(line, col)).toContain(S.section);
  });

  it('scopes 9-cell rows', () => {
    const line = tokenize('..3.4..1.');
    expect(scopesAt(line, 0)).toEqual([SCOPE, S.gridRow, S.empty]);
    expect(scopesAt(line, 2)).toEqual([SCOPE, S.gridRow, S.given]);
    expect(innermostAll('0030406x-')).toEqual([
      S.empty, S.empty, S.given, S.empty, S.given, S.empty, S.given, S.empty, S.empty,
    ]);
    // Eight or ten cells are not a row.
    expect(tokenize('..3.4..1').tokens.every((t) => t.scopes.length === 1)).toBe(true);
    expect(tokenize('..3.4..1..').tokens.every((t) => t.scopes.length === 1)).toBe(true);
  });
});

describe('Simple Sudoku .ss grids', () => {
  it('scopes rows with | and ! separators', () => {
    for (const text of ['..3|.4.|.1.', '..3!.4.!.1.']) {
      const line = tokenize(text);
      expect(innermost(line, 2)).toBe(S.given);
      expect(innermost(line, 0)).toBe(S.empty);
      expect(scopesAt(line, 3)).toEqual([SCOPE, S.gridRow, S.gridSep]);
      expect(innermost(line, 7)).toBe(S.gridSep);
      expect(innermost(line, 9)).toBe(S.given);
    }
    const bordered = tokenize('|..3|.4.|.1.|');
    expect(innermost(bordered, 0)).toBe(S.gridSep);
    expect(innermost(bordered, 3)).toBe(S.given);
    expect(innermost(bordered, 12)).toBe(S.gridSep);
    // Cells may be spaced out, as the parser allows.
    const spaced = tokenize(' . . 3 | . 4 . | . 1 . ');
    expect(innermost(spaced, 5)).toBe(S.given);
    expect(innermost(spaced, 7)).toBe(S.gridSep);
    expect(innermost(spaced, 9)).toBe(S.empty);
    expect(scopesAt(spaced, 10)).toEqual([SCOPE, S.gridRow]);
    // Rows of 8 or 10 cells are not rows.
    expect(tokenize('..3|.4.|.1').tokens.every((t) => t.scopes.length === 1)).toBe(true);
    expect(tokenize('..3|.4.|.1..').tokens.every((t) => t.scopes.length === 1)).toBe(true);
  });

  it('scopes separator rows', () => {
    for (const text of ['---+---+---', '-----------', '*-----------*', '|---+---+---|', '===+===+===', '------+-------+------']) {
      const line = tokenize(text);
      for (let col = 0; col < text.length; col++) expect(innermost(line, col)).toBe(S.gridSep);
    }
    // Nine '-' between bars are nine empty cells, as in the parser.
    const dashes = tokenize('|---|---|---|');
    expect(innermost(dashes, 0)).toBe(S.gridSep);
    expect(innermost(dashes, 1)).toBe(S.empty);
    // Long lines of dashes are not grid separators (the parser reads them as broken puzzles).
    expect(tokenize('-'.repeat(40)).tokens.every((t) => t.scopes.length === 1)).toBe(true);
    expect(tokenize('+-+-+').tokens.every((t) => t.scopes.length === 1)).toBe(true);
  });
});

describe('comments, directives and blank lines', () => {
  it('scopes # and // comments with their markers', () => {
    const hash = tokenize('# a note');
    expect(scopesAt(hash, 0)).toEqual([SCOPE, S.comment, S.commentMark]);
    expect(scopesAt(hash, 3)).toEqual([SCOPE, S.comment]);
    const slash = tokenize('// a note');
    expect(scopesAt(slash, 0)).toEqual([SCOPE, S.comment, S.commentMark]);
    expect(scopesAt(slash, 1)).toEqual([SCOPE, S.comment, S.commentMark]);
    expect(scopesAt(slash, 3)).toEqual([SCOPE, S.comment]);
  });

  it('keeps header-like comments that are not headers as comments', () => {
    for (const text of ['#Comment', '#A:', '# A note', '#X other', '#1']) {
      expect(scopesAt(tokenize(text), 1)).not.toContain(S.header);
      expect(scopesAt(tokenize(text), 1)).toContain(S.comment);
    }
  });

  it('scopes directives', () => {
    const text = '#! variant: X';
    const line = tokenize(text);
    expect(scopesAt(line, 0)).toContain(S.directive);
    expect(scopesAt(line, 0)).toContain(S.directiveKeyword);
    expect(scopesAt(line, 3)).toContain(S.directiveKeyword);
    expect(scopesAt(line, 12)).toContain(S.directive);
    expect(scopesAt(line, 12)).not.toContain(S.directiveKeyword);
    expect(scopesAt(line, 12)).not.toContain(S.comment);
  });

  it('gives a blank line nothing but the root scope', () => {
    for (const text of ['', '   ']) {
      const line = tokenize(text);
      expect(line.tokens.every((t) => t.scopes.length === 1 && t.scopes[0] === SCOPE)).toBe(true);
    }
  });
});

describe('documents', () => {
  it('tokenizes the fixture line by line with the expected line kinds', () => {
    const lines = readFileSync(FIXTURE_PATH, 'utf8').split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    const kindOf = (text: string): string => {
      if (text.trim() === '') return 'blank';
      if (text.startsWith('#!')) return S.directive;
      if (/^#[ABCDLSU](\s|$)/.test(text)) return S.header;
      if (text === '[Puzzle]') return S.section;
      if (text.startsWith('#') || text.startsWith('//')) return S.comment;
      if (/^[0-9.]{729}/.test(text)) return S.pencilmarkLine;
      if (/^[0-9.*_xX-]{81}/.test(text)) return S.puzzleLine;
      if (/^[*|]?-{3}[-+]-{3}[-+]-{3}[*|]?$/.test(text)) return S.gridSep;
      return S.gridRow;
    };
    const kinds = new Set<string>();
    const tokenized = tokenizeLines(lines);
    for (const line of tokenized) {
      const kind = kindOf(line.text);
      kinds.add(kind);
      if (kind === 'blank') {
        expect(scopesAt(line, 0)).toEqual([SCOPE]);
      } else {
        expect(scopesAt(line, 0), line.text).toContain(kind);
      }
      // Every rule is single-line: nothing may stay open at the end of a line.
      expect(line.state.equals(tokenized[0].state)).toBe(true);
    }
    expect(kinds.size).toBe(9);
  });

  it('tokenizes a long collection quickly and without leaking state', () => {
    const lines: string[] = ['# a long collection'];
    for (let i = 0; i < 2_000; i++) {
      // Rotate the digits so lines differ; mix every line kind.
      const rot = (s: string) => s.replace(/[1-9]/g, (d) => String(((+d + i) % 9) + 1));
      switch (i % 8) {
        case 0:
          lines.push(`${rot(TOP95_1)} ED=9.0/1.2/1.2 top95 #${i}`);
          break;
        case 1:
          lines.push(rot(EULER_01));
          break;
        case 2:
          lines.push(`${rot(EULER_01)}:1:${rot(EULER_01_SOLUTION)}`);
          break;
        case 3:
          lines.push(pencilmarks(rot(TOP95_1), i % 2 ? '0' : '.', '2468'));
          break;
        case 4:
          lines.push(`#A author ${i}`, '[Puzzle]', ...Array.from({ length: 9 }, (_, r) => rot(TOP95_1).slice(9 * r, 9 * r + 9)));
          break;
        case 5:
          lines.push('..3|.4.|.1.', '---+---+---', '-----------');
          break;
        case 6:
          lines.push(`// comment ${i}`, '#! variant: classic');
          break;
        default:
          lines.push('', `${rot(TOP95_1)}`);
      }
    }
    const start = performance.now();
    const tokenized = tokenizeLines(lines);
    const elapsed = performance.now() - start;
    expect(tokenized).toHaveLength(lines.length);
    const root = tokenized[0].state;
    let puzzles = 0;
    for (const line of tokenized) {
      expect(line.stoppedEarly).toBe(false);
      expect(line.state.equals(root)).toBe(true);
      if (line.tokens.some((t) => t.scopes.includes(S.puzzleLine) || t.scopes.includes(S.pencilmarkLine))) puzzles++;
    }
    expect(puzzles).toBe(1_250);
    // Generous bound: this takes well under a second on a laptop.
    expect(elapsed).toBeLessThan(10_000);
  });
});
