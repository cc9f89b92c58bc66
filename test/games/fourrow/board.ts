/**
 * The four-row board as the mancala4x8 and Bao tests both model it, independent
 * of the engine's tables (shared/rules/mancala-4x8.md, "Geometry and names"):
 * rows A–D of eight pits, each side's clockwise circuit, pit access, the short
 * trace notation of the hand-worked rule tests, and the 32-pit arbitraries.
 */
import fc from "fast-check";
import type { Game, TraceStep } from "../../../src/games/core/types.js";
import { findGame } from "../../../src/games/index.js";

export const ROW_NAMES = ["A", "B", "C", "D"] as const;
export type RowName = (typeof ROW_NAMES)[number];
/** The board in its JSON form: `pits.X[i]` is pit `X(i+1)`. */
export type Pits = Record<RowName, number[]>;
export type SideName = "S" | "N";

export function getGame(id: string): Game {
  const g = findGame(id);
  if (g === undefined) throw new Error(`no game ${id} in the registry`);
  return g;
}

export const row = (n: number): number[] => new Array<number>(8).fill(n);

/** Pits from a sparse map (`{B4: 2, C2: 3}`); every other pit empty. */
export function board(map: Record<string, number>): Pits {
  const pits: Pits = { A: row(0), B: row(0), C: row(0), D: row(0) };
  for (const [name, n] of Object.entries(map)) setPit(pits, name, n);
  return pits;
}

export function total(pits: Pits): number {
  let n = 0;
  for (const r of ROW_NAMES) for (const v of pits[r]) n += v;
  return n;
}

export function clonePits(pits: Pits): Pits {
  return { A: pits.A.slice(), B: pits.B.slice(), C: pits.C.slice(), D: pits.D.slice() };
}

export function pitsFromArray(a: readonly number[]): Pits {
  return { A: a.slice(0, 8), B: a.slice(8, 16), C: a.slice(16, 24), D: a.slice(24, 32) };
}

function cell(pits: Pits, pit: string): { row: number[]; col: number } {
  const r = pits[pit[0] as RowName];
  const col = Number(pit.slice(1)) - 1;
  if (r === undefined || !(col >= 0 && col < 8)) throw new Error(`bad pit name ${pit}`);
  return { row: r, col };
}

export function getPit(pits: Pits, pit: string): number {
  const { row: r, col } = cell(pits, pit);
  return r[col] as number;
}

export function setPit(pits: Pits, pit: string, n: number): void {
  const { row: r, col } = cell(pits, pit);
  r[col] = n;
}

/** A side's 16 pits in clockwise order: South B1…B8 A8…A1, North D1…D8 C8…C1. */
export function circuitCW(side: SideName): string[] {
  const [first, second] = side === "S" ? ["B", "A"] : ["D", "C"];
  const out: string[] = [];
  for (let c = 1; c <= 8; c++) out.push(`${first}${c}`);
  for (let c = 8; c >= 1; c--) out.push(`${second}${c}`);
  return out;
}

export function ownerOfPit(pit: string): SideName {
  return pit[0] === "A" || pit[0] === "B" ? "S" : "N";
}

/** The pit after `pit` in its side's circuit, `+` clockwise or `-` counter-clockwise. */
export function nextPit(pit: string, sign: "+" | "-"): string {
  const c = circuitCW(ownerOfPit(pit));
  const k = c.indexOf(pit);
  return c[(k + (sign === "+" ? 1 : 15)) % 16] as string;
}

/**
 * A trace in short form: `^B2:2` lift 2 from B2, `B3` sow into B3,
 * `xC4:3` capture 3 from C4, `.B5` place a seed from the hand into B5.
 */
export function traceOf(text: string): TraceStep[] {
  return text
    .trim()
    .split(/\s+/)
    .map((tok): TraceStep => {
      if (tok.startsWith(".")) return { op: "place", pit: tok.slice(1) };
      if (tok.startsWith("^") || tok.startsWith("x")) {
        const [pit, n] = tok.slice(1).split(":");
        return tok[0] === "^"
          ? { op: "lift", pit: pit as string, n: Number(n) }
          : { op: "capture", pit: pit as string, n: Number(n) };
      }
      return { op: "sow", pit: tok };
    });
}

/** Cuts `n` stones into 32 counts by 31 sorted cut points: piles and empty pits. */
export function compositionArb(n: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 0, max: n }), { minLength: 31, maxLength: 31 }).map((cuts) => {
    const s = [0, ...cuts.sort((a, b) => a - b), n];
    const out: number[] = [];
    for (let i = 0; i < 32; i++) out.push((s[i + 1] as number) - (s[i] as number));
    return out;
  });
}

/** Small stage limits (often refusing starts, CORE-5) as well as the default. */
export const maxStagesArb: fc.Arbitrary<number> = fc.oneof(
  fc.constant(200),
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: 13, max: 300 }),
);

/**
 * A board written on one line, rows A, B, C, D apart by `/`, each its eight
 * counts from pit 1 to pit 8: `rows("2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / …")`.
 */
export function rows(text: string): Pits {
  const parsed = text.split("/").map((r) => r.trim().split(/\s+/).map(Number));
  if (parsed.length !== 4 || parsed.some((r) => r.length !== 8 || r.some((n) => !(n >= 0)))) {
    throw new Error(`not four rows of eight counts: ${text}`);
  }
  const [A, B, C, D] = parsed as [number[], number[], number[], number[]];
  return { A, B, C, D };
}
