/**
 * The physical model behind the simulated board: beads in places and a hand
 * that moves them, one at a time, the way a player does. Beads are plain
 * stones (counted, all alike) and, on the Glassperlenspiel board (`2x5+2`),
 * ten gems `S1`…`N5` that each lie in exactly one place or in the hand.
 *
 *   const board = new PhysicalBoard({ geometry: "4x8", counts: 4 });   // or 32 counts, or { A1: 2, … }
 *   board.hand.lift("B3");          // all beads of B3 into the hand (or lift("B3", 2): two stones)
 *   board.hand.drop("B4");          // one stone from the hand (a stone if it holds one, else a gem)
 *   board.hand.capture("C4");       // every stone of C4 into the hand
 *   board.hand.place("B5");         // one stone from the off-board reserve
 *   board.hand.hover("B6");         // the hand over a pit (sensor jitter, see the firmware)
 *   await playTrace(board, trace, { perStoneMs: [150, 400], timeScale: 0 });
 *
 * With gems (`2x5+2`; without `counts` and `gems` it starts as GB-1 sets up):
 *
 *   const gb = new PhysicalBoard({ geometry: "2x5+2", counts: { A1: 1 }, gems: { A1: ["S5"] } });
 *   gb.gems("A1");                  // ["S5"]; gb.whereIs("S5") → "A1"; gb.places() → [{count, gems}, …]
 *   gb.hand.lift("A1");             // its stone and S5 into the hand: held 2, heldGems ["S5"]
 *   gb.hand.drop("A2", "S5");       // that gem; drop("A3", "s") a stone; drop("A3") a stone
 *   gb.hand.capture("B3", "N3", "SC"); // gem N3 from B3 into South's cup (through the hand)
 *   gb.readings();                  // the 132 readings of shared/readings.ts (a game's sensorView)
 *   gb.setCounts(game.sensorView(position).counts); // the whole board from a game's readings
 *
 * The Abalone board (`hex61`): 61 holes, each empty or holding a black or
 * white marble (without `holes` it starts as AB-1's standard start); a
 * hand pushes lines of marbles (`marbles.ts`):
 *
 *   const ab = new PhysicalBoard({ geometry: "hex61" });   // or holes: "bbbbb…" (61 of . b w)
 *   ab.hole("A1");                  // "black"; ab.holes() → 61 contents, canonical order
 *   ab.rolling("E6");               // the colour of a marble rolling over E6 now, or null
 *   ab.offBoard;                    // { black: 0, white: 1, … }: marbles pushed off
 *   await playTrace(ab, [{ op: "off", cell: "E9", colour: "w" }, …], { scheduler });
 *
 * Cells are in the protocol's canonical order. The model knows no time;
 * `playTrace` takes a scheduler.
 */
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { readingNames, seededRandom, shapeOf } from "../shared/index.js";
import type { CellKind, GeometryId } from "../shared/index.js";
import { GEMS, MARBLE_COLOURS } from "../protocol/index.js";
import type { Gem, Geometry, HoleContent, MarbleColour, Place } from "../protocol/index.js";
import type { MarbleStep, ProtocolStep, TraceStep } from "../games/index.js";
import { playMarbles } from "./marbles.js";
import { realScheduler, sleep } from "./scheduler.js";
import type { Scheduler } from "./scheduler.js";
import type { HandError } from "./errors.js";

/** Every geometry the physical model knows: any shape (src/shared/shapes), its places holding stones, gems or a marble. */
export type BoardGeometryId = GeometryId;

/**
 * Initial marbles (`hex61`): 61 characters in canonical order (`.` empty, `b`,
 * `w`, as a snapshot writes them), 61 contents, or by hole (`{ E5: "black" }`,
 * the holes not named empty).
 */
export type InitialHoles = string | readonly HoleContent[] | Readonly<Record<string, HoleContent>>;

/** Where a shape starts with its holes' letters, those letters (`hex61`); else null. */
function startHoles(id: GeometryId): string | null {
  const start = shapeOf(id).physicalStart;
  return "holes" in start ? start.holes : null;
}

