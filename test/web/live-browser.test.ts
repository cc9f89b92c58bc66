/**
 * The live page in a real browser (issue 17): `kete play --web 0` on the
 * simulated board as a process, a whole fast game of Hus with slips, and
 * headless chromium on the page from before the first move to the result.
 * Afterwards the journal the game wrote is the reference:
 *
 * - no update missed: the states the page drew are numbered without a gap,
 *   every settled reading the journal kept was drawn, in order, and the board
 *   drawn at the start of every ply is the position the journal gives for it;
 * - the LEDs: at the start of every turn the pits lit as legal starts are
 *   exactly the pits the rules let that turn start from (guidance on), among
 *   them the pit the journal's move started from; at the end the winner's
 *   pits, as the LED plan says; the DOM's `data-led` equal the server's state;
 * - a slip the journal recorded was shown with its rule id, then cleared;
 * - the result shows.
 *
 * Screenshots of the desktop and the phone page go to test-artifacts/.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LED_SCHEME, type LedRole } from "../../src/controller/index.js";
import { findGame, type Game, type Position } from "../../src/games/index.js";
import type { JournalRecord } from "../../src/journal/records.js";
import { readJournal } from "../../src/journal/store.js";
import { LED_COLOURS, LED_PATTERNS } from "../../src/protocol/index.js";
import { GEOMETRIES } from "../../src/shared/index.js";
import { startKete, type KeteProcess } from "../cli/process.js";
import { ensureBuilt } from "../cli/run.js";
import { chromiumAvailable, openPage, screenshot, useBrowser } from "./browser.js";

/** One state the page drew (web/live.js keeps them in `window.keteDrawn`). */
interface Drawn {
  readonly seq: number;
  /** The moves played so far. */
  readonly ply: number;
  readonly counts: Readonly<Record<string, number | null>>;
  readonly leds: Readonly<Record<string, string>>;
  readonly mistake: string | null;
  readonly drawnAt: number;
  readonly sentAt: number;
}

/** The game: Hus, fast, with slips often enough that this seed's game has some. */
const SEED = "4";
const ARGS = ["--game", "hus", "--seed", SEED, "--pace", "0.05", "--mistakes", "0.15"];
const WEB_LINE = /web: (http:\/\/127\.0\.0\.1:\d+\/)/;

const browser = useBrowser();
const hus = findGame("hus") as Game<Position>;
const CELLS = GEOMETRIES["4x8"].cells;

function code(role: LedRole): string {
  const { colour, pattern } = LED_SCHEME[role];
  return `${LED_COLOURS[colour]}${LED_PATTERNS[pattern]}`;
}

/** Counts by pit of a journal position (engine JSON). */
function countsOf(json: Readonly<Record<string, unknown>>): Record<string, number> {
  const p = hus.parsePosition(json);
  if (!p.ok) throw new Error(p.error.message);
  const view = hus.sensorView(p.value);
  return Object.fromEntries(view.pits.map((pit, i) => [pit, view.counts[i] as number]));
}

/** The pits a turn of `json` may start from, by the rules. */
function legalStarts(json: Readonly<Record<string, unknown>>): string[] {
  const p = hus.parsePosition(json);
  if (!p.ok) throw new Error(p.error.message);
  return [...new Set(hus.legal(p.value).moves.map((m) => startPit(m.move)))].sort();
}

/** `B3+` → `B3`. */
function startPit(move: string): string {
  return /^[A-D][1-8]/.exec(move)?.[0] ?? move;
}

function drawnOf(page: Page): Promise<Drawn[]> {
  return page.evaluate(
    () => (globalThis as unknown as { keteDrawn?: Drawn[] }).keteDrawn?.slice() ?? [],
  );
}

/** Every place's `data-count` and `data-led` as the DOM has them now. */
function domPlaces(page: Page): Promise<Record<string, { count: number | null; led: string }>> {
  return page.evaluate(
    `Object.fromEntries([...document.querySelectorAll("[data-place]")].map((e) => {
      const n = e.getAttribute("data-count") ?? "";
      return [e.getAttribute("data-place"), { count: n === "" ? null : Number(n), led: e.getAttribute("data-led") ?? "" }];
    }))`,
  );
}

