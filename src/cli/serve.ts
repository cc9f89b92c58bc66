/**
 * `kete serve`: the archive of recorded games as a web page: every journal
 * of the games folder listed (date, game, players, result), each replayable
 * position by position (the boards `kete replay` draws, as the live page
 * draws them), with export links (`kete export`'s text and JSON). A journal
 * that cannot be read is listed with its error. Read-only; runs until
 * Ctrl-C.
 */
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import type { Command } from "commander";
import QRCode from "qrcode";
import { findGame, type Game, type Outcome } from "../games/index.js";
import {
  defaultGamesDir,
  JOURNAL_SUFFIX,
  readJournal,
  scanJournals,
  sidesOf,
  type Journal,
  type JournalSummary,
} from "../journal/index.js";
import { err, ok, type Result } from "../shared/index.js";
import {
  startWebServer,
  type Archive,
  type ArchiveEntry,
  type ArchiveGame,
  type WebMistake,
  type WebState,
} from "../web/index.js";
import { numberFlag } from "./play/settings.js";
import { exportOutcome } from "./export.js";
import { gamesDirFlag, journalOptions } from "./journal-options.js";
import { reserveOf } from "./play/model.js";
import { webBody } from "./play/web.js";
import { replayStep, replayView } from "./replay.js";
import { usageError } from "./usage.js";
import { serveEvent } from "./serve-event.js";
import type { CliError } from "./errors.js";

interface ServeFlags {
  readonly gamesDir?: string;
  readonly port: string;
  readonly host?: string;
  readonly event?: string;
  readonly eventUser?: string;
  readonly eventPassword?: string;
  readonly brokerPort?: string;
}

/** The journal's id: its file name without `.kete.jsonl`. */
function idOf(path: string): string {
  const name = basename(path);
  return name.endsWith(JOURNAL_SUFFIX) ? name.slice(0, -JOURNAL_SUFFIX.length) : name;
}

/** `South wins`, `draw`, `unfinished`, `being played`. */
function resultText(g: JournalSummary, names: Readonly<Record<string, string>>): string {
  if (g.playingIn !== null) return "being played";
  if (g.result === null) return "unfinished";
  if (g.result.winner === null) return "draw";
  const who = g.header.players[g.result.winner] ?? "";
  return `${names[g.result.winner] ?? g.result.winner} wins${who === "" ? "" : ` (${who})`}`;
}

/** The games folder as the server's archive. */
export function folderArchive(dir: string): Archive {
  const pathOf = (id: string) => join(dir, `${id}${JOURNAL_SUFFIX}`);
  // The folder is left out of what a page is told (a phone on the LAN need not learn it).
  const read = (id: string): Result<Journal, CliError> | null => {
    if (!existsSync(pathOf(id))) return null;
    const journal = readJournal(pathOf(id), journalOptions);
    return journal.ok
      ? journal
      : err(journal.error.code, journal.error.message.split(pathOf(id)).join(basename(pathOf(id))));
  };
  return {
    list() {
      const folder = scanJournals(dir, journalOptions);
      if (!folder.ok) return folder;
      const games: ArchiveEntry[] = folder.value.games.map((g) => {
        const h = g.header;
        const names = findGame(h.game)?.layout.sideNames ?? {};
        const players = sidesOf(h.players)
          .map((side) => `${names[side] ?? side}: ${h.players[side] ?? ""}`)
          .join(" · ");
        return {
          id: idOf(g.path),
          startedAt: h.startedAt,
          game: h.game,
          players,
          moves: g.moves,
          result: resultText(g, names),
          error: null,
        };
      });
      const unreadable: ArchiveEntry[] = folder.value.skipped.map((s) => ({
        id: idOf(s.path),
        startedAt: null,
        game: null,
        players: "",
        moves: 0,
        result: "unreadable",
        error: s.reason,
      }));
      return ok([...games, ...unreadable]);
    },
    game(id) {
      const journal = read(id);
      if (journal === null || !journal.ok) return journal;
      const game = findGame(journal.value.header.game);
      if (game === undefined) {
        return err(
          "unknown-game",
          `${id} is a game of '${journal.value.header.game}', which this kete does not know`,
        );
      }
      return ok(archiveGame(id, journal.value, game));
    },
    exported(id, format) {
      const journal = read(id);
      if (journal === null || !journal.ok) return journal;
      // As `kete export --unverified` prints it: never an unverified record untagged (issue 32).
      const out = exportOutcome(journal.value, id, {
        format: format === "json" ? "json" : "text",
        unverified: true,
      });
      return ok(out.stdout);
    },
  };
}

/**
 * Glassperlenspiel positions carry each pit's gems (`pits.A1.gems`) and each
 * cup's (`cups.S`, `cups.N`: the places `SC`, `NC`); empty for other games.
 */
export function gemsOf(json: Readonly<Record<string, unknown>>): Map<string, readonly string[]> {
  const gems = new Map<string, readonly string[]>();
  const tags = (v: unknown): string[] | null =>
    Array.isArray(v) && v.every((t) => typeof t === "string") ? [...(v as string[])].sort() : null;
  const { pits, cups } = json;
  if (typeof pits === "object" && pits !== null) {
    for (const [place, pit] of Object.entries(pits as Record<string, unknown>)) {
      const here =
        typeof pit === "object" && pit !== null
          ? tags((pit as Record<string, unknown>).gems)
          : null;
      if (here !== null) gems.set(place, here);
    }
  }
  if (typeof cups === "object" && cups !== null) {
    for (const [side, cup] of Object.entries(cups as Record<string, unknown>)) {
      const here = tags(cup);
      if (here !== null) gems.set(`${side}C`, here);
    }
  }
  return gems;
}

