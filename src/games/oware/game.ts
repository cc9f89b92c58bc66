/**
 * Oware (abapa) behind the `Game` interface (docs/rules/oware.md,
 * OW-1…OW-8): a move is one sowing named by its pit (`A3`); captured stones
 * go into the mover's store; the grand slam as the `grandSlam` option says.
 */
import { err, ok, readingNames, type Result } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import type { BoardAct, Refusal, RuleBook } from "../core/rules.js";
import type {
  Game,
  LegalMove,
  LegalMoves,
  OptionSpec,
  Outcome,
  SensorView,
  Side,
  Trace,
} from "../core/types.js";
import { GEOMETRY, OWARE_LAYOUT, PLACES, ownerIndex, sideIndex } from "./board.js";
import {
  GAME_ID,
  OPTION_SPECS,
  optionsOf,
  parsePosition,
  positionToJSON,
  type OwarePosition,
} from "./position.js";
import { after, outcomeOf, sowings, traceOf, type Sowing } from "./rules.js";
import type { GameError } from "../core/errors.js";
import type { OwareSide } from "./board.js";

const READINGS = readingNames(GEOMETRY);

function movesOf(p: OwarePosition): Sowing[] {
  return outcomeOf(p) === null ? sowings(p.board, sideIndex(p.toMove), p.options.grandSlam) : [];
}

function legalMove(p: OwarePosition, s: Sowing): LegalMove<OwarePosition> {
  return {
    move: PLACES[s.from] as string,
    position: after(p, s),
    trace: traceOf(p.board, s, sideIndex(p.toMove)),
  };
}

export class OwareGame implements Game<OwarePosition> {
  readonly id = GAME_ID;
  readonly title = "Oware (abapa)";
  readonly optionSpecs: readonly OptionSpec[] = OPTION_SPECS;
  readonly layout: BoardLayout<OwareSide> = OWARE_LAYOUT;

  initial(options?: Readonly<Record<string, unknown>>): Result<OwarePosition, GameError> {
    const resolved = optionsOf(options);
    if (!resolved.ok) return resolved;
    const board = PLACES.map((_, i) => (i < 12 ? 4 : 0));
    return ok({ game: GAME_ID, options: resolved.value, toMove: "S", board, history: [] });
  }

  parsePosition(json: unknown): Result<OwarePosition, GameError> {
    return parsePosition(json);
  }

  positionToJSON(position: OwarePosition): Record<string, unknown> {
    return positionToJSON(position);
  }

  legal(position: OwarePosition, limit = 100_000): LegalMoves<OwarePosition> {
    const all = movesOf(position);
    return {
      moves: all.slice(0, limit).map((s) => legalMove(position, s)),
      truncated: all.length > limit,
    };
  }

  apply(
    position: OwarePosition,
    move: string,
  ): Result<{ readonly position: OwarePosition; readonly trace: Trace }, GameError> {
    const over = outcomeOf(position);
    if (over !== null) {
      return err("game-over", `the game is over (${over.reason}); no move can be played`, {
        field: "move",
      });
    }
    const from = PLACES.indexOf(move.trim().toUpperCase());
    if (from < 0 || from >= 12) {
      return err("illegal-move", `'${move}' is no move: a move names a pit A1…A6 or B1…B6 (OW-2)`, {
        field: "move",
        rule: "OW-2",
      });
    }
    const refused = this.refusal(position, { kind: "start", place: PLACES[from] as string });
    if (refused !== null) {
      return err("illegal-move", refused.message, { field: "move", rule: refused.rule });
    }
    const s = movesOf(position).find((m) => m.from === from) as Sowing;
    const played = legalMove(position, s);
    return ok({ position: played.position, trace: played.trace });
  }

  sensorView(position: OwarePosition): SensorView {
    return { geometry: GEOMETRY, pits: READINGS, counts: [...position.board] };
  }

