/**
 * An open document as the editor has it, kept as lines and updated from the editor's incremental
 * changes: a new version of a 50,000-line collection costs what the edit touched, not a copy and
 * split of its 4 MB text. Each snapshot says which lines changed since the previous one, region by
 * region (edits far apart stay apart), so the reparse needs no line-by-line comparison and touches
 * only those regions. Lines end as editors (and LSP) say: CRLF, LF or a lone CR.
 */
import type { Range, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

/** Lines [oldStart, oldEnd) of the previous snapshot are lines [start, end) now. */
export interface LineChange {
  start: number;
  end: number;
  oldStart: number;
  oldEnd: number;
}

export interface LinesSnapshot {
  lines: readonly string[];
  /** What changed since the previous snapshot: disjoint regions in line order. */
  changes: readonly LineChange[];
}

/** Lines a change added (negative: removed). */
const growth = (c: LineChange): number => c.end - c.start - (c.oldEnd - c.oldStart);
/** More regions than this become one: a snapshot stays cheap to apply whatever was typed. */
const MAX_REGIONS = 64;

/** A text's lines and each one's line break ('' for the last). */
function splitKeepingBreaks(text: string): { lines: string[]; breaks: string[] } {
  const parts = text.split(/(\r\n|\r|\n)/);
  const lines: string[] = [];
  const breaks: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    lines.push(parts[i]);
    breaks.push(parts[i + 1] ?? '');
  }
  return { lines, breaks };
}

export class LineDocument {
  private lines: string[];
  private breaks: string[];
  /** `lines` is held by a snapshot: copied before the next change. */
  private shared = false;
  private changes: LineChange[];
  /** The line count of the previous snapshot. */
  private snapshotLength = 0;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    text: string,
  ) {
    ({ lines: this.lines, breaks: this.breaks } = splitKeepingBreaks(text));
    // A new document's lines are all new.
    this.changes = [{ start: 0, end: this.lines.length, oldStart: 0, oldEnd: 0 }];
  }

  /** One version's changes, in order (TextDocuments' update). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): this {
    for (const change of changes) {
      if ('range' in change) this.edit(change.range, change.text);
      else this.replace(change.text);
    }
    this.version = version;
    return this;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** The line break the document uses (its first; '\n' for a one-line text): what a rewrite writes between new lines. */
  get lineBreak(): string {
    return this.breaks.find((b) => b !== '') ?? '\n';
  }

  /** One line's text, without its line break ('' past the end). */
  lineText(line: number): string {
    return this.lines[line] ?? '';
  }

  getText(): string {
    return this.lines.map((line, i) => line + this.breaks[i]).join('');
  }

  /** The lines now, and which changed since the last snapshot. */
  snapshot(): LinesSnapshot {
    const snap = { lines: this.lines, changes: this.changes };
    this.shared = true;
    this.changes = [];
    this.snapshotLength = this.lines.length;
    return snap;
  }

  /** Current lines [start, end) were replaced by `count` lines: merged into the regions changed since the snapshot. */
  private changed(start: number, end: number, count: number): void {
    const added = count - (end - start);
    const kept: LineChange[] = [];
    let i = 0;
    let before = 0; // lines added by the regions before this one
    for (; i < this.changes.length && this.changes[i].end < start; i++) {
      kept.push(this.changes[i]);
      before += growth(this.changes[i]);
    }
    const merged = { start, end, oldStart: start - before, oldEnd: 0 };
    let within = before;
    for (; i < this.changes.length && this.changes[i].start <= end; i++) {
      const c = this.changes[i];
      if (c.start < merged.start) Object.assign(merged, { start: c.start, oldStart: c.oldStart });
      within += growth(c);
      if (c.end > merged.end) Object.assign(merged, { end: c.end, oldEnd: c.oldEnd });
    }
    if (merged.end === end) merged.oldEnd = end - within;
    merged.end += added;
    kept.push(merged);
    for (; i < this.changes.length; i++) kept.push({ ...this.changes[i], start: this.changes[i].start + added, end: this.changes[i].end + added });
    this.changes = kept;
    if (kept.length > MAX_REGIONS) {
      const last = kept[kept.length - 1];
      this.changes = [{ start: kept[0].start, end: last.end, oldStart: kept[0].oldStart, oldEnd: last.oldEnd }];
    }
  }

  private edit(range: Range, text: string): void {
    if (this.shared) {
      this.lines = this.lines.slice();
      this.shared = false;
    }
    const { lines, breaks } = this;
    const last = lines.length - 1;
    // As LSP says: a line past the end means the end, a character past the line's end its end.
    const at = ({ line, character }: Range['start']) => {
      if (line > last) return { line: last, character: lines[last].length };
      const l = Math.max(line, 0);
      return { line: l, character: Math.min(Math.max(character, 0), lines[l].length) };
    };
    let start = at(range.start);
    let end = at(range.end);
    if (end.line < start.line || (end.line === start.line && end.character < start.character)) [start, end] = [end, start];
    let from = start.line;
    let head = lines[from].slice(0, start.character);
    // Text typed just after a lone CR may start with the LF that makes the two one line break.
    if (start.character === 0 && from > 0 && breaks[from - 1] === '\r') head = lines[--from] + '\r';
    // Resplit with the end line's own break, so a CR typed before an LF joins it too.
    const replacement = splitKeepingBreaks(head + text + lines[end.line].slice(end.character) + breaks[end.line]);
    if (breaks[end.line] !== '') {
      // The empty start of the untouched line after the break.
      replacement.lines.pop();
      replacement.breaks.pop();
    }
    this.changed(from, end.line + 1, replacement.lines.length);
    const count = end.line - from + 1;
    if (replacement.lines.length < 10_000) {
      lines.splice(from, count, ...replacement.lines);
      breaks.splice(from, count, ...replacement.breaks);
    } else {
      // A paste that large would overflow splice's arguments.
      this.lines = lines.slice(0, from).concat(replacement.lines, lines.slice(end.line + 1));
      this.breaks = breaks.slice(0, from).concat(replacement.breaks, breaks.slice(end.line + 1));
    }
  }

  /** The whole text sent at once: the lines that differ are found by comparison. */
  private replace(text: string): void {
    const old = this.lines;
    const { lines, breaks } = splitKeepingBreaks(text);
    const common = Math.min(old.length, lines.length);
    let prefix = 0;
    while (prefix < common && old[prefix] === lines[prefix]) prefix++;
    let suffix = 0;
    while (suffix < common - prefix && old[old.length - 1 - suffix] === lines[lines.length - 1 - suffix]) suffix++;
    // Lines no change since the snapshot touched, at each end.
    const first = this.changes[0];
    const last = this.changes[this.changes.length - 1];
    if (first) prefix = Math.min(prefix, first.start);
    if (last) suffix = Math.min(suffix, old.length - last.end);
    this.changes = [{ start: prefix, end: lines.length - suffix, oldStart: prefix, oldEnd: this.snapshotLength - suffix }];
    this.lines = lines;
    this.breaks = breaks;
    this.shared = false;
  }
}
