/**
 * How the handler tables (lsp/handlers/) register: each entry is a small function of the session,
 * the open document, the parameters and the cancellation token. The document lookup, the answer for a
 * document that is not open and runSafe (cancellation, an exception as one log line) are done here,
 * once, for every handler.
 */
import { type CancellationToken, type Connection, type ResponseError, WorkDoneProgress } from 'vscode-languageserver';
import { type Report, onCustomRequest, runSafe } from './runSafe';
import type { CustomRequest, ParamsOf } from '../protocol';
import type { OpenDocument, Session } from './session';

/** One entry of a handler table: registers its handler on the session's connection. */
export type Registration = (session: Session) => void;

/** Registers every entry of the tables. */
export function register(session: Session, ...tables: (readonly Registration[])[]): void {
  for (const table of tables) for (const entry of table) entry(session);
}

type Handle<P, R> = (session: Session, open: OpenDocument, params: P, token: CancellationToken) => R;

/**
 * A custom request on the document `params.uri`, behind its parameters' check and runSafe
 * (onCustomRequest): `handle` gets the document with its current parse; a document that is not
 * open gets `notOpen`'s answer.
 */
export function puzzleRequest<M extends CustomRequest>(method: M, notOpen: (params: ParamsOf<M>, session: Session) => unknown, handle: Handle<ParamsOf<M>, unknown>): Registration {
  return (session) =>
    onCustomRequest(session.connection, method, (params, token) => {
      const open = session.open(params.uri);
      return open ? handle(session, open, params, token) : notOpen(params, session);
    });
}

/** A connection's registration of a handler for one LSP request (`(c, h) => c.onHover(h)`). */
type On<P, R> = (session: Session, handler: (params: P, token: CancellationToken) => Promise<R | ResponseError<never>>) => void;

/**
 * An LSP request on the document `params.textDocument.uri`, behind runSafe (named `what` in its
 * errors): `handle` gets the document with its current parse; a document that is not open gets `empty`.
 */
export function documentRequest<P extends { textDocument: { uri: string } }, R>(what: string, on: On<P, R>, empty: R, handle: Handle<P, R | Promise<R>>): Registration {
  return (session) =>
    on(session, (params, token) =>
      runSafe(session.connection, token, what, () => {
        const open = session.open(params.textDocument.uri);
        return open ? handle(session, open, params, token) : empty;
      }),
    );
}

/** Runs `work` under the client's work-done progress token (if it sent one): begin (`title`), its reports, end. */
export async function withProgress<T>(connection: Connection, token: string | number | undefined, title: string, work: (report: Report) => Promise<T>): Promise<T> {
  if (token === undefined) return work(() => undefined);
  void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'begin', title, cancellable: true });
  try {
    return await work((message, percentage) => void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'report', message, percentage: Math.round(percentage) }));
  } finally {
    void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'end' });
  }
}
