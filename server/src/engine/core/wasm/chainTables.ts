// The chaining tables the SE chain cores read (chainCore.ts, relevanceCore.ts; compiled into each
// by scripts/solverWasm.mjs, not tsc): tables.ts's, in the same order, laid out from address 0.
// A core calls fillChainTables once in its init and lays out its own memory from TABLES_END on.

export const HOUSE_CELLS: usize = 0; // u8[243]: SE's cells of each house
export const CELL_HOUSES: usize = 256; // u8[243]: a cell's box, row, column
export const CELL_INDEX: usize = 512; // u8[243]: the cell's index in each of them
// u16[243]: per cell and house, its cells not peers met first there
export const PEER_SKIP: usize = 768;
export const POPCOUNT9: usize = 1280; // u8[512]
/** Where the tables end. */
export const TABLES_END: usize = 1792;

// A link's cause, as tables.ts numbers them.
export const CAUSE_CELL: u8 = 1;
export const CAUSE_BOX: u8 = 2;
export const CAUSE_ROW: u8 = 3;
export const CAUSE_COLUMN: u8 = 4;

/** The cause of a link in a cell's house `k` (0 box, 1 row, 2 column: CELL_HOUSES' order). */
// @ts-ignore: decorator
@inline
export function houseCause(k: i32): u8 {
  return k === 0 ? CAUSE_BOX : k === 1 ? CAUSE_ROW : CAUSE_COLUMN;
}

/** Fills the tables (the memory must already hold TABLES_END bytes). */
export function fillChainTables(): void {
  for (let h = 0; h < 27; h++) {
    for (let i = 0; i < 9; i++) {
      let cell: i32;
      if (h < 9) cell = h * 9 + i;
      else if (h < 18) cell = i * 9 + (h - 9);
      else {
        const b = h - 18;
        cell = 27 * (b / 3) + 3 * (b % 3) + 9 * (i / 3) + (i % 3);
      }
      store<u8>(HOUSE_CELLS + <usize>(h * 9 + i), <u8>cell);
    }
  }
  for (let c = 0; c < 81; c++) {
    const r = c / 9;
    const col = c % 9;
    const at = <usize>(3 * c);
    store<u8>(CELL_HOUSES + at, <u8>(18 + 3 * (r / 3) + col / 3));
    store<u8>(CELL_HOUSES + at + 1, <u8>r);
    store<u8>(CELL_HOUSES + at + 2, <u8>(9 + col));
    const inBox = 3 * (r % 3) + (col % 3);
    store<u8>(CELL_INDEX + at, <u8>inBox);
    store<u8>(CELL_INDEX + at + 1, <u8>col);
    store<u8>(CELL_INDEX + at + 2, <u8>r);
    const boxSkip: i32 = 1 << inBox;
    const rowSkip: i32 = 7 << (3 * (col / 3));
    const colSkip: i32 = 7 << (3 * (r / 3));
    store<u16>(PEER_SKIP + 2 * at, <u16>boxSkip);
    store<u16>(PEER_SKIP + 2 * at + 2, <u16>rowSkip);
    store<u16>(PEER_SKIP + 2 * at + 4, <u16>colSkip);
  }
  for (let m = 0; m < 512; m++) store<u8>(POPCOUNT9 + <usize>m, <u8>popcnt<i32>(m));
}
