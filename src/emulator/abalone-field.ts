/**
 * The marbles of the Abalone board (hardware/abalone.md §2–§4) as magnetic
 * fields at its 61 Hall sensors, for the emulated TMAG5273s (tmag5273.ts):
 *
 * - a marble is a point dipole (a uniformly magnetised sphere's outside field
 *   is exactly a dipole's): B = k (d/R)³ (3 (m̂·R̂) R̂ − m̂), k = 6.8 mT for a
 *   black marble (6 mm N42 sphere), 2.0 mT for a white one (4 mm), d = 12 mm
 *   from the marble's centre to the Hall element (§2.2, §3.3);
 * - every marble on the board adds its field at every sensor (the neighbours'
 *   fields that the firmware's correction removes, §4);
 * - the tolerances of §4, drawn per marble from the seed: moment ±5 % (grade),
 *   the magnet up to 0.5 mm off the marble's centre, the marble up to 3 mm off
 *   its hole's centre where it comes to rest;
 * - a marble set down rolls into a random orientation and rocks in its dish
 *   (40 mm radius: period 0.41 s) with a swing that decays over `settleS`
 *   (0.2–0.8 s, §5), turning its moment and moving its centre as it swings;
 *   a marble lifted is gone at once; `slide` moves one across the board at a
 *   hand's speed (0.1–0.3 m/s, §6), its field passing over the holes between.
 *
 * Holes are canonical indices (A1 = 0 .. I9 = 60, PROTOCOL.md §5.3); positions
 * on the 40 mm triangular grid (x = 40·(c − r/2), y = 34.64·r mm, §13.1).
 */
import { seededRandom } from "../shared/index.js";

export const ABALONE_HOLES = 61;
/** The neutral marble of AB-9.6 is a 20 mm aluminium ball: no magnet (§2.3). */
export const MARBLE_K_MT = { b: 6.8, w: 2.0, n: 0 } as const;
/**
 * The conductor each marble holds, its radius in mm (§2.3): a black one's 6 mm
 * magnet, a white one's 4 mm, the neutral marble all of it (aluminium).
 */
export const CONDUCTOR_RADIUS_MM = { b: 3, w: 2, n: 10 } as const;
/** Marble centre above the Hall element, mm (§3.3). */
export const SENSOR_DEPTH_MM = 12;
const PITCH_MM = 40;
const ROW_MM = 34.64101615;
/** Rocking in the 40 mm-radius dish: period (§6) and the decay of the swing. */
const ROCK_PERIOD_S = 0.41;

export type MarbleColour = "b" | "w" | "n";

/** Row (0 = A .. 8 = I) and column (1..9) of a canonical hole index. */
export function holeRowCol(hole: number): [number, number] {
  const starts = [0, 5, 11, 18, 26, 35, 43, 50, 56, 61];
  let r = 0;
  while (hole >= (starts[r + 1] ?? 61)) r++;
  const cmin = r > 4 ? r - 3 : 1;
  return [r, cmin + hole - (starts[r] ?? 0)];
}

/** The hole's centre on the plate's grid, mm. */
export function holeXY(hole: number): [number, number] {
  const [r, c] = holeRowCol(hole);
  return [PITCH_MM * (c - r / 2), ROW_MM * r];
}

interface Marble {
  colour: MarbleColour;
  k: number;
  /** Moment direction at rest. */
  dir: [number, number, number];
  /** Magnet off the marble's centre, mm. */
  magnet: [number, number, number];
  /** Where it is: a hole, or sliding between two. */
  from: number;
  to: number;
  /** Slide: start time and duration (0: at rest in `to`). */
  slideAt: number;
  slideS: number;
  /** Resting offset from the hole centre, mm. */
  rest: [number, number];
  /** Set down at, and the rocking's initial swing (rad) and decay time. */
  downAt: number;
  swing: number;
  settleS: number;
  /** Axis the rocking turns the moment about (horizontal). */
  axis: [number, number, number];
}

export interface AbaloneFieldOptions {
  seed?: number;
  /** §4's tolerances (default on); off: centred marbles, exact moments. */
  tolerances?: boolean;
  /** Rocking after set down (default on). */
  rocking?: boolean;
}

