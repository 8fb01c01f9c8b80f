/**
 * Progress of a long batch on stderr: a bar redrawn in place when stderr is a terminal, else
 * one line every ~5 s (so logs of a long run show it is alive), with count, rate and ETA.
 */
const BAR_WIDTH = 24;
const TTY_INTERVAL_MS = 100;
const LOG_INTERVAL_MS = 5_000;

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(s: string): unknown;
}

/** `0:07`, `12:34`, `1:02:03`. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// Whole units done (a search reports fractions of its tasks).
const count = (n: number): string => Math.floor(n).toLocaleString('en-US');

export class Progress {
  private done = 0;
  private readonly start: number;
  private lastDraw: number;
  private drawn = false;
  private logged = false;

  constructor(
    private readonly total: number,
    private readonly label: string,
    private readonly stream: ProgressStream = process.stderr,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.start = this.now();
    this.lastDraw = this.stream.isTTY ? -Infinity : this.start;
  }

  get tty(): boolean {
    return Boolean(this.stream.isTTY);
  }

  /** Rows per second so far. */
  rate(): number {
    const s = (this.now() - this.start) / 1000;
    return s > 0 ? this.done / s : 0;
  }

  text(): string {
    const rate = this.rate();
    const left = this.total - this.done;
    const pct = this.total > 0 ? (100 * this.done) / this.total : 100;
    const eta = rate > 0 ? duration(left / rate) : '?';
    return `${count(this.done)}/${count(this.total)} (${pct.toFixed(1)}%)  ${rate.toFixed(1)}/s  ETA ${eta}`;
  }

  tick(n = 1): void {
    this.done += n;
    const t = this.now();
    if (this.tty) {
      if (t - this.lastDraw >= TTY_INTERVAL_MS || this.done === this.total) this.draw(t);
    } else if (t - this.lastDraw >= LOG_INTERVAL_MS) {
      this.lastDraw = t;
      this.logged = true;
      this.stream.write(`${this.label}: ${this.text()}\n`);
    }
  }

  private draw(t: number): void {
    this.lastDraw = t;
    const filled = this.total > 0 ? Math.round((BAR_WIDTH * this.done) / this.total) : BAR_WIDTH;
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
    let line = `${this.label} ${bar} ${this.text()}`;
    if (this.stream.columns && line.length >= this.stream.columns) line = line.slice(0, this.stream.columns - 1);
    this.stream.write(`\r${line}\x1b[K`);
    this.drawn = true;
  }

  /** Takes the bar off the screen (before writing rows to the same terminal); the next tick redraws it. */
  clear(): void {
    if (this.drawn) {
      this.stream.write('\r\x1b[K');
      this.drawn = false;
      this.lastDraw = -Infinity;
    }
  }

  /** The bar is replaced by a last line with the totals (only if progress was shown at all). */
  finish(): void {
    this.clear();
    const seconds = (this.now() - this.start) / 1000;
    if (this.tty || this.logged) {
      this.stream.write(`${this.label}: ${count(this.done)} in ${duration(seconds)} (${this.rate().toFixed(1)}/s)\n`);
    }
  }
}
