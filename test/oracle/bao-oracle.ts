// Independent reference implementation ("test oracle") of Bao la kiswahili and Bao la
// kujifunza, written from /work/shared/rules/bao-kiswahili.md, mancala-4x8.md (geometry,
// CORE-5), rules/README.md (options) and spec/engine-protocol.md (JSON shapes) alone. It
// shares no code with the engine in src/games/bao/, which its author has not read.
//
// Deliberately plain and slow: JSON positions in and out, every seed dropped one by one on
// a plain `Record<pit, count>`, every branch (direction, kichwa, safari) explored by copying
// the whole state.
//
// ===========================================================================================
// INTERPRETATIONS (every point where the text had to be read one way; the engine author is
// asked the same questions, and any difference must be settled against the spec)
// ===========================================================================================
//
// Geometry
//  G1. Circuits (clockwise, `+`): South B1..B8,A8..A1; North D1..D8,C8..C1. `-` is the
//      reverse. Relays and first sowings drop their first seed in the pit AFTER the lifted
//      pit; a lap of 16+ seeds drops into the emptied pit too (CORE-1).
//  G2. nyumba: South B5, North C4. Left kichwa (sown clockwise): South B1, North C8. Right
//      kichwa (sown counter-clockwise): South B8, North C1. Kimbi (wide): columns 1,2,7,8 of
//      the own front row. Nearest kichwa of a kimbi: columns 1,2 -> the kichwa in column 1
//      (South B1 / cw, North C1 / ccw); columns 7,8 -> column 8 (South B8 / ccw, North C8 / cw).
//  G3. `L`/`R` (BK-5 exception) name the player's own left/right kichwa: `L` = South B1 /
//      North C8 (then sowing clockwise), `R` = South B8 / North C1 (counter-clockwise).
//
// Stages (BK-18 / CORE-5)
//  S1. A stage is one handful sown, i.e. one maximal run of `sow` steps in the trace: the
//      first sowing (mtaji phase: the lifted pit; namua takasa: the lifted pit after the
//      placement, taxed or not), each relay, each sowing of captured seeds, and a safari.
//      The namua PLACEMENT is not a stage: a namua capture's first stage is the sowing of
//      the captured seeds. So a turn's stage count is the number of runs of sows in its trace.
//  S2. A path is legal iff its turn ends within maxStages sowings: after the maxStages-th
//      sowing the turn must end (empty pit, takasa stop in the functional nyumba, `.` at
//      the nyumba, or a takasia-blocked relay). A relay, a capture or a safari that would
//      need sowing maxStages+1 makes that path (that move string) illegal; other paths of
//      the same start (other direction, other kichwa, `.` instead of `s`) may stay legal.
//
// Turn type and captures
//  T1. Capture spot: the last seed of a sowing lands in an own front pit that held >= 1
//      seed before that seed, and the facing opponent front pit is occupied.
//  T2. Namua capture (BK-9): the placement pit is occupied (required) so a placement is a
//      capture exactly when the facing pit is occupied. Trace: place, capture (facing, n),
//      then n sows starting IN the kichwa (first seed into the kichwa). The placement pit
//      keeps all its seeds (the placed one included).
//  T3. Capture inside a mtaji turn (BK-6): trace `capture` then sows starting in the kichwa;
//      there is no `lift` (the capturing pit keeps its seeds). Kichwa: capture spot in a
//      kimbi -> nearest kichwa (the turn's direction becomes that kichwa's direction);
//      otherwise the kichwa of the current direction (cw -> left, ccw -> right). The only
//      free choice (`L`/`R`) is the namua placement capture from a non-kimbi pit.
//  T4. Mtaji phase start (BK-13/14): any own pit with >= 2 seeds, both directions. It is a
//      capturing start iff the last seed of the first sowing falls on a capture spot and the
//      pit held <= 15 seeds when lifted. A start from > 15 seeds is always takasa.
//  T5. BK-8: captures are compulsory. A "capturing start" counts only if at least one of its
//      paths (choices) ends within maxStages. If any capturing move exists, the legal moves
//      are exactly the capturing moves (all their finished paths).
//  T6. BK-15: when there is no capturing move (mtaji phase), takasa starts are front pits if
//      ANY own front pit holds >= 2 seeds in the position (even if all of its paths are
//      refused by BK-18, or it is the takasia-blocked pit); otherwise back pits.
//  T7. In a takasa turn no capture ever happens; an occupied landing pit relays (also when
//      it is a "capture spot"), except the own functional nyumba which ends the turn.
//  T8. BK-6/BK-12 at the own functional nyumba at the end of a sowing of a mtaji turn
//      (relays, capture sowings, safari; namua capture turns included): a capture spot
//      captures (the nyumba keeps its seeds and stays owned). Otherwise, safari "choice":
//      the player chooses `.` (stop, the turn ends) or `s` (lift all, sow on from the next
//      pit in the current direction; ownership ends); safari "mandatory": the relay is
//      forced and no character is written. In a takasa turn the sowing ends there (BK-7).
//      Priority at a landing: capture spot (mtaji only) > empty pit ends > functional
//      nyumba > takasia block > relay.
//  T9. Captured seeds never go to the reserve (`hand` in the position JSON is the reserve
//      only); a placement takes one seed from the reserve.
//
// Namua (kiswahili, the mover's reserve > 0)
//  N1. Placements only into occupied own front pits (not the takasia-blocked pit).
//  N2. Namua takasa (facing pit empty): place, then lift the pit (all seeds, or 2 when taxed)
//      and sow from the next pit in the chosen direction; trace `place`, `lift n`, sows.
//      Move `B3*+` / `B3*-`.
//  N3. Tax (BK-11): the placement pit is the own nyumba, owned, and holding >= 6 AFTER the
//      placed seed (5 + 1 counts). Then lift n=2; the nyumba stays owned.
//      "always": the tax is forced whenever it applies. "only-if-no-other": a functional
//      nyumba may be chosen for a takasa only when it is the only occupied front pit before
//      the placement (then taxed); otherwise it is not a takasa start at all.
//      An owned nyumba that is not functional after the placement (content + 1 < 6) is sown
//      whole and ownership ends.
//  N4. BK-10 single seed: a pit holding exactly 1 seed before the placement may be the
//      takasa placement only if no own front pit holds >= 2 seeds (before the placement;
//      all front pits counted, whatever their facing pits). Captures are not restricted.
//  N5. BK-10 lone kichwa: if the only occupied own front pit before the placement is a
//      kichwa, a takasa from it whose first sowing (before any relay) leaves the own front
//      row empty is illegal (this can only happen sowing towards the back row).
//
// Nyumba ownership (kiswahili)
//  Y1. Ownership ends when the owner lifts the whole content of the nyumba pit (a mtaji-
//      phase start, an untaxed namua takasa, a relay when not functional, a safari), or when
//      the opponent captures the nyumba pit. A tax does not end it. Never regained.
//  Y2. "Functional" = owned && content >= 6 at the moment the rule is applied, the seed just
//      placed/sown included. The nyumba rules apply to the mover's own nyumba only.
//
// Takasia (BK-16, option `takasia`, kiswahili only)
//  K1. Judged on the position P' after a turn of X that was a takasa turn played with X's
//      reserve at 0 (mtaji phase). With Y = opponent (to move in P'):
//      (a) Y has no legal capturing start in P' (namua capture placements if Y still has a
//          reserve; BK-14 capturing starts otherwise), computed with no block;
//      (b) X (as if to move in P', no block) has at least one legal capturing start, and the
//          pits captured by the FIRST capture of all of them are one single pit T;
//      (c) T is not exempt: Y's functional nyumba (owned, >= 6), Y's only occupied front
//          pit, Y's only front pit with >= 2 seeds, a pit holding exactly 1 seed.
//      Then P'.blocked = T, else null. "blocked" is computed for every result position
//      (also one where the game is over) and is null after any other kind of turn.
//  K2. Effect on Y's turn from P' only: T may not be a start pit nor a namua placement pit;
//      a sowing whose last seed lands in T when T held seeds (a relay would follow) ends the
//      turn instead. A capture spot at T still captures; the functional-nyumba rules are
//      checked before the block.
//  K3. "legal capturing start" in (a)/(b): a capturing start with at least one path within
//      maxStages (T5).
//
// Traces and move strings (engine-protocol)
//  R1. Mtaji-phase start `B3+`: lift B3 n=all, sows from B4. Relay: lift pit n=all, sows
//      from the next pit. Capture: {capture, facing pit, n=all}, then sows starting in the
//      kichwa (no lift, no sow into the capturing pit unless it is on the way).
//  R2. Namua capture `B3*`, `B4*L`, `B4*R`: place B3/B4, capture the facing pit, sows from
//      the kichwa. Namua takasa `B3*+`: place B3, lift B3 n=all (n=2 from the taxed
//      functional nyumba), sows from the next pit. Safari: lift nyumba n=all, sows.
//  R3. Move = token + ("/" + choices, only when there are choices); the only in-turn
//      choice characters are `s` and `.` (at most one per path, since `s` ends ownership
//      and `.` ends the turn). Moves sorted by plain string comparison (JS default sort).
//  R4. Result position: toMove flipped; kiswahili keeps `hand` (reserve) and `nyumba`
//      (owned flags), and adds `blocked` only with takasia on.
//
// End (BK-17) and score
//  E1. outcome: mover's front row empty -> mover lost (also when both are empty); else the
//      opponent's front row empty -> opponent lost; else mover without a legal move -> mover
//      lost; else null. A finished position has no legal moves.
//  E2. score (DECISION): seeds on each side's 16 pits plus that side's reserve.
//
// Kujifunza: no reserve, no nyumba, no takasia; always the mtaji phase; BK-13..15, BK-17,
// BK-18 as above. Positions carry no `hand`, `nyumba` or `blocked`.

