/**
 * GB-2, sowing: the board as typed arrays and a turn walked bead by bead,
 * with every bead order of a pit enumerated depth first in move-string order
 * (gems by tag, then a stone), nothing allocated per bead.
 *
 * One `Sower` holds one board and the turn being walked on it: `begin`
 * lifts a pit, `drop`/`undrop` sow or take back the next bead, `end` puts
 * the lifted beads back. What each drop found in its pit just before
 * (`beforeCount`, `beforeBead`) is what GB-3/GB-4 judge (captures.ts).
 */
import {
  GEM_COUNT,
  LOWEST,
  PIT_COUNT,
  PLACE_COUNT,
  POPCOUNT,
  STONE,
  nextPit,
  ownPitsAfter,
  rowStart,
} from "./geometry.js";

/** A pit holds at most every bead: ten stones and ten gems. */
export const MAX_BEADS = 20;

export class Sower {
  /** Plain stones per pit. */
  readonly stones = new Int32Array(PIT_COUNT);
  /** The gems in each place (pits, then cups) as a mask (bit g: gem g). */
  readonly masks = new Int32Array(PLACE_COUNT);
  /** The place of each gem. */
  readonly gemPlace = new Int32Array(GEM_COUNT);
  /** The side to move (0 South, 1 North). */
  side: 0 | 1 = 0;

  // ----------------------------------------------------------- the turn
  start = -1;
  /** Beads lifted. */
  n = 0;
  liftStones = 0;
  liftMask = 0;
  /** Beads still in the hand. */
  handStones = 0;
  handMask = 0;
  /** The pit of each drop (the start pit passed over on every lap). */
  readonly path = new Int32Array(MAX_BEADS);
  /** The bead of each drop so far. */
  readonly bead = new Int32Array(MAX_BEADS);
  /** Beads in the drop's pit just before it. */
  readonly beforeCount = new Int32Array(MAX_BEADS);
  /** The one bead the pit held just before the drop, or -1 when it held another number. */
  readonly beforeBead = new Int32Array(MAX_BEADS);

  // ------------------------------------------------------- the captures
  /** GB-3/GB-4: the captures of the chain (0: none) and their kind. */
  chain = 0;
  direct = false;
  /** Gems taken, in trace order: where from and which. */
  readonly capPlace = new Int32Array(GEM_COUNT);
  readonly capGem = new Int32Array(GEM_COUNT);
  capCount = 0;
  /** Indirect choices (captures.ts): the entries (place << 4 | gem), sorted as written. */
  readonly entries = new Int32Array(GEM_COUNT);
  entryCount = 0;
  /** Entries taken in every choice (all the opponent's pit gems when they are too few). */
  fixed = 0;
  /** Entries chosen from the rest, and the current combination of them. */
  pick = 0;
  readonly comb = new Int32Array(GEM_COUNT);

  private visit: () => boolean = () => true;

  /** The board of a position: stones per pit, the place of each gem, who moves. */
  load(stones: ArrayLike<number>, gems: ArrayLike<number>, side: 0 | 1): void {
    this.masks.fill(0);
    for (let pit = 0; pit < PIT_COUNT; pit++) this.stones[pit] = stones[pit] as number;
    for (let g = 0; g < GEM_COUNT; g++) {
      const place = gems[g] as number;
      this.gemPlace[g] = place;
      this.masks[place] = (this.masks[place] as number) | (1 << g);
    }
    this.side = side;
    this.start = -1;
  }

  /** The board another sower ends its move on, with `side` to move. */
  loadFrom(parent: Sower, side: 0 | 1): void {
    this.stones.set(parent.stones);
    this.masks.set(parent.masks);
    this.gemPlace.set(parent.gemPlace);
    this.side = side;
    this.start = -1;
  }

  beadsIn(pit: number): number {
    return (this.stones[pit] as number) + (POPCOUNT[this.masks[pit] as number] as number);
  }

  rowEmpty(side: 0 | 1): boolean {
    const from = rowStart(side);
    for (let pit = from; pit < from + 5; pit++) if (this.beadsIn(pit) !== 0) return false;
    return true;
  }

  gemsInPits(): boolean {
    for (let pit = 0; pit < PIT_COUNT; pit++) if (this.masks[pit] !== 0) return true;
    return false;
  }

  /** GB-5: a gem lies in a pit and the opponent's row is empty. */
  mustFeed(): boolean {
    return this.rowEmpty((1 - this.side) as 0 | 1) && this.gemsInPits();
  }

  /** Whether a turn may start from `pit` (an own, non-empty pit; feeding if it must). */
  canStart(pit: number, feed: boolean): boolean {
    const n = this.beadsIn(pit);
    return n > 0 && (!feed || n > ownPitsAfter(pit));
  }

  /** Lifts every bead of `pit` and lays out the pits they will fall in. */
  begin(pit: number): void {
    this.start = pit;
    this.liftStones = this.stones[pit] as number;
    this.liftMask = this.masks[pit] as number;
    this.n = this.liftStones + (POPCOUNT[this.liftMask] as number);
    this.handStones = this.liftStones;
    this.handMask = this.liftMask;
    this.stones[pit] = 0;
    this.masks[pit] = 0;
    let at = pit;
    for (let d = 0; d < this.n; d++) {
      at = nextPit(at);
      if (at === pit) at = nextPit(at);
      this.path[d] = at;
    }
    this.chain = 0;
    this.capCount = 0;
  }

  /** Drop `d` of bead `bead` (in the hand) into its pit. */
  drop(d: number, bead: number): void {
    const pit = this.path[d] as number;
    const s = this.stones[pit] as number;
    const m = this.masks[pit] as number;
    const count = s + (POPCOUNT[m] as number);
    this.beforeCount[d] = count;
    this.beforeBead[d] = count !== 1 ? -1 : s === 1 ? STONE : (LOWEST[m] as number);
    this.bead[d] = bead;
    if (bead === STONE) {
      this.stones[pit] = s + 1;
      this.handStones--;
    } else {
      this.masks[pit] = m | (1 << bead);
      this.handMask ^= 1 << bead;
      this.gemPlace[bead] = pit;
    }
  }

  /** Takes drop `d` back into the hand. */
  undrop(d: number): void {
    const pit = this.path[d] as number;
    const bead = this.bead[d] as number;
    if (bead === STONE) {
      this.stones[pit] = (this.stones[pit] as number) - 1;
      this.handStones++;
    } else {
      this.masks[pit] = (this.masks[pit] as number) ^ (1 << bead);
      this.handMask |= 1 << bead;
      this.gemPlace[bead] = this.start;
    }
  }

  /** Puts the lifted beads back (after every drop was taken back). */
  end(): void {
    this.stones[this.start] = this.liftStones;
    this.masks[this.start] = this.liftMask;
    this.start = -1;
  }

  /**
   * Calls `visit` once for every distinct bead order of the lifted beads, in
   * move-string order, with every bead dropped; stops when it returns false.
   */
  forEachOrder(visit: () => boolean): boolean {
    this.visit = visit;
    return this.orders(0);
  }

  private orders(d: number): boolean {
    if (d === this.n) return this.visit();
    let rest = this.handMask;
    while (rest !== 0) {
      const g = LOWEST[rest] as number;
      rest ^= 1 << g;
      this.drop(d, g);
      const go = this.orders(d + 1);
      this.undrop(d);
      if (!go) return false;
    }
    if (this.handStones > 0) {
      this.drop(d, STONE);
      const go = this.orders(d + 1);
      this.undrop(d);
      if (!go) return false;
    }
    return true;
  }
}
