/**
 * What both four-row notations (`B3+/x.`, Bao's `B4*R/s.`) share: a text
 * that is no move in them is refused showing it (cut at 40 characters) and
 * saying how a move is written.
 */
import { err, type Result } from "../../shared/index.js";
import type { GameError } from "../core/errors.js";

/** `text` is no move; `how` says what it is not and how to write one. */
export function notAMove(text: string, how: string): Result<never, GameError> {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return err("bad-move", `"${shown}" ${how}`, { field: "move" });
}
