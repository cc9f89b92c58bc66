/**
 * Bao positions as plain data, and their JSON form
 * (shared/spec/engine-protocol.md, "Position"; bao-kiswahili.md, "Notation"):
 * Bao la kiswahili adds `hand` (seeds in each player's reserve, off the board),
 * `nyumba` (whether each player still owns their nyumba) and, with the
 * `takasia` option on, `blocked` (BK-16). Bao la kujifunza positions carry none
 * of these. Every invariant is checked when a position is read from outside.
 */
import { resolveOptions } from "../core/options.js";
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import type { Position } from "../core/types.js";
import {
  FRONT_OWNER,
  NYUMBA,
  PIT_COUNT,
  PIT_NAMES,
  ROWS,
  SIDE_NAMES,
  pitIndex,
  sideIndex,
  type BaoSide,
} from "./geometry.js";
import { TOTAL_SEEDS, type BaoGameId, type BaoVariant } from "./variants.js";

export interface BaoOptions {
  /** Kiswahili only (BK-1). */
  readonly setup?: "zanzibar" | "malawi";
  /** Kiswahili only (BK-11). */
  readonly nyumbaTax?: "always" | "only-if-no-other";
  /** Kiswahili only (BK-12). */
  readonly safari?: "choice" | "mandatory";
  /** Kiswahili only (BK-16). */
  readonly takasia?: boolean;
  /** BK-18 (CORE-5). */
  readonly maxStages: number;
  readonly [name: string]: string | number | boolean | undefined;
}

export interface BaoPosition extends Position {
  readonly game: BaoGameId;
  readonly options: BaoOptions;
  readonly toMove: BaoSide;
  /** Seeds per pit, index `row * 8 + column - 1` (A1…A8, B1…B8, C1…C8, D1…D8). Never mutated. */
  readonly pits: Uint8Array;
  /** Seeds in each player's reserve (kiswahili; always 0 in kujifunza). */
  readonly hand: { readonly S: number; readonly N: number };
  /** Whether each player still owns their nyumba (kiswahili; always false in kujifunza). */
  readonly nyumba: { readonly S: boolean; readonly N: boolean };
  /** BK-16: the pit the side to move may not use this turn (takasia on), else null. */
  readonly blocked: string | null;
}

