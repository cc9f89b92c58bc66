/**
 * The pieces of `kete play` around the game: the board it opens, and a
 * session as a person at a terminal sees it (the live frame, the keyboard
 * player's prompt, Ctrl-C and signals), on a fake clock.
 */
import { describe, expect, it } from "vitest";
import { realScheduler } from "../../src/board/scheduler.js";
import {
  SNAPSHOT_INTERVAL_MS,
  openGameBoard,
  settleMs,
  simulatedOptions,
} from "../../src/cli/play/board.js";
import { processHost } from "../../src/cli/play/host.js";
import { runPlay } from "../../src/cli/play/session.js";
import { findGame } from "../../src/games/index.js";
import { drive, fakeHost, journalAt, keyboardHost, live, settings } from "./play-harness.js";

const hus = findGame("hus")!;
const husStart = (() => {
  const r = hus.initial({});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

describe("the board a game is played on", () => {
  it("settling follows the hands' pace: 100 ms for a person (issue 27's measured debounce), down to 30 ms", () => {
    expect(settleMs(1)).toBe(100);
    expect(settleMs(0.5)).toBe(50);
    expect(settleMs(0.05)).toBe(30);
    expect(settleMs(5)).toBe(100);
  });

  it("the simulated board jitters under the hand only at a person's pace", () => {
    const counts = hus.sensorView(husStart).counts;
    const slow = simulatedOptions(
      { port: null, pace: 1, noise: true, seed: 3 },
      counts,
      realScheduler,
    );
    expect(slow.noise).toMatchObject({ jitter: 0.2, settleMs: 100 });
    const fast = simulatedOptions(
      { port: null, pace: 0.1, noise: true, seed: 3 },
      counts,
      realScheduler,
    );
    expect(fast.noise).toMatchObject({ jitter: 0, settleMs: 30 });
    expect(
      simulatedOptions({ port: null, pace: 1, noise: false, seed: 3 }, counts, realScheduler).noise,
    ).toBe(false);
    expect(slow.session).toEqual({ debounceMs: 100, snapshotIntervalMs: SNAPSHOT_INTERVAL_MS });
  });

  it("the simulated board opens ready with the stones it was given", async () => {
    const h = fakeHost();
    const counts = [...hus.sensorView(husStart).counts];
    counts[0] = 7;
    const opened = await drive(
      h.scheduler,
      openGameBoard({ port: null, pace: 0.05, noise: false, seed: 1 }, counts, h.scheduler),
      10_000,
      10,
    );
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.sim).not.toBeNull();
    expect(opened.value.board.state).toBe("ready");
    expect(opened.value.sim!.physical.counts()).toEqual(counts);
    await opened.value.board.close();
  });

  it("a port where no kete board answers: the line that says what to check", async () => {
    const opened = await openGameBoard(
      { port: "/dev/kete-nowhere", pace: 1, noise: false, seed: 1 },
      [],
      realScheduler,
    );
    expect(!opened.ok && opened.error.message).toMatch(
      /^no kete board answered on \/dev\/kete-nowhere \(.*\); check the cable, the port name \(kete board-test --port \/dev\/kete-nowhere\) and that the board runs kete firmware$/,
    );
  });
});

describe("the process as host", () => {
  it("real time; a log off a terminal, no keys; the start-up probe only when asked", () => {
    const before = process.env.KETE_PROBE_STARTUP;
    delete process.env.KETE_PROBE_STARTUP;
    try {
      const host = processHost({ live: false });
      expect(host.scheduler).toBe(realScheduler);
      expect(host.screen).toBeNull();
      expect(host.keys).toBeNull();
      expect(host.onLeds).toBeNull();
      expect(Math.abs(host.date() - Date.now())).toBeLessThan(1000);
      expect(processHost({ live: true }).screen).not.toBeNull();
      process.env.KETE_PROBE_STARTUP = "1";
      expect(processHost({ live: false }).onLeds).not.toBeNull();
    } finally {
      if (before === undefined) delete process.env.KETE_PROBE_STARTUP;
      else process.env.KETE_PROBE_STARTUP = before;
    }
  });
});

describe("a session at a terminal", () => {
  it("draws the board live; a person types a move, the hand sows it; Ctrl-C pauses", async () => {
    const s = settings("hus", { seed: 3, live: true, human: new Set(["S"]) });
    const h = await live(s, keyboardHost());
    const { session, frames } = h;
    const view = () => session.controller.view;
    expect(await h.until(() => view().awaitingStart && view().toMove === "S")).toBe(true);
    const move = hus.legal(view().position!, 500).moves[2]!.move;
    h.type(move.toLowerCase());
    await h.scheduler.advance(100);
    expect(frames[frames.length - 1]).toContain(`your move> ${move}`);
    h.type("\r");
    expect(await h.until(() => session.moves.length === 1)).toBe(true);
    expect(session.moves).toEqual([move]);
    expect(frames.some((f) => f.includes(`sowing ${move}`))).toBe(true);
    h.type("\u0003");
    expect(await h.finish()).toBe(130);
    expect(h.typing()).toBe(false);
    expect(frames[frames.length - 1]).toBe("<done>");
    expect(frames[frames.length - 2]).toMatch(/Hus — Amani \(South\) vs Baraka \(North\)/);
    // Live, the log lines go to the frame, not the output: only the last line is printed.
    expect(h.out.join("")).toBe(
      `game paused: interrupted (Ctrl-C); continue it with: npx kete play --resume ${session.journalPath}\n`,
    );
    const j = journalAt(session.journalPath);
    expect(j.records[j.records.length - 1]).toMatchObject({
      kind: "pause",
      reason: "interrupted (Ctrl-C)",
    });
  });

  it("a signal (SIGINT, SIGTERM, a closed output) pauses, and the session stops listening", async () => {
    const fake = fakeHost();
    let pause: ((why: string) => void) | null = null;
    let stopped = false;
    const host = {
      ...fake.host,
      interrupts: (p: (why: string) => void) => {
        pause = p;
        return () => {
          stopped = true;
        };
      },
    };
    const h = await live(settings("hus", { seed: 3 }), { ...fake, host });
    expect(await h.until(() => h.session.moves.length === 1)).toBe(true);
    pause!("stopped (SIGTERM)");
    expect(await h.finish()).toBe(130);
    expect(stopped).toBe(true);
    expect(h.scheduler.pending).toBe(0);
  });

  it("a journal that cannot be written: one line, exit 1, the board closed", async () => {
    const h = fakeHost();
    const code = await drive(
      h.scheduler,
      runPlay(settings("hus", { gamesDir: "/etc/hostname/games" }), h.host),
    );
    expect(code).toBe(1);
    expect(h.errors).toEqual([
      expect.stringMatching(
        /^kete play: cannot create a journal in \/etc\/hostname\/games: .*--games-dir$/,
      ),
    ]);
    expect(h.scheduler.pending).toBe(0);
  });
});
