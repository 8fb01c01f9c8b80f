/**
 * The protocol's lifecycle (LSP 3.17, "Lifecycle Messages"): before `initialize`, requests are
 * answered ServerNotInitialized and notifications dropped; a second `initialize` is an
 * InvalidRequest; after `shutdown`, requests are answered InvalidRequest and notifications dropped.
 * `exit` always passes: vscode-languageserver then exits 0 after a shutdown, 1 without one.
 *
 * It sits in vscode-jsonrpc's MessageStrategy, which sees every incoming message in order before
 * any handler does, whatever the transport. A strategy cannot answer a request itself, so a
 * refused request is handed on under a method of our own whose handler answers the error it was
 * refused with (under the request's id, as the client expects).
 */
import { type Connection, type ConnectionOptions, ErrorCodes, Message, ResponseError } from 'vscode-languageserver';

const REFUSED = 'sudokuLens/lifecycle/refused';

type Phase = 'new' | 'running' | 'shut down';

export class Lifecycle {
  private phase: Phase = 'new';
  /** The errors of refused requests, by the key their rerouted params carry. */
  private readonly refusals = new Map<number, ResponseError<never>>();
  private refusedCount = 0;

  /** For createConnection: every incoming message passes through `admit`. */
  readonly options: ConnectionOptions = {
    messageStrategy: { handleMessage: (message, next) => this.admit(message, next) },
  };

  /** Answers the refused requests; call once the connection exists. */
  listen(connection: Connection): void {
    connection.onRequest(REFUSED, (params: { refusal?: unknown }) => {
      const key = Number(params?.refusal);
      const error = this.refusals.get(key);
      this.refusals.delete(key);
      // A client that sends this method itself gets what an unknown method gets.
      return error ?? new ResponseError(ErrorCodes.MethodNotFound, `Unhandled method ${REFUSED}`);
    });
  }

  private admit(message: Message, next: (message: Message) => void | Promise<void>): void | Promise<void> {
    if (!Message.isRequest(message) && !Message.isNotification(message)) return next(message); // responses to our requests
    const error = this.refusal(message.method);
    if (!error) {
      if (message.method === 'initialize') this.phase = 'running';
      else if (message.method === 'shutdown') this.phase = 'shut down';
      return next(message);
    }
    if (!Message.isRequest(message)) return; // a notification out of its phase is dropped
    const refusal = ++this.refusedCount;
    this.refusals.set(refusal, error);
    return next({ ...message, method: REFUSED, params: { refusal } } as Message);
  }

  /** Why `method` may not run in the current phase, or null when it may. */
  private refusal(method: string): ResponseError<never> | null {
    if (method === 'exit') return null;
    if (this.phase === 'new' && method !== 'initialize') {
      return new ResponseError(ErrorCodes.ServerNotInitialized, `${method}: the server is not initialized yet (initialize comes first)`);
    }
    if (this.phase === 'running' && method === 'initialize') return new ResponseError(ErrorCodes.InvalidRequest, 'initialize: the server is already initialized');
    if (this.phase === 'shut down') return new ResponseError(ErrorCodes.InvalidRequest, `${method}: the server is shut down (only exit is expected)`);
    return null;
  }
}