export function positionToJSON(variant: BaoVariant, p: BaoPosition): Record<string, unknown> {
  const pits: Record<string, number[]> = {};
  ROWS.forEach((row, r) => {
    pits[row] = Array.from(p.pits.subarray(r * 8, r * 8 + 8));
  });
  const out: Record<string, unknown> = {
    game: p.game,
    options: { ...p.options },
    toMove: p.toMove,
    pits,
  };
  if (variant.kiswahili) {
    out.hand = { S: p.hand.S, N: p.hand.N };
    out.nyumba = { S: p.nyumba.S, N: p.nyumba.N };
    if (p.options.takasia === true) out.blocked = p.blocked;
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** An object with exactly the keys S and N; each value checked by `check`. */
function perSide<T>(
  raw: unknown,
  field: string,
  what: string,
  check: (v: unknown) => v is T,
): Result<{ S: T; N: T }> {
  if (!isObject(raw)) {
    return err("bad-position", `${field} must be an object {"S": …, "N": …} of ${what}`, {
      field,
    });
  }
  for (const key of Object.keys(raw)) {
    if (key !== "S" && key !== "N") {
      return err("bad-position", `${field}.${key} is not a side; the sides are S and N`, {
        field: `${field}.${key}`,
      });
    }
  }
  for (const side of ["S", "N"] as const) {
    if (!check(raw[side])) {
      return err(
        "bad-position",
        `${field}.${side} is ${describeValue(raw[side])}; it must be ${what}`,
        { field: `${field}.${side}` },
      );
    }
  }
  return ok({ S: raw.S as T, N: raw.N as T });
}

function isCount(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= TOTAL_SEEDS;
}

function isBool(v: unknown): v is boolean {
  return typeof v === "boolean";
}

export function parsePosition(variant: BaoVariant, json: unknown): Result<BaoPosition> {
  if (!isObject(json)) {
    return err("bad-position", "position must be a JSON object", { field: "position" });
  }
  const fields = variant.kiswahili
    ? ["game", "options", "toMove", "pits", "hand", "nyumba", "blocked"]
    : ["game", "options", "toMove", "pits"];
  for (const key of Object.keys(json)) {
    if (!fields.includes(key)) {
      const why =
        !variant.kiswahili && (key === "hand" || key === "nyumba" || key === "blocked")
          ? "; bao-kujifunza has no seeds in hand, no nyumba rules and no takasia (BK-2)"
          : "";
      return err(
        "bad-position",
        `position.${key} is not a field of a ${variant.id} position (fields: ${fields.join(", ")})${why}`,
        { field: `position.${key}`, ...(why ? { rule: "BK-2" } : {}) },
      );
    }
  }
  if (json.game !== variant.id) {
    return err("bad-position", `position.game must be "${variant.id}"`, {
      field: "position.game",
    });
  }
  const resolved = resolveOptions(
    variant.id,
    variant.optionSpecs,
    json.options,
    "position.options",
  );
  if (!resolved.ok) return resolved;
  const options = resolved.value as BaoOptions;
  if (json.toMove !== "S" && json.toMove !== "N") {
    return err("bad-position", `position.toMove must be "S" or "N"`, {
      field: "position.toMove",
    });
  }
  const toMove: BaoSide = json.toMove;

  const raw = json.pits;
  if (!isObject(raw)) {
    return err("bad-position", "position.pits must be an object with rows A, B, C and D", {
      field: "position.pits",
    });
  }
  for (const key of Object.keys(raw)) {
    if (!(ROWS as readonly string[]).includes(key)) {
      return err("bad-position", `position.pits.${key} is not a row; the rows are A, B, C, D`, {
        field: `position.pits.${key}`,
      });
    }
  }
  const pits = new Uint8Array(PIT_COUNT);
  let total = 0;
  for (let r = 0; r < 4; r++) {
    const row = ROWS[r];
    const values = raw[row];
    const field = `position.pits.${row}`;
    if (!Array.isArray(values) || values.length !== 8) {
      return err("bad-position", `${field} must be an array of 8 seed counts`, { field });
    }
    for (let c = 0; c < 8; c++) {
      const n: unknown = values[c];
      if (!isCount(n)) {
        return err(
          "bad-position",
          `${field}[${c}] (pit ${row}${c + 1}) is ${describeValue(n)}; a pit holds a whole number of seeds from 0 to ${TOTAL_SEEDS}`,
          { field: `${field}[${c}]` },
        );
      }
      pits[r * 8 + c] = n;
      total += n;
    }
  }

  let hand = { S: 0, N: 0 };
  let nyumba = { S: false, N: false };
  let blocked: string | null = null;
  if (variant.kiswahili) {
    const h = perSide(json.hand, "position.hand", "a whole number of seeds in hand", isCount);
    if (!h.ok) return h;
    hand = h.value;
    const y = perSide(json.nyumba, "position.nyumba", "true (owned) or false", isBool);
    if (!y.ok) return y;
    nyumba = y.value;
    for (const side of ["S", "N"] as const) {
      const pit = NYUMBA[sideIndex(side)];
      if (nyumba[side] && pits[pit] === 0) {
        return err(
          "bad-position",
          `${SIDE_NAMES[side]}'s nyumba ${PIT_NAMES[pit]} is empty but marked owned; an owned nyumba always holds seeds (BK-12)`,
          { field: `position.nyumba.${side}`, rule: "BK-12" },
        );
      }
    }
    const b = json.blocked;
    if (b !== undefined && b !== null) {
      if (options.takasia !== true) {
        return err(
          "bad-position",
          `position.blocked is ${describeValue(b)}, but a pit is blocked only with the takasia option on (BK-16)`,
          { field: "position.blocked", rule: "BK-16" },
        );
      }
      const pit = typeof b === "string" ? pitIndex(b) : -1;
      if (pit < 0 || FRONT_OWNER[pit] !== sideIndex(toMove)) {
        return err(
          "bad-position",
          `position.blocked is ${describeValue(b)}; it must be null or a front pit of the side to move (${toMove === "S" ? "B1…B8" : "C1…C8"}) (BK-16)`,
          { field: "position.blocked", rule: "BK-16" },
        );
      }
      blocked = PIT_NAMES[pit] as string;
    }
  }
  total += hand.S + hand.N;
  if (total !== TOTAL_SEEDS) {
    const where = variant.kiswahili ? "the pits and hands hold" : "the pits hold";
    return err(
      "bad-position",
      `${where} ${total} seeds; ${variant.id} is played with ${TOTAL_SEEDS} and seeds are conserved (BK-1)`,
      { field: variant.kiswahili ? "position" : "position.pits", rule: "BK-1" },
    );
  }
  return ok({ game: variant.id, options, toMove, pits, hand, nyumba, blocked });
}
