/**
 * Bao move notation (bao-kiswahili.md, "Notation"): a start token, then `/`
 * and one character per choice made during the turn, when there are any.
 *
 * - `B3+`, `A6-`: lift the pit and sow clockwise / counter-clockwise (mtaji phase);
 * - `B2*`: namua placement on a capture spot in a kimbi (the kichwa is forced);
 * - `B4*L`, `B4*R`: namua placement on a capture spot elsewhere, captured seeds
 *   sown from the left / right kichwa (the player's own left and right, BK-5);
 * - `B3*+`, `B3*-`: namua takasa placement, then sowing (taxed from the nyumba);
 * - choices: `s` go on safari, `.` stop in the nyumba (BK-12).
 */
import { ok, type Result } from "../../shared/index.js";
import { PIT_NAMES, PIT_PATTERN, pitIndex } from "../fourrow/geometry.js";
import { CHOICE_CHARS, SAFARI, STOP, VARIANT_SUFFIX } from "./turn.js";
import type { GameError } from "../core/errors.js";
import { notAMove } from "../fourrow/notation.js";

export interface BaoMove {
  /** The start pit (0…31). */
  readonly pit: number;
  /** How the turn starts (`V_CW` … `V_PLACE_CCW` of `turn.ts`). */
  readonly variant: number;
  /** STOP / SAFARI per safari met, in order. */
  readonly choices: readonly number[];
}

const MOVE_SHAPE = new RegExp(`^(${PIT_PATTERN})(\\+|-|\\*|\\*L|\\*R|\\*\\+|\\*-)(?:/([s.]+))?$`);

export function parseMove(text: string): Result<BaoMove, GameError> {
  const m = MOVE_SHAPE.exec(text);
  if (m === null) {
    return notAMove(
      text,
      "is not a Bao move: write the pit and + or - (B3+), or for a namua placement * then L/R (capture) or +/- (takasa) (B4*, B4*R, B3*+), then / and s or . per safari (B3+/s)",
    );
  }
  const variant = (VARIANT_SUFFIX as readonly string[]).indexOf(m[2] as string);
  const choices = [...(m[3] ?? "")].map((c) => (c === "s" ? SAFARI : STOP));
  return ok({ pit: pitIndex(m[1] as string), variant, choices });
}

export function formatMove(move: BaoMove): string {
  const head = `${PIT_NAMES[move.pit]}${VARIANT_SUFFIX[move.variant]}`;
  if (move.choices.length === 0) return head;
  return `${head}/${move.choices.map((c) => CHOICE_CHARS[c]).join("")}`;
}

/** Notation straight from a start code and a runner's choice buffer. */
export function formatMoveParts(start: number, choices: Uint8Array, count: number): string {
  let s = `${PIT_NAMES[start >> 3]}${VARIANT_SUFFIX[start & 7]}`;
  if (count > 0) {
    s += "/";
    for (let i = 0; i < count; i++) s += CHOICE_CHARS[choices[i]];
  }
  return s;
}

/**
 * A typed move (any case, stray spaces) in the notation's spelling: the start
 * token upper-case (`b4*r` → `B4*R`), the safari choices after `/` lower-case
 * (`/S` → `/s`), as a keyboard that upper-cases what is typed sends them.
 */
export function normaliseMove(text: string): string {
  const t = text.replace(/\s+/g, "");
  const slash = t.indexOf("/");
  if (slash < 0) return t.toUpperCase();
  return `${t.slice(0, slash).toUpperCase()}/${t.slice(slash + 1).toLowerCase()}`;
}

/** The start token of a move (`B4*R` of `B4*R/s`). */
export function startToken(start: number): string {
  return `${PIT_NAMES[start >> 3]}${VARIANT_SUFFIX[start & 7]}`;
}
