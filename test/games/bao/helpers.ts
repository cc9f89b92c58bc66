/**
 * Shared helpers for the Bao tests: hand-built JSON positions (sparse pits,
 * the rest of the 64 seeds put where they cannot matter), an independent
 * replay of a move's trace on the old board and hands, and fast-check
 * arbitraries of random valid positions for both games and every option.
 *
 * Independent of the engine's tables: circuits, kichwa and facing pits are
 * worked out here from shared/rules/mancala-4x8.md and bao-kiswahili.md.
 */
import fc from "fast-check";
import type { Game, Position, Trace } from "../../../src/games/core/types.js";
import { seededRandom } from "../../../src/shared/random.js";
import {
  board,
  clonePits,
  compositionArb,
  getGame,
  getPit,
  maxStagesArb,
} from "../fourrow/board.js";
import { nextPit, ownerOfPit, pitsFromArray, ROW_NAMES, setPit } from "../fourrow/board.js";
import type { Pits, SideName } from "../fourrow/board.js";

export { seededRandom };
/** The board model both four-row families share. */
export * from "../fourrow/board.js";

export type Hand = { S: number; N: number };

export const BAO_IDS = ["bao-kiswahili", "bao-kujifunza"] as const;
export type BaoId = (typeof BAO_IDS)[number];

export interface BaoJSON {
  game: string;
  options?: Record<string, unknown>;
  toMove: SideName;
  pits: Pits;
  hand?: Hand;
  nyumba?: { S: boolean; N: boolean };
  blocked?: string | null;
}

export function parse(json: BaoJSON): { game: Game; position: Position } {
  const game = getGame(json.game);
  const r = game.parsePosition(json);
  if (!r.ok) throw new Error(`engine refused test position: ${r.error.message}`);
  return { game, position: r.value };
}

export function pitsOf(game: Game, position: Position): Pits {
  const json = game.positionToJSON(position);
  const raw = json.pits as Record<string, unknown>;
  const out: Partial<Pits> = {};
  for (const r of ROW_NAMES) {
    const v = raw[r];
    if (!Array.isArray(v) || v.length !== 8) throw new Error(`bad row ${r}`);
    out[r] = (v as number[]).slice();
  }
  return out as Pits;
}

export function handOf(game: Game, position: Position): Hand {
  const h = game.positionToJSON(position).hand as Hand | undefined;
  return h === undefined ? { S: 0, N: 0 } : { S: h.S, N: h.N };
}

// ---------------------------------------------------------------------------
// An independent model of Bao's geometry
// ---------------------------------------------------------------------------

export function frontRow(side: SideName): "B" | "C" {
  return side === "S" ? "B" : "C";
}

export function facingPit(pit: string): string {
  return `${pit[0] === "B" ? "C" : "B"}${pit.slice(1)}`;
}

/** The kichwa a captured seed's sowing starts in, with its direction (BK-5). */
export function kichwaDirection(pit: string): "+" | "-" | null {
  // left kichwa (South B1, North C8) sows clockwise; right (B8, C1) counter-clockwise
  if (pit === "B1" || pit === "C8") return "+";
  if (pit === "B8" || pit === "C1") return "-";
  return null;
}

export function nyumbaOf(side: SideName): string {
  return side === "S" ? "B5" : "C4";
}

export interface Replay {
  pits: Pits;
  hand: Hand;
  /** lift + capture steps: the sowings of the turn (BK-18). */
  stages: number;
  captures: number;
  /** The direction of each sowing, in order. */
  directions: ("+" | "-")[];
}

