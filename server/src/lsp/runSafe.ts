/**
 * What every request handler runs behind: a custom request's parameters are checked against their
 * shape in protocol.ts (InvalidParams, nothing logged: the client's mistake, not the server's), a
 * cancelled request is answered RequestCancelled, and an exception becomes one log line and an
 * InternalError answer instead of a stack trace in the log.
 */
import {
  type CancellationToken,
  type Connection,
  ErrorCodes,
  LSPErrorCodes,
  ParameterStructures,
  type RequestHandler,
  RequestType,
  ResponseError,
} from 'vscode-languageserver';
import { type CustomRequest, type ParamsOf, REQUEST_PARAMS } from '../protocol';
import { check } from '../shapes';

/** How a long handler shows its progress (work-done `$/progress`): a message and the percentage done. */
export type Report = (message: string, percentage: number) => void;

/** An exception's message and the place it was thrown: one line where a stack trace takes twenty. */
function oneLine(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const where = err.stack?.split('\n').find((line) => line.trim().startsWith('at '));
  return where ? `${err.message} (${where.trim()})` : err.message;
}

/** Runs a request handler unless it was cancelled, before it began or while it ran (the client no longer waits for the answer). */
export async function runSafe<T>(connection: Connection, token: CancellationToken, what: string, fn: () => T | Promise<T>): Promise<T | ResponseError<never>> {
  // Without data (`never`): fits any request's error type.
  const cancelled = () => new ResponseError<never>(LSPErrorCodes.RequestCancelled, `${what} cancelled`);
  if (token.isCancellationRequested) return cancelled();
  try {
    const result = await fn();
    return token.isCancellationRequested ? cancelled() : result;
  } catch (err) {
    const message = `${what} failed: ${oneLine(err)}`;
    connection.console.error(message);
    return new ResponseError<never>(ErrorCodes.InternalError, message);
  }
}

/** Registers a custom request's handler behind its parameters' check and runSafe. */
export function onCustomRequest<M extends CustomRequest>(
  connection: Connection,
  method: M,
  handler: (params: ParamsOf<M>, token: CancellationToken) => unknown,
): void {
  // Parameters by name: vscode-jsonrpc itself answers InvalidParams to none at all or to an array.
  const type = new RequestType<unknown, unknown, void>(method, ParameterStructures.byName);
  const guarded: RequestHandler<unknown, unknown, void> = (params, token) => {
    const checked = check(REQUEST_PARAMS[method], params, 'params');
    if (!checked.ok) return new ResponseError(ErrorCodes.InvalidParams, `${method}: ${checked.problem}`);
    return runSafe(connection, token, method, () => handler(checked.value, token));
  };
  connection.onRequest(type, guarded);
}
