/**
 * Perft with an optional per-move split ("divide"), for `kete perft` and tests.
 */
import type { Game, Position } from "../games/index.js";

export interface PerftDivision {
  readonly move: string;
  readonly nodes: number;
}

export interface PerftResult {
  /** Leaf count after `depth` plies. */
  readonly nodes: number;
  /** Per legal move of the root, the leaves below it (only when divided, depth >= 1). */
  readonly divisions: readonly PerftDivision[] | null;
}

/** Counts leaves; with `divide`, also per root move (their sum is the total). */
export function runPerft<P extends Position>(
  game: Game<P>,
  position: P,
  depth: number,
  divide: boolean,
): PerftResult {
  if (!divide || depth < 1) return { nodes: game.perft(position, depth), divisions: null };
  const legal = game.legal(position, Number.MAX_SAFE_INTEGER);
  // A finished game is a leaf at any depth.
  if (legal.moves.length === 0) return { nodes: game.perft(position, depth), divisions: [] };
  const divisions = legal.moves.map((m) => ({
    move: m.move,
    nodes: game.perft(m.position, depth - 1),
  }));
  return { nodes: divisions.reduce((sum, d) => sum + d.nodes, 0), divisions };
}
