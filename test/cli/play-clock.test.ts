/**
 * `kete play --clock M+B` (AB-7's time control, for every game): the flag
 * read and checked, whole games on a fake clock in which a flag falls and
 * ends the game (journalled, re-judged by `replay --verify`), clocks that
 * stand still while the board is restored after a mistake and while the link
 * is down, and a resumed game that keeps the time each player had left.
 */
import { describe, expect, it } from "vitest";
import { standingOf } from "../../src/cli/play/recorder.js";
import { resumeFacts } from "../../src/cli/play/settings.js";
import {
  journalAt,
  live,
  OFF_TERMINAL,
  play,
  readFlags,
  records,
  settings,
  verified,
} from "./play-harness.js";

describe("--clock", () => {
  it("M+B or M; off by default", () => {
    const on = readFlags({ clock: "10+5" });
    expect(on.ok && on.value.clock).toEqual({ minutes: 10, bonusSeconds: 5 });
    const plain = readFlags({ clock: "15" });
    expect(plain.ok && plain.value.clock).toEqual({ minutes: 15, bonusSeconds: 0 });
    const off = readFlags({});
    expect(off.ok && off.value.clock).toBeNull();
  });

  it("a bad value is one usage line", () => {
    for (const bad of ["ten", "10+", "0+0", "10+x", "700+0"]) {
      const r = readFlags({ clock: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("usage");
        expect(r.error.message).toMatch(/^--clock .*e\.g\. 10\+0/);
        expect(r.error.message).not.toContain("\n");
      }
    }
  });
});

describe("kete play with clocks, on a fake clock", () => {
  it("a flag falls: the other side wins on time, the journal verifies and cannot be resumed", async () => {
    // Twelve seconds each at half a person's pace: the game cannot end on the board first.
    const r = await play(
      settings("hus", { seed: 3, pace: 0.5, clock: { minutes: 0.2, bonusSeconds: 0 } }),
    );
    expect(r.code).toBe(0);
    const [result] = records(r.journal, "result");
    expect(result?.reason).toMatch(/^(South|North) ran out of time$/);
    const loser = result?.reason.startsWith("South") ? "S" : "N";
    expect(result?.winner).toBe(loser === "S" ? "N" : "S");
    expect(result?.score).toEqual({ S: 0, N: 0 });
    const flags = records(r.journal, "command").filter((c) => c.command.type === "flag");
    expect(flags.map((c) => c.command)).toEqual([{ type: "flag", side: loser }]);
    expect(r.journal.header.settings.clock).toBe("0.2+0");
    // Both clocks in the log, on every move line; the flag said.
    expect(r.out).toMatch(/ply 1 {2}South \(Amani\) {2}\S+ {2}\[South 0:\d\d · North 0:12\]\n/);
    expect(r.out).toMatch(/game over: (South|North) wins — (South|North) ran out of time\n/);
    // The mover's time is in each move record; the loser's is gone.
    const moves = records(r.journal, "move");
    expect(moves.every((m) => m.clocks !== undefined)).toBe(true);
    const v = verified(r.journal);
    expect(v.mismatch).toBeNull();
    expect(standingOf(r.journal, "j").ok).toBe(false);
  });

  it("the bonus per capturing move is added to the mover's clock", async () => {
    const r = await play(settings("hus", { seed: 3, clock: { minutes: 1, bonusSeconds: 2 } }));
    const moves = records(r.journal, "move");
    const i = moves.findIndex((m, k) => k > 0 && m.trace.some((x) => x.op === "capture"));
    const [prev, m] = [moves[i - 1], moves[i]];
    if (prev === undefined || m === undefined) throw new Error("no capture");
    // The mover's clock ran from the move before to this one, then two seconds came back.
    expect(m.clocks?.[m.side]).toBe((prev.clocks?.[m.side] ?? 0) - (m.t - prev.t) + 2_000);
    const quiet = moves.findIndex((x, k) => k > 0 && !x.trace.some((y) => y.op === "capture"));
    const [p2, q] = [moves[quiet - 1], moves[quiet]];
    if (p2 === undefined || q === undefined) throw new Error("no quiet move");
    expect(q.clocks?.[q.side]).toBe((p2.clocks?.[q.side] ?? 0) - (q.t - p2.t));
    expect(verified(r.journal).mismatch).toBeNull();
  });

  it("the clocks stand still while the board is restored after a mistake", async () => {
    const s = settings("hus", {
      seed: 5,
      mistakeRate: 0.3,
      clock: { minutes: 10, bonusSeconds: 0 },
    });
    const h = await live(s);
    const { session } = h;
    expect(await h.until(() => session.controller.view.phase === "mistake")).toBe(true);
    const during = session.clocks;
    const t0 = h.scheduler.now();
    expect(await h.until(() => session.controller.view.phase !== "mistake")).toBe(true);
    // The restore took a while; the clocks ran again only once it was done (the last step, 50 ms).
    expect(h.scheduler.now() - t0).toBeGreaterThan(500);
    const after = session.clocks;
    for (const side of ["S", "N"]) {
      expect((during?.[side] ?? 0) - (after?.[side] ?? 0)).toBeLessThanOrEqual(50);
    }
    session.pause();
    expect(await h.finish()).toBe(130);
    const paused = records(journalAt(session.journalPath), "pause");
    expect(paused[0]?.clocks).toBeDefined();
  });

  it("the clocks stand still while the link is down, and run again once it is back", async () => {
    const s = settings("hus", { seed: 2, clock: { minutes: 10, bonusSeconds: 0 } });
    const h = await live(s);
    const { session } = h;
    const sim = session.sim!;
    const between = () => session.moves.length >= 2 && session.controller.view.awaitingStart;
    expect(await h.until(between)).toBe(true);
    sim.unplug();
    await h.scheduler.advance(100);
    expect(session.controller.view.phase).toBe("linkLost");
    const down = session.clocks;
    await h.scheduler.advance(20_000);
    expect(session.clocks).toEqual(down);
    sim.replug();
    expect(await h.until(() => session.controller.view.phase !== "linkLost", 60_000)).toBe(true);
    await h.scheduler.advance(300);
    const toMove = session.controller.view.toMove as "S" | "N";
    expect(session.clocks?.[toMove]).toBeLessThan(down?.[toMove] ?? 0);
    expect(await h.finish()).toBe(0);
    expect(verified(journalAt(session.journalPath)).mismatch).toBeNull();
  });

  it("--resume keeps the time each player had left", async () => {
    const s = settings("hus", { seed: 8, clock: { minutes: 10, bonusSeconds: 0 } });
    const h = await live(s);
    const { session } = h;
    expect(await h.until(() => session.moves.length >= 3)).toBe(true);
    await h.scheduler.advance(2_000);
    session.pause();
    expect(await h.finish()).toBe(130);
    const paused = journalAt(session.journalPath);
    const left = records(paused, "pause")[0]?.clocks;
    expect(left?.S).toBeLessThan(600_000);
    expect(left?.N).toBeLessThan(600_000);
    expect(standingOf(paused, "j")).toMatchObject({ ok: true, value: { clocks: left } });
    expect(resumeFacts("j", paused).clock).toBe("10+0");

    // The journal's time control stands, whatever the settings say.
    const h2 = await live({ ...s, clock: null, resume: session.journalPath });
    const again = h2.session;
    expect(again.clocks).toEqual(left);
    expect(await h2.finish()).toBe(0);
    const j = journalAt(session.journalPath);
    const moves = records(j, "move");
    const last = moves[moves.length - 1];
    expect((last?.clocks?.S ?? 0) + (last?.clocks?.N ?? 0)).toBeLessThan(left!.S + left!.N);
    expect(verified(j).mismatch).toBeNull();
  });

  it("a resumed game keeps its time control: another --clock is refused", () => {
    const facts = {
      path: "g.jsonl",
      game: "hus",
      options: {},
      players: { S: "Amani", N: "Baraka" },
      first: "S",
      guidance: true,
      onMistake: "retry",
      keyboard: [],
      clock: "10+0",
    } as const;
    const same = readFlags(
      { clock: "10+0" },
      { ...OFF_TERMINAL, resume: facts, given: new Set(["clock"]) },
    );
    expect(same.ok && same.value.clock).toEqual({ minutes: 10, bonusSeconds: 0 });
    const kept = readFlags({}, { ...OFF_TERMINAL, resume: facts, given: new Set() });
    expect(kept.ok && kept.value.clock).toEqual({ minutes: 10, bonusSeconds: 0 });
    const other = readFlags(
      { clock: "5+0" },
      { ...OFF_TERMINAL, resume: facts, given: new Set(["clock"]) },
    );
    expect(other.ok).toBe(false);
    if (!other.ok)
      expect(other.error.message).toMatch(/^--clock 5\+0: g\.jsonl is played with 10\+0/);
  });
});

describe("both clocks on the screen and in the log", () => {
  it("the players' lines show the time left; the log line both clocks", async () => {
    const { renderView } = await import("../../src/cli/play/view.js");
    const { clocksText } = await import("../../src/cli/play/messages.js");
    const view = {
      title: "Hus",
      players: { S: "Ana", N: "Ben" },
      counts: new Map<string, number | null>(),
      leds: new Map(),
      unsettled: new Set<string>(),
      toMove: "S" as const,
      ply: 3,
      status: "South to move",
      inHand: null,
      nextStone: [],
      lastLands: null,
      moves: [],
      firstSide: "S" as const,
      clocks: { S: 61_000, N: 5_000 },
      timeLeft: { S: 539_001, N: 0 },
      messages: [],
      link: "ready",
      reserve: null,
    };
    const lines = renderView(view, false).join("\n");
    expect(lines).toContain("North · Ben 0:00 left");
    // A second started counts whole: 8:59.001 shows 9:00.
    expect(lines).toContain("South · Ana 9:00 left");
    expect(renderView({ ...view, timeLeft: null }, false).join("\n")).toContain("South · Ana 1:01");
    expect(clocksText({ S: 59_500, N: 600_000 })).toBe("South 1:00 · North 10:00");
  });
});
