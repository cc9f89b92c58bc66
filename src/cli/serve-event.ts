/**
 * `kete serve --event mqtt://HOST/EVENT` (issue 33): the club night's page.
 * Follows every board of the event on the broker (src/club's collector),
 * and serves one page for the hall's screen and the phones: each board live
 * (its newest position drawn as the live page draws it), the standings by
 * round from the results, the event's games as the archive (`kete serve`'s
 * replay and export), and a round's games exported in one file.
 * `--event local` starts kete's own broker (aedes) first.
 */
import QRCode from "qrcode";
import {
  brokerText,
  EventCollector,
  parseEventSource,
  startLocalBroker,
  type BrokerAddress,
  type EventGame,
  type LocalBroker,
} from "../club/index.js";
import { findGame, type Side } from "../games/index.js";
import { exportGame, exportJson, exportText, sidesOf, type Journal } from "../journal/index.js";
import { err, ok, type Result } from "../shared/index.js";
import {
  EventHub,
  startWebServer,
  type Archive,
  type ArchiveEntry,
  type EventBoard,
  type Standings,
  type WebBody,
  type WebMistake,
  type WebServer,
} from "../web/index.js";
import { reserveOf } from "./play/model.js";
import { webBody } from "./play/web.js";
import { replayView } from "./replay.js";
import { archiveGame, gemsOf } from "./serve.js";
import type { CliError } from "./errors.js";

export interface EventFlags {
  readonly event: string;
  readonly eventUser?: string;
  readonly eventPassword?: string;
  readonly brokerPort?: string;
}

/** The archive's id of a board's game: `board3.k3x9ab`. */
export function archiveIdOf(g: Pick<EventGame, "board" | "gameId">): string {
  return `${g.board}.${g.gameId}`;
}

/**
 * A game's newest position as its tile draws it: the last move's board (or
 * a resolved mistake's), the moves, the mistake being put right, each
 * side's time (used, or left with clocks), the result.
 */
export function eventFrame(j: Journal, board: string): WebBody | null {
  const game = findGame(j.header.game);
  if (game === undefined) return null;
  const names = game.layout.sideNames;
  let json = j.header.initial;
  const moves: string[] = [];
  let mistake: WebMistake | null = null;
  let outcome: WebBody["outcome"] = null;
  let left: Readonly<Record<string, number>> | null = null;
  const used: Record<string, number> = {};
  let lastT = 0;
  let note = "start";
  let paused = false;
  for (const r of j.records) {
    if (r.kind === "move") {
      json = r.position;
      moves.push(r.move);
      mistake = null;
      paused = false;
      used[r.side] = (used[r.side] ?? 0) + Math.max(0, r.t - lastT);
      lastT = r.t;
      if (r.clocks !== undefined) left = r.clocks;
      note = `ply ${r.ply}: ${names[r.side] ?? r.side} played ${r.move}`;
    } else if (r.kind === "mistake") {
      mistake = { side: r.side, rule: r.rule, message: r.message, policy: r.policy, restore: "" };
    } else if (r.kind === "resolved") {
      if (r.how !== "retry") json = r.position;
    } else if (r.kind === "pause") {
      paused = true;
      note = `paused: ${r.reason}`;
    } else if (r.kind === "result") {
      outcome = { winner: r.winner, reason: r.reason, score: r.score };
      const who = r.winner === null ? "draw" : `${names[r.winner] ?? r.winner} wins`;
      note = `result: ${who} — ${r.reason}`;
    }
  }
  const view = replayView(j, game, { json, note, moves });
  if (view === null) return null;
  const sides = game.layout.sides;
  const ms = (from: Readonly<Record<string, number>>) =>
    Object.fromEntries(sides.map((s) => [s, from[s] ?? 0])) as Record<Side, number>;
  const body = webBody(
    {
      ...view,
      clocks: ms(used),
      ...(left === null ? {} : { timeLeft: ms(left) }),
      reserve: reserveOf(json),
      gems: gemsOf(json),
      link: paused ? "paused" : outcome === null ? `live · ${board}` : `finished · ${board}`,
    },
    game,
  );
  return { ...body, mistake, outcome, ...(outcome === null ? {} : { toMove: null }) };
}

