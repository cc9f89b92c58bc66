/**
 * Oware (abapa) behind the `Game` interface (docs/rules/oware.md,
 * OW-1…OW-8), on the two-row core (`../tworow/game.ts`): a move is one
 * sowing named by its pit (`A3`); captured stones go into the mover's store;
 * the grand slam as the `grandSlam` option says.
 */
import { ok, type Result } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import type { Refusal } from "../core/rules.js";
import type { OptionSpec, Outcome } from "../core/types.js";
import { PIT_COUNT, PLACES, sideIndex, type TwoRowSide } from "../tworow/board.js";
import { TwoRowGame, type TwoRowRules, type Sowing } from "../tworow/game.js";
import { OWARE_LAYOUT } from "./board.js";
import {
  GAME_ID,
  OPTION_SPECS,
  optionsOf,
  parsePosition,
  positionToJSON,
  type OwarePosition,
} from "./position.js";
import { after, outcomeOf, sowings, traceOf, type Sowing as OwareSowing } from "./rules.js";
import type { GameError } from "../core/errors.js";

function movesOf(p: OwarePosition): OwareSowing[] {
  return outcomeOf(p) === null ? sowings(p.board, sideIndex(p.toMove), p.options.grandSlam) : [];
}

function randomOf(moves: readonly OwareSowing[], random: () => number): OwareSowing {
  return moves[Math.min(moves.length - 1, Math.floor(random() * moves.length))] as OwareSowing;
}

export class OwareGame extends TwoRowGame<OwarePosition> {
  readonly id = GAME_ID;
  readonly title = "Oware (abapa)";
  readonly optionSpecs: readonly OptionSpec[] = OPTION_SPECS;
  readonly layout: BoardLayout<TwoRowSide> = OWARE_LAYOUT;
  protected readonly rules: TwoRowRules = {
    start: "OW-2",
    end: "OW-8",
    capture: "OW-3",
    captureChain: "OW-3",
    skipsStart: "OW-2",
  };
  protected readonly noPenalty5 =
    "penalty5 cannot apply to Oware: its rules (OW-1…OW-8) have no penalty, and stones put into the opponent's pits by hand would feed them or be captured as no rule says (OW-3, OW-4); choose retry, forfeit or truncate";

  initial(options?: Readonly<Record<string, unknown>>): Result<OwarePosition, GameError> {
    const resolved = optionsOf(options);
    if (!resolved.ok) return resolved;
    const board = PLACES.map((_, i) => (i < PIT_COUNT ? 4 : 0));
    return ok({ game: GAME_ID, options: resolved.value, toMove: "S", board, history: [] });
  }

  parsePosition(json: unknown): Result<OwarePosition, GameError> {
    return parsePosition(json);
  }

  positionToJSON(position: OwarePosition): Record<string, unknown> {
    return positionToJSON(position);
  }

  protected sowings(position: OwarePosition): readonly Sowing<OwarePosition>[] {
    const side = sideIndex(position.toMove);
    return movesOf(position).map((s) => ({
      from: s.from,
      play: () => ({ position: after(position, s), trace: traceOf(position.board, s, side) }),
    }));
  }

  /** OW-5 (grandSlam=forbidden) and OW-4 (the opponent's empty pits fed), for a pit with stones. */
  protected override liftForbidden(
    position: OwarePosition,
    i: number,
    place: string,
  ): Refusal | null {
    if (movesOf(position).some((m) => m.from === i)) return null;
    const other = position.toMove === "S" ? "North" : "South";
    const side = sideIndex(position.toMove);
    const fed = sowings(position.board, side, "no-capture").some((m) => m.from === i);
    return fed
      ? {
          reason: "other",
          rule: "OW-5",
          message: `OW-5: sowing ${place} would capture all of ${other}'s stones, a grand slam, forbidden while another move is not one (grandSlam=forbidden)`,
        }
      : {
          reason: "other",
          rule: "OW-4",
          message: `OW-4: ${other}'s pits are empty and sowing ${place} puts no stone into them; a move that feeds them is due`,
        };
  }

  /** The history (OW-7) is kept when it still fits the new board, else it starts again. */
  protected override reparse(json: Record<string, unknown>): Result<OwarePosition, GameError> {
    const kept = parsePosition(json);
    if (kept.ok || kept.error.rule !== "OW-7") return kept;
    return parsePosition({ ...json, history: [] });
  }

  outcome(position: OwarePosition): Outcome<TwoRowSide> | null {
    return outcomeOf(position);
  }

  perft(position: OwarePosition, depth: number): number {
    if (depth === 0) return 1;
    const moves = movesOf(position);
    if (moves.length === 0) return 1;
    let leaves = 0;
    for (const s of moves) leaves += this.perft(after(position, s), depth - 1);
    return leaves;
  }

  playout(position: OwarePosition, random: () => number, maxPlies: number): number {
    let p = position;
    for (let ply = 0; ply < maxPlies; ply++) {
      const moves = movesOf(p);
      if (moves.length === 0) return ply;
      p = after(p, randomOf(moves, random));
    }
    return maxPlies;
  }
}
