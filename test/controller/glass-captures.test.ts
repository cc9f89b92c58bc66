/**
 * Glassperlenspiel captures at the board, as the LEDs show them (issue 28):
 * one gem (GB-3), a chain of gems (GB-4) taken in every order, one at a
 * time or every gem lifted before any is dropped. At every settled reading
 * the place of every gem still to take flashes yellow (and nothing else
 * does), the mover's cup blinks yellow while a gem has yet to reach it, no
 * mistake is called, and the last drop makes the move. A wrong gem names
 * only the gems still to take, with GB-3 for a single capture and GB-4 at
 * every step of a chain.
 */
import { describe, expect, it } from "vitest";
import type { Position } from "../../src/games/core/types.js";
import type { LedState } from "../../src/protocol/index.js";
import { ri, sendGems, startGlass } from "./glass-board.js";
import { GLASS } from "./glass-games.js";
import type { Session } from "./harness.js";
import {
  countsOf as board,
  glassPosition as pos,
  TWO_INDIRECT as INDIRECT,
} from "./glass-positions.js";

const OWN = {
  A1: [1, ["S5"]],
  A2: [1, ["S4"]],
  A3: [1, ["S3"]],
  A4: [1, ["S2"]],
} as const satisfies Record<string, [number, string[]]>;
const own = () =>
  Object.fromEntries(Object.entries(OWN).map(([k, [n, g]]) => [k, [n, [...g]]])) as Record<
    string,
    [number, string[]]
  >;

/** A5:s lands in B5, which holds only N5: one direct capture (GB-3). */
const ONE = pos(
  {
    ...own(),
    A5: [1, []],
    B1: [5, ["N1", "N2"]],
    B2: [0, ["N3"]],
    B3: [0, []],
    B4: [0, ["N4"]],
    B5: [0, ["N5"]],
  },
  { S: ["S1"], N: [] },
);

/** A5:sss lands in B5, B4, B3, each holding one gem: a direct chain of three (GB-4). */
const CHAIN = pos(
  {
    ...own(),
    A5: [3, []],
    B1: [3, ["N1", "N2"]],
    B2: [0, []],
    B3: [0, ["N3"]],
    B4: [0, ["N4"]],
    B5: [0, ["N5"]],
  },
  { S: ["S1"], N: [] },
);

const PLACES = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "SC", "NC"];
const FAST: LedState = { pattern: "fast", colour: "yellow" };
const BLINK: LedState = { pattern: "blink", colour: "yellow" };

function permutations<T>(xs: readonly T[]): T[][] {
  if (xs.length <= 1) return [xs.slice()];
  return xs.flatMap((x, i) =>
    permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]),
  );
}

/** Plays the stone(s) of A5 one by one (A5 lifted, then B5, B4, … each a stone). */
function sow(s: Session, p: Position, pits: readonly string[]): number[] {
  const b = board(p);
  b[ri("A5")] = 0;
  sendGems(s, b);
  for (const pit of pits) {
    b[ri(pit)] = (b[ri(pit)] as number) + 1;
    sendGems(s, b);
  }
  return b;
}

/** The yellow lights now: places flashing (gems to take) and blinking (where they go). */
function yellow(s: Session): { fast: string[]; blink: string[]; other: string[] } {
  const plan = s.controller.ledPlan();
  const on = (l: LedState | undefined, want: LedState) =>
    l !== undefined &&
    l.pattern !== "off" &&
    want.pattern !== "off" &&
    l.pattern === want.pattern &&
    l.colour === want.colour;
  return {
    fast: PLACES.filter((p) => on(plan.get(p), FAST)),
    blink: PLACES.filter((p) => on(plan.get(p), BLINK)),
    other: PLACES.filter((p) => {
      const l = plan.get(p);
      return l !== undefined && l.pattern !== "off" && !on(l, FAST) && !on(l, BLINK);
    }),
  };
}

const problems = (s: Session) =>
  s.events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");
const moves = (s: Session) => s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));

/**
 * Takes the gems (`[place, gem]`) in `order`, each lifted then dropped into
 * SC, or (`liftAll`) every one lifted before any is dropped (in `drops`
 * order), checking the lights at every settled reading.
 */
function takeGems(
  s: Session,
  after: number[],
  order: readonly (readonly [string, string])[],
  liftAll: readonly (readonly [string, string])[] | null,
): void {
  const b = after.slice();
  const onBoard = new Set(order.map(([place]) => place));
  const inHand = new Set<string>();
  const check = (what: string) => {
    const y = yellow(s);
    expect(y.fast, what).toEqual([...onBoard].sort());
    expect(y.blink, what).toEqual(onBoard.size + inHand.size > 0 ? ["SC"] : []);
    expect(y.other, what).toEqual([]);
    expect(problems(s), what).toEqual([]);
  };
  check("capture due");
  const lift = ([place, gem]: readonly [string, string]) => {
    b[ri(`${place}:${gem}`)] = 0;
    sendGems(s, b);
    onBoard.delete(place);
    inHand.add(gem);
  };
  const drop = ([, gem]: readonly [string, string]) => {
    b[ri(`SC:${gem}`)] = 1;
    sendGems(s, b);
    inHand.delete(gem);
  };
  if (liftAll === null) {
    order.forEach((g, i) => {
      lift(g);
      check(`${g[1]} lifted`);
      drop(g);
      if (i < order.length - 1) check(`${g[1]} dropped`);
    });
  } else {
    for (const g of order) {
      lift(g);
      check(`${g[1]} lifted`);
    }
    liftAll.forEach((g, i) => {
      drop(g);
      if (i < liftAll.length - 1) check(`${g[1]} dropped`);
    });
  }
}