/** Whether `part` occurs in `whole` in order (not necessarily next to each other). */
function isSubsequence<P, W>(
  part: readonly P[],
  whole: readonly W[],
  same: (p: P, w: W) => boolean,
) {
  let i = 0;
  for (const w of whole) if (i < part.length && same(part[i] as P, w)) i++;
  return { ok: i === part.length, matched: i };
}

const sameCounts = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) =>
  CELLS.every((c) => a[c] === b[c]);

/** What the server sent, as a node client on `/events` received it. */
interface SentState {
  readonly seq: number;
  readonly moves: readonly string[];
  readonly places: readonly {
    readonly name: string;
    readonly count: number | null;
    readonly owner: string | null;
    readonly led: { readonly code: string } | null;
  }[];
  readonly mistake: { readonly rule: string | null; readonly message: string } | null;
  readonly outcome: unknown;
}

/** Every state pushed on `/events` from now until the stream ends. */
function listen(url: string): { states: SentState[]; ended: Promise<void> } {
  const states: SentState[] = [];
  const ended = new Promise<void>((resolve, reject) => {
    const req = get(new URL("/events", url), (res) => {
      res.setEncoding("utf8");
      let tail = "";
      res.on("data", (chunk: string) => {
        const frames = (tail + chunk).split("\n\n");
        tail = frames.pop() ?? "";
        for (const f of frames) {
          const data = f.split("\n").find((l) => l.startsWith("data: "));
          if (data !== undefined && f.includes("event: state"))
            states.push(JSON.parse(data.slice("data: ".length)) as SentState);
        }
      });
      res.on("close", () => resolve());
    });
    req.on("error", reject);
  });
  return { states, ended };
}

/** A state's counts and LED codes by place. */
function countsSent(s: SentState): Record<string, number | null> {
  return Object.fromEntries(s.places.map((p) => [p.name, p.count]));
}
function ledsSent(s: SentState): Record<string, string> {
  return Object.fromEntries(s.places.map((p) => [p.name, p.led?.code ?? ""]));
}

/** Resolves with the first match of `re` on the process's standard error (where `kete play` says where its page is) or output. */
function printedOnStderr(k: KeteProcess, re: RegExp, ms: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      k.child.stderr?.off("data", later);
      k.child.stdout?.off("data", later);
    };
    const check = () => {
      const m = re.exec(k.stderr()) ?? re.exec(k.stdout());
      if (m === null) return;
      stop();
      resolve(m);
    };
    // process.ts appends the chunk in its own listener, registered first.
    const later = () => setImmediate(check);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`kete did not print ${re} in ${ms} ms:\n${k.stdout()}\n${k.stderr()}`));
    }, ms);
    k.child.stderr?.on("data", later);
    k.child.stdout?.on("data", later);
    check();
  });
}

