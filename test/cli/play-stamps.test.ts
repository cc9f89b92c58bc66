/**
 * Issue 18, item 1: a journal replays exactly whatever the timing of the
 * event loop. A third party saw `replay --verify` fail after a Bao stop in
 * the nyumba accepted by a button press: the button's record was stamped on
 * one read of the game clock and the decision it caused on a later one, a
 * millisecond apart when writing the journal took that long.
 *
 * Here the clock creeps forward on every read (as a busy machine's does while
 * a record is written), and whole Bao games are played with buttons pressed
 * at random moments and, whenever a stop in the nyumba waits to be accepted,
 * once more at a random moment of that wait; every journal must verify.
 */
import { describe, expect, it } from "vitest";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { seededRandom } from "../../src/shared/random.js";
import { expectVerified, fakeHost, journalAt, live, records, settings } from "./play-harness.js";

/** A fake clock whose every read finds it a little later (0.37 ms), as a loaded machine's. */
class CreepingScheduler extends FakeScheduler {
  private creep = 0;
  override now(): number {
    this.creep += 0.37;
    return super.now() + this.creep;
  }
}

describe("journal stamps: one time per event, whatever the event loop's timing", () => {
  // Seeds whose games hold stops in the nyumba (found by playing seeds 1..40).
  const caused = { waits: 0, presses: 0 };
  for (const [game, seed] of [
    ["bao-kiswahili", 5],
    ["bao-kiswahili", 12],
    ["bao-kiswahili", 17],
    ["bao-kiswahili", 19],
    ["bao-kiswahili", 23],
    ["bao-kiswahili", 30],
  ] as const) {
    it(`${game} seed ${seed}: stops accepted by presses at random moments; the journal verifies`, async () => {
      const h = fakeHost(new CreepingScheduler(1_000));
      const { session, finish } = await live(settings(game, { seed, noise: true }), h);
      const random = seededRandom(seed * 31);
      const press = (button: number, inMs: number): void => {
        h.scheduler.schedule(() => {
          session.sim?.firmware.pressButton(button);
          h.scheduler.schedule(
            () => session.sim?.firmware.releaseButton(button),
            60 + random() * 200,
          );
        }, inMs);
      };
      const pressNow = (): void => {
        press(1 + Math.floor(random() * 2), 0);
        h.scheduler.schedule(pressNow, 150 + random() * 2500);
      };
      pressNow();
      let waits = 0;
      session.controller.on((e) => {
        if (e.type !== "decision" || e.verdict !== "pending") return;
        waits++;
        press(1, random() * 2200);
      });
      const code = await finish(3_600_000, 37);
      expect(code).toBe(0);
      const journal = journalAt(session.journalPath);
      const pressedAt = new Set(
        records(journal, "board")
          .filter((r) => r.event.type === "button")
          .map((r) => r.t),
      );
      caused.waits += waits;
      caused.presses += records(journal, "decision").filter(
        (d) => pressedAt.has(d.t) && d.decision.type === "move",
      ).length;
      expectVerified(journal);
    });
  }

  it("those games did wait at the nyumba, and presses did accept stops", () => {
    expect(caused.waits).toBeGreaterThan(0);
    expect(caused.presses).toBeGreaterThan(0);
  });
});
