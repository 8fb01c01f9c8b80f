/** Node entry of the language server: stdio, IPC or socket, as the client's command line says. */
import * as path from 'node:path';
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { watchFraming } from './framing';
import { nodeWorkers } from '../jobs/nodeWorkers';
import { startServer } from './server';

startServer((options) => createConnection(ProposedFeatures.all, options), nodeWorkers(path.join(__dirname, 'ratingWorker.js')));

// Over stdio a malformed frame would leave the server deaf (framing.ts): say why and exit, so that
// the client notices and can start a new server. (IPC carries whole messages: nothing to check.)
if (process.argv.includes('--stdio')) {
  watchFraming(process.stdin, (fault) => {
    process.stderr.write(`sudoku-lens: malformed LSP message on stdin: ${fault}. Exiting: the client can start a new server.\n`);
    process.exit(1);
  });
}
