/**
 * Issue 18, item 3: a seed placed by mistake goes back to the reserve after
 * the restore, and the screen's reserve count (kete play's view, from the
 * standing position) never counted it: it reads the same before the
 * placement, during the restore and after, under retry and under forfeit.
 */
import { describe, expect, it } from "vitest";
import { reserveOf } from "../../src/cli/play/model.js";
import { boardOf, change, feed, gameOf, initial, session } from "./scenario.js";

const k0 = initial("bao-kiswahili");
const game = gameOf("bao-kiswahili");

function reserveShown(s: ReturnType<typeof session>) {
  const p = s.controller.view.position;
  return p === null ? null : reserveOf(game.positionToJSON(p) as Record<string, unknown>);
}

describe("a seed placed by mistake goes back to the reserve", () => {
  for (const policy of ["retry", "forfeit"] as const) {
    it(`${policy}: the pit is lit to take one out; the reserve shown never changes`, () => {
      const s = session(k0, {}, policy);
      const before = reserveShown(s);
      expect(before).toEqual({ S: 22, N: 22 });
      // Into B1, an empty pit (BK-9).
      const r = feed(s, [change(boardOf(k0), { B1: 1 })]);
      expect(r.mistake).toMatchObject({ kind: "wrong-placement", rule: "BK-9" });
      expect(s.controller.view.needs).toEqual([{ pit: "B1", need: -1 }]);
      expect(s.controller.ledPlan().get("B1")).toEqual({ pattern: "fast", colour: "magenta" });
      expect(reserveShown(s)).toEqual(before);
      s.link.settled(boardOf(k0)); // the seed taken off, back into the reserve
      expect(s.controller.view.phase).toBe("turn");
      expect(s.controller.view.toMove).toBe(policy === "retry" ? "S" : "N");
      expect(reserveShown(s)).toEqual(before);
    });
  }
});
