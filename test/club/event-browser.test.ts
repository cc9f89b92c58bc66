/**
 * The club night's page (`kete serve --event`, issue 33) in a real
 * Chromium, fed by a real Mosquitto with docs/club's ACL: four simulated
 * boards publish (round 1 finished on two boards, round 2 under way on
 * two); the page shows every board as a tile with its journal's moves, one
 * board large on a click, the standings from round 1's results, and round
 * 1's games exported in one file. Also: a record the broker repeats is kept
 * once, and `--event local` (kete's own broker) takes a board.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventFrame, standingsOf, startEventView } from "../../src/cli/serve-event.js";
import {
  ClubPublisher,
  encodeLog,
  encodeState,
  parseEventSource,
  parsePublishTarget,
  simulatedGame,
  startLocalBroker,
  type SimulatedGame,
} from "../../src/club/index.js";
import { findGame, type Game, type Position } from "../../src/games/index.js";
import { JournalWriter } from "../../src/journal/index.js";
import { chromiumAvailable, openPage, screenshot, useBrowser } from "../web/browser.js";
import { mosquittoAvailable, password, startBroker, until, type TestBroker } from "./mosquitto.js";

const EVENT = "club-night";
const browser = useBrowser();
const hus = findGame("hus") as Game<Position>;

interface Board {
  readonly name: string;
  readonly game: SimulatedGame;
  readonly round: number;
  readonly finished: boolean;
}

/** Publishes `b`'s game (all of it, or its first half) through a real publisher; resolves when acknowledged. */
async function publish(port: number, b: Board): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "kete-club-"));
  const writer = JournalWriter.create(dir, b.game.header);
  if (!writer.ok) throw new Error(writer.error.message);
  const target = parsePublishTarget(`mqtt://127.0.0.1:${port}/${EVENT}/${b.name}`, {
    username: b.name,
    password: password(b.name),
  });
  if (!target.ok) throw new Error(target.error.message);
  const pub = new ClubPublisher(target.value, writer.value.path, {
    say: () => undefined,
    round: b.round,
  });
  writer.value.onWrite(() => pub.poke());
  const records = b.finished
    ? b.game.records
    : b.game.records.slice(0, Math.floor(b.game.records.length / 2));
  for (const r of records) writer.value.append(r);
  writer.value.commit();
  const left = await pub.close(10_000);
  writer.value.close();
  expect(left).toBe(0);
}

