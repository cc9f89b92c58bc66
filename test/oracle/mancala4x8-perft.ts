/**
 * The four-row oracle's perft counts from the initial positions, shared by
 * oracle.test.ts (depths 1–3, every run) and oracle.slow.test.ts (depth 4,
 * about 7 s: `npm run test:slow`).
 */
import { oracleLegal } from "./mancala4x8-oracle.js";
import type { Position } from "./mancala4x8-oracle.js";

/**
 * The oracle's perft (oraclePerft) counts the positions `depth` plies on, so a
 * game over before then adds nothing; `kete perft` and the README count a
 * finished game as one leaf (leafCount below, over the oracle's moves). The
 * two agree until some game can end: at depth 4 of husbao-bis, husbao-front
 * and bao-de they do not.
 */
export function leafCount(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const legal = oracleLegal(pos);
  if (legal.length === 0) return 1;
  return legal.reduce((n, m) => n + leafCount(m.position, depth - 1), 0);
}

/** The README's perft table (`kete perft`), depths 1-4. */
export const README_PERFT: Record<string, number[]> = {
  husbao: [24, 508, 6356, 89076],
  "husbao-bis": [24, 480, 6284, 81305],
  "husbao-front": [24, 508, 6356, 88728],
  hus: [12, 144, 1308, 11015],
  "bao-de": [32, 912, 17892, 333878],
};

/** oraclePerft at depth 4: fewer where games end by ply 4 (see leafCount). */
export const ORACLE_PERFT4: Record<string, number> = {
  husbao: 89076,
  "husbao-bis": 81303,
  "husbao-front": 88692,
  hus: 11015,
  "bao-de": 333860,
};
