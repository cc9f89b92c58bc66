/**
 * Kalah (6,4) behind the `Game` interface (docs/rules/kalah.md, KA-1…KA-6):
 * a move is one sowing named by its pit (`A3`), the extra turn keeps the
 * mover, the stones left at the end count for their owner where they lie.
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
import { GEOMETRY, KALAH_LAYOUT, PLACES, firstPit, ownerIndex, sideIndex } from "./board.js";
import {
  GAME_ID,
  OPTION_SPECS,
  optionsOf,
  parsePosition,
  positionToJSON,
  type KalahPosition,
} from "./position.js";
import { isOver, outcomeOf, play, sow, startsOf } from "./rules.js";
import type { GameError } from "../core/errors.js";
import type { KalahSide } from "./board.js";

const READINGS = readingNames(GEOMETRY);

export class KalahGame implements Game<KalahPosition> {
  readonly id = GAME_ID;
  readonly title = "Kalah";
  readonly optionSpecs: readonly OptionSpec[] = OPTION_SPECS;
  readonly layout: BoardLayout<KalahSide> = KALAH_LAYOUT;

  initial(options?: Readonly<Record<string, unknown>>): Result<KalahPosition, GameError> {
    const resolved = optionsOf(options);
    if (!resolved.ok) return resolved;
    const stones = resolved.value.stones;
    const board = PLACES.map((_, i) => (i < 12 ? stones : 0));
    return ok({ game: GAME_ID, options: resolved.value, toMove: "S", board });
  }

  parsePosition(json: unknown): Result<KalahPosition, GameError> {
    return parsePosition(json);
  }

  positionToJSON(position: KalahPosition): Record<string, unknown> {
    return positionToJSON(position);
  }

  legal(position: KalahPosition, limit = 100_000): LegalMoves<KalahPosition> {
    const starts = startsOf(position);
    const moves: LegalMove<KalahPosition>[] = starts.slice(0, limit).map((from) => {
      const { position: next, trace } = play(position, from);
      return { move: PLACES[from] as string, position: next, trace };
    });
    return { moves, truncated: starts.length > limit };
  }

  apply(
    position: KalahPosition,
    move: string,
  ): Result<{ readonly position: KalahPosition; readonly trace: Trace }, GameError> {
    const over = outcomeOf(position);
    if (over !== null) {
      return err("game-over", `the game is over (${over.reason}); no move can be played`, {
        field: "move",
      });
    }
    const from = PLACES.indexOf(move.trim().toUpperCase());
    if (from < 0 || from >= 12) {
      return err("illegal-move", `'${move}' is no move: a move names a pit A1…A6 or B1…B6 (KA-2)`, {
        field: "move",
        rule: "KA-2",
      });
    }
    const refused = this.refusal(position, { kind: "start", place: PLACES[from] as string });
    if (refused !== null) {
      return err("illegal-move", refused.message, { field: "move", rule: refused.rule });
    }
    return ok(play(position, from));
  }

  sensorView(position: KalahPosition): SensorView {
    return { geometry: GEOMETRY, pits: READINGS, counts: [...position.board] };
  }

  ruleBook(): RuleBook {
    return {
      turnOrder: "KA-2",
      sowing: "KA-2",
      keepDirection: "KA-2",
      direction: "KA-2",
      fixedDirection: "counter-clockwise",
      relay: null,
      start: "KA-2",
      stageLimit: null,
      capture: "KA-4",
      captureAgain: null,
      capturedSowing: null,
      placement: null,
      penalty: null,
      refusedPolicies: {
        penalty5:
          "penalty5 cannot apply to Kalah: its rules (KA-1…KA-6) have no penalty, and stones put into an opponent's pits by hand would change the score the stores and pits count (KA-6); choose retry, forfeit or truncate",
      },
    };
  }

  refusal(position: KalahPosition, act: BoardAct): Refusal | null {
    const over = outcomeOf(position);
    if (over !== null) {
      return { reason: "other", rule: "KA-5", message: `the game is over: ${over.reason}` };
    }
    if (act.kind === "place") {
      return {
        reason: "placement",
        rule: "KA-2",
        message: `KA-2: no stone is put into ${act.place} from outside the board; a turn lifts one of your pits`,
      };
    }
    const i = PLACES.indexOf(act.place);
    const side = sideIndex(position.toMove);
    const name = position.toMove === "S" ? "South" : "North";
    if (i < 0 || i >= 12 || ownerIndex(i) !== side) {
      const own = position.toMove === "S" ? "A1…A6" : "B1…B6";
      return {
        reason: "not-own",
        rule: "KA-2",
        message: `KA-2: ${act.place} is not one of ${name}'s pits; ${name} sows from ${own}`,
      };
    }
    if (position.board[i] === 0) {
      return {
        reason: "too-few",
        rule: "KA-2",
        message: `KA-2: ${act.place} is empty; sow from a pit with stones`,
      };
    }
    return null;
  }

  withBoard(
    position: KalahPosition,
    change: { readonly counts?: readonly number[]; readonly toMove?: Side },
  ): Result<KalahPosition, GameError> {
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
    return parsePosition(json);
  }

  outcome(position: KalahPosition): Outcome<KalahSide> | null {
    return outcomeOf(position);
  }

  perft(position: KalahPosition, depth: number): number {
    return perftOf(
      position.board,
      sideIndex(position.toMove),
      depth,
      position.options.emptyCapture,
    );
  }

  randomMove(position: KalahPosition, random: () => number): LegalMove<KalahPosition> | null {
    const starts = startsOf(position);
    if (starts.length === 0) return null;
    const from = starts[
      Math.min(starts.length - 1, Math.floor(random() * starts.length))
    ] as number;
    const { position: next, trace } = play(position, from);
    return { move: PLACES[from] as string, position: next, trace };
  }

  playout(position: KalahPosition, random: () => number, maxPlies: number): number {
    const board = [...position.board];
    let side = sideIndex(position.toMove);
    const starts: number[] = [];
    for (let ply = 0; ply < maxPlies; ply++) {
      if (isOver(board)) return ply;
      starts.length = 0;
      for (let i = firstPit(side); i < firstPit(side) + 6; i++)
        if ((board[i] as number) > 0) starts.push(i);
      const from = starts[
        Math.min(starts.length - 1, Math.floor(random() * starts.length))
      ] as number;
      if (!sow(board, side, from, position.options.emptyCapture, null)) side = (1 - side) as 0 | 1;
    }
    return maxPlies;
  }
}

/** Leaves `depth` plies below a board (a finished game is a leaf). */
function perftOf(
  board: readonly number[],
  side: 0 | 1,
  depth: number,
  emptyCapture: boolean,
): number {
  if (depth === 0 || isOver(board)) return 1;
  let leaves = 0;
  for (let i = firstPit(side); i < firstPit(side) + 6; i++) {
    if ((board[i] as number) === 0) continue;
    const next = [...board];
    const again = sow(next, side, i, emptyCapture, null);
    leaves += perftOf(next, again ? side : ((1 - side) as 0 | 1), depth - 1, emptyCapture);
  }
  return leaves;
}
