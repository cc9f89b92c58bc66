/**
 * Glassperlenspiel behind the `Game` interface (glassperlenspiel.md):
 * positions with gems by tag, every bead order a move, moves listed lazily
 * in move-string order, apply with the rule of every refusal, the end of the
 * game (GB-5, GB-6, GB-7), perft and random play without building moves.
 */
import { resolveOptions } from "../core/options.js";
import { err, ok, readingNames, type Result } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import { gameOverError, type BoardAct, type Refusal, type RuleBook } from "../core/rules.js";
import type {
  BoardChange,
  Game,
  LegalMove,
  LegalMoves,
  OptionSpec,
  Outcome,
  Played,
  SensorStep,
  SensorView,
  TraceStep,
} from "../core/types.js";
import { GLASS_LAYOUT, PIT_COUNT, PLACES, gemIndex } from "./geometry.js";
import { applyMove } from "./apply.js";
import { outcomeOf, repeated } from "./outcome.js";
import { GAME_ID, keyOf, parsePosition, positionToJSON, type GlassPosition } from "./position.js";
import { glassRefusal } from "./refusal.js";
import { normaliseMove } from "./notation.js";
import { tookFromPits } from "./captures.js";
import { turnTreeRoots } from "./tree.js";
import { KeyStack, endOf, forEachMove, materialize, perftOf, randomTurn, sowerOf } from "./turn.js";
import { gemsCode, stonesCode } from "./history.js";
import type { GameError } from "../core/errors.js";
import type { GlassSide } from "./geometry.js";

/** GB-1: one stone and one gem a pit, gem 1 in each owner's rightmost pit. */
const SETUP_GEMS = [5, 6, 7, 8, 9, 4, 3, 2, 1, 0];

const READINGS = readingNames("2x5+2");
/**
 * Each reading as its place (index into PLACES) and, for a gem reading
 * (`A3:S4`), the gem's index (else -1): worked out once, since a player
 * weighing its moves asks for the sensor view of every one of them.
 */
const READING_PLACE: readonly number[] = READINGS.map((name) => {
  const colon = name.indexOf(":");
  return PLACES.indexOf(colon < 0 ? name : name.slice(0, colon));
});
const READING_GEM: readonly number[] = READINGS.map((name) => {
  const colon = name.indexOf(":");
  return colon < 0 ? -1 : gemIndex(name.slice(colon + 1));
});

export class GlassGame implements Game<GlassPosition> {
  readonly id = GAME_ID;
  readonly title = "Glassperlenspiel";
  readonly optionSpecs: readonly OptionSpec[] = [];
  readonly layout: BoardLayout<GlassSide> = GLASS_LAYOUT;

  initial(options?: Readonly<Record<string, unknown>>): Result<GlassPosition, GameError> {
    const resolved = resolveOptions(this.id, this.optionSpecs, options);
    if (!resolved.ok) return resolved;
    return ok({
      game: GAME_ID,
      options: {},
      toMove: "S",
      stones: new Array<number>(PIT_COUNT).fill(1),
      gems: SETUP_GEMS.slice(),
      history: [],
    });
  }

  parsePosition(json: unknown): Result<GlassPosition, GameError> {
    return parsePosition(json);
  }

  positionToJSON(position: GlassPosition): Record<string, unknown> {
    return positionToJSON(position);
  }

  legal(position: GlassPosition, limit = 100_000): LegalMoves<GlassPosition> {
    const moves: LegalMove<GlassPosition>[] = [];
    if (outcomeOf(position) !== null) return { moves, truncated: false };
    const key = keyOf(position);
    const s = sowerOf(position);
    let truncated = false;
    forEachMove(s, () => {
      if (moves.length >= limit) {
        truncated = true;
        return false;
      }
      moves.push(materialize(s, position, key));
      return true;
    });
    return { moves, truncated };
  }

  turnTree(position: GlassPosition): ReturnType<typeof turnTreeRoots> {
    return turnTreeRoots(position, repeated(position));
  }

  normaliseMove(text: string): string {
    return normaliseMove(text);
  }

  apply(position: GlassPosition, move: string): Played<GlassPosition> {
    const over = outcomeOf(position);
    if (over !== null) return gameOverError(over);
    return applyMove(position, move);
  }

  sensorView(position: GlassPosition): SensorView {
    const counts = new Array<number>(READINGS.length);
    for (let i = 0; i < READINGS.length; i++) {
      const place = READING_PLACE[i] as number;
      const gem = READING_GEM[i] as number;
      if (gem < 0) counts[i] = place < PIT_COUNT ? (position.stones[place] as number) : 0;
      else counts[i] = position.gems[gem] === place ? 1 : 0;
    }
    return { geometry: "2x5+2", pits: READINGS, counts };
  }

  /**
   * A lift takes the pit's stones and each of its gems; a bead or gem moves
   * on its own reading. The readings of one lift change together as the hand
   * closes, and the captures after the last bead are made in any order (each
   * gem off its place, then into the cup), so both are marked free: a
   * settled reading part way through either, in any order, is progress.
   */
  sensorSteps(step: TraceStep): readonly SensorStep[] {
    switch (step.op) {
      case "lift": {
        const stones = step.stones ?? step.n;
        const out: SensorStep[] =
          stones > 0 ? [{ op: "lift", reading: step.pit, n: stones, free: true }] : [];
        for (const gem of step.gems ?? [])
          out.push({ op: "lift", reading: `${step.pit}:${gem}`, n: 1, free: true });
        return out;
      }
      case "sow": {
        const bead = step.bead ?? "s";
        return [{ op: "sow", reading: bead === "s" ? step.pit : `${step.pit}:${bead}`, n: 1 }];
      }
      case "capture": {
        const gem = step.gem ?? "";
        const cup = step.to ?? "";
        return [
          { op: "capture", reading: `${step.pit}:${gem}`, n: 1, free: true },
          { op: "sow", reading: `${cup}:${gem}`, n: 1, free: true },
        ];
      }
      case "place":
        return [{ op: "place", reading: step.pit, n: 1 }];
    }
  }

