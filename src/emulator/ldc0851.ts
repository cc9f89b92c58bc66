/**
 * The Abalone board's neutral-marble sensing under emulation
 * (hardware/abalone.md §2.3): a TI LDC0851 differential inductive switch per
 * hole, whose sense coil is a printed spiral around the hole's Hall sensor,
 * and the eight 74HCT165 shift registers that bring the 61 outputs to three
 * Mega pins (PL on D22/PA0, CP on D23/PA1, Q7 on D24/PA2, §9.1).
 *
 * Physics (every figure of §2.3's table comes from here):
 * - the sense coil: two layers of 12 circular turns, radii 3.0 … 8.0 mm (16 mm
 *   outer, 6 mm inner diameter: the TMAG5273's SOT-23 fits inside), the layers
 *   0.2 mm apart; its field per ampere at any point from the loop formula with
 *   complete elliptic integrals (Smythe, Static and Dynamic Electricity §7.10);
 * - its inductance L = 2 · L1 · (1 + k), L1 from Mohan et al.'s current-sheet
 *   formula for a circular planar spiral (IEEE JSSC 34(10), 1999; c1 = 1,
 *   c2 = 2.46, c3 = 0, c4 = 0.2), the layers coupled at k = 0.9: 6.5 µH, and
 *   with the 1 nF C0G tank ≈ 2 MHz, inside the LDC0851's 300 kHz – 19 MHz
 *   (datasheet SNOSCZ7B §7.1.1.1; the tank ≥ 33 pF, §7.1.1);
 * - a conductor of radius a (aluminium's skin depth at 2 MHz is 0.09 mm, the
 *   NdFeB magnets' 0.44 mm: both taken as perfect conductors, which overstates
 *   the magnets) lowers it by |ΔL| = (3/2) μ0 ∫ h² dV over its volume, the
 *   first-order energy a perfectly conducting sphere excludes from the field
 *   (exact for a sphere in a uniform field: its moment is −2πa³H);
 * - the neutral marble is a 20 mm aluminium ball, a black marble's conductor
 *   its 6 mm magnet, a white one's its 4 mm magnet (§2.2), each where
 *   abalone-field.ts has it (off centre, rocking, sliding);
 * - the switch (datasheet §6.3.2–§6.3.4, threshold-adjust mode): its output
 *   reads "a conductor" while L_SENSE is below L_REF by more than the
 *   threshold, 3 % of L (set by the ADJ divider, §2.3), and lets go below the
 *   threshold less the hysteresis (0.3 %: an assumption, the datasheet's
 *   figure to be read on the first build, §14 H10); the sense and reference
 *   coils differ by up to ±1 % per hole (PCB etching, drawn from the seed),
 *   and each reading has 0.02 % rms noise (an assumption: the differential
 *   design cancels temperature and supply, datasheet §1);
 * - the output as the firmware reads it: 0 = a conductor over the coil (the
 *   board's convention: a missing chain, Q7 pulled up, reads no conductor
 *   anywhere), inputs 61–63 of the last register tied to 0 so that the
 *   firmware can tell the chain is there.
 *
 *   const ldc = new NeutralSwitches({ bodies: (t) => field.bodies(t), seed });
 *   chip.port("A").addListener((v) => ldc.pins(v, now()));  // PL, CP; Q7 out
 */
import { seededRandom } from "../shared/index.js";
import { ABALONE_HOLES, holeXY } from "./abalone-field.js";

const MU0 = 4e-7 * Math.PI;
/** The sense coil (§2.3): radii of its turns, m, on two layers 0.2 mm apart. */
const TURN_RADII_M = Array.from({ length: 12 }, (_, i) => (3.0 + (5.0 * i) / 11) * 1e-3);
const LAYERS_M = [0, -0.2e-3] as const;

/** Complete elliptic integrals K(m) and E(m) (parameter m = k²) by the arithmetic-geometric mean. */
export function ellipticKE(m: number): [number, number] {
  let a = 1;
  let b = Math.sqrt(1 - m);
  let c = Math.sqrt(m);
  let sum = 0.5 * c * c;
  let pow = 0.5;
  for (let i = 0; i < 30 && Math.abs(c) > 1e-15; i++) {
    const an = (a + b) / 2;
    const bn = Math.sqrt(a * b);
    c = (a - b) / 2;
    a = an;
    b = bn;
    pow *= 2;
    sum += pow * c * c;
  }
  const k = Math.PI / (2 * a);
  return [k, k * (1 - sum)];
}

