/**
 * Issue 18, item 3: Bao's lifts within a turn have lights of their own. The
 * green pulse means "you may start your turn" only; a relay's or a safari's
 * lift (the pit where the last seed fell, to lift and sow on) shows the
 * `liftNext` light, and a lift that takes only part of the pit (Bao's taxed
 * nyumba, BK-11: two seeds) the `liftPart` light, which the controller knows
 * from the move's trace alone (a lift of fewer stones than the pit holds).
 */
import { describe, expect, it } from "vitest";
import type { LegalMove, Position } from "../../src/games/core/types.js";
import { LED_SCHEME, type LedRole } from "../../src/controller/leds.js";
import { seededRandom } from "../../src/shared/random.js";
import { boardOf, gameOf, initial, session, stepBoards } from "./scenario.js";

const look = (role: LedRole) => ({
  pattern: LED_SCHEME[role].pattern,
  colour: LED_SCHEME[role].colour,
});

/** The first position (random Bao games, fixed seed) and move whose trace holds a lift `where` says. */
function find(
  id: string,
  where: (m: LegalMove<Position>, i: number, board: readonly number[]) => boolean,
): { p: Position; m: LegalMove<Position>; i: number } {
  const game = gameOf(id);
  const random = seededRandom(1818);
  for (let g = 0; g < 60; g++) {
    let p = initial(id);
    for (let ply = 0; ply < 150; ply++) {
      for (const m of game.legal(p, 500).moves) {
        const boards = stepBoards(boardOf(p), m.trace);
        for (let i = 1; i < m.trace.length; i++) {
          if (m.trace[i]!.op === "lift" && where(m, i, boards[i - 1]!)) return { p, m, i };
        }
      }
      const next = game.randomMove(p, random);
      if (next === null || game.outcome(next.position) !== null) break;
      p = next.position;
    }
  }
  throw new Error("not found");
}

/** Plays the move's readings up to (not including) step `i`; returns the session. */
function upTo(f: { p: Position; m: LegalMove<Position>; i: number }) {
  const s = session(f.p);
  const boards = stepBoards(boardOf(f.p), f.m.trace);
  for (const b of boards.slice(0, f.i)) s.link.settled(b);
  return { s, pit: f.m.trace[f.i]!.pit };
}

describe("bao: lifts within a turn are not turn starts", () => {
  it("the scheme gives liftNext and liftPart looks of their own", () => {
    const looks = Object.values(LED_SCHEME).map((l) => `${l.colour} ${l.pattern}`);
    expect(new Set(looks).size).toBe(looks.length);
    expect(look("liftNext")).not.toEqual(look("legalStart"));
    expect(look("liftNext")).not.toEqual(look("lastStone"));
  });

  it("a relay's lift (after a sowing, whole pit) lights liftNext, no green pulse anywhere", () => {
    const f = find("bao-kujifunza", (m, i, b) => {
      const s = m.trace[i]!;
      return m.trace[i - 1]!.op === "sow" && s.op === "lift" && s.n === b[pitAt(s.pit)];
    });
    const { s, pit } = upTo(f);
    const plan = s.controller.ledPlan();
    expect(s.controller.snapshot.context.guide?.liftNext).toContain(pit);
    expect(plan.get(pit)).toEqual(look("liftNext"));
    expect([...plan.values()]).not.toContainEqual(look("legalStart"));
  });

  it("a safari's lift of the nyumba lights liftNext while the stop is pending", () => {
    const f = find(
      "bao-kiswahili",
      (m, i) => m.move.endsWith("/s") && m.trace[i - 1]!.op === "sow" && isNyumba(m.trace[i]!.pit),
    );
    const { s, pit } = upTo(f);
    expect(s.controller.ledPlan().get(pit)).toEqual(look("liftNext"));
  });

  it("a taxed nyumba (lift only two, BK-11) lights liftPart; the guide names it", () => {
    const f = find("bao-kiswahili", (m, i, b) => {
      const s = m.trace[i]!;
      return m.trace[i - 1]!.op === "place" && s.op === "lift" && s.n < b[pitAt(s.pit)]!;
    });
    expect(f.m.trace[f.i]!.op === "lift" && f.m.trace[f.i]).toMatchObject({ n: 2 });
    const { s, pit } = upTo(f);
    const g = s.controller.snapshot.context.guide!;
    expect(g.liftPart).toEqual([pit]);
    expect(g.liftNext).not.toContain(pit);
    expect(g.liftPartStones).toBe(2);
    expect(s.controller.status).toContain(`lift only 2 from ${pit}`);
    const plan = s.controller.ledPlan();
    expect(plan.get(pit)).toEqual(look("liftPart"));
    expect([...plan.values()]).not.toContainEqual(look("legalStart"));
    // The two seeds lifted: "in hand 2" on the screen, the light goes out.
    s.link.settled(stepBoards(boardOf(f.p), f.m.trace)[f.i]!);
    expect(s.controller.snapshot.context.guide?.inHand).toBe(2);
    expect(s.controller.ledPlan().get(pit)).not.toEqual(look("liftPart"));
  });

  it("an untaxed takasa (placement, then the whole pit lifted) lights liftNext", () => {
    const f = find("bao-kiswahili", (m, i, b) => {
      const s = m.trace[i]!;
      return m.trace[i - 1]!.op === "place" && s.op === "lift" && s.n === b[pitAt(s.pit)];
    });
    const { s, pit } = upTo(f);
    expect(s.controller.ledPlan().get(pit)).toEqual(look("liftNext"));
  });
});

const PITS = ["A", "B", "C", "D"].flatMap((r) => [1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${r}${c}`));
function pitAt(pit: string): number {
  return PITS.indexOf(pit);
}
function isNyumba(pit: string): boolean {
  return pit === "B5" || pit === "C4";
}

describe("bao: while a stop in the nyumba is pending, the opponent's starts are lit", () => {
  /** The first stop in the nyumba (`…/.`) of random games, with its position. */
  function stop(): { p: Position; m: LegalMove<Position> } {
    const game = gameOf("bao-kiswahili");
    const random = seededRandom(77);
    for (let g = 0; g < 60; g++) {
      let p = initial("bao-kiswahili");
      for (let ply = 0; ply < 150; ply++) {
        const m = game.legal(p, 500).moves.find((x) => x.move.endsWith("/."));
        if (m !== undefined && game.outcome(m.position) === null) return { p, m };
        const next = game.randomMove(p, random);
        if (next === null || game.outcome(next.position) !== null) break;
        p = next.position;
      }
    }
    throw new Error("no stop found");
  }

  it("the opponent's possible starts pulse green while kete holds the turn open; the mover's nyumba shows the safari lift", () => {
    const { p, m } = stop();
    const s = session(p);
    for (const b of stepBoards(boardOf(p), m.trace)) s.link.settled(b);
    expect(s.controller.game?.turn.pendingSince).not.toBeNull();
    const opponent = session(m.position).controller.snapshot.context.guide!.starts;
    expect(opponent.length).toBeGreaterThan(0);
    const g = s.controller.snapshot.context.guide!;
    expect(g.nextStarts).toEqual(opponent);
    const plan = s.controller.ledPlan();
    for (const pit of opponent) expect(plan.get(pit), pit).toEqual(look("legalStart"));
    const nyumba = m.trace[m.trace.length - 1]!.pit;
    expect(plan.get(nyumba)).toEqual(look("liftNext"));
  });
});
