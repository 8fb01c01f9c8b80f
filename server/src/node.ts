/** Node entry of the language server: stdio, IPC or socket, as the client's command line says. */
import * as path from 'node:path';
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { nodeWorkers } from './nodeWorkers';
import { startServer } from './server';

startServer((options) => createConnection(ProposedFeatures.all, options), nodeWorkers(path.join(__dirname, 'ratingWorker.js')));
