// The reference hardware's data files (hardware/geometry/*.json, hardware/led-scheme.json)
// are read by kete and by the firmware build: they must agree with the protocol's
// geometries, LED colours and patterns, and with hardware/README.md.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseWiring, parseWiringText, WIRING_FORMAT } from "../../src/board/wiring.js";
import type { BoardWiring } from "../../src/board/wiring.js";
import { GEOMETRIES, GEOMETRY_IDS } from "../../src/protocol/geometry.js";
import type { GeometryId } from "../../src/protocol/geometry.js";
import { LED_COLOURS, LED_PATTERNS } from "../../src/protocol/messages.js";
import type { LedColour, LedPattern } from "../../src/protocol/messages.js";

function readHardware(path: string): string {
  return readFileSync(new URL(`../../hardware/${path}`, import.meta.url), "utf8");
}

function readJson(path: string): unknown {
  return JSON.parse(readHardware(path));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a geometry file that must be valid, failing the test with the loader's message if not. */
function wiringOf(id: GeometryId): BoardWiring {
  const result = parseWiringText(readHardware(`geometry/${id}.json`));
  if (!result.ok) throw new Error(`${id}.json: ${result.error.message}`);
  return result.value;
}

/**
 * The shapes a reference board is wired for. 2x6+2 (Kalah, Oware: issue 31)
 * is a shape kete reads and simulates, with no reference board yet.
 */
const UNBUILT: readonly GeometryId[] = ["2x6+2"];
const BUILT = GEOMETRY_IDS.filter((id) => !UNBUILT.includes(id));

describe("geometry files", () => {
  it("every shape but the unbuilt ones has its wiring file, and they have none", () => {
    const has = (id: GeometryId) =>
      existsSync(new URL(`../../hardware/geometry/${id}.json`, import.meta.url));
    expect(GEOMETRY_IDS.filter(has)).toEqual(BUILT);
  });

  describe.each(BUILT)("%s.json", (id) => {
    const cells = GEOMETRIES[id].cells;
    const raw = readJson(`geometry/${id}.json`);
    const rawPits = isRecord(raw) && Array.isArray(raw.pits) ? (raw.pits as unknown[]) : [];
    const field = (key: string): unknown[] =>
      rawPits.map((p) => (isRecord(p) ? p[key] : undefined));

    it("is accepted by the loader and names its geometry", () => {
      const wiring = wiringOf(id);
      expect(wiring.geometry).toBe(id);
      expect(isRecord(raw) && raw.format).toBe(WIRING_FORMAT);
    });

    it("lists every pit of the geometry exactly once", () => {
      const names = field("pit");
      expect([...names].sort()).toEqual([...cells].sort());
      expect(wiringOf(id).pits.map((p) => p.pit)).toEqual(cells);
    });

    it("gives every pit its own sensor channel, in range", () => {
      const channels = field("channel");
      const wiring = wiringOf(id);
      expect(new Set(channels).size).toBe(cells.length);
      for (const c of channels) {
        expect(Number.isInteger(c)).toBe(true);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThan(wiring.sensor.channels);
      }
    });

    it("gives every pit its own LED, in range, and uses every LED of the chain", () => {
      const leds = field("led");
      const wiring = wiringOf(id);
      expect(wiring.leds).not.toBeNull();
      expect(new Set(leds).size).toBe(cells.length);
      for (const led of leds) {
        expect(Number.isInteger(led)).toBe(true);
        expect(led).toBeGreaterThanOrEqual(0);
        expect(led).toBeLessThan(wiring.leds?.count ?? 0);
      }
      expect(wiring.leds?.count).toBe(cells.length);
      expect(wiring.pitByLed.every((pit) => pit !== null)).toBe(true);
    });

    it("draws every pit once in the layout, far row first", () => {
      const wiring = wiringOf(id);
      expect(wiring.layout.rows.flat().sort()).toEqual([...cells].sort());
    });

    it("maps channels and LEDs back to the same pits", () => {
      const wiring = wiringOf(id);
      for (const pit of wiring.pits) {
        expect(wiring.pitByChannel[pit.channel]).toBe(pit.pit);
        if (pit.led !== null) expect(wiring.pitByLed[pit.led]).toBe(pit.pit);
        expect(wiring.byPit.get(pit.pit)).toBe(pit);
      }
    });
  });

  it("4x8: rows D, C, B, A top to bottom as South sees the board, North away", () => {
    const wiring = wiringOf("4x8");
    expect(wiring.layout.viewer).toBe("South");
    expect(wiring.layout.rows.map((row) => row[0]?.[0])).toEqual(["D", "C", "B", "A"]);
    expect(wiring.layout.rows.map((row) => row.length)).toEqual([8, 8, 8, 8]);
  });

  it("4x8: channel = 8 x group + bit, one group per row, bit 0 at column 8", () => {
    const wiring = wiringOf("4x8");
    for (const pit of wiring.pits) {
      const group = "ABCD".indexOf(pit.pit[0] ?? "");
      const column = Number(pit.pit.slice(1));
      expect(pit.channel).toBe(8 * group + (8 - column));
    }
  });

  it("4x8: the LED chain snakes A8-A1, B1-B8, C8-C1, D1-D8, each step to a neighbour", () => {
    const wiring = wiringOf("4x8");
    const chain = wiring.pitByLed;
    expect(chain.slice(0, 9)).toEqual(["A8", "A7", "A6", "A5", "A4", "A3", "A2", "A1", "B1"]);
    expect(chain[31]).toBe("D8");
    for (let i = 1; i < chain.length; i++) {
      const a = wiring.byPit.get(chain[i - 1] ?? "");
      const b = wiring.byPit.get(chain[i] ?? "");
      expect(a && b && Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThanOrEqual(80);
    }
  });

  it("2x5+2: every place has its own tag reader", () => {
    const wiring = wiringOf("2x5+2");
    expect(new Set(wiring.pits.map((p) => p.reader)).size).toBe(12);
    expect(wiring.pits.every((p) => p.reader !== null)).toBe(true);
  });

  // hardware/abalone.md §9.2, §10, §13.1.
  it("hex61: holes on a 40 mm grid, each 40 mm from exactly its six neighbours (AB-2)", () => {
    const wiring = wiringOf("hex61");
    const rowCol = (pit: string): [number, number] => [
      "ABCDEFGHI".indexOf(pit[0] ?? ""),
      Number(pit.slice(1)),
    ];
    // Rows A..I and diagonals 1..9: a neighbour is one step along a row, or one row
    // up or down on the same diagonal or the next one in that direction.
    const adjacent = (a: string, b: string): boolean => {
      const [ra, ca] = rowCol(a);
      const [rb, cb] = rowCol(b);
      const dr = rb - ra;
      const dc = cb - ca;
      return (dr === 0 && Math.abs(dc) === 1) || (Math.abs(dr) === 1 && (dc === 0 || dc === dr));
    };
    for (const a of wiring.pits) {
      const near = wiring.pits.filter(
        (b) => b !== a && Math.abs(Math.hypot(a.x - b.x, a.y - b.y) - 40) < 0.5,
      );
      const expected = wiring.pits.filter((b) => adjacent(a.pit, b.pit));
      expect(near.map((b) => b.pit).sort()).toEqual(expected.map((b) => b.pit).sort());
      for (const b of wiring.pits) {
        if (b !== a) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(39.5);
      }
    }
    expect(wiring.byPit.get("E5")).toMatchObject({ x: 200 });
  });

  it("hex61: channel = 8 x switch + port = the hole's canonical index", () => {
    const wiring = wiringOf("hex61");
    expect(wiring.sensor.channels).toBe(64);
    wiring.pits.forEach((pit, index) => expect(pit.channel).toBe(index));
    expect(wiring.pitByChannel.slice(61)).toEqual([null, null, null]);
  });

  it("hex61: the LED chain snakes A1-A5, B6-B1, … I5-I9, each step to a neighbouring hole", () => {
    const wiring = wiringOf("hex61");
    const chain = wiring.pitByLed;
    expect(chain.slice(0, 12)).toEqual([
      ...["A1", "A2", "A3", "A4", "A5"],
      ...["B6", "B5", "B4", "B3", "B2", "B1"],
      "C1",
    ]);
    expect(chain.slice(56)).toEqual(["I5", "I6", "I7", "I8", "I9"]);
    for (let i = 1; i < chain.length; i++) {
      const a = wiring.byPit.get(chain[i - 1] ?? "");
      const b = wiring.byPit.get(chain[i] ?? "");
      expect(a && b && Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(40, 0);
    }
  });
});

describe("parseWiring rejects broken files", () => {
  const good = (): Record<string, unknown> => {
    const raw = readJson("geometry/4x8.json");
    if (!isRecord(raw)) throw new Error("4x8.json is not an object");
    return structuredClone(raw);
  };
  const pitsOf = (doc: Record<string, unknown>): Record<string, unknown>[] =>
    doc.pits as Record<string, unknown>[];

  const cases: [string, (doc: Record<string, unknown>) => void, string][] = [
    ["a wrong format", (d) => void (d.format = "kete-geometry/0"), "format"],
    ["an unknown geometry", (d) => void (d.geometry = "3x6"), "geometry"],
    [
      "a pit twice",
      (d) => void ((pitsOf(d)[1] as Record<string, unknown>).pit = "A1"),
      "pits[1].pit",
    ],
    ["a pit left out", (d) => void pitsOf(d).pop(), "pits"],
    [
      "a pit of another geometry",
      (d) => void ((pitsOf(d)[0] as Record<string, unknown>).pit = "E9"),
      "pits[0].pit",
    ],
    [
      "a shared channel",
      (d) => void ((pitsOf(d)[1] as Record<string, unknown>).channel = 7),
      "pits[1].channel",
    ],
    [
      "a channel out of range",
      (d) => void ((pitsOf(d)[0] as Record<string, unknown>).channel = 32),
      "pits[0].channel",
    ],
    [
      "a shared LED",
      (d) => void ((pitsOf(d)[2] as Record<string, unknown>).led = 7),
      "pits[2].led",
    ],
    [
      "a negative LED",
      (d) => void ((pitsOf(d)[0] as Record<string, unknown>).led = -1),
      "pits[0].led",
    ],
    [
      "a fractional channel",
      (d) => void ((pitsOf(d)[0] as Record<string, unknown>).channel = 1.5),
      "pits[0].channel",
    ],
    [
      "a misspelt key",
      (d) => void ((pitsOf(d)[0] as Record<string, unknown>).chanel = 1),
      "pits[0].chanel",
    ],
    [
      "a reader on a board without readers",
      (d) => void ((pitsOf(d)[0] as Record<string, unknown>).reader = 0),
      "pits[0].reader",
    ],
    [
      "a pit off the board",
      (d) => void ((pitsOf(d)[0] as Record<string, unknown>).x = 9999),
      "pits[0].x",
    ],
    [
      "rows near to far",
      (d) => void (d.layout as Record<string, unknown[]>).rows?.reverse(),
      "layout.rows[1]",
    ],
    ["inches", (d) => void ((d.layout as Record<string, unknown>).units = "in"), "layout.units"],
  ];

  it.each(cases)("%s", (_label, breakIt, field) => {
    const doc = good();
    breakIt(doc);
    const result = parseWiring(doc);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe("bad-wiring");
      expect(result.error.field).toBe(field);
    }
  });

  it("text that is not JSON", () => {
    expect(parseWiringText("{ pits: ")).toMatchObject({ ok: false, error: { code: "bad-wiring" } });
  });

  it("values that are not objects", () => {
    for (const value of [null, 3, "4x8", [], undefined]) {
      expect(parseWiring(value)).toMatchObject({ ok: false, error: { code: "bad-wiring" } });
    }
  });
});

// ------------------------------------------------------------------ LED scheme

const ROLES = [
  "legalStart",
  "nextStone",
  "captureFrom",
  "capturedTo",
  "mistakeExcess",
  "mistakeMissing",
  "kichwaChoice",
  "winner",
  "draw",
  "sensorFault",
  "linkLost",
  "setupWrong",
  "lastStone",
  "liftNext",
  "liftPart",
  "computerMove",
  "hintStart",
  "hintNext",
  "obstacle",
  "trap",
] as const;
type Role = (typeof ROLES)[number];

/**
 * The roles kete's controller can light at the same moment (hardware/README.md,
 * "When roles appear together"). A sensor fault can turn up in any of them.
 */
// Abalone's obstacles and traps (AB-9.4, AB-9.5, issue 29) stay lit in every scene but a result and a lost link.
const MARKED: readonly Role[] = ["obstacle", "trap"];

const SCENES: Readonly<Record<string, readonly Role[]>> = {
  setup: ["setupWrong", "sensorFault", ...MARKED],
  // A hint (issue 16) lights kete's best start and direction over the starts.
  turnStart: ["legalStart", "hintStart", "hintNext", "sensorFault", ...MARKED],
  // Kete's turn (kete play --computer): kete's next act only.
  keteTurn: ["computerMove", "sensorFault", ...MARKED],
  // Bao: a stop in the nyumba held open: the opponent's starts, the safari's lift.
  // Abalone (issue 28): a line carried front first, paused: the opponent's starts, the line's next hole.
  stopPending: ["legalStart", "liftNext", "nextStone", "sensorFault", ...MARKED],
  sowing: [
    "nextStone",
    "lastStone",
    "liftNext",
    "liftPart",
    "captureFrom",
    "capturedTo",
    "kichwaChoice",
    "sensorFault",
    ...MARKED,
  ],
  mistake: ["mistakeExcess", "mistakeMissing", "sensorFault", ...MARKED],
  gameWon: ["winner", "sensorFault"],
  gameDrawn: ["draw", "sensorFault"],
  linkBack: ["linkLost", "sensorFault"],
};

interface Look {
  readonly colour: LedColour;
  readonly pattern: LedPattern;
  readonly meaning: string;
}

function isColour(value: unknown): value is LedColour {
  return typeof value === "string" && Object.hasOwn(LED_COLOURS, value);
}

function isPattern(value: unknown): value is LedPattern {
  return typeof value === "string" && Object.hasOwn(LED_PATTERNS, value);
}

function loadScheme(): Record<Role, Look> {
  const raw = readJson("led-scheme.json");
  if (!isRecord(raw)) throw new Error("led-scheme.json is not an object");
  const scheme: Partial<Record<Role, Look>> = {};
  for (const role of ROLES) {
    const entry = raw[role];
    if (!isRecord(entry)) throw new Error(`led-scheme.json: ${role} is missing`);
    const { colour, pattern, meaning } = entry;
    if (!isColour(colour)) throw new Error(`${role}: ${String(colour)} is not a protocol colour`);
    if (!isPattern(pattern)) throw new Error(`${role}: ${String(pattern)} is not a pattern`);
    if (typeof meaning !== "string") throw new Error(`${role}: meaning must be a string`);
    scheme[role] = { colour, pattern, meaning };
  }
  return scheme as Record<Role, Look>;
}

function wire(look: Pick<Look, "colour" | "pattern">): string {
  return `${LED_COLOURS[look.colour]}${LED_PATTERNS[look.pattern]}`;
}

describe("led-scheme.json", () => {
  const raw = readJson("led-scheme.json");

  it("has exactly the controller's roles", () => {
    expect(isRecord(raw) && Object.keys(raw).sort()).toEqual([...ROLES].sort());
  });

  it.each(ROLES)("%s uses a protocol colour and pattern and says what it means", (role) => {
    const entry = isRecord(raw) ? raw[role] : undefined;
    expect(isRecord(entry) && Object.keys(entry).sort()).toEqual(["colour", "meaning", "pattern"]);
    if (!isRecord(entry)) return;
    expect(Object.keys(LED_COLOURS)).toContain(entry.colour);
    expect(Object.keys(LED_PATTERNS)).toContain(entry.pattern);
    expect(typeof entry.meaning === "string" && entry.meaning.length).toBeGreaterThan(10);
  });

  it("every scene uses known roles, and every role is in some scene", () => {
    const used = new Set(Object.values(SCENES).flat());
    expect([...used].sort()).toEqual([...ROLES].sort());
  });

  it.each(Object.entries(SCENES))("%s: no two roles look alike", (_scene, roles) => {
    const scheme = loadScheme();
    const looks = roles.map((role) => wire(scheme[role]));
    expect(new Set(looks).size).toBe(roles.length);
  });

  it.each(Object.entries(SCENES))(
    "%s: still no two alike on a board without pulse (pulse shown steady)",
    (_scene, roles) => {
      const scheme = loadScheme();
      const looks = roles.map((role) => {
        const look = scheme[role];
        return wire({ ...look, pattern: look.pattern === "pulse" ? "steady" : look.pattern });
      });
      expect(new Set(looks).size).toBe(roles.length);
    },
  );

  it("gives every role a look of its own across all scenes", () => {
    const scheme = loadScheme();
    expect(new Set(ROLES.map((role) => wire(scheme[role]))).size).toBe(ROLES.length);
  });

  it("is the table in hardware/README.md", () => {
    const readme = readHardware("README.md");
    const scheme = loadScheme();
    const rows = new Map<string, string>();
    for (const match of readme.matchAll(/^\| `([a-zA-Z]+)` +\| [^|]+\| `([A-Z]{2})` +\|/gm)) {
      rows.set(match[1] ?? "", match[2] ?? "");
    }
    for (const role of ROLES) expect(rows.get(role), role).toBe(wire(scheme[role]));
    expect(rows.size).toBe(ROLES.length);
  });
});
