// Independent reference implementation ("test oracle") of Glassperlenspiel, written from
// shared/rules/glassperlenspiel.md (with its binding Clarifications) and the Glassperlenspiel
// sections of shared/spec/engine-protocol.md alone. It shares no code with the engine in
// src/games/glassperlenspiel/, and was written before that engine.
//
// Deliberately plain and slow: JSON positions in and out, every bead order listed by
// recursion, every sowing replayed bead by bead on a copied board, every set of gems taken
// found by trying each gem in turn, and the moves sorted at the end.
//
// INTERPRETATIONS (where the text had to be read one way)
//  I1. Circuit A1..A5, B5..B1, A1… for both players; the start pit is passed over on
//      every lap (it receives nothing and is no drop of the chain).
//  I2. The chain is the run of the last drops, backwards; a drop qualifies when its bead
//      is a stone, its pit is an opponent pit, and that pit held exactly one bead just
//      before the drop, of the kind of the first capture (a gem: direct; a stone:
//      indirect). Direct: the gem that was alone there goes to the mover's cup, captured
//      from the last pit backwards. Indirect: k gems taken, one after another, from the
//      opponent's pits while they hold any, then from the opponent's cup; only the set
//      matters, written sorted.
//  I3. GB-5 feeding is decided at the start of the turn on the pit (any bead order).
//  I4. The end of the game, checked in this order: the mover's pits all empty (GB-6),
//      the mover must feed and cannot (GB-5), the position's key twice in its history
//      (GB-7). A finished position has no moves.
//  I5. History: a move that takes a gem out of the pits (direct, or indirect from a pit)
//      empties it, any other appends the key of the position it was played from.

export interface GpPit {
  stones: number;
  gems: string[];
}

export interface GpPosition {
  game: string;
  options: Record<string, never>;
  toMove: string;
  pits: Record<string, GpPit>;
  cups: { S: string[]; N: string[] };
  history: string[];
}

export type GpStep =
  | { op: "lift"; pit: string; n: number; stones: number; gems: string[] }
  | { op: "sow"; pit: string; bead: string }
  | { op: "capture"; pit: string; n: number; gem: string; to: string };

export interface GpMove {
  move: string;
  position: GpPosition;
  trace: GpStep[];
}

export interface GpOutcome {
  winner: string | null;
  rule: string;
  score: { S: number; N: number };
}

export const PIT_NAMES = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"];
const CIRCUIT = ["A1", "A2", "A3", "A4", "A5", "B5", "B4", "B3", "B2", "B1"];

function copy(p: GpPosition): GpPosition {
  return JSON.parse(JSON.stringify(p)) as GpPosition;
}

function other(side: string): string {
  return side === "S" ? "N" : "S";
}

function rowOf(side: string): string {
  return side === "S" ? "A" : "B";
}

function ownPits(side: string): string[] {
  return PIT_NAMES.filter((p) => p[0] === rowOf(side));
}

function beadsIn(pit: GpPit): number {
  return pit.stones + pit.gems.length;
}

function cupOf(p: GpPosition, side: string): string[] {
  return side === "S" ? p.cups.S : p.cups.N;
}

function points(gems: string[]): number {
  let sum = 0;
  for (const g of gems) sum += Number(g[1]);
  return sum;
}

/** GB-1. */
export function gpInitial(): GpPosition {
  const pits: Record<string, GpPit> = {};
  for (let c = 1; c <= 5; c++) {
    pits[`A${c}`] = { stones: 1, gems: [`S${6 - c}`] };
    pits[`B${c}`] = { stones: 1, gems: [`N${c}`] };
  }
  return {
    game: "glassperlenspiel",
    options: {},
    toMove: "S",
    pits,
    cups: { S: [], N: [] },
    history: [],
  };
}

/** The position with every list sorted, the pits in order, and `history` present. */
export function gpNormal(p: GpPosition): GpPosition {
  const pits: Record<string, GpPit> = {};
  for (const name of PIT_NAMES) {
    const pit = p.pits[name]!;
    pits[name] = { stones: pit.stones, gems: [...pit.gems].sort() };
  }
  return {
    game: "glassperlenspiel",
    options: {},
    toMove: p.toMove,
    pits,
    cups: { S: [...p.cups.S].sort(), N: [...p.cups.N].sort() },
    history: [...(p.history ?? [])],
  };
}

/** GB-7's key. */
export function gpKey(p: GpPosition): string {
  const parts = [p.toMove];
  for (const name of PIT_NAMES) {
    const pit = p.pits[name]!;
    parts.push(String(pit.stones) + [...pit.gems].sort().join(""));
  }
  parts.push([...p.cups.S].sort().join(""));
  parts.push([...p.cups.N].sort().join(""));
  return parts.join("|");
}

function gemsInPits(p: GpPosition): number {
  let n = 0;
  for (const name of PIT_NAMES) n += p.pits[name]!.gems.length;
  return n;
}

