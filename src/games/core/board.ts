/**
 * What a game tells the controller about its board, so the controller knows
 * no game and no geometry of its own: the protocol geometry, the places in
 * the order sensors report them, who owns each place, and which place a
 * sowing may reach from which (`BoardLayout`).
 *
 * Every place is named as in the game's notation and PROTOCOL.md §5 (`B3`,
 * `SC`, `E5`). Sensor views (`Game.sensorView`) and LED plans use the order of
 * `places`.
 */
import type { Side } from "./types.js";

/** `S`: the game's sides (`SideOf<P>`: `SowingSide`, `MarbleSide`); any string where the game is not known. */
export interface BoardLayout<S extends string = Side> {
  /** The geometry token of PROTOCOL.md §5 the game is played on (`4x8`, `2x5+2`, `hex61`). */
  readonly geometry: string;
  /** Every pit, cup or hole, in the geometry's canonical (snapshot) order. */
  readonly places: readonly string[];
  /** The sides, the one who moves first in the initial position first (`S`, `N`; `b`, `w`). */
  readonly sides: readonly [S, S];
  /** Each side's name for players (`South`, `Black`). */
  readonly sideNames: Readonly<Record<S, string>>;
  /** The side whose pit each place is (by index in `places`); null for a place no side owns. */
  readonly owners: readonly (S | null)[];
  /**
   * For each place (by index), the places a sowing may drop its next stone
   * into after a stone fell there, in either direction of the circuits the
   * game sows (empty for games that are not sown). The controller reads a
   * stone dropped against the direction, or past the pit it belonged in, from these.
   */
  readonly successors: readonly (readonly number[])[];
  /**
   * Optional: the board tells the units apart (gems by tag) and the player
   * chooses which unit falls next, so a turn branches at every unit dropped
   * (Glassperlenspiel). The controller then looks for the points nearest a
   * reading first (fewest steps that can explain it) instead of walking
   * every point within its look-ahead, which would grow as the branching to
   * the power of the look-ahead. Absent: false.
   */
  readonly nearestFirst?: boolean;
}

/** The other side of a two-sided layout. */
export function opponent(layout: BoardLayout, side: Side): Side {
  return layout.sides[0] === side ? layout.sides[1] : layout.sides[0];
}

/** A side's name for players (`South`), or the side itself if the layout has no name for it. */
export function sideName(layout: BoardLayout, side: Side): string {
  return layout.sideNames[side] ?? side;
}
