/**
 * The simulated RFID readers of the Glassperlenspiel board (`2x5+2`): one
 * reader per place, scanned with the load cells, reading the tags of the
 * gems that lie there, with the imperfections RFID has (seeded):
 *
 * - **lag** (`lag`, a chance per gem that lands): its tag is read one or two
 *   scans after its weight arrived;
 * - **flicker** (`flicker`, a chance per gem and scan): a tag is missed for
 *   one scan;
 * - **a dead tag** (`loseTag`): never read until revived;
 * - **a tag read twice** (`crossRead`): another place's reader reads it too
 *   (a gem over the rim, antennas too close).
 *
 * What the board does with them is PROTOCOL.md §7 (revision 1.3): a gem not
 * (yet) read counts as a plain stone where its weight lies; a tag read by two
 * readers is reported by neither and both places are unsteady; a gem whose
 * tag goes unread while its place's weight has not changed since it was read
 * is a missed read, not a gem taken, and keeps its place unsteady (never
 * settled) until its tag is read again or the weight changes; after
 * `TAG_FAULT_MS` of that the reader is faulty (a dead tag or reader): the
 * place reads `?` and the board says `ERR sensor-fault` until it recovers.
 */
import { GEMS } from "../protocol/index.js";
import type { Gem } from "../protocol/index.js";
import type { PhysicalBoard } from "./physical-board.js";

/** How long a tag may go unread at an unchanged weight before its place counts as faulty. */
export const TAG_FAULT_MS = 2000;

export interface TagNoise {
  /** Chance that a gem's tag is read one or two scans after its weight arrives (0..1). */
  readonly lag: number;
  /** Chance per scan that a present tag is missed (0..1). */
  readonly flicker: number;
}

/** One scan of every reader. */
export interface TagScan {
  /** Per place, canonical order: the gems its reader reports (canonical order). */
  readonly tags: readonly (readonly Gem[])[];
  /** Per place: its tag reads are not to be trusted yet (a missed read, a tag read twice). */
  readonly unsteady: readonly boolean[];
  /** Per place: a tag unread at an unchanged weight for `TAG_FAULT_MS` or more (a sensor fault). */
  readonly faulty: readonly boolean[];
}

export class TagReaders {
  private readonly physical: PhysicalBoard;
  private readonly random: () => number;
  private readonly noise: TagNoise;
  /** Where each gem lay at the last scan (place index or null), and when its tag can be read. */
  private readonly lastPlace = new Map<Gem, number | null>();
  private readonly readableAt = new Map<Gem, number>();
  /** Per place: its beads by weight at the last scan, and the tags read since that weight. */
  private lastBeads: number[] = [];
  private seen: Set<Gem>[] = [];
  private readonly dead = new Set<Gem>();
  /** Per place: since when a tag has gone unread at an unchanged weight, or null. */
  private missingSince: (number | null)[] = [];
  private readonly cross = new Map<Gem, number>();

  constructor(physical: PhysicalBoard, random: () => number, noise: TagNoise) {
    this.physical = physical;
    this.random = random;
    this.noise = noise;
    this.reset(0);
  }

  /** Power-up: every gem on the board is read at once. */
  reset(now: number): void {
    const pits = this.physical.pits;
    for (const gem of GEMS) {
      const at = this.physical.whereIs(gem);
      this.lastPlace.set(gem, at === null ? null : pits.indexOf(at));
      this.readableAt.set(gem, now);
    }
    this.lastBeads = pits.map((p) => this.physical.beads(p));
    this.seen = pits.map((p) => new Set(this.physical.gems(p)));
    this.missingSince = pits.map(() => null);
  }

  /** A dead tag (`true`) is never read; `false` revives it. */
  loseTag(gem: Gem, lost = true): void {
    if (lost) this.dead.add(gem);
    else this.dead.delete(gem);
  }

  /** The reader of `place` reads `gem` too, wherever it lies; null stops it. */
  crossRead(gem: Gem, place: string | null): void {
    const i = place === null ? -1 : this.physical.pits.indexOf(place);
    if (i < 0) this.cross.delete(gem);
    else this.cross.set(gem, i);
  }

  /** Reads every place once at time `now` (the scan period is `scanMs`). */
  scan(now: number, scanMs: number): TagScan {
    const pits = this.physical.pits;
    const tags: Gem[][] = pits.map(() => []);
    const unsteady = pits.map(() => false);
    const faulty = pits.map(() => false);
    const where = new Map<Gem, number | null>();
    for (const gem of GEMS) {
      const at = this.physical.whereIs(gem);
      const place = at === null ? null : pits.indexOf(at);
      where.set(gem, place);
      if (place !== this.lastPlace.get(gem)) {
        this.lastPlace.set(gem, place);
        const late = place !== null && this.noise.lag > 0 && this.random() < this.noise.lag;
        this.readableAt.set(gem, late ? now + scanMs * (this.random() < 0.5 ? 1 : 2) : now);
      }
      if (place === null || this.dead.has(gem) || now < (this.readableAt.get(gem) ?? now)) continue;
      if (this.noise.flicker > 0 && this.random() < this.noise.flicker) continue;
      const other = this.cross.get(gem);
      if (other !== undefined && other !== place) {
        unsteady[place] = unsteady[other] = true;
        continue;
      }
      tags[place]?.push(gem);
    }
    pits.forEach((pit, i) => {
      const beads = this.physical.beads(pit);
      const seen = this.seen[i] ?? new Set<Gem>();
      if (beads !== this.lastBeads[i]) {
        this.lastBeads[i] = beads;
        seen.clear();
      }
      for (const gem of tags[i] ?? []) seen.add(gem);
      this.seen[i] = seen;
      // Read at this weight before, unread now, still there: a missed read, not a gem taken.
      let missing = false;
      for (const gem of seen) {
        if (where.get(gem) === i && !(tags[i] ?? []).includes(gem)) missing = true;
      }
      const since = missing ? (this.missingSince[i] ?? now) : null;
      this.missingSince[i] = since;
      if (missing) unsteady[i] = true;
      faulty[i] = since !== null && now - since >= TAG_FAULT_MS;
    });
    return { tags, unsteady, faulty };
  }
}
