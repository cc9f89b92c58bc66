/**
 * A Glassperlenspiel position, its GB-7 key, and its JSON form
 * (glassperlenspiel.md, "Notation and position" and "Invalid positions"):
 * read with every invariant checked, each refusal naming its field and rule.
 */
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import type { Position } from "../core/types.js";
import { isObject, readHeader } from "../fourrow/json.js";
import {
  GEM_COUNT,
  GEM_TAGS,
  PIT_COUNT,
  PLACES,
  STONE_TOTAL,
  gemIndex,
  type GlassSide,
} from "./geometry.js";
import { checkHistory } from "./history.js";
import type { GameError } from "../core/errors.js";

export const GAME_ID = "glassperlenspiel";

export interface GlassPosition extends Position {
  readonly game: typeof GAME_ID;
  /** The game has no rule options. */
  readonly options: Readonly<Record<string, never>>;
  readonly toMove: GlassSide;
  /** Plain stones in each pit, `A1`…`A5`, `B1`…`B5`. */
  readonly stones: readonly number[];
  /** The place (0–11: pits, then `SC`, `NC`) of each gem, by gem index (geometry.ts). */
  readonly gems: readonly number[];
  /** GB-7: the keys of the earlier positions since the last gem left the pits, oldest first. */
  readonly history: readonly string[];
}

const FIELDS = ["game", "options", "toMove", "pits", "cups", "history"] as const;

/** GB-7's key: `toMove|A1|…|B5|SC|NC`, each pit its stones then its tags, each cup its tags. */
export function positionKey(
  toMove: string,
  stones: ArrayLike<number>,
  gems: ArrayLike<number>,
): string {
  let key = toMove;
  for (let place = 0; place < PLACES.length; place++) {
    key += "|";
    if (place < PIT_COUNT) key += String(stones[place]);
    for (let g = 0; g < GEM_COUNT; g++) if (gems[g] === place) key += GEM_TAGS[g] as string;
  }
  return key;
}

export function keyOf(p: GlassPosition): string {
  return positionKey(p.toMove, p.stones, p.gems);
}

/** The tags in `place`, sorted. */
export function tagsIn(gems: ArrayLike<number>, place: number): string[] {
  const out: string[] = [];
  for (let g = 0; g < GEM_COUNT; g++) if (gems[g] === place) out.push(GEM_TAGS[g] as string);
  return out;
}

export function positionToJSON(p: GlassPosition): Record<string, unknown> {
  const pits: Record<string, unknown> = {};
  for (let pit = 0; pit < PIT_COUNT; pit++) {
    pits[PLACES[pit] as string] = { stones: p.stones[pit], gems: tagsIn(p.gems, pit) };
  }
  return {
    game: p.game,
    options: {},
    toMove: p.toMove,
    pits,
    cups: { S: tagsIn(p.gems, PIT_COUNT), N: tagsIn(p.gems, PIT_COUNT + 1) },
    history: [...p.history],
  };
}

function bad(message: string, field: string, rule = "GB-1"): Result<never, GameError> {
  return err("bad-position", `${message} (${rule})`, { field, rule });
}

/** Puts the tags of one gem list into `gems` at `place`; an unknown or repeated tag is an error. */
function readGems(
  raw: unknown,
  place: number,
  field: string,
  gems: number[],
): Result<true, GameError> {
  if (!Array.isArray(raw)) return bad(`${field} must be a list of gem tags`, field);
  for (const tag of raw as unknown[]) {
    const g = typeof tag === "string" ? gemIndex(tag) : -1;
    if (g < 0) {
      return bad(`${field} holds ${describeValue(tag)}; a gem is S1…S5 or N1…N5`, field);
    }
    if (gems[g] !== -1) {
      return bad(
        `gem ${tag as string} is found twice (in ${field} and before it); each gem lies in exactly one place`,
        field,
      );
    }
    gems[g] = place;
  }
  return ok(true);
}

function readPits(raw: unknown, stones: number[], gems: number[]): Result<true, GameError> {
  const field = "position.pits";
  if (!isObject(raw)) return bad(`${field} must be an object with pits A1…A5, B1…B5`, field);
  for (const key of Object.keys(raw)) {
    if (PLACES.indexOf(key) < 0 || PLACES.indexOf(key) >= PIT_COUNT) {
      return bad(`${field}.${key} is not a pit; the pits are A1…A5, B1…B5`, `${field}.${key}`);
    }
  }
  for (let pit = 0; pit < PIT_COUNT; pit++) {
    const name = PLACES[pit] as string;
    const at = `${field}.${name}`;
    const cell = raw[name];
    if (!isObject(cell) || Object.keys(cell).some((k) => k !== "stones" && k !== "gems")) {
      return bad(`${at} must be {"stones":n,"gems":[…]}`, at);
    }
    const n: unknown = cell.stones;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) {
      return bad(
        `${at}.stones is ${describeValue(n)}; a pit holds a whole number of stones ≥ 0`,
        `${at}.stones`,
      );
    }
    stones[pit] = n;
    const read = readGems(cell.gems, pit, `${at}.gems`, gems);
    if (!read.ok) return read;
  }
  return ok(true);
}

function readCups(raw: unknown, gems: number[]): Result<true, GameError> {
  const field = "position.cups";
  if (!isObject(raw) || Object.keys(raw).some((k) => k !== "S" && k !== "N")) {
    return bad(`${field} must be {"S":[…],"N":[…]}`, field);
  }
  for (const [side, place] of [
    ["S", PIT_COUNT],
    ["N", PIT_COUNT + 1],
  ] as const) {
    const read = readGems(raw[side], place, `${field}.${side}`, gems);
    if (!read.ok) return read;
  }
  return ok(true);
}

/** Reads a position's JSON, checking every invariant (glassperlenspiel.md, "Invalid positions"). */
export function parsePosition(json: unknown): Result<GlassPosition, GameError> {
  const header = readHeader(json, GAME_ID, FIELDS, []);
  if (!header.ok) {
    const e = header.error;
    return e.field?.startsWith("position.options") === true
      ? err("bad-position", `${e.message}; glassperlenspiel has no rule options (GB-1)`, {
          field: e.field,
          rule: "GB-1",
        })
      : header;
  }
  const stones = new Array<number>(PIT_COUNT).fill(0);
  const gems = new Array<number>(GEM_COUNT).fill(-1);
  const pits = readPits(header.value.json.pits, stones, gems);
  if (!pits.ok) return pits;
  const cups = readCups(header.value.json.cups, gems);
  if (!cups.ok) return cups;
  const total = stones.reduce((a, b) => a + b, 0);
  if (total !== STONE_TOTAL) {
    return bad(`the pits hold ${total} plain stones; the game has ${STONE_TOTAL}`, "position.pits");
  }
  const missing = gems.findIndex((place) => place < 0);
  if (missing >= 0) {
    return bad(
      `gem ${GEM_TAGS[missing] as string} is in no pit or cup; each gem lies in exactly one place`,
      "position.pits",
    );
  }
  const toMove = header.value.toMove;
  const history = checkHistory(header.value.json.history, toMove, gems);
  if (!history.ok) return history;
  return ok({ game: GAME_ID, options: {}, toMove, stones, gems, history: history.value });
}
