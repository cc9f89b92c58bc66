/**
 * The controller follows games it has never heard of, on boards that sense
 * more than stone counts, through the `Game` contract alone (nothing in
 * src/controller names them):
 *
 * - "beads", a two-move game on the Glassperlenspiel board (2x5+2): each pit
 *   holds plain stones and gems the board identifies by tag; a player lifts a
 *   pit and sows its beads in the order they choose (GB-2), so the move is
 *   known only once the beads land. Its sensor steps put each gem on its own
 *   reading (`A2:S1`).
 * - "push", a one-move game on the Abalone board (hex61): a line of two black
 *   marbles moved broadside (E5 E6 to D5 D6); the holes change at once, so its
 *   sensor steps are free (any order), and a settled reading half-way in an
 *   order the trace does not list (E5 already in D5, E6 not yet moved) is
 *   progress, not a mistake. Its trace lists the holes in name order, as the
 *   engine protocol's Abalone traces do.
 */
import { describe, expect, it } from "vitest";
import type {
  BoardAct,
  BoardLayout,
  Game,
  GameError,
  LegalMove,
  LegalMoves,
  Outcome,
  Position,
  Refusal,
  RuleBook,
  SensorStep,
  SensorView,
  Trace,
  TraceStep,
} from "../../src/games/index.js";
import { GEOMETRIES, err, ok, readingNames, type Result } from "../../src/shared/index.js";
import type { Gem, GemBoard, HexBoard, HoleContent } from "../../src/protocol/index.js";
import { Controller } from "../../src/controller/controller.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import { FakeLink, INFO } from "./harness.js";

const RULES: RuleBook = {
  turnOrder: "CORE-7",
  sowing: "GB-2",
  keepDirection: "GB-2",
  direction: null,
  fixedDirection: null,
  relay: null,
  start: "GB-2",
  stageLimit: null,
  capture: "GB-3",
  captureAgain: null,
  capturedSowing: null,
  placement: null,
  penalty: null,
};

/** What every test game shares: options, notation checks and the engine-only members. */
abstract class TestGame<P extends Position> implements Game<P> {
  abstract readonly id: string;
  abstract readonly layout: BoardLayout;
  readonly title = "test game";
  readonly optionSpecs = [];
  abstract initial(): Result<P, GameError>;
  abstract legal(p: P): LegalMoves<P>;
  abstract sensorView(p: P): SensorView;
  parsePosition(json: unknown): Result<P, GameError> {
    return ok(json as P);
  }
  positionToJSON(p: P): Record<string, unknown> {
    return { ...(p as unknown as Record<string, unknown>) };
  }
  apply(p: P, move: string): Result<{ position: P; trace: Trace }, GameError> {
    const m = this.legal(p).moves.find((x) => x.move === move);
    return m === undefined ? err("illegal-move", `${move} is not legal`) : ok(m);
  }
  ruleBook(): RuleBook {
    return RULES;
  }
  refusal(p: P, act: BoardAct): Refusal | null {
    const begins = this.legal(p).moves.some((m) => m.trace[0]?.pit === act.place);
    return begins
      ? null
      : { reason: "other", rule: "GB-2", message: `${act.place} cannot start a turn (GB-2)` };
  }
  withBoard(): Result<P, GameError> {
    return err("bad-position", "not used here");
  }
  outcome(p: P): Outcome | null {
    return this.legal(p).moves.length === 0
      ? { winner: null, reason: "no moves left", score: { S: 0, N: 0 } }
      : null;
  }
  perft(): number {
    return 0;
  }
  randomMove(): LegalMove<P> | null {
    return null;
  }
  playout(): number {
    return 0;
  }
}

// ------------------------------------------------------------------ beads (2x5+2)

interface Cell {
  readonly stones: number;
  readonly gems: readonly string[];
}
interface BeadPosition extends Position {
  readonly cells: Readonly<Record<string, Cell>>;
  readonly ply: number;
}

