/**
 * Hints in `kete play` (issue 16) on the simulated board and the fake clock:
 * button 1 held (or `h`, `KeteBrain.hint`) lights the search's best start
 * (`hintStart`, green fast) and where its first stone goes (`hintNext`,
 * green blink) in the board's LED commands, and says why on screen;
 * `--hints off` refuses them and the journal's header records it; a short
 * press of button 1 is no hint; the keys `h`, `?` and `t` are read only at
 * an empty prompt and never where a move may begin (Abalone's row H).
 */
import { describe, expect, it } from "vitest";
import { thinkSeed } from "../../src/cli/play/computer.js";
import { STRONGEST } from "../../src/search/index.js";
import { hotKey } from "../../src/cli/play/input.js";
import { nodeOptions } from "../../src/cli/play/think.js";
import { search } from "../../src/search/index.js";
import { journalAt, live, records, settings } from "./play-harness.js";

/** A game whose South is typed at the keyboard: its turn waits, so a hint can be asked. */
async function southToMove(hints = true) {
  const s = settings("husbao", { human: new Set(["S"]), seed: 9, hints });
  const h = await live(s);
  const { session } = h;
  const ready = await h.until(() => {
    const v = session.controller.view;
    return v.phase === "turn" && v.awaitingStart && v.toMove === "S";
  });
  expect(ready).toBe(true);
  const sim = session.sim!;
  const expected = search(
    s.game,
    session.controller.view.position!,
    nodeOptions(STRONGEST, thinkSeed(s.seed, 0)),
  );
  if (!expected.ok) throw new Error(expected.error.message);
  return { h, session, sim, best: expected.value };
}

describe("hints", () => {
  it("button 1 held lights the best move's start pit and its first stone, and says why", async () => {
    const { h, session, sim, best } = await southToMove();
    const trace = session.controller.game!.game.apply(session.controller.view.position!, best.best);
    if (!trace.ok) throw new Error(trace.error.message);
    const startPit = trace.value.trace[0]!.pit;
    const firstSown = trace.value.trace.find((t) => t.op === "sow")!.pit;
    expect(sim.firmware.litLeds()[startPit]).toBe("GP");
    sim.firmware.pressButton(1);
    await h.scheduler.advance(1000);
    sim.firmware.releaseButton(1);
    await h.until(() => sim.firmware.litLeds()[startPit] === "GF", 5000, 10);
    expect(sim.firmware.litLeds()[startPit]).toBe("GF");
    expect(sim.firmware.litLeds()[firstSown]).toBe("GB");
    const said = h.out.join("");
    expect(said).toContain(`hint for South: ${best.best} — `);
    expect(said).toContain(
      best.captures > 0 ? `takes ${best.captures} stones at once` : "takes no stones at once",
    );
    const hint = records(journalAt(session.journalPath), "command").find(
      (r) => r.command.type === "hint",
    );
    expect(hint?.command).toMatchObject({ side: "S", move: best.best, ply: 0 });
    // t: what kete thinks — the move, its score and the line it expects.
    expect(session.kete.thoughts()).toContain(
      `kete's hint ${best.best} for South at ply 1: score `,
    );
    expect(session.kete.thoughts()).toContain(`expects ${best.pv.join(" ")}`);
    session.pause();
  }, 60_000);

  it("a short press of button 1 is a confirm, not a hint", async () => {
    const { h, session, sim } = await southToMove();
    sim.firmware.pressButton(1);
    await h.scheduler.advance(200);
    sim.firmware.releaseButton(1);
    await h.scheduler.advance(1000);
    expect(Object.values(sim.firmware.litLeds())).not.toContain("GF");
    expect(h.out.join("")).not.toContain("hint for");
    session.pause();
  }, 60_000);

  it("--hints off refuses them, and the journal says so", async () => {
    const { h, session, sim } = await southToMove(false);
    session.hint();
    await h.scheduler.advance(1000);
    expect(h.out.join("")).toContain("no hints in this game (--hints off)");
    expect(Object.values(sim.firmware.litLeds())).not.toContain("GF");
    const journal = journalAt(session.journalPath);
    expect(journal.header.settings.hints).toBe(false);
    expect(records(journal, "command").some((r) => r.command.type === "hint")).toBe(false);
    session.pause();
  }, 60_000);
});

describe("hint and thoughts keys", () => {
  it("are read at an empty prompt only, and never where a typed move may begin", () => {
    const fourRow = ["A1", "B1", "C1", "D1"];
    expect(hotKey("", "h", fourRow)).toBe("hint");
    expect(hotKey("", "?", fourRow)).toBe("hint");
    expect(hotKey("", "t", fourRow)).toBe("thoughts");
    expect(hotKey("B", "h", fourRow)).toBeNull();
    expect(hotKey("", "a", fourRow)).toBeNull();
    // Abalone's row H: h types; ? still asks.
    expect(hotKey("", "h", ["H4", "I5"])).toBeNull();
    expect(hotKey("", "?", ["H4", "I5"])).toBe("hint");
  });
});
