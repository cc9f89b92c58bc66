/**
 * Guidance measured (issue 28): learners follow the LEDs through whole games
 * of Glassperlenspiel and Abalone on simulated boards with noise
 * (learner.ts). At least 99 % of their acts must be shown by the lights as
 * README's LED tables say, kete must call no mistake in correct play, and
 * every injected mistake must be named with its rule at the wrong reading.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/index.js";
import { abaloneLearner, glassLearner, type LearnerReport } from "./learner.js";
import { GLASS } from "./glass-games.js";

/**
 * South to move, chains at hand: A5:sss lands in B5, B4, B3, each holding
 * one gem (a direct chain of three, GB-4); A4's two beads make others.
 */
const CHAINS = (() => {
  const r = GLASS.parsePosition({
    game: "glassperlenspiel",
    options: {},
    toMove: "S",
    pits: {
      A1: { stones: 1, gems: ["S5"] },
      A2: { stones: 1, gems: ["S4"] },
      A3: { stones: 1, gems: ["S3"] },
      A4: { stones: 1, gems: ["S2"] },
      A5: { stones: 3, gems: [] },
      B1: { stones: 3, gems: ["N1", "N2"] },
      B2: { stones: 0, gems: [] },
      B3: { stones: 0, gems: ["N3"] },
      B4: { stones: 0, gems: ["N4"] },
      B5: { stones: 0, gems: ["N5"] },
    },
    cups: { S: ["S1"], N: [] },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

function expectGuided(r: LearnerReport, name: string): void {
  const share = r.guided / r.steps;
  console.log(
    `${name}: ${r.games} games, ${r.plies} plies, guided ${r.guided}/${r.steps} steps (${(100 * share).toFixed(1)} %), ` +
      `${r.falseMistakes.length} false mistakes, injected named ${r.injected.filter((i) => i.named === i.rule).length}/${r.injected.length}`,
  );
  const kinds = new Map<string, number>();
  for (const i of r.injected)
    kinds.set(`${i.kind} ${i.rule}`, (kinds.get(`${i.kind} ${i.rule}`) ?? 0) + 1);
  console.log(`  injected: ${[...kinds].map(([k, n]) => `${k} ×${n}`).join(", ")}`);
  if (r.unguided.length > 0) console.log(`  unguided: ${r.unguided.join("; ")}`);
  expect(r.falseMistakes).toEqual([]);
  expect(share, r.unguided.join("\n")).toBeGreaterThanOrEqual(0.99);
  for (const i of r.injected) expect(i.named, `${i.kind}: ${i.message}`).toBe(i.rule);
  for (const i of r.injected) expect(i.message, i.kind).toContain(`(${i.rule})`);
  expect(r.injected.length).toBeGreaterThan(3);
}

describe("a learner following the LEDs (issue 28)", () => {
  it("Glassperlenspiel: guided at 99 % of the steps or more, no false mistake, every injected mistake named", () => {
    expectGuided(glassLearner(32, seededRandom(2801), 0.7, 30), "Glassperlenspiel");
  });

  it("Glassperlenspiel from a position of chains: the chains guided, a wrong gem or cup in one named GB-4", () => {
    expectGuided(glassLearner(16, seededRandom(2803), 0.6, 6, CHAINS), "Glassperlenspiel chains");
  });

  it("Abalone: guided at 99 % of the steps or more, no false mistake, every injected mistake named", () => {
    expectGuided(abaloneLearner(36, seededRandom(2802), 0.5, 20), "Abalone");
  });
});
