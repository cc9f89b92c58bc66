/**
 * GB-3 and GB-4, captures, on a `Sower` whose every bead has been dropped:
 * the chain (the unbroken run of the last drops that qualify, backwards, all
 * of the kind of the first), the direct captures it makes, and the sets of
 * gems an indirect chain may take (Clarifications: compulsory, from the
 * opponent's pits while they hold gems, then from the opponent's cup; only
 * the set matters), enumerated in the order their move strings sort.
 */
import { LOWEST, PIT_COUNT, STONE, cupOf, ownerOfPit, rowStart } from "./geometry.js";
import type { Sower } from "./sowing.js";

/** Whether drop `d` captures in a chain of this kind (GB-4). */
function qualifies(s: Sower, d: number, direct: boolean): boolean {
  if (s.bead[d] !== STONE || s.beforeCount[d] !== 1) return false;
  if (ownerOfPit(s.path[d] as number) === s.side) return false;
  return (s.beforeBead[d] !== STONE) === direct;
}

/** Sets `chain` and `direct` from the drops (GB-3: the last bead decides the kind). */
export function findChain(s: Sower): void {
  const last = s.n - 1;
  s.direct = (s.beforeBead[last] as number) !== STONE;
  let k = 0;
  while (k < s.n && qualifies(s, last - k, s.direct)) k++;
  s.chain = k;
}

const BINOMIAL: readonly (readonly number[])[] = (() => {
  const rows: number[][] = [];
  for (let n = 0; n <= 10; n++) {
    const row: number[] = [];
    for (let k = 0; k <= n; k++)
      row.push(k === 0 || k === n ? 1 : rows[n - 1]![k - 1]! + rows[n - 1]![k]!);
    rows.push(row);
  }
  return rows;
})();

/**
 * For an indirect chain: lists what may be taken (`entries`, sorted as the
 * move writes them: the opponent's pits by name and tag, then their cup) and
 * how many sets of it the chain may take; 1 for a direct chain or none.
 */
export function prepareChoices(s: Sower): number {
  s.entryCount = 0;
  s.fixed = 0;
  s.pick = 0;
  if (s.chain === 0 || s.direct) return 1;
  const opp = (1 - s.side) as 0 | 1;
  const from = rowStart(opp);
  for (let pit = from; pit < from + 5; pit++) addEntries(s, pit);
  const inPits = s.entryCount;
  if (inPits >= s.chain) {
    s.pick = s.chain;
  } else {
    // Every gem of the pits is taken, the rest from the cup.
    s.fixed = inPits;
    addEntries(s, cupOf(opp));
    s.pick = Math.min(s.chain - inPits, s.entryCount - inPits);
  }
  return BINOMIAL[s.entryCount - s.fixed]![s.pick]!;
}

function addEntries(s: Sower, place: number): void {
  let m = s.masks[place] as number;
  while (m !== 0) {
    const g = LOWEST[m] as number;
    m ^= 1 << g;
    s.entries[s.entryCount++] = (place << 4) | g;
  }
}

/** Moves one gem from `place` into the mover's cup, recorded as a capture. */
export function take(s: Sower, place: number, gem: number): void {
  const cup = cupOf(s.side);
  s.masks[place] = (s.masks[place] as number) ^ (1 << gem);
  s.masks[cup] = (s.masks[cup] as number) | (1 << gem);
  s.gemPlace[gem] = cup;
  s.capPlace[s.capCount] = place;
  s.capGem[s.capCount++] = gem;
}

/** Puts every gem taken back where it came from. */
export function untake(s: Sower): void {
  const cup = cupOf(s.side);
  while (s.capCount > 0) {
    const i = --s.capCount;
    const place = s.capPlace[i] as number;
    const gem = s.capGem[i] as number;
    s.masks[cup] = (s.masks[cup] as number) ^ (1 << gem);
    s.masks[place] = (s.masks[place] as number) | (1 << gem);
    s.gemPlace[gem] = place;
  }
}

/** Whether a gem taken came from a pit (GB-7: the history starts again). */
export function tookFromPits(s: Sower): boolean {
  for (let i = 0; i < s.capCount; i++) if ((s.capPlace[i] as number) < PIT_COUNT) return true;
  return false;
}

/** Takes the direct chain's gems, from the last pit backwards. */
export function takeDirect(s: Sower): void {
  for (let i = 0; i < s.chain; i++) {
    const d = s.n - 1 - i;
    take(s, s.path[d] as number, s.beforeBead[d] as number);
  }
}

/** Takes the fixed entries and the entries of the current combination. */
function takeCombination(s: Sower): void {
  for (let i = 0; i < s.fixed; i++) {
    const e = s.entries[i] as number;
    take(s, e >> 4, e & 15);
  }
  for (let i = 0; i < s.pick; i++) {
    const e = s.entries[s.fixed + (s.comb[i] as number)] as number;
    take(s, e >> 4, e & 15);
  }
}

/** The next combination of `pick` of the free entries in lexicographic order; false after the last. */
function nextCombination(s: Sower): boolean {
  const free = s.entryCount - s.fixed;
  let i = s.pick - 1;
  while (i >= 0 && (s.comb[i] as number) === free - s.pick + i) i--;
  if (i < 0) return false;
  s.comb[i] = (s.comb[i] as number) + 1;
  for (let j = i + 1; j < s.pick; j++) s.comb[j] = (s.comb[j - 1] as number) + 1;
  return true;
}

/**
 * After `findChain` and `prepareChoices`: calls `visit` with each way the
 * captures can go (one for a direct chain or none), in move-string order,
 * the gems taken; stops when it returns false.
 */
export function forEachCapture(s: Sower, visit: () => boolean): boolean {
  if (s.chain === 0) return visit();
  if (s.direct) {
    takeDirect(s);
    const go = visit();
    untake(s);
    return go;
  }
  for (let i = 0; i < s.pick; i++) s.comb[i] = i;
  do {
    takeCombination(s);
    const go = visit();
    untake(s);
    if (!go) return false;
  } while (nextCombination(s));
  return true;
}

/** Takes the `index`-th choice set (0 ≤ index < prepareChoices(s)) for good. */
export function takeChoice(s: Sower, index: number): void {
  if (s.chain === 0) return;
  if (s.direct) {
    takeDirect(s);
    return;
  }
  for (let i = 0; i < s.pick; i++) s.comb[i] = i;
  for (let k = 0; k < index; k++) nextCombination(s);
  takeCombination(s);
}