/** GB-1: gem 1 in the owner's rightmost pit … gem 5 in the leftmost (the 2x5+2 shape's start). */
export const GLASSPERLENSPIEL_START_GEMS: InitialGems = startGems("2x5+2");

function startGems(id: GeometryId): InitialGems {
  const start = shapeOf(id).physicalStart;
  return "counts" in start ? (start.gems ?? {}) : {};
}

/** AB-1's standard start: black A1–A5 B1–B6 C3–C5, white G5–G7 H4–H9 I5–I9 (the hex61 shape's). */
export const ABALONE_START_HOLES: string = startHoles("hex61") ?? "";

const HOLE_BY_LETTER: Readonly<Record<string, HoleContent>> = {
  ".": "empty",
  b: "black",
  w: "white",
  n: "neutral",
  x: "marble",
};

/**
 * Initial stones: one count for every pit, a count per pit in canonical
 * order, or by name. On `2x5+2` an array may also be the geometry's readings
 * (132: counts then gem bits, as a game's `sensorView` gives), which sets the
 * gems too.
 */
export type InitialCounts = number | readonly number[] | Readonly<Record<string, number>>;

/** Initial gems by place (`2x5+2`): `{ A1: ["S5"], SC: ["N3", "N4"] }`; places not named hold none. */
export type InitialGems = Readonly<Record<string, readonly string[]>>;

export interface PhysicalBoardOptions {
  readonly geometry?: BoardGeometryId;
  /** `hex61` only: the marbles (default AB-1's standard start). */
  readonly holes?: InitialHoles;
  /** Default 4 in every pit (`2x5+2`: one stone in every pit, none in the cups). */
  readonly counts?: InitialCounts;
  /** `2x5+2` only. Default: none when `counts` is given, else GB-1's (A5=S1 … A1=S5, B1=N1 … B5=N5). */
  readonly gems?: InitialGems;
  /** Stones available off the board for `place` (default unlimited). */
  readonly reserve?: number;
}

/** What changed: the place, its new plain-stone count. */
export type ChangeListener = (pit: string, count: number) => void;

/** A gem moved: from a place or the hand (null) to a place or the hand (null). */
export type GemListener = (gem: Gem, from: string | null, to: string | null) => void;

/** Whether `tag` is one of the ten gems. */
export function isGem(tag: string): tag is Gem {
  return (GEMS as readonly string[]).includes(tag);
}

export class PhysicalBoard {
  readonly geometry: Geometry;
  /** What each place holds: stones, stones and gems, or a marble (the shape's kind). */
  readonly kind: CellKind;
  readonly hand: Hand;
  private readonly cells: number[];
  /** Where each gem lies: a place index, or null (in the hand, or off the board). */
  private readonly gemAt = new Map<Gem, number | null>();
  private readonly index: ReadonlyMap<string, number>;
  private readonly listeners = new Set<ChangeListener>();
  private readonly gemListeners = new Set<GemListener>();
  /** `hex61`: what each hole holds, and per hole the marbles rolling over it (count, last colour). */
  private readonly holeState: HoleContent[] = [];
  private readonly rollers: { count: number; colour: MarbleColour }[] = [];
  private readonly off: Record<MarbleColour, number> = {
    black: 0,
    white: 0,
    neutral: 0,
    marble: 0,
  };

  constructor(options: PhysicalBoardOptions = {}) {
    const shape = shapeOf(options.geometry ?? "4x8");
    this.geometry = shape;
    this.kind = shape.kind;
    this.index = new Map(this.geometry.cells.map((pit, i) => [pit, i]));
    this.cells = this.geometry.cells.map(() => 0);
    const start = shape.physicalStart;
    if ("holes" in start) {
      this.geometry.cells.forEach(() => {
        this.holeState.push("empty");
        this.rollers.push({ count: 0, colour: "black" });
      });
      const set = this.setHoles(options.holes ?? start.holes);
      if (!set.ok) throw new Error(set.error.message);
      this.hand = new Hand(this, 0);
      return;
    }
    // The shape's start (GB-1's beads on 2x5+2), unless counts or gems are given.
    const fresh = options.counts === undefined && options.gems === undefined;
    const set = this.setCounts(options.counts ?? start.counts);
    if (!set.ok) throw new Error(set.error.message);
    const gems = options.gems ?? (fresh && this.hasGems ? start.gems : undefined);
    if (gems !== undefined) {
      const placed = this.setGems(gems);
      if (!placed.ok) throw new Error(placed.error.message);
    }
    this.hand = new Hand(this, options.reserve ?? Infinity);
  }

