/**
 * Bao la kiswahili and Bao la kujifunza behind the `Game` interface: legal
 * moves with traces, apply with a reason for every refusal, outcome (BK-17),
 * perft and random playouts.
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
} from "../core/types.js";
import { FourRowBoardGame } from "../fourrow/game.js";
import { rowsOfCounts } from "../fourrow/json.js";
import { materializeTrace } from "../fourrow/trace.js";
import { judgeOf, moveFault } from "./faults.js";
import { baoRefusal } from "./refusal.js";
import {
  PIT_NAMES,
  SIDE_NAMES,
  frontRowEmpty,
  otherSide as other,
  pitIndex,
  sideIndex,
} from "../fourrow/geometry.js";
import type { BaoSide } from "./geometry.js";
import { formatMoveParts, normaliseMove, parseMove, type BaoMove } from "./notation.js";
import { parsePosition, positionToJSON, type BaoOptions, type BaoPosition } from "./position.js";
import {
  MAX_STARTS,
  blockAfter,
  captureStarts,
  hasLegalStart,
  legalStarts,
  takasaStarts,
  type StartRules,
} from "./starts.js";
import {
  CHOICE,
  END,
  HAND,
  OWNED,
  SAFARI,
  STATE_SIZE,
  STOP,
  TurnRunner,
  loadState,
} from "./turn.js";
import { setupOf, type BaoVariant } from "./variants.js";
import type { GameError } from "../core/errors.js";

function byMove<P>(a: LegalMove<P>, b: LegalMove<P>): number {
  return a.move < b.move ? -1 : a.move > b.move ? 1 : 0;
}

export class BaoGame extends FourRowBoardGame<BaoVariant> implements Game<BaoPosition> {
  initial(options?: Readonly<Record<string, unknown>>): Result<BaoPosition, GameError> {
    const resolved = this.resolveOptions(options);
    if (!resolved.ok) return resolved;
    const { pits, hand } = setupOf(this.variant, resolved.value.setup);
    const owned = this.variant.kiswahili;
    return ok({
      game: this.variant.id,
      options: resolved.value as BaoOptions,
      toMove: "S",
      pits,
      hand: { S: hand, N: hand },
      nyumba: { S: owned, N: owned },
      blocked: null,
    });
  }

  parsePosition(json: unknown): Result<BaoPosition, GameError> {
    return parsePosition(this.variant, json);
  }

  positionToJSON(position: BaoPosition): Record<string, unknown> {
    return positionToJSON(this.variant, position);
  }

  /** The pits as the sensors see them; seeds in hand are off the board. */
  sensorView(position: BaoPosition): SensorView {
    return { geometry: "4x8", pits: PIT_NAMES, counts: Array.from(position.pits) };
  }

  /**
   * The position's JSON with other pit counts and/or side to move (hands and
   * nyumba kept), read back as `parsePosition` reads it. A BK-16 block belongs
   * to the turn of the side it was set for: another side to move clears it.
   */
  withBoard(position: BaoPosition, change: BoardChange): Result<BaoPosition, GameError> {
    const json = positionToJSON(this.variant, position);
    if (change.counts !== undefined) {
      const rows = rowsOfCounts(change.counts);
      if (!rows.ok) return rows;
      json.pits = rows.value;
    }
    if (change.toMove !== undefined && change.toMove !== position.toMove) {
      json.toMove = change.toMove;
      if ("blocked" in json) json.blocked = null;
    }
    return parsePosition(this.variant, json);
  }

  /** The rules of bao-kiswahili.md (and CORE-1, CORE-2, CORE-7) each kind of mistake breaks. */
  ruleBook(_options: Options): RuleBook {
    const stages = this.optionSpecs.find((s) => s.name === "maxStages")?.rule ?? "BK-18";
    return {
      turnOrder: "CORE-7",
      sowing: "CORE-1",
      keepDirection: "CORE-2",
      direction: null,
      fixedDirection: null,
      relay: "BK-6",
      start: "BK-13",
      stageLimit: stages,
      capture: "BK-4",
      captureAgain: "BK-6",
      capturedSowing: "BK-5",
      placement: this.variant.kiswahili ? "BK-9" : null,
      penalty: null,
    };
  }

  /** Why lifting a pit or placing a seed starts no legal turn (refusal.ts), or null. */
  refusal(position: BaoPosition, act: BoardAct): Refusal | null {
    return baoRefusal(this, position, act);
  }

  rules(options: BaoOptions): StartRules {
    const kiswahili = this.variant.kiswahili;
    return {
      nyumba: kiswahili,
      safariChoice: kiswahili && options.safari !== "mandatory",
      maxStages: options.maxStages,
      taxOnlyIfNoOther: kiswahili && options.nyumbaTax === "only-if-no-other",
      takasia: kiswahili && options.takasia === true,
    };
  }

  /** BK-16: the block the finished turn sets for the opponent, or -1. */
  private blockFor(
    rules: StartRules,
    before: Uint8Array,
    runner: TurnRunner,
    probe: TurnRunner,
    scratch: Int32Array,
  ): number {
    const side = runner.side;
    if (!rules.takasia || before[HAND + side] !== 0 || runner.mtaji) return -1;
    return blockAfter(probe, rules, runner.board, side, scratch);
  }

  /** The position a finished path leads to. */
  private after(position: BaoPosition, runner: TurnRunner, block: number): BaoPosition {
    const s = runner.board;
    return {
      ...position,
      toMove: other(position.toMove),
      pits: s.slice(0, 32),
      hand: { S: s[HAND], N: s[HAND + 1] },
      nyumba: { S: s[OWNED] !== 0, N: s[OWNED + 1] !== 0 },
      blocked: block < 0 ? null : (PIT_NAMES[block] as string),
    };
  }

  private blockedPit(position: BaoPosition): number {
    return position.blocked === null ? -1 : pitIndex(position.blocked);
  }

  legal(position: BaoPosition, limit = 100_000): LegalMoves<BaoPosition> {
    const moves: LegalMove<BaoPosition>[] = [];
    const state = loadState(position, new Uint8Array(STATE_SIZE));
    if (frontRowEmpty(state, 0) || frontRowEmpty(state, 1)) return { moves, truncated: false };
    const rules = this.rules(position.options);
    const side = sideIndex(position.toMove);
    const blocked = this.blockedPit(position);
    const runner = new TurnRunner(rules, true);
    const probe = new TurnRunner(rules, false);
    const starts = new Int32Array(MAX_STARTS);
    const scratch = new Int32Array(MAX_STARTS);
    const collect = (count: number): void => {
      for (let i = 0; i < count; i++) {
        const start = starts[i];
        runner.forEachPath(state, side, blocked, start, (r) => {
          moves.push({
            move: formatMoveParts(start, r.choices, r.choiceCount),
            position: this.after(position, r, this.blockFor(rules, state, r, probe, scratch)),
            trace: materializeTrace(r.completeTrace()),
          });
          return true;
        });
      }
    };
    // BK-8: the capturing starts if any has a legal path, else the takasa starts.
    collect(captureStarts(rules, state, side, blocked, starts));
    if (moves.length === 0) collect(takasaStarts(rules, state, side, blocked, starts));
    moves.sort(byMove);
    const keep = Math.max(0, limit);
    if (moves.length <= keep) return { moves, truncated: false };
    return { moves: moves.slice(0, keep), truncated: true };
  }

  normaliseMove(text: string): string {
    return normaliseMove(text);
  }

  apply(position: BaoPosition, move: string): Played<BaoPosition> {
    const over = this.outcome(position);
    if (over !== null) return gameOverError(over);
    const parsed = parseMove(move);
    if (!parsed.ok) return parsed;
    const found = this.legal(position).moves.find((m) => m.move === move);
    if (found !== undefined) return ok({ position: found.position, trace: found.trace });
    return this.diagnose(position, parsed.value, move);
  }

  /** Why a well-formed move is not legal, citing the rule (faults.ts). */
  private diagnose(position: BaoPosition, move: BaoMove, text: string): Result<never, GameError> {
    const j = judgeOf(this.variant, this.rules(position.options), position);
    const f = moveFault(j, move, text);
    if (f.kind === "unexplained") return err("illegal-move", f.message, { field: "move" });
    return err("illegal-move", f.message, { rule: f.rule, field: "move" });
  }

  outcome(position: BaoPosition): Outcome<BaoSide> | null {
    const state = loadState(position, new Uint8Array(STATE_SIZE));
    const mover = position.toMove;
    const side = sideIndex(mover);
    const who = SIDE_NAMES[mover];
    const opponent = other(mover);
    let reason: string | null = null;
    // The same as a message for the player's language (issue 32).
    let text: Message | null = null;
    let winner: BaoSide = opponent;
    if (frontRowEmpty(state, side)) {
      const both = frontRowEmpty(state, (side ^ 1) as 0 | 1);
      reason = both
        ? `BK-17: both front rows are empty; ${who}, to move, has lost`
        : `BK-17: ${who}'s front row is empty`;
      text = msg(both ? "outcome.bothFrontRows" : "outcome.frontRowEmpty", {
        rule: "BK-17",
        side: msg(`side.${mover}`),
      });
    } else if (frontRowEmpty(state, (side ^ 1) as 0 | 1)) {
      reason = `BK-17: ${SIDE_NAMES[opponent]}'s front row is empty`;
      text = msg("outcome.frontRowEmpty", { rule: "BK-17", side: msg(`side.${opponent}`) });
      winner = mover;
    } else {
      const rules = this.rules(position.options);
      const blocked = this.blockedPit(position);
      const scratch = new Int32Array(MAX_STARTS);
      if (!hasLegalStart(new TurnRunner(rules, false), rules, state, side, blocked, scratch)) {
        const candidates =
          captureStarts(rules, state, side, blocked, scratch) +
          takasaStarts(rules, state, side, blocked, scratch);
        reason =
          candidates > 0
            ? `BK-17: every start ${who} has is refused by the stage limit of ${rules.maxStages} sowings (BK-18)`
            : `BK-17: ${who} has no legal start`;
        text =
          candidates > 0
            ? msg("outcome.stageLimitSowings", {
                side: msg(`side.${mover}`),
                limit: rules.maxStages,
              })
            : msg("outcome.noLegalStart", { side: msg(`side.${mover}`) });
      }
    }
    if (reason === null || text === null) return null;
    let s = position.hand.S;
    let n = position.hand.N;
    for (let i = 0; i < 16; i++) s += position.pits[i];
    for (let i = 16; i < 32; i++) n += position.pits[i];
    return { winner, reason, text, score: { S: s, N: n } };
  }

  perft(position: BaoPosition, depth: number): number {
    if (depth <= 0) return 1;
    const rules = this.rules(position.options);
    const runners = Array.from({ length: depth }, () => new TurnRunner(rules, false));
    const starts = Array.from({ length: depth }, () => new Int32Array(MAX_STARTS));
    const probe = new TurnRunner(rules, false);
    const scratch = new Int32Array(MAX_STARTS);
    const node = (state: Uint8Array, side: 0 | 1, blocked: number, d: number): number => {
      if (frontRowEmpty(state, 0) || frontRowEmpty(state, 1)) return 1;
      const runner = runners[d - 1] as TurnRunner;
      const list = starts[d - 1] as Int32Array;
      let total = 0;
      let paths = 0;
      const walk = (count: number): void => {
        for (let i = 0; i < count; i++) {
          const start = list[i];
          if (d === 1) {
            const k = runner.countPaths(state, side, blocked, start);
            paths += k;
            total += k;
          } else {
            runner.forEachPath(state, side, blocked, start, (r) => {
              paths++;
              const block = this.blockFor(rules, state, r, probe, scratch);
              total += node(r.board, (side ^ 1) as 0 | 1, block, d - 1);
              return true;
            });
          }
        }
      };
      walk(captureStarts(rules, state, side, blocked, list));
      if (paths === 0) walk(takasaStarts(rules, state, side, blocked, list));
      return paths === 0 ? 1 : total;
    };
    const state = loadState(position, new Uint8Array(STATE_SIZE));
    return node(state, sideIndex(position.toMove), this.blockedPit(position), depth);
  }

  /**
   * A random path of a start known to have one: up to eight walks with random
   * choices (a walk BK-18 refuses is tried again), else the first legal path.
   */
  private walkStart(
    runner: TurnRunner,
    state: Uint8Array,
    side: 0 | 1,
    blocked: number,
    start: number,
    random: () => number,
  ): void {
    for (let attempt = 0; attempt < 8; attempt++) {
      runner.begin(state, side, blocked, start);
      let stop = runner.settle();
      while (stop === CHOICE) stop = runner.choose(random() < 0.5 ? STOP : SAFARI);
      if (stop === END) return;
    }
    runner.forEachPath(state, side, blocked, start, () => false);
  }

  randomMove(position: BaoPosition, random: () => number): LegalMove<BaoPosition> | null {
    const state = loadState(position, new Uint8Array(STATE_SIZE));
    if (frontRowEmpty(state, 0) || frontRowEmpty(state, 1)) return null;
    const rules = this.rules(position.options);
    const side = sideIndex(position.toMove);
    const blocked = this.blockedPit(position);
    const probe = new TurnRunner(rules, false);
    const starts = new Int32Array(MAX_STARTS);
    const scratch = new Int32Array(MAX_STARTS);
    const count = legalStarts(probe, rules, state, side, blocked, starts, scratch);
    if (count === 0) return null;
    const start = starts[Math.floor(random() * count)];
    const runner = new TurnRunner(rules, true);
    this.walkStart(runner, state, side, blocked, start, random);
    return {
      move: formatMoveParts(start, runner.choices, runner.choiceCount),
      position: this.after(position, runner, this.blockFor(rules, state, runner, probe, scratch)),
      trace: materializeTrace(runner.completeTrace()),
    };
  }

  playout(position: BaoPosition, random: () => number, maxPlies: number): number {
    const rules = this.rules(position.options);
    const probe = new TurnRunner(rules, false);
    const runner = new TurnRunner(rules, false);
    const state = loadState(position, new Uint8Array(STATE_SIZE));
    const starts = new Int32Array(MAX_STARTS);
    const scratch = new Int32Array(MAX_STARTS);
    let side = sideIndex(position.toMove);
    let blocked = this.blockedPit(position);
    let plies = 0;
    while (plies < maxPlies) {
      if (frontRowEmpty(state, 0) || frontRowEmpty(state, 1)) break;
      const count = legalStarts(probe, rules, state, side, blocked, starts, scratch);
      if (count === 0) break;
      this.walkStart(runner, state, side, blocked, starts[Math.floor(random() * count)], random);
      blocked = this.blockFor(rules, state, runner, probe, scratch);
      state.set(runner.board);
      side = (side ^ 1) as 0 | 1;
      plies++;
    }
    return plies;
  }
}
