/**
 * Captures in the relay games, as players really make them (issue 11, item 8):
 *
 * - every physical order of a capture group the engine spec accepts (the
 *   captured stones taken and the landing pit lifted, as the trace says; the
 *   captured stones dropped into the landing pit, directly or by way of the
 *   hand, and the whole pit lifted; the landing pit lifted first and the
 *   capture taken into the hand), with a settled reading forced at every step
 *   boundary, is no mistake and gives the right move;
 * - a compulsory capture not taken (the landing pit lifted and sown on) is
 *   named with the game's capture rule, from its rule book.
 */
import { describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/random.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { counts, startSession } from "./harness.js";
import { ORDERS, hasCapture, orderedBoards } from "./orders.js";
import { at, feed, stepBoards } from "./scenario.js";

const CONFIGS: readonly { game: string; options: Record<string, unknown> }[] = [
  { game: "husbao", options: {} },
  { game: "husbao-bis", options: {} },
  { game: "husbao-front", options: {} },
  { game: "hus", options: {} },
  { game: "bao-de", options: {} },
  { game: "husbao", options: { direction: "cw" } },
  { game: "hus", options: { capture: "optional" } },
  { game: "bao-de", options: { capture: "optional", direction: "ccw" } },
];

describe("capture groups in every physical order, a settled reading at every step", () => {
  for (const c of CONFIGS) {
    const label = `${c.game} ${JSON.stringify(c.options)}`;
    it(`${label}: no mistake, the move accepted`, () => {
      const game = findGame(c.game) as Game<Position>;
      const random = seededRandom(811);
      let moves = 0;
      let mistakes = 0;
      for (let g = 0; g < 12 && moves < 40; g++) {
        const init = game.initial(c.options);
        if (!init.ok) throw new Error(init.error.message);
        let p = init.value;
        for (let ply = 0; ply < 40 && moves < 40; ply++) {
          const m = game.randomMove(p, random);
          if (m === null) break;
          if (hasCapture(m)) {
            for (const order of ORDERS) {
              const s = startSession(game, p, c.options);
              const r = feed(s, orderedBoards(counts(game, p), m.trace, order));
              if (r.mistake !== null) mistakes++;
              expect(r.mistake?.message ?? null, `${c.game} ${m.move} ${order}`).toBeNull();
              const played = s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
              expect(played, `${c.game} ${m.move} ${order}`).toEqual([m.move]);
              s.controller.close();
            }
            moves++;
          }
          p = m.position;
        }
      }
      expect(mistakes).toBe(0);
      // Enough capturing moves per game (each in every order).
      expect(moves).toBeGreaterThanOrEqual(40);
    });
  }
});

describe("a compulsory capture not taken: the landing pit lifted and sown on", () => {
  for (const id of ["hus", "bao-de", "husbao", "husbao-bis", "husbao-front"]) {
    it(`${id}: named with the game's capture rule`, () => {
      const game = findGame(id) as Game<Position>;
      const random = seededRandom(5);
      const rule = game.ruleBook({}).capture;
      expect(rule).not.toBeNull();
      let tried = 0;
      for (let g = 0; g < 6 && tried < 12; g++) {
        let p = (game.initial({}) as { ok: true; value: Position }).value;
        for (let ply = 0; ply < 60 && tried < 12; ply++) {
          const m = game.randomMove(p, random);
          if (m === null) break;
          if (hasCapture(m)) {
            tried++;
            const trace = m.trace;
            const k = trace.findIndex((s) => s.op === "capture");
            let j = k;
            while (trace[j]!.op === "capture") j++;
            const lift = trace[j]!;
            expect(lift.op).toBe("lift");
            const before = counts(game, p);
            const boards = stepBoards(before, trace).slice(0, k);
            // The landing pit lifted (its own stones only) and sown on along the pits the trace sows next.
            const board = (boards[k - 1] ?? before).slice();
            const own = lift.op === "lift" ? lift.n : 0;
            board[at(lift.pit)]! -= own;
            boards.push(board.slice());
            const sows = trace.slice(j + 1).filter((s) => s.op === "sow");
            for (let n = 0; n < own && n < sows.length; n++) {
              board[at(sows[n]!.pit)]! += 1;
              boards.push(board.slice());
            }
            const s = startSession(game, p, {});
            const r = feed(s, boards);
            const caps = trace.slice(k, j).map((c) => c.pit);
            const held = (boards[k - 1] ?? before)[at(caps[0]!)];
            const what = `${id} ${m.move}: ${r.mistake?.message}`;
            expect(r.index, what).toBe(k + 1);
            expect(r.mistake, what).toMatchObject({ kind: "capture-not-taken", rule });
            expect(r.mistake?.message, what).toBe(
              `the last stone fell in ${lift.pit} and ${caps[0]} holds ${held === 1 ? "1 stone" : `${held} stones`}: take them before sowing on (${rule})`,
            );
            s.controller.close();
          }
          p = m.position;
        }
      }
      expect(tried).toBeGreaterThanOrEqual(10);
    });
  }
});