  /** Pit names in canonical order. */
  get pits(): readonly string[] {
    return this.geometry.cells;
  }

  /** Whether this board's cells are holes holding a marble or none (`hex61`). */
  get hasHoles(): boolean {
    return this.kind === "holes";
  }

  /** What a hole holds (`hex61`; "empty" for a name that is no hole). */
  hole(cell: string): HoleContent {
    const i = this.index.get(cell);
    return i === undefined ? "empty" : (this.holeState[i] ?? "empty");
  }

  /** Every hole's content, canonical order (`hex61`; empty on other boards). */
  holes(): HoleContent[] {
    return [...this.holeState];
  }

  /** The colour of a marble rolling over (into, out of) a hole now, or null when none is. */
  rolling(cell: string): MarbleColour | null {
    const i = this.index.get(cell);
    const r = i === undefined ? undefined : this.rollers[i];
    return r === undefined || r.count <= 0 ? null : r.colour;
  }

  /** Marbles pushed off the board (in the tray, or into a trap), by colour. */
  get offBoard(): Readonly<Record<MarbleColour, number>> {
    return { ...this.off };
  }

  /** Replaces every marble (`hex61`): see `InitialHoles`. Nothing rolls afterwards. */
  setHoles(holes: InitialHoles): Result<void, HandError> {
    if (!this.hasHoles) return err("no-holes", `a ${this.geometry.id} board has no holes`);
    const n = this.geometry.cells.length;
    let next: HoleContent[];
    if (typeof holes === "string") {
      const parsed = [...holes].map((ch) => HOLE_BY_LETTER[ch]);
      if (parsed.length !== n || parsed.some((h) => h === undefined)) {
        return err("bad-holes", `hex61 holes are ${n} of '.', 'b', 'w', 'n', 'x', not '${holes}'`);
      }
      next = parsed as HoleContent[];
    } else if (Array.isArray(holes)) {
      if (holes.length !== n) return err("bad-holes", `hex61 has ${n} holes, not ${holes.length}`);
      next = [...(holes as readonly HoleContent[])];
    } else {
      next = this.geometry.cells.map(() => "empty" as HoleContent);
      for (const [cell, content] of Object.entries(
        holes as Readonly<Record<string, HoleContent>>,
      )) {
        const i = this.index.get(cell);
        if (i === undefined) return err("bad-pit", `${cell} is not a hole of a hex61 board`);
        next[i] = content;
      }
    }
    const bad = next.find((h) => h !== "empty" && !(h in MARBLE_COLOURS));
    if (bad !== undefined)
      return err("bad-holes", `a hole holds empty, black, white, neutral or marble, not ${bad}`);
    next.forEach((h, i) => (this.holeState[i] = h));
    for (const r of this.rollers) r.count = 0;
    return ok(undefined);
  }

  /** @internal A hole's content changes (a marble drops in or leaves); used by the hand. */
  putMarble(cell: string, content: HoleContent): void {
    const i = this.index.get(cell);
    if (i !== undefined && this.hasHoles) this.holeState[i] = content;
  }

  /** @internal A marble of `colour` starts rolling over a hole (its hall signal moves). */
  rollStart(cell: string, colour: MarbleColour): void {
    const i = this.index.get(cell);
    const r = i === undefined ? undefined : this.rollers[i];
    if (r === undefined) return;
    r.count++;
    r.colour = colour;
  }

  /** @internal That marble has come to rest (or gone). */
  rollEnd(cell: string): void {
    const i = this.index.get(cell);
    const r = i === undefined ? undefined : this.rollers[i];
    if (r !== undefined && r.count > 0) r.count--;
  }

  /** @internal A marble went over the edge into the tray. */
  pushOff(colour: MarbleColour): void {
    this.off[colour]++;
  }

