/**
 * The C reference's perft (c-reference/perft4x8.c) written again, line for
 * line, as plain JavaScript: no classes, no traces, no options, typed arrays
 * and one function per level. It is not kete's engine; it tells how close
 * V8 can come to C on this loop at all, so the engine's own C / TS ratio can
 * be read against it (`npm run bench -- engine`).
 */

/** The reference's variants: 0 husbao, 1 husbao-bis, 2 husbao-front, 3 hus, 4 bao-de. */
export function plainPerft(variant: number, depth: number): number {
  const next = [new Int8Array(32), new Int8Array(32)] as const;
  const circuits = [
    [8, 9, 10, 11, 12, 13, 14, 15, 7, 6, 5, 4, 3, 2, 1, 0],
    [24, 25, 26, 27, 28, 29, 30, 31, 23, 22, 21, 20, 19, 18, 17, 16],
  ];
  for (const c of circuits) {
    for (let k = 0; k < 16; k++) {
      next[0][c[k] as number] = c[(k + 1) & 15] as number;
      next[1][c[k] as number] = c[(k + 15) & 15] as number;
    }
  }
  const setup =
    variant < 3
      ? "22222222222200000000222222222222"
      : variant === 3
        ? "22222222000022222222000022222222"
        : "22222222222222222222222222222222";
  const takesBack = variant === 1 || variant === 3;
  const needsOccupied = variant >= 3;
  const endRule = variant === 2 ? 8 : variant === 4 ? 4 : 7;
  const dirs = variant === 3 ? 1 : 2;
  const maxStages = 200;

  const runTurn = (b: Uint8Array, start: number, n: Int8Array): boolean => {
    let stage = 1;
    let hand = b[start] as number;
    let p = start;
    b[start] = 0;
    for (;;) {
      for (; hand > 0; hand--) {
        p = n[p] as number;
        b[p]++;
      }
      const own = b[p] as number;
      if (p >= 8 && p < 24) {
        const front = p < 16 ? p + 8 : p - 8;
        const victims = b[front] as number;
        if (victims > 0 && (!needsOccupied || own >= 2)) {
          if (stage >= maxStages) return false;
          stage++;
          hand = victims + own;
          b[front] = 0;
          if (takesBack) {
            const back = front < 16 ? front - 8 : front + 8;
            hand += b[back] as number;
            b[back] = 0;
          }
          b[p] = 0;
          continue;
        }
      }
      if (own < 2) return true;
      if (stage >= maxStages) return false;
      stage++;
      hand = own;
      b[p] = 0;
    }
  };
  const frontEmpty = (b: Uint8Array, side: number): boolean => {
    const first = side ? 16 : 8;
    for (let i = first; i < first + 8; i++) if (b[i]) return false;
    return true;
  };
  const children = Array.from({ length: depth + 1 }, () => new Uint8Array(32));
  const perft = (b: Uint8Array, side: number, d: number): number => {
    if (d === 0) return 1;
    if (endRule === 8 && (frontEmpty(b, 0) || frontEmpty(b, 1))) return 1;
    if (endRule === 4 && frontEmpty(b, side)) return 1;
    const child = children[d] as Uint8Array;
    let total = 0;
    for (let s = side * 16; s < side * 16 + 16; s++) {
      if ((b[s] as number) < 2) continue;
      for (let dir = 0; dir < dirs; dir++) {
        child.set(b);
        if (!runTurn(child, s, next[dir as 0 | 1])) continue;
        total += d === 1 ? 1 : perft(child, side ^ 1, d - 1);
      }
    }
    return total || 1;
  };
  const board = Uint8Array.from(setup, (ch) => Number(ch));
  return perft(board, 0, depth);
}
