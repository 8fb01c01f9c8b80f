/**
 * Command-line tool on the same engine as the language server. Each command family lives in
 * its own module; this entry reads the arguments, dispatches, and maps errors to exit codes:
 * 0 no puzzle has an error, 1 some do, 2 usage or I/O error.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { BLISS } from './blissCommand';
import { CANON } from './canonCommand';
import { type Command, HELP, type OptionSpec, commandHelp } from './command';
import { DEDUPE } from './dedupeCommand';
import { GENERATE } from './generateCommand';
import { UsageError } from './io';
import { MERGE } from './mergeCommand';
import { MINIMAL } from './minimalCommand';
import { CHECK } from './checkCommand';
import { PATH } from './pathCommand';
import { SOLVE } from './solveCommand';
import { STATS } from './statsCommand';
import { RATE } from './rateCommand';
import { SEARCH17 } from './search17Command';
import { SEARCH_PATTERN } from './searchPatternCommand';
import { stdoutFailed } from './stdout';
import { TRANSFORM } from './transformCommand';
import { UA } from './uaCommand';
import { workerCrash } from './workerFailure';

/** Every command, in the order the help lists them; each declares its options in its own module. */
const COMMANDS: readonly Command[] = [CHECK, SOLVE, RATE, STATS, PATH, BLISS, MINIMAL, UA, SEARCH_PATTERN, SEARCH17, GENERATE, CANON, TRANSFORM, DEDUPE, MERGE];
const byName = new Map(COMMANDS.map((c) => [c.name, c]));

const USAGE = `Usage:
  sudoku-lens --version | --help
  sudoku-lens COMMAND --help
${COMMANDS.map((c) => c.usage).join('\n')}
A DIR is read for .sdk, .sdm, .ss and .txt files; '-' reads stdin, as does no file at all when stdin
is a pipe; an argument that is a puzzle line (81 or 729 characters) is that puzzle. Rows come out as
the input is read. --json prints one JSON object per puzzle per line
(for path: one per step).
Exit status: 0 when no puzzle has an error, 1 when some do (or a search ran out of budget), 2 on usage
or I/O errors (a GRID that is no solution grid, a PATTERN that is no x/. pattern, …); 130 on Ctrl-C.`;

/**
 * Every command's options, and --version: options may come before the command's name, so the
 * arguments are read with all of them and then checked against the command's own.
 */
const OPTIONS: Record<string, OptionSpec> = Object.assign({ version: { type: 'boolean', short: 'V', help: 'the version' } }, HELP, ...COMMANDS.map((c) => c.options));

/** package.json's version (dist/cli.js sits in dist/, beside the package's package.json). */
const version = (): string => (JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

function run(argv: string[]): number | Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [name, ...args] = positionals;
  const command = name === undefined ? undefined : byName.get(name);
  if (values.help) {
    process.stdout.write(`${command ? commandHelp(command) : USAGE}\n`);
    return 0;
  }
  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (!command) throw new UsageError(name ? `Unknown command '${name}'` : 'No command given');
  const foreign = Object.keys(values).find((o) => !Object.hasOwn(command.options, o));
  if (foreign) throw new UsageError(`--${foreign} is no option of '${name}'`);
  // parseArgs read each option as the command declares it, and only the command's are left.
  return command.run(args, values as never);
}

/** After a usage error: the synopsis of the command given (or the list of commands), not the whole help. */
function shortUsage(argv: string[]): string {
  const command = argv.map((a) => byName.get(a)).find((c) => c !== undefined);
  const what = command ? `Usage:\n${command.usage}` : `Usage: sudoku-lens COMMAND ARGUMENTS... [OPTIONS]; commands: ${COMMANDS.map((c) => c.name).join(', ')}`;
  const more = command ? `'sudoku-lens ${command.name} --help' lists its options; ` : '';
  return `${what}\n${more}'sudoku-lens --help' lists every command.`;
}

/** One line on stderr, exit status 2: the message's first line (a crashed worker's dump reduced to its cause). */
function fail(err: unknown): void {
  const usage = err instanceof UsageError || (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
  const message = workerCrash(err) ?? String((err as Error)?.message ?? err).split('\n')[0];
  process.stderr.write(`sudoku-lens: ${message}\n${usage ? `${shortUsage(process.argv.slice(2))}\n` : ''}`);
  process.exitCode = 2;
}

process.stdout.on('error', stdoutFailed);

try {
  const code = run(process.argv.slice(2));
  if (typeof code === 'number') process.exitCode = code;
  else code.then((c) => (process.exitCode = c), fail);
} catch (err) {
  fail(err);
}