/**
 * A journal as the archive's frames, one per ply: the start, then the board
 * after every move (a mistake's resolution that changed the board — a
 * forfeit, a truncation — shown on the ply it happened in). A mistake is
 * shown on the board it was made on, with its rule; the result on the last.
 */
export function archiveGame(id: string, j: Journal, game: Game): ArchiveGame {
  const names = game.layout.sideNames;
  interface Ply {
    json: Readonly<Record<string, unknown>>;
    moves: readonly string[];
    notes: string[];
    mistake: WebMistake | null;
  }
  const plies: Ply[] = [{ json: j.header.initial, moves: [], notes: ["start"], mistake: null }];
  let outcome: Outcome | null = null;
  let result: string | null = null;
  for (const r of j.records) {
    const now = plies[plies.length - 1] as Ply;
    if (r.kind === "mistake") {
      const rule = r.rule === null || r.message.includes(r.rule) ? "" : `${r.rule}: `;
      now.notes.push(`${names[r.side] ?? r.side}: ${rule}${r.message} — ${r.policy}`);
      now.mistake = {
        side: r.side,
        rule: r.rule,
        message: r.message,
        policy: r.policy,
        restore: "",
      };
    } else if (r.kind === "result") {
      const who = r.winner === null ? "draw" : `${names[r.winner] ?? r.winner} wins`;
      result = `${who} — ${r.reason}`;
      outcome = { winner: r.winner, reason: r.reason, score: r.score };
    } else {
      const step = replayStep(r, names);
      if (step?.position === undefined) continue;
      if (r.kind === "move") {
        plies.push({
          json: step.position,
          moves: [...now.moves, r.move],
          notes: [step.text],
          mistake: null,
        });
      } else {
        now.json = step.position;
        now.notes.push(step.text);
      }
    }
  }
  const frames: WebState[] = [];
  const notes: string[] = [];
  plies.forEach((ply, i) => {
    const last = i === plies.length - 1;
    const note = [...ply.notes, ...(last && result !== null ? [`result: ${result}`] : [])].join(
      " · ",
    );
    const view = replayView(j, game, { json: ply.json, note, moves: ply.moves });
    if (view === null) return;
    const body = webBody({ ...view, reserve: reserveOf(ply.json), gems: gemsOf(ply.json) }, game);
    const over = last && outcome !== null;
    frames.push({
      seq: 0,
      sentAt: 0,
      ...body,
      mistake: ply.mistake,
      ...(over ? { outcome, toMove: null } : {}),
    });
    notes.push(note);
  });
  return { id, title: frames[0]?.game.title ?? game.title, frames, notes, result };
}

export function registerServeCommand(program: Command): Command {
  return program
    .command("serve")
    .description("serve the recorded games as a web page: list, replay move by move, export")
    .option(
      "--games-dir <dir>",
      "where journals are kept (default: your data folder, or KETE_GAMES_DIR)",
    )
    .option("--port <port>", "the port (0: any free one)", "8417")
    .option(
      "--host <addr>",
      "listen on this address, e.g. 0.0.0.0 for the LAN (an access token is printed, with a QR code)",
    )
    .option(
      "--event <url>",
      "club night: every board of an event live, mqtt://HOST[:PORT]/EVENT (or local: kete's own broker), with standings and the event's games",
    )
    .option("--event-user <user>", "with --event: the hall's user on the broker")
    .option("--event-password <password>", "with --event: its password")
    .option("--broker-port <port>", "with --event local: the port of kete's own broker", "1883")
    .action(async (flags: ServeFlags, command: Command) => {
      const port = numberFlag("--port", flags.port, 0, 65535);
      if (!port.ok || !Number.isInteger(port.value))
        usageError(command, `--port must be a port number from 0 to 65535, not '${flags.port}'`);
      const host = flags.host ?? "127.0.0.1";
      if (!/^[0-9A-Za-z.:-]{1,253}$/.test(host))
        usageError(command, `--host must be an address such as 0.0.0.0, not '${host}'`);
      if (flags.event !== undefined) {
        return serveEvent({ ...flags, event: flags.event }, { host, port: port.value }, (message) =>
          usageError(command, message),
        );
      }
      const given = gamesDirFlag(flags.gamesDir, () => defaultGamesDir());
      if (!given.ok) usageError(command, given.error.message);
      const dir = given.value;
      const server = await startWebServer({
        host,
        port: port.value,
        live: null,
        archive: folderArchive(dir),
      });
      if (!server.ok) {
        process.stderr.write(`kete serve: ${server.error.message}\n`);
        process.exit(1);
      }
      const { url, token } = server.value;
      process.stdout.write(`web: ${url}\n`);
      if (token !== null) {
        const qr = await QRCode.toString(url, { type: "terminal", small: true }).catch(() => null);
        if (qr !== null) process.stdout.write(`${qr.trimEnd()}\n`);
      }
      process.stdout.write(`serving the games of ${dir}; Ctrl-C stops\n`);
      const stop = () => {
        void server.value.close().then(() => process.exit(0));
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
}
