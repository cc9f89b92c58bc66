/**
 * TRACE_STAGES (src/games/fourrow/runner.ts): a path longer than that is
 * walked on without recording, and `completeTrace` plays it again from its
 * origin when it ends within the stage limit. Here a runner that records only
 * the first two stages must give, for every path of every start, exactly the
 * trace, choices and board of a runner that records all of it — in both
 * families, through safari choices (BK-12) and optional captures (HUS-3).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { materializeTrace } from "../../../src/games/fourrow/trace.js";
import {
  TurnRunner as BaoRunner,
  STATE_SIZE,
  V_CW,
  V_CCW,
  HAND,
  OWNED,
} from "../../../src/games/bao/turn.js";
import { TurnRunner as FourRowRunner } from "../../../src/games/mancala4x8/turn.js";
import { propertyRuns } from "../../property-runs.js";

interface PathSeen {
  readonly choices: number[];
  readonly board: number[];
  readonly trace: string;
}

/** 32 pits holding `total` stones in all, spread at random. */
const pitsArb = (total: number) =>
  fc.array(fc.nat(31), { minLength: total, maxLength: total }).map((drops) => {
    const pits = new Uint8Array(32);
    for (const p of drops) pits[p]++;
    return pits;
  });

describe("a trace recorded in part is completed by replay (TRACE_STAGES)", () => {
  const replayed = { n: 0 };

  it("Bao: every path of every start, the same as recorded whole", () => {
    replayed.n = 0;
    fc.assert(
      fc.property(
        pitsArb(64),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 400 }),
        (pits, nyumba, safariChoice, owned, maxStages) => {
          const rules = { nyumba, safariChoice, maxStages };
          const state = new Uint8Array(STATE_SIZE);
          state.set(pits);
          state[HAND] = 0;
          state[HAND + 1] = 0;
          state[OWNED] = owned ? 1 : 0;
          state[OWNED + 1] = 1;
          const walk = (runner: BaoRunner): PathSeen[] => {
            const seen: PathSeen[] = [];
            for (let pit = 0; pit < 16; pit++) {
              if (state[pit] < 2) continue;
              for (const v of [V_CW, V_CCW]) {
                runner.forEachPath(state, 0, -1, (pit << 3) | v, (r) => {
                  if (r.stage >= 2) replayed.n++;
                  const trace = JSON.stringify(materializeTrace(r.completeTrace()));
                  seen.push({
                    choices: [...r.choices.subarray(0, r.choiceCount)],
                    board: [...r.board],
                    trace,
                  });
                  return true;
                });
              }
            }
            return seen;
          };
          const whole = walk(new BaoRunner(rules, true));
          const part = walk(new BaoRunner(rules, true, 2));
          expect(part).toEqual(whole);
        },
      ),
      { numRuns: propertyRuns(60) },
    );
    expect(replayed.n).toBeGreaterThan(100); // paths past the recorded stages were replayed
  });

  it("four-row: every path of every start and direction, the same as recorded whole", () => {
    replayed.n = 0;
    fc.assert(
      fc.property(
        pitsArb(64),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 400 }),
        (pits, takesBack, needsOccupied, optional, maxStages) => {
          const rules = { takesBack, needsOccupied, optional, maxStages };
          const walk = (runner: FourRowRunner): PathSeen[] => {
            const seen: PathSeen[] = [];
            // Optional captures branch at every opportunity: the first 200 paths
            // of each start (the walk's order is fixed, so both runners see the same).
            for (let start = 0; start < 16; start++) {
              if (pits[start] < 2) continue;
              for (const dir of [0, 1] as const) {
                let paths = 0;
                runner.forEachPath(pits, start, dir, (r) => {
                  if (r.stage >= 2) replayed.n++;
                  const trace = JSON.stringify(materializeTrace(r.completeTrace()));
                  seen.push({
                    choices: [...r.choices.subarray(0, r.choiceCount)],
                    board: [...r.board],
                    trace,
                  });
                  return ++paths < 200;
                });
              }
            }
            return seen;
          };
          const whole = walk(new FourRowRunner(rules, true));
          const part = walk(new FourRowRunner(rules, true, 2));
          expect(part).toEqual(whole);
        },
      ),
      { numRuns: propertyRuns(60) },
    );
    expect(replayed.n).toBeGreaterThan(100); // paths past the recorded stages were replayed
  });
});
