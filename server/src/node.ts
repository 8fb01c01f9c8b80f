/** Node entry of the language server: stdio, IPC or socket, as the client's command line says. */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { startServer } from './server';

startServer(createConnection(ProposedFeatures.all));
