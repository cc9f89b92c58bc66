/**
 * Whole turns on a `Sower`: when the game is over (GB-5, GB-6, GB-7), which
 * pits may start, every move in move-string order (`legal`, `perft`), a
 * random turn (`playout`, `randomMove`), and a walked move turned into the
 * engine's move, position and trace for the moves that are kept.
 */
import type { LegalMove, TraceStep } from "../core/types.js";
import { findChain, forEachCapture, prepareChoices, takeChoice, tookFromPits } from "./captures.js";
import {
  GEM_COUNT,
  GEM_TAGS,
  LOWEST,
  PLACES,
  POPCOUNT,
  STONE,
  beadName,
  cupOf,
  otherSide,
  rowStart,
  sideIndex,
} from "./geometry.js";
import { gemsCode, parseKey, stonesCode } from "./history.js";
import { formatMove } from "./notation.js";
import type { GlassPosition } from "./position.js";
import { Sower } from "./sowing.js";

/** The rule that ends the game in a position, or null while it goes on. */
export type EndRule = "GB-5" | "GB-6" | "GB-7";

/** GB-6 (the mover's pits all empty), GB-5 (must feed and cannot), GB-7 (a third occurrence). */
export function endOf(s: Sower, repeated: boolean): EndRule | null {
  if (s.rowEmpty(s.side)) return "GB-6";
  const feed = s.mustFeed();
  if (feed && !anyStart(s, feed)) return "GB-5";
  return repeated ? "GB-7" : null;
}

function anyStart(s: Sower, feed: boolean): boolean {
  const from = rowStart(s.side);
  for (let pit = from; pit < from + 5; pit++) if (s.canStart(pit, feed)) return true;
  return false;
}

/** Loads a position into a sower. */
export function sowerOf(p: GlassPosition, s: Sower = new Sower()): Sower {
  s.load(p.stones, p.gems, sideIndex(p.toMove));
  return s;
}

function tags(mask: number): string[] {
  const out: string[] = [];
  for (let g = 0; g < GEM_COUNT; g++) if ((mask & (1 << g)) !== 0) out.push(GEM_TAGS[g] as string);
  return out;
}

/** The lift step of the sower's start pit. */
export function liftStep(s: Sower): TraceStep {
  return {
    op: "lift",
    pit: PLACES[s.start] as string,
    n: s.n,
    stones: s.liftStones,
    gems: tags(s.liftMask),
  };
}

export function sowStep(s: Sower, d: number): TraceStep {
  return {
    op: "sow",
    pit: PLACES[s.path[d] as number] as string,
    bead: beadName(s.bead[d] as number),
  };
}

export function captureSteps(s: Sower): TraceStep[] {
  const to = PLACES[cupOf(s.side)] as string;
  const steps: TraceStep[] = [];
  for (let i = 0; i < s.capCount; i++) {
    const gem = GEM_TAGS[s.capGem[i] as number] as string;
    steps.push({ op: "capture", pit: PLACES[s.capPlace[i] as number] as string, n: 1, gem, to });
  }
  return steps;
}

/** The position a walked move ends on (`parentKey`: the GB-7 key of `from`). */
export function positionAfter(s: Sower, from: GlassPosition, parentKey: string): GlassPosition {
  return {
    game: from.game,
    options: {},
    toMove: otherSide(from.toMove),
    stones: Array.from(s.stones),
    gems: Array.from(s.gemPlace),
    history: tookFromPits(s) ? [] : [...from.history, parentKey],
  };
}

/** The move a sower has walked, every bead dropped and the captures taken. */
export function materialize(
  s: Sower,
  from: GlassPosition,
  parentKey: string,
): LegalMove<GlassPosition> {
  const trace: TraceStep[] = [liftStep(s)];
  for (let d = 0; d < s.n; d++) trace.push(sowStep(s, d));
  trace.push(...captureSteps(s));
  return { move: formatMove(s), position: positionAfter(s, from, parentKey), trace };
}

/**
 * Every move of a position that is not over, in move-string order: `visit`
 * sees the sower with the move walked (drops and captures); false stops.
 */