describe.skipIf(!chromiumAvailable())("the live page in chromium", { timeout: 150_000 }, () => {
  let kete: KeteProcess | null = null;
  const contexts: BrowserContext[] = [];

  beforeAll(() => {
    ensureBuilt();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    if (kete !== null && kete.child.exitCode === null && kete.child.signalCode === null) {
      kete.child.kill("SIGKILL");
      await kete.exited;
    }
  });

  it("follows a whole fast game: every ply, the LEDs, a slip and its restore, the result", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-web-live-"));
    // The page ready first: kete serves it just before the game starts.
    const desktop = await openPage(browser(), "desktop");
    contexts.push(desktop.context);
    kete = startKete(["play", ...ARGS, "--web", "0", "--games-dir", dir]);
    const url = (await printedOnStderr(kete, WEB_LINE, 30_000))[1] as string;
    const sent = listen(url);
    await desktop.page.goto(url);

    // A slip being put right (the mistake box with its rule and what to put back), then
    // mid-game pictures, three plies in (the legal starts lit, the moves listed).
    await desktop.page.locator('[data-role="mistake"]').waitFor({ timeout: 60_000 });
    await screenshot(desktop.page, "live-desktop-mistake");
    await desktop.page.waitForFunction(
      () =>
        ((globalThis as unknown as { keteDrawn?: Drawn[] }).keteDrawn ?? []).some(
          (d) => d.ply >= 3,
        ),
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    await screenshot(desktop.page, "live-desktop");
    // A phone joins mid-game, as a spectator does: the state of the moment, then every update.
    const phone = await openPage(browser(), "phone");
    contexts.push(phone.context);
    await phone.page.goto(url);
    await phone.page.waitForFunction(
      () => ((globalThis as unknown as { keteDrawn?: Drawn[] }).keteDrawn ?? []).length >= 2,
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    await screenshot(phone.page, "live-phone");
    const drawnOnPhone = await drawnOf(phone.page);
    await phone.context.close();
    expect(phone.errors).toEqual([]);

    expect(await kete.exited).toBe(0);
    await sent.ended;
    const outcome = desktop.page.locator('[data-role="outcome"]');
    await outcome.filter({ hasText: /\S/ }).waitFor({ timeout: 20_000 });
    const last = sent.states[sent.states.length - 1] as SentState;
    await desktop.page.waitForFunction(
      (seq) =>
        ((globalThis as unknown as { keteDrawn?: Drawn[] }).keteDrawn ?? []).some(
          (d) => d.seq === seq,
        ),
      last.seq,
      { timeout: 20_000, polling: 100 },
    );
    const dom = await domPlaces(desktop.page);
    const drawn = await drawnOf(desktop.page);
    const outcomeText = (await outcome.textContent()) ?? "";
    await screenshot(desktop.page, "live-desktop-result");
    // The lights in words (issue 32): the result's light lit and named, in the list and in
    // a lit pit's tooltip; Hus's list has no light Hus cannot show (Bao's kichwa).
    const lights = desktop.page.locator('[data-role="lights"] li');
    const litWords = await desktop.page
      .locator('[data-role="lights"] li[data-lit="true"]')
      .allTextContents();
    expect(litWords.join(" ")).toMatch(/winner \(GS\)|draw \(WS\)/);
    expect((await lights.allTextContents()).join(" ")).not.toMatch(/kichwa/);
    const tip = await desktop.page
      .locator('g.place[data-led="GS"] title, g.place[data-led="WS"] title')
      .first()
      .textContent();
    expect(tip).toMatch(/(winner|draw) \(LED (green|white) steady, (GS|WS)\)/);
    // The page stops listening at the result, so kete stopping is no error either.
    expect(desktop.errors).toEqual([]);

    const [file] = readdirSync(dir).filter((f) => f.endsWith(".kete.jsonl"));
    const journal = readJournal(join(dir, file as string));
    if (!journal.ok) throw new Error(journal.error.message);
    const { header, records } = journal.value;
    const moves = records.filter((r) => r.kind === "move");
    const result = records.find((r) => r.kind === "result");
    expect(result).toBeDefined();
    expect(moves.length).toBeGreaterThanOrEqual(3);

    // (a) No update missed. The page drew every state the server sent from the
    // moment it connected (early in the first ply) to the last, and drew each as it was sent.
    const seqs = drawn.map((d) => d.seq);
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] as number) + i));
    expect(seqs[seqs.length - 1]).toBe(last.seq);
    const onPhone = drawnOnPhone.map((d) => d.seq);
    expect(seqs).toEqual(expect.arrayContaining(onPhone));
    expect(onPhone).toEqual(onPhone.map((_, i) => (onPhone[0] as number) + i));
    const bySeq = new Map(sent.states.map((s) => [s.seq, s]));
    for (const d of drawn) {
      const s = bySeq.get(d.seq);
      if (s === undefined) continue; // sent before the node client listened
      expect(d.counts, `counts drawn in state ${d.seq}`).toEqual(countsSent(s));
      expect(d.leds, `LEDs drawn in state ${d.seq}`).toEqual(ledsSent(s));
      expect(d.ply).toBe(s.moves.length);
    }
    expect(dom).toEqual(
      Object.fromEntries(
        last.places.map((p) => [p.name, { count: p.count, led: p.led?.code ?? "" }]),
      ),
    );
    // Everything from the first whole turn the page saw is checked against the
    // journal (`from`: the moves played when that turn began; a Drawn's `ply`
    // is the moves played).
    const starts = [header.initial, ...moves.map((m) => m.position)];
    const firstSeen = drawn[0] as Drawn;
    const atTurnStart =
      sameCounts(firstSeen.counts, countsOf(starts[firstSeen.ply]!)) && firstSeen.mistake === null;
    const from = firstSeen.ply + (atTurnStart ? 0 : 1);
    expect(from, "the page was open by the second ply").toBeLessThanOrEqual(2);
    const seen = drawn;
    // Every settled reading the journal kept from then on, drawn in the order it came.
    let played = 0;
    const readings: Record<string, number | null>[] = [];
    for (const r of records) {
      if (r.kind === "move") played = r.ply;
      if (r.kind === "snapshot" && played >= from)
        readings.push(Object.fromEntries(CELLS.map((c, i) => [c, r.counts[i] ?? null])));
    }
    expect(readings.length).toBeGreaterThan(moves.length - from);
    const followed = isSubsequence(readings, seen, (r, d) => sameCounts(r, d.counts));
    expect(followed, `the page drew ${followed.matched} of ${readings.length} readings`).toEqual({
      ok: true,
      matched: readings.length,
    });
    // The position at the start of every ply, as the journal has it.
    for (const [i, json] of starts.entries()) {
      if (i < from) continue;
      const first = seen.find((d) => d.ply === i);
      expect(first, `ply ${i + 1} drawn`).toBeDefined();
      expect(first?.counts, `the board drawn at the start of ply ${i + 1}`).toEqual(countsOf(json));
    }

    // (b) LEDs: at the start of every turn, exactly the legal starts pulse green,
    // the journal's move among them.
    for (const [i, move] of moves.entries()) {
      if (i < from) continue;
      const first = seen.find((d) => d.ply === i) as Drawn;
      const lit = Object.entries(first.leds)
        .filter(([, c]) => c === code("legalStart"))
        .map(([pit]) => pit)
        .sort();
      expect(lit, `legal starts lit at ply ${i + 1}`).toEqual(legalStarts(starts[i]!));
      expect(lit).toContain(startPit(move.move));
    }
    // At the end: the winner's pits (every pit, a draw) lit as the LED plan says.
    const winner = result?.kind === "result" ? result.winner : null;
    for (const p of last.places) {
      const expected =
        winner === null ? code("draw") : p.owner === winner ? code("winner") : undefined;
      if (expected !== undefined) expect(dom[p.name]?.led, p.name).toBe(expected);
    }

    // (c) A slip: the journal has one while the page watched; the page showed
    // its rule, then cleared it once the board was restored.
    played = 0;
    const mistakes: Extract<JournalRecord, { kind: "mistake" }>[] = [];
    for (const r of records) {
      if (r.kind === "move") played = r.ply;
      if (r.kind === "mistake" && played >= from) mistakes.push(r);
    }
    expect(mistakes.length, "slips in the journal").toBeGreaterThan(0);
    expect(records.some((r) => r.kind === "resolved")).toBe(true);
    let after = 0;
    for (const m of mistakes) {
      const shown = seen.findIndex(
        (d, i) => i >= after && d.mistake !== null && d.mistake.includes(m.rule ?? m.message),
      );
      expect(shown, `the slip against ${m.rule} drawn`).toBeGreaterThanOrEqual(0);
      const cleared = seen.findIndex((d, i) => i > shown && d.mistake === null);
      expect(cleared, `the slip against ${m.rule} cleared`).toBeGreaterThan(shown);
      after = cleared;
    }
    expect(seen[seen.length - 1]?.mistake).toBeNull();

    // (d) The result: who won, as the journal says.
    const players = header.players as Record<string, string>;
    if (winner === null) expect(outcomeText).toMatch(/draw/i);
    else expect(outcomeText).toContain(players[winner]);
  });
});
