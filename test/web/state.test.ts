/**
 * The web view's pure parts: where each place is drawn (every place of every
 * geometry once, none overlapping another, all inside the drawing) and the
 * terminal's view turned into the page's state (the same counts, LEDs,
 * marks, mistake and moves).
 */
import { describe, expect, it } from "vitest";
import { webBody } from "../../src/cli/play/web.js";
import { gemsOf } from "../../src/cli/serve.js";
import { PlayModel, type ControllerReading } from "../../src/cli/play/model.js";
import type { ControllerView } from "../../src/controller/index.js";
import type { JournalHeader } from "../../src/journal/index.js";
import type { PlayView } from "../../src/cli/play/view.js";
import { findGame, games, type Game } from "../../src/games/index.js";
import { GEOMETRIES, GEOMETRY_IDS } from "../../src/shared/index.js";
import { boardDrawing } from "../../src/web/index.js";

/** One game of each geometry. */
const byGeometry = new Map<string, Game>();
for (const g of games) if (!byGeometry.has(g.layout.geometry)) byGeometry.set(g.layout.geometry, g);

describe("where the places are drawn", () => {
  it("has a game for every geometry of the protocol", () => {
    expect([...byGeometry.keys()].sort()).toEqual([...GEOMETRY_IDS].sort());
  });

  for (const id of GEOMETRY_IDS) {
    it(`${id}: every place once, inside the drawing, none overlapping`, () => {
      const game = byGeometry.get(id) as Game;
      const d = boardDrawing(game.layout);
      expect(d.places.map((p) => p.name)).toEqual([...GEOMETRIES[id].cells]);
      for (const p of d.places) {
        expect(p.x - p.r, p.name).toBeGreaterThanOrEqual(0);
        expect(p.y - p.r, p.name).toBeGreaterThanOrEqual(0);
        expect(p.x + p.r, p.name).toBeLessThanOrEqual(d.width);
        expect(p.y + p.r, p.name).toBeLessThanOrEqual(d.height);
      }
      for (const [i, a] of d.places.entries()) {
        for (const b of d.places.slice(i + 1)) {
          const apart = Math.hypot(a.x - b.x, a.y - b.y);
          expect(apart, `${a.name} and ${b.name}`).toBeGreaterThanOrEqual(a.r + b.r);
        }
      }
      // Owners come from the layout: the page needs no game knowledge.
      expect(d.places.map((p) => p.owner)).toEqual(game.layout.owners);
    });
  }

  it("4x8: North's rows above South's, pit 1 on the left as on the terminal", () => {
    const d = boardDrawing((findGame("hus") as Game).layout);
    const at = (n: string) => d.places.find((p) => p.name === n)!;
    expect(at("D1").y).toBeLessThan(at("C1").y);
    expect(at("C1").y).toBeLessThan(at("B1").y);
    expect(at("B1").y).toBeLessThan(at("A1").y);
    expect(at("A1").x).toBeLessThan(at("A8").x);
    expect(at("A1").x).toBe(at("D1").x);
  });

  it("hex61: row I on top, row E the widest, each row centred", () => {
    const d = boardDrawing((findGame("abalone") as Game).layout);
    const at = (n: string) => d.places.find((p) => p.name === n)!;
    expect(at("I5").y).toBeLessThan(at("A1").y);
    expect(at("E1").x).toBeLessThan(at("A1").x);
    expect((at("A1").x + at("A5").x) / 2).toBeCloseTo((at("E1").x + at("E9").x) / 2, 5);
  });
});

function view(over: Partial<PlayView>): PlayView {
  return {
    title: "Hus — Ana (South) vs Ben (North)",
    players: { S: "Ana", N: "Ben" },
    counts: new Map(GEOMETRIES["4x8"].cells.map((c, i) => [c, i % 3])),
    leds: new Map(),
    unsettled: new Set(),
    toMove: "S",
    ply: 3,
    status: "South to move",
    inHand: null,
    nextStone: [],
    lastLands: null,
    moves: ["A4+", "C3+"],
    firstSide: "S",
    clocks: { S: 61_500, N: 2_999 },
    messages: ["new game"],
    link: "simulated",
    reserve: null,
    ...over,
  };
}

