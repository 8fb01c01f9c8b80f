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
  type LogMessageParams,
  type ServerCapabilities,
  type PublishDiagnosticsParams,
  type ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';

export const ROOT = path.resolve(__dirname, '..', '..');
const SERVER = path.join(ROOT, 'dist', 'server.js');

/** A server process before `initialize`: what the lifecycle tests need. */
export interface SpawnedServer {
  connection: ProtocolConnection;
  pid: number;
  /** Diagnostics pushed so far, by URI (latest wins). */
  pushed: Map<string, PublishDiagnosticsParams>;
  /** `window/logMessage` notifications so far. */
  logs: LogMessageParams[];
  /** What the server wrote to stderr so far (also passed on to the test's stderr). */
  stderr(): string;
  /** The exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Resolves once the server has asked for the settings and the answer is on its way (before any later message). */
  configured: Promise<void>;
  /** Sends didChangeConfiguration with new `settings`; resolves once the server has asked for them and the answer is on its way. */
  reconfigure(settings: unknown): Promise<void>;
  /** Bytes written to the server's stdin as they are, outside any frame. */
  writeRaw(bytes: string | Buffer): void;
  /**
   * Writes these messages in one write, so that they reach the server together whatever the load
   * on this process; each request's promise resolves with its answer's result (or error).
   */
  sendTogether(messages: readonly { method: string; params: unknown; request?: boolean }[]): Promise<unknown>[];
  /** Resolves with the next push for `uri` that satisfies `accept`. */
  nextPush(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  /** The latest push for `uri` if it satisfies `accept`, else the next one that does. */
  pushMatching(uri: string, accept: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  open(uri: string, text: string, version?: number): void;
  /** Sends `initialize` and `initialized`. */
  initialize(capabilities?: ClientCapabilities): Promise<InitializeResult>;
  /** `shutdown` and `exit` if the server is still running; waits for the process to end. */
  stop(): Promise<void>;
}

export interface TestServer extends SpawnedServer {
  /** What the server answered to `initialize`. */
  capabilities: ServerCapabilities;
}

/** Starts the server without initializing it; `settings` (or the promise of them) answer workspace/configuration. */
export function spawnServer(settings: unknown = {}, server = SERVER): SpawnedServer {
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\` first`);
  const child: ChildProcess = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Answers to sendTogether's requests (ids of their own) are taken out before the connection sees them.
  const together = new Map<string, (answer: unknown) => void>();
  const reader = new StreamMessageReader(child.stdout!);
  const listen = reader.listen.bind(reader);
  reader.listen = (callback) =>
    listen((message) => {
      const answer = message as { id?: unknown; result?: unknown; error?: unknown };
      const waiting = typeof answer.id === 'string' ? together.get(answer.id) : undefined;
      if (!waiting) return callback(message);
      together.delete(answer.id as string);
      waiting(answer.error ?? answer.result);
    });
  const connection = createProtocolConnection(reader, new StreamMessageWriter(child.stdin!));
  let togetherIds = 0;
  // Writing to a server that has exited (the framing tests) is not this helper's error.
  child.stdin!.on('error', () => undefined);
  const pushed = new Map<string, PublishDiagnosticsParams>();
  const logs: LogMessageParams[] = [];
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
  connection.onNotification('window/logMessage', (p: LogMessageParams) => void logs.push(p));
  let current = settings;
  let answered: () => void = () => undefined;
  const configured = new Promise<void>((resolve) => (answered = resolve));
  connection.onRequest('workspace/configuration', async () => {
    const value = await current;
    // The answer is written once this handler has returned: resolve after that, so that whatever
    // the test sends next reaches the server behind the settings.
    setImmediate(answered);
    return [value];
  });
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  connection.listen();
  return {
    connection,
    pid: child.pid ?? 0,
    pushed,
    logs,
    stderr: () => stderr,
    exited,
    configured,
    writeRaw: (bytes) => child.stdin!.write(bytes),
    sendTogether(messages) {
      const answers: Promise<unknown>[] = [];
      const frames = messages.map(({ method, params, request }) => {
        const id = request ? `together-${++togetherIds}` : undefined;
        if (id) answers.push(new Promise((resolve) => together.set(id, resolve)));
        const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...(id ? { id } : {}), method, params }));
        return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
      });
      child.stdin!.write(Buffer.concat(frames));
      return answers;
    },
    reconfigure(next) {
      current = next;
      const reread = new Promise<void>((resolve) => (answered = resolve));
      void connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      return reread;
    },
    nextPush: (uri, accept = () => true) => new Promise((resolve) => waiters.push({ uri, accept, resolve })),
    pushMatching: (uri, accept) => {
      const latest = pushed.get(uri);
      return latest && accept(latest) ? Promise.resolve(latest) : new Promise((resolve) => waiters.push({ uri, accept, resolve }));
    },
    open: (uri, text, version = 1) =>
      connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sudoku', version, text } }),
    async initialize(capabilities = {}) {
      const result = await connection.sendRequest<InitializeResult>('initialize', { processId: process.pid, rootUri: null, capabilities });
      await connection.sendNotification('initialized', {});
      return result;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await connection.sendRequest('shutdown').catch(() => undefined);
        await connection.sendNotification('exit').catch(() => undefined);
        const timer = setTimeout(() => child.kill(), 2000);
        await exited;
        clearTimeout(timer);
      }
      connection.dispose();
    },
  };
}

export async function startServer(capabilities: ClientCapabilities = {}, settings: unknown = {}, server = SERVER): Promise<TestServer> {
  const spawned = spawnServer(settings, server);
  const initialized = await spawned.initialize(capabilities);
  return { ...spawned, capabilities: initialized.capabilities };
}
