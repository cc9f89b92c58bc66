/**
 * A person at the keyboard plays Glassperlenspiel in `kete play` (issue 13
 * point 4), on a fake clock: moves typed in the rules' notation
 * (docs/spec/engine-protocol.md, Glassperlenspiel: `A3:sS4s`, `A5:ss/B1N1`)
 * in any case, the simulated hand sows them bead by bead, and a bad entry is
 * answered with a typed refusal naming what is wrong and, for an illegal
 * move, the GB rule.
 */
import { describe, expect, it } from "vitest";
import type { KeyboardPlayer } from "../../src/cli/play/players.js";
import { findGame } from "../../src/games/index.js";
import { normaliseMove } from "../../src/games/glassperlenspiel/notation.js";
import { seededRandom } from "../../src/shared/random.js";
import { journalAt, keyboardHost, live, records, settings, verified } from "./play-harness.js";

const GLASS = findGame("glassperlenspiel")!;

/** A session with South at the keyboard: its keys go straight to the session. */
async function keyboardSession(seed: number) {
  const s = settings("glassperlenspiel", { seed, human: new Set(["S"]) });
  const h = await live(s, keyboardHost({ screen: false }));
  const { session, type } = h;
  const view = () => session.controller.view;
  const southToMove = () => view().awaitingStart && view().toMove === "S";
  const printed = () => h.out.join("");
  return { h, session, type, view, southToMove, printed };
}

describe("the rules' notation as typed", () => {
  it("any case: pits, tags and cups upper-case, a stone s", () => {
    expect(normaliseMove("a3:ss4s")).toBe("A3:sS4s");
    expect(normaliseMove("A3:SS4S")).toBe("A3:sS4s");
    expect(normaliseMove(" a5:ss/b1n1sc s2 ")).toBe("A5:ss/B1N1SCS2");
    expect(normaliseMove("b2:n3s/scn4")).toBe("B2:N3s/SCN4");
    // No move at all: left for the game to refuse.
    expect(normaliseMove("b3+")).toBe("B3+");
  });
});

describe("a person plays Glassperlenspiel from the keyboard", () => {
  it("the prompt shows the line as the rules write it while it is typed", async () => {
    const s = settings("glassperlenspiel", { seed: 3, live: true, human: new Set(["S"]) });
    const h = await live(s, keyboardHost());
    const { session, frames, type } = h;
    const view = () => session.controller.view;
    expect(await h.until(() => view().awaitingStart && view().toMove === "S")).toBe(true);
    type("a1:s");
    await h.scheduler.advance(100);
    expect(frames.at(-1)).toContain("your move> A1:s");
    type("5s");
    await h.scheduler.advance(100);
    expect(frames.at(-1)).toContain("your move> A1:S5s");
    type("\r");
    expect(await h.until(() => session.moves.length === 1)).toBe(true);
    expect(session.moves).toEqual(["A1:S5s"]);
    type("\u0003");
    expect(await h.finish()).toBe(130);
  });

  it("South's moves typed in the notation, in any case, are sown bead by bead; bad entries are refused, typed", async () => {
    const k = await keyboardSession(3);
    expect(await k.h.until(k.southToMove)).toBe(true);
    const position = k.view().position!;
    // Bad entries, each refused with its kind and, for an illegal move, the rule.
    const player = (k.session as unknown as { keyboard: KeyboardPlayer }).keyboard;
    expect(player.submit("a3:xx")).toMatchObject({
      kind: "refused",
      code: "bad-move",
      rule: null,
      message: expect.stringMatching(/^"A3:XX" is not a Glassperlenspiel move: the start pit, ':'/),
    });
    expect(player.submit("b1:sn1")).toMatchObject({ kind: "refused", rule: "GB-2" });
    expect(player.submit("a1:s")).toMatchObject({
      kind: "refused",
      code: "illegal-move",
      rule: "GB-2",
      message:
        "A1:s sows s, but A1 holds 1 stone, S5: a move names every bead of its pit once, in sowing order (GB-2)",
    });
    // Typed at the prompt: the refusal is said, the turn still waits.
    k.type("a1:s\r");
    await k.h.scheduler.advance(100);
    expect(k.printed()).toContain(
      "A1:s sows s, but A1 holds 1 stone, S5: a move names every bead of its pit once, in sowing order (GB-2)",
    );
    expect(k.session.moves).toEqual([]);
    // A move with a gem, typed lower-case: taken as the rules write it, and sown.
    const move = GLASS.legal(position, 50).moves.find((m) => /[SN][1-5]/.test(m.move))!.move;
    k.type(`${move.toLowerCase()}\r`);
    expect(await k.h.until(() => k.session.moves.length === 1)).toBe(true);
    expect(k.session.moves).toEqual([move]);
    expect(k.printed()).toContain(`sowing ${move}`);
    // Upper-case works as well (S followed by no number is a stone).
    expect(await k.h.until(k.southToMove)).toBe(true);
    const next = GLASS.legal(k.view().position!, 50).moves.at(-1)!.move;
    k.type(`${next.toUpperCase()}\r`);
    expect(await k.h.until(() => k.session.moves.length === 3)).toBe(true);
    expect(k.session.moves[2]).toBe(next);
    k.type("\u0003");
    expect(await k.h.finish()).toBe(130);
    expect(verified(journalAt(k.session.journalPath)).mismatch).toBeNull();
  });

  it("a whole game with South at the keyboard, captures typed after '/', to its GB-6/GB-7 result", async () => {
    const k = await keyboardSession(5);
    const random = seededRandom(11);
    const typed: string[] = [];
    for (;;) {
      const ready = () => k.southToMove() || k.view().phase === "over";
      expect(await k.h.until(ready)).toBe(true);
      if (k.view().phase === "over") break;
      const moves = GLASS.legal(k.view().position!, 500).moves;
      // Mostly a capture when there is one, so that captures are typed too.
      const captures = moves.filter((m) => m.move.includes("/"));
      const pool = captures.length > 0 && random() < 0.8 ? captures : moves;
      const m = pool[Math.floor(random() * pool.length)]!.move;
      const n = k.session.moves.length;
      k.type(`${m.toLowerCase()}\r`);
      typed.push(m);
      expect(await k.h.until(() => k.session.moves.length > n)).toBe(true);
      expect(k.session.moves[n]).toBe(m);
    }
    expect(await k.h.finish()).toBe(0);
    const j = journalAt(k.session.journalPath);
    expect(typed.length).toBeGreaterThan(3);
    expect(typed.some((m) => m.includes("/"))).toBe(true);
    expect(records(j, "result")).toHaveLength(1);
    expect(k.printed()).toMatch(/game over: ((South|North) wins|draw) — .*\(GB-[67]\)/);
    const v = verified(j);
    expect(v.mismatch).toBeNull();
  });
});
