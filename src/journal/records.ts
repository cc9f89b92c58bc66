/**
 * The game journal's records: one JSON object per line, append-only, so a
 * game survives a crash, an unplugged cable or a power cut and can be
 * resumed, replayed and exported. Pure: encoding and decoding only.
 *
 * A journal is a header line, then records in the order they happened:
 * settled snapshots that changed something, controller decisions, accepted
 * moves with their traces and times, mistakes and how they were resolved,
 * and finally the result. A last line without its newline, or one that is
 * not JSON, is a torn write (power cut mid-line): it is reported and ignored.
 */
import { describeValue, err, GEOMETRY_IDS, ok, type Result } from "../shared/index.js";
import type { JournalError } from "./errors.js";

export const JOURNAL_FORMAT = "kete-journal";
export const JOURNAL_VERSION = 1;

/** Everything needed to start the same game again. */
export interface JournalHeader {
  readonly kind: "header";
  readonly format: typeof JOURNAL_FORMAT;
  readonly version: number;
  /** A unique id of this game (also in the file name). */
  readonly gameId: string;
  readonly game: string;
  readonly options: Readonly<Record<string, unknown>>;
  /** The starting position in the engine's JSON form (South or North to move). */
  readonly initial: Readonly<Record<string, unknown>>;
  /**
   * The players' names by side, the game's sides (`S`, `N` for the sowing
   * games, `b`, `w` for Abalone): the side moving first in the initial
   * position's game first.
   */
  readonly players: Readonly<Record<string, string>>;
  /**
   * A team game (Abalone's AB-9.1): each side's two players, in the order
   * they take that side's turns (`players` then names each side's team);
   * absent when each side is one player.
   */
  readonly teams?: Readonly<Record<string, readonly string[]>>;
  /** The board: a real one's id and firmware, or the simulated board. */
  readonly board: {
    readonly id: string;
    readonly firmware?: string;
    readonly geometry: string;
    readonly simulated: boolean;
  };
  /** Controller settings in force. */
  readonly settings: {
    readonly onMistake: string;
    readonly guidance: boolean;
    /** The time control (`--clock`, `10+0`: minutes each, bonus seconds), absent without clocks. */
    readonly clock?: string;
    /**
     * The quiet moment that accepts an ambiguous end of a turn (Bao's stop in
     * the nyumba), ms; absent in journals written before it was recorded,
     * whose games were judged with 1500 (`LEGACY_QUIET_MS`).
     */
    readonly quietMs?: number;
    /** The side kete played and its level (`kete play --computer`, issue 16); absent: two people. */
    readonly computer?: { readonly side: string; readonly level: number };
    /** Whether hints could be asked for (`--hints`); absent: on (journals before hints). */
    readonly hints?: boolean;
  };
  /** ISO 8601. */
  readonly startedAt: string;
  /** The club's record: event, round and site (`kete play --event/--round/--site`); absent: none given. */
  readonly record?: { readonly event?: string; readonly round?: string; readonly site?: string };
}

/** Milliseconds since the game started, on every record after the header. */
interface Timed {
  readonly t: number;
}

/** A settled snapshot as the controller received it (its `receivedAt` is `t`). */
export interface SnapshotRecord extends Timed {
  readonly kind: "snapshot";
  /** Counts in the geometry's canonical order. */
  readonly counts: readonly (number | null)[];
  /** Pits not settled (empty for the settled snapshots kete records). */
  readonly unsettled?: readonly string[];
}

/** A controller decision (status change, mistake, sensor fault …), serializable as it is. */
export interface DecisionRecord extends Timed {
  readonly kind: "decision";
  readonly decision: Readonly<Record<string, unknown>>;
}

export interface MoveRecord extends Timed {
  readonly kind: "move";
  /** 1 for the first move of the game. */
  readonly ply: number;
  readonly side: string;
  readonly move: string;
  readonly trace: readonly Readonly<Record<string, unknown>>[];
  /** The position after the move, engine JSON. */
  readonly position: Readonly<Record<string, unknown>>;
  /** When the first stone of the move was lifted (ms since start). */
  readonly startedAt: number;
  /** With clocks: the milliseconds each side has left once the move is accepted (bonus included). */
  readonly clocks?: Readonly<Record<string, number>>;
  /** A team game (the header's `teams`): the member of the side's team who made the move. */
  readonly player?: string;
}

export interface MistakeRecord extends Timed {
  readonly kind: "mistake";
  readonly side: string;
  readonly rule: string | null;
  readonly message: string;
  readonly policy: string;
}

