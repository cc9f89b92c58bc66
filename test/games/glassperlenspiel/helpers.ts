/**
 * Positions for the Glassperlenspiel tests written compactly: each pit as
 * `"2 S4 N1"` (plain stones, then gem tags), unlisted pits empty, cups as
 * lists of tags.
 */
import { expect } from "vitest";
import { findGame } from "../../../src/games/index.js";
import type { Game, Trace } from "../../../src/games/core/types.js";
import type { GlassPosition } from "../../../src/games/glassperlenspiel/index.js";

export const gp = findGame("glassperlenspiel") as unknown as Game<GlassPosition>;

export const PITS = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"] as const;
export type PitName = (typeof PITS)[number];

export interface PositionJSON {
  game: string;
  options: Record<string, unknown>;
  toMove: string;
  pits: Record<string, { stones: number; gems: string[] }>;
  cups: { S: string[]; N: string[] };
  history: string[];
}

/** A position's JSON from a compact description. */
export function at(
  toMove: "S" | "N",
  pits: Partial<Record<PitName, string>>,
  cups: { S?: string[]; N?: string[] } = {},
  history: string[] = [],
): PositionJSON {
  const out: PositionJSON["pits"] = {};
  for (const name of PITS) {
    const [count = "0", ...gems] = (pits[name] ?? "0").trim().split(/\s+/);
    out[name] = { stones: Number(count), gems: gems.sort() };
  }
  return {
    game: "glassperlenspiel",
    options: {},
    toMove,
    pits: out,
    cups: { S: [...(cups.S ?? [])].sort(), N: [...(cups.N ?? [])].sort() },
    history,
  };
}

/** GB-1's start: one stone and one gem in every pit, South to move. */
export const START = at("S", {
  A1: "1 S5",
  A2: "1 S4",
  A3: "1 S3",
  A4: "1 S2",
  A5: "1 S1",
  B1: "1 N1",
  B2: "1 N2",
  B3: "1 N3",
  B4: "1 N4",
  B5: "1 N5",
});

export function parse(json: unknown): GlassPosition {
  const p = gp.parsePosition(json);
  if (!p.ok) throw new Error(`${p.error.message} in ${JSON.stringify(json)}`);
  return p.value;
}

/** Plays a move that must be legal: the position after it (JSON) and its trace. */
export function play(json: unknown, move: string): { after: PositionJSON; trace: Trace } {
  const applied = gp.apply(parse(json), move);
  if (!applied.ok) throw new Error(`${move}: ${applied.error.message}`);
  return {
    after: gp.positionToJSON(applied.value.position) as unknown as PositionJSON,
    trace: applied.value.trace,
  };
}

/** The move strings `legal` lists. */
export function moves(json: unknown): string[] {
  return gp.legal(parse(json), Number.MAX_SAFE_INTEGER).moves.map((m) => m.move);
}

/** The error `apply` answers for an illegal move. */
export function refused(
  json: unknown,
  move: string,
): { code: string; rule?: string; message: string } {
  const applied = gp.apply(parse(json), move);
  expect(applied.ok, move).toBe(false);
  if (applied.ok) throw new Error("legal");
  return applied.error;
}

/** The error `parsePosition` answers for an invalid position. */
export function invalid(json: unknown): {
  code: string;
  rule?: string;
  field?: string;
  message: string;
} {
  const p = gp.parsePosition(json);
  expect(p.ok, JSON.stringify(json)).toBe(false);
  if (p.ok) throw new Error("valid");
  return p.error;
}

/** All gems, for cups of stones-only positions. */
export const SOUTH_GEMS = ["S1", "S2", "S3", "S4", "S5"];
export const NORTH_GEMS = ["N1", "N2", "N3", "N4", "N5"];

/** A late position: North to move, A5 1 and B1 9 stones, South holds North's gems and S1, North S2–S5. */
export const ENDGAME = at(
  "N",
  { A5: "1", B1: "9" },
  { S: [...NORTH_GEMS, "S1"], N: ["S2", "S3", "S4", "S5"] },
);
