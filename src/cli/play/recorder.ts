/**
 * The journal of a game at the board: its header, the records the board's
 * and the controller's events become (`JournalRecorder`), and, to resume a
 * game, what a journal says stands at its end (`standingOf`).
 */
import { createHash } from "node:crypto";
import type { BoardEvent } from "../../board/index.js";
import {
  DEFAULT_QUIET_MS,
  parseTimeControl,
  timeControlText,
  type ControllerEvent,
} from "../../controller/index.js";
import type { Game, Position } from "../../games/index.js";
import type { Journal, JournalHeader, JournalRecord, SnapshotRecord } from "../../journal/index.js";
import { readingsOf, type InfoMessage } from "../../protocol/index.js";
import { err, ok, type Result } from "../../shared/index.js";
import type { PlaySettings } from "./settings.js";
import type { CliError } from "../errors.js";

/**
 * With clocks, a repeated reading is kept at least this often (ms), though
 * it decides nothing new: a game killed while a player thinks at an idle
 * board is then charged up to at most this much before the kill (the
 * journal's last record is what `standingOf` can prove).
 */
export const CLOCK_HEARTBEAT_MS = 10_000;

/** What a journal leaves standing, to continue the game from. */
export interface Resumed {
  readonly header: JournalHeader;
  /** The last accepted position (engine JSON). */
  readonly position: Record<string, unknown>;
  /** The last settled reading of the board with every pit read, or null. */
  readonly counts: readonly number[] | null;
  /** The moves that stand, in order (a takeback removes the last). */
  readonly moves: readonly string[];
  /**
   * The plies that stand: the moves, and the turns a mistake passed (a
   * forfeit, a truncation, a penalty due), numbered as the controller numbers
   * them, so the plies after a resume go on from where they stood.
   */
  readonly plies: number;
  /** The time of the last record. */
  readonly lastT: number;
  /**
   * With clocks: the milliseconds each side had left at the last pause, or
   * at the last move less the time since it (a game killed without a pause
   * record: the side to move is charged up to the journal's last record).
   * Absent without clocks.
   */
  readonly clocks?: Readonly<Record<string, number>>;
  /** The milliseconds each side has spent on the moves that stand (the view's clocks). */
  readonly used: Readonly<Record<string, number>>;
  /** The milliseconds the turn under way had run when the journal stopped. */
  readonly turnSoFar: number;
}