export interface ResolvedRecord extends Timed {
  readonly kind: "resolved";
  /** What stands after the mistake: engine JSON of the position, and who moves. */
  readonly position: Readonly<Record<string, unknown>>;
  readonly how: string;
}

export interface ResultRecord extends Timed {
  readonly kind: "result";
  readonly winner: string | null;
  readonly reason: string;
  readonly score: Readonly<Record<string, number>>;
}

/**
 * A board event other than a snapshot (link state, handshake, button, board
 * error), exactly as the controller received it, so a replay can feed it again.
 */
export interface BoardRecord extends Timed {
  readonly kind: "board";
  readonly event: Readonly<Record<string, unknown>>;
}

/** A command given to the controller (new game, resume, guidance, takeback …). */
export interface CommandRecord extends Timed {
  readonly kind: "command";
  readonly command: Readonly<Record<string, unknown>>;
}

/** The program stopped without a result (Ctrl-C); the game can be resumed. */
export interface PauseRecord extends Timed {
  readonly kind: "pause";
  readonly reason: string;
  /** With clocks: the milliseconds each side has left when the game stopped. */
  readonly clocks?: Readonly<Record<string, number>>;
}

export type JournalRecord =
  | SnapshotRecord
  | DecisionRecord
  | MoveRecord
  | MistakeRecord
  | ResolvedRecord
  | ResultRecord
  | PauseRecord
  | BoardRecord
  | CommandRecord;

export const RECORD_KINDS = [
  "snapshot",
  "decision",
  "move",
  "mistake",
  "resolved",
  "result",
  "pause",
  "board",
  "command",
] as const;

export function encodeRecord(record: JournalHeader | JournalRecord): string {
  return `${JSON.stringify(record)}\n`;
}

export interface Journal {
  readonly header: JournalHeader;
  readonly records: readonly JournalRecord[];
  /** A torn last line was found and ignored. */
  readonly torn: boolean;
  /**
   * With `salvage`: the first damaged line before the end (not JSON, or not a
   * record kete reads), where `records` stop; absent when every line was read.
   */
  readonly damaged?: Damage;
}