describe("the terminal's view as the page's state", () => {
  const hus = findGame("hus") as Game;

  it("carries the counts, the LEDs with their codes, and the marks", () => {
    const body = webBody(
      view({
        counts: new Map([
          ["A1", 4],
          ["A2", null],
        ]),
        leds: new Map([
          ["A1", { colour: "green", pattern: "pulse" }],
          ["B3", { colour: "cyan", pattern: "blink" }],
          ["B4", { pattern: "off" }],
        ]),
        unsettled: new Set(["B3"]),
        faulty: new Set(["C7"]),
      }),
      hus,
    );
    const at = (n: string) => body.places.find((p) => p.name === n)!;
    expect(at("A1")).toMatchObject({ count: 4, led: { code: "GP" }, unsettled: false });
    expect(at("A2")).toMatchObject({ count: null, faulty: true });
    expect(at("B3")).toMatchObject({ led: { colour: "cyan", pattern: "blink", code: "CB" } });
    expect(at("B3").unsettled).toBe(true);
    expect(at("B4").led).toBeNull();
    expect(at("C7").faulty).toBe(true);
    expect(body.places).toHaveLength(32);
  });

  it("says the moves as the terminal numbers them, the clocks in whole seconds", () => {
    const body = webBody(view({}), hus);
    expect(body.moves).toEqual(["A4+", "C3+"]);
    expect(body.moveList).toBe("1. A4+ C3+");
    expect(body.clocks).toEqual({ kind: "used", ms: { S: 61_000, N: 2_000 } });
    expect(body.toMove).toBe("S");
    expect(body.game).toEqual({ id: "hus", title: "Hus — Ana (South) vs Ben (North)" });
    const left = webBody(view({ timeLeft: { S: 5_000, N: 1_200 } }), hus);
    expect(left.clocks).toEqual({ kind: "left", ms: { S: 5_000, N: 1_000 } });
  });

  it("gives the mistake with its rule and what to put back", () => {
    const body = webBody(
      view({
        mistake: {
          side: "S",
          rule: "CORE-1",
          message: "stone dropped in B2, skipping B1",
          policy: "retry",
          needs: [
            { pit: "A1", need: 1 },
            { pit: "A2", need: 1 },
            { pit: "B2", need: -2 },
          ],
        },
      }),
      hus,
    );
    expect(body.mistake).toEqual({
      side: "S",
      rule: "CORE-1",
      message: "stone dropped in B2, skipping B1",
      policy: "retry",
      restore: "A1–A2 +1, B2 -2",
    });
    expect(webBody(view({}), hus).mistake).toBeNull();
  });

  it("draws Abalone's holes as marbles, counted 1 where one lies", () => {
    const abalone = findGame("abalone") as Game;
    const cells = GEOMETRIES.hex61.cells;
    const holes = cells.map((_, i) =>
      i === 0 ? "black" : i === 1 ? "white" : i === 2 ? null : "empty",
    );
    const body = webBody(
      view({
        counts: new Map(),
        sides: ["b", "w"],
        sideNames: { b: "Black", w: "White" },
        hex: { holes, off: { b: 1, w: 0 } },
      }),
      abalone,
    );
    expect(body.places.slice(0, 4).map((p) => [p.hole, p.count])).toEqual([
      ["black", 1],
      ["white", 1],
      [null, null],
      ["empty", 0],
    ]);
    expect(body.off).toEqual({ b: 1, w: 0 });
    expect(body.sideNames).toEqual({ b: "Black", w: "White" });
  });

  it("carries Glassperlenspiel's gems and Bao's reserve", () => {
    const glass = findGame("glassperlenspiel") as Game;
    const body = webBody(
      view({ gems: new Map([["SC", ["S1", "S5"]]]), counts: new Map([["SC", 0]]) }),
      glass,
    );
    expect(body.places.find((p) => p.name === "SC")?.gems).toEqual(["S1", "S5"]);
    const bao = webBody(view({ reserve: { S: 22, N: 21 } }), findGame("bao-kiswahili") as Game);
    expect(bao.reserve).toEqual({ S: 22, N: 21 });
  });
});