const BEAD_PLACES = GEOMETRIES["2x5+2"].cells;
const CIRCUIT = ["A1", "A2", "A3", "A4", "A5", "B5", "B4", "B3", "B2", "B1"];
const EMPTY_CELL: Cell = { stones: 0, gems: [] };

/** Every order of a bag of beads, each order once. */
function orders(beads: readonly string[]): string[][] {
  if (beads.length <= 1) return [[...beads]];
  const out = new Map<string, string[]>();
  beads.forEach((b, i) => {
    for (const rest of orders([...beads.slice(0, i), ...beads.slice(i + 1)])) {
      out.set([b, ...rest].join(","), [b, ...rest]);
    }
  });
  return [...out.values()].sort((a, b) => (a.join("") < b.join("") ? -1 : 1));
}

class Beads extends TestGame<BeadPosition> {
  readonly id = "beads";
  readonly layout: BoardLayout = {
    geometry: "2x5+2",
    places: BEAD_PLACES,
    sides: ["S", "N"],
    sideNames: { S: "South", N: "North" },
    owners: BEAD_PLACES.map((p) => (p.startsWith("A") || p === "SC" ? "S" : "N")),
    successors: BEAD_PLACES.map((p) => {
      const i = CIRCUIT.indexOf(p);
      return i < 0 ? [] : [BEAD_PLACES.indexOf(CIRCUIT[(i + 1) % CIRCUIT.length]!)];
    }),
  };
  initial(): Result<BeadPosition, GameError> {
    const cells: Record<string, Cell> = {};
    for (const p of BEAD_PLACES) cells[p] = EMPTY_CELL;
    cells["A1"] = { stones: 1, gems: ["S1"] };
    cells["B1"] = { stones: 1, gems: ["N1"] };
    return ok({ game: this.id, options: {}, toMove: "S", cells, ply: 0 });
  }
  legal(p: BeadPosition): LegalMoves<BeadPosition> {
    if (p.ply >= 2) return { moves: [], truncated: false };
    const moves: LegalMove<BeadPosition>[] = [];
    for (const pit of CIRCUIT.filter((x) => x.startsWith(p.toMove === "S" ? "A" : "B"))) {
      const cell = p.cells[pit] ?? EMPTY_CELL;
      const beads = [...new Array<string>(cell.stones).fill("s"), ...cell.gems];
      if (beads.length === 0) continue;
      const start = CIRCUIT.indexOf(pit);
      for (const order of orders(beads)) {
        const to = order.map((_, k) => CIRCUIT[(start + 1 + k) % CIRCUIT.length]!);
        const trace: TraceStep[] = [
          { op: "lift", pit, n: beads.length, stones: cell.stones, gems: [...cell.gems].sort() },
          ...order.map((bead, k) => ({ op: "sow" as const, pit: to[k]!, bead })),
        ];
        const cells = { ...p.cells, [pit]: EMPTY_CELL };
        order.forEach((bead, k) => {
          const c = cells[to[k]!] ?? EMPTY_CELL;
          cells[to[k]!] =
            bead === "s" ? { ...c, stones: c.stones + 1 } : { ...c, gems: [...c.gems, bead] };
        });
        const position = { ...p, cells, toMove: p.toMove === "S" ? "N" : "S", ply: p.ply + 1 };
        moves.push({ move: `${pit}:${order.join("")}`, trace, position });
      }
    }
    return { moves, truncated: false };
  }
  sensorView(p: BeadPosition): SensorView {
    const names = readingNames("2x5+2");
    const counts = names.map((name) => {
      const [place, gem] = name.split(":") as [string, string | undefined];
      const cell = p.cells[place] ?? EMPTY_CELL;
      return gem === undefined ? cell.stones : cell.gems.includes(gem) ? 1 : 0;
    });
    return { geometry: "2x5+2", pits: names, counts };
  }
  /** A lifted pit's stones and each of its gems; a sown bead on its own reading. */
  sensorSteps(step: TraceStep): readonly SensorStep[] {
    if (step.op === "lift") {
      const stones = step.stones ?? step.n;
      return [
        ...(stones > 0 ? [{ op: "lift" as const, reading: step.pit, n: stones }] : []),
        ...(step.gems ?? []).map((g) => ({
          op: "lift" as const,
          reading: `${step.pit}:${g}`,
          n: 1,
        })),
      ];
    }
    if (step.op === "sow" && step.bead !== undefined && step.bead !== "s") {
      return [{ op: "sow", reading: `${step.pit}:${step.bead}`, n: 1 }];
    }
    return [{ op: step.op, reading: step.pit, n: 1 }];
  }
}