  ruleBook(): RuleBook {
    return {
      turnOrder: "OW-2",
      sowing: "OW-2",
      keepDirection: "OW-2",
      direction: "OW-2",
      fixedDirection: "counter-clockwise",
      relay: null,
      start: "OW-2",
      stageLimit: null,
      capture: "OW-3",
      captureChain: "OW-3",
      skipsStart: "OW-2",
      captureAgain: null,
      capturedSowing: null,
      placement: null,
      penalty: null,
      refusedPolicies: {
        penalty5:
          "penalty5 cannot apply to Oware: its rules (OW-1…OW-8) have no penalty, and stones put into the opponent's pits by hand would feed them or be captured as no rule says (OW-3, OW-4); choose retry, forfeit or truncate",
      },
    };
  }

  refusal(position: OwarePosition, act: BoardAct): Refusal | null {
    const over = outcomeOf(position);
    if (over !== null)
      return { reason: "other", rule: "OW-8", message: `the game is over: ${over.reason}` };
    if (act.kind === "place") {
      return {
        reason: "placement",
        rule: "OW-2",
        message: `OW-2: no stone is put into ${act.place} from outside the board; a turn lifts one of your pits`,
      };
    }
    const i = PLACES.indexOf(act.place);
    const side = sideIndex(position.toMove);
    const name = position.toMove === "S" ? "South" : "North";
    if (i < 0 || i >= 12 || ownerIndex(i) !== side) {
      const own = position.toMove === "S" ? "A1…A6" : "B1…B6";
      return {
        reason: "not-own",
        rule: "OW-2",
        message: `OW-2: ${act.place} is not one of ${name}'s pits; ${name} sows from ${own}`,
      };
    }
    if (position.board[i] === 0) {
      return {
        reason: "too-few",
        rule: "OW-2",
        message: `OW-2: ${act.place} is empty; sow from a pit with stones`,
      };
    }
    if (movesOf(position).some((m) => m.from === i)) return null;
    const other = position.toMove === "S" ? "North" : "South";
    const fed = sowings(position.board, side, "no-capture").some((m) => m.from === i);
    return fed
      ? {
          reason: "other",
          rule: "OW-5",
          message: `OW-5: sowing ${act.place} would capture all of ${other}'s stones, a grand slam, forbidden while another move is not one (grandSlam=forbidden)`,
        }
      : {
          reason: "other",
          rule: "OW-4",
          message: `OW-4: ${other}'s pits are empty and sowing ${act.place} puts no stone into them; a move that feeds them is due`,
        };
  }

  /**
   * Another board (readings in `sensorView` order) and/or side to move; the
   * history (OW-7) is kept when it still fits, else it starts again.
   */
  withBoard(
    position: OwarePosition,
    change: { readonly counts?: readonly number[]; readonly toMove?: Side },
  ): Result<OwarePosition, GameError> {
    const json = positionToJSON(position);
    if (change.counts !== undefined) {
      if (!Array.isArray(change.counts) || change.counts.length !== PLACES.length) {
        return err(
          "bad-position",
          `counts must be the ${PLACES.length} readings of the ${GEOMETRY} board`,
          {
            field: "counts",
          },
        );
      }
      const pits: Record<string, unknown> = {};
      for (let i = 0; i < 12; i++) pits[PLACES[i] as string] = change.counts[i];
      json.pits = pits;
      json.stores = { S: change.counts[12], N: change.counts[13] };
    }
    if (change.toMove !== undefined) json.toMove = change.toMove;
    const kept = parsePosition(json);
    if (kept.ok || kept.error.rule !== "OW-7") return kept;
    return parsePosition({ ...json, history: [] });
  }

  outcome(position: OwarePosition): Outcome<OwareSide> | null {
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

  randomMove(position: OwarePosition, random: () => number): LegalMove<OwarePosition> | null {
    const moves = movesOf(position);
    if (moves.length === 0) return null;
    return legalMove(
      position,
      moves[Math.min(moves.length - 1, Math.floor(random() * moves.length))] as Sowing,
    );
  }

  playout(position: OwarePosition, random: () => number, maxPlies: number): number {
    let p = position;
    for (let ply = 0; ply < maxPlies; ply++) {
      const moves = movesOf(p);
      if (moves.length === 0) return ply;
      p = after(
        p,
        moves[Math.min(moves.length - 1, Math.floor(random() * moves.length))] as Sowing,
      );
    }
    return maxPlies;
  }
}
