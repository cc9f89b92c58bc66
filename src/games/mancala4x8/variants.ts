/**
 * The five four-row games as data: setup, stone total, which capture rule,
 * which end rule, which options (shared/rules/mancala-4x8.md, README.md).
 */
import type { OptionSpec } from "../core/types.js";
import { PIT_COUNT } from "../fourrow/geometry.js";

export type FourRowGameId = "husbao" | "husbao-bis" | "husbao-front" | "hus" | "bao-de";

/** How a game ends, by rule id. */
export type EndRule = "HB-7" | "HB-8" | "HUS-4" | "BDE-4";

export interface Variant {
  readonly id: FourRowGameId;
  readonly title: string;
  readonly total: number;
  /** Stones per pit at the start, by index (A1…D8). */
  readonly setup: Uint8Array;
  readonly setupRule: string;
  /** The capture rule cited in messages. */
  readonly captureRule: string;
  /** HB-5, HUS-3: the opponent's back pit behind the captured front pit is emptied too. */
  readonly takesBack: boolean;
  /** HUS-3, BDE-3: only a landing pit that held stones before the last one captures. */
  readonly needsOccupied: boolean;
  readonly directionRule: string;
  readonly end: EndRule;
  readonly optionSpecs: readonly OptionSpec[];
}

function setup(a: string, b: string, c: string, d: string): Uint8Array {
  const rows = [a, b, c, d].join("");
  const out = new Uint8Array(PIT_COUNT);
  for (let i = 0; i < PIT_COUNT; i++) out[i] = Number(rows[i]);
  return out;
}

const maxStages: OptionSpec = {
  name: "maxStages",
  default: 200,
  values: null,
  min: 1,
  rule: "CORE-5",
};

function direction(values: readonly string[], rule: string): OptionSpec {
  return { name: "direction", default: values[0] ?? null, values, rule };
}

function capture(rule: string): OptionSpec {
  return { name: "capture", default: "mandatory", values: ["mandatory", "optional"], rule };
}

const HUSBAO_SETUP = setup("22222222", "22220000", "00002222", "22222222");

export const VARIANTS: readonly Variant[] = [
  {
    id: "husbao",
    title: "HusBao (basic)",
    total: 48,
    setup: HUSBAO_SETUP,
    setupRule: "HB-1",
    captureRule: "HB-4",
    takesBack: false,
    needsOccupied: false,
    directionRule: "HB-3",
    end: "HB-7",
    optionSpecs: [direction(["free", "cw", "ccw"], "HB-3"), maxStages],
  },
  {
    id: "husbao-bis",
    title: "HusBao Bis (double capture)",
    total: 48,
    setup: HUSBAO_SETUP,
    setupRule: "HB-1",
    captureRule: "HB-5",
    takesBack: true,
    needsOccupied: false,
    directionRule: "HB-3",
    end: "HB-7",
    optionSpecs: [direction(["free", "cw", "ccw"], "HB-3"), maxStages],
  },
  {
    id: "husbao-front",
    title: "HusBao Front",
    total: 48,
    setup: HUSBAO_SETUP,
    setupRule: "HB-1",
    captureRule: "HB-6",
    takesBack: false,
    needsOccupied: false,
    directionRule: "HB-3",
    end: "HB-8",
    optionSpecs: [direction(["free", "cw", "ccw"], "HB-3"), maxStages],
  },
  {
    id: "hus",
    title: "Hus",
    total: 48,
    setup: setup("22222222", "00002222", "22220000", "22222222"),
    setupRule: "HUS-1",
    captureRule: "HUS-3",
    takesBack: true,
    needsOccupied: true,
    directionRule: "HUS-2",
    end: "HUS-4",
    optionSpecs: [direction(["cw", "ccw"], "HUS-2"), capture("HUS-3"), maxStages],
  },
  {
    id: "bao-de",
    title: "Bao (relay rules)",
    total: 64,
    setup: setup("22222222", "22222222", "22222222", "22222222"),
    setupRule: "BDE-1",
    captureRule: "BDE-3",
    takesBack: false,
    needsOccupied: true,
    directionRule: "BDE-2",
    end: "BDE-4",
    optionSpecs: [direction(["free", "cw", "ccw"], "BDE-2"), capture("BDE-3"), maxStages],
  },
];