/** Where a journal is damaged, and what that leaves. */
export interface Damage {
  /** The damaged line (1 = header). */
  readonly line: number;
  /** What is wrong with it. */
  readonly reason: string;
  /** The lines after it, left unread. */
  readonly linesAfter: number;
  /** The bytes of the file before the damaged line (what a resumed game keeps). */
  readonly keptBytes: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function fieldError(
  line: number,
  what: string,
  field: string,
  v: unknown,
): Result<never, JournalError> {
  return err(
    "bad-journal",
    `journal line ${line}: ${what} ${field} is ${describeValue(v)}; the file is damaged or not written by kete`,
    { field },
  );
}

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === "string";
const isNumber: Check = (v) => typeof v === "number" && Number.isFinite(v);
/** A side's letter; which sides a journal's records may name its header's players say. */
const isSide: Check = (v) => typeof v === "string" && v.length > 0;
const orNull =
  (c: Check): Check =>
  (v) =>
    v === null || c(v);
const isTyped: Check = (v) => isObject(v) && typeof v.type === "string";
const isPly: Check = (v) => typeof v === "number" && Number.isInteger(v) && v >= 1;
const isCounts: Check = (v) =>
  Array.isArray(v) && v.every((n) => n === null || (Number.isInteger(n) && (n as number) >= 0));
const isScore: Check = (v) => isObject(v) && Object.values(v).every(isNumber);

/** The fields each record kind must have, and what each must hold. */
const RECORD_FIELDS: Readonly<Record<JournalRecord["kind"], Readonly<Record<string, Check>>>> = {
  snapshot: { counts: isCounts },
  decision: { decision: isTyped },
  move: {
    ply: isPly,
    side: isSide,
    move: isString,
    trace: (v) => Array.isArray(v) && v.every(isObject),
    position: isObject,
    startedAt: isNumber,
  },
  mistake: { side: isSide, rule: orNull(isString), message: isString, policy: isString },
  resolved: { position: isObject, how: isString },
  result: { winner: orNull(isSide), reason: isString, score: isScore },
  pause: { reason: isString },
  board: { event: isTyped },
  command: { command: isTyped },
};

/** What each board event a journal records must hold (a replay feeds them to a controller). */
const BOARD_EVENT_FIELDS: Readonly<Record<string, Readonly<Record<string, Check>>>> = {
  link: { state: isString },
  hello: { info: isObject },
  button: { button: (v) => Number.isInteger(v), action: isString },
  "board-error": { code: isString, message: isString, pit: orNull(isString) },
};
const isGeometry: Check = (v) => (GEOMETRY_IDS as readonly unknown[]).includes(v);

/** The first field of a board event that is wrong, with its value; null if none. */
function badBoardEvent(event: Record<string, unknown>): [string, unknown] | null {
  const fields = BOARD_EVENT_FIELDS[event.type as string];
  if (fields === undefined) return ["type", event.type];
  for (const [field, check] of Object.entries(fields)) {
    if (!check(event[field])) return [field, event[field]];
  }
  if (event.type === "hello") {
    const info = event.info as Record<string, unknown>;
    if (!isString(info.boardId)) return ["info.boardId", info.boardId];
    if (!isGeometry(info.geometry)) return ["info.geometry", info.geometry];
  }
  return null;
}

/** Reading a journal can be told which game ids exist (the journal layer knows no games). */
export interface DecodeOptions {
  readonly isGame?: (id: string) => boolean;
  /**
   * A damaged line in the middle (issue 32) stops the reading there instead
   * of refusing the file: the records before it are the journal, `damaged`
   * says where and why. A damaged header is still refused.
   */
  readonly salvage?: boolean;
}

/** A parsed header line checked as `decodeJournal` checks it (the club's messages carry them). */
export function checkHeader(
  v: unknown,
  options: DecodeOptions = {},
): Result<JournalHeader, JournalError> {
  if (!isObject(v) || v.kind !== "header" || v.format !== JOURNAL_FORMAT) {
    return err(
      "not-a-journal",
      "this file is not a kete game journal (its first line is not a kete-journal header)",
    );
  }
  if (v.version !== JOURNAL_VERSION) {
    return err(
      "journal-version",
      `journal version ${describeValue(v.version)} is not supported; this kete reads version ${JOURNAL_VERSION}`,
    );
  }
  for (const field of ["gameId", "game", "startedAt"]) {
    if (typeof v[field] !== "string") return fieldError(1, "the header's", field, v[field]);
  }
  for (const field of ["options", "initial", "players", "board", "settings"]) {
    if (!isObject(v[field])) return fieldError(1, "the header's", field, v[field]);
  }
  const players = v.players as Record<string, unknown>;
  for (const side of sidesOf(players)) {
    // A name is printed on the screen, in logs and by kete games: no control characters.
    const name = players[side];
    if (typeof name !== "string" || /[\p{Cc}\u2028\u2029]/u.test(name)) {
      return fieldError(1, "the header's", `players.${side}`, name);
    }
  }
  if (v.teams !== undefined) {
    const teams = v.teams;
    const names = isObject(teams) ? Object.values(teams) : [];
    const good = (n: unknown) => typeof n === "string" && !/[\p{Cc}\u2028\u2029]/u.test(n);
    if (
      !isObject(teams) ||
      !names.every((t) => Array.isArray(t) && t.length === 2 && t.every(good))
    ) {
      return fieldError(1, "the header's", "teams", teams);
    }
  }
  const board = v.board as Record<string, unknown>;
  if (typeof board.id !== "string") return fieldError(1, "the header's", "board.id", board.id);
  if (typeof board.geometry !== "string") {
    return fieldError(1, "the header's", "board.geometry", board.geometry);
  }
  const settings = v.settings as Record<string, unknown>;
  if (typeof settings.onMistake !== "string") {
    return fieldError(1, "the header's", "settings.onMistake", settings.onMistake);
  }
  if (typeof settings.guidance !== "boolean") {
    return fieldError(1, "the header's", "settings.guidance", settings.guidance);
  }
  if (
    settings.quietMs !== undefined &&
    (typeof settings.quietMs !== "number" ||
      !Number.isFinite(settings.quietMs) ||
      settings.quietMs < 0)
  ) {
    return fieldError(1, "the header's", "settings.quietMs", settings.quietMs);
  }
  if (options.isGame !== undefined && !options.isGame(v.game as string)) {
    return err(
      "bad-journal",
      `journal line 1: the header's game ${describeValue(v.game)} is not a game this kete knows; the file is damaged or from a newer kete`,
      { field: "game" },
    );
  }
  return ok(v as unknown as JournalHeader);
}

/**
 * The sides a header's players name: their two keys (`b`, `w`), or `S` and
 * `N` (the sowing games', and every journal before other games were played)
 * unless the header names two other sides.
 */
export function sidesOf(players: Readonly<Record<string, unknown>>): readonly string[] {
  const keys = Object.keys(players);
  return keys.length === 2 && !keys.includes("S") && !keys.includes("N") ? keys : ["S", "N"];
}

/** The fields naming a side, and whether null (no side: a draw) is allowed. */
const SIDE_FIELDS: Readonly<Partial<Record<JournalRecord["kind"], readonly [string, boolean]>>> = {
  move: ["side", false],
  mistake: ["side", false],
  result: ["winner", true],
};

/** A parsed record line checked as `decodeJournal` checks it; `line` only names it in errors. */
export function checkRecord(
  v: unknown,
  line: number,
  sides: readonly string[] = ["S", "N"],
): Result<JournalRecord, JournalError> {
  if (!isObject(v) || !(RECORD_KINDS as readonly unknown[]).includes(v.kind)) {
    return err("bad-journal", `journal line ${line} is not a kete journal record`);
  }
  const kind = v.kind as JournalRecord["kind"];
  if (!isNumber(v.t)) return fieldError(line, `a ${kind} record's`, "t", v.t);
  for (const [field, check] of Object.entries(RECORD_FIELDS[kind])) {
    if (!check(v[field])) return fieldError(line, `a ${kind} record's`, field, v[field]);
  }
  const sideField = SIDE_FIELDS[kind];
  if (sideField !== undefined) {
    const [field, nullable] = sideField;
    const side = v[field];
    if (!(nullable && side === null) && !sides.includes(side as string)) {
      return fieldError(line, `a ${kind} record's`, field, side);
    }
  }
  if (kind === "board") {
    const bad = badBoardEvent(v.event as Record<string, unknown>);
    if (bad !== null) return fieldError(line, "a board record's", `event.${bad[0]}`, bad[1]);
  }
  if (kind === "snapshot" && v.unsettled !== undefined) {
    const u = v.unsettled;
    if (!Array.isArray(u) || !u.every(isString)) {
      return fieldError(line, "a snapshot record's", "unsettled", u);
    }
  }
  return ok(v as unknown as JournalRecord);
}

/**
 * Reads a whole journal's text. A torn last line is ignored (and reported
 * in `torn`); any other bad line makes the journal corrupt.
 */
export function decodeJournal(
  text: string,
  options: DecodeOptions = {},
): Result<Journal, JournalError> {
  if (text.length === 0) return err("not-a-journal", "the file is empty; it holds no game");
  const lines = text.split("\n");
  // After the last "\n" comes either nothing or a line cut short by a crash.
  const tail = lines.pop() ?? "";
  let torn = tail.length > 0;
  const parsed: unknown[] = [];
  let damage: { line: number; reason: string } | null = null;
  for (let i = 0; i < lines.length; i++) {
    try {
      parsed.push(JSON.parse(lines[i]));
    } catch {
      if (i === lines.length - 1 && !torn) {
        torn = true; // a garbled last line: the write was interrupted
        break;
      }
      const reason = `journal line ${i + 1} is not JSON; the file is damaged`;
      if (options.salvage !== true || i === 0) return err("bad-journal", reason);
      damage = { line: i + 1, reason };
      break;
    }
  }
  if (parsed.length === 0) {
    return err(
      "not-a-journal",
      "this file is not a kete game journal (it has no complete header line)",
    );
  }
  const header = checkHeader(parsed[0], options);
  if (!header.ok) return header;
  const records: JournalRecord[] = [];
  for (let i = 1; i < parsed.length; i++) {
    const r = checkRecord(parsed[i], i + 1, sidesOf(header.value.players));
    if (!r.ok) {
      if (options.salvage !== true) return r;
      damage = { line: i + 1, reason: r.error.message };
      break;
    }
    records.push(r.value);
  }
  if (damage === null) return ok({ header: header.value, records, torn });
  const before = lines.slice(0, damage.line - 1).join("\n");
  const damaged: Damage = {
    ...damage,
    linesAfter: lines.length - damage.line + (tail.length > 0 ? 1 : 0),
    keptBytes: Buffer.byteLength(before, "utf8") + 1,
  };
  return ok({ header: header.value, records, torn: false, damaged });
}

/** One line saying where a journal is damaged and what is offered: the game up to it. */
export function damageText(path: string, d: Damage): string {
  const after = d.linesAfter === 1 ? "1 line" : `${d.linesAfter} lines`;
  return `${path}: ${d.reason.replace(/; the file is damaged( or not written by kete)?$/, "")}; the game is offered up to line ${d.line - 1} (${after} from line ${d.line} on cannot be read)`;
}
