/**
 * Denis Berthier's resolution theories for Sudoku (PBCS 2015, CSP-Rules 2.1): BRT, whips and their typed
 * special cases, g-whips, braids; W / gW / B ratings by the simplest-first strategy; T&E depth and backdoor size.
 */
export { BRT_CONTRADICTION, BRT_SOLVED, BRT_STUCK, ResState, SINGLE_NAMES } from './brt';
export { type Chain, type ChainKind, ChainSearch, chainValid } from './chains';
export { type RuleSet, type WOptions, type WResult, type WStep, chainStep, chainText, wRating } from './rating';
export { type BackdoorOptions, type BackdoorResult, type TEOptions, type TEResult, backdoorSize, teDepth } from './te';