function rowEmpty(p: GpPosition, side: string): boolean {
  return ownPits(side).every((name) => beadsIn(p.pits[name]!) === 0);
}

/** Whether sowing `count` beads from `start` drops one into the opponent's row. */
function feeds(start: string, count: number, side: string): boolean {
  let at = CIRCUIT.indexOf(start);
  for (let k = 0; k < count; k++) {
    at = (at + 1) % 10;
    if (CIRCUIT[at] === start) at = (at + 1) % 10;
    if (CIRCUIT[at]![0] !== rowOf(side)) return true;
  }
  return false;
}

function mustFeed(p: GpPosition): boolean {
  return gemsInPits(p) > 0 && rowEmpty(p, other(p.toMove));
}

function startPits(p: GpPosition): string[] {
  const feed = mustFeed(p);
  return ownPits(p.toMove).filter((name) => {
    const n = beadsIn(p.pits[name]!);
    return n > 0 && (!feed || feeds(name, n, p.toMove));
  });
}

export function gpOutcome(p: GpPosition): GpOutcome | null {
  const score = { S: points(p.cups.S), N: points(p.cups.N) };
  const mover = p.toMove;
  const opp = other(mover);
  if (rowEmpty(p, mover)) {
    const oppPoints = opp === "S" ? score.S : score.N;
    return { winner: oppPoints >= 15 ? opp : mover, rule: "GB-6", score };
  }
  if (mustFeed(p) && startPits(p).length === 0) return { winner: opp, rule: "GB-5", score };
  const key = gpKey(p);
  if ((p.history ?? []).filter((h) => h === key).length >= 2) {
    const winner = score.S > score.N ? "S" : score.N > score.S ? "N" : null;
    return { winner, rule: "GB-7", score };
  }
  return null;
}

/** Every distinct order of a bag of beads (`s` and tags). */
function orders(bag: string[]): string[][] {
  if (bag.length === 0) return [[]];
  const out: string[][] = [];
  const tried = new Set<string>();
  for (let i = 0; i < bag.length; i++) {
    const bead = bag[i]!;
    if (tried.has(bead)) continue;
    tried.add(bead);
    const rest = [...bag.slice(0, i), ...bag.slice(i + 1)];
    for (const tail of orders(rest)) out.push([bead, ...tail]);
  }
  return out;
}

interface Drop {
  pit: string;
  bead: string;
  beforeCount: number;
  /** The one bead the pit held before the drop, when it held exactly one. */
  beforeBead: string | null;
}

function put(pit: GpPit, bead: string): void {
  if (bead === "s") pit.stones++;
  else pit.gems.push(bead);
}

/** The sets of gems the mover may take by `k` indirect captures, each as sorted entries. */
function indirectChoices(p: GpPosition, k: number): string[][] {
  const mover = p.toMove;
  const opp = other(mover);
  const sets = new Map<string, string[]>();
  const walk = (q: GpPosition, left: number, taken: string[]): void => {
    const fromPits: string[] = [];
    for (const name of ownPits(opp)) for (const g of q.pits[name]!.gems) fromPits.push(name + g);
    const cupName = opp === "S" ? "SC" : "NC";
    const sources = fromPits.length > 0 ? fromPits : cupOf(q, opp).map((g) => cupName + g);
    if (left === 0 || sources.length === 0) {
      const sorted = [...taken].sort();
      sets.set(sorted.join(""), sorted);
      return;
    }
    for (const entry of sources) {
      const r = copy(q);
      const place = entry.slice(0, 2);
      const gem = entry.slice(2);
      if (place === cupName) {
        const cup = cupOf(r, opp);
        cup.splice(cup.indexOf(gem), 1);
      } else {
        const pit = r.pits[place]!;
        pit.gems.splice(pit.gems.indexOf(gem), 1);
      }
      walk(r, left - 1, [...taken, entry]);
    }
  };
  walk(p, k, []);
  return [...sets.values()];
}