export function forEachMove(s: Sower, visit: () => boolean): boolean {
  const feed = s.mustFeed();
  const from = rowStart(s.side);
  const leaf = (): boolean => {
    findChain(s);
    prepareChoices(s);
    return forEachCapture(s, visit);
  };
  for (let pit = from; pit < from + 5; pit++) {
    if (!s.canStart(pit, feed)) continue;
    s.begin(pit);
    const go = s.forEachOrder(leaf);
    s.end();
    if (!go) return false;
  }
  return true;
}

/** A position's GB-7 keys as exact numbers, with room for `extra` more. */
export class KeyStack {
  stonesKeys: Float64Array;
  gemsKeys: Float64Array;
  top = 0;

  constructor(history: readonly string[], extra: number) {
    this.stonesKeys = new Float64Array(history.length + extra + 1);
    this.gemsKeys = new Float64Array(history.length + extra + 1);
    for (const key of history) {
      const board = parseKey(key);
      if (board !== null)
        this.push(stonesCode(board.stones), gemsCode(board.gems, sideIndex(board.toMove)));
    }
  }

  push(stones: number, gems: number): void {
    this.stonesKeys[this.top] = stones;
    this.gemsKeys[this.top++] = gems;
  }

  /** How often the key occurs from `base` to the top. */
  count(base: number, stones: number, gems: number): number {
    let n = 0;
    for (let i = base; i < this.top; i++) {
      if (this.stonesKeys[i] === stones && this.gemsKeys[i] === gems) n++;
    }
    return n;
  }
}

/** Leaves `depth` plies below a position (a finished game is one leaf), no move built. */
export function perftOf(p: GlassPosition, depth: number): number {
  const sowers: Sower[] = [];
  const keys = new KeyStack(p.history, depth);
  const at = (level: number): Sower => {
    while (sowers.length <= level) sowers.push(new Sower());
    return sowers[level] as Sower;
  };
  sowerOf(p, at(0));
  const node = (level: number, left: number, base: number): number => {
    const s = at(level);
    const ks = stonesCode(s.stones);
    const kg = gemsCode(s.gemPlace, s.side);
    if (left === 0 || endOf(s, keys.count(base, ks, kg) >= 2) !== null) return 1;
    let sum = 0;
    const child = at(level + 1);
    const next = (1 - s.side) as 0 | 1;
    const afterCapture = (): boolean => {
      child.loadFrom(s, next);
      if (tookFromPits(s)) {
        sum += node(level + 1, left - 1, keys.top);
      } else {
        keys.push(ks, kg);
        sum += node(level + 1, left - 1, base);
        keys.top--;
      }
      return true;
    };
    const feed = s.mustFeed();
    const from = rowStart(s.side);
    for (let pit = from; pit < from + 5; pit++) {
      if (!s.canStart(pit, feed)) continue;
      s.begin(pit);
      s.forEachOrder(() => {
        findChain(s);
        const choices = prepareChoices(s);
        if (left === 1) sum += choices;
        else forEachCapture(s, afterCapture);
        return true;
      });
      s.end();
    }
    return sum;
  };
  return node(0, depth, 0);
}

/**
 * Plays one random turn on the sower, which then holds the position after it
 * (the other side to move): a legal start drawn uniformly, each bead drawn
 * among the kinds left in the hand, then a set of gems to take. Returns false
 * (and changes nothing) when no start is legal.
 */
export function randomTurn(s: Sower, random: () => number): boolean {
  const feed = s.mustFeed();
  const from = rowStart(s.side);
  let starts = 0;
  for (let pit = from; pit < from + 5; pit++) if (s.canStart(pit, feed)) starts++;
  if (starts === 0) return false;
  let pick = Math.floor(random() * starts);
  let pit = from;
  for (; ; pit++) if (s.canStart(pit, feed) && pick-- === 0) break;
  s.begin(pit);
  for (let d = 0; d < s.n; d++) {
    const kinds = (POPCOUNT[s.handMask] as number) + (s.handStones > 0 ? 1 : 0);
    let k = Math.floor(random() * kinds);
    let bead = STONE;
    for (let m = s.handMask; m !== 0 && bead === STONE;) {
      const g = LOWEST[m] as number;
      m ^= 1 << g;
      if (k-- === 0) bead = g;
    }
    s.drop(d, bead);
  }
  findChain(s);
  takeChoice(s, Math.floor(random() * prepareChoices(s)));
  return true;
}
