/**
 * The four-row games behind the `Game` interface: legal moves with traces,
 * apply, outcome (HB-7, HB-8, HUS-4, BDE-4), perft and random playouts.
 */
import { err, msg, ok, type Message, type Result } from "../../shared/index.js";
import { gameOverError, type BoardAct, type Refusal, type RuleBook } from "../core/rules.js";
import type {
  BoardChange,
  Game,
  LegalMove,
  LegalMoves,
  Options,
  Outcome,
  Played,
  SensorView,
  Side,
} from "../core/types.js";
import { FourRowBoardGame } from "../fourrow/game.js";
import { rowsOfCounts } from "../fourrow/json.js";
import {
  CCW,
  CW,
  PIT_NAMES,
  SIDE_NAMES,
  frontRowEmpty,
  otherSide as other,
  sideIndex,
  sideStones,
  type Direction,
} from "../fourrow/geometry.js";
import { formatMoveParts, parseMove, type FourRowMove } from "./notation.js";
import {
  parsePosition,
  positionToJSON,
  type FourRowOptions,
  type FourRowPosition,
} from "./position.js";
import { END, OVERFLOW, TAKE, TurnRunner, DECLINE, CHOICE, type TurnRules } from "./turn.js";
import { fourRowRefusal, notOwnPit } from "./refusal.js";
import { materializeTrace } from "../fourrow/trace.js";
import { turnTreeRoots, type FourRowTurnNode } from "./tree.js";
import type { Variant } from "./variants.js";
import type { GameError } from "../core/errors.js";
import type { FourRowSide } from "../fourrow/geometry.js";

function hasStartPit(pits: Uint8Array, side: 0 | 1): boolean {
  for (let i = side << 4, end = i + 16; i < end; i++) if (pits[i] >= 2) return true;
  return false;
}

/** An illegal move, its message already citing `rule`. */
function illegal(rule: string, message: string): Result<never, GameError> {
  return err("illegal-move", message, { rule, field: "move" });
}

/** CORE-5's refusal, saying whether the turn cycles or is only too long. */
function tooLong(move: string, runner: TurnRunner, maxStages: number): Result<never, GameError> {
  const why = runner.cycled
    ? "never ends: its stages repeat in a cycle"
    : `would need more than ${maxStages} stages`;
  return err("illegal-move", `${move} ${why}, so it is not a legal turn (CORE-5)`, {
    rule: "CORE-5",
    field: "move",
  });
}

export class FourRowGame extends FourRowBoardGame<Variant> implements Game<FourRowPosition> {
  initial(options?: Readonly<Record<string, unknown>>): Result<FourRowPosition, GameError> {
    const resolved = this.resolveOptions(options);
    if (!resolved.ok) return resolved;
    return ok({
      game: this.variant.id,
      options: resolved.value as FourRowOptions,
      toMove: "S",
      pits: this.variant.setup.slice(),
    });
  }

  parsePosition(json: unknown): Result<FourRowPosition, GameError> {
    return parsePosition(this.variant, json);
  }

  positionToJSON(position: FourRowPosition): Record<string, unknown> {
    return positionToJSON(position);
  }

  sensorView(position: FourRowPosition): SensorView {
    return { geometry: "4x8", pits: PIT_NAMES, counts: Array.from(position.pits) };
  }

  /** The position's JSON with other counts and/or side to move, read back as `parsePosition` reads it. */
  withBoard(position: FourRowPosition, change: BoardChange): Result<FourRowPosition, GameError> {
    const json = positionToJSON(position);
    if (change.counts !== undefined) {
      const rows = rowsOfCounts(change.counts);
      if (!rows.ok) return rows;
      json.pits = rows.value;
    }
    if (change.toMove !== undefined) json.toMove = change.toMove;
    return parsePosition(this.variant, json);
  }

  /** The rules of mancala-4x8.md each kind of mistake breaks in this game. */
  ruleBook(options: Options): RuleBook {
    const spec = (name: string) => this.optionSpecs.find((s) => s.name === name);
    const direction = options.direction ?? spec("direction")?.default;
    return {
      turnOrder: "CORE-7",
      sowing: "CORE-1",
      keepDirection: "CORE-2",
      direction: this.variant.directionRule,
      fixedDirection:
        direction === "cw" ? "clockwise" : direction === "ccw" ? "counter-clockwise" : null,
      relay: "CORE-3",
      start: "CORE-4",
      stageLimit: spec("maxStages")?.rule ?? "CORE-5",
      capture: this.variant.captureRule,
      captureAgain: null,
      capturedSowing: null,
      placement: null,
      penalty: "HB-9",
    };
  }

