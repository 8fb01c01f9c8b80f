/**
 * How a command declares itself: its usage block and its options, each with one line of help.
 * The one declaration serves parsing (main.ts: an option the command does not declare is a usage
 * error), `sudoku-lens COMMAND --help` and the values' type its run function receives.
 */
import { DEFAULT_NODE_BUDGET } from '../engine/core/analyze';

export interface OptionSpec {
  type: 'boolean' | 'string';
  short?: string;
  multiple?: boolean;
  /** The value's name in help (`--budget-ms N`). */
  arg?: string;
  help: string;
}

export type OptionSpecs = Record<string, OptionSpec>;

/** The values node:util's parseArgs gives for these options. */
export type OptionValues<O extends OptionSpecs> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : O[K]['multiple'] extends true ? string[] : string;
};

export interface Command<O extends OptionSpecs = OptionSpecs> {
  name: string;
  /** Its lines of the general help: the synopsis, then what it does (indented). */
  usage: string;
  options: O;
  run(args: string[], values: OptionValues<O>): number | Promise<number>;
}

/** Typed against its own options: `run` gets exactly the values they declare. */
export const command = <O extends OptionSpecs>(c: Command<O>): Command<O> => c;

/** A boolean option and an option with a value, their types kept literal (OptionValues tells them apart). */
export const flag = (help: string) => ({ type: 'boolean', help }) as const;
export const valued = (arg: string, help: string) => ({ type: 'string', arg, help }) as const;

/** Options several commands take, with the same meaning. */
export const json = (what: string) => flag(`one JSON object per ${what} per line`);
export const budgetMs = (what: string) => valued('N', `milliseconds ${what}`);
export const BUDGET_NODES = valued('N', `the exact solver's node budget per puzzle (default ${DEFAULT_NODE_BUDGET})`);
export const VARIANT = valued('classic|X|P|PX', "the variant of puzzles without a '#! variant:' line (default classic)");
export const LEVEL = valued('1|2', 'the highest BLISS level: 1 for BLISS(1) only (default 2)');
export const LOCKED_CANDIDATES = flag("BLISS's DoSingles also applies locked candidates (pointing/claiming)");

/** The options every command takes besides its own. */
export const HELP = { help: { ...flag("this command's help"), short: 'h' } } satisfies OptionSpecs;

/** `sudoku-lens COMMAND --help`: its usage block, then its options one a line. */
export function commandHelp(c: Command): string {
  const options = Object.entries<OptionSpec>({ ...c.options, ...HELP }).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.arg ? ` ${o.arg}` : ''}`;
    return `  ${flag.padEnd(30)} ${o.help}${o.multiple ? ' (repeatable)' : ''}`;
  });
  return `Usage:\n${c.usage}\nOptions:\n${options.join('\n')}`;
}