function movesOfOrder(p: GpPosition, start: string, order: string[]): GpMove[] {
  const mover = p.toMove;
  const opp = other(mover);
  const q = copy(p);
  const lifted = q.pits[start]!;
  const trace: GpStep[] = [
    {
      op: "lift",
      pit: start,
      n: beadsIn(lifted),
      stones: lifted.stones,
      gems: [...lifted.gems].sort(),
    },
  ];
  q.pits[start] = { stones: 0, gems: [] };
  const drops: Drop[] = [];
  let at = CIRCUIT.indexOf(start);
  for (const bead of order) {
    at = (at + 1) % 10;
    if (CIRCUIT[at] === start) at = (at + 1) % 10;
    const name = CIRCUIT[at]!;
    const pit = q.pits[name]!;
    const count = beadsIn(pit);
    const beforeBead = count === 1 ? (pit.stones === 1 ? "s" : pit.gems[0]!) : null;
    drops.push({ pit: name, bead, beforeCount: count, beforeBead });
    put(pit, bead);
    trace.push({ op: "sow", pit: name, bead });
  }
  const qualifies = (d: Drop, direct: boolean): boolean =>
    d.bead === "s" &&
    d.pit[0] === rowOf(opp) &&
    d.beforeCount === 1 &&
    (direct ? d.beforeBead !== "s" : d.beforeBead === "s");
  const last = drops[drops.length - 1]!;
  const direct = last.beforeBead !== "s";
  let chain = 0;
  if (qualifies(last, direct)) {
    for (let i = drops.length - 1; i >= 0 && qualifies(drops[i]!, direct); i--) chain++;
  }
  const beads = `${start}:${order.join("")}`;
  const mine = mover === "S" ? "SC" : "NC";
  const finish = (r: GpPosition, steps: GpStep[], move: string, tookFromPits: boolean): GpMove => {
    r.toMove = opp;
    r.history = tookFromPits ? [] : [...(p.history ?? []), gpKey(p)];
    return { move, position: gpNormal(r), trace: steps };
  };
  if (chain === 0) return [finish(q, trace, beads, false)];
  if (direct) {
    const steps = [...trace];
    for (let i = drops.length - 1; i >= drops.length - chain; i--) {
      const d = drops[i]!;
      const pit = q.pits[d.pit]!;
      const gem = d.beforeBead!;
      pit.gems.splice(pit.gems.indexOf(gem), 1);
      cupOf(q, mover).push(gem);
      steps.push({ op: "capture", pit: d.pit, n: 1, gem, to: mine });
    }
    return [finish(q, steps, beads, true)];
  }
  const out: GpMove[] = [];
  for (const entries of indirectChoices(q, chain)) {
    const r = copy(q);
    const steps = [...trace];
    let fromPits = false;
    for (const entry of entries) {
      const place = entry.slice(0, 2);
      const gem = entry.slice(2);
      if (place === "SC" || place === "NC") {
        const cup = cupOf(r, opp);
        cup.splice(cup.indexOf(gem), 1);
      } else {
        const pit = r.pits[place]!;
        pit.gems.splice(pit.gems.indexOf(gem), 1);
        fromPits = true;
      }
      cupOf(r, mover).push(gem);
      steps.push({ op: "capture", pit: place, n: 1, gem, to: mine });
    }
    const move = entries.length === 0 ? beads : `${beads}/${entries.join("")}`;
    out.push(finish(r, steps, move, fromPits));
  }
  return out;
}

/** Every legal move, sorted by move string (code points). */
export function gpLegal(input: GpPosition): GpMove[] {
  const p = gpNormal(input);
  if (gpOutcome(p) !== null) return [];
  const out: GpMove[] = [];
  for (const start of startPits(p)) {
    const pit = p.pits[start]!;
    const bag = [...new Array<string>(pit.stones).fill("s"), ...pit.gems];
    for (const order of orders(bag)) out.push(...movesOfOrder(p, start, order));
  }
  return out.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}

/** Leaves `depth` plies below `p` (a finished game is one leaf), by listing every move. */
export function gpPerft(p: GpPosition, depth: number): number {
  if (depth === 0) return 1;
  const moves = gpLegal(p);
  if (moves.length === 0) return 1;
  let sum = 0;
  for (const m of moves) sum += gpPerft(m.position, depth - 1);
  return sum;
}

/** The number of distinct bead orders of the largest pit of the mover: a bound on the work. */
export function gpLargestOrders(p: GpPosition): number {
  let most = 0;
  for (const name of ownPits(p.toMove)) {
    const pit = p.pits[name]!;
    let n = 1;
    const total = beadsIn(pit);
    for (let i = 2; i <= total; i++) n *= i;
    for (let i = 2; i <= pit.stones; i++) n /= i;
    most = Math.max(most, n);
  }
  return most;
}

/**
 * A random move without listing every move: a start pit drawn among those that may
 * start, its beads shuffled, then one of the ways that order's captures can go.
 */
export function gpRandomMove(input: GpPosition, random: () => number): GpMove | null {
  const p = gpNormal(input);
  if (gpOutcome(p) !== null) return null;
  const starts = startPits(p);
  if (starts.length === 0) return null;
  const start = starts[Math.floor(random() * starts.length)]!;
  const pit = p.pits[start]!;
  const bag = [...new Array<string>(pit.stones).fill("s"), ...pit.gems];
  for (let i = bag.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [bag[i], bag[j]] = [bag[j]!, bag[i]!];
  }
  const moves = movesOfOrder(p, start, bag);
  return moves[Math.floor(random() * moves.length)]!;
}

/** How many moves `gpLegal` would list, counted order by order without keeping them. */
export function gpCountMoves(input: GpPosition): number {
  const p = gpNormal(input);
  if (gpOutcome(p) !== null) return 0;
  let n = 0;
  for (const start of startPits(p)) {
    const pit = p.pits[start]!;
    const bag = [...new Array<string>(pit.stones).fill("s"), ...pit.gems];
    for (const order of orders(bag)) n += movesOfOrder(p, start, order).length;
  }
  return n;
}