  /** Whether this board's places can hold gems (`2x5+2`). */
  get hasGems(): boolean {
    return this.kind === "gems";
  }

  has(pit: string): boolean {
    return this.index.has(pit);
  }

  /** Plain stones in a place (gems not counted). */
  count(pit: string): number {
    const i = this.index.get(pit);
    return i === undefined ? 0 : (this.cells[i] ?? 0);
  }

  /** Every place's plain stones, canonical order. */
  counts(): number[] {
    return [...this.cells];
  }

  /** Plain stones on the board. */
  get total(): number {
    return this.cells.reduce((a, b) => a + b, 0);
  }

  /** The gems in a place, in canonical order (S1 … N5). */
  gems(pit: string): Gem[] {
    const i = this.index.get(pit);
    return i === undefined ? [] : GEMS.filter((g) => this.gemAt.get(g) === i);
  }

  /** The place a gem lies in, or null (in the hand, or not on the board). */
  whereIs(gem: Gem): string | null {
    const i = this.gemAt.get(gem);
    return i === undefined || i === null ? null : (this.geometry.cells[i] ?? null);
  }

  /** Gems on the board, canonical order. */
  gemsOnBoard(): Gem[] {
    return GEMS.filter((g) => this.whereIs(g) !== null);
  }

  /** Beads (stones and gems) in a place. */
  beads(pit: string): number {
    return this.count(pit) + this.gems(pit).length;
  }

  /** Every place as the protocol writes it: plain stones and gems (canonical order). */
  places(): Place[] {
    return this.geometry.cells.map((pit) => ({ count: this.count(pit), gems: this.gems(pit) }));
  }

  /**
   * The board as its geometry's readings (shared/readings.ts), what a game's
   * `sensorView` gives: on `4x8` the counts; on `2x5+2` the 12 counts, then
   * one bit per place and gem.
   */
  readings(): number[] {
    if (this.hasHoles) {
      const colours = Object.keys(MARBLE_COLOURS) as MarbleColour[];
      return this.holeState.flatMap((h) => colours.map((c) => (h === c ? 1 : 0)));
    }
    if (!this.hasGems) return this.counts();
    const out = this.counts();
    for (let i = 0; i < this.cells.length; i++) {
      for (const gem of GEMS) out.push(this.gemAt.get(gem) === i ? 1 : 0);
    }
    return out;
  }

  /** Replaces every count (a new game, a test setup); on `2x5+2` a readings vector sets the gems too. */
  setCounts(counts: InitialCounts): Result<void, HandError> {
    const n = this.cells.length;
    if (this.hasHoles) {
      if (Array.isArray(counts)) return this.setReadings(counts as readonly number[]);
      return err("no-counts", "a hex61 board holds marbles, not stone counts");
    }
    if (this.hasGems && Array.isArray(counts) && counts.length !== n) {
      return this.setReadings(counts as readonly number[]);
    }
    let next: number[];
    if (typeof counts === "number") next = this.cells.map(() => counts);
    else if (Array.isArray(counts)) {
      if (counts.length !== n) {
        return err("bad-counts", `a ${this.geometry.id} board has ${n} pits, not ${counts.length}`);
      }
      next = [...(counts as readonly number[])];
    } else {
      next = this.cells.map(() => 0);
      for (const [pit, c] of Object.entries(counts as Readonly<Record<string, number>>)) {
        const i = this.index.get(pit);
        if (i === undefined)
          return err("bad-pit", `${pit} is not a pit of a ${this.geometry.id} board`);
        next[i] = c;
      }
    }
    const bad = next.find((c) => !Number.isInteger(c) || c < 0 || c > 255);
    if (bad !== undefined) return err("bad-counts", `a pit holds 0..255 stones, not ${bad}`);
    next.forEach((c, i) => this.write(i, c));
    return ok(undefined);
  }