describe.skipIf(!mosquittoAvailable() || !chromiumAvailable())(
  "the event page in chromium",
  { timeout: 60_000 },
  () => {
    let broker: TestBroker;
    const contexts: BrowserContext[] = [];
    const boards: Board[] = [
      ["board1", 1, true, { S: "Ana", N: "Ben" }],
      ["board2", 1, true, { S: "Chiku", N: "Dede" }],
      ["board3", 2, false, { S: "Ana", N: "Chiku" }],
      ["board4", 2, false, { S: "Ben", N: "Dede" }],
    ].map(([name, round, finished, players], i) => ({
      name: name as string,
      round: round as number,
      finished: finished as boolean,
      game: simulatedGame({
        gameId: `g${i}`,
        seed: 20 + i,
        maxPlies: 30,
        players: players as Record<string, string>,
      }),
    }));
    beforeAll(async () => {
      broker = await startBroker();
    });
    afterAll(async () => {
      for (const c of contexts) await c.close();
      await broker.stop();
    });

    it("shows every board live, one large on a click, the standings and round 1 in one file", async () => {
      const source = parseEventSource(`mqtt://127.0.0.1:${broker.port}/${EVENT}`, {
        username: "hall",
        password: password("hall"),
      });
      if (!source.ok || source.value.kind !== "broker") throw new Error("bad source");
      const said: string[] = [];
      const view = await startEventView(source.value, EVENT, { host: "127.0.0.1", port: 0 }, (m) =>
        said.push(m),
      );
      if (!view.ok) throw new Error(view.error.message);
      try {
        await until(() => said.some((m) => m.startsWith("following event")), "the hall connected");
        const { context, page, errors } = await openPage(browser(), "desktop");
        contexts.push(context);
        await page.goto(view.value.url);
        // The boards publish while the page watches.
        await Promise.all(boards.map((b) => publish(broker.port, b)));
        const expected = boards.map((b) =>
          b.finished
            ? b.game.moves.length
            : b.game.records
                .slice(0, Math.floor(b.game.records.length / 2))
                .filter((r) => r.kind === "move").length,
        );
        await page.waitForFunction(
          `[...document.querySelectorAll("article.tile")].map((t) => t.dataset.moves).join() === ${JSON.stringify(expected.join())}`,
          undefined,
          { timeout: 15_000 },
        );
        const tiles = await page.evaluate(
          `[...document.querySelectorAll("article.tile")].map((t) => ({ board: t.dataset.board, over: t.classList.contains("over"), places: t.querySelectorAll("[data-place]").length }))`,
        );
        expect(tiles).toEqual(boards.map((b) => ({ board: b.name, over: b.finished, places: 32 })));
        // Each tile, redrawn pit by pit as its game grew, shows its last move's position.
        for (const b of boards) {
          const shown = b.finished
            ? b.game.records
            : b.game.records.slice(0, Math.floor(b.game.records.length / 2));
          const last = [...shown].reverse().find((r) => r.kind === "move");
          if (last?.kind !== "move") continue;
          const p = hus.parsePosition(last.position);
          if (!p.ok) throw new Error(p.error.message);
          const view = hus.sensorView(p.value);
          const counts = await page.evaluate(
            `Object.fromEntries([...document.querySelectorAll('article.tile[data-board="${b.name}"] [data-place]')].map((e) => [e.getAttribute("data-place"), Number(e.getAttribute("data-count"))]))`,
          );
          expect(counts, b.name).toEqual(
            Object.fromEntries(view.pits.map((pit, k) => [pit, view.counts[k]])),
          );
        }
        // Every tile drawn as its game grew: no board's moves ever went back or came twice.
        const drawn = (await page.evaluate("window.keteEventDrawn")) as {
          board: string;
          moves: number;
        }[];
        for (const b of boards) {
          const seq = drawn.filter((d) => d.board === b.name).map((d) => d.moves);
          expect(seq, b.name).toEqual([...seq].sort((x, y) => x - y));
        }
        // The standings: round 1's results, a win 1, a draw ½.
        const points = (p: string) =>
          boards
            .filter((b) => b.finished)
            .flatMap((b) => {
              const result = b.game.records.at(-1);
              if (result?.kind !== "result") return [];
              return Object.entries(b.game.header.players)
                .filter(([, name]) => name === p)
                .map(([side]) => (result.winner === null ? 0.5 : result.winner === side ? 1 : 0));
            })
            .reduce((a: number, n) => a + n, 0);
        const rows = (await page.evaluate(
          `[...document.querySelectorAll('[data-role="standings"] tbody tr')].map((r) => [r.dataset.player, r.lastElementChild.textContent])`,
        )) as [string, string][];
        expect(rows.map(([p]) => p).sort()).toEqual(["Ana", "Ben", "Chiku", "Dede"]);
        for (const [p, shown] of rows)
          expect(shown, p).toBe(String(points(p)).replace(".5", "½").replace(/^0½/, "½"));
        await screenshot(page, "event-desktop");
        // Round 1 exported in one file: both of its games, every move.
        const href = await page.getAttribute(
          '[data-round="1"] a[data-role="round-export"]',
          "href",
        );
        const text = await (await fetch(new URL(href as string, view.value.url))).text();
        for (const b of boards.filter((x) => x.round === 1)) {
          expect(text).toContain(`[BoardName "${b.name}"]`);
          expect(text.replace(/\s+/g, " ")).toContain(
            b.game.moves.slice(0, 3).join(" ").split(" ")[0] as string,
          );
        }
        expect(text).not.toContain("board3");
        const json = JSON.parse(
          await (
            await fetch(new URL("/api/event/rounds/1/export?format=json", view.value.url))
          ).text(),
        ) as { games: { board: string; moves: { move: string }[] }[] };
        expect(json.games.map((g) => g.board)).toEqual(["board1", "board2"]);
        // The event's archive: every game, the finished ones replayable to their result.
        const list = (await (await fetch(new URL("/api/games", view.value.url))).json()) as {
          id: string;
          result: string;
        }[];
        expect(list.map((g) => g.id)).toEqual(
          boards.map((b) => `${b.name}.${b.game.header.gameId}`),
        );
        expect(list.filter((g) => g.result.startsWith("being played")).length).toBe(2);
        const replay = (await (
          await fetch(new URL(`/api/games/${list[0]?.id}`, view.value.url))
        ).json()) as { frames: unknown[]; result: string | null };
        expect(replay.frames.length).toBe((boards[0] as Board).game.moves.length + 1);
        expect(replay.result).not.toBeNull();
        expect(json.games[0]?.moves.map((m) => m.move)).toEqual(boards[0]?.game.moves);
        // A click shows one board large, with its moves.
        await page.click('article.tile[data-board="board3"]');
        await page.waitForSelector('[data-role="focus"]:not([hidden])');
        const moves = await page.textContent('[data-role="focus-moves"]');
        const b3 = boards[2] as Board;
        const b3moves = b3.game.records
          .slice(0, Math.floor(b3.game.records.length / 2))
          .flatMap((r) => (r.kind === "move" ? [r.move] : []));
        expect(moves?.split(/\s+/).filter((t) => !/^\d+\.$/.test(t) && t !== "…")).toEqual(b3moves);
        const phone = await openPage(browser(), "phone");
        contexts.push(phone.context);
        await phone.page.goto(view.value.url);
        await phone.page.waitForSelector('article.tile[data-board="board4"]');
        await screenshot(phone.page, "event-phone");
        expect(errors).toEqual([]);
        expect(view.value.collector.stats.unreadable).toBe(0);
        // board1's next game, round 2: its round-1 game stays retained under its own topic.
        await publish(broker.port, {
          name: "board1",
          round: 2,
          finished: false,
          game: simulatedGame({
            gameId: "g9",
            seed: 31,
            maxPlies: 10,
            startedAt: "2026-11-29T20:00:00.000Z",
          }),
        });
        // A page started late (the hall's laptop rebooted) gets every game the broker
        // retains, round 1's finished ones too: the same standings at once.
        const late = await startEventView(
          source.value,
          EVENT,
          { host: "127.0.0.1", port: 0 },
          () => undefined,
        );
        if (!late.ok) throw new Error(late.error.message);
        try {
          const c = late.value.collector;
          await until(
            () => c.all().filter((x) => x.finished).length === 2 && c.all().length === 5,
            "every retained game at the late page",
          );
          expect(
            c
              .all()
              .filter((x) => x.board === "board1")
              .map((x) => x.round),
          ).toEqual([1, 2]);
          expect(standingsOf(c.all())).toEqual(standingsOf(view.value.collector.all()));
        } finally {
          await late.value.close();
        }
      } finally {
        await view.value.close();
      }
    });

    it("keeps a record the broker repeats once", () => {
      const g = simulatedGame({ gameId: "rep", seed: 2, maxPlies: 6 });
      const frames: number[] = [];
      const source = {
        protocol: "mqtt" as const,
        host: "127.0.0.1",
        port: broker.port,
        username: "hall",
        password: password("hall"),
      };
      // Messages handed in directly: the broker's repeats after a reconnect, out of order.
      return startEventView(source, EVENT, { host: "127.0.0.1", port: 0 }, () => undefined).then(
        async (v) => {
          if (!v.ok) throw new Error(v.error.message);
          const c = v.value.collector;
          const publicRecords = [g.header, ...g.records.filter((r) => r.kind !== "snapshot")];
          const topic = `kete/${EVENT}/board9/log`;
          const order = [0, 1, 1, 2, 4, 3, 3, 0, ...publicRecords.keys()];
          for (const n of order)
            c.receive(
              topic,
              encodeLog("rep", 1, n, publicRecords[n] as (typeof publicRecords)[number]),
            );
          const game = c.current("board9");
          expect(game?.journal?.records.length).toBe(publicRecords.length - 1);
          expect(c.stats.duplicates).toBe(order.length - publicRecords.length);
          const state = eventFrame(
            game?.journal as NonNullable<typeof game>["journal"] & object,
            "board9",
          );
          frames.push(state?.moves.length ?? -1);
          expect(frames).toEqual([g.moves.length]);
          // A gap (the log's record 3 lost while the broker restarted) is filled by the state.
          const t2 = `kete/${EVENT}/board8/log`;
          for (const n of [0, 1, 2, 4, 5])
            c.receive(
              t2,
              encodeLog("gap", 1, n, publicRecords[n] as (typeof publicRecords)[number]),
            );
          expect(c.current("board8")?.journal?.records.length).toBe(2);
          c.receive(`kete/${EVENT}/board8/state/gap`, encodeState("gap", 1, publicRecords));
          expect(c.current("board8")?.journal?.records.length).toBe(publicRecords.length - 1);
          // A state with nothing new is not even read.
          const before = c.stats.unreadable;
          c.receive(
            `kete/${EVENT}/board8/state/gap`,
            encodeState("gap", 1, publicRecords).replace(/"records":.*$/, '"records":[broken'),
          );
          expect(c.stats.unreadable).toBe(before);
          await v.value.close();
        },
      );
    });

    it("--event local: kete's own broker takes a board's game", async () => {
      const local = await startLocalBroker("127.0.0.1", 0);
      if (!local.ok) throw new Error(local.error.message);
      const address = {
        protocol: "mqtt" as const,
        host: "127.0.0.1",
        port: local.value.port,
        username: null,
        password: null,
      };
      const view = await startEventView(
        address,
        "club",
        { host: "127.0.0.1", port: 0 },
        () => undefined,
      );
      if (!view.ok) throw new Error(view.error.message);
      const g = simulatedGame({ gameId: "loc", seed: 5, maxPlies: 10 });
      const dir = mkdtempSync(join(tmpdir(), "kete-club-"));
      const writer = JournalWriter.create(dir, g.header);
      if (!writer.ok) throw new Error(writer.error.message);
      const target = parsePublishTarget(`mqtt://127.0.0.1:${local.value.port}/club/board1`);
      if (!target.ok) throw new Error(target.error.message);
      const pub = new ClubPublisher(target.value, writer.value.path, {
        say: () => undefined,
        reconnectMs: 50,
      });
      writer.value.onWrite(() => pub.poke());
      for (const r of g.records) writer.value.append(r);
      writer.value.commit();
      await until(
        () => view.value.collector.current("board1")?.finished === true,
        "the game at the page",
      );
      expect(
        view.value.collector
          .current("board1")
          ?.journal?.records.filter((r) => r.kind === "move")
          .map((r) => (r.kind === "move" ? r.move : "")),
      ).toEqual(g.moves);
      await pub.close();
      writer.value.close();
      await view.value.close();
      await local.value.close();
    });
  },
);