export type Side = "S" | "N";
export type Row = "A" | "B" | "C" | "D";
export type BaoGame = "bao-kiswahili" | "bao-kujifunza";

export interface BaoOptions {
  setup?: "zanzibar" | "malawi";
  nyumbaTax?: "always" | "only-if-no-other";
  safari?: "choice" | "mandatory";
  takasia?: boolean;
  maxStages: number;
}

export interface BaoPosition {
  game: string;
  options: BaoOptions;
  toMove: Side;
  pits: Record<Row, number[]>;
  hand?: { S: number; N: number };
  nyumba?: { S: boolean; N: boolean };
  blocked?: string | null;
}

export type TraceStep =
  | { op: "place"; pit: string }
  | { op: "lift"; pit: string; n: number }
  | { op: "sow"; pit: string }
  | { op: "capture"; pit: string; n: number };

export interface BaoMove {
  move: string;
  position: BaoPosition;
  trace: TraceStep[];
}

export interface BaoOutcome {
  winner: Side | null;
  reason: string;
  score: { S: number; N: number };
}

export const BAO_GAMES: readonly BaoGame[] = ["bao-kiswahili", "bao-kujifunza"];

type Board = Record<string, number>;
type Dir = 1 | -1; // +1 clockwise, -1 counter-clockwise along the circuit