  /** Why lifting a pit starts no legal turn (refusal.ts), or null when some legal move starts so. */
  refusal(position: FourRowPosition, act: BoardAct): Refusal | null {
    return fourRowRefusal(this, position, act);
  }

  rules(options: FourRowOptions): TurnRules {
    return {
      takesBack: this.variant.takesBack,
      needsOccupied: this.variant.needsOccupied,
      optional: options.capture === "optional",
      maxStages: options.maxStages,
    };
  }

  /** Directions the option allows, in notation order (`+` before `-`). */
  directions(options: FourRowOptions): readonly Direction[] {
    if (options.direction === "cw") return [CW];
    if (options.direction === "ccw") return [CCW];
    return [CW, CCW];
  }

  /** HB-8 ends on either front row, BDE-4 on the mover's: judged before any move. */
  endedOnBoard(pits: Uint8Array, side: 0 | 1): boolean {
    const end = this.variant.end;
    if (end === "HB-8") return frontRowEmpty(pits, 0) || frontRowEmpty(pits, 1);
    if (end === "BDE-4") return frontRowEmpty(pits, side);
    return false;
  }

  legal(position: FourRowPosition, limit = 100_000): LegalMoves<FourRowPosition> {
    const moves: LegalMove<FourRowPosition>[] = [];
    const side = sideIndex(position.toMove);
    const pits = position.pits;
    if (this.endedOnBoard(pits, side)) return { moves, truncated: false };
    const runner = new TurnRunner(this.rules(position.options), true);
    const toMove = other(position.toMove);
    const dirs = this.directions(position.options);
    let truncated = false;
    const visit = (r: TurnRunner, start: number): boolean => {
      if (moves.length >= limit) {
        truncated = true;
        return false;
      }
      moves.push({
        move: formatMoveParts(start, r.dir, r.choices, r.choiceCount),
        position: { ...position, toMove, pits: r.board.slice() },
        trace: materializeTrace(r.completeTrace()),
      });
      return true;
    };
    for (let start = side << 4, end = start + 16; start < end; start++) {
      if (pits[start] < 2) continue;
      for (const dir of dirs) {
        if (!runner.forEachPath(pits, start, dir, (r) => visit(r, start))) {
          return { moves, truncated };
        }
      }
    }
    return { moves, truncated };
  }

  /**
   * The moves of `legal` as a tree of their capture choices, expanded on
   * demand (see `TurnNode` in core/types.ts and tree.ts).
   */
  turnTree(position: FourRowPosition): readonly FourRowTurnNode[] {
    const side = sideIndex(position.toMove);
    const pits = position.pits;
    if (this.endedOnBoard(pits, side)) return [];
    const starts: number[] = [];
    for (let start = side << 4, end = start + 16; start < end; start++) {
      if (pits[start] >= 2) starts.push(start);
    }
    return turnTreeRoots(
      position,
      this.rules(position.options),
      other(position.toMove),
      starts,
      this.directions(position.options),
    );
  }

  apply(position: FourRowPosition, move: string): Played<FourRowPosition> {
    const over = this.outcome(position);
    if (over !== null) return gameOverError(over);
    const parsed = parseMove(move);
    if (!parsed.ok) return parsed;
    return (
      this.startRefusal(position, parsed.value, move) ?? this.play(position, parsed.value, move)
    );
  }

  /** CORE-4 (an own pit of two or more), the direction rule, and no choices where captures are mandatory. */
  private startRefusal(
    position: FourRowPosition,
    { start, dir, choices }: FourRowMove,
    move: string,
  ): Result<never, GameError> | null {
    const pit = PIT_NAMES[start];
    if (start >> 4 !== sideIndex(position.toMove)) {
      return illegal("CORE-4", notOwnPit(pit, position.toMove));
    }
    const n = position.pits[start];
    if (n < 2) {
      return illegal(
        "CORE-4",
        `${pit} holds ${n} stone${n === 1 ? "" : "s"}; a turn starts from a pit with two or more (CORE-4)`,
      );
    }
    const rule = this.variant.directionRule;
    if (!this.directions(position.options).includes(dir)) {
      return illegal(
        rule,
        `${move} sows ${dir === CW ? "clockwise" : "counter-clockwise"}, but direction is fixed ${position.options.direction} in this game (${rule})`,
      );
    }
    const cite = this.variant.captureRule;
    if (position.options.capture !== "optional" && choices.length > 0) {
      return illegal(
        cite,
        `${move} names capture choices, but captures are mandatory here, so a move is only its start and direction (${cite})`,
      );
    }
    return null;
  }

