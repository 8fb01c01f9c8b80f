/**
 * Command-line tool on the same engine as the language server. Each command family lives in
 * its own module; this entry reads the arguments, dispatches, and maps errors to exit codes:
 * 0 no puzzle has an error, 1 some do, 2 usage or I/O error.
 */
import { parseArgs } from 'node:util';
import { UsageError } from './io';
import { PUZZLE_COMMANDS, PUZZLE_OPTIONS, PUZZLE_USAGE, runPuzzleCommand } from './puzzles';

const USAGE = `Usage:
${PUZZLE_USAGE}
A DIR is read for .sdk, .sdm, .ss and .txt files. --json prints one JSON object per puzzle per line
(for path: one per step).
Exit status: 0 when no puzzle has an error, 1 when some do, 2 on usage or I/O errors.`;

function run(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...PUZZLE_OPTIONS, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...args] = positionals;
  if (PUZZLE_COMMANDS.includes(command)) return runPuzzleCommand(command, args, values);
  throw new UsageError(command ? `Unknown command '${command}'` : 'No command given');
}

try {
  process.exitCode = run(process.argv.slice(2));
} catch (err) {
  const usage = err instanceof UsageError || (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`sudoku-lens: ${(err as Error).message}\n${usage ? `${USAGE}\n` : ''}`);
  process.exitCode = 2;
}