const ROWS: Row[] = ["A", "B", "C", "D"];

// -------------------------------------------------------------------------------------------
// Geometry
// -------------------------------------------------------------------------------------------

function opponent(side: Side): Side {
  return side === "S" ? "N" : "S";
}

function frontRow(side: Side): Row {
  return side === "S" ? "B" : "C";
}

function frontPits(side: Side): string[] {
  const out: string[] = [];
  for (let c = 1; c <= 8; c++) out.push(frontRow(side) + c);
  return out;
}

/** The 16 pits of a side in clockwise order (G1). */
function circuit(side: Side): string[] {
  return side === "S" ? RING_S : RING_N;
}

function buildCircuit(side: Side): string[] {
  const out: string[] = [];
  if (side === "S") {
    for (let c = 1; c <= 8; c++) out.push("B" + c);
    for (let c = 8; c >= 1; c--) out.push("A" + c);
  } else {
    for (let c = 1; c <= 8; c++) out.push("D" + c);
    for (let c = 8; c >= 1; c--) out.push("C" + c);
  }
  return out;
}

const RING_S = buildCircuit("S");
const RING_N = buildCircuit("N");

function nextPit(side: Side, pit: string, dir: Dir): string {
  const ring = circuit(side);
  const i = ring.indexOf(pit);
  if (i < 0) throw new Error("oracle: " + pit + " is not on " + side + "'s circuit");
  return ring[(i + dir + 16) % 16];
}

