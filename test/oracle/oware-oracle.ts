/**
 * An independent Oware (abapa) referee written from docs/rules/oware.md
 * alone (not from src/games/oware): positions as the rules file's JSON,
 * places by name, sowing pit by pit with "the next pit counter-clockwise",
 * captures found by walking back. It gives the moves of a position in string
 * order, each with the position (as JSON) and trace it leads to, and the
 * outcome of a finished game.
 */

export type OwSlam = "no-capture" | "forbidden" | "capture";

export interface OwJson {
  game: "oware";
  options: { grandSlam: OwSlam };
  toMove: "S" | "N";
  pits: Record<string, number>;
  stores: { S: number; N: number };
  history: string[];
}

export type OwStep =
  | { op: "lift"; pit: string; n: number }
  | { op: "sow"; pit: string }
  | { op: "capture"; pit: string; n: number };

const rowOf = (side: "S" | "N"): string[] =>
  [1, 2, 3, 4, 5, 6].map((c) => `${side === "S" ? "A" : "B"}${c}`);
const other = (side: "S" | "N"): "S" | "N" => (side === "S" ? "N" : "S");
const ownerOf = (pit: string): "S" | "N" => (pit[0] === "A" ? "S" : "N");

/** "A1→…→A6→B6→…→B1→A1". */
function nextPit(pit: string): string {
  const col = Number(pit.slice(1));
  if (pit[0] === "A") return col === 6 ? "B6" : `A${col + 1}`;
  return col === 1 ? "A1" : `B${col - 1}`;
}

/** Back along the sowing (clockwise). */
function previousPit(pit: string): string {
  const col = Number(pit.slice(1));
  if (pit[0] === "A") return col === 1 ? "B1" : `A${col - 1}`;
  return col === 6 ? "A6" : `B${col + 1}`;
}

export function owInitial(grandSlam: OwSlam = "no-capture"): OwJson {
  const pits: Record<string, number> = {};
  for (const pit of [...rowOf("S"), ...rowOf("N")]) pits[pit] = 4;
  return {
    game: "oware",
    options: { grandSlam },
    toMove: "S",
    pits,
    stores: { S: 0, N: 0 },
    history: [],
  };
}

/** OW-7's key: toMove|A1,…,A6,B1,…,B6|S,N. */
export function owKey(p: OwJson): string {
  const counts = [...rowOf("S"), ...rowOf("N")].map((pit) => p.pits[pit]);
  return `${p.toMove}|${counts.join(",")}|${p.stores.S},${p.stores.N}`;
}

const sideStones = (p: OwJson, side: "S" | "N"): number =>
  rowOf(side).reduce((a, pit) => a + (p.pits[pit] ?? 0), 0);

interface Tried {
  pit: string;
  sown: Record<string, number>;
  trace: OwStep[];
  run: string[];
  feeds: boolean;
  slam: boolean;
}

/** Sows `pit` for the side to move and finds what it would capture. */
function tryPit(p: OwJson, pit: string): Tried {
  const me = p.toMove;
  const sown = { ...p.pits };
  let hand = sown[pit] ?? 0;
  sown[pit] = 0;
  const trace: OwStep[] = [{ op: "lift", pit, n: hand }];
  let at = pit;
  while (hand > 0) {
    at = nextPit(at);
    if (at === pit) continue; // "passes over the origin pit on every lap"
    sown[at] = (sown[at] ?? 0) + 1;
    trace.push({ op: "sow", pit: at });
    hand--;
  }
  const run: string[] = [];
  let back = at;
  while (ownerOf(back) === other(me) && (sown[back] === 2 || sown[back] === 3)) {
    run.push(back);
    if (back === (me === "S" ? "B6" : "A1")) break; // the end of the opponent's row
    back = previousPit(back);
  }
  const oppLeft = rowOf(other(me)).reduce((a, q) => a + (run.includes(q) ? 0 : (sown[q] ?? 0)), 0);
  const feeds = rowOf(other(me)).some((q) => (sown[q] ?? 0) > 0);
  return { pit, sown, trace, run, feeds, slam: run.length > 0 && oppLeft === 0 };
}

function options(p: OwJson): Tried[] {
  const me = p.toMove;
  let list = rowOf(me)
    .filter((pit) => (p.pits[pit] ?? 0) > 0)
    .map((pit) => tryPit(p, pit));
  if (sideStones(p, other(me)) === 0) list = list.filter((t) => t.feeds); // OW-4
  if (p.options.grandSlam === "forbidden" && list.some((t) => !t.slam))
    list = list.filter((t) => !t.slam);
  return list;
}

type Ending = "majority" | "cycle" | "empty" | "unfed";

function ending(p: OwJson): Ending | null {
  if (p.stores.S >= 25 || p.stores.N >= 25 || (p.stores.S === 24 && p.stores.N === 24))
    return "majority";
  const key = owKey(p);
  if (p.history.filter((k) => k === key).length >= 2) return "cycle";
  if (sideStones(p, p.toMove) === 0) return "empty";
  if (options(p).length === 0) return "unfed";
  return null;
}

export function owOutcome(
  p: OwJson,
): { winner: "S" | "N" | null; score: { S: number; N: number } } | null {
  const end = ending(p);
  if (end === null) return null;
  const score =
    end === "majority"
      ? { ...p.stores }
      : { S: p.stores.S + sideStones(p, "S"), N: p.stores.N + sideStones(p, "N") };
  return { winner: score.S === score.N ? null : score.S > score.N ? "S" : "N", score };
}

export function owLegal(p: OwJson): { move: string; position: OwJson; trace: OwStep[] }[] {
  if (ending(p) !== null) return [];
  const me = p.toMove;
  return options(p)
    .sort((a, b) => (a.pit < b.pit ? -1 : 1))
    .map((t) => {
      const takes = t.slam && p.options.grandSlam !== "capture" ? [] : t.run;
      const pits = { ...t.sown };
      const stores = { ...p.stores };
      const trace = [...t.trace];
      for (const q of takes) {
        const n = pits[q] ?? 0;
        trace.push({ op: "capture", pit: q, n });
        for (let k = 0; k < n; k++) trace.push({ op: "sow", pit: me === "S" ? "SC" : "NC" });
        stores[me] += n;
        pits[q] = 0;
      }
      const history = takes.length > 0 ? [] : [...p.history, owKey(p)];
      const position: OwJson = {
        game: "oware",
        options: { ...p.options },
        toMove: other(me),
        pits,
        stores,
        history,
      };
      return { move: t.pit, position, trace };
    });
}

export function owPerft(p: OwJson, depth: number): number {
  if (depth === 0) return 1;
  const moves = owLegal(p);
  if (moves.length === 0) return 1;
  return moves.reduce((a, m) => a + owPerft(m.position, depth - 1), 0);
}
