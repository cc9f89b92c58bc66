/**
 * The archive in a real browser (issue 17): a whole game of Hus recorded
 * (played in process on a fake clock, test/cli/play-harness.ts), then
 * `kete serve --games-dir D --port 0` as a process and headless chromium on
 * its page: the list shows the game; opened, → steps through it and the board
 * drawn after each step is the position the journal gives for that ply;
 * Home and End jump to its ends; the export links answer. Screenshots of the
 * list and of a replayed game, desktop and phone, go to test-artifacts/.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findGame, type Game, type Position } from "../../src/games/index.js";
import type { Journal } from "../../src/journal/records.js";
import { play, settings } from "../cli/play-harness.js";
import { startKete, type KeteProcess } from "../cli/process.js";
import { ensureBuilt } from "../cli/run.js";
import { chromiumAvailable, openPage, screenshot, useBrowser } from "./browser.js";

const browser = useBrowser();
const hus = findGame("hus") as Game<Position>;

/** Counts by pit of a journal position (engine JSON). */
function countsOf(json: Readonly<Record<string, unknown>>): Record<string, number> {
  const p = hus.parsePosition(json);
  if (!p.ok) throw new Error(p.error.message);
  const view = hus.sensorView(p.value);
  return Object.fromEntries(view.pits.map((pit, i) => [pit, view.counts[i] as number]));
}

/** Every place's `data-count` as the DOM has it now, and the slider's value. */
function drawnNow(page: Page): Promise<{ at: number; counts: Record<string, number | null> }> {
  return page.evaluate(
    `({
      at: Number(document.querySelector('[data-role="slider"]').value),
      counts: Object.fromEntries([...document.querySelectorAll("[data-place]")].map((e) => {
        const n = e.getAttribute("data-count") ?? "";
        return [e.getAttribute("data-place"), n === "" ? null : Number(n)];
      })),
    })`,
  );
}

describe.skipIf(!chromiumAvailable())("the archive in chromium", { timeout: 120_000 }, () => {
  let kete: KeteProcess | null = null;
  let url = "";
  let id = "";
  let journal: Journal | null = null;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ensureBuilt();
    // A finished game without slips: one frame per move.
    const s = settings("hus", { seed: 4, mistakeRate: 0 });
    const r = await play(s);
    expect(r.code).toBe(0);
    journal = r.journal;
    id = r.session.journalPath
      .split("/")
      .pop()!
      .replace(/\.kete\.jsonl$/, "");
    kete = startKete(["serve", "--games-dir", s.gamesDir, "--port", "0"]);
    await kete.printed(/web: http:\/\/127\.0\.0\.1:\d+\//, 30_000);
    url = /web: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(kete.stdout())?.[1] as string;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    if (kete !== null) {
      kete.child.kill("SIGINT");
      await kete.exited;
    }
  });

  it("lists the game; → and End step through it, each position the journal's", async () => {
    const j = journal as Journal;
    const moves = j.records.filter((r) => r.kind === "move");
    const result = j.records.find((r) => r.kind === "result");
    expect(result).toBeDefined();
    const positions = [j.header.initial, ...moves.map((m) => m.position)];

    const { context, page, errors } = await openPage(browser(), "desktop");
    contexts.push(context);
    await page.goto(url);
    const row = page.locator(`tr[data-game="${id}"]`);
    await row.waitFor({ timeout: 20_000 });
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("hus");
    expect(text).toContain("Amani");
    expect(text).toContain("Baraka");
    expect(text).toContain(String(moves.length));
    await screenshot(page, "archive-desktop-list");

    await row.locator("a").click();
    const slider = page.locator('[data-role="slider"]');
    // The game drawn, its slider as long as the game.
    await page.waitForFunction(
      `document.querySelector('[data-role="slider"]')?.max === "${moves.length}"`,
      undefined,
      { timeout: 20_000 },
    );
    expect(await slider.getAttribute("max")).toBe(String(moves.length));

    // → from the start to the end: every ply's position as the journal has it.
    let now = await drawnNow(page);
    expect(now).toEqual({ at: 0, counts: countsOf(positions[0]!) });
    for (let i = 1; i <= moves.length; i++) {
      await page.keyboard.press("ArrowRight");
      now = await drawnNow(page);
      expect(now, `after ply ${i}`).toEqual({ at: i, counts: countsOf(positions[i]!) });
    }
    // Past the end nothing moves; Home and End jump.
    await page.keyboard.press("ArrowRight");
    expect((await drawnNow(page)).at).toBe(moves.length);
    await page.keyboard.press("Home");
    expect(await drawnNow(page)).toEqual({ at: 0, counts: countsOf(positions[0]!) });
    await page.keyboard.press("End");
    expect(await drawnNow(page)).toEqual({
      at: moves.length,
      counts: countsOf(positions[moves.length]!),
    });
    const outcome = page.locator('[data-role="outcome"]');
    expect(await outcome.isVisible()).toBe(true);
    expect((await outcome.textContent()) ?? "").toMatch(/wins|draw/);
    await screenshot(page, "archive-desktop-game");

    // The export links answer with the game.
    const exported = await page.evaluate<{ status: number; text: string }[]>(
      `Promise.all(["export-text", "export-json"].map((role) =>
        fetch(document.querySelector('[data-role="' + role + '"]').href)
          .then(async (r) => ({ status: r.status, text: await r.text() }))))`,
    );
    expect(exported.map((e) => e.status)).toEqual([200, 200]);
    expect(exported[0]?.text).toContain(moves[0]!.move);
    expect(() => JSON.parse(exported[1]?.text ?? "") as unknown).not.toThrow();
    expect(errors).toEqual([]);

    // On a phone: the list and the game at its end.
    const phone = await openPage(browser(), "phone");
    contexts.push(phone.context);
    await phone.page.goto(url);
    await phone.page.locator(`tr[data-game="${id}"]`).waitFor({ timeout: 20_000 });
    await screenshot(phone.page, "archive-phone-list");
    await phone.page.goto(new URL(`/archive?game=${encodeURIComponent(id)}`, url).href);
    await phone.page.locator("[data-place]").first().waitFor({ timeout: 20_000 });
    await phone.page.keyboard.press("End");
    expect((await drawnNow(phone.page)).at).toBe(moves.length);
    await screenshot(phone.page, "archive-phone-game");
    expect(phone.errors).toEqual([]);
  });
});
