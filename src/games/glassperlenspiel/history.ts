/**
 * GB-7, repetition: the keys of a position's `history`, read and checked
 * (malformed keys, gems in the pits other than the position's, players to
 * move that do not alternate, a key a third time), and the keys as two exact
 * numbers, for the engine's hot loop.
 */
import { err, ok, type Result } from "../../shared/index.js";
import {
  GEM_COUNT,
  GEM_TAGS,
  PIT_COUNT,
  PLACE_COUNT,
  STONE_TOTAL,
  gemIndex,
  type GlassSide,
} from "./geometry.js";
import type { GameError } from "../core/errors.js";

/** A key read back: who moves, stones per pit, the place of each gem. */
export interface KeyBoard {
  readonly toMove: GlassSide;
  readonly stones: readonly number[];
  readonly gems: readonly number[];
}

const PIT_FIELD = /^(0|[1-9][0-9]*)((?:[NS][1-5])*)$/;
const CUP_FIELD = /^((?:[NS][1-5])*)$/;

/** The board a key describes, or null when it is no key of a valid position. */
export function parseKey(key: string): KeyBoard | null {
  const parts = key.split("|");
  if (parts.length !== PLACE_COUNT + 1) return null;
  const toMove = parts[0];
  if (toMove !== "S" && toMove !== "N") return null;
  const stones = new Array<number>(PIT_COUNT).fill(0);
  const gems = new Array<number>(GEM_COUNT).fill(-1);
  for (let place = 0; place < PLACE_COUNT; place++) {
    const field = parts[place + 1] as string;
    const m = (place < PIT_COUNT ? PIT_FIELD : CUP_FIELD).exec(field);
    if (m === null) return null;
    const tags = place < PIT_COUNT ? (m[2] as string) : (m[1] as string);
    if (place < PIT_COUNT) stones[place] = Number(m[1]);
    let last = -1;
    for (let i = 0; i < tags.length; i += 2) {
      const g = gemIndex(tags.slice(i, i + 2));
      if (g <= last || gems[g] !== -1) return null; // tags ascending, each gem once
      gems[g] = place;
      last = g;
    }
  }
  if (gems.includes(-1) || stones.reduce((a, b) => a + b, 0) !== STONE_TOTAL) return null;
  return { toMove, stones, gems };
}

function gemsInPits(gems: ArrayLike<number>): number {
  let mask = 0;
  for (let g = 0; g < GEM_COUNT; g++) if ((gems[g] as number) < PIT_COUNT) mask |= 1 << g;
  return mask;
}

function tagsOf(mask: number): string {
  const tags = GEM_TAGS.filter((_, g) => (mask & (1 << g)) !== 0);
  return tags.length === 0 ? "none" : tags.join(" ");
}

function bad(message: string, field: string): Result<never, GameError> {
  return err("bad-position", `${message} (GB-7)`, { field, rule: "GB-7" });
}

/** Reads `position.history` (missing reads as `[]`) for a position with `toMove` and `gems`. */
export function checkHistory(
  raw: unknown,
  toMove: GlassSide,
  gems: readonly number[],
): Result<readonly string[], GameError> {
  if (raw === undefined) return ok([]);
  const field = "position.history";
  if (!Array.isArray(raw)) return bad(`${field} must be a list of position keys`, field);
  const list = raw as unknown[];
  const pitGems = gemsInPits(gems);
  const seen = new Map<string, number>();
  for (let i = 0; i < list.length; i++) {
    const at = `${field}[${i}]`;
    const key = list[i];
    const board = typeof key === "string" ? parseKey(key) : null;
    if (board === null) {
      return bad(`${at} is not the key of a position (toMove|A1|…|B5|SC|NC)`, at);
    }
    const mask = gemsInPits(board.gems);
    if (mask !== pitGems) {
      return bad(
        `${at} has gems ${tagsOf(mask)} in the pits, the position ${tagsOf(pitGems)}; the history starts after the last gem left the pits`,
        at,
      );
    }
    // Counting back from the end: the last entry has the other player to move.
    const due = (list.length - i) % 2 === 1 ? (toMove === "S" ? "N" : "S") : toMove;
    if (board.toMove !== due) {
      return bad(
        `${at} has ${board.toMove} to move; the players to move alternate, ${due} here`,
        at,
      );
    }
    const times = (seen.get(key as string) ?? 0) + 1;
    if (times > 2)
      return bad(`${at} is the third occurrence of one key; the game ended at the third`, at);
    seen.set(key as string, times);
  }
  return ok(list as string[]);
}

const STONE_BASE = 16;

/** The first half of a key as an exact number: the stones of every pit. */
export function stonesCode(stones: ArrayLike<number>): number {
  let code = 0;
  for (let pit = PIT_COUNT - 1; pit >= 0; pit--) code = code * STONE_BASE + (stones[pit] as number);
  return code;
}

/** The second half: where each gem is, and who moves. */
export function gemsCode(gems: ArrayLike<number>, side: 0 | 1): number {
  let code = 0;
  for (let g = GEM_COUNT - 1; g >= 0; g--) code = code * STONE_BASE + (gems[g] as number);
  return code * 2 + side;
}
