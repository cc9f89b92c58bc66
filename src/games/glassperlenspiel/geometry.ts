/**
 * The Glassperlenspiel board (glassperlenspiel.md, "Board and pieces";
 * PROTOCOL.md §5.2, geometry `2x5+2`): places, the sowing circuit, gems and
 * beads as small integers, and the layout the controller reads.
 *
 * Places, in sensor order: `A1`…`A5` (South's row, 0–4), `B1`…`B5`
 * (North's, 5–9), then the cups `SC` (10) and `NC` (11).
 *
 * Gems are numbered in the code-point order of their tags, `N1`…`N5` (0–4)
 * then `S1`…`S5` (5–9), and a plain stone is bead 10: so the bead codes'
 * order is the order of move strings (`N1` < `S1` < `s`), and a set of gems
 * is a 10-bit mask whose bits, low to high, list the tags sorted.
 */
import { GEOMETRIES } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import type { SowingSide } from "../core/types.js";

export type GlassSide = SowingSide;

export const PLACES: readonly string[] = GEOMETRIES["2x5+2"].cells;
export const PIT_COUNT = 10;
export const SOUTH_CUP = 10;
export const NORTH_CUP = 11;
export const PLACE_COUNT = 12;

/** Gem tags by gem index (code-point order). */
export const GEM_TAGS: readonly string[] = [
  "N1",
  "N2",
  "N3",
  "N4",
  "N5",
  "S1",
  "S2",
  "S3",
  "S4",
  "S5",
];
export const GEM_COUNT = 10;
/** The bead code of a plain stone, after every gem. */
export const STONE = 10;
/** The letter of a plain stone in move strings and traces. */
export const STONE_LETTER = "s";
export const STONE_TOTAL = 10;
/** GB-6: the points at which the waiting player wins. */
export const WINNING_POINTS = 15;

/** A gem's points: the number on it. */
export function gemPoints(gem: number): number {
  return (gem % 5) + 1;
}

/** The letter or tag of a bead code. */
export function beadName(bead: number): string {
  return bead === STONE ? STONE_LETTER : (GEM_TAGS[bead] as string);
}

/** GB-2, circuit: A1→A5, B5→B1, A1…; the next pit after `pit`. */
export function nextPit(pit: number): number {
  if (pit < 4) return pit + 1;
  if (pit === 4) return 9;
  if (pit > 5) return pit - 1;
  return 0;
}

export function sideIndex(side: GlassSide): 0 | 1 {
  return side === "S" ? 0 : 1;
}

export function otherSide(side: GlassSide): GlassSide {
  return side === "S" ? "N" : "S";
}

/** The first pit of a side's row (A1 or B1); the row is five pits from there. */
export function rowStart(side: 0 | 1): number {
  return side * 5;
}

/** The cup of a side. */
export function cupOf(side: 0 | 1): number {
  return SOUTH_CUP + side;
}

/** The side whose row holds `pit`. */
export function ownerOfPit(pit: number): 0 | 1 {
  return pit < 5 ? 0 : 1;
}

/** GB-5: own pits a sowing from `pit` passes before it leaves the row. */
export function ownPitsAfter(pit: number): number {
  return pit < 5 ? 4 - pit : pit - 5;
}

/** Set bits of a 10-bit mask. */
export const POPCOUNT: Uint8Array = (() => {
  const t = new Uint8Array(1 << GEM_COUNT);
  for (let m = 1; m < t.length; m++) t[m] = (t[m >> 1] as number) + (m & 1);
  return t;
})();

/** The lowest set bit's index of a non-zero 10-bit mask. */
export const LOWEST: Uint8Array = (() => {
  const t = new Uint8Array(1 << GEM_COUNT);
  for (let m = 1; m < t.length; m++) t[m] = m & 1 ? 0 : (t[m >> 1] as number) + 1;
  return t;
})();

/** The place index of a name (`A1`…`NC`), or -1. */
export function placeIndex(name: string): number {
  return PLACES.indexOf(name);
}

/** The gem index of a tag, or -1. */
export function gemIndex(tag: string): number {
  return GEM_TAGS.indexOf(tag);
}

const OWNERS: readonly ("S" | "N" | null)[] = PLACES.map((p) =>
  p.startsWith("A") || p === "SC" ? "S" : "N",
);

export const GLASS_LAYOUT: BoardLayout<GlassSide> = {
  geometry: "2x5+2",
  places: PLACES,
  sides: ["S", "N"],
  sideNames: { S: "South", N: "North" },
  owners: OWNERS,
  // One circuit for both players; the cups are never sown into (GB-2).
  successors: PLACES.map((_, i) => (i < PIT_COUNT ? [nextPit(i)] : [])),
  // Every bead is a choice (which one falls next): the controller searches nearest first.
  nearestFirst: true,
};
