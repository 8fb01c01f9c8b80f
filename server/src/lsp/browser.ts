/**
 * Browser entry of the language server (dist/web/server.js), run by the web extension in a Web
 * Worker: LSP messages over the worker's postMessage. Ratings run in nested Web Workers started
 * from the rating worker's bundle, which the build inlines (RATING_WORKER_SOURCE): a Blob URL
 * needs no address of its own and passes the same-origin rule a worker script must meet.
 */
import workerpool from 'workerpool';
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import type { RatingWorkers } from '../jobs/workers';
import { startServer } from './server';

/** jobs/ratingWorker.ts bundled for a Web Worker: scripts/build.mjs defines it. */
declare const RATING_WORKER_SOURCE: string;
/** The worker's global scope (the typings at hand have no WebWorker lib). */
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0] & { navigator: { hardwareConcurrency?: number } };

const script = URL.createObjectURL(new Blob([RATING_WORKER_SOURCE], { type: 'text/javascript' }));
const workers: RatingWorkers = {
  cores: self.navigator.hardwareConcurrency || 2,
  pool: (maxWorkers) => workerpool.pool(script, { workerType: 'web', maxWorkers }),
};

startServer((options) => createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self), options), workers);
