/**
 * Command-line tool on the same engine as the language server. Each command family lives in
 * its own module; this entry reads the arguments, dispatches, and maps errors to exit codes:
 * 0 no puzzle has an error, 1 some do, 2 usage or I/O error.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { BLISS_USAGE, runBlissCommand } from './blissCommand';
import { UsageError } from './io';
import { MINIMAL_USAGE, runMinimal } from './minimalCommand';
import { PATH_USAGE, PUZZLE_COMMANDS, PUZZLE_USAGE, runPuzzleCommand } from './puzzles';
import { RATE_USAGE, runRate } from './rateCommand';
import { SEARCH_USAGE, runSearch17, runSearchPattern } from './searchCommands';
import { stdoutFailed } from './stdout';
import { UA_USAGE, runUA } from './uaCommand';
import { workerCrash } from './workerFailure';

const USAGE = `Usage:
  sudoku-lens --version | --help
${PUZZLE_USAGE}
${RATE_USAGE}
${PATH_USAGE}
${BLISS_USAGE}
${MINIMAL_USAGE}
${UA_USAGE}
${SEARCH_USAGE}
A DIR is read for .sdk, .sdm, .ss and .txt files; '-' reads stdin; an argument that is a puzzle line
(81 or 729 characters) is that puzzle. --json prints one JSON object per puzzle per line
(for path: one per step).
Exit status: 0 when no puzzle has an error, 1 when some do (or a search ran out of budget), 2 on usage
or I/O errors (a GRID that is no solution grid, a PATTERN that is no x/. pattern, …); 130 on Ctrl-C.`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  'budget-nodes': { type: 'string' },
  'budget-ms': { type: 'string' },
  method: { type: 'string' },
  format: { type: 'string' },
  variant: { type: 'string' },
  level: { type: 'string' },
  workers: { type: 'string' },
  output: { type: 'string', short: 'o' },
  resume: { type: 'boolean' },
  'locked-candidates': { type: 'boolean' },
  grids: { type: 'string', multiple: true },
  clues: { type: 'string' },
  'max-size': { type: 'string' },
} as const;

type Option = keyof typeof OPTIONS;

/** The options each command reads (besides --help); any other is a usage error, not silently ignored. */
const COMMAND_OPTIONS: Record<string, readonly Option[]> = {
  check: ['json', 'budget-nodes', 'variant'],
  solve: ['json', 'budget-nodes', 'variant'],
  path: ['json', 'budget-nodes', 'budget-ms', 'variant', 'method'],
  rate: ['json', 'csv', 'format', 'method', 'variant', 'level', 'workers', 'output', 'resume', 'budget-ms', 'budget-nodes', 'locked-candidates'],
  bliss: ['json', 'level', 'variant', 'budget-ms', 'budget-nodes', 'locked-candidates'],
  minimal: ['json', 'budget-ms', 'budget-nodes'],
  ua: ['json', 'max-size', 'budget-ms', 'budget-nodes'],
  'search-pattern': ['json', 'grids', 'budget-ms', 'budget-nodes'],
  search17: ['json', 'clues', 'budget-ms', 'budget-nodes'],
};

/** package.json's version (dist/cli.js sits in dist/, beside the package's package.json). */
const version = (): string => (JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

function run(argv: string[]): number | Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const [command, ...args] = positionals;
  const allowed = Object.hasOwn(COMMAND_OPTIONS, command) ? COMMAND_OPTIONS[command] : null;
  const foreign = allowed && (Object.keys(values) as Option[]).find((o) => !allowed.includes(o));
  if (foreign) throw new UsageError(`--${foreign} is no option of '${command}'`);
  if (command === 'rate') return runRate(args, values);
  if (command === 'bliss') return runBlissCommand(args, values);
  if (command === 'minimal') return runMinimal(args, values);
  if (command === 'ua') return runUA(args, values);
  if (command === 'search-pattern') return runSearchPattern(args, values);
  if (command === 'search17') return runSearch17(args, values);
  if (PUZZLE_COMMANDS.includes(command)) return runPuzzleCommand(command, args, values);
  throw new UsageError(command ? `Unknown command '${command}'` : 'No command given');
}

/** Each command's lines of USAGE (its synopsis and the indented lines below it), by command name. */
function usageBlocks(): Map<string, string> {
  const blocks = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of USAGE.split('\n')) {
    const command = /^ {2}sudoku-lens ([a-z]\S*)/.exec(line)?.[1]; // not the --version | --help line
    if (command) blocks.set(command, (current = [line]));
    else if (current && line.startsWith('   ')) current.push(line);
    else current = null;
  }
  return new Map([...blocks].map(([command, lines]) => [command, lines.join('\n')]));
}

/** After a usage error: the synopsis of the command given (or the list of commands), not the whole help. */
function shortUsage(argv: string[]): string {
  const blocks = usageBlocks();
  const command = argv.find((a) => blocks.has(a));
  const what = command ? `Usage:\n${blocks.get(command)}` : `Usage: sudoku-lens COMMAND ARGUMENTS... [OPTIONS]; commands: ${[...blocks.keys()].join(', ')}`;
  return `${what}\n'sudoku-lens --help' lists every command and option.`;
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