  /** Plays an allowed start with the move's capture choices: CORE-5 and the capture rule judge them. */
  private play(
    position: FourRowPosition,
    { start, dir, choices }: FourRowMove,
    move: string,
  ): Played<FourRowPosition> {
    const rules = this.rules(position.options);
    const cite = this.variant.captureRule;
    const runner = new TurnRunner(rules, true);
    runner.begin(position.pits, start, dir);
    let used = 0;
    for (;;) {
      const stop = runner.settle();
      if (stop === END) break;
      if (stop === OVERFLOW) return tooLong(move, runner, rules.maxStages);
      if (used >= choices.length) {
        return illegal(
          cite,
          `${move} does not say what happens at capture opportunity ${used + 1} (in ${PIT_NAMES[runner.last]}); add x to take it or . to decline (${cite})`,
        );
      }
      if (!runner.choose(choices[used++])) return tooLong(move, runner, rules.maxStages);
    }
    if (used < choices.length) {
      return illegal(
        cite,
        `${move} names ${choices.length} capture choices, but that turn meets only ${used} capture opportunit${used === 1 ? "y" : "ies"} (${cite})`,
      );
    }
    return ok({
      position: { ...position, toMove: other(position.toMove), pits: runner.board.slice() },
      trace: materializeTrace(runner.completeTrace()),
    });
  }

  /** Whether the side has at least one start that CORE-5 does not refuse. */
  private hasLegalStart(
    runner: TurnRunner,
    pits: Uint8Array,
    side: 0 | 1,
    options: FourRowOptions,
  ) {
    const dirs = this.directions(options);
    for (let start = side << 4, end = start + 16; start < end; start++) {
      if (pits[start] < 2) continue;
      for (const dir of dirs) if (runner.hasPath(pits, start, dir)) return true;
    }
    return false;
  }

  outcome(position: FourRowPosition): Outcome<FourRowSide> | null {
    const pits = position.pits;
    const mover = position.toMove;
    const side = sideIndex(mover);
    const who = SIDE_NAMES[mover];
    const end = this.variant.end;
    let reason: string | null = null;
    // The same as a message for the player's language (issue 32).
    let text: Message | null = null;
    const side_ = (s: Side) => msg(`side.${s}`);
    if (end === "HB-8") {
      if (frontRowEmpty(pits, 0)) {
        reason = "HB-8: South's front row is empty";
        text = msg("outcome.frontRowEmpty", { rule: end, side: side_("S") });
      } else if (frontRowEmpty(pits, 1)) {
        reason = "HB-8: North's front row is empty";
        text = msg("outcome.frontRowEmpty", { rule: end, side: side_("N") });
      }
    } else if (end === "BDE-4" && frontRowEmpty(pits, side)) {
      reason = `BDE-4: ${who} has no stone in the front row`;
      text = msg("outcome.noFrontStone", { rule: end, side: side_(mover) });
    }
    if (reason === null) {
      if (!hasStartPit(pits, side)) {
        reason = `${end}: ${who} has no pit with two or more stones`;
        text = msg("outcome.noStartPit", { rule: end, side: side_(mover) });
      } else if (
        !this.hasLegalStart(
          new TurnRunner(this.rules(position.options), false),
          pits,
          side,
          position.options,
        )
      ) {
        reason = `${end}: every start ${who} has is refused by the stage limit of ${position.options.maxStages} (CORE-5)`;
        text = msg("outcome.stageLimit", {
          rule: end,
          side: side_(mover),
          limit: position.options.maxStages,
        });
      }
    }
    if (reason === null || text === null) return null;
    const s = sideStones(pits, 0);
    const n = sideStones(pits, 1);
    if (end === "HB-8") {
      return { winner: s > n ? "S" : n > s ? "N" : null, reason, text, score: { S: s, N: n } };
    }
    const winner = other(mover);
    if (end === "HUS-4") {
      // HUS-5: the winner scores the stones on their side, double if the loser has none.
      const won = winner === "S" ? s : n;
      const lost = winner === "S" ? n : s;
      const points = lost === 0 ? 2 * won : won;
      return {
        winner,
        reason,
        text,
        score: winner === "S" ? { S: points, N: 0 } : { S: 0, N: points },
      };
    }
    return { winner, reason, text, score: { S: s, N: n } };
  }