/**
 * Replays a trace step by step on the old board and reserves, checking what
 * the pit sensors and the rules' geometry allow:
 * - `place` only as the first step, from a non-empty reserve into an occupied own front pit;
 * - `lift` from an own pit with an empty hand: all its seeds, or two from the
 *   nyumba right after a placement there (the tax, BK-11);
 * - `capture` of the opponent's front pit facing the pit where the last seed
 *   fell (or the placed seed), all its seeds, with an empty hand;
 * - `sow` one seed into the next pit: after a lift either neighbour for the
 *   turn's first sowing, the current direction for a relay (the direction only
 *   changes at a capture); after a capture a kichwa, whose direction follows.
 * At the end the hand is empty. Throws on the first step that does not fit.
 */
export function replayTrace(before: Pits, hand: Hand, trace: Trace, mover: SideName): Replay {
  const pits = clonePits(before);
  const reserve = { ...hand };
  let inHand = 0;
  let prev: string | null = null; // last pit lifted or sown into
  let landing: string | null = null; // where the last seed of the last sowing fell
  let dir: "+" | "-" | null = null;
  let mode: "free" | "relay" | "kichwa" | "on" = "free";
  let lifts = 0;
  let captures = 0;
  const directions: ("+" | "-")[] = [];
  const front = frontRow(mover);
  trace.forEach((step, i) => {
    const where = `step ${i} ${JSON.stringify(step)}`;
    if (step.op === "place") {
      if (i !== 0) throw new Error(`${where}: a placement only starts a turn`);
      if (step.pit[0] !== front) throw new Error(`${where}: not an own front pit`);
      if (getPit(pits, step.pit) < 1) throw new Error(`${where}: placement into an empty pit`);
      if (reserve[mover] < 1) throw new Error(`${where}: empty reserve`);
      reserve[mover]--;
      setPit(pits, step.pit, getPit(pits, step.pit) + 1);
      landing = step.pit;
      prev = step.pit;
    } else if (step.op === "lift") {
      if (ownerOfPit(step.pit) !== mover) throw new Error(`${where}: lift from a foreign pit`);
      if (inHand !== 0) throw new Error(`${where}: lift with ${inHand} seeds in hand`);
      const held = getPit(pits, step.pit);
      const tax =
        step.n === 2 &&
        step.pit === nyumbaOf(mover) &&
        i === 1 &&
        trace[0]?.op === "place" &&
        trace[0].pit === step.pit;
      if (step.n < 1 || (held !== step.n && !(tax && held >= 2))) {
        throw new Error(`${where}: pit held ${held}`);
      }
      if (lifts + captures > 0 && step.pit !== landing) {
        throw new Error(`${where}: a relay lifts the pit where the last seed fell (${landing})`);
      }
      setPit(pits, step.pit, held - step.n);
      inHand = step.n;
      prev = step.pit;
      mode = lifts + captures === 0 ? "free" : "relay";
      lifts++;
    } else if (step.op === "capture") {
      if (ownerOfPit(step.pit) === mover || step.pit[0] !== (mover === "S" ? "C" : "B")) {
        throw new Error(`${where}: capture outside the opponent's front row`);
      }
      if (inHand !== 0) throw new Error(`${where}: capture with ${inHand} seeds in hand`);
      if (landing === null || facingPit(landing) !== step.pit) {
        throw new Error(`${where}: does not face the landing pit ${landing}`);
      }
      const held = getPit(pits, step.pit);
      if (held !== step.n || step.n < 1) throw new Error(`${where}: pit held ${held}`);
      setPit(pits, step.pit, 0);
      inHand = step.n;
      mode = "kichwa";
      captures++;
    } else {
      if (ownerOfPit(step.pit) !== mover) throw new Error(`${where}: sow into a foreign pit`);
      if (inHand < 1) throw new Error(`${where}: sow from an empty hand`);
      if (mode === "kichwa") {
        const d = kichwaDirection(step.pit);
        if (d === null) throw new Error(`${where}: captured seeds start in a kichwa (BK-5)`);
        dir = d;
        directions.push(d);
      } else if (mode === "free") {
        if (prev === null) throw new Error(`${where}: sow before any lift`);
        if (step.pit === nextPit(prev, "+")) dir = "+";
        else if (step.pit === nextPit(prev, "-")) dir = "-";
        else throw new Error(`${where}: not next to ${prev}`);
        directions.push(dir);
      } else if (mode === "relay") {
        if (prev === null || dir === null || step.pit !== nextPit(prev, dir)) {
          throw new Error(`${where}: a relay sows on in the current direction ${dir}`);
        }
        directions.push(dir);
      } else if (prev === null || dir === null || step.pit !== nextPit(prev, dir)) {
        throw new Error(`${where}: expected ${prev && dir ? nextPit(prev, dir) : "?"}`);
      }
      mode = "on";
      setPit(pits, step.pit, getPit(pits, step.pit) + 1);
      inHand--;
      prev = step.pit;
      if (inHand === 0) landing = step.pit;
    }
  });
  if (inHand !== 0) throw new Error(`trace ends with ${inHand} seeds in hand`);
  return { pits, hand: reserve, stages: lifts + captures, captures, directions };
}

