/**
 * The Abalone board (`hex61`): holes holding empty / black / white, a hand
 * that pushes a line of marbles as an engine trace (`off`, `hole`) says,
 * with the transients of a real push, and the simulated firmware's hall
 * sensors settling per PROTOCOL.md §7, all on a fake clock.
 */
import { describe, expect, it } from "vitest";
import { SimulatedFirmware } from "../../src/board/firmware.js";
import type { FirmwareOptions } from "../../src/board/firmware.js";
import { holeCoords, neighbour, planMarbles } from "../../src/board/marbles.js";
import { ABALONE_START_HOLES, PhysicalBoard, playTrace } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { findGame } from "../../src/games/index.js";
import type { MarbleStep, Position } from "../../src/games/index.js";
import type { BoardEvent } from "../../src/board/link.js";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import { parseBoardLine, withChecksum } from "../../src/protocol/index.js";
import type { HoleContent, SnapshotMessage } from "../../src/protocol/index.js";
import { GEOMETRIES } from "../../src/shared/index.js";
import { seededRandom } from "../../src/shared/random.js";

const HOLES = GEOMETRIES.hex61.cells;
const LETTER: Readonly<Record<HoleContent, string>> = {
  empty: ".",
  black: "b",
  white: "w",
  neutral: "n",
  marble: "x",
};

/** The board as 61 letters (`.bw`), canonical order. */
function picture(holes: readonly (HoleContent | null)[]): string {
  return holes.map((h) => (h === null ? "?" : LETTER[h])).join("");
}

/** 61 holes from a few named ones, the rest empty. */
function holesWith(named: Readonly<Record<string, "b" | "w">>): string {
  return HOLES.map((h) => named[h] ?? ".").join("");
}

const off = (cell: string, colour: string): MarbleStep => ({ op: "off", cell, colour });
const hole = (cell: string, from: string, to: string): MarbleStep => ({
  op: "hole",
  cell,
  from,
  to,
});

/** The spec's example: black E5 E6 E7 push white E8 E9 off the east edge. */
const PUSH_OFF_BOARD = holesWith({ E5: "b", E6: "b", E7: "b", E8: "w", E9: "w", A1: "b", I9: "w" });
const E5E6: readonly MarbleStep[] = [off("E9", "w"), hole("E5", "b", "e"), hole("E8", "w", "b")];

describe("hex61 holes", () => {
  it("names the six neighbours of a hole, and none past the edge", () => {
    expect(holeCoords("E5")).toEqual([4, 5]);
    expect(holeCoords("A6")).toBeNull();
    expect(holeCoords("I4")).toBeNull();
    const around = (c: string): string[] =>
      [
        [0, 1],
        [1, 1],
        [1, 0],
        [0, -1],
        [-1, -1],
        [-1, 0],
      ].flatMap((d) => neighbour(c, d as [number, number]) ?? []);
    expect(around("E5").sort()).toEqual(["D4", "D5", "E4", "E6", "F5", "F6"]);
    expect(around("A1").sort()).toEqual(["A2", "B1", "B2"]);
    expect(around("I9").sort()).toEqual(["H8", "H9", "I8"]);
  });

  it("starts as AB-1's standard start and gives the 244 readings of shared/readings.ts", () => {
    const board = new PhysicalBoard({ geometry: "hex61" });
    expect(picture(board.holes())).toBe(ABALONE_START_HOLES);
    expect(board.hole("C3")).toBe("black");
    expect(board.hole("G5")).toBe("white");
    const r = board.readings();
    expect(r).toHaveLength(244);
    expect(r.slice(0, 4)).toEqual([1, 0, 0, 0]); // A1 black (b, w, n, x)
    expect(r.slice(240)).toEqual([0, 1, 0, 0]); // I9 white
    const copy = new PhysicalBoard({ geometry: "hex61", holes: holesWith({}) });
    expect(copy.setCounts(r).ok).toBe(true);
    expect(picture(copy.holes())).toBe(ABALONE_START_HOLES);
    expect(copy.setHoles("bbb").ok).toBe(false);
    expect(copy.setCounts(4).ok).toBe(false);
  });
});

