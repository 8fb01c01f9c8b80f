/**
 * The one helper every LSP test uses: starts the bundled server (dist/server.js) over stdio
 * and speaks JSON-RPC to it, as an editor would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import {
  type ClientCapabilities,
  type InitializeResult,
  type ServerCapabilities,
  type PublishDiagnosticsParams,
  type ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';

export const ROOT = path.resolve(__dirname, '..', '..');
const SERVER = path.join(ROOT, 'dist', 'server.js');

export interface TestServer {
  connection: ProtocolConnection;
  pid: number;
  /** What the server answered to `initialize`. */
  capabilities: ServerCapabilities;
  /** Diagnostics pushed so far, by URI (latest wins). */
  pushed: Map<string, PublishDiagnosticsParams>;
  /** Resolves with the next push for `uri` that satisfies `accept`. */
  nextPush(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  /** The latest push for `uri` if it satisfies `accept`, else the next one that does. */
  pushMatching(uri: string, accept: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  open(uri: string, text: string, version?: number): void;
  stop(): Promise<void>;
}

export async function startServer(capabilities: ClientCapabilities = {}, settings: unknown = {}, server = SERVER): Promise<TestServer> {
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\` first`);
  const child: ChildProcess = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const pushed = new Map<string, PublishDiagnosticsParams>();
  const waiters: { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    pushed.set(p.uri, p);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.accept(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  connection.onRequest('workspace/configuration', () => [settings]);
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  connection.listen();
  const initialized = await connection.sendRequest<InitializeResult>('initialize', { processId: process.pid, rootUri: null, capabilities });
  connection.sendNotification('initialized', {});
  return {
    connection,
    pid: child.pid ?? 0,
    capabilities: initialized.capabilities,
    pushed,
    nextPush: (uri, accept = () => true) => new Promise((resolve) => waiters.push({ uri, accept, resolve })),
    pushMatching: (uri, accept) => {
      const latest = pushed.get(uri);
      return latest && accept(latest) ? Promise.resolve(latest) : new Promise((resolve) => waiters.push({ uri, accept, resolve }));
    },
    open: (uri, text, version = 1) =>
      connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sudoku', version, text } }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      const timer = setTimeout(() => child.kill(), 2000);
      await exited;
      clearTimeout(timer);
      connection.dispose();
    },
  };
}
