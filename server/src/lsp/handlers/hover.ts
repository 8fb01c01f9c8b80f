/** The hover: the puzzle's picture with its ratings and UA rows, waiting a moment for them. */
import type { CancellationToken, Hover } from 'vscode-languageserver';
import { runSafe } from '../runSafe';
import { describeExtras } from '../../engine/whips/extraRatings';
import { describeRating } from '../../engine/se/rate';
import { hoverAt } from '../features/hover';
import type { Registration } from '../registration';
import type { Session } from '../session';

const HOVER_RATING_WAIT_MS = 1500;

/**
 * The hover's rating rows: waits a moment for the ratings, then says they are still coming. A
 * cancelled hover stops waiting at once; the ratings go on for whoever else waits for them.
 */
async function ratingRows(session: Session, uri: string, line: number, token: CancellationToken, parts: HoverParts): Promise<[string, string][]> {
  const { cache, ratings } = session;
  const puzzle = session.current(uri)?.parsed.puzzleAt(line);
  const analysis = puzzle ? cache.get(puzzle) : null;
  if (!puzzle?.text || !analysis || (analysis.status !== 'unique' && analysis.status !== 'unchecked')) return [];
  const pending = 'computing… (hover again in a moment)';
  const text = puzzle.text;
  const variant = cache.variant(puzzle);
  const [se, extras] = await Promise.all([
    analysis.status === 'unique' ? parts.time('SE', ratings.peek(text) ?? ratings.summaryWithin(text, HOVER_RATING_WAIT_MS, token)) : null,
    parts.time('W/BLISS', ratings.peekExtras(text, variant) ?? ratings.extrasWithin(text, variant, HOVER_RATING_WAIT_MS, token)),
  ]);
  const rows: [string, string][] = [];
  if (analysis.status === 'unique') rows.push(['SE rating', se ? describeRating(se) : `${pending}, or use the Rate lens`]);
  if (extras) rows.push(...describeExtras(extras));
  else rows.push(['W, BLISS', pending]);
  return rows;
}

/**
 * When each of the hover's parts came, in ms after the hover began (`known`: it was there at
 * once): the trace (`$/logTrace`) of a slow hover says what it waited for.
 */
class HoverParts {
  private readonly start = performance.now();
  private readonly times: string[] = [];

  time<T>(part: string, value: T | Promise<T>): Promise<T> {
    if (!(value instanceof Promise)) {
      this.times.push(`${part} known`);
      return Promise.resolve(value);
    }
    return value.finally(() => this.times.push(`${part} ${this.elapsed()}`));
  }

  elapsed(): string {
    return `${(performance.now() - this.start).toFixed(1)} ms`;
  }

  toString(): string {
    return this.times.join(', ');
  }
}

/**
 * Not a documentRequest: the position is read before the document is looked up, so that parameters
 * without one are answered with an error whether or not the document is open.
 */
export const HOVER: readonly Registration[] = [
  (session) =>
    session.connection.onHover((params, token) =>
      runSafe(session.connection, token, 'hover', async (): Promise<Hover | null> => {
        const { uri } = params.textDocument;
        const { line, character } = params.position;
        const puzzle = session.current(uri)?.parsed.puzzleAt(line);
        // The minimality check first: it takes milliseconds where a rating may take seconds.
        const parts = new HoverParts();
        const [uaRows, rows] = await Promise.all([
          parts.time('Minimal', session.ua.hoverRows(puzzle, session.cache, HOVER_RATING_WAIT_MS)),
          ratingRows(session, uri, line, token, parts).catch((): [string, string][] => []),
        ]);
        // The parse of the version current now: the text may have changed while the ratings came.
        const state = session.current(uri);
        if (!state) return null;
        const hover = hoverAt(state.parsed, session.cache, line, character, [...rows, ...uaRows], session.settings.hideSolutions);
        session.connection.tracer.log(`hover at line ${line + 1}: ${parts.elapsed()} (${parts})`);
        return hover;
      }),
    ),
];
