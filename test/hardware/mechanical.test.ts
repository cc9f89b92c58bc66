/**
 * The reference board's mechanical parts (hardware/mechanical/*.scad): each
 * renders with OpenSCAD to a non-empty STL whose bounding box is what its
 * parameters say; the parameters agree with hardware/geometry/4x8.json and
 * hardware/README.md; the top plate has a hole over every pit of the geometry
 * file; and the parts leave the clearances README §15 asks for.
 *
 * Without openscad the renders skip, loudly; in CI (`CI` set) a missing
 * openscad fails the run instead (.ci/run installs it), as for the firmware's
 * toolchain in test/firmware/native.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parseWiringText } from "../../src/board/wiring.js";

const MECHANICAL = fileURLToPath(new URL("../../hardware/mechanical/", import.meta.url));
const HARDWARE = fileURLToPath(new URL("../../hardware/", import.meta.url));

const inCi = (): boolean =>
  process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";

const openscad = ((): boolean => {
  const r = spawnSync("openscad", ["--version"], { stdio: "ignore" });
  return r.error === undefined && r.status === 0;
})();

interface Box {
  min: [number, number, number];
  max: [number, number, number];
}

/** The parameters every part includes, as OpenSCAD evaluates them (derived ones too). */
type Params = Record<string, number | number[]>;

const NAMES = [
  "board_width",
  "board_height",
  "columns",
  "column1_x",
  "pit_pitch",
  "row_y",
  "bay_x",
  "cell_length",
  "cell_width",
  "cell_height",
  "cell_hole_inset",
  "cell_hole_spacing",
  "cell_screw",
  "cell_offset",
  "cell_pair",
  "cell_span",
  "rail_width",
  "rail_height",
  "rail_margin",
  "rail_y",
  "rail_length",
  "rail_x0",
  "spacer_height",
  "cup_inner_d",
  "cup_wall",
  "cup_outer_d",
  "bracket_height",
  "bracket_seat_d",
  "sensor_plate_thickness",
  "top_plate_thickness",
  "plate_hole_clearance",
  "button_d",
  "button_xy",
] as const;
type Name = (typeof NAMES)[number];

const work = mkdtempSync(join(tmpdir(), "kete-scad-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runOpenscad(out: string, scad: string, defines: Record<string, number>): void {
  // --quiet would also silence echo(), which readParams reads
  const args = out.endsWith(".echo") ? ["-o", out] : ["--quiet", "-o", out];
  for (const [name, value] of Object.entries(defines)) args.push("-D", `${name}=${value}`);
  const r = spawnSync("openscad", [...args, scad], { encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) throw new Error(`openscad ${scad}: ${r.stderr}${String(r.error ?? "")}`);
}

/** Reads the parameters by having OpenSCAD echo them. */
function readParams(): Params {
  const scad = join(work, "echo.scad");
  const lines = NAMES.map((n) => `echo(${n} = ${n});`);
  writeFileSync(scad, `include <${join(MECHANICAL, "params.scad")}>\n${lines.join("\n")}\n`);
  const out = join(work, "params.echo");
  runOpenscad(out, scad, {});
  const params: Params = {};
  for (const line of readFileSync(out, "utf8").split("\n")) {
    const m = /^ECHO: (\w+) = (.*)$/.exec(line);
    if (m === null) continue;
    const value: unknown = JSON.parse(m[2] ?? "null");
    if (typeof value === "number") params[m[1] ?? ""] = value;
    else if (Array.isArray(value)) params[m[1] ?? ""] = value.flat(2) as number[];
  }
  return params;
}

let cached: Params | null = null;
function params(): Params {
  cached ??= readParams();
  return cached;
}
const num = (name: Name): number => {
  const v = params()[name];
  if (typeof v !== "number") throw new Error(`params.scad: ${name} is not a number`);
  return v;
};
const list = (name: Name): number[] => {
  const v = params()[name];
  if (!Array.isArray(v)) throw new Error(`params.scad: ${name} is not a list`);
  return v;
};

/** The vertices of an ASCII STL, as OpenSCAD writes it. */
function vertices(stl: string): [number, number, number][] {
  expect(stl.startsWith("solid")).toBe(true);
  const out: [number, number, number][] = [];
  for (const m of stl.matchAll(/vertex\s+(\S+)\s+(\S+)\s+(\S+)/g))
    out.push([Number(m[1]), Number(m[2]), Number(m[3])]);
  return out;
}

function boxOf(points: [number, number, number][]): Box {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const p of points)
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i] ?? Infinity, p[i] ?? NaN);
      max[i] = Math.max(max[i] ?? -Infinity, p[i] ?? NaN);
    }
  return { min, max };
}