/** The round a game counts in: the one its board published, else its place among the board's games. */
function roundsOf(games: readonly EventGame[]): Map<EventGame, number> {
  const byBoard = new Map<string, number>();
  const rounds = new Map<EventGame, number>();
  for (const g of games) {
    const nth = (byBoard.get(g.board) ?? 0) + 1;
    byBoard.set(g.board, nth);
    rounds.set(g, g.round ?? nth);
  }
  return rounds;
}

/** The standings from the finished games: a win 1, a draw ½ each, a loss 0, by round. */
export function standingsOf(games: readonly EventGame[]): Standings {
  const rounds = roundsOf(games);
  const rows = new Map<string, { byRound: Record<string, number>; total: number; games: number }>();
  const seen = new Set<number>();
  for (const g of games) {
    const j = g.journal;
    if (j === null) continue;
    const result = j.records.find((r) => r.kind === "result");
    if (result === undefined || result.kind !== "result") continue;
    const round = rounds.get(g) ?? 1;
    seen.add(round);
    for (const side of sidesOf(j.header.players)) {
      const player = j.header.players[side] ?? side;
      const points = result.winner === null ? 0.5 : result.winner === side ? 1 : 0;
      const row = rows.get(player) ?? { byRound: {}, total: 0, games: 0 };
      row.byRound[String(round)] = (row.byRound[String(round)] ?? 0) + points;
      row.total += points;
      row.games++;
      rows.set(player, row);
    }
  }
  return {
    rounds: [...seen].sort((a, b) => a - b),
    rows: [...rows.entries()]
      .map(([player, r]) => ({ player, ...r }))
      .sort((a, b) => b.total - a.total || a.player.localeCompare(b.player)),
  };
}

/** A round's games in one file: each as `kete export` writes it, board by board. */
export function roundExport(
  games: readonly EventGame[],
  event: string,
  round: number,
  format: "text" | "json",
): Result<string, CliError> | null {
  const rounds = roundsOf(games);
  const these = games.filter((g) => rounds.get(g) === round && g.journal !== null);
  if (these.length === 0) return null;
  const records = these.map((g) => {
    const j = g.journal as Journal;
    const exported = exportGame(j, findGame(j.header.game)?.layout.sideNames);
    return {
      board: g.board,
      exported: {
        ...exported,
        tags: { Event: event, Round: String(round), BoardName: g.board, ...exported.tags },
      },
    };
  });
  if (format === "json") {
    const list = records.map((r) => ({ board: r.board, ...JSON.parse(exportJson(r.exported)) }));
    return ok(`${JSON.stringify({ event, round, games: list }, null, 2)}\n`);
  }
  return ok(records.map((r) => exportText(r.exported)).join("\n"));
}

/** The event's games as the archive `kete serve` shows. */
export function eventArchive(games: () => readonly EventGame[]): Archive {
  const find = (id: string) => games().find((g) => archiveIdOf(g) === id && g.journal !== null);
  return {
    list() {
      const entries: ArchiveEntry[] = games().flatMap((g) => {
        const j = g.journal;
        if (j === null) return [];
        const names = findGame(j.header.game)?.layout.sideNames ?? {};
        const result = j.records.find((r) => r.kind === "result");
        const resultText =
          result === undefined || result.kind !== "result"
            ? `being played on ${g.board}`
            : result.winner === null
              ? "draw"
              : `${names[result.winner] ?? result.winner} wins (${j.header.players[result.winner] ?? ""})`;
        return [
          {
            id: archiveIdOf(g),
            startedAt: j.header.startedAt,
            game: j.header.game,
            players: sidesOf(j.header.players)
              .map((side) => `${names[side] ?? side}: ${j.header.players[side] ?? ""}`)
              .join(" · "),
            moves: j.records.filter((r) => r.kind === "move").length,
            result: resultText,
            error: null,
          },
        ];
      });
      return ok(entries);
    },
    game(id) {
      const g = find(id);
      if (g === undefined) return null;
      const j = g.journal as Journal;
      const game = findGame(j.header.game);
      if (game === undefined) return err("unknown-game", `${id} is a game this kete does not know`);
      return ok(archiveGame(id, j, game));
    },
    exported(id, format) {
      const g = find(id);
      if (g === undefined) return null;
      const j = g.journal as Journal;
      const record = exportGame(j, findGame(j.header.game)?.layout.sideNames);
      return ok(format === "json" ? exportJson(record) : exportText(record));
    },
  };
}

