/**
 * A slow, direct reading of the rules (abalone.md AB-2…AB-5 and the
 * Clarifications on notation and pushes), written apart from the engine's
 * move generator, for the tests to compare against: holes by row letter and
 * diagonal number, a board as a map from hole name to colour, every group of
 * one to three own marbles in a row tried in every direction.
 */
export type Cells = ReadonlyMap<string, "b" | "w">;

const ROWS = "ABCDEFGHI";
/** The 61 holes: row A holds 1…5, E 1…9, I 5…9. */
export const HOLE_NAMES: readonly string[] = [...ROWS].flatMap((row, r) => {
  const out: string[] = [];
  for (let d = 1; d <= 9; d++) if (d - r <= 5 && r - d <= 3) out.push(`${row}${d}`);
  return out;
});
const IS_HOLE = new Set(HOLE_NAMES);

/** The six directions as (row step, diagonal step); A1's neighbours are A2, B1, B2. */
const DIRS: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [-1, -1],
];

/** The hole one step from `hole`, or null past the edge. */
export function step(hole: string, [dr, dd]: readonly [number, number]): string | null {
  const r = ROWS.indexOf(hole[0] as string) + dr;
  const d = Number(hole.slice(1)) + dd;
  if (r < 0 || r > 8) return null;
  const name = `${ROWS[r]}${d}`;
  return IS_HOLE.has(name) ? name : null;
}

export interface NaiveMove {
  readonly move: string;
  /** The board after the move (built when asked: counting needs none). */
  readonly cells: () => Cells;
  /** Whether a marble left the board. */
  readonly pushedOff: boolean;
}

function inline(
  cells: Cells,
  own: "b" | "w",
  trailing: string,
  dir: readonly [number, number],
): NaiveMove | null {
  const group = [trailing];
  let ahead = step(trailing, dir);
  while (ahead !== null && cells.get(ahead) === own) {
    group.push(ahead);
    ahead = step(ahead, dir);
  }
  if (group.length > 3 || ahead === null) return null;
  const into = ahead;
  const move = `${trailing}${step(trailing, dir) as string}`;
  if (!cells.has(into)) {
    const after = () => moved(cells, trailing, into, own);
    return { move, cells: after, pushedOff: false };
  }
  const pushed: string[] = [];
  let behind: string | null = into;
  while (behind !== null && cells.has(behind) && cells.get(behind) !== own) {
    pushed.push(behind);
    behind = step(behind, dir);
  }
  if (group.length === 1 || pushed.length >= group.length) return null;
  if (behind !== null && cells.has(behind)) return null; // an own marble blocks
  const opp = own === "b" ? "w" : "b";
  const last = behind;
  const after = () => {
    const next = moved(cells, trailing, into, own);
    if (last !== null) next.set(last, opp);
    return next;
  };
  return { move, cells: after, pushedOff: last === null };
}

/** The board with the trailing marble gone and the hole ahead of the group holding `own`. */
function moved(
  cells: Cells,
  trailing: string,
  into: string,
  own: "b" | "w",
): Map<string, "b" | "w"> {
  const next = new Map(cells);
  next.delete(trailing);
  next.set(into, own);
  return next;
}

function broadside(
  cells: Cells,
  own: "b" | "w",
  line: readonly string[],
  dir: readonly [number, number],
): NaiveMove | null {
  const to = line.map((h) => step(h, dir));
  if (to.some((h) => h === null || cells.has(h))) return null;
  const members = [...line]; // the caller's line grows after this move is listed
  const after = () => {
    const next = new Map(cells);
    for (const h of members) next.delete(h);
    for (const h of to) next.set(h as string, own);
    return next;
  };
  const ends = [line[0] as string, line[line.length - 1] as string].sort();
  const first = ends[0] as string;
  return {
    move: `${ends[0]}${ends[1]}${step(first, dir) as string}`,
    cells: after,
    pushedOff: false,
  };
}

/** Every legal move of `own`, sorted by move string. */
export function naiveMoves(cells: Cells, own: "b" | "w"): NaiveMove[] {
  const out: NaiveMove[] = [];
  for (const h of HOLE_NAMES) {
    if (cells.get(h) !== own) continue;
    for (const dir of DIRS) {
      const m = inline(cells, own, h, dir);
      if (m !== null) out.push(m);
    }
    // Lines of two and three starting at h, along each axis (one way only, so each line once).
    for (const axis of [DIRS[0], DIRS[2], DIRS[4]] as const) {
      const line = [h];
      for (let k = 2; k <= 3; k++) {
        const n = step(line[line.length - 1] as string, axis);
        if (n === null || cells.get(n) !== own) break;
        line.push(n);
        for (const dir of DIRS) {
          const parallel =
            (dir[0] === axis[0] && dir[1] === axis[1]) ||
            (dir[0] === -axis[0] && dir[1] === -axis[1]);
          if (parallel) continue;
          const m = broadside(cells, own, line, dir);
          if (m !== null) out.push(m);
        }
      }
    }
  }
  return out.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}

/** Leaves `depth` plies down, every push-off target 6 and no limits (the default options). */
export function naivePerft(
  cells: Cells,
  own: "b" | "w",
  off: { b: number; w: number },
  depth: number,
): number {
  if (depth === 0 || off.b >= 6 || off.w >= 6) return 1;
  const moves = naiveMoves(cells, own);
  if (moves.length === 0) return 1;
  if (depth === 1) return moves.length;
  const opp = own === "b" ? "w" : "b";
  let total = 0;
  for (const m of moves) {
    const nextOff = m.pushedOff ? { ...off, [opp]: off[opp] + 1 } : off;
    total += naivePerft(m.cells(), opp, nextOff, depth - 1);
  }
  return total;
}
