/**
 * The lines each document shows, as the client's range requests (inlay hints, semantic tokens of
 * a range) reveal them, and the window of lines a code lens answer covers around them. A large
 * document gets lenses only in that window; when the view leaves it, the client is asked (once,
 * debounced) to request lenses again.
 */
import type { Range } from 'vscode-languageserver';

/** Lines with lenses above and below the lines in view. */
export const LENS_MARGIN = 100;
/** How long the view must settle before a refresh is asked for. */
export const REFRESH_DELAY_MS = 150;

/** Lines `from` to `to`, both included. */
export interface LineSpan {
  from: number;
  to: number;
}

interface View {
  /** The latest range the client asked about. */
  shown?: LineSpan;
  /** The lines the last lens answer covered; undefined once a refresh is asked for, until the next answer. */
  covered?: LineSpan;
}

export class Viewports {
  private readonly views = new Map<string, View>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `refresh` asks the client for new lenses (when it can be asked). */
  constructor(private readonly refresh: () => void) {}

  /** The client shows `range` of `uri`; outside the lenses it has, they are asked for again. */
  show(uri: string, range: Range): void {
    const view = this.view(uri);
    const shown = { from: range.start.line, to: range.end.line };
    view.shown = shown;
    if (view.covered && (shown.from < view.covered.from || shown.to > view.covered.to)) {
      view.covered = undefined; // one refresh until the client has asked again
      this.refreshSoon();
    }
  }

  /**
   * The lines a lens answer for `uri` covers now: null (every line) unless the document is too
   * large, else the lines in view and a margin on each side (before any view is known, the first lines).
   */
  lensWindow(uri: string, large: boolean): LineSpan | null {
    const view = this.view(uri);
    const shown = view.shown;
    const window = !large ? null : shown ? { from: Math.max(0, shown.from - LENS_MARGIN), to: shown.to + LENS_MARGIN } : { from: 0, to: 2 * LENS_MARGIN };
    view.covered = window ?? { from: 0, to: Infinity };
    return window;
  }

  close(uri: string): void {
    this.views.delete(uri);
  }

  private view(uri: string): View {
    let view = this.views.get(uri);
    if (!view) this.views.set(uri, (view = {}));
    return view;
  }

  /** Scrolling sends a range request per step: one refresh once it settles. */
  private refreshSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refresh();
    }, REFRESH_DELAY_MS);
  }
}
