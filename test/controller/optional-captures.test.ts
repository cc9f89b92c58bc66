/**
 * Optional captures with the default stage limit (BDE-3, HUS-3, CORE-5
 * `maxStages` 200): positions with hundreds of thousands of moves whose
 * traces run hundreds of stages. The controller follows them through the
 * game's turn tree (`Game.turnTree`), expanding only the branches its cursors
 * reach, so a turn costs the path played, not every move of the position.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import type { Game, Position } from "../../src/games/core/types.js";
import type { MoveTrie } from "../../src/controller/trie.js";
import { startTurn, track, type TurnTracker } from "../../src/controller/tracking.js";
import { NOISY, traceReadings } from "./streams.js";
import { PITS_4X8, counts, playMove, startSession } from "./harness.js";
import { gameOf } from "./scenario.js";

const OPTIONS = { capture: "optional" } as const;

/** Random play: the moves drawn from `seed` alone, so the games are the same whatever the noise draws. */
function playOptionalGame(seed: number, maxPlies: number) {
  const game = gameOf("bao-de");
  const moveRandom = seededRandom(seed);
  const noiseRandom = seededRandom(seed + 1_000);
  const init = game.initial(OPTIONS);
  if (!init.ok) throw new Error(init.error.message);
  let p: Position = init.value;
  const s = startSession(game, p, OPTIONS);
  const played: string[] = [];
  let mostNodes = 0;
  for (let ply = 0; ply < maxPlies; ply++) {
    const m = game.randomMove(p, moveRandom);
    if (m === null) break;
    const trie = s.controller.game?.turn.trie as MoveTrie;
    expect(trie.lazy).toBe(true);
    playMove(s, game, p, m, noiseRandom, NOISY);
    // Trie nodes the turn built while it was followed (the position's whole tree can have 650,000).
    mostNodes = Math.max(mostNodes, trie.nodeCount);
    played.push(m.move);
    p = m.position;
  }
  const bad = s.events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");
  const moves = s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
  s.controller.close();
  return { game, played, bad, moves, mostNodes, over: game.outcome(p) !== null };
}

describe("optional captures, default maxStages: lazy expansion through the controller", () => {
  // Seeds 3, 18 and 29 reach positions with 45,273, 136,366 and 304,659 legal moves.
  it.each([3, 18, 29, 6])(
    "bao-de (capture=optional) game %i: ≤ 40 plies, every move identified",
    (seed) => {
      // The heap the game adds, not the worker's: vitest runs several files in
      // one worker (isolate: false), whose garbage may still be on the heap.
      const heapBefore = process.memoryUsage().heapUsed;
      const r = playOptionalGame(seed, 40);
      expect(r.bad).toEqual([]);
      expect(r.moves).toEqual(r.played);
      expect(r.played.length).toBeGreaterThan(20);
      expect(r.mostNodes).toBeLessThan(2_000);
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(400_000_000);
    },
  );

  it("a turn with 304,659 moves starts at once and builds only what the player's path reaches", () => {
    const game = gameOf("bao-de") as Game<Position>;
    const parsed = game.parsePosition({
      game: "bao-de",
      options: { direction: "free", capture: "optional", maxStages: 200 },
      toMove: "N",
      pits: {
        A: [4, 1, 0, 2, 0, 1, 2, 0],
        B: [1, 1, 1, 5, 1, 1, 2, 1],
        C: [3, 2, 1, 6, 0, 3, 4, 1],
        D: [4, 1, 6, 0, 3, 4, 1, 2],
      },
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const p = parsed.value;
    const t0 = performance.now();
    let t: TurnTracker<Position> = startTurn(game, p);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(t.trie.nodeCount).toBeLessThan(10);
    const random = seededRandom(5);
    for (let i = 0; i < 6; i++) {
      const m = game.randomMove(p, random);
      if (m === null) throw new Error("no move");
      t = startTurn(game, p);
      const readings = traceReadings(counts(game, p), m.trace, PITS_4X8, random, NOISY);
      let at = 0;
      let done: string | null = null;
      for (const r of readings) {
        if (!r.settled) continue;
        at += 250;
        const { tracker, verdict } = track(t, Int16Array.from(r.counts), at);
        expect(verdict.kind).not.toBe("inconsistent");
        if (verdict.kind === "complete") {
          done = verdict.move.move;
          // The trace, joined from the turn tree's segments, is the move's own.
          expect(verdict.move.trace).toEqual(m.trace);
          expect(verdict.move.position).toEqual(m.position);
        }
        t = tracker;
      }
      expect(done).toBe(m.move);
      expect(t.trie.nodeCount).toBeLessThan(1_000);
    }
  });
});
