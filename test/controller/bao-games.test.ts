/**
 * Bao la kiswahili and Bao la kujifunza through the live controller (issue 6):
 * namua placements (a pit gaining one seed, no lift), the kichwa lights after
 * a capture (BK-5), the nyumba's safari choice (BK-12) ended by a reading, a
 * button or the quiet time, noisy simulated games with varied options, and
 * injected mistakes citing the Bao rules, recovered under retry and forfeit.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import type { LegalMove, Position } from "../../src/games/core/types.js";
import { label, playGames, type GameConfig } from "./games.js";
import { counts, playMove, type Session } from "./harness.js";
import {
  boardOf,
  change,
  feed,
  gameOf,
  initial,
  session,
  stepBoards,
  traceOf,
  type Board,
} from "./scenario.js";
import { NOISY } from "./streams.js";

function after(p: Position, moves: readonly string[]): Position {
  let q = p;
  for (const m of moves) {
    const r = gameOf(q.game).apply(q, m);
    if (!r.ok) throw new Error(r.error.message);
    q = r.value.position;
  }
  return q;
}

/** The pit of the first legal placement from the reserve. */
function legalPlacement(p: Position): string {
  const m = gameOf(p.game)
    .legal(p, 500)
    .moves.find((x) => x.trace[0]?.op === "place");
  return m!.trace[0]!.pit;
}

function movesOf(s: Session): string[] {
  return s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
}

function mistakesOf(s: Session): unknown[] {
  return s.events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");
}

const YELLOW_PULSE = { pattern: "pulse", colour: "yellow" };
const YELLOW_BLINK = { pattern: "blink", colour: "yellow" };
const YELLOW_FAST = { pattern: "fast", colour: "yellow" };

