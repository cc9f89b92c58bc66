/**
 * An independent Kalah referee written from docs/rules/kalah.md alone (not
 * from src/games/kalah): positions as the rules file's JSON, places by name,
 * the sowing walked place by place with "the next place counter-clockwise".
 * It gives the moves of a position in string order, each with the position
 * (as JSON) and trace it leads to, and the outcome of a finished game.
 */

export interface KaJson {
  game: "kalah";
  options: { stones: number; emptyCapture: boolean };
  toMove: "S" | "N";
  pits: Record<string, number>;
  stores: { S: number; N: number };
}

export type KaStep =
  | { op: "lift"; pit: string; n: number }
  | { op: "sow"; pit: string }
  | { op: "capture"; pit: string; n: number };

const COLS = [1, 2, 3, 4, 5, 6];
const rowOf = (side: "S" | "N"): string[] => COLS.map((c) => `${side === "S" ? "A" : "B"}${c}`);
const storeName = (side: "S" | "N"): string => (side === "S" ? "SC" : "NC");
const other = (side: "S" | "N"): "S" | "N" => (side === "S" ? "N" : "S");

/** "Counter-clockwise, seen from above: A1→A2→…→A6→SC→B6→B5→…→B1→NC→A1." */
function nextPlace(place: string): string {
  if (place === "SC") return "B6";
  if (place === "NC") return "A1";
  const row = place[0];
  const col = Number(place.slice(1));
  if (row === "A") return col === 6 ? "SC" : `A${col + 1}`;
  return col === 1 ? "NC" : `B${col - 1}`;
}

/** "Opposite pits: Ak faces Bk." */
function facing(pit: string): string {
  return `${pit[0] === "A" ? "B" : "A"}${pit.slice(1)}`;
}

function copy(p: KaJson): KaJson {
  return { ...p, options: { ...p.options }, pits: { ...p.pits }, stores: { ...p.stores } };
}

function get(p: KaJson, place: string): number {
  if (place === "SC") return p.stores.S;
  if (place === "NC") return p.stores.N;
  return p.pits[place] ?? 0;
}

function set(p: KaJson, place: string, n: number): void {
  if (place === "SC") p.stores.S = n;
  else if (place === "NC") p.stores.N = n;
  else p.pits[place] = n;
}

export function kaInitial(stones = 4, emptyCapture = false): KaJson {
  const pits: Record<string, number> = {};
  for (const pit of [...rowOf("S"), ...rowOf("N")]) pits[pit] = stones;
  return {
    game: "kalah",
    options: { stones, emptyCapture },
    toMove: "S",
    pits,
    stores: { S: 0, N: 0 },
  };
}

/** KA-5: "either player's six pits are all empty". */
export function kaOver(p: KaJson): boolean {
  return (["S", "N"] as const).some((side) => rowOf(side).every((pit) => get(p, pit) === 0));
}

/** KA-6: store plus stones left in own pits; null while the game goes on. */
export function kaOutcome(
  p: KaJson,
): { winner: "S" | "N" | null; score: { S: number; N: number } } | null {
  if (!kaOver(p)) return null;
  const score = { S: 0, N: 0 };
  for (const side of ["S", "N"] as const) {
    score[side] = get(p, storeName(side)) + rowOf(side).reduce((a, pit) => a + get(p, pit), 0);
  }
  const winner = score.S === score.N ? null : score.S > score.N ? "S" : "N";
  return { winner, score };
}

/** The position and trace after the mover sows from `pit`. */
export function kaPlay(p: KaJson, pit: string): { position: KaJson; trace: KaStep[] } {
  const q = copy(p);
  const me = p.toMove;
  const trace: KaStep[] = [];
  let hand = get(q, pit);
  set(q, pit, 0);
  trace.push({ op: "lift", pit, n: hand });
  let at = pit;
  let emptyBefore = false;
  while (hand > 0) {
    at = nextPlace(at);
    if (at === storeName(other(me))) continue; // "The opponent's store is passed over."
    emptyBefore = get(q, at) === 0;
    set(q, at, get(q, at) + 1);
    trace.push({ op: "sow", pit: at });
    hand--;
  }
  let again = false;
  if (at === storeName(me)) {
    again = true; // KA-3
  } else if (rowOf(me).includes(at) && emptyBefore) {
    const opp = facing(at);
    const there = get(q, opp);
    if (there > 0 || q.options.emptyCapture) {
      // KA-4 (and the emptyCapture variant of the clarifications)
      if (there > 0) trace.push({ op: "capture", pit: opp, n: there });
      trace.push({ op: "lift", pit: at, n: 1 });
      for (let k = 0; k < there + 1; k++) trace.push({ op: "sow", pit: storeName(me) });
      set(q, storeName(me), get(q, storeName(me)) + there + 1);
      set(q, opp, 0);
      set(q, at, 0);
    }
  }
  // "an extra turn (KA-3) is not played when the game has ended" — the side to move
  // of an ended game is left as the rules' last step puts it.
  q.toMove = again ? me : other(me);
  return { position: q, trace };
}

/** The legal moves in string order: every own non-empty pit, none once the game is over. */
export function kaLegal(p: KaJson): { move: string; position: KaJson; trace: KaStep[] }[] {
  if (kaOver(p)) return [];
  return rowOf(p.toMove)
    .filter((pit) => get(p, pit) > 0)
    .sort()
    .map((pit) => ({ move: pit, ...kaPlay(p, pit) }));
}

export function kaPerft(p: KaJson, depth: number): number {
  if (depth === 0 || kaOver(p)) return 1;
  return kaLegal(p).reduce((a, m) => a + kaPerft(m.position, depth - 1), 0);
}