/** What stands at the end of a journal; an error if the game is over. */
export function standingOf(journal: Journal, path: string): Result<Resumed, CliError> {
  const { header, records } = journal;
  let position: Record<string, unknown> = { ...header.initial };
  let counts: readonly number[] | null = null;
  const moves: string[] = [];
  /** The plies that stand, in order: a move's index in `moves`, or null for a passed turn. */
  const plies: (number | null)[] = [];
  /** Each standing move's side and time spent (move records: from its turn's start to its end). */
  const spent: { readonly side: string; readonly ms: number }[] = [];
  let sessionStart = 0;
  let lastT = 0;
  let turnStart = 0;
  let clocks: Readonly<Record<string, number>> | null = null;
  let clocksAt = 0;
  let clocksPaused = false;
  const control =
    header.settings.clock === undefined ? null : parseTimeControl(header.settings.clock);
  const full = control?.ok === true ? Math.round(control.value.minutes * 60_000) : null;
  for (const r of records) {
    lastT = Math.max(lastT, r.t);
    if ((r.kind === "move" || r.kind === "pause") && r.clocks !== undefined) {
      clocks = r.clocks;
      clocksAt = r.t;
      clocksPaused = r.kind === "pause";
    }
    if (
      clocks === null &&
      full !== null &&
      r.kind === "decision" &&
      r.decision.type === "setup" &&
      Array.isArray(r.decision.needs) &&
      r.decision.needs.length === 0
    ) {
      // The board set up: the clocks start, full, before any move records them.
      clocks = Object.fromEntries(Object.keys(header.players).map((side) => [side, full]));
      clocksAt = r.t;
    }
    if (r.kind === "move") {
      position = { ...r.position };
      plies.push(moves.length);
      moves.push(r.move);
      spent.push({ side: r.side, ms: Math.max(0, r.t - r.startedAt) });
      turnStart = r.t;
    } else if (r.kind === "resolved") {
      position = { ...r.position };
      // A mistake that passed the turn is a ply (the controller's `forfeit`, `truncate`, `penalty`).
      if (r.how === "turn-passed" || r.how === "penalty-due") plies.push(null);
      turnStart = r.t;
    } else if (r.kind === "snapshot" && r.counts.every((n) => typeof n === "number")) {
      counts = r.counts as number[];
    } else if (
      r.kind === "command" &&
      (r.command.type === "new-game" || r.command.type === "resume")
    ) {
      sessionStart = plies.length;
      // A session resumed after a pause: its clock runs from here (a kill later is charged from here).
      if (clocksPaused) {
        clocksAt = r.t;
        clocksPaused = false;
      }
    } else if (r.kind === "decision" && r.decision.type === "takeback") {
      // `toPly` counts the plies of the controller that took it back (since its new game or resume).
      const toPly = Number(r.decision.toPly);
      if (Number.isInteger(toPly) && sessionStart + toPly < plies.length) {
        plies.length = Math.max(0, sessionStart + toPly);
        // The moves before the first ply taken back stand.
        const kept = plies.reduce<number>((n, m) => (m === null ? n : m + 1), 0);
        moves.length = Math.min(moves.length, kept);
      }
      spent.length = Math.min(spent.length, moves.length);
    } else if (r.kind === "result") {
      return err(
        "game-over",
        `${path}: this game is over (${r.reason}); start a new one with kete play`,
      );
    }
  }
  const used: Record<string, number> = {};
  for (const { side, ms } of spent) used[side] = (used[side] ?? 0) + ms;
  const turnSoFar = Math.max(0, lastT - turnStart);
  // Killed (no pause record since the last move): the side to move is charged up to the last record.
  const toMove = typeof position.toMove === "string" ? position.toMove : null;
  if (clocks !== null && !clocksPaused && toMove !== null && toMove in clocks) {
    const since = Math.max(0, lastT - clocksAt);
    clocks = { ...clocks, [toMove]: Math.max(0, (clocks[toMove] ?? 0) - since) };
  }
  return ok({
    header,
    position,
    counts,
    moves,
    plies: plies.length,
    lastT,
    used,
    turnSoFar,
    ...(clocks === null ? {} : { clocks }),
  });
}

/**
 * A new game's id: six base-36 characters of a hash of the start time (ms),
 * the seed and the process id. Games started at different times, or at the
 * same moment by two processes, get different ids; the same seed at the same
 * (fake) time in one process gives the same id, so a game on a fake clock is
 * the same journal byte for byte.
 */
export function newGameId(date: number, seed: number, pid: number = process.pid): string {
  const digest = createHash("sha256").update(`${date}:${seed}:${pid}`).digest();
  return (digest.readBigUInt64BE(0) % BigInt(36 ** 6)).toString(36).padStart(6, "0");
}

/** The header of a new game; `date` is the wall-clock start (ms since 1970). */
export function newHeader(
  s: Pick<
    PlaySettings,
    | "game"
    | "seed"
    | "players"
    | "port"
    | "onMistake"
    | "guidance"
    | "clock"
    | "quietMs"
    | "computer"
    | "hints"
    | "record"
    | "teams"
  >,
  start: Position,
  date: number,
  info: InfoMessage | null,
): JournalHeader {
  const geometry = s.game.sensorView(start).geometry;
  return {
    kind: "header",
    format: "kete-journal",
    version: 1,
    gameId: newGameId(date, s.seed),
    game: s.game.id,
    options: { ...start.options },
    initial: s.game.positionToJSON(start),
    players: s.players,
    ...(s.teams === undefined || s.teams === null ? {} : { teams: s.teams }),
    board:
      info === null
        ? { id: "pending", geometry, simulated: s.port === null }
        : {
            id: info.boardId,
            firmware: info.firmware,
            geometry: info.geometry,
            simulated: s.port === null,
          },
    settings: {
      onMistake: s.onMistake ?? (s.guidance ? "retry" : "forfeit"),
      guidance: s.guidance,
      ...(s.clock === undefined || s.clock === null ? {} : { clock: timeControlText(s.clock) }),
      quietMs: s.quietMs ?? DEFAULT_QUIET_MS,
      ...(s.computer === undefined || s.computer === null
        ? {}
        : { computer: { side: s.computer.side, level: s.computer.level } }),
      // Hints off is recorded; absent means on (as in journals from before hints).
      ...(s.hints === false ? { hints: false } : {}),
    },
    startedAt: new Date(date).toISOString(),
    ...(s.record === undefined || Object.keys(s.record).length === 0
      ? {}
      : { record: { ...s.record } }),
  };
}

