/**
 * Shapes of plain JSON data: one definition gives both a TypeScript type (`Infer`) and the check
 * that a value received has it. protocol.ts defines each custom request's parameters with them, so
 * the client's calls and the server's check cannot drift apart. No LSP imports: the client loads it.
 */
export interface Shape<T> {
  /** What a valid value is, for messages: "a string", "an object {uri, line}". */
  readonly expected: string;
  /** Why `value` is not a T (naming `at`, its place in the parameters), or null when it is one. */
  readonly problem: (value: unknown, at: string) => string | null;
  /** A property of this shape may be left out. */
  readonly optional?: true;
  /** Carries T for `Infer`; never set. */
  readonly type?: T;
}

export type Infer<S> = S extends Shape<infer T> ? T : never;

/** A received value, briefly: enough to recognise it in a message. */
function sample(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}

/** A shape whose values pass `test`. */
function leaf<T>(expected: string, test: (value: unknown) => boolean): Shape<T> {
  return { expected, problem: (value, at) => (test(value) ? null : `${at} must be ${expected}, not ${sample(value)}`) };
}

const isInteger = (min: number) => (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= 2 ** 31 - 1;

export const text = leaf<string>('a string', (v) => typeof v === 'string');
export const flag = leaf<boolean>('true or false', (v) => typeof v === 'boolean');
/** LSP's `integer`. */
export const integer = leaf<number>('an integer', isInteger(-(2 ** 31)));
/** A 0-based line number (LSP's `uinteger`). */
export const lineNumber = leaf<number>('a line number (an integer from 0)', isInteger(0));
/** A count of things asked for: an integer from 1. */
export const positive = leaf<number>('a positive integer', isInteger(1));
/** A count or a figure that may be 0 (a clue count, ER in tenths, milliseconds). */
export const natural = leaf<number>('an integer from 0', isInteger(0));

/** One of the given strings. */
export const oneOf = <const V extends readonly string[]>(...values: V): Shape<V[number]> =>
  leaf(values.map((v) => JSON.stringify(v)).join(' or '), (v) => values.includes(v as string));

/** A value of either shape. */
export const either = <A, B>(a: Shape<A>, b: Shape<B>): Shape<A | B> =>
  leaf(`${a.expected} or ${b.expected}`, (v) => a.problem(v, '') === null || b.problem(v, '') === null);

/** A property that may be left out. */
export const optional = <T>(shape: Shape<T>): Shape<T> & { optional: true } => ({ ...shape, optional: true });

export function listOf<T>(item: Shape<T>): Shape<T[]> {
  const expected = `an array, each ${item.expected}`;
  return {
    expected,
    problem: (value, at) => {
      if (!Array.isArray(value)) return `${at} must be ${expected}, not ${sample(value)}`;
      for (let i = 0; i < value.length; i++) {
        const problem = item.problem(value[i], `${at}[${i}]`);
        if (problem) return problem;
      }
      return null;
    },
  };
}

type Props = Record<string, Shape<unknown>>;
type OptionalKeys<P extends Props> = { [K in keyof P]: P[K] extends { optional: true } ? K : never }[keyof P];
type Flat<T> = { [K in keyof T]: T[K] };
/** The object type of `record(props)`: optional properties may be missing. */
type RecordOf<P extends Props> = Flat<{ [K in Exclude<keyof P, OptionalKeys<P>>]: Infer<P[K]> } & { [K in OptionalKeys<P>]?: Infer<P[K]> }>;

/** An object with these properties (others are allowed: clients add their own, such as workDoneToken). */
export function record<P extends Props>(props: P): Shape<RecordOf<P>> {
  const expected = `an object {${Object.keys(props).join(', ')}}`;
  return {
    expected,
    problem: (value, at) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${at} must be ${expected}, not ${sample(value)}`;
      for (const [key, shape] of Object.entries(props)) {
        const v = (value as Record<string, unknown>)[key];
        if (v === undefined && shape.optional) continue;
        const problem = shape.problem(v, `${at}.${key}`);
        if (problem) return problem;
      }
      return null;
    },
  };
}

/** `value` as a T, or the first reason it is not one (naming it `at`). */
export function check<T>(shape: Shape<T>, value: unknown, at: string): { ok: true; value: T } | { ok: false; problem: string } {
  const problem = shape.problem(value, at);
  return problem === null ? { ok: true, value: value as T } : { ok: false, problem };
}
