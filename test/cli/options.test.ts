import { describe, expect, it } from "vitest";
import { coerceOptionValue, parseOptionAssignments } from "../../src/cli/options.js";
import type { Game, OptionSpec } from "../../src/games/core/types.js";
import { findGame } from "../../src/games/index.js";

const specs: OptionSpec[] = [
  { name: "direction", default: "free", values: ["free", "cw", "ccw"], rule: "HB-3" },
  { name: "takasia", default: false, values: [false, true], rule: "BK-9" },
  { name: "maxStages", default: 200, values: null, min: 1, rule: "CORE-5" },
  { name: "moveLimit", default: null, values: null, min: 1, nullable: true, rule: "AB-7" },
  { name: "size", default: 5, values: [5, 6], rule: "X-1" },
];
const spec = (name: string): OptionSpec => specs.find((s) => s.name === name) as OptionSpec;
const fake = { id: "fake", optionSpecs: specs } as unknown as Game;

describe("coerceOptionValue", () => {
  it.each([
    ["direction", "cw", "cw"],
    ["takasia", "true", true],
    ["takasia", "false", false],
    ["maxStages", "200", 200],
    ["maxStages", "1", 1],
    ["maxStages", "+7", 7],
    ["moveLimit", "null", null],
    ["moveLimit", "300", 300],
    ["size", "6", 6],
  ])("%s=%s gives %j", (name, text, value) => {
    expect(coerceOptionValue(spec(name), text)).toEqual({ ok: true, value });
  });

  it.each([
    ["direction", "CW"],
    ["direction", ""],
    ["takasia", "yes"],
    ["maxStages", "0"],
    ["maxStages", "-3"],
    ["maxStages", "1.5"],
    ["maxStages", "1e3"],
    ["maxStages", "0x10"],
    ["maxStages", " 5"],
    ["maxStages", "null"],
    ["maxStages", "99999999999999999999"],
    ["moveLimit", "none"],
    ["size", "7"],
  ])("%s=%s is refused, naming the field and rule", (name, text) => {
    const r = coerceOptionValue(spec(name), text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.field).toBe(`options.${name}`);
      expect(r.error.rule).toBe(spec(name).rule);
      expect(r.error.message).toContain(`options.${name}`);
    }
  });
});

describe("parseOptionAssignments", () => {
  it("reads name=value pairs, a later one winning", () => {
    expect(
      parseOptionAssignments(fake, [
        "direction=cw",
        "maxStages=50",
        "direction=ccw",
        "moveLimit=null",
      ]),
    ).toEqual({ ok: true, value: { direction: "ccw", maxStages: 50, moveLimit: null } });
    expect(parseOptionAssignments(fake, [])).toEqual({ ok: true, value: {} });
  });

  it("takes everything after the first = as the value", () => {
    const r = parseOptionAssignments(fake, ["direction=c=w"]);
    expect(r.ok).toBe(false);
  });

  it.each([
    ["colour=red", "options.colour"],
    ["direction", "options"],
    ["=cw", "options"],
    ["maxStages=many", "options.maxStages"],
  ])("refuses %s naming %s", (assignment, field) => {
    const r = parseOptionAssignments(fake, [assignment]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.field).toBe(field);
  });

  it("works with the real games' specs", () => {
    const hus = findGame("hus");
    expect(hus).toBeDefined();
    if (hus === undefined) return;
    const r = parseOptionAssignments(hus, ["capture=optional", "maxStages=12", "direction=ccw"]);
    expect(r).toEqual({
      ok: true,
      value: { capture: "optional", maxStages: 12, direction: "ccw" },
    });
    if (r.ok) expect(hus.initial(r.value).ok).toBe(true);
    expect(parseOptionAssignments(hus, ["direction=free"]).ok).toBe(false);
  });
});