// Bao la kiswahili from BK-1: South B6*-, North C3*L (captures B3), then South must capture at B4.
const PITS = ["A", "B", "C", "D"].flatMap((r) => [1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${r}${c}`));
const k0 = initial("bao-kiswahili");
const k2 = after(k0, ["B6*-", "C3*L"]);
// South's B7 is a kimbi: the captured seed goes to B8, no choice (B7*).
const k3 = after(k0, ["B6*-", "C3*L", "B4*R", "C8*"]);
// Bao la kujifunza from BK-2: B3+ captures C5 and sows it from B1 (the kichwa of its direction).
const j0 = initial("bao-kujifunza");

describe("bao: namua placements and guidance", () => {
  it("a placement is a pit gaining one seed with no lift; the hand counts it", () => {
    const s = session(k0);
    const t = stepBoards(boardOf(k0), traceOf(k0, "B6*-"));
    expect(s.controller.snapshot.context.guide?.starts).toEqual(["B5", "B6", "B7"]);
    expect(s.controller.ledPlan().get("B6")).toEqual({ pattern: "pulse", colour: "green" });
    s.link.settled(t[0]!); // B6 gains one seed from the reserve
    expect(mistakesOf(s)).toEqual([]);
    expect(s.controller.snapshot.context.guide?.inHand).toBe(0);
    s.link.settled(t[1]!); // B6 lifted: 3 seeds in hand
    expect(s.controller.snapshot.context.guide?.inHand).toBe(3);
    for (const b of t.slice(2)) s.link.settled(b);
    expect(movesOf(s)).toEqual(["B6*-"]);
    expect(mistakesOf(s)).toEqual([]);
  });

  it("a namua capture outside the kimbi lights both kichwa (the player's choice) until a seed chooses", () => {
    const s = session(k2);
    const t = stepBoards(boardOf(k2), traceOf(k2, "B4*R"));
    s.link.settled(t[0]!); // placed in B4: capture C4 next, captured seeds to B1 or B8
    let g = s.controller.snapshot.context.guide!;
    expect(g.captureSowsInto).toEqual(["B1", "B8"]);
    let plan = s.controller.ledPlan();
    expect(plan.get("C4")).toEqual(YELLOW_FAST);
    expect(plan.get("B1")).toEqual(YELLOW_PULSE);
    expect(plan.get("B8")).toEqual(YELLOW_PULSE);
    s.link.settled(t[1]!); // C4 taken into the hand
    g = s.controller.snapshot.context.guide!;
    expect(g.inHand).toBe(6);
    expect(g.captureSowsInto).toEqual(["B1", "B8"]);
    plan = s.controller.ledPlan();
    expect(plan.get("B1")).toEqual(YELLOW_PULSE);
    expect(plan.get("B8")).toEqual(YELLOW_PULSE);
    s.link.settled(t[2]!); // the first seed into B8: the choice is made
    g = s.controller.snapshot.context.guide!;
    expect(g.captureSowsInto).toEqual([]);
    expect(g.nextStone).toEqual(["B7"]);
    plan = s.controller.ledPlan();
    expect(plan.get("B1")).toEqual({ pattern: "off" });
    for (const b of t.slice(3)) s.link.settled(b);
    expect(movesOf(s)).toEqual(["B4*R"]);
  });

  it("a capture from a kimbi lights its nearest kichwa only (capturedTo)", () => {
    const s = session(k3);
    const t = stepBoards(boardOf(k3), traceOf(k3, "B7*"));
    s.link.settled(t[0]!);
    expect(s.controller.snapshot.context.guide?.captureSowsInto).toEqual(["B8"]);
    expect(s.controller.ledPlan().get("B8")).toEqual(YELLOW_BLINK);
    expect(s.controller.ledPlan().get("B1")).toEqual({ pattern: "off" });
  });

  it("a mtaji capture lights the kichwa of the turn's direction (kujifunza B3+)", () => {
    const s = session(j0);
    const t = stepBoards(boardOf(j0), traceOf(j0, "B3+"));
    s.link.settled(t[0]!); // B3 lifted: direction open, no capture known yet
    expect(s.controller.snapshot.context.guide?.captureSowsInto).toEqual([]);
    s.link.settled(t[2]!); // B4, B5 sown: capture C5 next, sown from B1
    expect(s.controller.snapshot.context.guide?.captureSowsInto).toEqual(["B1"]);
    expect(s.controller.ledPlan().get("B1")).toEqual(YELLOW_BLINK);
    expect(s.controller.ledPlan().get("C5")).toEqual(YELLOW_FAST);
    s.link.settled(t[3]!); // C5 taken
    expect(s.controller.snapshot.context.guide?.captureSowsInto).toEqual(["B1"]);
    s.link.settled(t[4]!); // first captured seed in B1
    expect(s.controller.snapshot.context.guide?.captureSowsInto).toEqual([]);
  });
});

/** A position where a move stopping in the nyumba (`…/.`) is a prefix of one going on safari. */
function safariChoice(): { p: Position; stop: LegalMove<Position>; go: LegalMove<Position> } {
  const game = gameOf("bao-kiswahili");
  const random = seededRandom(4242);
  for (let g = 0; g < 40; g++) {
    let p = k0;
    for (let ply = 0; ply < 120; ply++) {
      const legal = game.legal(p).moves;
      for (const stop of legal) {
        if (!stop.move.endsWith(".")) continue;
        const go = legal.find((m) => m.move === `${stop.move.slice(0, -1)}s`);
        if (go !== undefined && game.outcome(stop.position) === null) return { p, stop, go };
      }
      const m = game.randomMove(p, random);
      if (m === null) break;
      p = m.position;
    }
  }
  throw new Error("no safari choice found");
}

describe("bao: the nyumba's safari choice (BK-12)", () => {
  const { p, stop, go } = safariChoice();
  const before = boardOf(p);
  const stopBoards = stepBoards(before, stop.trace);
  const goBoards = stepBoards(before, go.trace);

  it("the stop in the nyumba is pending, then a reading going on accepts the safari", () => {
    const s = session(p);
    for (const b of stopBoards) s.link.settled(b);
    expect(movesOf(s)).toEqual([]);
    for (const b of goBoards.slice(stopBoards.length)) s.link.settled(b);
    expect(movesOf(s)).toEqual([go.move]);
    expect(mistakesOf(s)).toEqual([]);
  });

  it("the opponent starting their turn accepts the stop, and their move is followed", () => {
    const game = gameOf("bao-kiswahili");
    const s = session(p);
    for (const b of stopBoards) s.link.settled(b);
    const reply = game.legal(stop.position).moves.find((m) => {
      const first = stepBoards(boardOf(stop.position), m.trace)[0]!;
      return !goBoards.some((b) => b.every((v, i) => v === first[i]));
    });
    expect(reply).toBeDefined();
    for (const b of stepBoards(boardOf(stop.position), reply!.trace)) s.link.settled(b);
    expect(movesOf(s)).toEqual([stop.move, reply!.move]);
    expect(mistakesOf(s)).toEqual([]);
  });

  it("a button press accepts the stop at once", () => {
    const s = session(p);
    for (const b of stopBoards) s.link.settled(b, 10);
    expect(movesOf(s)).toEqual([]);
    s.link.emit({ type: "button", button: 0, action: "press" });
    expect(movesOf(s)).toEqual([stop.move]);
    expect(s.controller.game?.position.toMove).toBe(stop.position.toMove);
  });

  it("the quiet time accepts the stop (an unchanged reading after quietMs)", () => {
    const s = session(p);
    for (const b of stopBoards) s.link.settled(b, 10);
    s.link.settled(stopBoards[stopBoards.length - 1]!, 500);
    expect(movesOf(s)).toEqual([]);
    s.link.settled(stopBoards[stopBoards.length - 1]!, 1600);
    expect(movesOf(s)).toEqual([stop.move]);
  });
});

const KISWAHILI: readonly GameConfig[] = [
  { game: "bao-kiswahili", options: {} },
  { game: "bao-kiswahili", options: { setup: "malawi" } },
  { game: "bao-kiswahili", options: { nyumbaTax: "only-if-no-other" } },
  { game: "bao-kiswahili", options: { safari: "mandatory", setup: "malawi" } },
  { game: "bao-kiswahili", options: { takasia: true } },
  {
    game: "bao-kiswahili",
    options: { takasia: true, nyumbaTax: "only-if-no-other", maxStages: 4 },
  },
];
const KUJIFUNZA: readonly GameConfig[] = [
  { game: "bao-kujifunza", options: {} },
  { game: "bao-kujifunza", options: { maxStages: 3 } },
  { game: "bao-kujifunza", options: { maxStages: 8 } },
];

describe("bao simulated games: zero false mistakes, every move identified", () => {
  KISWAHILI.forEach((c, i) => {
    it(`${label(c)}: 8 games`, () => {
      expect(playGames(c, 8, 6100 + i, 70)).toBeGreaterThan(0);
    });
  });
  KUJIFUNZA.forEach((c, i) => {
    it(`${label(c)}: 14 games`, () => {
      expect(playGames(c, 14, 6200 + i, 60)).toBeGreaterThan(0);
    });
  });
});

describe("bao injected mistakes: first wrong reading, Bao rule id", () => {
  const b0 = boardOf(k0);
  const t0 = stepBoards(b0, traceOf(k0, "B6*-"));

  it("CORE-1 wrong pit while sowing a takasa", () => {
    const r = feed(session(k0), [t0[0]!, t0[1]!, t0[2]!, change(t0[2]!, { A4: 1 })]);
    expect(r.index).toBe(3);
    expect(r.mistake).toMatchObject({ kind: "wrong-pit", rule: "CORE-1", side: "S" });
    expect(r.mistake?.message).toBe("stone dropped in A4; the next stone belongs in B4 (CORE-1)");
  });

  it("CORE-1 skipped pit", () => {
    const r = feed(session(k0), [t0[0]!, t0[1]!, t0[2]!, change(t0[2]!, { B3: 1 })]);
    expect(r.index).toBe(3);
    expect(r.mistake).toMatchObject({ kind: "skipped-pit", rule: "CORE-1" });
  });

  it("BK-9 a placement into an empty pit", () => {
    const r = feed(session(k0), [change(b0, { B1: 1 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "wrong-placement", rule: "BK-9", side: "S" });
    expect(r.mistake?.message).toContain("B1 is empty");
  });

  it("BK-9 a placement into the back row", () => {
    const r = feed(session(k0), [change(b0, { A6: 1 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "wrong-placement", rule: "BK-9" });
  });

  it("BK-8 a compulsory capture not taken: a takasa placement while a capture is possible", () => {
    const k1 = after(k0, ["B6*-"]);
    const r = feed(session(k1), [change(boardOf(k1), { C2: 1 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "wrong-placement", rule: "BK-8", side: "N" });
    expect(r.mistake?.message).toContain("captures are compulsory (BK-8)");
  });

  it("BK-8 a compulsory capture not taken: a mtaji start that captures nothing (kujifunza)", () => {
    const r = feed(session(j0), [change(boardOf(j0), { A3: -2 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "refused-start", rule: "BK-8" });
  });

  it("BK-5 captured seeds sown from the wrong kichwa (kimbi capture)", () => {
    const t = stepBoards(boardOf(k3), traceOf(k3, "B7*"));
    const r = feed(session(k3), [t[0]!, t[1]!, change(t[1]!, { B1: 1 })]);
    expect(r.index).toBe(2);
    expect(r.mistake).toMatchObject({ kind: "wrong-kichwa", rule: "BK-5" });
    expect(r.mistake?.message).toBe("captured stones sown from B1; the first goes into B8 (BK-5)");
  });

  it("BK-5 captured seeds sown from the wrong kichwa (mtaji, kujifunza)", () => {
    const t = stepBoards(boardOf(j0), traceOf(j0, "B3+"));
    const r = feed(session(j0), [t[0]!, t[1]!, t[2]!, t[3]!, change(t[3]!, { B8: 1 })]);
    expect(r.index).toBe(4);
    expect(r.mistake).toMatchObject({ kind: "wrong-kichwa", rule: "BK-5" });
  });

  it("BK-9 two seeds placed at once: the player's mistake, not a sensor fault", () => {
    const pit = legalPlacement(k0);
    const r = feed(session(k0), [change(b0, { [pit]: 2 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "several-stones", rule: "BK-9", side: "S" });
    expect(r.mistake?.message).toBe(`2 stones placed in ${pit}; a turn places one (BK-9)`);
    // One pit too many added by a sensor elsewhere is still a sensor fault.
    const s = session(k0);
    s.link.settled(change(b0, { [pit]: 1, D8: 1 }));
    expect(s.events.some((e) => e.type === "sensor-fault")).toBe(true);
  });

  it("BK-6 a sowing ends on a capture spot mid-turn and the landing pit is lifted instead", () => {
    // The first kujifunza position (random play) with a move that captures after sowing.
    let p = j0;
    const rnd = seededRandom(1);
    const game = gameOf("bao-kujifunza");
    for (let ply = 0; ply < 30; ply++) {
      const m = game
        .legal(p, 500)
        .moves.find((x) =>
          x.trace.some((s, i) => i > 3 && s.op === "capture" && x.trace[i - 1]?.op === "sow"),
        );
      if (m !== undefined) {
        const i = m.trace.findIndex(
          (s, j) => j > 3 && s.op === "capture" && m.trace[j - 1]?.op === "sow",
        );
        const boards = stepBoards(boardOf(p), m.trace);
        const landing = m.trace[i - 1]!.pit;
        const at = boards[i - 1]!;
        const lifted = change(at, { [landing]: -at[PITS.indexOf(landing)]! });
        const r = feed(session(p), [...boards.slice(0, i), lifted]);
        expect(r.mistake).toMatchObject({ kind: "capture-not-taken", rule: "BK-6" });
        expect(r.mistake?.message).toBe(
          `${landing} lifted; the last seed fell on a capture spot: capture ${m.trace[i]!.pit} first (BK-6)`,
        );
        return;
      }
      p = game.randomMove(p, rnd)!.position;
    }
    throw new Error("no mid-turn capture found in 30 plies");
  });

  it("CORE-7 touching out of turn (North lifts C4 at South's turn)", () => {
    const r = feed(session(k0), [change(b0, { C4: -6 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "out-of-turn", rule: "CORE-7", side: "N" });
  });
});

describe("bao: recovering from a mistake", () => {
  const t = stepBoards(boardOf(k3), traceOf(k3, "B7*"));
  const wrong: Board[] = [t[0]!, t[1]!, change(t[1]!, { B1: 1 })];

  function playsOn(s: Session, seed: number): void {
    const game = gameOf("bao-kiswahili");
    const p = s.controller.game!.position;
    const m = game.randomMove(p, seededRandom(seed))!;
    const n = s.events.length;
    playMove(s, game, p, m, seededRandom(seed + 1), NOISY);
    expect(movesOf({ ...s, events: s.events.slice(n) })).toEqual([m.move]);
    expect(s.events.slice(n).filter((e) => e.type === "mistake")).toEqual([]);
  }

  it("retry: the board restored, South places again", () => {
    const s = session(k3, {}, "retry");
    expect(feed(s, wrong).mistake?.policy).toBe("retry");
    s.link.settled(t[0]!); // partly restored (the placed seed still there)
    expect(s.controller.state).toBe("session.play.mistake.restoring");
    s.link.settled(boardOf(k3));
    expect(s.events.find((e) => e.type === "mistake-resolved")).toMatchObject({
      result: "retry",
      toMove: "S",
    });
    expect(s.controller.game?.position).toEqual(k3);
    playsOn(s, 11);
  });

  it("forfeit: the board restored, the turn passes to North (reserve unchanged)", () => {
    const s = session(k3, {}, "forfeit");
    expect(feed(s, wrong).mistake?.policy).toBe("forfeit");
    s.link.settled(boardOf(k3));
    expect(s.events.find((e) => e.type === "mistake-resolved")).toMatchObject({
      result: "turn-passed",
      toMove: "N",
    });
    expect(counts(gameOf("bao-kiswahili"), s.controller.game!.position)).toEqual(boardOf(k3));
    playsOn(s, 12);
    playsOn(s, 13);
  });

  it("a wrong placement under retry, then the game goes on", () => {
    const s = session(k0, {}, "retry");
    feed(s, [change(boardOf(k0), { B1: 1 })]);
    s.link.settled(boardOf(k0));
    expect(s.controller.state).toBe("session.play.turn.awaitingStart");
    playsOn(s, 14);
  });
});
