/**
 * The search in Abalone (issue 29, docs/rules/abalone.md): its evaluation
 * (src/search/abalone.ts), its tactics and its repetition awareness, each
 * answer checked against the rules through the engine (`legal`, `apply`,
 * `protocolTrace`), never against a number printed once.
 *
 * - The marbles in danger are exactly those an opponent's legal move pushes
 *   off (AB-5, AB-6): over positions of seeded random games.
 * - A push-off in one that the other side cannot answer with one is found,
 *   and scored above every move that pushes nothing off (AB-6: the marbles
 *   pushed off win).
 * - A position seen earlier in the game is a draw to the search; level 4
 *   playing itself from the start neither takes back its previous move nor
 *   repeats a position, where the material-only search of before did.
 */
import { describe, expect, it } from "vitest";
import { findGame, type Game, type Position } from "../../src/games/index.js";
import { LEVELS, evaluatorOf, levelOptions, search } from "../../src/search/index.js";
import { marblesInDanger, type MarblePosition } from "../../src/search/abalone.js";
import { seededRandom } from "../../src/shared/index.js";

const game = findGame("abalone") as Game<MarblePosition & Position>;
type P = MarblePosition & Position;

function start(): P {
  const p = game.initial({});
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

const other = (side: string) => (side === "b" ? "w" : "b");
const colour = (side: string) => (side === "b" ? 1 : 2);

/** Positions of seeded random games, every `every` plies from ply `from` (games that go on). */
function randomPositions(games: number, plies: number, every: number, from = 6): P[] {
  const out: P[] = [];
  for (let g = 0; g < games; g++) {
    const random = seededRandom(1000 + g);
    let p = start();
    for (let i = 0; i < plies && game.outcome(p) === null; i++) {
      if (i >= from && i % every === 0) out.push(p);
      p = game.randomMove(p, random)!.position;
    }
  }
  return out;
}

/** The holes over whose edge one of the side to move's legal moves pushes a marble (protocolTrace `off`). */
function pushOffHoles(p: P): Set<string> {
  const holes = new Set<string>();
  for (const m of game.legal(p).moves)
    for (const step of game.protocolTrace!(p, m.move)) if (step.op === "off") holes.add(step.cell);
  return holes;
}

/** The moves of `p` that push a marble off (AB-6). */
const pushOffs = (p: P): string[] =>
  game
    .legal(p)
    .moves.filter((m) => m.position.off[other(p.toMove)] > p.off[other(p.toMove)])
    .map((m) => m.move);

const L4 = LEVELS[LEVELS.length - 1]!;
/** Level 4 on a smaller node budget (the test's time), its evaluation and ordering unchanged. */
function level4(seed: number, nodes = 12_000) {
  const { ms: _ms, ...options } = levelOptions(L4, undefined, seed);
  return { ...options, nodes };
}

describe("the evaluation's marbles in danger (AB-5, AB-6)", () => {
  it("are exactly the marbles the other side can push off at its next move", () => {
    let dangers = 0;
    const positions = randomPositions(12, 160, 3);
    for (const p of positions) {
      // The side not to move: its marbles in danger are those the mover can push off now.
      const waiting = other(p.toMove);
      const said = marblesInDanger(p.board, colour(waiting)).sort();
      expect(said, JSON.stringify(game.positionToJSON(p))).toEqual([...pushOffHoles(p)].sort());
      dangers += said.length;
    }
    // The scan met marbles in danger, not only quiet positions.
    expect(dangers).toBeGreaterThan(20);
  });
});

/** The push-offs of `p` that the other side cannot answer with a push-off (a marble won, not traded). */
const safePushOffs = (p: P): string[] =>
  pushOffs(p).filter((m) => {
    const q = game.apply(p, m);
    return (
      q.ok && game.outcome(q.value.position) === null && pushOffs(q.value.position).length === 0
    );
  });

describe("pushing off is preferred (AB-6)", () => {
  const chances = randomPositions(16, 160, 2).filter((p) => safePushOffs(p).length > 0);

  it("a push-off that cannot be answered by one evaluates above every move that pushes nothing off", () => {
    const ev = evaluatorOf(game);
    expect(chances.length).toBeGreaterThan(10);
    for (const p of chances) {
      const moves = game.legal(p).moves;
      const value = (q: P) => ev.evaluate(q, p.toMove);
      const safe = new Set(safePushOffs(p));
      const gains = moves.filter((m) => safe.has(m.move));
      const quiet = moves.filter((m) => m.position.off[other(p.toMove)] === p.off[other(p.toMove)]);
      const bestGain = Math.max(...gains.map((m) => value(m.position)));
      const bestQuiet = Math.max(...quiet.map((m) => value(m.position)));
      expect(bestGain, gains[0]!.move).toBeGreaterThan(bestQuiet);
    }
  });

  it("level 4 finds a push-off in one where the game has one that wins a marble", () => {
    for (const p of chances.slice(0, 8)) {
      const r = search(game, p, level4(1, 6_000));
      if (!r.ok) throw new Error(r.error.message);
      expect(pushOffs(p), `${r.value.best} in ${JSON.stringify(game.positionToJSON(p))}`).toContain(
        r.value.best,
      );
    }
  });
});

/** Plays `plies` plies of a search against itself from the start; the moves and positions. */
function selfPlay(plies: number, options: (seed: number, history: readonly P[]) => object) {
  const history: P[] = [];
  const moves: string[] = [];
  let p = start();
  for (let i = 0; i < plies && game.outcome(p) === null; i++) {
    const r = search(game, p, { ...options(i + 1, history) });
    if (!r.ok) throw new Error(r.error.message);
    const q = game.apply(p, r.value.best);
    if (!q.ok) throw new Error(q.error.message);
    history.push(p);
    moves.push(r.value.best);
    p = q.value.position;
  }
  history.push(p);
  return { history, moves };
}

/** Plies where the mover put its marbles back where they stood before its previous move. */
function takeBacks(history: readonly P[]): number[] {
  const out: number[] = [];
  for (let i = 3; i < history.length; i++) {
    const [before, after] = [history[i - 3]!, history[i]!];
    const own = colour(before.toMove);
    let same = true;
    for (let h = 0; h < after.board.length; h++)
      if ((before.board[h] === own) !== (after.board[h] === own)) same = false;
    if (same) out.push(i - 1);
  }
  return out;
}

/** Plies whose position repeats an earlier one (board, side to move, marbles off). */
function repeats(history: readonly P[]): number[] {
  const ev = evaluatorOf(game);
  const seen = new Set<string>();
  const out: number[] = [];
  history.forEach((p, i) => {
    const k = ev.boardKey(p);
    if (seen.has(k)) out.push(i);
    seen.add(k);
  });
  return out;
}

describe("repetitions", () => {
  it("a position seen earlier in the game is a draw: a side ahead plays another move", () => {
    const ev = evaluatorOf(game);
    let checked = 0;
    for (const p of randomPositions(6, 60, 5)) {
      const r = search(game, p, { depth: 1 });
      if (!r.ok || r.value.score <= 0) continue;
      const moves = game.legal(p).moves;
      const m = moves.find((x) => x.move === r.value.best)!;
      // Another move the mover also rates above a draw must exist for it to turn away.
      if (!moves.some((x) => x !== m && ev.evaluate(x.position, p.toMove) > 0)) continue;
      const again = search(game, p, { depth: 1, history: [m.position] });
      if (!again.ok) throw new Error(again.error.message);
      expect(again.value.best).not.toBe(r.value.best);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("level 4 against itself neither takes back its previous move nor repeats a position", () => {
    const { history } = selfPlay(32, (seed, h) => ({ ...level4(seed, 3_000), history: h }));
    expect(history.length).toBeGreaterThan(30);
    expect(takeBacks(history)).toEqual([]);
    expect(repeats(history)).toEqual([]);
  });

  it("the material-only search without the history did walk marbles back and forth (the bug)", () => {
    const { history } = selfPlay(32, (seed) => ({
      ...level4(seed, 3_000),
      evaluation: "material",
    }));
    expect(takeBacks(history).length).toBeGreaterThan(0);
  });
});