/** Where records go: a `JournalWriter`, or a list in a test. */
export interface JournalSink {
  readonly path: string;
  append(record: JournalRecord): void;
  /** Onto the disk now (every move, mistake and result). */
  commit(): void;
}

/**
 * Turns what happens at the board into journal records: settled readings
 * and board events as the controller received them, every decision, and the
 * accepted moves, mistakes, resolutions and result with the position they
 * leave (what `standingOf` reads back).
 */
export class JournalRecorder {
  private standing: Position;
  private turnStarted: number;
  /** The counts of the last snapshot written, and the verdict and counts of the last decision. */
  private lastCounts: string | null = null;
  /** When the last snapshot record was written. */
  private lastSnapshotT = Number.NEGATIVE_INFINITY;
  /** A team game: the player who made the last move recorded (AB-9.1), else null. */
  lastPlayer: string | null = null;
  private lastDecision: string | null = null;
  /** A repeat of the last reading, and the decisions on it, not yet written. */
  private repeat: {
    readonly snapshot: SnapshotRecord;
    readonly decisions: JournalRecord[];
  } | null = null;

  constructor(
    private readonly sink: JournalSink,
    private readonly game: Game,
    start: Position,
    /** Plies played before this session (a resumed game). */
    private readonly plyOffset: number,
    private readonly clock: () => number,
    /** With clocks: keep a repeated reading this often (`CLOCK_HEARTBEAT_MS`); null: never. */
    private readonly heartbeatMs: number | null = null,
    /** A team game (AB-9.1, the header's `teams`): each side's players in turn order. */
    private readonly teams: Readonly<Record<string, readonly string[]>> | null = null,
  ) {
    this.standing = start;
    this.turnStarted = clock();
  }

  /** A board event, as the controller is about to receive it. */
  board(e: BoardEvent): void {
    this.dropRepeat();
    if (e.type === "snapshot") {
      const b = e.snapshot.board;
      // Journals record the readings the controller judges: a counting board's counts,
      // a gem board's counts then gem bits (`readingsOf`, 132 on 2x5+2), the
      // Abalone board's black bit then white bit of each hole (122 on hex61).
      if (!e.snapshot.settled || !("counts" in b || "places" in b || "holes" in b)) return;
      const counts = "counts" in b ? b.counts : readingsOf(b);
      const record: SnapshotRecord = {
        kind: "snapshot",
        t: e.snapshot.receivedAt,
        counts,
      };
      const key = counts.join(",");
      const heartbeat =
        this.heartbeatMs !== null && record.t - this.lastSnapshotT >= this.heartbeatMs;
      if (key === this.lastCounts && !heartbeat) {
        // The same reading again: an idle board repeats it every second.
        this.repeat = { snapshot: record, decisions: [] };
        return;
      }
      this.lastCounts = key;
      this.lastSnapshotT = record.t;
      this.sink.append(record);
    } else if (e.type !== "line-error") {
      // Line errors are counted by the link itself; not a decision input.
      this.append({ kind: "board", t: this.clock(), event: { ...e } });
    }
  }