/** h² (A/m per A, squared) of the coil at (ρ, z) m, the coil's axis through ρ = 0, top layer at z = 0. */
export function coilH2(rho: number, z: number): number {
  const r = Math.max(rho, 1e-9);
  let hr = 0;
  let hz = 0;
  for (const z0 of LAYERS_M) {
    const zz = z - z0;
    for (const a of TURN_RADII_M) {
      const q = (a + r) ** 2 + zz * zz;
      const m = (4 * a * r) / q;
      const [K, E] = ellipticKE(Math.min(m, 1 - 1e-12));
      const den = Math.sqrt(q);
      const near = (a - r) ** 2 + zz * zz;
      hz += (K + ((a * a - r * r - zz * zz) / near) * E) / (2 * Math.PI * den);
      hr += ((zz / r) * (-K + ((a * a + r * r + zz * zz) / near) * E)) / (2 * Math.PI * den);
    }
  }
  return hr * hr + hz * hz;
}

/** The sense coil's inductance, H (Mohan's formula per layer, two layers coupled at k = 0.9). */
export const COIL_INDUCTANCE_H = (() => {
  const n = 12;
  const dOut = 16e-3;
  const dIn = 6e-3;
  const fill = (dOut - dIn) / (dOut + dIn);
  const l1 = ((MU0 * n * n * (dOut + dIn)) / 4) * (Math.log(2.46 / fill) + 0.2 * fill * fill);
  return 2 * l1 * 1.9;
})();

/** Points spread evenly through the unit ball (a Fibonacci lattice on shells): the quadrature. */
function ballPoints(shells: number, perShell: number): [number, number, number, number][] {
  const pts: [number, number, number, number][] = [];
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let s = 0; s < shells; s++) {
    const r0 = s / shells;
    const r1 = (s + 1) / shells;
    const r = (r0 + r1) / 2;
    const weight = (r1 ** 3 - r0 ** 3) / perShell; // each point's share of the unit ball's volume / (4π/3)
    for (let i = 0; i < perShell; i++) {
      const y = 1 - (2 * (i + 0.5)) / perShell;
      const ring = Math.sqrt(1 - y * y);
      const th = golden * i;
      pts.push([r * ring * Math.cos(th), r * ring * Math.sin(th), r * y, weight]);
    }
  }
  return pts;
}

const BALL = ballPoints(8, 96);

/**
 * ΔL / L of a perfectly conducting sphere of radius `aMm` whose centre is `rhoMm`
 * off the coil's axis and `zMm` above its top layer (§2.3's field budget).
 */
export function inductanceDrop(aMm: number, rhoMm: number, zMm: number): number {
  const a = aMm * 1e-3;
  let sum = 0;
  for (const [x, y, z, w] of BALL) {
    const px = rhoMm * 1e-3 + a * x;
    const py = a * y;
    sum += w * coilH2(Math.hypot(px, py), zMm * 1e-3 + a * z);
  }
  const volume = (4 / 3) * Math.PI * a ** 3;
  return (1.5 * MU0 * sum * volume) / COIL_INDUCTANCE_H;
}

/** A conductor near the coils: its centre (mm, on the plate's grid; z above the coil plane) and radius. */
export interface Conductor {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly radius: number;
}

/**
 * ΔL / L by radius, distance off axis (0 … 45 mm, 1 mm steps) and height
 * (10.5 … 13.5 mm, 0.5 mm steps), computed once and interpolated: the sum over
 * the board's conductors every scan stays cheap.
 */
class DropTable {
  private readonly tables = new Map<number, Float64Array>();
  static readonly RHO_MAX = 45;
  static readonly Z0 = 10.5;
  static readonly ZN = 7;

  drop(radius: number, rho: number, z: number): number {
    if (rho >= DropTable.RHO_MAX) return 0;
    let t = this.tables.get(radius);
    if (t === undefined) {
      t = new Float64Array((DropTable.RHO_MAX + 1) * DropTable.ZN);
      for (let i = 0; i <= DropTable.RHO_MAX; i++)
        for (let j = 0; j < DropTable.ZN; j++)
          t[i * DropTable.ZN + j] = inductanceDrop(radius, i, DropTable.Z0 + 0.5 * j);
      this.tables.set(radius, t);
    }
    const zi = Math.max(0, Math.min(DropTable.ZN - 1.0001, (z - DropTable.Z0) / 0.5));
    const i = Math.floor(rho);
    const j = Math.floor(zi);
    const u = rho - i;
    const v = zi - j;
    const at = (ii: number, jj: number): number => t[ii * DropTable.ZN + jj] ?? 0;
    return (
      (1 - u) * ((1 - v) * at(i, j) + v * at(i, j + 1)) +
      u * ((1 - v) * at(i + 1, j) + v * at(i + 1, j + 1))
    );
  }
}

