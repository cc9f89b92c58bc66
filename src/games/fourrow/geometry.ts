/**
 * The 4 x 8 board shared by every four-row game (the five of mancala-4x8.md
 * and Bao, bao-kiswahili.md): pit names and indices, the sides, each side's
 * circuit and the neighbour tables the sowing loops walk
 * (mancala-4x8.md, "Geometry and names").
 *
 * A pit's index is `row * 8 + (column - 1)` with rows A=0, B=1, C=2, D=3, so
 * a board is a `Uint8Array(32)` in the order A1…A8, B1…B8, C1…C8, D1…D8 —
 * the order of the sensors (`sensorView`, `layout.places`).
 */

import type { SowingSide } from "../core/types.js";

export const ROWS = ["A", "B", "C", "D"] as const;
export type Row = (typeof ROWS)[number];

export type FourRowSide = SowingSide;
export const SIDE_NAMES = { S: "South", N: "North" } as const;

export const PIT_COUNT = 32;

/** `A1` … `D8` by index. */
export const PIT_NAMES: readonly string[] = Array.from(
  { length: PIT_COUNT },
  (_, i) => `${ROWS[i >> 3]}${(i & 7) + 1}`,
);

/** A pit name in a move's notation (`B3`), as a regular-expression source. */
export const PIT_PATTERN = "[A-D][1-8]";

/** The index of a pit name, or -1. */
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

export function otherSide(side: FourRowSide): FourRowSide {
  return side === "S" ? "N" : "S";
}

/** The side owning a pit: 0 for South's pits 0…15, 1 for North's 16…31. */
export function ownerOf(pit: number): 0 | 1 {
  return pit < 16 ? 0 : 1;
}

/** Each side's 16 pits in clockwise order: South B1→B8→A8→A1, North D1→D8→C8→C1 (names are absolute). */
export const CIRCUIT: readonly (readonly number[])[] = [
  [8, 9, 10, 11, 12, 13, 14, 15, 7, 6, 5, 4, 3, 2, 1, 0],
  [24, 25, 26, 27, 28, 29, 30, 31, 23, 22, 21, 20, 19, 18, 17, 16],
];

/** `CIRCUIT_POS[pit]`: the pit's place in its owner's clockwise circuit. */
export const CIRCUIT_POS = new Int8Array(PIT_COUNT);
for (const circuit of CIRCUIT) circuit.forEach((pit, k) => (CIRCUIT_POS[pit] = k));

/** `NEXT[dir][pit]`: the pit a stone sown from `pit` falls into next (CORE-1). */
export const NEXT: readonly [Int8Array, Int8Array] = [
  new Int8Array(PIT_COUNT),
  new Int8Array(PIT_COUNT),
];
for (const circuit of CIRCUIT) {
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

/** First index of each side's front row: South B1 = 8, North C1 = 16. */
export const FRONT_START: readonly [number, number] = [8, 16];

/** `FRONT_OWNER[pit]`: 0 for South's front row B, 1 for North's C, -1 for a back pit. */
export const FRONT_OWNER = new Int8Array(PIT_COUNT).fill(-1);
for (let i = 8; i < 16; i++) FRONT_OWNER[i] = 0;
for (let i = 16; i < 24; i++) FRONT_OWNER[i] = 1;

/** Whether a side's front row holds no stone (HB-8, BDE-4, BK-17). */
export function frontRowEmpty(pits: Uint8Array, side: 0 | 1): boolean {
  const s = FRONT_START[side];
  for (let i = s; i < s + 8; i++) if (pits[i] > 0) return false;
  return true;
}

/** Stones on a side's 16 pits. */
export function sideStones(pits: Uint8Array, side: 0 | 1): number {
  let n = 0;
  for (let i = side << 4, end = i + 16; i < end; i++) n += pits[i];
  return n;
}
