/**
 * The 4 x 8 board as the controller sees it (`BoardLayout`, core/board.ts):
 * one layout for every four-row game, the five of mancala-4x8.md and the two
 * Bao games, which share the board, the pit names and the circuits
 * (mancala-4x8.md, "Geometry and names"; bao-kiswahili.md, "Names").
 */
import type { BoardLayout } from "../core/board.js";
import { CCW, CW, NEXT, PIT_NAMES, type FourRowSide } from "./geometry.js";

/** South owns rows A and B (pits 0…15), North rows C and D (16…31). */
const OWNERS: readonly ("S" | "N")[] = PIT_NAMES.map((_, i) => (i < 16 ? "S" : "N"));

/** CORE-1: from each pit, the next pit of its side's circuit clockwise, then counter-clockwise. */
const SUCCESSORS: readonly (readonly number[])[] = PIT_NAMES.map((_, i) =>
  Object.freeze([NEXT[CW][i] as number, NEXT[CCW][i] as number]),
);

export const FOUR_ROW_LAYOUT: BoardLayout<FourRowSide> = Object.freeze({
  geometry: "4x8",
  places: PIT_NAMES,
  sides: Object.freeze(["S", "N"]) as readonly ["S", "N"],
  sideNames: Object.freeze({ S: "South", N: "North" }),
  owners: Object.freeze(OWNERS),
  successors: Object.freeze(SUCCESSORS),
});