const TABLE = new DropTable();

/** The switch's settings (§2.3). */
export const LDC_THRESHOLD = 0.03;
export const LDC_HYSTERESIS = 0.003;
export const LDC_MISMATCH = 0.01;
export const LDC_NOISE = 0.0002;

export interface NeutralSwitchesOptions {
  /** The conductors over the board at time t (s): abalone-field.ts's `conductors`. */
  conductors: (t: number) => readonly Conductor[];
  seed?: number;
  /** Mismatch and noise (default on). */
  tolerances?: boolean;
}

export class NeutralSwitches {
  /** Each hole's coil mismatch (ΔL/L of the reference against the sense coil at rest). */
  readonly mismatch: number[] = [];
  private readonly on: boolean[] = Array<boolean>(ABALONE_HOLES).fill(false);
  private readonly random: () => number;
  private readonly noise: number;
  private latched: number[] = Array<number>(64).fill(1);
  private shift = 0;
  private lastPins = 0b11;
  /** The chain's Q7 (D24): what the firmware reads now. */
  q7 = 1;
  /** PL latches seen (scans read). */
  loads = 0;

  constructor(private readonly opts: NeutralSwitchesOptions) {
    this.random = seededRandom((opts.seed ?? 1) ^ 0x1dc0);
    const tol = opts.tolerances ?? true;
    for (let h = 0; h < ABALONE_HOLES; h++)
      this.mismatch.push(tol ? (2 * this.random() - 1) * LDC_MISMATCH : 0);
    this.noise = tol ? LDC_NOISE : 0;
  }

  /** ΔL / L at hole h's sense coil from every conductor at time t. */
  drop(h: number, t: number): number {
    const [hx, hy] = holeXY(h);
    let sum = 0;
    for (const c of this.opts.conductors(t))
      sum += TABLE.drop(c.radius, Math.hypot(c.x - hx, c.y - hy), c.z);
    return sum;
  }

  /** Each switch samples at time t: true where it reads a conductor (hysteresis kept per hole). */
  sample(t: number): boolean[] {
    const conductors = this.opts.conductors(t);
    for (let h = 0; h < ABALONE_HOLES; h++) {
      const [hx, hy] = holeXY(h);
      let d = (this.mismatch[h] ?? 0) + this.gauss() * this.noise;
      for (const c of conductors) d += TABLE.drop(c.radius, Math.hypot(c.x - hx, c.y - hy), c.z);
      const was = this.on[h] ?? false;
      this.on[h] = was ? d > LDC_THRESHOLD - LDC_HYSTERESIS : d > LDC_THRESHOLD;
    }
    return [...this.on];
  }

  /**
   * PORTA changed (PL = bit 0, CP = bit 1): PL low latches the 64 inputs (the
   * switches sampled now; 61–63 tied to 0) and shows hole 0's bit on Q7; a
   * rising CP with PL high shifts the next hole's bit out.
   */
  pins(portA: number, t: number): void {
    const pl = portA & 1;
    const cp = (portA >> 1) & 1;
    const wasPl = this.lastPins & 1;
    const wasCp = (this.lastPins >> 1) & 1;
    this.lastPins = portA & 0b11;
    if (pl === 0 && wasPl === 1) {
      const on = this.sample(t);
      this.latched = Array.from({ length: 64 }, (_, i) => (i >= ABALONE_HOLES ? 0 : on[i] ? 0 : 1));
      this.shift = 0;
      this.loads++;
    } else if (pl === 1 && cp === 1 && wasCp === 0) {
      this.shift = Math.min(64, this.shift + 1);
    }
    // past the 64th bit the chain's serial input (tied high) shows
    this.q7 = this.shift >= 64 ? 1 : (this.latched[this.shift] ?? 1);
  }

  private gauss(): number {
    const u = Math.max(1e-12, this.random());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
  }
}