  /** The whole board from its geometry's readings (`readings()`, a game's `sensorView(…).counts`). */
  setReadings(readings: readonly number[]): Result<void, HandError> {
    const names = readingNames(this.geometry.id);
    if (readings.length !== names.length) {
      return err(
        "bad-counts",
        `a ${this.geometry.id} board has ${names.length} readings, not ${readings.length}`,
      );
    }
    const n = this.cells.length;
    if (this.hasHoles) {
      const colours = Object.keys(MARBLE_COLOURS) as MarbleColour[];
      const holes: HoleContent[] = [];
      for (let i = 0; i < n; i++) {
        const bits = colours.map((_, k) => readings[i * colours.length + k]);
        if (bits.some((b) => b !== 0 && b !== 1) || bits.filter((b) => b === 1).length > 1) {
          return err("bad-counts", `hole ${this.geometry.cells[i]} must read one marble or none`);
        }
        holes.push(colours.find((_, k) => bits[k] === 1) ?? "empty");
      }
      return this.setHoles(holes);
    }
    const gems: Record<string, Gem[]> = {};
    for (let k = n; k < names.length; k++) {
      const bit = readings[k];
      if (bit !== 0 && bit !== 1) return err("bad-counts", `${names[k]} must read 0 or 1`);
      const place = this.geometry.cells[Math.floor((k - n) / GEMS.length)] ?? "";
      const gem = GEMS[(k - n) % GEMS.length] as Gem;
      if (bit === 1) (gems[place] ??= []).push(gem);
    }
    const counts = this.setCounts(readings.slice(0, n));
    return counts.ok ? this.setGems(gems) : counts;
  }

  /** Puts every gem where `gems` says; gems not named leave the board. */
  setGems(gems: InitialGems): Result<void, HandError> {
    if (!this.hasGems) return err("no-gems", `a ${this.geometry.id} board holds no gems`);
    const next = new Map<Gem, number>();
    for (const [pit, tags] of Object.entries(gems)) {
      const i = this.index.get(pit);
      if (i === undefined) return err("bad-pit", `${pit} is not a place of a 2x5+2 board`);
      for (const tag of tags) {
        if (!isGem(tag)) return err("bad-gem", `${tag} is not a gem (S1…S5, N1…N5)`);
        if (next.has(tag)) return err("bad-gem", `gem ${tag} is placed twice`);
        next.set(tag, i);
      }
    }
    for (const gem of GEMS) this.moveGem(gem, next.get(gem) ?? null);
    return ok(undefined);
  }

  /** Sets one pit (a deliberate mistake, a stone knocked over …). */
  setCount(pit: string, count: number): Result<void, HandError> {
    const i = this.index.get(pit);
    if (i === undefined)
      return err("bad-pit", `${pit} is not a pit of a ${this.geometry.id} board`);
    if (!Number.isInteger(count) || count < 0 || count > 255) {
      return err("bad-counts", `a pit holds 0..255 stones, not ${count}`);
    }
    this.write(i, count);
    return ok(undefined);
  }

  /** Called on every change of a place's plain-stone count. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called on every move of a gem. */
  onGemChange(listener: GemListener): () => void {
    this.gemListeners.add(listener);
    return () => this.gemListeners.delete(listener);
  }

  private write(i: number, count: number): void {
    if (this.cells[i] === count) return;
    this.cells[i] = count;
    const pit = this.geometry.cells[i] ?? "";
    for (const l of this.listeners) l(pit, count);
  }

  private moveGem(gem: Gem, to: number | null): void {
    const from = this.gemAt.get(gem) ?? null;
    if (from === to && this.gemAt.has(gem)) return;
    this.gemAt.set(gem, to);
    const name = (i: number | null): string | null =>
      i === null ? null : (this.geometry.cells[i] ?? null);
    if (from === to) return;
    for (const l of this.gemListeners) l(gem, name(from), name(to));
  }

  /** @internal Moves stones between a pit and the hand; used by `Hand`. */
  adjust(pit: string, delta: number): Result<number, HandError> {
    const i = this.index.get(pit);
    if (i === undefined)
      return err("bad-pit", `${pit} is not a pit of a ${this.geometry.id} board`);
    const now = this.cells[i] ?? 0;
    const next = now + delta;
    if (next < 0) return err("empty-pit", `${pit} holds ${now} stone(s), cannot take ${-delta}`);
    if (next > 255) return err("full-pit", `${pit} cannot hold more than 255 stones`);
    this.write(i, next);
    return ok(next);
  }