function column(pit: string): number {
  return Number(pit.slice(1));
}

function isFront(side: Side, pit: string): boolean {
  return pit[0] === frontRow(side);
}

function facing(pit: string): string {
  const c = column(pit);
  return (pit[0] === "B" ? "C" : "B") + c;
}

function nyumbaPit(side: Side): string {
  return side === "S" ? "B5" : "C4";
}

/** The left kichwa is sown clockwise, the right kichwa counter-clockwise (G2). */
function kichwa(side: Side, which: "L" | "R"): { pit: string; dir: Dir } {
  if (side === "S") return which === "L" ? { pit: "B1", dir: 1 } : { pit: "B8", dir: -1 };
  return which === "L" ? { pit: "C8", dir: 1 } : { pit: "C1", dir: -1 };
}

function isKimbi(side: Side, pit: string): boolean {
  const c = column(pit);
  return isFront(side, pit) && (c <= 2 || c >= 7);
}

function nearestKichwa(side: Side, pit: string): { pit: string; dir: Dir } {
  const col8 = column(pit) >= 7;
  if (side === "S") return col8 ? kichwa("S", "R") : kichwa("S", "L");
  return col8 ? kichwa("N", "L") : kichwa("N", "R");
}

function kichwaOfDirection(side: Side, dir: Dir): { pit: string; dir: Dir } {
  return kichwa(side, dir === 1 ? "L" : "R");
}

// -------------------------------------------------------------------------------------------
// Options and positions
// -------------------------------------------------------------------------------------------

function checkGame(game: string): asserts game is BaoGame {
  if (game !== "bao-kiswahili" && game !== "bao-kujifunza") {
    throw new Error("oracle: unknown game " + game);
  }
}

export function baoDefaultOptions(game: string): BaoOptions {
  checkGame(game);
  if (game === "bao-kujifunza") return { maxStages: 200 };
  return {
    setup: "zanzibar",
    nyumbaTax: "always",
    safari: "choice",
    takasia: false,
    maxStages: 200,
  };
}

export function baoInitial(game: string, options?: Partial<BaoOptions>): BaoPosition {
  checkGame(game);
  const opts: BaoOptions = { ...baoDefaultOptions(game), ...(options ?? {}) };
  if (game === "bao-kujifunza") {
    const two = [2, 2, 2, 2, 2, 2, 2, 2];
    return {
      game,
      options: opts,
      toMove: "S",
      pits: { A: two.slice(), B: two.slice(), C: two.slice(), D: two.slice() },
    };
  }
  // BK-1
  const house = opts.setup === "malawi" ? 8 : 6;
  const reserve = 32 - house - 4;
  const pos: BaoPosition = {
    game,
    options: opts,
    toMove: "S",
    pits: {
      A: [0, 0, 0, 0, 0, 0, 0, 0],
      B: [0, 0, 0, 0, house, 2, 2, 0],
      C: [0, 2, 2, house, 0, 0, 0, 0],
      D: [0, 0, 0, 0, 0, 0, 0, 0],
    },
    hand: { S: reserve, N: reserve },
    nyumba: { S: true, N: true },
  };
  if (opts.takasia === true) pos.blocked = null;
  return pos;
}

function toBoard(pos: BaoPosition): Board {
  const b: Board = {};
  for (const r of ROWS) for (let c = 1; c <= 8; c++) b[r + c] = pos.pits[r][c - 1];
  return b;
}