function render(part: string, defines: Record<string, number> = {}): [number, number, number][] {
  const suffix = Object.entries(defines)
    .map(([k, v]) => `-${k}${v}`)
    .join("");
  const out = join(work, `${part}${suffix}.stl`);
  runOpenscad(out, join(MECHANICAL, `${part}.scad`), defines);
  const points = vertices(readFileSync(out, "utf8"));
  expect(points.length, `${part}.stl has no facets`).toBeGreaterThan(0);
  return points;
}

function expectBox(actual: Box, expected: Box): void {
  for (let i = 0; i < 3; i++) {
    expect(actual.min[i]).toBeCloseTo(expected.min[i] ?? NaN, 3);
    expect(actual.max[i]).toBeCloseTo(expected.max[i] ?? NaN, 3);
  }
}

/** Every part and the bounding box its parameters give it (origins as the .scad files say). */
const EXPECTED: Record<string, () => Box> = {
  "cell-spacer": () => {
    const length = 2 * num("cell_hole_inset") + num("cell_hole_spacing");
    const w = num("cell_width") / 2;
    return { min: [-w, -length / 2, 0], max: [w, length / 2, num("spacer_height")] };
  },
  "cup-bracket": () => {
    const pad = (2 * num("cell_hole_inset") + num("cell_hole_spacing")) / 2;
    const seat = num("bracket_seat_d") / 2;
    const y = Math.max(pad, seat);
    return {
      min: [Math.min(-num("cell_width") / 2, num("cell_offset") - seat), -y, 0],
      max: [num("cell_offset") + seat, y, num("bracket_height")],
    };
  },
  rail: () => ({
    min: [0, -num("rail_width") / 2, 0],
    max: [
      (num("columns") - 1) * num("pit_pitch") + 2 * num("rail_margin"),
      num("rail_width") / 2,
      num("rail_height"),
    ],
  }),
  "sensor-plate": () => ({
    min: [0, 0, 0],
    max: [num("board_width"), num("board_height"), num("sensor_plate_thickness")],
  }),
  "top-plate": () => ({
    min: [0, 0, 0],
    max: [num("board_width"), num("board_height"), num("top_plate_thickness")],
  }),
};

function geometry(): { width: number; height: number; notes: string; pits: PitAt[] } {
  const parsed = parseWiringText(readFileSync(join(HARDWARE, "geometry/4x8.json"), "utf8"));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const w = parsed.value;
  const raw: unknown = JSON.parse(readFileSync(join(HARDWARE, "geometry/4x8.json"), "utf8"));
  const layout = typeof raw === "object" && raw !== null && "layout" in raw ? raw.layout : null;
  const notes =
    typeof layout === "object" && layout !== null && "notes" in layout ? layout.notes : "";
  return {
    width: w.layout.width,
    height: w.layout.height,
    notes: typeof notes === "string" ? notes : "",
    pits: w.pits.map((p) => ({ pit: p.pit, x: p.x, y: p.y })),
  };
}
interface PitAt {
  pit: string;
  x: number;
  y: number;
}