  perft(position: FourRowPosition, depth: number): number {
    if (depth <= 0) return 1;
    const rules = this.rules(position.options);
    const runners = Array.from({ length: depth }, () => new TurnRunner(rules, false));
    const dirs = this.directions(position.options);
    const node = (pits: Uint8Array, side: 0 | 1, d: number): number => {
      if (this.endedOnBoard(pits, side)) return 1;
      const runner = runners[d - 1];
      let total = 0;
      for (let start = side << 4, end = start + 16; start < end; start++) {
        if (pits[start] < 2) continue;
        for (const dir of dirs) {
          if (d === 1) {
            total += runner.countPaths(pits, start, dir);
          } else if (!rules.optional) {
            if (runner.runCompulsory(pits, start, dir)) {
              total += node(runner.board, (side ^ 1) as 0 | 1, d - 1);
            }
          } else {
            runner.forEachPath(pits, start, dir, (r) => {
              total += node(r.board, (side ^ 1) as 0 | 1, d - 1);
              return true;
            });
          }
        }
      }
      return total === 0 ? 1 : total;
    };
    return node(position.pits, sideIndex(position.toMove), depth);
  }

  /** The (start, dir) pairs with a legal path, packed as `start * 2 + dir`. */
  private legalStarts(
    runner: TurnRunner,
    pits: Uint8Array,
    side: 0 | 1,
    options: FourRowOptions,
    out: Int32Array,
  ): number {
    if (this.endedOnBoard(pits, side)) return 0;
    const dirs = this.directions(options);
    let count = 0;
    for (let start = side << 4, end = start + 16; start < end; start++) {
      if (pits[start] < 2) continue;
      for (const dir of dirs) if (runner.hasPath(pits, start, dir)) out[count++] = start * 2 + dir;
    }
    return count;
  }

  /** Walks one path of the start with random choices; false if CORE-5 refused it. */
  private randomPath(
    runner: TurnRunner,
    pits: Uint8Array,
    start: number,
    dir: Direction,
    random: () => number,
  ): boolean {
    runner.begin(pits, start, dir);
    for (;;) {
      const stop = runner.settle();
      if (stop === END) return true;
      if (stop === OVERFLOW) return false;
      if (stop === CHOICE && !runner.choose(random() < 0.5 ? DECLINE : TAKE)) return false;
    }
  }

  /** A random path of a start known to have one: random choices, or the first legal path. */
  private walkStart(
    runner: TurnRunner,
    pits: Uint8Array,
    start: number,
    dir: Direction,
    random: () => number,
  ): void {
    for (let attempt = 0; attempt < 8; attempt++) {
      if (this.randomPath(runner, pits, start, dir, random)) return;
    }
    runner.forEachPath(pits, start, dir, () => false);
  }

  randomMove(position: FourRowPosition, random: () => number): LegalMove<FourRowPosition> | null {
    const rules = this.rules(position.options);
    const side = sideIndex(position.toMove);
    const starts = new Int32Array(32);
    const count = this.legalStarts(
      new TurnRunner(rules, false),
      position.pits,
      side,
      position.options,
      starts,
    );
    if (count === 0) return null;
    const pick = starts[Math.floor(random() * count)];
    const start = pick >> 1;
    const dir = (pick & 1) as Direction;
    const runner = new TurnRunner(rules, true);
    this.walkStart(runner, position.pits, start, dir, random);
    return {
      move: formatMoveParts(start, dir, runner.choices, runner.choiceCount),
      position: { ...position, toMove: other(position.toMove), pits: runner.board.slice() },
      trace: materializeTrace(runner.completeTrace()),
    };
  }

  playout(position: FourRowPosition, random: () => number, maxPlies: number): number {
    const rules = this.rules(position.options);
    const probe = new TurnRunner(rules, false);
    const runner = new TurnRunner(rules, false);
    const pits = position.pits.slice();
    const starts = new Int32Array(32);
    let side = sideIndex(position.toMove);
    let plies = 0;
    while (plies < maxPlies) {
      const count = this.legalStarts(probe, pits, side, position.options, starts);
      if (count === 0) break;
      const pick = starts[Math.floor(random() * count)];
      this.walkStart(runner, pits, pick >> 1, (pick & 1) as Direction, random);
      pits.set(runner.board);
      side = (side ^ 1) as 0 | 1;
      plies++;
    }
    return plies;
  }
}