function fromBoard(b: Board): Record<Row, number[]> {
  const pits: Record<Row, number[]> = { A: [], B: [], C: [], D: [] };
  for (const r of ROWS) for (let c = 1; c <= 8; c++) pits[r].push(b[r + c]);
  return pits;
}

function isKiswahili(pos: BaoPosition): boolean {
  return pos.game === "bao-kiswahili";
}

function takasiaOn(pos: BaoPosition): boolean {
  return isKiswahili(pos) && pos.options.takasia === true;
}

// -------------------------------------------------------------------------------------------
// Turn simulation
// -------------------------------------------------------------------------------------------

/** Mutable state of one path of a turn; copied at every branch. */
interface State {
  board: Board;
  reserve: { S: number; N: number };
  owned: { S: boolean; N: boolean };
  trace: TraceStep[];
  choices: string[]; // in-turn choices after the start token (`s` / `.`)
  stages: number; // sowings done so far (S1)
}

function copyState(st: State): State {
  return {
    board: { ...st.board },
    reserve: { ...st.reserve },
    owned: { ...st.owned },
    trace: st.trace.slice(),
    choices: st.choices.slice(),
    stages: st.stages,
  };
}

interface Ctx {
  pos: BaoPosition;
  side: Side;
  kiswahili: boolean;
  blocked: string | null; // effective block for this turn (K2)
  maxStages: number;
  safariChoice: boolean;
}

/** One finished path of a turn. */
interface Path {
  token: string; // start token, e.g. "B3+", "B4*R", "B5*-"
  state: State; // final state, choices included
  capturing: boolean; // a mtaji turn (BK-8)
  target: string | null; // pit taken by the first capture (K1 b)
  startPit: string;
}

function owns(ctx: Ctx, st: State): boolean {
  return ctx.kiswahili && st.owned[ctx.side];
}

/** Lift all (or `n`) seeds of an own pit into the hand. */
function lift(ctx: Ctx, st: State, pit: string, n: number): void {
  if (st.board[pit] < n || n <= 0) throw new Error("oracle: bad lift at " + pit);
  st.board[pit] -= n;
  st.trace.push({ op: "lift", pit, n });
  // Y1: lifting the whole content of the own nyumba ends ownership (a tax does not).
  if (ctx.kiswahili && pit === nyumbaPit(ctx.side) && st.board[pit] === 0) {
    st.owned[ctx.side] = false;
  }
}

/** Drop `n` seeds one by one, the first into `first`, then on in direction `dir`. */
function drop(
  ctx: Ctx,
  st: State,
  first: string,
  n: number,
  dir: Dir,
): { last: string; before: number } {
  let pit = first;
  let before = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0) pit = nextPit(ctx.side, pit, dir);
    before = st.board[pit];
    st.board[pit] += 1;
    st.trace.push({ op: "sow", pit });
  }
  st.stages += 1;
  return { last: pit, before };
}

function isCaptureSpot(ctx: Ctx, st: State, last: string, before: number): boolean {
  return isFront(ctx.side, last) && before > 0 && st.board[facing(last)] > 0;
}

/** Take the facing pit (BK-4) and sow the seeds from the proper kichwa (BK-5). */
function* captureAndSow(
  ctx: Ctx,
  st: State,
  spot: string,
  k: { pit: string; dir: Dir },
): Generator<State> {
  const victim = facing(spot);
  const n = st.board[victim];
  st.board[victim] = 0;
  st.trace.push({ op: "capture", pit: victim, n });
  const other = opponent(ctx.side);
  if (ctx.kiswahili && victim === nyumbaPit(other)) st.owned[other] = false; // Y1
  const end = drop(ctx, st, k.pit, n, k.dir);
  yield* settle(ctx, st, end.last, end.before, k.dir, "mtaji");
}

/**
 * The end of a sowing (BK-6 / BK-7 / BK-12 / K2): capture, relay, nyumba choice or end.
 * Yields the final state of every path that ends within maxStages (S2).
 */