// ---------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------

/** Drops each seed into a random pit, biased towards one side and towards the front rows. */
function scatterArb(n: number): fc.Arbitrary<number[]> {
  return fc
    .tuple(
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 0, max: 100 }),
      fc.array(fc.integer({ min: 0, max: 0xffffff }), { minLength: n, maxLength: n }),
    )
    .map(([southPercent, frontPercent, draws]) => {
      const out = new Array<number>(32).fill(0);
      for (const d of draws) {
        const south = (d & 0xff) % 100 < southPercent;
        const frontRowPit = ((d >> 8) & 0xff) % 100 < frontPercent;
        const col = (d >> 16) & 7;
        const r = south ? (frontRowPit ? 1 : 0) : frontRowPit ? 2 : 3;
        out[r * 8 + col] = (out[r * 8 + col] as number) + 1;
      }
      return out;
    });
}

function boardArb(n: number): fc.Arbitrary<number[]> {
  return fc.oneof(compositionArb(n), scatterArb(n), scatterArb(n));
}

export function optionsArb(id: BaoId): fc.Arbitrary<Record<string, string | number | boolean>> {
  if (id === "bao-kujifunza") return fc.record({ maxStages: maxStagesArb });
  return fc.record({
    setup: fc.constantFrom("zanzibar", "malawi"),
    nyumbaTax: fc.constantFrom("always", "only-if-no-other"),
    safari: fc.constantFrom("choice", "mandatory"),
    takasia: fc.boolean(),
    maxStages: maxStagesArb,
  });
}

/** A reserve: often empty (mtaji phase), often small, sometimes the full 22. */
const handArb: fc.Arbitrary<number> = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 4 }),
  fc.integer({ min: 0, max: 22 }),
);

const FRONT_COLS = [1, 2, 3, 4, 5, 6, 7, 8];

export function spreadPositionJsonArb(id: BaoId): fc.Arbitrary<BaoJSON> {
  if (id === "bao-kujifunza") {
    return fc.record({
      game: fc.constant(id),
      options: optionsArb(id),
      toMove: fc.constantFrom<SideName>("S", "N"),
      pits: boardArb(64).map(pitsFromArray),
    });
  }
  return fc
    .tuple(
      optionsArb(id),
      fc.constantFrom<SideName>("S", "N"),
      handArb,
      handArb,
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 0, max: 12 }),
      fc.boolean(),
      fc.boolean(),
      fc.option(fc.constantFrom(...FRONT_COLS), { nil: null }),
    )
    .chain(([options, toMove, hS, hN, boostS, boostN, ownS, ownN, blockCol]) => {
      const onBoard = 64 - hS - hN;
      const bS = Math.min(boostS, onBoard);
      const bN = Math.min(boostN, onBoard - bS);
      return boardArb(onBoard - bS - bN).map((a): BaoJSON => {
        const arr = a.slice();
        arr[12] = (arr[12] as number) + bS; // B5: South's nyumba, often functional
        arr[19] = (arr[19] as number) + bN; // C4: North's nyumba
        const pits = pitsFromArray(arr);
        const json: BaoJSON = {
          game: id,
          options,
          toMove,
          pits,
          hand: { S: hS, N: hN },
          nyumba: { S: ownS && (arr[12] as number) > 0, N: ownN && (arr[19] as number) > 0 },
        };
        if (options.takasia === true) {
          json.blocked = blockCol === null ? null : `${frontRow(toMove)}${blockCol}`;
        }
        return json;
      });
    });
}

