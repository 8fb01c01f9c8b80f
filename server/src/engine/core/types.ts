/** Plain data shared by the engine and every surface. Positions are 0-based, as in LSP. */
import type { FindingCode, Severity } from './findingCodes';

export type { FindingCode, Severity };

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface RelatedInfo {
  range: Range;
  message: string;
}

/** A diagnostic in the engine's terms; the server converts it to LSP at one boundary. */
export interface Finding {
  severity: Severity;
  /** Stable identifier, e.g. `duplicate-given`: one of findingCodes.ts's table (README.md's Diagnostics). */
  code: FindingCode;
  message: string;
  range: Range;
  related?: RelatedInfo[];
}

export const range = (line: number, start: number, end: number, endLine = line): Range => ({
  start: { line, character: start },
  end: { line: endLine, character: end },
});
