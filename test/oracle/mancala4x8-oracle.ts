// Independent reference implementation ("test oracle") of the four-row mancala rules in
// /work/shared/rules/mancala-4x8.md: husbao, husbao-bis, husbao-front, hus, bao-de.
//
// Deliberately plain and slow: JSON positions in, JSON positions out, every stone sown
// one by one, every branch of an in-turn choice explored by copying the board. It shares
// no code with the engine in src/games/mancala4x8/ so that the two can check each other.

export type Side = "S" | "N";
export type Row = "A" | "B" | "C" | "D";
export type Direction = "free" | "cw" | "ccw";
export type CaptureMode = "mandatory" | "optional";

export interface Options {
  direction: Direction;
  capture?: CaptureMode;
  maxStages: number;
}

export interface Position {
  game: string;
  options: Options;
  toMove: Side;
  pits: Record<Row, number[]>;
}

export type TraceStep =
  | { op: "lift"; pit: string; n: number }
  | { op: "sow"; pit: string }
  | { op: "capture"; pit: string; n: number };

export interface LegalMove {
  move: string;
  position: Position;
  trace: TraceStep[];
}

export interface Outcome {
  winner: Side | null;
  reason: string;
  score: { S: number; N: number };
}

export const ORACLE_GAMES = ["husbao", "husbao-bis", "husbao-front", "hus", "bao-de"] as const;

type Board = Record<string, number>; // pit name ("A1".."D8") -> stones

const ROWS: Row[] = ["A", "B", "C", "D"];

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------

/** The 16 pits of a side's circuit in clockwise (`+`) order. */
function circuit(side: Side): string[] {
  const pits: string[] = [];
  if (side === "S") {
    // South: B1 -> B8 -> A8 -> A1 -> (B1)
    for (let c = 1; c <= 8; c++) pits.push("B" + c);
    for (let c = 8; c >= 1; c--) pits.push("A" + c);
  } else {
    // North: D1 -> D8 -> C8 -> C1 -> (D1)
    for (let c = 1; c <= 8; c++) pits.push("D" + c);
    for (let c = 8; c >= 1; c--) pits.push("C" + c);
  }
  return pits;
}

function frontRow(side: Side): Row {
  return side === "S" ? "B" : "C";
}

function backRow(side: Side): Row {
  return side === "S" ? "A" : "D";
}

function opponent(side: Side): Side {
  return side === "S" ? "N" : "S";
}

function rowOf(pit: string): Row {
  return pit[0] as Row;
}

function columnOf(pit: string): number {
  return Number(pit.slice(1));
}

// ---------------------------------------------------------------------------
// Game parameters
// ---------------------------------------------------------------------------

function checkGame(game: string): void {
  if (!(ORACLE_GAMES as readonly string[]).includes(game)) {
    throw new Error("oracle: unknown game " + game);
  }
}

function isHusBao(game: string): boolean {
  return game === "husbao" || game === "husbao-bis" || game === "husbao-front";
}

/** Whether captures in this position's game are a choice of the player. */
function capturesOptional(pos: Position): boolean {
  if (isHusBao(pos.game)) return false; // HB-4: "must take them"
  return pos.options.capture === "optional"; // HUS-3 / BDE-3 option
}

/** Whether a capture also takes the back pit behind the captured front pit. */
function capturesBackPit(game: string): boolean {
  return game === "husbao-bis" || game === "hus"; // HB-5, HUS-3; not HB-4, HB-6, BDE-3
}

/** Whether a capture requires L to have held stones before the last one. */
function captureNeedsOccupiedL(game: string): boolean {
  return game === "hus" || game === "bao-de"; // HUS-3, BDE-3; HusBao (HB-4) does not
}

function directionsAllowed(options: Options): string[] {
  if (options.direction === "cw") return ["+"];
  if (options.direction === "ccw") return ["-"];
  return ["+", "-"];
}

export function defaultOptions(game: string): Options {
  checkGame(game);
  if (game === "hus") return { direction: "cw", capture: "mandatory", maxStages: 200 };
  if (game === "bao-de") return { direction: "free", capture: "mandatory", maxStages: 200 };
  return { direction: "free", maxStages: 200 };
}

// ---------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------