export class AbaloneField {
  private readonly marbles = new Map<number, Marble>();
  private readonly random: () => number;
  private readonly tolerances: boolean;
  private readonly rocking: boolean;
  /** A stray field added everywhere (the earth's field turning, a phone), mT. */
  stray: [number, number, number] = [0, 0, 0];

  constructor(opts: AbaloneFieldOptions = {}) {
    this.random = seededRandom(opts.seed ?? 1);
    this.tolerances = opts.tolerances ?? true;
    this.rocking = opts.rocking ?? true;
  }

  private sym(a: number): number {
    return (2 * this.random() - 1) * a;
  }

  private unit(): [number, number, number] {
    const z = this.sym(1);
    const t = 2 * Math.PI * this.random();
    const r = Math.sqrt(1 - z * z);
    return [r * Math.cos(t), r * Math.sin(t), z];
  }

  /** What the holes hold now: '.', 'b' or 'w' per hole (a sliding marble counts where it goes). */
  cells(): string {
    const out = Array<string>(ABALONE_HOLES).fill(".");
    for (const [hole, m] of this.marbles) out[hole] = m.colour;
    return out.join("");
  }

  colourAt(hole: number): MarbleColour | null {
    return this.marbles.get(hole)?.colour ?? null;
  }

  /** A marble set down into `hole` at time t (s): a fresh orientation, it rocks, then rests. */
  put(hole: number, colour: MarbleColour, t: number): void {
    this.check(hole);
    if (this.marbles.has(hole)) throw new Error(`hole ${hole} already holds a marble`);
    const tol = this.tolerances;
    const q = tol ? 0.5 * this.random() : 0;
    const mag = this.unit();
    const a = 2 * Math.PI * this.random();
    const rr = tol ? 3 * Math.sqrt(this.random()) : 0;
    const az = 2 * Math.PI * this.random();
    this.marbles.set(hole, {
      colour,
      k: MARBLE_K_MT[colour] * (tol ? 1 + this.sym(0.05) : 1),
      dir: this.unit(),
      magnet: [mag[0] * q, mag[1] * q, mag[2] * q],
      from: hole,
      to: hole,
      slideAt: t,
      slideS: 0,
      rest: [rr * Math.cos(a), rr * Math.sin(a)],
      downAt: t,
      swing: this.rocking ? 0.25 + 0.25 * this.random() : 0,
      settleS: 0.2 + 0.6 * this.random(),
      axis: [Math.cos(az), Math.sin(az), 0],
    });
  }

  /** The marble in `hole` lifted off the board at once. */
  lift(hole: number): MarbleColour {
    const m = this.marbles.get(hole);
    if (m === undefined) throw new Error(`hole ${hole} is empty`);
    this.marbles.delete(hole);
    return m.colour;
  }

  /**
   * The marble in `from` slid to `to` by hand, starting at t and taking `seconds`;
   * it rolls on the way (a new orientation) and rocks where it stops.
   */
  slide(from: number, to: number, t: number, seconds: number): void {
    this.check(to);
    const m = this.marbles.get(from);
    if (m === undefined) throw new Error(`hole ${from} is empty`);
    if (from !== to && this.marbles.has(to)) throw new Error(`hole ${to} already holds a marble`);
    this.marbles.delete(from);
    const fresh = this.unit();
    this.marbles.set(to, {
      ...m,
      from,
      to,
      slideAt: t,
      slideS: seconds,
      dir: fresh,
      downAt: t + seconds,
      swing: this.rocking ? 0.25 + 0.25 * this.random() : 0,
      settleS: 0.2 + 0.6 * this.random(),
    });
  }

  /** When every marble's swing has fallen under 1 mm and none slides (s): "at rest" (§5). */
  quietAt(): number {
    let t = 0;
    for (const m of this.marbles.values())
      t = Math.max(t, m.downAt + (m.swing > 0 ? m.settleS : 0));
    return t;
  }

  /** The swing's decay time: 20 mm·θ falls under 1 mm at `settleS` (§5: 0.2–0.8 s). */
  private static tau(m: Marble): number {
    return m.settleS / Math.log(Math.max(1.01, 20 * m.swing));
  }

