/**
 * Memory over a long run: what the controller holds must not grow with the
 * length of play beyond the game record, and a new game lets go of the last.
 * Structural checks only (what is queued, what is reachable), no heap sizes.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { ok, type Result } from "../../src/shared/result.js";
import type { LinkError } from "../../src/board/errors.js";
import type { LedEntry } from "../../src/protocol/messages.js";
import type { PlyRecord } from "../../src/controller/records.js";
import { CLEAN } from "./streams.js";
import { Controller } from "../../src/controller/controller.js";
import { FakeLink, counts, playMove, startSession, type Session } from "./harness.js";
import { gameOf, initial } from "./scenario.js";

/** A link whose LED commands are answered only when the test says so (a slow board). */
class SlowLink extends FakeLink {
  private readonly waiting: (() => void)[] = [];
  readonly sizes: number[] = [];

  override setLeds(entries: readonly LedEntry[]): Promise<Result<void, LinkError>> {
    this.sizes.push(entries.length);
    void super.setLeds(entries);
    return new Promise((resolve) => this.waiting.push(() => resolve(ok(undefined))));
  }

  /** Answers every command sent so far, and those sent meanwhile, until none waits. */
  async answerAll(): Promise<void> {
    for (let rounds = 0; rounds < 10_000; rounds++) {
      await new Promise((r) => setTimeout(r, 0));
      const next = this.waiting.shift();
      if (next === undefined) return;
      next();
    }
  }
}

/** Plays `plies` random moves (new games as needed); returns the position reached. */
function play(s: Session, game: Game<Position>, start: Position, plies: number): Position {
  const random = seededRandom(7);
  let position = start;
  for (let i = 0; i < plies; i++) {
    const move = game.randomMove(position, random);
    if (move === null) {
      s.controller.newGame(game.id);
      s.link.settled(counts(game, start));
      position = start;
      continue;
    }
    playMove(s, game, position, move, random, CLEAN);
    position = move.position;
  }
  return position;
}

/** Every object reachable from `root` through properties, array items, Map and Set entries. */
function reachable(root: unknown): Set<object> {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if ((typeof v !== "object" && typeof v !== "function") || v === null || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) continue;
    if (v instanceof Map) for (const [k, x] of v) stack.push(k, x);
    else if (v instanceof Set) for (const x of v) stack.push(x);
    for (const key of Reflect.ownKeys(v)) {
      const d = Object.getOwnPropertyDescriptor(v, key);
      if (d !== undefined && "value" in d) stack.push(d.value);
    }
  }
  return seen;
}

describe("memory over a long run", () => {
  const game = gameOf("husbao");
  const start = initial("husbao");

  it("LED changes waiting for a slow board are bounded by the board, not by the plies played", async () => {
    const link = new SlowLink();
    const controller = new Controller(link, { clock: () => link.time });
    const slow: Session = { link, controller, events: [] };
    controller.send({
      type: "resume",
      game: game.id,
      options: {},
      start: game.positionToJSON(start),
      moves: [],
    });
    link.settled(counts(game, start));
    await new Promise((r) => setTimeout(r, 0));
    expect(link.sizes.length).toBe(1); // the first command is out and not yet answered
    play(slow, game, start, 60);
    await link.answerAll();
    await controller.flush();
    // Everything that changed meanwhile goes out once, latest state only: at most 40 pits a command.
    expect(link.sizes.length).toBeLessThanOrEqual(3);
    expect(link.sizes.slice(1).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(32);
    expect(link.leds).toEqual(controller.ledPlan());
    controller.close();
  });

  it("a new game holds nothing of the previous game's plies", async () => {
    const s = startSession(game, start, {});
    play(s, game, start, 40);
    // The plies as the machine keeps them (plain records; the live state is found from them).
    const plies: readonly PlyRecord[] = s.controller.snapshot.context.game?.plies ?? [];
    expect(plies.length).toBeGreaterThan(10);
    const old = new Set<object>([plies, ...plies]);
    // The walk does find the game's plies while the game goes on.
    expect([...reachable(s.controller)].filter((o) => old.has(o)).length).toBe(old.size);
    s.controller.newGame(game.id);
    s.link.settled(counts(game, start));
    await s.controller.flush();
    expect(s.controller.state).toBe("session.play.turn.awaitingStart");
    const held = [...reachable(s.controller)].filter((o) => old.has(o));
    expect(held).toEqual([]);
    s.controller.close();
  });
});