function* settle(
  ctx: Ctx,
  st: State,
  last: string,
  before: number,
  dir: Dir,
  kind: "mtaji" | "takasa",
): Generator<State> {
  const canGoOn = st.stages < ctx.maxStages;

  // BK-6: capture spot in a mtaji turn.
  if (kind === "mtaji" && isCaptureSpot(ctx, st, last, before)) {
    if (!canGoOn) return;
    const k = isKimbi(ctx.side, last)
      ? nearestKichwa(ctx.side, last)
      : kichwaOfDirection(ctx.side, dir);
    yield* captureAndSow(ctx, st, last, k);
    return;
  }

  // Landing in an empty pit ends the turn.
  if (before === 0) {
    yield st;
    return;
  }

  // BK-12: the own functional nyumba.
  if (owns(ctx, st) && last === nyumbaPit(ctx.side) && st.board[last] >= 6) {
    if (kind === "takasa") {
      yield st; // BK-7: a takasa sowing ending in it ends the turn
      return;
    }
    if (ctx.safariChoice) {
      const stop = copyState(st);
      stop.choices.push(".");
      yield stop;
    }
    if (!canGoOn) return;
    const go = copyState(st);
    if (ctx.safariChoice) go.choices.push("s");
    const n = go.board[last];
    lift(ctx, go, last, n); // ends ownership (Y1)
    const end = drop(ctx, go, nextPit(ctx.side, last, dir), n, dir);
    yield* settle(ctx, go, end.last, end.before, dir, kind);
    return;
  }

  // K2: a relay ending in the blocked pit stops.
  if (ctx.blocked !== null && last === ctx.blocked) {
    yield st;
    return;
  }

  // Relay.
  if (!canGoOn) return;
  const n = st.board[last];
  lift(ctx, st, last, n);
  const end = drop(ctx, st, nextPit(ctx.side, last, dir), n, dir);
  yield* settle(ctx, st, end.last, end.before, dir, kind);
}

function initialState(pos: BaoPosition): State {
  return {
    board: toBoard(pos),
    reserve: pos.hand ? { ...pos.hand } : { S: 0, N: 0 },
    owned: pos.nyumba ? { ...pos.nyumba } : { S: false, N: false },
    trace: [],
    choices: [],
    stages: 0,
  };
}

function makeCtx(pos: BaoPosition, blocked: string | null): Ctx {
  return {
    pos,
    side: pos.toMove,
    kiswahili: isKiswahili(pos),
    blocked,
    maxStages: pos.options.maxStages,
    safariChoice: isKiswahili(pos) && pos.options.safari !== "mandatory",
  };
}

function inNamua(pos: BaoPosition): boolean {
  return isKiswahili(pos) && pos.hand !== undefined && pos.hand[pos.toMove] > 0;
}

/** Every finished path of every start (before BK-8 / BK-15 filtering). */
function allPaths(pos: BaoPosition, blocked: string | null): Path[] {
  return inNamua(pos) ? namuaPaths(pos, blocked) : mtajiPhasePaths(pos, blocked);
}

