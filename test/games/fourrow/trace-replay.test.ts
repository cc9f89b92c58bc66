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

/** What a runner's path shows: its choices, board and whole trace (replayed past the recorded stages). */
function pathSeen(r: {
  stage: number;
  choices: Uint8Array;
  choiceCount: number;
  board: ArrayLike<number>;
  completeTrace: () => Parameters<typeof materializeTrace>[0];
}): PathSeen {
  if (r.stage >= 2) replayed.n++;
  return {
    choices: [...r.choices.subarray(0, r.choiceCount)],
    board: [...Array.from(r.board)],
    trace: JSON.stringify(materializeTrace(r.completeTrace())),
  };
}

/** 32 pits holding `total` stones in all, spread at random. */
const pitsArb = (total: number) =>
  fc.array(fc.nat(31), { minLength: total, maxLength: total }).map((drops) => {
    const pits = new Uint8Array(32);
    for (const p of drops) pits[p]++;
    return pits;
  });

/** Paths walked past the recorded stages, counted by pathSeen. */
const replayed = { n: 0 };

/** 64 stones spread at random, three rule switches and a stage limit. */
const turnsArb = fc.tuple(
  pitsArb(64),
  fc.boolean(),
  fc.boolean(),
  fc.boolean(),
  fc.integer({ min: 1, max: 400 }),
);

/** Runs `property` (60 runs at the default scale); more than 100 of its paths must have been replayed. */
function expectReplayed<Ts extends [unknown]>(property: fc.IRawProperty<Ts>): void {
  replayed.n = 0;
  fc.assert(property, { numRuns: propertyRuns(60) });
  expect(replayed.n).toBeGreaterThan(100); // paths past the recorded stages were replayed
}

describe("a trace recorded in part is completed by replay (TRACE_STAGES)", () => {
  it("Bao: every path of every start, the same as recorded whole", () => {
    expectReplayed(
      fc.property(turnsArb, ([pits, nyumba, safariChoice, owned, maxStages]) => {
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
                seen.push(pathSeen(r));
                return true;
              });
            }
          }
          return seen;
        };
        // recording two stages and replaying the rest = recording all
        expect(walk(new BaoRunner(rules, true, 2))).toEqual(walk(new BaoRunner(rules, true)));
      }),
    );
  });

  it("four-row: every path of every start and direction, the same as recorded whole", () => {
    expectReplayed(
      fc.property(turnsArb, ([pits, takesBack, needsOccupied, optional, maxStages]) => {
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
                seen.push(pathSeen(r));
                return ++paths < 200;
              });
            }
          }
          return seen;
        };
        // recording two stages and replaying the rest = recording all
        expect(walk(new FourRowRunner(rules, true, 2))).toEqual(
          walk(new FourRowRunner(rules, true)),
        );
      }),
    );
  });
});
