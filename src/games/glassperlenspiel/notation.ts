/**
 * Move notation (glassperlenspiel.md, "Notation and position" and the
 * Clarifications on move identity): the start pit, `:`, every bead of the
 * pit in sowing order (`s` a stone, a gem by tag), then for indirect
 * captures `/` and one entry per gem taken (place and tag, ascending):
 * `A3:sS4s`, `A5:ss/B1N1B1N3`.
 */
import { err, ok, type Result } from "../../shared/index.js";
import { GEM_TAGS, PLACES, STONE, beadName, gemIndex, placeIndex } from "./geometry.js";
import type { Sower } from "./sowing.js";
import type { GameError } from "../core/errors.js";

export interface GlassMove {
  readonly start: number;
  /** Bead codes in sowing order. */
  readonly beads: readonly number[];
  /** The gems taken by indirect capture, as written: place and gem. */
  readonly taken: readonly { readonly place: number; readonly gem: number }[];
}

const MOVE = /^([AB][1-5]):((?:s|[NS][1-5])+)(?:\/((?:(?:[AB][1-5]|SC|NC)[NS][1-5])+))?$/;

export function parseMove(move: string): Result<GlassMove, GameError> {
  const m = MOVE.exec(move);
  if (m === null) {
    return err(
      "bad-move",
      `${JSON.stringify(move.slice(0, 40))} is not a Glassperlenspiel move: the start pit, ':', its beads in sowing order (s or a gem's tag), then '/' and each gem taken by indirect capture (A3:sS4s, A5:ss/B1N1B1N3)`,
      { field: "move" },
    );
  }
  const beads: number[] = [];
  const text = m[2] as string;
  for (let i = 0; i < text.length;) {
    if (text[i] === "s") {
      beads.push(STONE);
      i++;
    } else {
      beads.push(gemIndex(text.slice(i, i + 2)));
      i += 2;
    }
  }
  const taken: { place: number; gem: number }[] = [];
  const captures = m[3] ?? "";
  for (let i = 0; i < captures.length; i += 4) {
    taken.push({
      place: placeIndex(captures.slice(i, i + 2)),
      gem: gemIndex(captures.slice(i + 2, i + 4)),
    });
  }
  return ok({ start: placeIndex(m[1] as string), beads, taken });
}

/**
 * A move as a person may type it, in the rules' notation: pits, tags and
 * cups upper-cased, and in the bead part an `s` not followed by a gem's
 * number a stone (`a3:ss4s`, `A3:SS4S` → `A3:sS4s`; `a5:ss/b1n1` →
 * `A5:ss/B1N1`). Unambiguous: a stone is never followed by a digit, a gem's
 * tag always is. Spaces are dropped.
 */
export function normaliseMove(text: string): string {
  const compact = text.replace(/\s+/g, "");
  const colon = compact.indexOf(":");
  if (colon < 0) return compact.toUpperCase();
  const slash = compact.indexOf("/", colon);
  const end = slash < 0 ? compact.length : slash;
  const beads = compact
    .slice(colon + 1, end)
    .toUpperCase()
    .replace(/S(?![1-5])/g, "s");
  return `${compact.slice(0, colon).toUpperCase()}:${beads}${compact.slice(end).toUpperCase()}`;
}

/** The move a sower has walked: its start, beads and (indirect) gems taken. */
export function formatMove(s: Sower): string {
  let move = `${PLACES[s.start] as string}:`;
  for (let d = 0; d < s.n; d++) move += beadName(s.bead[d] as number);
  if (!s.direct && s.capCount > 0) {
    move += "/";
    for (let i = 0; i < s.capCount; i++) {
      move +=
        (PLACES[s.capPlace[i] as number] as string) + (GEM_TAGS[s.capGem[i] as number] as string);
    }
  }
  return move;
}
