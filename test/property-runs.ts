/**
 * How many random cases a property test tries. The defaults keep `npm test`
 * inside its time budget; fast-check draws a new seed on every run, so the
 * cases tried add up over the runs of the suite. For a deeper search, scale
 * them: `KETE_PROPERTY_SCALE=20 npx vitest run test/games`.
 */
const raw = Number(process.env.KETE_PROPERTY_SCALE ?? "1");
const SCALE = Number.isFinite(raw) && raw > 0 ? raw : 1;

/** `n` runs times KETE_PROPERTY_SCALE (at least one). */
export function propertyRuns(n: number): number {
  return Math.max(1, Math.round(n * SCALE));
}
