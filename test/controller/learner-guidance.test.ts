/**
 * Guidance measured (issue 28): learners follow the LEDs through whole games
 * of Glassperlenspiel and Abalone on simulated boards with noise
 * (learner.ts). At least 99 % of their acts must be shown by the lights as
 * README's LED tables say, kete must call no mistake in correct play, and
 * every injected mistake must be named with its rule at the wrong reading.
 */
import { readFileSync } from "node:fs";
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

/** The looks (`yellow blink`) of the LED table in README's paragraph on `game` at the board. */
function readmeLooks(game: string): string[] {
  const readme = readFileSync(new URL("../../docs/at-the-board.md", import.meta.url), "utf8");
  const from = readme.indexOf(`**${game} at the board**`);
  const table = readme.slice(from).split("\n| LEDs")[1] ?? "";
  const rows = table.split("\n\n")[0]?.split("\n").slice(2) ?? [];
  return [...new Set(rows.map((r) => r.split("|")[1]?.trim() ?? ""))].sort();
}

/** Each run once, whichever test asks first. */
function once(run: () => LearnerReport): () => LearnerReport {
  let report: LearnerReport | null = null;
  return () => (report ??= run());
}
const glassRun = once(() => glassLearner(32, seededRandom(2801), 0.7, 30));
const chainsRun = once(() => glassLearner(16, seededRandom(2803), 0.6, 6, CHAINS));
const abaloneRun = once(() => abaloneLearner(36, seededRandom(2802), 0.5, 20));

describe("a learner following the LEDs (issue 28)", () => {
  it("README's tables name exactly the looks kete showed the learners before their acts", () => {
    const glass = new Set([...glassRun().looks, ...chainsRun().looks]);
    expect(readmeLooks("Glassperlenspiel").length).toBe(5);
    expect([...glass].sort()).toEqual(readmeLooks("Glassperlenspiel"));
    expect([...abaloneRun().looks].sort()).toEqual(readmeLooks("Abalone"));
  });

  it("Glassperlenspiel: guided at 99 % of the steps or more, no false mistake, every injected mistake named", () => {
    expectGuided(glassRun(), "Glassperlenspiel");
  });

  it("Glassperlenspiel from a position of chains: the chains guided, a wrong gem or cup in one named GB-4", () => {
    expectGuided(chainsRun(), "Glassperlenspiel chains");
  });

  it("Abalone: guided at 99 % of the steps or more, no false mistake, every injected mistake named", () => {
    expectGuided(abaloneRun(), "Abalone");
  });
});