function namuaPaths(pos: BaoPosition, blocked: string | null): Path[] {
  const ctx = makeCtx(pos, blocked);
  const side = ctx.side;
  const st0 = initialState(pos);
  const out: Path[] = [];
  const occupiedFront = frontPits(side).filter((p) => st0.board[p] > 0);
  const anyFrontTwo = frontPits(side).some((p) => st0.board[p] >= 2);

  for (const pit of occupiedFront) {
    if (pit === blocked) continue; // K2
    const before = st0.board[pit];

    if (st0.board[facing(pit)] > 0) {
      // BK-9: a capture spot -> mtaji turn, capture at once.
      const kichwas: Array<{ token: string; k: { pit: string; dir: Dir } }> = isKimbi(side, pit)
        ? [{ token: pit + "*", k: nearestKichwa(side, pit) }]
        : [
            { token: pit + "*L", k: kichwa(side, "L") },
            { token: pit + "*R", k: kichwa(side, "R") },
          ];
      for (const { token, k } of kichwas) {
        const st = copyState(st0);
        st.board[pit] += 1;
        st.reserve[side] -= 1;
        st.trace.push({ op: "place", pit });
        for (const fin of captureAndSow(ctx, st, pit, k)) {
          out.push({ token, state: fin, capturing: true, target: facing(pit), startPit: pit });
        }
      }
      continue;
    }

    // BK-9 takasa placement.
    if (before === 1 && anyFrontTwo) continue; // BK-10 single seed
    const isHouse = owns(ctx, st0) && pit === nyumbaPit(side);
    const functionalAfter = isHouse && before + 1 >= 6;
    if (
      functionalAfter &&
      pos.options.nyumbaTax === "only-if-no-other" &&
      occupiedFront.length > 1
    ) {
      continue; // BK-11 only-if-no-other
    }
    const loneKichwa = occupiedFront.length === 1 && (column(pit) === 1 || column(pit) === 8);
    for (const d of [1, -1] as Dir[]) {
      const st = copyState(st0);
      st.board[pit] += 1;
      st.reserve[side] -= 1;
      st.trace.push({ op: "place", pit });
      const n = functionalAfter ? 2 : st.board[pit]; // BK-11 tax
      lift(ctx, st, pit, n);
      const end = drop(ctx, st, nextPit(side, pit, d), n, d);
      if (loneKichwa && frontPits(side).every((p) => st.board[p] === 0)) continue; // BK-10
      const token = pit + "*" + (d === 1 ? "+" : "-");
      for (const fin of settle(ctx, st, end.last, end.before, d, "takasa")) {
        out.push({ token, state: fin, capturing: false, target: null, startPit: pit });
      }
    }
  }
  return out;
}

function mtajiPhasePaths(pos: BaoPosition, blocked: string | null): Path[] {
  const ctx = makeCtx(pos, blocked);
  const side = ctx.side;
  const st0 = initialState(pos);
  const out: Path[] = [];
  for (const pit of circuit(side)) {
    const n = st0.board[pit];
    if (n < 2) continue; // BK-13
    if (pit === blocked) continue; // K2
    for (const d of [1, -1] as Dir[]) {
      const st = copyState(st0);
      lift(ctx, st, pit, n);
      const end = drop(ctx, st, nextPit(side, pit, d), n, d);
      // BK-14: capturing iff the first sowing ends on a capture spot, from <= 15 seeds.
      const capturing = n <= 15 && isCaptureSpot(ctx, st, end.last, end.before);
      const target = capturing ? facing(end.last) : null;
      const token = pit + (d === 1 ? "+" : "-");
      for (const fin of settle(ctx, st, end.last, end.before, d, capturing ? "mtaji" : "takasa")) {
        out.push({ token, state: fin, capturing, target, startPit: pit });
      }
    }
  }
  return out;
}

/** BK-8 and BK-15 applied to all finished paths. */
function legalPaths(pos: BaoPosition, blocked: string | null): Path[] {
  const paths = allPaths(pos, blocked);
  const captures = paths.filter((p) => p.capturing);
  if (captures.length > 0) return captures; // BK-8 (T5)
  if (inNamua(pos)) return paths;
  // BK-15 (T6)
  const side = pos.toMove;
  const board = toBoard(pos);
  const frontTwo = frontPits(side).some((p) => board[p] >= 2);
  return paths.filter((p) => isFront(side, p.startPit) === frontTwo);
}

function moveString(p: Path): string {
  return p.token + (p.state.choices.length > 0 ? "/" + p.state.choices.join("") : "");
}

// -------------------------------------------------------------------------------------------
// Takasia (K1)
// -------------------------------------------------------------------------------------------

/** Targets of the legal capturing starts of the player to move in `pos` (no block). */
function captureTargets(pos: BaoPosition): string[] {
  const out: string[] = [];
  for (const p of allPaths(pos, null)) {
    if (p.capturing && p.target !== null) out.push(p.target);
  }
  return out;
}

