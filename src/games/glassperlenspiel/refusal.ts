/**
 * Why a pit starts no legal turn (GB-2: an own, non-empty pit; GB-5: a
 * sowing that feeds when the opponent must be fed; the game over), typed and
 * worded for the player: for the controller's `refusal` and for `apply`.
 */
import type { BoardAct, Refusal } from "../core/rules.js";
import { PIT_COUNT, PLACES, ownPitsAfter, ownerOfPit, placeIndex } from "./geometry.js";
import type { GlassPosition } from "./position.js";
import type { Sower } from "./sowing.js";

const SIDE_NAME = { S: "South", N: "North" } as const;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Why lifting pit `pit` (index) starts no legal turn on the sower's board, or null. */
export function startFault(p: GlassPosition, s: Sower, pit: number): Refusal | null {
  const mover = SIDE_NAME[p.toMove];
  if (pit < 0 || pit >= PIT_COUNT) {
    const what = pit < 0 ? "that is not a pit" : `${PLACES[pit] as string} is a cup`;
    return {
      reason: "not-own",
      rule: "GB-2",
      message: `${what}; a turn starts by lifting a pit of ${mover}'s row (GB-2)`,
    };
  }
  const name = PLACES[pit] as string;
  if (ownerOfPit(pit) !== s.side) {
    return {
      reason: "not-own",
      rule: "GB-2",
      message: `${name} is not ${mover}'s pit; ${mover} sows from row ${p.toMove === "S" ? "A" : "B"} (GB-2)`,
    };
  }
  const n = s.beadsIn(pit);
  if (n === 0) {
    return {
      reason: "too-few",
      rule: "GB-2",
      message: `${name} is empty; a turn starts from a non-empty own pit (GB-2)`,
    };
  }
  if (s.mustFeed() && n <= ownPitsAfter(pit)) {
    const other = SIDE_NAME[p.toMove === "S" ? "N" : "S"];
    return {
      reason: "other",
      rule: "GB-5",
      message: `${name}'s ${plural(n, "bead")} stay in ${mover}'s row, but ${other}'s pits are empty and must be fed: sow a pit that reaches them (GB-5)`,
    };
  }
  return null;
}

/** The controller's question: why `act` starts no legal turn, or null when it may. */
export function glassRefusal(
  p: GlassPosition,
  s: Sower,
  act: BoardAct,
  over: { readonly rule: string; readonly reason: string } | null,
): Refusal | null {
  if (act.kind === "place") {
    return {
      reason: "placement",
      rule: "GB-2",
      message: `Glassperlenspiel has no beads in reserve; a turn starts by lifting an own pit (GB-2)`,
    };
  }
  if (over !== null) {
    return { reason: "other", rule: over.rule, message: `the game is over: ${over.reason}` };
  }
  return startFault(p, s, placeIndex(act.place));
}
