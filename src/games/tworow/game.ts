/**
 * What every sowing game on the two-row board (Kalah, Oware) does alike
 * behind the `Game` interface: a move is one sowing named by its pit (`A3`);
 * it starts from one of the mover's pits with stones (KA-2, OW-2), nothing
 * is put onto the board from outside; the board's readings are its fourteen
 * counts. A game gives its rules: the sowings of a position, its end, its
 * JSON, the rules it cites, and why a lift its rules forbid is refused.
 */
import { readingNames, ok, type Result } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import {
  gameOverError,
  refusedMove,
  type BoardAct,
  type Refusal,
  type RuleBook,
} from "../core/rules.js";
import type {
  BoardChange,
  Game,
  LegalMove,
  LegalMoves,
  OptionSpec,
  Outcome,
  Played,
  Position,
  SensorView,
  SideOf,
  Trace,
} from "../core/types.js";
import { GEOMETRY, PLACES, type TwoRowSide } from "./board.js";
import { changedJSON } from "./json.js";
import { liftRefusal, pitOfMove } from "./starts.js";
import type { GameError } from "../core/errors.js";

const READINGS = readingNames(GEOMETRY);

/** A position on the two-row board: its fourteen counts in sensor order. */
export interface TwoRowPosition extends Position {
  readonly toMove: TwoRowSide;
  /** The counts of `A1`…`A6`, `B1`…`B6`, `SC`, `NC` (the board's readings). */
  readonly board: readonly number[];
}

/** One legal sowing: the pit it starts from, and (computed when asked) what it does. */
export interface Sowing<P> {
  readonly from: number;
  play(): { readonly position: P; readonly trace: Trace };
}

/**
 * The rules a two-row game cites: where a turn starts and how stones are
 * sown (KA-2, OW-2), the end (KA-5, OW-8: cited for an act after it), and
 * its rule book's roles of captures; the other roles are `start`'s or none.
 */
export interface TwoRowRules extends Pick<RuleBook, "capture" | "captureChain" | "skipsStart"> {
  readonly start: string;
  readonly end: string;
}

export abstract class TwoRowGame<P extends TwoRowPosition> implements Game<P> {
  abstract readonly id: string;
  abstract readonly title: string;
  abstract readonly optionSpecs: readonly OptionSpec[];
  abstract readonly layout: BoardLayout<TwoRowSide>;
  protected abstract readonly rules: TwoRowRules;
  /**
   * Why HB-9's `penalty5` policy cannot apply, citing the game's rules: none
   * has a penalty, and stones put by hand into the opponent's pits would
   * count as no rule says.
   */
  protected abstract readonly noPenalty5: string;

  abstract initial(options?: Readonly<Record<string, unknown>>): Result<P, GameError>;
  abstract parsePosition(json: unknown): Result<P, GameError>;
  abstract positionToJSON(position: P): Record<string, unknown>;
  abstract outcome(position: P): Outcome<SideOf<P>> | null;
  abstract perft(position: P, depth: number): number;
  abstract playout(position: P, random: () => number, maxPlies: number): number;
  /** The legal sowings of the side to move, in pit-name order; none once the game is over. */
  protected abstract sowings(position: P): readonly Sowing<P>[];

  /**
   * Why lifting pit `i` of the mover, which holds stones, starts no legal
   * sowing under the game's own rules (Oware's feeding, OW-4), or null.
   */
  protected liftForbidden(_position: P, _i: number, _place: string): Refusal | null {
    return null;
  }

  /** The position read back from `withBoard`'s JSON (Oware: its history started again where it no longer fits). */
  protected reparse(json: Record<string, unknown>): Result<P, GameError> {
    return this.parsePosition(json);
  }

  legal(position: P, limit = 100_000): LegalMoves<P> {
    const all = this.sowings(position);
    return {
      moves: all.slice(0, limit).map((s) => moveOf(s)),
      truncated: all.length > limit,
    };
  }

  apply(position: P, move: string): Played<P> {
    const over = this.outcome(position);
    if (over !== null) return gameOverError(over);
    const from = pitOfMove(move, this.rules.start);
    if (!from.ok) return from;
    const refused = this.refusal(position, { kind: "start", place: PLACES[from.value] as string });
    if (refused !== null) return refusedMove(refused);
    const sowing = this.sowings(position).find((s) => s.from === from.value) as Sowing<P>;
    return ok(sowing.play());
  }

  sensorView(position: P): SensorView {
    return { geometry: GEOMETRY, pits: READINGS, counts: [...position.board] };
  }

  ruleBook(): RuleBook {
    const { start, ...own } = this.rules;
    return {
      turnOrder: start,
      sowing: start,
      keepDirection: start,
      direction: start,
      fixedDirection: "counter-clockwise",
      relay: null,
      start,
      stageLimit: null,
      capture: own.capture,
      ...(own.captureChain === undefined ? {} : { captureChain: own.captureChain }),
      ...(own.skipsStart === undefined ? {} : { skipsStart: own.skipsStart }),
      captureAgain: null,
      capturedSowing: null,
      placement: null,
      penalty: null,
      refusedPolicies: { penalty5: this.noPenalty5 },
    };
  }

  refusal(position: P, act: BoardAct): Refusal | null {
    const over = this.outcome(position);
    if (over !== null) {
      return { reason: "other", rule: this.rules.end, message: `the game is over: ${over.reason}` };
    }
    const lift = liftRefusal(position.board, position.toMove, act, this.rules.start);
    if (lift !== null) return lift;
    return this.liftForbidden(position, PLACES.indexOf(act.place), act.place);
  }

  withBoard(position: P, change: BoardChange<SideOf<P>>): Result<P, GameError> {
    const json = changedJSON(this.positionToJSON(position), change);
    return json.ok ? this.reparse(json.value) : json;
  }

  randomMove(position: P, random: () => number): LegalMove<P> | null {
    const all = this.sowings(position);
    if (all.length === 0) return null;
    return moveOf(all[Math.min(all.length - 1, Math.floor(random() * all.length))] as Sowing<P>);
  }
}

function moveOf<P>(s: Sowing<P>): LegalMove<P> {
  const { position, trace } = s.play();
  return { move: PLACES[s.from] as string, position, trace };
}