  /** @internal Moves a gem between a place and the hand (`to` null); used by `Hand`. */
  shiftGem(gem: Gem, from: string | null, to: string | null): Result<void, HandError> {
    if (!this.hasGems) return err("no-gems", `a ${this.geometry.id} board holds no gems`);
    if (from !== null && this.whereIs(gem) !== from) {
      return err("no-gem", `gem ${gem} is not in ${from}`);
    }
    if (to === null) {
      this.moveGem(gem, null);
      return ok(undefined);
    }
    const i = this.index.get(to);
    if (i === undefined) return err("bad-pit", `${to} is not a place of a 2x5+2 board`);
    this.moveGem(gem, i);
    return ok(undefined);
  }
}

/** What `liftBeads` takes from a place: plain stones and gems. */
export interface Beads {
  readonly stones?: number;
  readonly gems?: readonly string[];
}

/** The player's hand: beads held (plain stones and identified gems), the pit it hovers over, the reserve off the board. */
export class Hand {
  private stones = 0;
  private readonly gemsHeld: Gem[] = [];
  private over: string | null = null;
  private reserveLeft: number;
  private readonly board: PhysicalBoard;

  constructor(board: PhysicalBoard, reserve: number) {
    this.board = board;
    this.reserveLeft = reserve;
  }

  /** Beads held: plain stones and gems. */
  get held(): number {
    return this.stones + this.gemsHeld.length;
  }

  /** Plain stones held. */
  get heldStones(): number {
    return this.stones;
  }

  /** Gems held, in the order they were taken. */
  get heldGems(): readonly Gem[] {
    return [...this.gemsHeld];
  }

  /** The pit the hand is over (its sensor may read unsteadily), or null. */
  get hovering(): string | null {
    return this.over;
  }

  get reserve(): number {
    return this.reserveLeft;
  }

  hover(pit: string | null): void {
    this.over = pit;
  }

  /**
   * Takes `n` plain stones from a pit into the hand, or without `n` every
   * bead of it (its stones and its gems, as GB-2 lifts a pit).
   */
  lift(pit: string, n?: number): Result<number, HandError> {
    if (n !== undefined) return this.liftStones(pit, n);
    const gems = this.board.gems(pit);
    const r = this.liftBeads(pit, { stones: this.board.count(pit), gems });
    return r.ok ? ok(r.value) : r;
  }

  /** Takes the given stones and gems of a place into the hand, all or nothing; returns how many beads. */
  liftBeads(pit: string, beads: Beads): Result<number, HandError> {
    const gems = beads.gems ?? [];
    const missing = gems.find((g) => !isGem(g) || this.board.whereIs(g) !== pit);
    if (missing !== undefined) return err("no-gem", `${pit} holds no gem ${missing}`);
    const stones = beads.stones ?? 0;
    const r = this.liftStones(pit, stones);
    if (!r.ok) return r;
    for (const g of gems) {
      if (!isGem(g)) continue;
      this.board.shiftGem(g, pit, null);
      this.gemsHeld.push(g);
    }
    return ok(stones + gems.length);
  }

  private liftStones(pit: string, n: number): Result<number, HandError> {
    const r = this.board.adjust(pit, -n);
    if (!r.ok) return r;
    this.over = pit;
    this.stones += n;
    return ok(n);
  }

  /**
   * Drops one bead from the hand into a pit: `"s"` a plain stone, a gem by
   * its tag, or a number of plain stones. Without a bead: a stone when the
   * hand holds one, else the first gem it holds.
   */
  drop(pit: string, bead: number | string = 1): Result<void, HandError> {
    if (typeof bead === "number") return this.dropStones(pit, bead);
    if (bead === "s") return this.dropStones(pit, 1);
    const at = this.gemsHeld.findIndex((g) => g === bead);
    if (at < 0) return err("empty-hand", `the hand holds no gem ${bead}`);
    const r = this.board.shiftGem(bead as Gem, null, pit);
    if (!r.ok) return r;
    this.gemsHeld.splice(at, 1);
    this.over = pit;
    return ok(undefined);
  }