function gemBoard(cells: Readonly<Record<string, Cell>>): GemBoard {
  return {
    geometry: "2x5+2",
    places: BEAD_PLACES.map((p) => {
      const c = cells[p] ?? EMPTY_CELL;
      return { count: c.stones, gems: c.gems as readonly Gem[] };
    }),
  };
}

// ------------------------------------------------------------------ push (hex61)

interface PushPosition extends Position {
  readonly black: readonly string[];
  readonly ply: number;
}

const HOLES = GEOMETRIES.hex61.cells;

class Push extends TestGame<PushPosition> {
  constructor(private readonly free: boolean) {
    super();
  }
  readonly id = "push";
  readonly layout: BoardLayout = {
    geometry: "hex61",
    places: HOLES,
    sides: ["S", "N"],
    sideNames: { S: "Black", N: "White" },
    owners: HOLES.map(() => null),
    successors: HOLES.map(() => []),
  };
  initial(): Result<PushPosition, GameError> {
    return ok({ game: this.id, options: {}, toMove: "S", black: ["E5", "E6"], ply: 0 });
  }
  legal(p: PushPosition): LegalMoves<PushPosition> {
    if (p.ply > 0) return { moves: [], truncated: false };
    // Broadside: D5 and D6 fill, E5 and E6 empty; listed in hole-name order.
    const trace: TraceStep[] = [
      { op: "sow", pit: "D5" },
      { op: "sow", pit: "D6" },
      { op: "lift", pit: "E5", n: 1 },
      { op: "lift", pit: "E6", n: 1 },
    ];
    const position = { ...p, black: ["D5", "D6"], toMove: "N", ply: 1 };
    return { moves: [{ move: "E5E6D5", trace, position }], truncated: false };
  }
  sensorView(p: PushPosition): SensorView {
    const names = readingNames("hex61");
    return {
      geometry: "hex61",
      pits: names,
      counts: names.map((n) => (n.endsWith(":b") && p.black.includes(n.slice(0, -2)) ? 1 : 0)),
    };
  }
  sensorSteps(step: TraceStep): readonly SensorStep[] {
    const n = step.op === "lift" ? step.n : 1;
    return [
      { op: step.op === "lift" ? "lift" : "sow", reading: `${step.pit}:b`, n, free: this.free },
    ];
  }
}

function hexBoard(black: readonly string[]): HexBoard {
  return {
    geometry: "hex61",
    holes: HOLES.map((h): HoleContent => (black.includes(h) ? "black" : "empty")),
  };
}

// ------------------------------------------------------------------ the sessions

function session(game: Game, geometry: "2x5+2" | "hex61") {
  const link = new FakeLink();
  link.info = { ...INFO, geometry, maxCount: geometry === "hex61" ? 1 : 20 };
  const controller = new Controller(link, { clock: () => link.time, games: [game] });
  const events: ControllerEvent[] = [];
  controller.on((e) => events.push(e));
  const board = (b: GemBoard | HexBoard) => {
    link.time += 250;
    link.emit({
      type: "snapshot",
      snapshot: { board: b, settled: true, unsettled: [], receivedAt: link.time },
    });
  };
  return { link, controller, events, board };
}