/** What the page's push reads of the collector. */
export interface EventGames {
  all(): readonly EventGame[];
  current(board: string): EventGame | null;
}

/** The collector's games feeding the page's push: each board's tile, the standings on a result. */
export function eventFeed(name: string): {
  hub: EventHub;
  changed: (board: string, game: EventGame) => void;
  bind: (games: EventGames) => void;
} {
  const hub = new EventHub(name);
  let games: EventGames = { all: () => [], current: () => null };
  const changed = (board: string, changedGame: EventGame) => {
    // The board shows the game it plays now; an older one heard late changes only the standings.
    hub.request(board, () => {
      const g = games.current(board);
      if (g === null) return null;
      const j = g.journal;
      if (j === null) return null;
      const state = eventFrame(j, board);
      if (state === null) return null;
      const tile: EventBoard = {
        board,
        round: g.round,
        gameId: g.gameId,
        archiveId: archiveIdOf(g),
        state,
      };
      return tile;
    });
    if (changedGame.finished) hub.requestStandings(() => standingsOf(games.all()));
  };
  return { hub, changed, bind: (g) => (games = g) };
}

/** The event's page, following `event` on `broker`: the web server and the collector behind it. */
export async function startEventView(
  broker: BrokerAddress,
  event: string,
  web: { host: string; port: number; token?: string | null },
  say: (message: string) => void,
): Promise<Result<WebServer & { readonly collector: EventCollector }, CliError>> {
  const feed = eventFeed(event);
  const collector = new EventCollector(broker, event, {
    changed: feed.changed,
    say,
    isGame: (id) => findGame(id) !== undefined,
  });
  feed.bind(collector);
  const server = await startWebServer({
    host: web.host,
    port: web.port,
    ...(web.token === undefined ? {} : { token: web.token }),
    live: null,
    archive: eventArchive(() => collector.all()),
    event: {
      name: event,
      hub: feed.hub,
      roundExport: (round, format) => roundExport(collector.all(), event, round, format),
    },
  });
  if (!server.ok) {
    await collector.close();
    return server;
  }
  return ok({
    ...server.value,
    collector,
    close: async () => {
      await server.value.close();
      await collector.close();
    },
  });
}

/** Runs `kete serve --event`: until Ctrl-C. */
export async function serveEvent(
  flags: EventFlags,
  web: { host: string; port: number },
  fail: (message: string) => never,
): Promise<void> {
  const source = parseEventSource(flags.event, {
    ...(flags.eventUser === undefined ? {} : { username: flags.eventUser }),
    ...(flags.eventPassword === undefined ? {} : { password: flags.eventPassword }),
  });
  if (!source.ok) fail(`--event: ${source.error.message}`);
  const event = source.value.event;
  let local: LocalBroker | null = null;
  let broker: BrokerAddress;
  if (source.value.kind === "local") {
    const port = flags.brokerPort === undefined ? 1883 : Number(flags.brokerPort);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      fail(`--broker-port must be a port number from 0 to 65535, not '${flags.brokerPort}'`);
    const started = await startLocalBroker(web.host, port);
    if (!started.ok) fail(started.error.message);
    local = started.value;
    broker = {
      protocol: "mqtt",
      host: web.host === "0.0.0.0" || web.host === "::" ? "127.0.0.1" : web.host,
      port: local.port,
      username: null,
      password: null,
    };
    process.stdout.write(
      `kete's own broker on ${web.host}:${local.port} (one machine, no passwords; for a club night use Mosquitto, docs/club.md): boards publish with kete play --publish ${brokerText(broker, [event, "BOARD"])}\n`,
    );
  } else broker = source.value;
  const view = await startEventView(broker, event, web, (m) => process.stdout.write(`${m}\n`));
  if (!view.ok) {
    await local?.close();
    fail(view.error.message);
  }
  const server = view.value;
  const { url, token } = server;
  process.stdout.write(`web: ${url}\n`);
  if (token !== null) {
    const qr = await QRCode.toString(url, { type: "terminal", small: true }).catch(() => null);
    if (qr !== null) process.stdout.write(`${qr.trimEnd()}\n`);
  }
  process.stdout.write(`serving event ${event}; Ctrl-C stops\n`);
  const stop = () => {
    void (async () => {
      await server.close();
      await local?.close();
      process.exit(0);
    })();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