  private dropStones(pit: string, n: number): Result<void, HandError> {
    if (this.stones < n) {
      const gem = this.gemsHeld[0];
      if (n === 1 && this.stones === 0 && gem !== undefined) return this.drop(pit, gem);
      return err("empty-hand", `the hand holds ${this.stones} stone(s), cannot drop ${n}`);
    }
    const r = this.board.adjust(pit, n);
    if (!r.ok) return r;
    this.over = pit;
    this.stones -= n;
    return ok(undefined);
  }

  /**
   * Takes every stone of a pit into the hand; with a gem, takes that gem
   * (GB-3/GB-4), and with a cup too, drops it there (the sensors see it
   * leave, then arrive).
   */
  capture(pit: string, gem?: string, cup?: string): Result<number, HandError> {
    if (gem === undefined) return this.liftStones(pit, this.board.count(pit));
    const r = this.liftBeads(pit, { gems: [gem] });
    if (!r.ok || cup === undefined) return r;
    const d = this.drop(cup, gem);
    return d.ok ? ok(1) : d;
  }

  /** Puts one stone from the reserve (not on the board) into a pit. */
  place(pit: string): Result<void, HandError> {
    if (this.reserveLeft < 1) return err("empty-reserve", "no stones left in the reserve");
    const r = this.board.adjust(pit, 1);
    if (!r.ok) return r;
    this.over = pit;
    this.reserveLeft--;
    return ok(undefined);
  }

  /**
   * Makes the hand hold exactly `n` plain stones: extra ones go back to the
   * box, missing ones come from it (a move taken up again after its stones
   * were put aside). Gems held are kept.
   */
  hold(n: number, gems?: readonly Gem[]): void {
    this.stones = Math.max(0, Math.floor(n));
    if (gems !== undefined) {
      for (const g of gems) if (this.board.whereIs(g) !== null) this.board.shiftGem(g, null, null);
      this.gemsHeld.splice(0, this.gemsHeld.length, ...gems);
    }
  }

  /** Puts the beads held aside (a player's store, the box); returns how many. */
  putAway(): number {
    const n = this.held;
    this.stones = 0;
    this.gemsHeld.length = 0;
    return n;
  }
}

// ---------------------------------------------------------------- traces

export interface TraceTiming {
  /** Milliseconds per stone moved, drawn uniformly from [min, max] (default 150..400). */
  readonly perStoneMs?: readonly [number, number];
  /** Multiplies every delay: 1 = a person's pace, 0 = instant (default 1). */
  readonly timeScale?: number;
  /** Lift a pit's stones in this many grabs (default 1: all at once). */
  readonly liftGrabs?: number;
  /** Seed of the delays (default 1). */
  readonly seed?: number;
  readonly scheduler?: Scheduler;
  /** `hex61`: milliseconds a marble rolls from one hole to the next (default 20..60). */
  readonly rollMs?: readonly [number, number];
  /** `hex61`: milliseconds a marble rattles in the hole it dropped into (default 10..30). */
  readonly rattleMs?: readonly [number, number];
}

/** Whether a trace step is one of Abalone's (`off`, `hole`). */
export function isMarbleStep(step: ProtocolStep): step is MarbleStep {
  return step.op === "off" || step.op === "hole";
}

/**
 * Performs an engine trace (shared/spec/engine-protocol.md) stone by stone,
 * waiting a person's time between stones; the hand leaves the board at the
 * end. Stops at the first step the board cannot do, and says which. On
 * `hex61` the trace is Abalone's (`off`, `hole`) and the hand pushes the
 * line of marbles that makes it (`marbles.ts`; `rollMs`, `rattleMs`).
 */
