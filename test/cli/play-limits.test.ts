/**
 * A game on a real board never pauses by itself (issue 32): `--minutes`
 * has a default for the simulated board only, and every pause says why, on
 * its last line and in the journal.
 */
import { describe, expect, it } from "vitest";
import { type PlayContext } from "../../src/cli/play/settings.js";
import {
  journalAt,
  live,
  OFF_TERMINAL,
  ON_TERMINAL,
  settings,
  settingsOf,
} from "./play-harness.js";

describe("--minutes (issue 32)", () => {
  it("defaults to 10 or 120 minutes for the simulated board, and to no limit on a real one", () => {
    const minutes = (flags: Record<string, string>, ctx: PlayContext) =>
      settingsOf(flags, ctx).maxMinutes;
    expect(minutes({}, OFF_TERMINAL)).toBe(10);
    expect(minutes({}, ON_TERMINAL)).toBe(120);
    expect(minutes({ port: "/dev/ttyACM0" }, OFF_TERMINAL)).toBeNull();
    expect(minutes({ port: "/dev/ttyACM0" }, ON_TERMINAL)).toBeNull();
    // Named, it applies to a real board too.
    expect(minutes({ port: "/dev/ttyACM0", minutes: "45" }, OFF_TERMINAL)).toBe(45);
  });

  it("without a limit an idle game runs on for hours; a signal then pauses it and says why", async () => {
    const s = settings("husbao", { seed: 3, human: new Set(["S"]), maxMinutes: null });
    const h = await live(s);
    const { session } = h;
    let over = false;
    void session.finished.then(() => (over = true));
    // Three hours of nobody moving (fake time): no pause.
    expect(await h.until(() => over, 3 * 3_600_000, 10_000)).toBe(false);
    session.pause("stopped (SIGTERM)");
    expect(await h.finish()).toBe(130);
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