function computeBlock(before: BaoPosition, after: BaoPosition, path: Path): string | null {
  const x = before.toMove;
  const y = opponent(x);
  if (path.capturing) return null;
  if (before.hand === undefined || before.hand[x] !== 0) return null; // mtaji-phase turns only
  // (a) Y has no capture in P'.
  if (captureTargets({ ...after, blocked: null }).length > 0) return null;
  // (b) all of X's captures in P' take one single pit.
  const targets = new Set(captureTargets({ ...after, toMove: x, blocked: null }));
  if (targets.size !== 1) return null;
  const t = [...targets][0];
  // (c) exemptions, judged for Y on P'.
  const board = toBoard(after);
  const yFront = frontPits(y);
  if (after.nyumba !== undefined && after.nyumba[y] && t === nyumbaPit(y) && board[t] >= 6) {
    return null;
  }
  const occupied = yFront.filter((p) => board[p] > 0);
  if (occupied.length === 1 && occupied[0] === t) return null;
  const twos = yFront.filter((p) => board[p] >= 2);
  if (twos.length === 1 && twos[0] === t) return null;
  if (board[t] === 1) return null;
  return t;
}

// -------------------------------------------------------------------------------------------
// Public API
// -------------------------------------------------------------------------------------------

function currentBlock(pos: BaoPosition): string | null {
  return takasiaOn(pos) ? (pos.blocked ?? null) : null;
}

function resultPosition(pos: BaoPosition, path: Path): BaoPosition {
  const st = path.state;
  const next: BaoPosition = {
    game: pos.game,
    options: { ...pos.options },
    toMove: opponent(pos.toMove),
    pits: fromBoard(st.board),
  };
  if (isKiswahili(pos)) {
    next.hand = { ...st.reserve };
    next.nyumba = { ...st.owned };
    if (takasiaOn(pos)) next.blocked = computeBlock(pos, next, path);
  }
  return next;
}

function frontEmpty(board: Board, side: Side): boolean {
  return frontPits(side).every((p) => board[p] === 0);
}

function score(pos: BaoPosition): { S: number; N: number } {
  const b = toBoard(pos);
  const s = { S: 0, N: 0 };
  for (const side of ["S", "N"] as Side[]) {
    for (const p of circuit(side)) s[side] += b[p];
    if (pos.hand) s[side] += pos.hand[side];
  }
  return s;
}

function outcomeWith(pos: BaoPosition, hasMove: () => boolean): BaoOutcome | null {
  checkGame(pos.game);
  const b = toBoard(pos);
  const mover = pos.toMove;
  const other = opponent(mover);
  if (frontEmpty(b, mover)) {
    return {
      winner: other,
      reason: "BK-17: the player to move has an empty front row",
      score: score(pos),
    };
  }
  if (frontEmpty(b, other)) {
    return {
      winner: mover,
      reason: "BK-17: the player who moved has an empty front row",
      score: score(pos),
    };
  }
  if (!hasMove()) {
    return {
      winner: other,
      reason: "BK-17: the player to move has no legal start",
      score: score(pos),
    };
  }
  return null;
}

export function baoOutcome(pos: BaoPosition): BaoOutcome | null {
  return outcomeWith(pos, () => legalPaths(pos, currentBlock(pos)).length > 0);
}

export function baoLegal(pos: BaoPosition): BaoMove[] {
  checkGame(pos.game);
  const paths = legalPaths(pos, currentBlock(pos));
  if (outcomeWith(pos, () => paths.length > 0) !== null) return [];
  const moves: BaoMove[] = paths.map((p) => ({
    move: moveString(p),
    position: resultPosition(pos, p),
    trace: p.state.trace,
  }));
  const seen = new Set<string>();
  for (const m of moves) {
    if (seen.has(m.move)) throw new Error("oracle: duplicate move " + m.move);
    seen.add(m.move);
  }
  moves.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
  return moves;
}

export function baoApply(pos: BaoPosition, move: string): BaoMove {
  const found = baoLegal(pos).find((m) => m.move === move);
  if (found === undefined) throw new Error("oracle: illegal move " + move);
  return found;
}

/** Number of leaf nodes `depth` plies below `pos` (a finished game is a dead end). */
export function baoPerft(pos: BaoPosition, depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  for (const m of baoLegal(pos)) total += baoPerft(m.position, depth - 1);
  return total;
}