export async function playTrace(
  board: PhysicalBoard,
  steps: readonly ProtocolStep[],
  timing: TraceTiming = {},
): Promise<Result<void, HandError>> {
  const marbles = steps.filter(isMarbleStep);
  if (board.hasHoles || marbles.length > 0) {
    if (!board.hasHoles || marbles.length !== steps.length) {
      const odd = steps.find((s) => isMarbleStep(s) !== board.hasHoles);
      return err(
        "bad-step",
        `a ${board.geometry.id} board cannot play a '${odd?.op ?? "?"}' step` +
          (board.hasHoles ? " (its traces are off and hole steps)" : ""),
      );
    }
    return playMarbles(board, marbles, timing);
  }
  const trace = steps as readonly TraceStep[];
  const scheduler = timing.scheduler ?? realScheduler;
  const scale = timing.timeScale ?? 1;
  const [lo, hi] = timing.perStoneMs ?? [150, 400];
  const random = seededRandom(timing.seed ?? 1);
  const pause = (): Promise<void> =>
    scale <= 0 ? Promise.resolve() : sleep(scheduler, (lo + (hi - lo) * random()) * scale);
  for (let i = 0; i < trace.length; i++) {
    const step = trace[i] as TraceStep;
    const done = await playStep(board, step, timing.liftGrabs ?? 1, pause);
    if (!done.ok) {
      board.hand.hover(null);
      return err(
        done.error.code,
        `trace step ${i + 1} (${step.op} ${step.pit}): ${done.error.message}`,
      );
    }
  }
  board.hand.hover(null);
  await pause();
  return ok(undefined);
}

async function playStep(
  board: PhysicalBoard,
  step: TraceStep,
  grabs: number,
  pause: () => Promise<void>,
): Promise<Result<void, HandError>> {
  const hand = board.hand;
  switch (step.op) {
    case "lift":
      if (step.gems !== undefined || step.stones !== undefined) {
        return liftBeadsStep(board, step.pit, step.stones ?? 0, step.gems ?? [], pause);
      }
      return liftStep(board, step.pit, step.n, grabs, pause);
    case "capture": {
      if (step.gem !== undefined) return captureGemStep(board, step.pit, step.gem, step.to, pause);
      return liftStep(board, step.pit, step.n, grabs, pause);
    }
    case "sow": {
      hand.hover(step.pit);
      const r = hand.drop(step.pit, step.bead ?? "s");
      await pause();
      return r;
    }
    case "place": {
      hand.hover(step.pit);
      const r = hand.place(step.pit);
      await pause();
      return r;
    }
  }
}

/** Lifts `n` plain stones in `grabs` grabs. */
async function liftStep(
  board: PhysicalBoard,
  pit: string,
  n: number,
  grabs: number,
  pause: () => Promise<void>,
): Promise<Result<void, HandError>> {
  const hand = board.hand;
  hand.hover(pit);
  await pause();
  const have = board.count(pit);
  if (have < n) {
    return err("empty-pit", `${pit} holds ${have} stone(s), the trace lifts ${n}`);
  }
  // Several grabs: the sensor sees the count fall over several snapshots.
  let left = n;
  for (let g = Math.max(1, grabs); g > 0 && left > 0; g--) {
    const take = g === 1 ? left : Math.ceil(left / g);
    const r = hand.lift(pit, take);
    if (!r.ok) return r;
    left -= take;
    if (left > 0) await pause();
  }
  await pause();
  return ok(undefined);
}

/** A Glassperlenspiel lift: the pit's stones and its gems in one grab. */
async function liftBeadsStep(
  board: PhysicalBoard,
  pit: string,
  stones: number,
  gems: readonly string[],
  pause: () => Promise<void>,
): Promise<Result<void, HandError>> {
  board.hand.hover(pit);
  await pause();
  const have = board.count(pit);
  if (have < stones) {
    return err("empty-pit", `${pit} holds ${have} stone(s), the trace lifts ${stones}`);
  }
  const r = board.hand.liftBeads(pit, { stones, gems });
  await pause();
  return r.ok ? ok(undefined) : r;
}

/** A gem captured: taken from its place, carried, dropped into the cup (`to`; else kept in hand). */
async function captureGemStep(
  board: PhysicalBoard,
  pit: string,
  gem: string,
  to: string | undefined,
  pause: () => Promise<void>,
): Promise<Result<void, HandError>> {
  const hand = board.hand;
  hand.hover(pit);
  await pause();
  const taken = hand.liftBeads(pit, { gems: [gem] });
  if (!taken.ok) return taken;
  await pause();
  if (to === undefined) return ok(undefined);
  hand.hover(to);
  const r = hand.drop(to, gem);
  await pause();
  return r;
}