describe("planMarbles: the push that makes a trace", () => {
  it("finds E5E6 (three black push two white, E9 off) and lists the five rolling marbles", () => {
    const board = new PhysicalBoard({ geometry: "hex61", holes: PUSH_OFF_BOARD });
    const plan = planMarbles(board, E5E6);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.value.push?.map((m) => `${m.from}>${m.to ?? "off"}`)).toEqual([
      "E5>E6",
      "E6>E7",
      "E7>E8",
      "E8>E9",
      "E9>off",
    ]);
  });

  it("finds a broadside move and a sumito that pushes into an empty hole", () => {
    const board = new PhysicalBoard({
      geometry: "hex61",
      holes: holesWith({ C3: "b", C4: "b", C5: "b", E4: "b", E5: "b", E6: "w" }),
    });
    // C3 C4 C5 step to D4 D5 D6 together (direction +1 row, +1 column).
    const broad = planMarbles(board, [
      hole("C3", "b", "e"),
      hole("C4", "b", "e"),
      hole("C5", "b", "e"),
      hole("D4", "e", "b"),
      hole("D5", "e", "b"),
      hole("D6", "e", "b"),
    ]);
    expect(broad.ok && broad.value.push?.length).toBe(3);
    const sumito = planMarbles(board, [
      hole("E4", "b", "e"),
      hole("E6", "w", "b"),
      hole("E7", "e", "w"),
    ]);
    expect(sumito.ok && sumito.value.push?.map((m) => m.from)).toEqual(["E4", "E5", "E6"]);
  });

  it("refuses a step that does not fit the board, and has no push for a trace no push makes", () => {
    const board = new PhysicalBoard({ geometry: "hex61", holes: PUSH_OFF_BOARD });
    const wrong = planMarbles(board, [hole("E4", "b", "e")]);
    expect(wrong.ok ? "ok" : wrong.error.code).toBe("wrong-hole");
    const colour = planMarbles(board, [off("E9", "q")]);
    expect(colour.ok ? "ok" : colour.error.code).toBe("bad-step");
    const notAHole = planMarbles(board, [hole("J1", "e", "b")]);
    expect(notAHole.ok ? "ok" : notAHole.error.code).toBe("bad-pit");
    // E5E6 without its off step: no push leaves E9's marble on the board as the trace says.
    const noOff = planMarbles(board, E5E6.slice(1));
    expect(noOff.ok && noOff.value.push).toBeNull();
    // A1 taken away and put down at I1? No such hole; A1 to C1 is no push either.
    const jump = planMarbles(board, [hole("A1", "b", "e"), hole("C1", "e", "b")]);
    expect(jump.ok && jump.value.push).toBeNull();
  });
});

