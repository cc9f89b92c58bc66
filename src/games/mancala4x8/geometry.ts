/**
 * The 4 x 8 board: pit names, indices, each side's circuit and the
 * neighbour tables the sowing loop walks (see shared/rules/mancala-4x8.md,
 * "Geometry and names").
 *
 * A pit's index is `row * 8 + (column - 1)` with rows A=0, B=1, C=2, D=3, so
 * the board is a `Uint8Array(32)` in the order A1…A8, B1…B8, C1…C8, D1…D8.
 */

export const ROWS = ["A", "B", "C", "D"] as const;
export type Row = (typeof ROWS)[number];
export type FourRowSide = "S" | "N";

export const PIT_COUNT = 32;

/** `A1` … `D8` by index. */
export const PIT_NAMES: readonly string[] = Array.from(
  { length: PIT_COUNT },
  (_, i) => `${ROWS[i >> 3]}${(i & 7) + 1}`,
);

export function pitIndex(name: string): number {
  return PIT_NAMES.indexOf(name);
}

/** Direction: clockwise (`+`) or counter-clockwise (`-`), seen from above. */
export const CW = 0;
export const CCW = 1;
export type Direction = typeof CW | typeof CCW;
export const DIRECTION_SIGNS = ["+", "-"] as const;

/** 0 for South (rows A, B), 1 for North (rows C, D). */
export function sideIndex(side: FourRowSide): 0 | 1 {
  return side === "S" ? 0 : 1;
}

export function ownerOf(pit: number): 0 | 1 {
  return pit < 16 ? 0 : 1;
}

/** Clockwise circuits: South B1→B8→A8→A1, North D1→D8→C8→C1 (names are absolute). */
const CIRCUIT_CW: readonly (readonly number[])[] = [
  [8, 9, 10, 11, 12, 13, 14, 15, 7, 6, 5, 4, 3, 2, 1, 0],
  [24, 25, 26, 27, 28, 29, 30, 31, 23, 22, 21, 20, 19, 18, 17, 16],
];

/** `NEXT[dir][pit]`: the pit a stone sown from `pit` falls into next (CORE-1). */
export const NEXT: readonly [Int8Array, Int8Array] = [new Int8Array(32), new Int8Array(32)];
for (const circuit of CIRCUIT_CW) {
  for (let k = 0; k < 16; k++) {
    const here = circuit[k] as number;
    NEXT[CW][here] = circuit[(k + 1) & 15] as number;
    NEXT[CCW][here] = circuit[(k + 15) & 15] as number;
  }
}

/** True for the front rows B and C. */
export function isFront(pit: number): boolean {
  return pit >= 8 && pit < 24;
}

/** The opponent's front pit facing a front pit: `Bk` ↔ `Ck`. */
export function facing(pit: number): number {
  return pit < 16 ? pit + 8 : pit - 8;
}

/** The back pit behind a front pit of the same side: `Bk` → `Ak`, `Ck` → `Dk`. */
export function behind(pit: number): number {
  return pit < 16 ? pit - 8 : pit + 8;
}

/** The first pit index of a side's 16 pits (South A1=0, North C1=16). */
export function firstPit(side: 0 | 1): number {
  return side << 4;
}

/** The first index of a side's front row (South B1=8, North C1=16). */
export function frontRowStart(side: 0 | 1): number {
  return side === 0 ? 8 : 16;
}