export function oracleInitial(game: string, options?: Partial<Options>): Position {
  checkGame(game);
  let front: number[]; // South's B row; North's C row is its mirror image
  if (isHusBao(game)) {
    front = [2, 2, 2, 2, 0, 0, 0, 0]; // HB-1
  } else if (game === "hus") {
    front = [0, 0, 0, 0, 2, 2, 2, 2]; // HUS-1
  } else {
    front = [2, 2, 2, 2, 2, 2, 2, 2]; // BDE-1
  }
  return {
    game,
    options: { ...defaultOptions(game), ...(options ?? {}) },
    toMove: "S",
    pits: {
      A: [2, 2, 2, 2, 2, 2, 2, 2],
      B: front.slice(),
      C: front.slice().reverse(),
      D: [2, 2, 2, 2, 2, 2, 2, 2],
    },
  };
}

function toBoard(pos: Position): Board {
  const board: Board = {};
  for (const r of ROWS) {
    for (let c = 1; c <= 8; c++) board[r + c] = pos.pits[r][c - 1];
  }
  return board;
}

function fromBoard(board: Board): Record<Row, number[]> {
  const pits = { A: [], B: [], C: [], D: [] } as Record<Row, number[]>;
  for (const r of ROWS) {
    for (let c = 1; c <= 8; c++) pits[r].push(board[r + c]);
  }
  return pits;
}

function sideTotal(board: Board, side: Side): number {
  let total = 0;
  for (const r of [frontRow(side), backRow(side)]) {
    for (let c = 1; c <= 8; c++) total += board[r + c];
  }
  return total;
}

function rowTotal(board: Board, row: Row): number {
  let total = 0;
  for (let c = 1; c <= 8; c++) total += board[row + c];
  return total;
}

// ---------------------------------------------------------------------------
// Turn generation (CORE-1..5 plus the game's capture rule)
// ---------------------------------------------------------------------------

interface FinishedPath {
  move: string;
  board: Board;
  trace: TraceStep[];
}

interface TurnContext {
  pos: Position;
  side: Side;
  ring: string[];
  dirStep: number; // +1 clockwise, -1 counter-clockwise along `ring`
  moveStart: string; // e.g. "B3+"
}

/**
 * Sows `hand` stones from the pit after ring[fromIndex], then settles the end of the
 * stage (CORE-3): capture, relay or end of turn. Yields every finished path that stays
 * within maxStages (CORE-5). `stages` is the number of stages used so far, including the
 * one being sown now.
 */
function* sowStage(
  ctx: TurnContext,
  board: Board,
  trace: TraceStep[],
  choices: string[],
  stages: number,
  fromIndex: number,
  hand: number,
): Generator<FinishedPath> {
  // CORE-1: one stone per pit, starting with the next pit, skipping none.
  let i = fromIndex;
  let before = 0;
  for (let k = 0; k < hand; k++) {
    i = (i + ctx.dirStep + 16) % 16;
    const pit = ctx.ring[i];
    before = board[pit];
    board[pit] += 1;
    trace.push({ op: "sow", pit });
  }
  const landing = ctx.ring[i];
  const game = ctx.pos.game;

  // Capture opportunity at L (HB-4/5/6, HUS-3, BDE-3).
  let captureFrom: string[] = [];
  if (rowOf(landing) === frontRow(ctx.side)) {
    const col = columnOf(landing);
    const facing = frontRow(opponent(ctx.side)) + col;
    const behind = backRow(opponent(ctx.side)) + col;
    const lOk = captureNeedsOccupiedL(game) ? before > 0 : true;
    if (lOk && board[facing] > 0) {
      captureFrom = capturesBackPit(game) ? [facing, behind] : [facing];
    }
  }

  const options: Array<"take" | "decline" | "relay" | "end"> = [];
  if (captureFrom.length > 0) {
    options.push("take");
    if (capturesOptional(ctx.pos)) options.push("decline");
  } else if (before > 0) {
    options.push("relay");
  } else {
    options.push("end");
  }

  for (const option of options) {
    if (option === "end") {
      const suffix = choices.length > 0 ? "/" + choices.join("") : "";
      yield { move: ctx.moveStart + suffix, board, trace };
      continue;
    }
    // Every other option needs a new stage (CORE-5).
    if (stages >= ctx.pos.options.maxStages) continue;
    const b: Board = { ...board };
    const t: TraceStep[] = trace.slice();
    const ch: string[] = choices.slice();
    let newHand = 0;
    if (option === "take") {
      for (const p of captureFrom) {
        const n = b[p];
        if (n > 0) {
          t.push({ op: "capture", pit: p, n });
          b[p] = 0;
          newHand += n;
        }
      }
      if (capturesOptional(ctx.pos)) ch.push("x");
    } else if (option === "decline") {
      ch.push(".");
    }
    // Relay or continuation after a capture: lift all of L, sow on from the next pit.
    const n = b[landing];
    t.push({ op: "lift", pit: landing, n });
    b[landing] = 0;
    newHand += n;
    yield* sowStage(ctx, b, t, ch, stages + 1, i, newHand);
  }
}