describe("the hand pushes a line", () => {
  it("E5E6: the line's holes read empty for a moment, E9's marble leaves the board, the end is the trace's result", async () => {
    const clock = new FakeScheduler();
    const board = new PhysicalBoard({ geometry: "hex61", holes: PUSH_OFF_BOARD });
    const seen = new Set<string>();
    const rolling = new Set<string>();
    const done = playTrace(board, E5E6, { scheduler: clock, seed: 4 });
    let finished = false;
    void done.then(() => (finished = true));
    for (let t = 0; t < 2000 && !finished; t++) {
      await clock.advance(1);
      seen.add(`E6${board.hole("E6")}`);
      seen.add(`E7${board.hole("E7")}`);
      for (const c of ["E5", "E6", "E7", "E8", "E9"]) if (board.rolling(c) !== null) rolling.add(c);
    }
    expect((await done).ok).toBe(true);
    expect(seen).toEqual(new Set(["E6black", "E6empty", "E7black", "E7empty"]));
    expect([...rolling].sort()).toEqual(["E5", "E6", "E7", "E8", "E9"]);
    expect(picture(board.holes())).toBe(
      holesWith({ E6: "b", E7: "b", E8: "b", E9: "w", A1: "b", I9: "w" }),
    );
    expect(board.offBoard).toMatchObject({ black: 0, white: 1 });
    expect(HOLES.filter((c) => board.rolling(c) !== null)).toEqual([]);
    expect(board.hand.hovering).toBeNull();
  });

  it("plays at once with timeScale 0, and refuses a trace that does not fit without touching the board", async () => {
    const board = new PhysicalBoard({ geometry: "hex61", holes: PUSH_OFF_BOARD });
    const bad = await playTrace(board, [hole("E5", "w", "e")], { timeScale: 0 });
    expect(bad.ok ? "ok" : bad.error.code).toBe("wrong-hole");
    expect(picture(board.holes())).toBe(PUSH_OFF_BOARD);
    const sow = await playTrace(board, [{ op: "sow", pit: "E5" }], { timeScale: 0 });
    expect(sow.ok ? "ok" : sow.error.code).toBe("bad-step");
    expect((await playTrace(board, E5E6, { timeScale: 0 })).ok).toBe(true);
    expect(board.hole("E9")).toBe("white");
    expect(board.hole("E5")).toBe("empty");
    const mancala = new PhysicalBoard();
    const marbles = await playTrace(mancala, E5E6, { timeScale: 0 });
    expect(marbles.ok ? "ok" : marbles.error.code).toBe("bad-step");
  });

  it("plays a trace no push makes marble by marble, ending as the trace says", async () => {
    const clock = new FakeScheduler();
    const board = new PhysicalBoard({ geometry: "hex61", holes: PUSH_OFF_BOARD });
    const done = playTrace(board, [hole("A1", "b", "e"), hole("C1", "e", "b")], {
      scheduler: clock,
    });
    await clock.advance(3000);
    expect((await done).ok).toBe(true);
    expect([board.hole("A1"), board.hole("C1")]).toEqual(["empty", "black"]);
  });
});

/** A firmware on a hex61 board, its snapshots parsed. */
function rig(holes: string, options: FirmwareOptions = {}) {
  const clock = new FakeScheduler();
  const physical = new PhysicalBoard({ geometry: "hex61", holes });
  const firmware = new SimulatedFirmware(physical, { scheduler: clock, ...options });
  const lines: string[] = [];
  const snaps: SnapshotMessage[] = [];
  firmware.connect((bytes) => {
    for (const line of bytes.split("\n").filter((l) => l.length > 0)) {
      lines.push(line);
      const m = parseBoardLine(line);
      if (!m.ok) throw new Error(`${line}: ${m.error.message}`);
      if (m.value.type === "snapshot") snaps.push(m.value);
    }
  });
  const holesOf = (s: SnapshotMessage): readonly (HoleContent | null)[] =>
    s.board.geometry === "hex61" ? s.board.holes : [];
  return { clock, physical, firmware, lines, snaps, holesOf };
}

/**
 * Checks every snapshot of a move from `before` to `after`: a settled board
 * shows one or the other, and a hole is settled only on its value before or
 * after (never on a transient: a hole of the moving line read empty).
 */
function expectNoHalfMove(
  snaps: readonly SnapshotMessage[],
  holesOf: (s: SnapshotMessage) => readonly (HoleContent | null)[],
  before: string,
  after: string,
): void {
  for (const s of snaps) {
    const seen = picture(holesOf(s));
    if (s.settled) expect([before, after], seen).toContain(seen);
    HOLES.forEach((cell, i) => {
      if (s.unsettled.includes(cell)) return;
      expect([before[i], after[i]], `${cell} settled on ${seen[i]}`).toContain(seen[i]);
    });
  }
}

