/**
 * `kete play --human both` (issue 32): two people at one keyboard take turns
 * typing their moves; the prompt shows for whichever side is to move, and a
 * whole game is played from the keys alone (on a fake clock).
 */
import { describe, expect, it } from "vitest";
import { chooseMove } from "../../src/cli/play/players.js";
import { findGame } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/index.js";
import { expectVerified, journalAt, keyboardHost, live, settings } from "./play-harness.js";

async function wholeGameFromKeys(id: string, options: Record<string, unknown> = {}) {
  const game = findGame(id)!;
  const [a, b] = game.layout.sides;
  const s = settings(id, {
    seed: 5,
    live: true,
    human: new Set(game.layout.sides),
    options,
    first: a,
    players: { [a]: "Amani", [b]: "Baraka" },
  });
  const h = await live(s, keyboardHost());
  const { session, frames } = h;
  const view = () => session.controller.view;
  const random = seededRandom(7);
  const typed: string[] = [];
  const prompts = new Set<string>();
  for (let k = 0; k < 400 && view().phase !== "over"; k++) {
    const ready = await h.until(
      () => view().phase === "over" || (view().awaitingStart && view().toMove !== null),
    );
    expect(ready).toBe(true);
    if (view().phase === "over") break;
    const side = view().toMove!;
    // Greedy players (seeded): a game that ends.
    const move = chooseMove(game, view().position!, side, random)!.move;
    h.type(move.toLowerCase());
    await h.scheduler.advance(100);
    const last = frames[frames.length - 1] ?? "";
    expect(last).toContain(`your move> ${move}`);
    prompts.add(side);

    h.type("\r");
    typed.push(move);
    expect(await h.until(() => session.moves.length === typed.length)).toBe(true);
  }
  const code = await h.finish();
  expect(code).toBe(0);
  expect(prompts).toEqual(new Set(game.layout.sides));
  expect(session.moves).toEqual(typed);
  expect(frames.some((f) => f.includes("not your turn yet"))).toBe(false);
  const j = journalAt(session.journalPath);
  expect(j.records.some((r) => r.kind === "result")).toBe(true);
  expectVerified(j);
  return typed.length;
}

describe("--human both: two players at one keyboard (issue 32)", () => {
  it("hus: a whole game typed at the keyboard, each side at its own prompt", async () => {
    expect(await wholeGameFromKeys("hus")).toBeGreaterThan(4);
  });

  it("husbao: a whole game typed at the keyboard", async () => {
    expect(await wholeGameFromKeys("husbao")).toBeGreaterThan(4);
  });

  it("abalone (a move limit of 3): a whole game typed at the keyboard", async () => {
    expect(await wholeGameFromKeys("abalone", { moveLimit: 3 })).toBe(6);
  });

  it("glassperlenspiel: a whole game typed at the keyboard", async () => {
    expect(await wholeGameFromKeys("glassperlenspiel")).toBeGreaterThan(4);
  });

  it("bao-kiswahili: a whole game typed at the keyboard", async () => {
    expect(await wholeGameFromKeys("bao-kiswahili")).toBeGreaterThan(4);
  });
});

describe("a Bao move typed in any case (issue 32)", () => {
  it("the start token is upper-cased, the safari choices lower-cased, as the notation writes them", () => {
    const bao = findGame("bao-kiswahili")!;
    expect(bao.normaliseMove?.("c3*r/S")).toBe("C3*R/s");
    expect(bao.normaliseMove?.(" b3+/S. ")).toBe("B3+/s.");
    expect(bao.normaliseMove?.("a6-")).toBe("A6-");
  });
});