describe("the archive's gems", () => {
  it("reads Glassperlenspiel's pits and cups from a position, nothing from another game's", () => {
    const glass = findGame("glassperlenspiel") as Game;
    const initial = glass.initial({});
    if (!initial.ok) throw new Error(initial.error.message);
    const json = glass.positionToJSON(initial.value);
    const gems = gemsOf({ ...json, cups: { S: ["S3", "N1"], N: [] } });
    expect(gems.get("SC")).toEqual(["N1", "S3"]);
    expect(gems.get("NC")).toEqual([]);
    const all = [...gems.values()].flat();
    // The initial position's ten gems, and the two put in South's cup here.
    expect(all).toHaveLength(12);
    const hus = findGame("hus") as Game;
    const start = hus.initial({});
    if (!start.ok) throw new Error(start.error.message);
    expect(gemsOf(hus.positionToJSON(start.value)).size).toBe(0);
  });
});

describe("the mistake and the faulty pits the model keeps for the page", () => {
  const hus = findGame("hus") as Game;
  const start = hus.initial({});
  if (!start.ok) throw new Error(start.error.message);
  const header = {
    players: { S: "Ana", N: "Ben" },
    initial: hus.positionToJSON(start.value),
  } as unknown as JournalHeader;
  const reading = (phase: string, needs: ControllerView["needs"]): ControllerReading => ({
    view: {
      phase,
      toMove: "S",
      position: start.value,
      needs,
      guide: null,
      error: null,
    } as unknown as ControllerView,
    status: phase,
    ledPlan: () => new Map(),
  });

  it("shows a mistake with what to put back until it is resolved", () => {
    const pits = hus.sensorView(start.value).pits;
    const model = new PlayModel(hus, header, pits, [], 0, "simulated");
    expect(model.view(reading("turn", []), 0, null).mistake).toBeNull();
    model.controller({
      type: "mistake",
      kind: "skipped-pit",
      rule: "CORE-1",
      message: "stone dropped in B2, skipping B1",
      side: "S",
      policy: "retry",
      restore: [],
      at: 10,
    } as never);
    const needs = [{ pit: "B1", need: 1 }];
    const body = webBody(model.view(reading("mistake", needs), 20, null), hus);
    expect(body.mistake).toEqual({
      side: "S",
      rule: "CORE-1",
      message: "stone dropped in B2, skipping B1",
      policy: "retry",
      restore: "B1 +1",
    });
    model.controller({
      type: "mistake-resolved",
      policy: "retry",
      result: "retry",
      toMove: "S",
      at: 30,
    });
    expect(model.view(reading("turn", []), 40, null).mistake).toBeNull();
  });

  it("marks the pits of a sensor fault until the next move", () => {
    const pits = hus.sensorView(start.value).pits;
    const model = new PlayModel(hus, header, pits, [], 0, "simulated");
    model.controller({
      type: "sensor-fault",
      kind: "jump",
      pits: ["C4"],
      message: "C4 jumped",
      at: 5,
    });
    const faulty = () =>
      webBody(model.view(reading("turn", []), 6, null), hus)
        .places.filter((p) => p.faulty)
        .map((p) => p.name);
    expect(faulty()).toEqual(["C4"]);
    model.controller({ type: "move", ply: 1, side: "S", move: "A4+", trace: [], at: 7 } as never);
    expect(faulty()).toEqual([]);
  });
});