describe("SimulatedFirmware on hex61", () => {
  it("says geo=hex61 max=1 cal=0 and sends 61 holes that settle deb ms after boot", async () => {
    const { clock, firmware, lines, snaps, holesOf } = rig(ABALONE_START_HOLES);
    firmware.powerOn();
    firmware.receive("01 HELLO 1*AF\n");
    await clock.advance(300);
    expect(lines.find((l) => l.includes("INFO"))).toMatch(/ geo=hex61 boot=1 max=1 .* cal=0 /);
    expect(lines.some((l) => l.includes("calibration-needed"))).toBe(false);
    expect(snaps[0]?.settled).toBe(false);
    const last = snaps.at(-1);
    expect(last?.settled).toBe(true);
    expect(picture(last === undefined ? [] : holesOf(last))).toBe(ABALONE_START_HOLES);
    expect(lines.filter((l) => l.includes("SNAP")).at(-1)).toMatch(
      /^[0-9A-F]{2} SNAP hex61 C S 1FFFFFFFFFFFFFFF bbbbbbbbbbb\.\.bbb\.{29}www\.\.w{11}\*[0-9A-F]{2}$/,
    );
  });

  for (const deb of [1, 20, 200]) {
    it(`deb=${deb}, flickering hall sensors: E5E6 never settles half-done, and settles on the trace's result`, async () => {
      const { clock, physical, firmware, snaps, holesOf } = rig(PUSH_OFF_BOARD, {
        debounceMs: deb,
        scanMs: 5,
        noise: { jitter: 0.5 },
        seed: deb,
      });
      firmware.powerOn();
      await clock.advance(400);
      const from = snaps.length;
      const done = playTrace(physical, E5E6, { scheduler: clock, seed: deb, perStoneMs: [60, 90] });
      await clock.advance(1000);
      expect((await done).ok).toBe(true);
      await clock.advance(deb + 50);
      const during = snaps.slice(from);
      const after = holesWith({ E6: "b", E7: "b", E8: "b", E9: "w", A1: "b", I9: "w" });
      expectNoHalfMove(during, holesOf, PUSH_OFF_BOARD, after);
      // The transients were seen (unsettled): a hole of the line read empty, and a flicker.
      const transient = during.filter((s) => {
        const p = picture(holesOf(s));
        return p !== PUSH_OFF_BOARD && p !== after;
      });
      expect(transient.length).toBeGreaterThan(0);
      expect(transient.every((s) => !s.settled)).toBe(true);
      const last = during.at(-1);
      expect(last?.settled).toBe(true);
      expect(picture(last === undefined ? [] : holesOf(last))).toBe(after);
    });
  }

  it("a trace no push makes, played marble by marble, never settles half-done either (deb=1)", async () => {
    const { clock, physical, firmware, snaps, holesOf } = rig(PUSH_OFF_BOARD, {
      debounceMs: 1,
      scanMs: 5,
      seed: 5,
    });
    firmware.powerOn();
    await clock.advance(100);
    const from = snaps.length;
    const steps = [
      hole("A1", "b", "e"),
      hole("C1", "e", "b"),
      hole("I9", "w", "e"),
      hole("G3", "e", "w"),
    ];
    const done = playTrace(physical, steps, { scheduler: clock, seed: 3, perStoneMs: [30, 60] });
    await clock.advance(1000);
    expect((await done).ok).toBe(true);
    const after = holesWith({ E5: "b", E6: "b", E7: "b", E8: "w", E9: "w", C1: "b", G3: "w" });
    expect(snaps.slice(from).some((s) => !s.settled)).toBe(true);
    expectNoHalfMove(snaps.slice(from), holesOf, PUSH_OFF_BOARD, after);
    expect(picture(holesOf(snaps.at(-1) as SnapshotMessage))).toBe(after);
  });

  it("a whole game of Abalone, each move's trace pushed by the hand: every settled snapshot is a position of the game", async () => {
    const game = findGame("abalone");
    const start = game?.initial();
    if (
      game === undefined ||
      start === undefined ||
      !start.ok ||
      game.protocolTrace === undefined
    ) {
      throw new Error("no Abalone engine");
    }
    const view = (p: Position): string => {
      const b = new PhysicalBoard({ geometry: "hex61", holes: holesWith({}) });
      b.setReadings(game.sensorView(p).counts);
      return picture(b.holes());
    };
    const { clock, physical, firmware, snaps, holesOf } = rig(view(start.value), {
      debounceMs: 30,
      scanMs: 10,
      noise: { jitter: 0.3 },
      seed: 11,
    });
    firmware.powerOn();
    await clock.advance(200);
    const random = seededRandom(12);
    let position = start.value;
    let pushedOff = 0;
    for (let i = 0; i < 60; i++) {
      const move = game.randomMove(position, random);
      if (move === null) break;
      const steps = game.protocolTrace(position, move.move);
      pushedOff += steps.filter((s) => s.op === "off").length;
      const before = view(position);
      const from = snaps.length;
      const done = playTrace(physical, steps, { scheduler: clock, seed: i, perStoneMs: [40, 80] });
      await clock.advance(600);
      const played = await done;
      expect(played.ok, played.ok ? "" : played.error.message).toBe(true);
      position = move.position;
      expectNoHalfMove(snaps.slice(from), holesOf, before, view(position));
      expect(picture(physical.holes())).toBe(view(position));
    }
    const last = snaps.at(-1);
    expect(last?.settled).toBe(true);
    expect(picture(last === undefined ? [] : holesOf(last))).toBe(view(position));
    expect(physical.offBoard.black + physical.offBoard.white).toBe(pushedOff);
  });
});