/** hardware/README.md with its line breaks as spaces (Prettier wraps its prose anywhere). */
const readme = (): string =>
  readFileSync(join(HARDWARE, "README.md"), "utf8").replace(/[ \t]*\n[ \t]*/g, " ");

describe("mechanical parts: sources", () => {
  it("has an expected bounding box for every part (every .scad file but params.scad)", () => {
    const parts = readdirSync(MECHANICAL)
      .filter((f) => f.endsWith(".scad") && f !== "params.scad")
      .map((f) => f.slice(0, -".scad".length))
      .sort();
    expect(parts).toEqual(Object.keys(EXPECTED).sort());
  });

  it("renders every part in render.sh's loop (a part file is all it takes)", () => {
    const script = readFileSync(join(MECHANICAL, "render.sh"), "utf8");
    expect(script).toMatch(/for scad in "\$here"\/\*\.scad/);
    const pkg: unknown = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    );
    expect(JSON.stringify(pkg)).toContain('"hardware":"sh hardware/mechanical/render.sh"');
  });
});

describe("mechanical parts: OpenSCAD", () => {
  if (!openscad) {
    const message =
      "openscad is not installed: the mechanical parts cannot be rendered; install it: apt-get install openscad";
    if (inCi()) {
      it("finds openscad", () => expect.fail(`${message}. CI must install it (.ci/run does).`));
    } else {
      const bar = "!".repeat(78);
      process.stderr.write(`\n${bar}\n${message}. SKIPPED.\n${bar}\n\n`);
      it.skip("needs openscad", () => undefined);
    }
    return;
  }

  it("takes the pit positions from geometry/4x8.json", () => {
    const g = geometry();
    expect(num("board_width")).toBe(g.width);
    expect(num("board_height")).toBe(g.height);
    const rows = "ABCD";
    const columnX = (c: number): number => num("column1_x") + (c - 1) * num("pit_pitch");
    expect(g.pits).toHaveLength(num("columns") * list("row_y").length);
    for (const p of g.pits) {
      const row = rows.indexOf(p.pit[0] ?? "");
      const column = Number(p.pit.slice(1));
      expect([p.pit, p.x, p.y]).toEqual([p.pit, columnX(column), list("row_y")[row]]);
    }
    const bay = /bay occupies x (\d+)-(\d+)/.exec(g.notes);
    expect(bay).not.toBeNull();
    expect(list("bay_x")).toEqual([Number(bay?.[1]), Number(bay?.[2])]);
  });

  it("takes the cell, cup, rail and clearances from hardware/README.md", () => {
    const text = readme();
    const cell = /(\d+) × ([\d.]+) × ([\d.]+) mm\)/.exec(text);
    expect(cell).not.toBeNull();
    expect([num("cell_length"), num("cell_width"), num("cell_height")]).toEqual([
      Number(cell?.[1]),
      Number(cell?.[2]),
      Number(cell?.[3]),
    ]);
    expect(text).toContain(`(${num("cup_inner_d")} mm inside`);
    expect(text).toContain(`${num("cell_offset")} mm either side of the column centre`);
    expect(text).toContain(`a hole ${num("plate_hole_clearance")} mm wider than the cup`);
    expect(text).toContain(`${num("rail_width")} × ${num("rail_height")} mm`);
    // §15's plan: A cup centre, rail 2, rail 1, B cup centre; C and D mirror A and B
    const plan = /y \(mm\)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(text);
    expect(plan).not.toBeNull();
    const [a, rail2, rail1, b] = [1, 2, 3, 4].map((i) => Number(plan?.[i]));
    const h = num("board_height");
    expect([list("row_y")[0], list("row_y")[1]]).toEqual([a, b]);
    expect(list("rail_y")).toEqual([rail2, rail1, h - (rail1 ?? 0), h - (rail2 ?? 0)]);
  });

  it("leaves the clearances README §15 asks for", () => {
    const rows = list("row_y");
    const rails = list("rail_y");
    const [ra = 0, rb = 0, rc = 0, rd = 0] = rows;
    // fixed end over one rail, free end over the pit centre: A on rail y 100, B on 55, D on 200, C on 245
    const span = num("cell_span");
    expect([rb - span, ra + span, rd - span, rc + span]).toEqual(rails);
    // each free end lies over the other rail of its pair, and the stop screw (M4 tap drill,
    // on the rail's centre line) lies under the free end's block
    const block = num("cell_pair");
    for (const [free, rail] of [
      [ra, rails[0]],
      [rb, rails[1]],
      [rc, rails[2]],
      [rd, rails[3]],
    ] as const)
      expect(Math.abs(free - (rail ?? NaN)) + 0.4 * num("cell_screw")).toBeLessThanOrEqual(block);
    // a fixed end's screw holes fit in its rail
    expect(num("cell_hole_spacing") / 2 + (num("cell_screw") + 0.5) / 2).toBeLessThan(
      num("rail_width") / 2,
    );
    // the two cells of a column do not touch
    expect(2 * num("cell_offset") - num("cell_width")).toBeGreaterThanOrEqual(3);
    // a cup clears the neighbouring cell passing beneath it by at least 3 mm
    expect(num("bracket_height")).toBeGreaterThanOrEqual(3);
    // the free end hangs over the other rail
    expect(num("spacer_height")).toBeGreaterThanOrEqual(1);
    // top plate: cup holes 2 mm wider than the cup; webs between holes, rims (2 mm overhang) apart
    const hole = num("cup_outer_d") + num("plate_hole_clearance");
    const gaps = [num("pit_pitch"), rb - ra, rc - rb, rd - rc];
    for (const gap of gaps) expect(gap - hole - 4).toBeGreaterThanOrEqual(2);
    // rails end before the bay, buttons inside it
    expect(num("rail_x0") + num("rail_length")).toBeLessThanOrEqual(list("bay_x")[0] ?? NaN);
    const [bx0 = NaN, bx1 = NaN] = list("bay_x");
    const buttons = list("button_xy");
    for (let i = 0; i < buttons.length; i += 2) {
      expect(buttons[i]).toBeGreaterThanOrEqual(bx0 + num("button_d") / 2);
      expect(buttons[i]).toBeLessThanOrEqual(bx1 - num("button_d") / 2);
    }
  });

  it.each(Object.keys(EXPECTED))(
    "renders %s to a non-empty STL with the bounding box of its parameters",
    (part) => {
      expectBox(boxOf(render(part)), (EXPECTED[part] ?? (() => expect.fail(part)))());
    },
  );

  it("cuts the top plate's cup holes at every pit centre of geometry/4x8.json", () => {
    const points = render("top-plate");
    const r = (num("cup_outer_d") + num("plate_hole_clearance")) / 2;
    for (const p of geometry().pits) {
      const rim = new Set<string>();
      let nearest = Infinity;
      for (const [x, y, z] of points) {
        const d = Math.hypot(x - p.x, y - p.y);
        nearest = Math.min(nearest, d);
        if (Math.abs(d - r) < 0.01) rim.add(`${x} ${y} ${z}`);
      }
      // nothing of the plate inside the hole
      expect(nearest, p.pit).toBeGreaterThan(r - 0.5);
      // $fn = 96 corners, on the top and the bottom face
      expect(rim.size, p.pit).toBeGreaterThanOrEqual(2 * 96);
    }
  });

  it("follows its parameters: a wider pitch makes a longer rail, a larger offset a wider bracket", () => {
    const rail = boxOf(render("rail", { pit_pitch: 70 }));
    expect(rail.max[0]).toBeCloseTo(7 * 70 + 2 * num("rail_margin"), 3);
    const bracket = boxOf(render("cup-bracket", { cell_offset: 10, bracket_seat_d: 34 }));
    expect(bracket.max[0]).toBeCloseTo(10 + 17, 3);
  });
});