describe("a game on the gem board, unknown to the controller", () => {
  const game = new Beads();
  const start = game.initial();
  if (!start.ok) throw new Error(start.error.message);
  const cells = start.value.cells;

  it("is set up, guided by place, and followed bead by bead in the order the player chooses", async () => {
    const s = session(game, "2x5+2");
    s.controller.newGame("beads");
    s.board(gemBoard(cells));
    expect(s.controller.view.phase).toBe("turn");
    await s.controller.flush();
    // The start lights on the place, the LED plan knows only places.
    expect(s.link.leds.get("A1")?.pattern).toBe("pulse");
    expect([...s.controller.ledPlan().keys()]).toEqual([...BEAD_PLACES]);
    // Lift A1: its stone and its gem.
    s.board(gemBoard({ ...cells, A1: EMPTY_CELL }));
    expect(s.controller.view.guide?.nextStone).toEqual(["A2"]);
    expect(s.controller.status).toMatch(/A1:S1s, A1:sS1/);
    // The gem first: the move is A1:S1s, not A1:sS1.
    s.board(gemBoard({ ...cells, A1: EMPTY_CELL, A2: { stones: 0, gems: ["S1"] } }));
    s.board(
      gemBoard({
        ...cells,
        A1: EMPTY_CELL,
        A2: { stones: 0, gems: ["S1"] },
        A3: { stones: 1, gems: [] },
      }),
    );
    const moves = s.events.filter((e) => e.type === "move");
    expect(moves.map((e) => (e.type === "move" ? e.move : ""))).toEqual(["A1:S1s"]);
    expect(s.controller.view.toMove).toBe("N");
  });

  it("names a bead dropped past the pit it belonged in by place and rule", () => {
    const s = session(game, "2x5+2");
    s.controller.newGame("beads");
    s.board(gemBoard(cells));
    // South lifts A1 and drops its gem in A3, skipping A2.
    s.board(gemBoard({ ...cells, A1: EMPTY_CELL }));
    s.board(gemBoard({ ...cells, A1: EMPTY_CELL, A3: { stones: 0, gems: ["S1"] } }));
    const mistake = s.events.find((e) => e.type === "mistake");
    expect(mistake).toMatchObject({ kind: "skipped-pit", rule: "GB-2", side: "S" });
    expect(mistake?.type === "mistake" && mistake.message).toBe(
      "stone dropped in A3, skipping A2; the next stone belongs in A2 (GB-2)",
    );
    // The restore list names the gem's reading; the LEDs light its place.
    expect(s.controller.view.needs).toEqual([
      { pit: "A1", need: 1 },
      { pit: "A1:S1", need: 1 },
      { pit: "A3:S1", need: -1 },
    ]);
    expect(s.controller.ledPlan().get("A3")?.pattern).toBe("fast");
  });
});

describe("a game on the hex board whose holes change at once, unknown to the controller", () => {
  const half = ["D5", "E6"]; // E5 moved to D5, E6 not yet: not a prefix of the trace

  it("takes a settled reading half-way through the push in any order as progress", () => {
    const game = new Push(true);
    const s = session(game, "hex61");
    s.controller.newGame("push");
    s.board(hexBoard(["E5", "E6"]));
    s.board(hexBoard(half));
    expect(s.events.filter((e) => e.type === "mistake")).toEqual([]);
    expect(s.events.filter((e) => e.type === "decision").at(-1)).toMatchObject({
      verdict: "waiting",
    });
    s.board(hexBoard(["D5", "D6"]));
    expect(s.events.filter((e) => e.type === "move")).toMatchObject([{ move: "E5E6D5" }]);
    expect(s.controller.view.phase).toBe("over");
  });

  it("calls the same reading a mistake when the game does not mark the steps free", () => {
    const game = new Push(false);
    const s = session(game, "hex61");
    s.controller.newGame("push");
    s.board(hexBoard(["E5", "E6"]));
    s.board(hexBoard(half));
    expect(s.events.filter((e) => e.type === "mistake")).toHaveLength(1);
  });
});
