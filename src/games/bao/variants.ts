/**
 * The two Bao games as data: setups (BK-1, BK-2) and rule options
 * (shared/rules/README.md, "Rule options").
 */
import type { OptionSpec } from "../core/types.js";

export type BaoGameId = "bao-kiswahili" | "bao-kujifunza";

export interface BaoVariant {
  readonly id: BaoGameId;
  readonly title: string;
  /** Bao la kiswahili: seeds in hand (namua) and the nyumba rules. */
  readonly kiswahili: boolean;
  readonly optionSpecs: readonly OptionSpec[];
}

/** 64 seeds, 32 per player, on the board or in hand. */
export const TOTAL_SEEDS = 64;

const maxStages: OptionSpec = {
  name: "maxStages",
  default: 200,
  values: null,
  min: 1,
  rule: "BK-18",
};

export const KISWAHILI: BaoVariant = {
  id: "bao-kiswahili",
  title: "Bao la kiswahili",
  kiswahili: true,
  optionSpecs: [
    { name: "setup", default: "zanzibar", values: ["zanzibar", "malawi"], rule: "BK-1" },
    {
      name: "nyumbaTax",
      default: "always",
      values: ["always", "only-if-no-other"],
      rule: "BK-11",
    },
    { name: "safari", default: "choice", values: ["choice", "mandatory"], rule: "BK-12" },
    { name: "takasia", default: false, values: [false, true], rule: "BK-16" },
    maxStages,
  ],
};

export const KUJIFUNZA: BaoVariant = {
  id: "bao-kujifunza",
  title: "Bao la kujifunza",
  kiswahili: false,
  optionSpecs: [maxStages],
};

export const BAO_VARIANTS: readonly BaoVariant[] = [KISWAHILI, KUJIFUNZA];

/**
 * BK-1 / BK-2: the pits (A1…D8) and each player's hand at the start.
 * Kiswahili: South B5 = 6 (8 with `setup: malawi`), B6 = B7 = 2; North C4, C3, C2
 * the same; the rest in hand. Kujifunza: 2 in every pit.
 */
export function setupOf(variant: BaoVariant, setup: unknown): { pits: Uint8Array; hand: number } {
  const pits = new Uint8Array(32);
  if (!variant.kiswahili) {
    pits.fill(2);
    return { pits, hand: 0 };
  }
  const house = setup === "malawi" ? 8 : 6;
  pits[12] = house; // B5
  pits[13] = 2; // B6
  pits[14] = 2; // B7
  pits[19] = house; // C4
  pits[18] = 2; // C3
  pits[17] = 2; // C2
  return { pits, hand: 32 - house - 4 };
}
