/**
 * Issue 18, item 3: the quiet moment that accepts a stop in the nyumba
 * (BK-12) is a setting of its own (`quietMs`, default 2000), not "whenever
 * the next periodic snapshot comes": kete asks the board for a snapshot when
 * it is up, the journal's header records it, and `replay --verify` judges
 * with the recorded value (a journal without it, with the 1500 of before).
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_QUIET_MS } from "../../src/controller/index.js";
import { settingsOf, LEGACY_QUIET_MS } from "../../src/cli/play/verify.js";
import type { Journal } from "../../src/journal/records.js";
import { expectVerified, journalAt, live, settings } from "./play-harness.js";

/** Each stop's wait: from the first pending decision to the move that ended it (`moved`). */
function waits(j: Journal): number[] {
  const out: number[] = [];
  let since: number | null = null;
  for (const r of j.records) {
    if (r.kind !== "decision" || r.decision.type !== "decision") continue;
    const verdict = r.decision.verdict;
    if (verdict === "pending") since ??= r.t;
    else {
      if (since !== null && verdict === "moved") out.push(r.t - since);
      since = null;
    }
  }
  return out;
}

async function game(seed: number, quietMs?: number): Promise<Journal> {
  const s = settings("bao-kiswahili", {
    seed,
    noise: true,
    ...(quietMs === undefined ? {} : { quietMs }),
  });
  const h = await live(s);
  const { session } = h;
  expect(await h.finish(3_600_000, 37)).toBe(0);
  return journalAt(session.journalPath);
}

describe("the quiet moment is a setting of its own", () => {
  it("defaults to 2000 ms and is recorded in the journal's header", async () => {
    expect(DEFAULT_QUIET_MS).toBe(2000);
    const j = await game(5);
    expect(j.header.settings.quietMs).toBe(2000);
    expectVerified(j);
  });

  for (const quietMs of [2000, 3300]) {
    it(`a stop left alone is accepted ${quietMs} ms after it was read, within a line's time`, async () => {
      const all: number[] = [];
      for (const seed of [5, 12, 17]) {
        const j = await game(seed, quietMs);
        expect(j.header.settings.quietMs).toBe(quietMs);
        all.push(...waits(j));
        expectVerified(j);
      }
      expect(all.length).toBeGreaterThan(0);
      for (const w of all) {
        expect(w).toBeGreaterThanOrEqual(quietMs);
        expect(w).toBeLessThan(quietMs + 150);
      }
    });
  }

  it("replay uses the header's value; a journal without one, the 1500 ms of before", () => {
    const header = (quietMs?: number) =>
      ({
        header: {
          settings: {
            guidance: true,
            onMistake: "retry",
            ...(quietMs === undefined ? {} : { quietMs }),
          },
        },
      }) as unknown as Journal;
    expect(settingsOf(header(2700)).tracking.quietMs).toBe(2700);
    expect(settingsOf(header()).tracking.quietMs).toBe(LEGACY_QUIET_MS);
    expect(LEGACY_QUIET_MS).toBe(1500);
  });
});