describe("SimulatedBoard on hex61 (the host session over the simulated firmware)", () => {
  it("is ready with INFO hex61, lights holes (61 LEDs in two commands), and its host sees E5E6 settle as the trace says", async () => {
    const clock = new FakeScheduler();
    const board = new SimulatedBoard({
      geometry: "hex61",
      holes: PUSH_OFF_BOARD,
      scheduler: clock,
      noise: { jitter: 0.4 },
      session: { debounceMs: 100 },
      seed: 2,
    });
    const events: BoardEvent[] = [];
    board.subscribe((e) => events.push(e));
    const ready = board.ready();
    await clock.advance(10);
    expect((await ready).ok).toBe(true);
    expect(board.info?.geometry).toBe("hex61");
    expect(board.info?.maxCount).toBe(1);
    const lit = board.setLeds(
      HOLES.map((pit) => ({ pit, led: { pattern: "steady", colour: "green" } })),
    );
    await clock.advance(5);
    expect((await lit).ok).toBe(true);
    expect(Object.keys(board.litLeds())).toHaveLength(61);
    await clock.advance(300);
    const from = events.length;
    const played = board.playTrace(E5E6);
    await clock.advance(1500);
    expect((await played).ok).toBe(true);
    const seen = events
      .slice(from)
      .flatMap((e) =>
        e.type === "snapshot" && e.snapshot.board.geometry === "hex61" ? [e.snapshot] : [],
      );
    expect(seen.some((s) => !s.settled)).toBe(true);
    const after = holesWith({ E6: "b", E7: "b", E8: "b", E9: "w", A1: "b", I9: "w" });
    for (const s of seen.filter((x) => x.settled)) {
      expect([PUSH_OFF_BOARD, after]).toContain(
        picture(s.board.geometry === "hex61" ? s.board.holes : []),
      );
    }
    const last = seen.at(-1);
    expect(last?.settled).toBe(true);
    expect(picture(last?.board.geometry === "hex61" ? last.board.holes : [])).toBe(after);
    await board.close();
  });
});

describe("hex61 hall sensors with calibration", () => {
  it("accept CAL <hole> b|w only for the marble the hole holds, and report raw readings by content", async () => {
    const { clock, firmware, lines } = rig(PUSH_OFF_BOARD, { calibration: true });
    firmware.powerOn();
    await clock.advance(300);
    firmware.receive("15 CAL E5 b*8B\n");
    for (const body of ["16 CAL E8 b", "17 CAL E5 4", "18 CALGET"]) {
      firmware.receive(`${withChecksum(body)}\n`);
    }
    await clock.advance(1);
    const answers = lines.filter((l) => / (ACK|NAK) 1[5-8]/.test(l)).map((l) => l.slice(3, -3));
    expect(answers).toEqual(["ACK 15", "NAK 16 bad-args", "NAK 17 bad-args", "ACK 18"]);
    const calr = lines.filter((l) => l.includes("CALR"));
    expect(calr).toHaveLength(61);
    expect(calr.find((l) => l.includes(" E5 "))).toMatch(/ CALR E5 ok 212\*/);
    expect(calr.find((l) => l.includes(" E8 "))).toMatch(/ CALR E8 ok 812\*/);
    expect(calr.find((l) => l.includes(" E1 "))).toMatch(/ CALR E1 ok 512\*/);
  });
});