/**
 * A position reached by random play from the initial position (either side
 * first, random options): namua and mtaji phases as they occur in games,
 * taxed and lost nyumba, takasia blocks. Generated with the engine's own
 * randomMove, so it only widens what the properties are checked on.
 */
export function playedPositionArb(id: BaoId): fc.Arbitrary<BaoJSON> {
  return fc
    .tuple(
      optionsArb(id),
      fc.constantFrom<SideName>("S", "N"),
      fc.integer(),
      fc.integer({ min: 0, max: 120 }),
    )
    .map(([options, first, seed, plies]) => {
      const game = getGame(id);
      const start = game.initial(options);
      if (!start.ok) throw new Error(start.error.message);
      const parsed = game.parsePosition({ ...game.positionToJSON(start.value), toMove: first });
      if (!parsed.ok) throw new Error(parsed.error.message);
      let position = parsed.value;
      const random = seededRandom(seed);
      for (let i = 0; i < plies; i++) {
        const m = game.randomMove(position, random);
        if (m === null) break;
        position = m.position;
      }
      return game.positionToJSON(position) as unknown as BaoJSON;
    });
}

/** Random spreads (mostly) and positions from random play. */
export function positionJsonArb(id: BaoId): fc.Arbitrary<BaoJSON> {
  return fc.oneof(
    { arbitrary: spreadPositionJsonArb(id), weight: 3 },
    { arbitrary: playedPositionArb(id), weight: 1 },
  );
}

export const anyPositionJsonArb: fc.Arbitrary<BaoJSON> = fc
  .constantFrom(...BAO_IDS)
  .chain((id) => positionJsonArb(id));

// ---------------------------------------------------------------------------
// Hand-built positions (64 seeds: the rest in the back row of the side not moving)
// ---------------------------------------------------------------------------

/** Sparse pits plus the rest of the 64 seeds spread evenly over `fillRow` (first pits get the extra). */
export function filled(map: Record<string, number>, fillRow: "A" | "D", hands = 0): Pits {
  const pits = board(map);
  let used = hands;
  for (const r of ["A", "B", "C", "D"] as const) for (const v of pits[r]) used += v;
  const rest = 64 - used;
  if (rest < 0) throw new Error("too many seeds in test position");
  const q = Math.floor(rest / 8);
  const extra = rest % 8;
  pits[fillRow] = pits[fillRow].map((v, i) => v + q + (i < extra ? 1 : 0));
  return pits;
}

/** A bao-kujifunza position; the filler goes into the back row of the side not moving. */
export function kuj(toMove: SideName, map: Record<string, number>, options = {}): BaoJSON {
  return { game: "bao-kujifunza", options, toMove, pits: filled(map, toMove === "S" ? "D" : "A") };
}

/** A bao-kiswahili position. */
export function kis(
  toMove: SideName,
  map: Record<string, number>,
  hand: Hand,
  nyumba: { S: boolean; N: boolean },
  options: Record<string, unknown> = {},
  blocked?: string | null,
): BaoJSON {
  const json: BaoJSON = {
    game: "bao-kiswahili",
    options,
    toMove,
    pits: filled(map, toMove === "S" ? "D" : "A", hand.S + hand.N),
    hand,
    nyumba,
  };
  if (blocked !== undefined) json.blocked = blocked;
  return json;
}