  ruleBook(): RuleBook {
    return {
      turnOrder: "GB-2",
      sowing: "GB-2",
      keepDirection: "GB-2",
      direction: "GB-2",
      fixedDirection: "counter-clockwise",
      relay: null,
      start: "GB-2",
      stageLimit: null,
      capture: "GB-3",
      captureChain: "GB-4",
      skipsStart: "GB-2",
      captureAgain: null,
      capturedSowing: null,
      placement: null,
      penalty: null,
      refusedPolicies: {
        penalty5:
          "penalty5 cannot apply to Glassperlenspiel: its rules (GB-1…GB-7) have no penalty, and its ten stones belong to neither player (whoever moves sows the beads of their own pit, GB-2), so there are no five own stones to hand over; choose retry, forfeit or truncate",
      },
    };
  }

  refusal(position: GlassPosition, act: BoardAct): Refusal | null {
    const over = outcomeOf(position);
    const end = over === null ? null : { rule: over.rule, reason: over.reason };
    return glassRefusal(position, sowerOf(position), act, end);
  }

  /**
   * Another board (readings in `sensorView` order) and/or side to move. The
   * history is kept when it still fits the new position (GB-7), else it
   * starts again: the repetitions it counted were of another board. The turn
   * passed on the same board (a forfeit) adds the position it passed from,
   * as a move that takes no gem from the pits does.
   */
  withBoard(position: GlassPosition, change: BoardChange): Result<GlassPosition, GameError> {
    const json = positionToJSON(position);
    if (change.counts !== undefined) {
      const board = boardOfReadings(change.counts);
      if (!board.ok) return board;
      json.pits = board.value.pits;
      json.cups = board.value.cups;
    }
    if (change.toMove !== undefined) json.toMove = change.toMove;
    // The turn passed on the same board (a forfeit): GB-7 counts the position
    // it passed from, as after any move that takes no gem from the pits.
    if (
      change.counts === undefined &&
      change.toMove !== undefined &&
      change.toMove !== position.toMove
    )
      json.history = [...position.history, keyOf(position)];
    const kept = parsePosition(json);
    if (kept.ok || kept.error.rule !== "GB-7") return kept;
    return parsePosition({ ...json, history: [] });
  }

  outcome(position: GlassPosition): Outcome<GlassSide> | null {
    const over = outcomeOf(position);
    return over === null
      ? null
      : { winner: over.winner, reason: over.reason, text: over.text, score: over.score };
  }

  perft(position: GlassPosition, depth: number): number {
    return perftOf(position, depth);
  }

  randomMove(position: GlassPosition, random: () => number): LegalMove<GlassPosition> | null {
    if (outcomeOf(position) !== null) return null;
    const s = sowerOf(position);
    if (!randomTurn(s, random)) return null;
    return materialize(s, position, keyOf(position));
  }

  playout(position: GlassPosition, random: () => number, maxPlies: number): number {
    const s = sowerOf(position);
    const keys = new KeyStack(position.history, maxPlies);
    let base = 0;
    for (let ply = 0; ply < maxPlies; ply++) {
      const ks = stonesCode(s.stones);
      const kg = gemsCode(s.gemPlace, s.side);
      if (endOf(s, keys.count(base, ks, kg) >= 2) !== null) return ply;
      randomTurn(s, random);
      if (tookFromPits(s)) {
        base = keys.top;
      } else {
        keys.push(ks, kg);
      }
      s.start = -1;
      s.side = (1 - s.side) as 0 | 1;
    }
    return maxPlies;
  }
}

/** The JSON `pits` and `cups` of a board given as readings (`sensorView` order). */
function boardOfReadings(
  counts: readonly number[],
): Result<{ pits: Record<string, unknown>; cups: Record<string, unknown> }, GameError> {
  if (!Array.isArray(counts) || counts.length !== READINGS.length) {
    return err(
      "bad-position",
      `counts must be the ${READINGS.length} readings of the 2x5+2 board`,
      {
        field: "counts",
      },
    );
  }
  const stones: number[] = [];
  const gems: string[][] = PLACES.map(() => []);
  for (let i = 0; i < READINGS.length; i++) {
    const name = READINGS[i] as string;
    const value = counts[i] as number;
    const colon = name.indexOf(":");
    if (colon < 0) {
      const place = PLACES.indexOf(name);
      if (place >= PIT_COUNT && value !== 0) {
        return err(
          "bad-position",
          `${name} holds ${value} plain stones; stones are never captured (GB-4)`,
          {
            field: "counts",
            rule: "GB-4",
          },
        );
      }
      if (place < PIT_COUNT) stones.push(value);
    } else if (value !== 0) {
      if (value !== 1) {
        return err("bad-position", `reading ${name} is ${value}; a gem is in a place or not`, {
          field: "counts",
        });
      }
      gems[PLACES.indexOf(name.slice(0, colon))]?.push(name.slice(colon + 1));
    }
  }
  const pits: Record<string, unknown> = {};
  for (let p = 0; p < PIT_COUNT; p++)
    pits[PLACES[p] as string] = { stones: stones[p], gems: gems[p] };
  return ok({ pits, cups: { S: gems[PIT_COUNT], N: gems[PIT_COUNT + 1] } });
}