  /**
   * The conductors over the board at time t (s), for the inductive switches
   * (ldc0851.ts): each marble's, where it is now (x, y on the grid, mm; z its
   * centre above the coil plane, the Hall element's, §3.3).
   */
  conductors(t: number): { x: number; y: number; z: number; radius: number }[] {
    const out: { x: number; y: number; z: number; radius: number }[] = [];
    for (const m of this.marbles.values()) {
      const [px, py] = this.pose(m, t);
      const magnet = m.colour === "n" ? [0, 0, 0] : m.magnet;
      out.push({
        x: px + (magnet[0] ?? 0),
        y: py + (magnet[1] ?? 0),
        z: SENSOR_DEPTH_MM + (magnet[2] ?? 0),
        radius: CONDUCTOR_RADIUS_MM[m.colour],
      });
    }
    return out;
  }

  /** The field at hole `h`'s sensor at time t (s), mT. */
  field(h: number, t: number): [number, number, number] {
    const [sx, sy] = holeXY(h);
    const b: [number, number, number] = [this.stray[0], this.stray[1], this.stray[2]];
    for (const m of this.marbles.values()) {
      if (m.k === 0) continue; // the neutral marble: no magnet
      const [px, py, dir] = this.pose(m, t);
      const R = [
        px - sx + m.magnet[0],
        py - sy + m.magnet[1],
        SENSOR_DEPTH_MM + m.magnet[2],
      ] as const;
      const r = Math.hypot(R[0], R[1], R[2]);
      if (r > 250) continue;
      const q = SENSOR_DEPTH_MM / r;
      const s = m.k * q * q * q;
      const dot = (dir[0] * R[0] + dir[1] * R[1] + dir[2] * R[2]) / r;
      for (let a = 0; a < 3; a++)
        b[a] = (b[a] ?? 0) + s * ((3 * dot * (R[a] ?? 0)) / r - (dir[a] ?? 0));
    }
    return b;
  }

  /** Position (mm) and moment direction of a marble at time t. */
  private pose(m: Marble, t: number): [number, number, readonly [number, number, number]] {
    const [tx, ty] = holeXY(m.to);
    if (m.slideS > 0 && t < m.slideAt + m.slideS) {
      const [fx, fy] = holeXY(m.from);
      const u = Math.max(0, (t - m.slideAt) / m.slideS);
      // rolling without slipping: the moment turns by distance / radius (10 mm)
      const dist = u * Math.hypot(tx - fx, ty - fy);
      return [fx + u * (tx - fx), fy + u * (ty - fy), rotate(m.dir, m.axis, dist / 10)];
    }
    const since = t - m.downAt;
    const tau = AbaloneField.tau(m);
    // rocking until the swing is under 0.01 mm (3 τ after it is under 1 mm)
    if (m.swing > 0 && since >= 0 && since < m.settleS + 4.6 * tau) {
      // a damped swing: angle θ(t) about the horizontal axis, the centre moving 20 mm·θ
      const decay = Math.exp(-since / tau);
      const theta = m.swing * decay * Math.cos((2 * Math.PI * since) / ROCK_PERIOD_S);
      const ox = -m.axis[1] * 20 * theta;
      const oy = m.axis[0] * 20 * theta;
      return [tx + m.rest[0] + ox, ty + m.rest[1] + oy, rotate(m.dir, m.axis, theta * 2)];
    }
    return [tx + m.rest[0], ty + m.rest[1], m.dir];
  }

  private check(hole: number): void {
    if (!Number.isInteger(hole) || hole < 0 || hole >= ABALONE_HOLES)
      throw new RangeError(`hole ${hole}: 0..60 (A1..I9)`);
  }
}

/** v turned by angle a about the unit axis k (Rodrigues). */
function rotate(
  v: readonly [number, number, number],
  k: readonly [number, number, number],
  a: number,
): [number, number, number] {
  const c = Math.cos(a);
  const s = Math.sin(a);
  const dot = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
  const cross = [k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]];
  return [
    v[0] * c + (cross[0] ?? 0) * s + k[0] * dot * (1 - c),
    v[1] * c + (cross[1] ?? 0) * s + k[1] * dot * (1 - c),
    v[2] * c + (cross[2] ?? 0) * s + k[2] * dot * (1 - c),
  ];
}
