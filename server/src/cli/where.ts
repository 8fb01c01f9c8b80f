/**
 * `--where EXPR`: a recursive-descent parser for the filter language (its meaning is
 * jobs/filterLogic.ts). Every fault is a usage error at its 1-based column:
 *
 *   expr       := and ('or' and)*
 *   and        := unary ('and' unary)*
 *   unary      := 'not' unary | '(' expr ')' | predicate | comparison
 *   predicate  := ('uses' | 'hardest') '(' string ')'      an SE step name as the path prints it, or its first words
 *   comparison := operand ('<' | '<=' | '>' | '>=' | '==' | '!=') operand   (a field on one side at least)
 *   operand    := field | number
 */
import { STEP_NAMES, stepNamesFor } from '../engine/se/techniques';
import { COMPARISONS, type Comparison, FIELDS, type Field, type Operand, type Where } from '../jobs/filterLogic';
import { UsageError } from './io';

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'number'; value: number; text: string; at: number }
  | { kind: 'string'; value: string; text: string; at: number }
  | { kind: 'symbol'; text: string; at: number }
  | { kind: 'end'; text: ''; at: number };

const fault = (at: number, message: string): UsageError => new UsageError(`--where: at column ${at + 1}: ${message}`);

const describe = (t: Token): string => (t.kind === 'end' ? 'the end' : `'${t.text}'`);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z_0-9]*/.exec(source.slice(i));
    if (word) {
      tokens.push({ kind: 'word', text: word[0], at: i });
      i += word[0].length;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)/.exec(source.slice(i));
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), text: number[0], at: i });
      i += number[0].length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = source.indexOf(ch, i + 1);
      if (end < 0) throw fault(i, `the string is not closed (a ${ch} is missing)`);
      tokens.push({ kind: 'string', value: source.slice(i + 1, end), text: source.slice(i, end + 1), at: i });
      i = end + 1;
      continue;
    }
    const symbol = [...COMPARISONS, '(', ')'].find((s) => source.startsWith(s, i));
    if (!symbol) {
      const hint = ch === '=' ? " (equality is '==')" : ch === '&' || ch === '|' || ch === '!' ? " (use 'and', 'or', 'not')" : '';
      throw fault(i, `unexpected '${ch}'${hint}`);
    }
    tokens.push({ kind: 'symbol', text: symbol, at: i });
    i += symbol.length;
  }
  tokens.push({ kind: 'end', text: '', at: source.length });
  return tokens;
}

const KEYWORDS = new Set(['and', 'or', 'not']);
const PREDICATES = new Set(['uses', 'hardest']);
const isField = (w: string): w is Field => (FIELDS as readonly string[]).includes(w);
const FIELD_LIST = FIELDS.join(' ');

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private get next(): Token {
    return this.tokens[this.i];
  }

  private take(): Token {
    return this.tokens[this.i++];
  }

  private isWord(text: string): boolean {
    return this.next.kind === 'word' && this.next.text === text;
  }

  private expect(symbol: string, what: string): Token {
    if (this.next.kind !== 'symbol' || this.next.text !== symbol) throw fault(this.next.at, `expected ${what}, not ${describe(this.next)}`);
    return this.take();
  }

  whole(): Where {
    if (this.next.kind === 'end') throw fault(0, 'the expression is empty');
    const w = this.or();
    const rest = this.take();
    if (rest.kind !== 'end') throw fault(rest.at, `expected 'and', 'or' or the end, not ${describe(rest)}`);
    return w;
  }

  /** `operand (op operand)*`, grouped to the left. */
  private chain(op: 'and' | 'or', operand: () => Where): Where {
    let left = operand();
    while (this.isWord(op)) {
      this.take();
      left = { op, left, right: operand() };
    }
    return left;
  }

  private or(): Where {
    return this.chain('or', () => this.and());
  }

  private and(): Where {
    return this.chain('and', () => this.unary());
  }

  private unary(): Where {
    const t = this.next;
    if (t.kind === 'word' && t.text === 'not') {
      this.take();
      return { op: 'not', arg: this.unary() };
    }
    if (t.kind === 'symbol' && t.text === '(') {
      this.take();
      const inner = this.or();
      this.expect(')', `')' to close the '(' at column ${t.at + 1}`);
      return inner;
    }
    if (t.kind === 'word' && PREDICATES.has(t.text)) return this.predicate();
    return this.comparison();
  }

  private predicate(): Where {
    const name = this.take();
    this.expect('(', `'(' after '${name.text}'`);
    const arg = this.take();
    if (arg.kind !== 'string') throw fault(arg.at, `expected a technique name in quotes after '${name.text}(', not ${describe(arg)}`);
    const techniques = stepNamesFor(arg.value);
    if (techniques.length === 0) {
      throw fault(arg.at, `unknown technique '${arg.value}'; SE's techniques, as its path names them (or their first words): ${STEP_NAMES.join(', ')}`);
    }
    this.expect(')', `')' after the technique name`);
    return { op: name.text as 'uses' | 'hardest', techniques };
  }

  private operand(after: Token | null): Operand {
    const t = this.take();
    if (t.kind === 'number') return { number: t.value };
    if (t.kind === 'word' && isField(t.text)) return { field: t.text };
    if (t.kind === 'word' && !KEYWORDS.has(t.text)) throw fault(t.at, `unknown field '${t.text}'; fields: ${FIELD_LIST}`);
    const where = after ? `after '${after.text}'` : 'here';
    throw fault(t.at, `expected a number or a field ${where}, not ${describe(t)}`);
  }

  private comparison(): Where {
    const start = this.next;
    const left = this.operand(null);
    const op = this.next;
    if (op.kind !== 'symbol' || !(COMPARISONS as readonly string[]).includes(op.text)) {
      throw fault(op.at, `expected a comparison (< <= > >= == !=) after ${describe(start)}, not ${describe(op)}`);
    }
    this.take();
    const right = this.operand(op);
    if ('number' in left && 'number' in right) throw fault(start.at, 'this compares two numbers: one side must be a field');
    return { op: 'compare', cmp: op.text as Comparison, left, right };
  }
}

export function parseWhere(source: string): Where {
  return new Parser(tokenize(source)).whole();
}
