/**
 * Bao's names on the shared 4 x 8 board (shared/rules/bao-kiswahili.md,
 * "Names"): nyumba, kichwa and kimbi of each side, and the tables the turn
 * engine reads. Pit indices, circuits and directions are the four-row games'
 * (`../fourrow/geometry.ts`): South `B1→B8→A8→A1` is clockwise (`+`), North
 * `D1→D8→C8→C1`.
 */
import { CCW, CIRCUIT, CIRCUIT_POS, CW, NEXT, type Direction } from "../fourrow/geometry.js";

export type { FourRowSide as BaoSide } from "../fourrow/geometry.js";

/** The nyumba: the 4th front pit from the player's right, South `B5` (12), North `C4` (19). */
export const NYUMBA: readonly [number, number] = [12, 19];

/** `KICHWA[side][dir]`: the kichwa whose sowing runs in `dir` — left kichwa clockwise, right kichwa counter-clockwise. */
export const KICHWA: readonly (readonly [number, number])[] = [
  [8, 15], // South: left B1 (clockwise), right B8 (counter-clockwise)
  [23, 16], // North: left C8 (clockwise), right C1 (counter-clockwise)
];

/**
 * `KIMBI_DIR[pit]`: for a kimbi (the kichwa and the pit next to it, the wide
 * usage: South B1 B2 B7 B8, North C1 C2 C7 C8) the direction of its nearest
 * kichwa — which is where captured seeds are sown from (BK-5); -1 elsewhere.
 */
export const KIMBI_DIR = new Int8Array(32).fill(-1);
KIMBI_DIR[8] = CW; // B1 -> B1 (left)
KIMBI_DIR[9] = CW; // B2 -> B1
KIMBI_DIR[14] = CCW; // B7 -> B8 (right)
KIMBI_DIR[15] = CCW; // B8 -> B8
KIMBI_DIR[16] = CCW; // C1 -> C1 (North's right)
KIMBI_DIR[17] = CCW; // C2 -> C1
KIMBI_DIR[22] = CW; // C7 -> C8 (North's left)
KIMBI_DIR[23] = CW; // C8 -> C8

export function isKimbi(pit: number): boolean {
  return KIMBI_DIR[pit] >= 0;
}

export function isKichwa(pit: number): boolean {
  return pit === 8 || pit === 15 || pit === 16 || pit === 23;
}

/**
 * The pit where the last of `n` seeds falls when sown from `pit` in `dir`
 * (CORE-1: starting with the next pit, none skipped).
 */
export function landingOf(pit: number, n: number, dir: Direction): number {
  const circuit = CIRCUIT[pit >> 4] as readonly number[];
  const k = CIRCUIT_POS[pit];
  return circuit[dir === CW ? (k + n) & 15 : (k + 16 - (n & 15)) & 15] as number;
}

/**
 * `LANDING[(dir * 32 + pit) * 16 + n]`: `landingOf(pit, n, dir)` for n = 0…15,
 * the seed counts whose sowing can start a capture (BK-14).
 */
export const LANDING = new Int8Array(2 * 32 * 16);
for (let dir = CW; dir <= CCW; dir++) {
  for (let pit = 0; pit < 32; pit++) {
    for (let n = 0; n < 16; n++) {
      LANDING[(dir * 32 + pit) * 16 + n] = landingOf(pit, n, dir as Direction);
    }
  }
}

/** The pit just before the kichwa in `dir`: sowing from it puts the first seed in the kichwa (BK-5). */
export function beforeKichwa(side: 0 | 1, dir: Direction): number {
  const kichwa = (KICHWA[side] as readonly [number, number])[dir];
  return NEXT[dir === CW ? CCW : CW][kichwa];
}