describe("Glassperlenspiel captures at the board (issue 28)", () => {
  it("one gem (GB-3): its place flashes and the cup blinks yellow from the moment it is due", () => {
    const s = startGlass(GLASS, ONE);
    const after = sow(s, ONE, ["B5"]);
    takeGems(s, after, [["B5", "N5"]], null);
    expect(problems(s)).toEqual([]);
    expect(moves(s)).toEqual(["A5:s"]);
  });

  it("one gem, a wrong one taken: named with GB-3", () => {
    const s = startGlass(GLASS, ONE);
    const after = sow(s, ONE, ["B5"]);
    after[ri("B4:N4")] = 0;
    sendGems(s, after);
    const [m] = problems(s);
    expect(m).toMatchObject({ type: "mistake", kind: "wrong-capture", rule: "GB-3" });
    expect(m?.type === "mistake" && m.message).toBe(
      "N4 taken from B4; take one of N5 from B5 into SC (GB-3)",
    );
  });

  const gems = [
    ["B3", "N3"],
    ["B4", "N4"],
    ["B5", "N5"],
  ] as const;

  it.each(permutations(gems).map((o) => [o.map((g) => g[1]).join(" "), o] as const))(
    "a chain (GB-4) taken one at a time, %s: every gem still to take lit at every step",
    (_name, order) => {
      const s = startGlass(GLASS, CHAIN);
      const after = sow(s, CHAIN, ["B5", "B4", "B3"]);
      takeGems(s, after, order, null);
      expect(problems(s)).toEqual([]);
      expect(moves(s)).toEqual(["A5:sss"]);
    },
  );

  it("a chain (GB-4) with every gem lifted before any is dropped, in every order of lifts and drops", () => {
    let games = 0;
    for (const lifts of permutations(gems)) {
      for (const drops of permutations(gems)) {
        const s = startGlass(GLASS, CHAIN);
        const after = sow(s, CHAIN, ["B5", "B4", "B3"]);
        takeGems(s, after, lifts, drops);
        expect(problems(s)).toEqual([]);
        expect(moves(s)).toEqual(["A5:sss"]);
        s.controller.close();
        games++;
      }
    }
    expect(games).toBe(36);
  });

  it("a wrong gem part way through a chain: GB-4, naming only the gems still to take", () => {
    const s = startGlass(GLASS, CHAIN);
    const after = sow(s, CHAIN, ["B5", "B4", "B3"]);
    after[ri("B4:N4")] = 0; // N4 taken, in the hand
    sendGems(s, after);
    expect(problems(s)).toEqual([]);
    after[ri("B1:N1")] = 0;
    sendGems(s, after);
    const [m] = problems(s);
    expect(m).toMatchObject({ type: "mistake", kind: "wrong-capture", rule: "GB-4" });
    expect(m?.type === "mistake" && m.message).toBe(
      "N1 taken from B1; take 2 of N3 from B3 or N5 from B5 into SC (GB-4)",
    );
  });

  it("an indirect chain (GB-4): every gem that may be taken lit until the chain is full", () => {
    // B3 and B4 held a lone stone (B5 a gem, which ends the chain): two gems
    // of N1 (B1), N2, N3 (B2), N5 (B5), any two.
    const s = startGlass(GLASS, INDIRECT);
    const after = sow(s, INDIRECT, ["B5", "B4", "B3"]);
    expect(yellow(s)).toEqual({ fast: ["B1", "B2", "B5"], blink: ["SC"], other: [] });
    // N5 lifted: one more to take, of N1, N2, N3; the message asks for one.
    after[ri("B5:N5")] = 0;
    sendGems(s, after);
    expect(yellow(s)).toEqual({ fast: ["B1", "B2"], blink: ["SC"], other: [] });
    const wrong = after.slice();
    wrong[ri("A1:S5")] = 0;
    sendGems(s, wrong);
    const [m] = problems(s);
    expect(m).toMatchObject({ type: "mistake", kind: "wrong-capture", rule: "GB-4" });
    expect(m?.type === "mistake" && m.message).toBe(
      "S5 taken from A1; take one of N1 from B1, N2 from B2 or N3 from B2 into SC (GB-4)",
    );
  });

  it("an indirect chain (GB-4), both gems taken: nothing flashes, the cup blinks until both are in", () => {
    const s = startGlass(GLASS, INDIRECT);
    const after = sow(s, INDIRECT, ["B5", "B4", "B3"]);
    after[ri("B2:N2")] = 0;
    sendGems(s, after);
    after[ri("SC:N2")] = 1;
    sendGems(s, after);
    after[ri("B5:N5")] = 0;
    sendGems(s, after);
    expect(problems(s)).toEqual([]);
    expect(yellow(s)).toEqual({ fast: [], blink: ["SC"], other: [] });
    after[ri("SC:N5")] = 1;
    sendGems(s, after);
    expect(problems(s)).toEqual([]);
    expect(moves(s)).toEqual(["A5:sss/B2N2B5N5"]);
  });
});