  /**
   * A repeated reading on which the controller decided only what it decided
   * last ("same", "pending") changed nothing: it and its decision are left
   * out, so an idle board does not grow the journal, and `replay --verify`
   * (which never sees them) reaches the same decisions. Anything else the
   * controller does on it keeps the reading and all it caused.
   */
  private dropRepeat(): void {
    this.repeat = null;
  }

  private keepRepeat(): void {
    const repeat = this.repeat;
    if (repeat === null) return;
    this.repeat = null;
    this.sink.append(repeat.snapshot);
    this.lastSnapshotT = repeat.snapshot.t;
    for (const d of repeat.decisions) this.sink.append(d);
  }

  /** Any other record: a repeat before it that decided nothing new is left out. */
  private append(record: JournalRecord): void {
    this.dropRepeat();
    this.sink.append(record);
  }

  /**
   * A command given to the controller (new game, resume, takeback …): journalled,
   * given (`send`), and written with the decisions it caused in one go.
   */
  command(command: Readonly<Record<string, unknown>>, send: () => void): void {
    this.append({ kind: "command", t: this.clock(), command });
    send();
    this.sink.commit();
  }

  /**
   * A controller event. `standing` is what the controller holds now (its
   * view's position), read for the events that leave a position kete chose:
   * a mistake resolved, a penalty done, a takeback.
   */
  controller(
    e: ControllerEvent,
    standing: () => Position | null,
    /** With clocks: what each side has left now (written in move records). */
    clocks: () => Readonly<Record<string, number>> | null = () => null,
  ): void {
    if (e.type === "decision") {
      const key = JSON.stringify([e.verdict, e.counts]);
      if (this.repeat !== null && key === this.lastDecision) {
        this.repeat.decisions.push({ kind: "decision", t: e.at, decision: { ...e } });
        return;
      }
      this.lastDecision = key;
    }
    this.keepRepeat();
    if (e.type === "status") return;
    this.append({ kind: "decision", t: e.at, decision: { ...e } });
    switch (e.type) {
      case "move":
        return this.move(e, clocks());
      case "mistake":
        this.append({
          kind: "mistake",
          t: e.at,
          side: e.side,
          rule: e.rule,
          message: e.message,
          policy: e.policy,
        });
        return this.sink.commit();
      case "mistake-resolved":
      case "penalty-done":
      case "takeback":
        this.standing = standing() ?? this.standing;
        this.append({
          kind: "resolved",
          t: e.at,
          position: this.game.positionToJSON(this.standing),
          how: e.type === "mistake-resolved" ? e.result : e.type,
        });
        this.turnStarted = e.at;
        return this.sink.commit();
      case "game-over":
        this.append({
          kind: "result",
          t: e.at,
          winner: e.outcome.winner,
          reason: e.outcome.reason,
          score: e.outcome.score,
        });
        return this.sink.commit();
      default:
        return;
    }
  }

  private move(
    e: Extract<ControllerEvent, { type: "move" }>,
    clocks: Readonly<Record<string, number>> | null,
  ): void {
    const seat = this.teams === null ? null : (this.game.seat?.(this.standing, e.side) ?? null);
    const player = seat === null ? undefined : this.teams?.[e.side]?.[seat];
    this.lastPlayer = player ?? null;
    const applied = this.game.apply(this.standing, e.move);
    if (applied.ok) this.standing = applied.value.position;
    this.append({
      kind: "move",
      t: e.at,
      ply: this.plyOffset + e.ply,
      side: e.side,
      move: e.move,
      trace: e.trace.map((step) => ({ ...step })),
      position: this.game.positionToJSON(this.standing),
      startedAt: this.turnStarted,
      ...(clocks === null ? {} : { clocks: { ...clocks } }),
      ...(player === undefined ? {} : { player }),
    });
    this.sink.commit();
    this.turnStarted = e.at;
  }

  /** The game stops without a result (interrupted, out of time): resumable. */
  pause(reason: string, clocks: Readonly<Record<string, number>> | null = null): void {
    this.append({
      kind: "pause",
      t: this.clock(),
      reason,
      ...(clocks === null ? {} : { clocks: { ...clocks } }),
    });
    this.sink.commit();
  }
}
