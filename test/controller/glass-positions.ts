/**
 * Glassperlenspiel positions the controller tests share: a position from
 * place contents, the start, two capture set-ups, and the sensor counts of
 * a position (changed place by place).
 */
import type { Position } from "../../src/games/core/types.js";
import { ri } from "./glass-board.js";
import { GLASS } from "./glass-games.js";

/** A position from `pits` (place → [plain stones, gems]) and the cups. */
export function glassPosition(
  pits: Record<string, readonly [number, readonly string[]]>,
  cups: { S: string[]; N: string[] },
  toMove = "S",
): Position {
  const json = {
    game: "glassperlenspiel",
    options: {},
    toMove,
    pits: Object.fromEntries(
      Object.entries(pits).map(([k, [stones, gems]]) => [k, { stones, gems: [...gems] }]),
    ),
    cups,
  };
  const r = GLASS.parsePosition(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export const GLASS_START = (() => {
  const r = GLASS.initial();
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

/** South to move; A5 holds two stones, B4 one: A5:ss lands in B4 and takes one gem of B1, B2, B3, B5 (GB-3). */
export const ONE_INDIRECT = glassPosition(
  {
    A1: [1, ["S5"]],
    A2: [1, ["S4"]],
    A3: [1, ["S3"]],
    A4: [1, ["S2"]],
    A5: [2, []],
    B1: [1, ["N1"]],
    B2: [1, ["N2"]],
    B3: [1, ["N3"]],
    B4: [1, []],
    B5: [0, ["N5"]],
  },
  { S: ["S1"], N: ["N4"] },
);

/** A5:sss lands in B5, B4, B3; B3 and B4 held a lone stone: two indirect captures (GB-4; B5 held a gem, which ends the chain). */
export const TWO_INDIRECT = glassPosition(
  {
    A1: [2, ["S5"]],
    A2: [1, ["S4"]],
    A3: [1, ["S3"]],
    A4: [1, ["S2"]],
    A5: [3, []],
    B1: [0, ["N1"]],
    B2: [0, ["N2", "N3"]],
    B3: [1, []],
    B4: [1, []],
    B5: [0, ["N5"]],
  },
  { S: ["S1"], N: ["N4"] },
);

/** The sensor counts the board shows for `p`. */
export const countsOf = (p: Position): number[] => Array.from(GLASS.sensorView(p).counts);

/** `b` with each named reading place changed by its delta. */
export function changed(b: readonly number[], d: Record<string, number>): number[] {
  const out = b.slice();
  for (const [k, v] of Object.entries(d)) out[ri(k)] = (out[ri(k)] as number) + v;
  return out;
}