/** Every finished path of every start of the player to move (game-over not checked). */
function* allPaths(pos: Position): Generator<FinishedPath> {
  const side = pos.toMove;
  const ring = circuit(side);
  const board0 = toBoard(pos);
  for (let idx = 0; idx < 16; idx++) {
    const start = ring[idx];
    if (board0[start] < 2) continue; // CORE-4
    for (const dir of directionsAllowed(pos.options)) {
      const ctx: TurnContext = {
        pos,
        side,
        ring,
        dirStep: dir === "+" ? 1 : -1,
        moveStart: start + dir,
      };
      const board: Board = { ...board0 };
      const n = board[start];
      board[start] = 0;
      const trace: TraceStep[] = [{ op: "lift", pit: start, n }];
      yield* sowStage(ctx, board, trace, [], 1, idx, n);
    }
  }
}

function hasLegalStart(pos: Position): boolean {
  for (const _path of allPaths(pos)) return true;
  return false;
}

// ---------------------------------------------------------------------------
// Outcome
// ---------------------------------------------------------------------------

function outcomeWith(pos: Position, legalStart: () => boolean): Outcome | null {
  checkGame(pos.game);
  const board = toBoard(pos);
  const mover = pos.toMove;
  const other = opponent(mover);
  const stones = { S: sideTotal(board, "S"), N: sideTotal(board, "N") };

  if (pos.game === "husbao-front") {
    // HB-8: either front row empty ends the game; so does a mover without a legal start.
    let reason: string | null = null;
    if (rowTotal(board, "B") === 0 || rowTotal(board, "C") === 0) {
      reason = "HB-8: a front row is empty";
    } else if (!legalStart()) {
      reason = "HB-8: player to move has no legal start";
    }
    if (reason === null) return null;
    const winner: Side | null = stones.S > stones.N ? "S" : stones.N > stones.S ? "N" : null;
    return { winner, reason, score: stones };
  }

  if (pos.game === "bao-de") {
    // BDE-4
    let reason: string | null = null;
    if (rowTotal(board, frontRow(mover)) === 0) {
      reason = "BDE-4: player to move has an empty front row";
    } else if (!legalStart()) {
      reason = "BDE-4: player to move has no legal start";
    }
    if (reason === null) return null;
    return { winner: other, reason, score: stones };
  }

  if (legalStart()) return null;

  if (pos.game === "hus") {
    // HUS-4 loss; HUS-5 series score.
    const winnerStones = stones[other];
    const points = stones[mover] === 0 ? 2 * winnerStones : winnerStones;
    const score = { S: 0, N: 0 };
    score[other] = points;
    return { winner: other, reason: "HUS-4: player to move has no legal start", score };
  }

  // husbao, husbao-bis: HB-7
  return { winner: other, reason: "HB-7: player to move has no legal start", score: stones };
}

export function oracleOutcome(pos: Position): Outcome | null {
  return outcomeWith(pos, () => hasLegalStart(pos));
}

// ---------------------------------------------------------------------------
// Legal moves
// ---------------------------------------------------------------------------

export function oracleLegal(pos: Position): LegalMove[] {
  checkGame(pos.game);
  const paths = [...allPaths(pos)];
  if (outcomeWith(pos, () => paths.length > 0) !== null) return [];
  const moves: LegalMove[] = paths.map((p) => ({
    move: p.move,
    position: {
      game: pos.game,
      options: { ...pos.options },
      toMove: opponent(pos.toMove),
      pits: fromBoard(p.board),
    },
    trace: p.trace,
  }));
  const seen = new Set<string>();
  for (const m of moves) {
    if (seen.has(m.move)) throw new Error("oracle: duplicate move " + m.move);
    seen.add(m.move);
  }
  moves.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
  return moves;
}

export function oracleApply(pos: Position, move: string): LegalMove {
  const found = oracleLegal(pos).find((m) => m.move === move);
  if (found === undefined) throw new Error("oracle: illegal move " + move);
  return found;
}

/** Number of leaf nodes `depth` plies below `pos` (a finished game is a dead end). */
export function oraclePerft(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  for (const m of oracleLegal(pos)) total += oraclePerft(m.position, depth - 1);
  return total;
}
