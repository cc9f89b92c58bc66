/**
 * Bao positions as plain data, and their JSON form
 * (shared/spec/engine-protocol.md, "Position"; bao-kiswahili.md, "Notation"):
 * Bao la kiswahili adds `hand` (seeds in each player's reserve, off the board),
 * `nyumba` (whether each player still owns their nyumba) and, with the
 * `takasia` option on, `blocked` (BK-16). Bao la kujifunza positions carry none
 * of these. Every invariant is checked when a position is read from outside.
 */
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import type { Position } from "../core/types.js";
import { FRONT_OWNER, PIT_NAMES, SIDE_NAMES, pitIndex, sideIndex } from "../fourrow/geometry.js";
import { isObject, readHeader, readRows, rowsOfPits } from "../fourrow/json.js";
import { NYUMBA, type BaoSide } from "./geometry.js";
import { TOTAL_SEEDS, type BaoGameId, type BaoVariant } from "./variants.js";
import type { GameError } from "../core/errors.js";

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
  const out: Record<string, unknown> = {
    game: p.game,
    options: { ...p.options },
    toMove: p.toMove,
    pits: rowsOfPits(p.pits),
  };
  if (variant.kiswahili) {
    out.hand = { S: p.hand.S, N: p.hand.N };
    out.nyumba = { S: p.nyumba.S, N: p.nyumba.N };
    if (p.options.takasia === true) out.blocked = p.blocked;
  }
  return out;
}

/** An object with exactly the keys S and N; each value checked by `check`. */
function perSide<T>(
  raw: unknown,
  field: string,
  what: string,
  check: (v: unknown) => v is T,
): Result<{ S: T; N: T }, GameError> {
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

const KISWAHILI_FIELDS = ["game", "options", "toMove", "pits", "hand", "nyumba", "blocked"];
const KUJIFUNZA_FIELDS = ["game", "options", "toMove", "pits"];

/** BK-2: why a kiswahili field is no field of a kujifunza position. */
function kujifunzaNote(key: string): { note: string; rule: string } | null {
  if (key !== "hand" && key !== "nyumba" && key !== "blocked") return null;
  return {
    note: "; bao-kujifunza has no seeds in hand, no nyumba rules and no takasia (BK-2)",
    rule: "BK-2",
  };
}

/** What Bao la kiswahili adds to the board: reserves, nyumba ownership, the takasia block. */
interface Reserve {
  readonly hand: { readonly S: number; readonly N: number };
  readonly nyumba: { readonly S: boolean; readonly N: boolean };
  readonly blocked: string | null;
}

/** Bao la kujifunza: nothing in hand, no nyumba, no block. */
const NO_RESERVE: Reserve = { hand: { S: 0, N: 0 }, nyumba: { S: false, N: false }, blocked: null };

/** BK-12: an owned nyumba always holds seeds. */
function checkOwnedNyumba(pits: Uint8Array, nyumba: Reserve["nyumba"]): Result<null, GameError> {
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
  return ok(null);
}

/** BK-16: `position.blocked`, null or a front pit of the side to move, and only with takasia on. */
function readBlocked(
  raw: unknown,
  options: BaoOptions,
  toMove: BaoSide,
): Result<string | null, GameError> {
  if (raw === undefined || raw === null) return ok(null);
  if (options.takasia !== true) {
    return err(
      "bad-position",
      `position.blocked is ${describeValue(raw)}, but a pit is blocked only with the takasia option on (BK-16)`,
      { field: "position.blocked", rule: "BK-16" },
    );
  }
  const pit = typeof raw === "string" ? pitIndex(raw) : -1;
  if (pit < 0 || FRONT_OWNER[pit] !== sideIndex(toMove)) {
    return err(
      "bad-position",
      `position.blocked is ${describeValue(raw)}; it must be null or a front pit of the side to move (${toMove === "S" ? "B1…B8" : "C1…C8"}) (BK-16)`,
      { field: "position.blocked", rule: "BK-16" },
    );
  }
  return ok(PIT_NAMES[pit] as string);
}

/** Bao la kiswahili's `hand`, `nyumba` and `blocked`, checked against the board. */
function readReserve(
  json: Record<string, unknown>,
  options: BaoOptions,
  toMove: BaoSide,
  pits: Uint8Array,
): Result<Reserve, GameError> {
  const hand = perSide(json.hand, "position.hand", "a whole number of seeds in hand", isCount);
  if (!hand.ok) return hand;
  const nyumba = perSide(json.nyumba, "position.nyumba", "true (owned) or false", isBool);
  if (!nyumba.ok) return nyumba;
  const owned = checkOwnedNyumba(pits, nyumba.value);
  if (!owned.ok) return owned;
  const blocked = readBlocked(json.blocked, options, toMove);
  if (!blocked.ok) return blocked;
  return ok({ hand: hand.value, nyumba: nyumba.value, blocked: blocked.value });
}

/** BK-1: the seeds on the board and in the hands are the game's 64. */
function checkTotal(variant: BaoVariant, total: number): Result<null, GameError> {
  if (total === TOTAL_SEEDS) return ok(null);
  const where = variant.kiswahili ? "the pits and hands hold" : "the pits hold";
  return err(
    "bad-position",
    `${where} ${total} seeds; ${variant.id} is played with ${TOTAL_SEEDS} and seeds are conserved (BK-1)`,
    { field: variant.kiswahili ? "position" : "position.pits", rule: "BK-1" },
  );
}

export function parsePosition(variant: BaoVariant, json: unknown): Result<BaoPosition, GameError> {
  const header = variant.kiswahili
    ? readHeader(json, variant.id, KISWAHILI_FIELDS, variant.optionSpecs)
    : readHeader(json, variant.id, KUJIFUNZA_FIELDS, variant.optionSpecs, kujifunzaNote);
  if (!header.ok) return header;
  const options = header.value.options as BaoOptions;
  const toMove = header.value.toMove;
  const rows = readRows(header.value.json.pits, "seed", TOTAL_SEEDS);
  if (!rows.ok) return rows;
  const pits = rows.value.pits;
  const reserve = variant.kiswahili
    ? readReserve(header.value.json, options, toMove, pits)
    : ok(NO_RESERVE);
  if (!reserve.ok) return reserve;
  const { hand, nyumba, blocked } = reserve.value;
  const total = checkTotal(variant, rows.value.total + hand.S + hand.N);
  if (!total.ok) return total;
  return ok({ game: variant.id, options, toMove, pits, hand, nyumba, blocked });
}
