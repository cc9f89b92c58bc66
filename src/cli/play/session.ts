/**
 * One game at the board, end to end: the board (a real one on a serial port,
 * or the built-in simulated board), the controller, the journal, the players
 * of the simulated board, and the live view. `runPlay` resolves with the
 * process exit code.
 */
import { performance } from "node:perf_hooks";
import logUpdate from "log-update";
import type { BoardEvent, BoardLink } from "../../board/index.js";
import { SerialBoard } from "../../board/index.js";
import { waitForReady } from "../../board/index.js";
import { SimulatedBoard } from "../../board/index.js";
import { Controller, statusLine } from "../../controller/index.js";
import type { ControllerEvent } from "../../controller/index.js";
import type { Policy } from "../../controller/index.js";
import { seededRandom } from "../../shared/index.js";
import type { Game, Position, Side } from "../../games/index.js";
import type { LedState } from "../../protocol/index.js";
import type { JournalHeader, JournalRecord } from "../../journal/index.js";
import { JournalWriter, readJournal } from "../../journal/index.js";
import {
  KeyboardPlayer,
  PERSON_PACE,
  SimulatedPlayer,
  scaledPace,
  type Player,
  type Table,
} from "./players.js";
import { RecordingLink } from "../../board/index.js";
import { renderView, type PlayView } from "./view.js";

export interface PlaySettings {
  readonly game: Game;
  readonly options: Readonly<Record<string, unknown>>;
  readonly first: Side;
  readonly port: string | null;
  readonly onMistake: Policy | null;
  readonly guidance: boolean;
  readonly players: { readonly S: string; readonly N: string };
  readonly gamesDir: string;
  /** A journal to continue, or null for a new game. */
  readonly resume: string | null;
  /** Sides a person plays from the keyboard (simulated board only). */
  readonly human: ReadonlySet<Side>;
  readonly seed: number;
  /** 1 = a person's pace; smaller is faster. */
  readonly pace: number;
  readonly noise: boolean;
  readonly mistakeRate: number;
  /** Redraw a live view (a terminal) rather than print a log. */
  readonly live: boolean;
  readonly colour: boolean;
  /** Give up after this long without a result (the game stays resumable). */
  readonly maxMinutes: number;
}

interface Output {
  write(text: string): void;
  error(text: string): void;
}

const SIDE_NAME: Record<string, string> = { S: "South", N: "North" };

/** What happens once the board is restored after a mistake, for the log. */
const AFTER_RESTORE: Record<string, string> = {
  retry: "the same player moves again",
  "turn-passed": "the turn passes",
  continue: "the turn goes on",
  "penalty-due": "now five stones cross to the opponent (HB-9)",
  takeback: "taken back",
};

function randomId(random: () => number): string {
  return Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, "0");
}

interface Resumed {
  readonly header: JournalHeader;
  readonly position: Record<string, unknown>;
  readonly counts: readonly number[] | null;
  readonly moves: readonly string[];
  readonly lastT: number;
}

function lastStanding(path: string): Resumed | string {
  const journal = readJournal(path);
  if (!journal.ok) return journal.error.message;
  const { header, records } = journal.value;
  let position: Record<string, unknown> = { ...header.initial };
  let counts: readonly number[] | null = null;
  const moves: string[] = [];
  let lastT = 0;
  for (const r of records) {
    lastT = Math.max(lastT, r.t);
    if (r.kind === "move") {
      position = { ...r.position };
      moves.push(r.move);
    } else if (r.kind === "resolved") position = { ...r.position };
    else if (r.kind === "snapshot" && r.counts.every((n) => typeof n === "number")) {
      counts = r.counts as number[];
    } else if (r.kind === "result") {
      return `${path}: this game is over (${r.reason}); start a new one with kete play`;
    }
  }
  return { header, position, counts, moves, lastT };
}

