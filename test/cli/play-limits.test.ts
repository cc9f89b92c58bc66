/**
 * A game on a real board never pauses by itself (issue 32): `--minutes`
 * has a default for the simulated board only, and every pause says why, on
 * its last line and in the journal.
 */
import { describe, expect, it } from "vitest";
import { FLAG_DEFAULTS, playSettings, type PlayContext } from "../../src/cli/play/settings.js";
import { drive, driveUntil, fakeHost, journalAt, settings, start } from "./play-harness.js";

const offTerminal: PlayContext = {
  stdoutTTY: false,
  stdinTTY: false,
  noColour: false,
  defaultGamesDir: "/games",
  defaultSeed: 42,
  resume: null,
};
const onTerminal: PlayContext = { ...offTerminal, stdoutTTY: true, stdinTTY: true };

describe("--minutes (issue 32)", () => {
  it("defaults to 10 or 120 minutes for the simulated board, and to no limit on a real one", () => {
    const minutes = (flags: Record<string, string>, ctx: PlayContext) => {
      const r = playSettings({ ...FLAG_DEFAULTS, ...flags }, ctx);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.maxMinutes;
    };
    expect(minutes({}, offTerminal)).toBe(10);
    expect(minutes({}, onTerminal)).toBe(120);
    expect(minutes({ port: "/dev/ttyACM0" }, offTerminal)).toBeNull();
    expect(minutes({ port: "/dev/ttyACM0" }, onTerminal)).toBeNull();
    // Named, it applies to a real board too.
    expect(minutes({ port: "/dev/ttyACM0", minutes: "45" }, offTerminal)).toBe(45);
  });

  it("without a limit an idle game runs on for hours; a signal then pauses it and says why", async () => {
    const h = fakeHost();
    const s = settings("husbao", { seed: 3, human: new Set(["S"]), maxMinutes: null });
    const session = await start(s, h);
    let over = false;
    void session.finished.then(() => (over = true));
    // Three hours of nobody moving (fake time): no pause.
    expect(await driveUntil(h.scheduler, () => over, 3 * 3_600_000, 10_000)).toBe(false);
    session.pause("stopped (SIGTERM)");
    expect(await drive(h.scheduler, session.finished)).toBe(130);
    expect(h.out.join("")).toMatch(
      /game paused: stopped \(SIGTERM\); continue it with: npx kete play --resume .*\n$/,
    );
    const j = journalAt(session.journalPath);
    expect(j.records[j.records.length - 1]).toMatchObject({
      kind: "pause",
      reason: "stopped (SIGTERM)",
    });
  });
});
