/** Plain data shared by the engine and every surface. Positions are 0-based, as in LSP. */

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface RelatedInfo {
  range: Range;
  message: string;
}

/** A diagnostic in the engine's terms; the server converts it to LSP at one boundary. */
export interface Finding {
  severity: Severity;
  /** Stable identifier, e.g. `duplicate-given`; documented in README.md. */
  code: string;
  message: string;
  range: Range;
  related?: RelatedInfo[];
}

export const range = (line: number, start: number, end: number, endLine = line): Range => ({
  start: { line, character: start },
  end: { line: endLine, character: end },
});