export async function runPlay(s: PlaySettings, out: Output): Promise<number> {
  const random = seededRandom(s.seed);
  // ------------------------------------------------------------ what is played
  let header: JournalHeader;
  let start: Position;
  let resumed: Resumed | null = null;
  if (s.resume !== null) {
    const r = lastStanding(s.resume);
    if (typeof r === "string") {
      out.error(`kete play: ${r}`);
      return 1;
    }
    resumed = r;
    header = r.header;
    const parsed = s.game.parsePosition(r.position);
    if (!parsed.ok) {
      out.error(`kete play: ${s.resume}: the last position is not valid: ${parsed.error.message}`);
      return 1;
    }
    start = parsed.value;
  } else {
    const initial = s.game.initial(s.options);
    if (!initial.ok) {
      out.error(`kete play: ${initial.error.message}`);
      return 2;
    }
    start = { ...initial.value, toMove: s.first };
    header = {
      kind: "header",
      format: "kete-journal",
      version: 1,
      gameId: randomId(seededRandom(Date.now() ^ s.seed)),
      game: s.game.id,
      options: { ...initial.value.options },
      initial: s.game.positionToJSON(start),
      players: s.players,
      board: {
        id: "pending",
        geometry: s.game.sensorView(start).geometry,
        simulated: s.port === null,
      },
      settings: {
        onMistake: s.onMistake ?? (s.guidance ? "retry" : "forfeit"),
        guidance: s.guidance,
      },
      startedAt: new Date().toISOString(),
    };
  }
  const game = s.game;

  // ------------------------------------------------------------ the board
  let board: BoardLink;
  let sim: SimulatedBoard | null = null;
  if (s.port !== null) {
    const serial = new SerialBoard(s.port);
    const ready = await waitForReady(serial, 8000, { failOnLost: true });
    if (!ready.ok) {
      await serial.close();
      out.error(
        `kete play: no kete board answered on ${s.port} (${ready.error.message}); check the cable, the port name (kete board-test --port ${s.port}) and that the board runs kete firmware`,
      );
      return 1;
    }
    board = serial;
  } else {
    const counts = resumed?.counts ?? game.sensorView(start).counts;
    sim = new SimulatedBoard({
      counts: [...counts],
      // The board's debounce follows the hands' pace, as a real board's would be
      // tuned to its players: faster hands, shorter settling.
      // Jitter under a hovering hand only at a person's pace: faster hands
      // hover all the time and the board would never settle mid-move.
      noise: s.noise
        ? {
            jitter: s.pace >= 0.5 ? 0.2 : 0,
            settleMs: settleMs(s.pace),
            lineLoss: 0.002,
            lineCorruption: 0.002,
          }
        : false,
      seed: s.seed,
      session: { debounceMs: settleMs(s.pace) },
    });
    const ready = await sim.ready();
    if (!ready.ok) {
      out.error(`kete play: the simulated board did not start: ${ready.error.message}`);
      await sim.close();
      return 1;
    }
    board = sim;
  }
  const info = board.info;
  if (resumed === null && info !== null) {
    header = {
      ...header,
      board: {
        id: info.boardId,
        firmware: info.firmware,
        geometry: info.geometry,
        simulated: sim !== null,
      },
    };
  }

  // ------------------------------------------------------------ the journal
  const writer =
    resumed !== null && s.resume !== null
      ? JournalWriter.resume(s.resume)
      : JournalWriter.create(s.gamesDir, header);
  if (!writer.ok) {
    out.error(`kete play: ${writer.error.message}`);
    await board.close();
    return 1;
  }
  const journal = writer.value;
  const t0 = performance.now();
  const offset = resumed === null ? 0 : Math.ceil(resumed.lastT) + 1000;
  const clock = () => Math.round(performance.now() - t0) + offset;
  const append = (r: JournalRecord) => journal.append(r);
  append({ kind: "board", t: clock(), event: { type: "link", state: board.state } });
  if (info !== null) append({ kind: "board", t: clock(), event: { type: "hello", info } });

  // ------------------------------------------------------------ view state
  const counts = new Map<string, number | null>();
  const unsettled = new Set<string>();
  const messages: string[] = [];
  const moves: string[] = [...(resumed?.moves ?? [])];
  const clocks = { S: 0, N: 0 };
  let turnStarted = clock();
  let linkState: string = board.state;
  const say = (m: string) => {
    messages.push(m);
    if (messages.length > 20) messages.shift();
    if (!s.live) out.write(`${stamp(clock())}  ${m}\n`);
  };

  const recorded = new RecordingLink(board, clock, (e: BoardEvent) => {
    if (e.type === "snapshot") {
      const b = e.snapshot.board;
      if (b.geometry === "4x8") {
        const pits = game.sensorView(start).pits;
        b.counts.forEach((n, i) => counts.set(pits[i], n));
        unsettled.clear();
        for (const p of e.snapshot.unsettled) unsettled.add(p);
        if (e.snapshot.settled)
          append({ kind: "snapshot", t: e.snapshot.receivedAt, counts: b.counts });
      }
    } else {
      if (e.type === "link") {
        linkState = e.state;
        if (e.state === "lost")
          say(`board link lost${e.reason ? ` (${e.reason})` : ""}; waiting for it to come back`);
      }
      if (e.type === "line-error") return; // counted by the link itself; not a decision input
      append({ kind: "board", t: clock(), event: { ...e } });
    }
    redraw();
  });

  // A resumed game keeps the settings it was started with (the journal's header).
  const guidance = resumed === null ? s.guidance : header.settings.guidance;
  const policy = resumed === null ? s.onMistake : (header.settings.onMistake as Policy);
  if (process.env.KETE_PROBE_STARTUP) {
    // `npm run bench` measures start-up to the first LED command, then stops here.
    recorded.onLeds = () => {
      process.stderr.write(`kete-probe first-led ${performance.now().toFixed(1)}\n`);
      process.exit(0);
    };
  }
  const controller = new Controller(recorded, {
    clock,
    settings: { guidance, ...(policy === null ? {} : { onMistake: policy }) },
  });

  // ------------------------------------------------------------ players
  let finished: "over" | "paused" | "timeout" | null = null;
  let standing: Position = start;
  const plyOffset = resumed?.moves.length ?? 0;
  const players: Player[] = [];
  let keyboard: KeyboardPlayer | null = null;
  if (sim !== null) {
    const table: Table = {
      controller,
      board: sim,
      game,
      random,
      pace: scaledPace(PERSON_PACE, s.pace),
      stopped: () => finished !== null,
      say,
    };
    for (const side of ["S", "N"] as const) {
      if (s.human.has(side)) {
        keyboard = new KeyboardPlayer(side, table);
        players.push(keyboard);
      } else players.push(new SimulatedPlayer(side, table, s.mistakeRate));
    }
  }

  // ------------------------------------------------------------ the view
  let input = "";
  let lastDraw = 0;
  let drawTimer: NodeJS.Timeout | null = null;
  const view = (): PlayView => {
    const c = controller.snapshot.context;
    const g = c.guide;
    const leds = controller.ledPlan() as Map<string, LedState>;
    const toMove = (c.gs?.position.toMove ?? null) as "S" | "N" | null;
    const status = controller.snapshot.context.error ?? statusLine(controller.snapshot);
    return {
      title: `${game.title} — ${header.players.S} (South) vs ${header.players.N} (North)`,
      players: header.players,
      counts,
      leds,
      unsettled,
      toMove,
      ply: plyOffset + (c.gs?.plies.filter((p) => p.move !== null).length ?? 0) + 1,
      status:
        keyboard !== null && toMove === keyboard.side ? `${status}   your move> ${input}` : status,
      inHand: g?.inHand ?? null,
      nextStone: g?.nextStone ?? [],
      lastLands: g?.lastStone[0] ?? null,
      moves,
      firstSide: (header.initial.toMove as "S" | "N") ?? "S",
      clocks: { ...clocks, [toMove ?? "S"]: clocks[toMove ?? "S"] + (clock() - turnStarted) },
      messages,
      link: linkState,
      reserve: reserveOf(c.gs === null ? null : game.positionToJSON(c.gs.position)),
    };
  };
  const redraw = () => {
    if (!s.live) return;
    const now = Date.now();
    if (now - lastDraw < 60) {
      drawTimer ??= setTimeout(() => {
        drawTimer = null;
        redraw();
      }, 60);
      return;
    }
    lastDraw = now;
    logUpdate(renderView(view(), s.colour).join("\n"));
  };

  // ------------------------------------------------------------ controller events
  let done: () => void = () => undefined;
  const over = new Promise<void>((resolve) => {
    done = resolve;
  });
  const afterTransition = (f: () => void) => setImmediate(f);
  controller.on((e: ControllerEvent) => {
    if (e.type !== "status") append({ kind: "decision", t: e.at, decision: { ...e } });
    switch (e.type) {
      case "move": {
        const applied = game.apply(standing, e.move);
        if (applied.ok) standing = applied.value.position;
        const ply = plyOffset + e.ply;
        append({
          kind: "move",
          t: e.at,
          ply,
          side: e.side,
          move: e.move,
          trace: e.trace.map((step) => ({ ...step })),
          position: game.positionToJSON(standing),
          startedAt: turnStarted,
        });
        journal.commit();
        moves.push(e.move);
        clocks[e.side as "S" | "N"] += e.at - turnStarted;
        turnStarted = e.at;
        say(
          `ply ${ply}  ${SIDE_NAME[e.side] ?? e.side} (${header.players[e.side as "S" | "N"]})  ${e.move}`,
        );
        break;
      }
      case "mistake":
        append({
          kind: "mistake",
          t: e.at,
          side: e.side,
          rule: e.rule,
          message: e.message,
          policy: e.policy,
        });
        journal.commit();
        say(`! ${SIDE_NAME[e.side] ?? e.side}: ${e.message} — ${e.policy}`);
        break;
      case "mistake-resolved":
      case "penalty-done":
      case "takeback":
        afterTransition(() => {
          const gs = controller.snapshot.context.gs;
          if (gs !== null) standing = gs.position;
          append({
            kind: "resolved",
            t: e.at,
            position: game.positionToJSON(standing),
            how: e.type === "mistake-resolved" ? e.result : e.type,
          });
          journal.commit();
          turnStarted = e.at;
        });
        say(e.type === "mistake-resolved" ? `board restored: ${AFTER_RESTORE[e.result]}` : e.type);
        break;
      case "game-over":
        append({
          kind: "result",
          t: e.at,
          winner: e.outcome.winner,
          reason: e.outcome.reason,
          score: e.outcome.score,
        });
        journal.commit();
        say(
          `game over: ${e.outcome.winner === null ? "draw" : `${SIDE_NAME[e.outcome.winner]} wins`} — ${e.outcome.reason}`,
        );
        finished = "over";
        done();
        break;
      case "sensor-fault":
        say(`sensor fault: ${e.message}`);
        break;
      case "error":
        say(`controller: ${e.message}`);
        break;
      case "status":
        break;
      default:
        break;
    }
    redraw();
    for (const p of players) p.poke();
  });

  // ------------------------------------------------------------ start
  if (resumed === null) {
    const command = {
      type: "new-game",
      game: game.id,
      options: { ...start.options },
      first: s.first,
    };
    append({ kind: "command", t: clock(), command });
    controller.newGame(game.id, start.options, s.first);
    say(
      `new game of ${game.title}: ${header.players.S} (South) vs ${header.players.N} (North); journal ${journal.path}`,
    );
  } else {
    const command = {
      type: "resume",
      game: game.id,
      options: { ...start.options },
      start: game.positionToJSON(start),
      moves: [],
    };
    append({ kind: "command", t: clock(), command });
    controller.resume(game.id, [], start.options, game.positionToJSON(start));
    say(`resumed ${journal.path} at ply ${plyOffset + 1}`);
  }
  journal.commit();

  // ------------------------------------------------------------ keys and signals
  const onSigint = () => {
    if (finished === null) {
      finished = "paused";
      done();
    }
  };
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigint);
  // Output closed under us (`kete play | head`): pause as on Ctrl-C, so the
  // journal ends with a pause record and the game stays resumable.
  process.stdout.on("error", onSigint);
  const stdin = process.stdin;
  const onKey = (chunk: Buffer) => {
    for (const ch of chunk.toString("utf8")) {
      if (ch === "\u0003") onSigint();
      else if (ch === "\r" || ch === "\n") {
        if (keyboard !== null && input.trim().length > 0) say(keyboard.submit(input));
        input = "";
      } else if (ch === "\u007f") input = input.slice(0, -1);
      else if (ch >= " " && input.length < 20)
        input += ch.toUpperCase() === ch ? ch : ch.toUpperCase();
    }
    redraw();
  };
  const rawKeys = s.live && stdin.isTTY === true;
  if (rawKeys) {
    stdin.setRawMode(true);
    stdin.on("data", onKey);
    stdin.resume();
  }
  const limit = setTimeout(() => {
    if (finished === null) {
      finished = "timeout";
      done();
    }
  }, s.maxMinutes * 60_000);
  const ticker = s.live ? setInterval(redraw, 500) : null;
  // Players act on controller events; a player that was busy when one came
  // (still sowing, still waiting for kete's verdict) looks again on this beat.
  const nudge = setInterval(() => {
    for (const p of players) p.poke();
  }, 400);
  for (const p of players) p.poke();
  redraw();

  await over;

  // ------------------------------------------------------------ the end
  clearTimeout(limit);
  if (ticker !== null) clearInterval(ticker);
  clearInterval(nudge);
  if (drawTimer !== null) clearTimeout(drawTimer);
  process.off("SIGINT", onSigint);
  process.off("SIGTERM", onSigint);
  if (rawKeys) {
    stdin.off("data", onKey);
    stdin.setRawMode(false);
    stdin.pause();
  }
  if (finished !== "over") {
    append({
      kind: "pause",
      t: clock(),
      reason: finished === "paused" ? "interrupted" : `no result after ${s.maxMinutes} minutes`,
    });
  }
  if (s.live) {
    logUpdate(renderView(view(), s.colour).join("\n"));
    logUpdate.done();
  }
  journal.close();
  controller.close();
  await board.close();
  if (finished === "over") {
    out.write(`journal: ${journal.path}\n`);
    return 0;
  }
  out.write(`game paused; continue it with: kete play --resume ${journal.path}\n`);
  return finished === "paused" ? 130 : 3;
}

/** Bao positions carry each player's reserve as `hand`. */
function reserveOf(json: Record<string, unknown> | null): { S: number; N: number } | null {
  const hand = json?.hand;
  if (typeof hand !== "object" || hand === null) return null;
  const { S, N } = hand as Record<string, unknown>;
  return typeof S === "number" && typeof N === "number" ? { S, N } : null;
}

/** 150 ms at a person's pace, down to 30 ms for fast unattended games. */
function settleMs(pace: number): number {
  return Math.round(Math.min(150, Math.max(30, 150 * pace)));
}

function stamp(ms: number): string {
  const s = ms / 1000;
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${(s % 60).toFixed(1).padStart(4, "0")}`;
}
