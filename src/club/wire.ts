/**
 * What a board publishes for the club's broadcast (issue 33), and how a
 * hall's page reads it back. Pure: topics and payloads only.
 *
 * Under `kete/EVENT/BOARD/` a board publishes, with QoS 1:
 * - `log`: each public record of its journal as it is written, numbered
 *   from 0 (the header) within the game: `{v, game, round, n, record}`.
 *   The header, every accepted move (with the clocks when they run),
 *   mistakes and how they were resolved, a pause, the result. Readings,
 *   decisions, commands and the moves' sensor traces stay at the board.
 * - `state/GAME`, retained, one topic per game: the game so far, `{v,
 *   game, round, n, records}` (`records[0]` the header, `n` how many), so a
 *   page that comes in late, or missed messages while its broker restarted,
 *   starts from it at once, with every game of the event the broker keeps
 *   (the earlier rounds' too, for the standings).
 *
 * A record is numbered by its place among the game's public records, so a
 * page keeps each one once and in order whatever the broker repeats.
 */
import {
  checkHeader,
  checkRecord,
  sidesOf,
  type DecodeOptions,
  type Journal,
  type JournalHeader,
  type JournalRecord,
} from "../journal/index.js";
import { describeValue, err, ok, type Result } from "../shared/index.js";
import type { ClubError } from "./errors.js";

export const WIRE_VERSION = 1;
/** Every topic kete uses begins so, apart from anything else on a shared broker. */
export const TOPIC_ROOT = "kete";
/** The largest message a page reads (a long game's state is tens of kB). */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export type ClubChannel = "log" | "state";

/** `kete/EVENT/BOARD/log`, or `kete/EVENT/BOARD/state/GAME` for the game `game`. */
export function boardTopic(event: string, board: string, channel: ClubChannel, game = ""): string {
  const base = `${TOPIC_ROOT}/${event}/${board}/${channel}`;
  return channel === "state" ? `${base}/${topicLevel(game)}` : base;
}

/** A game id as one topic level: no `/`, `+`, `#` or anything a topic may not hold. */
export function topicLevel(game: string): string {
  const safe = game.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64);
  return safe === "" ? "game" : safe;
}

/** What a page subscribes to: every board's messages of the event. */
export function eventTopics(event: string): readonly string[] {
  return [`${TOPIC_ROOT}/${event}/+/log`, `${TOPIC_ROOT}/${event}/+/state/+`];
}

/** The record kinds a board publishes. */
const PUBLIC_KINDS: ReadonlySet<string> = new Set([
  "move",
  "mistake",
  "resolved",
  "pause",
  "result",
]);

/** A journal's line as published: null for what stays at the board; a move without its sensor trace. */
export function publicRecord(
  r: JournalHeader | JournalRecord,
): JournalHeader | JournalRecord | null {
  if (r.kind === "header") return r;
  if (!PUBLIC_KINDS.has(r.kind)) return null;
  return r.kind === "move" ? { ...r, trace: [] } : r;
}

export function encodeLog(
  game: string,
  round: number | null,
  n: number,
  record: JournalHeader | JournalRecord,
): string {
  return JSON.stringify({ v: WIRE_VERSION, game, round, n, record });
}

export function encodeState(
  game: string,
  round: number | null,
  records: readonly (JournalHeader | JournalRecord)[],
): string {
  return JSON.stringify({ v: WIRE_VERSION, game, round, n: records.length, records });
}

/** One message as a page reads it. */
export type ClubMessage =
  | {
      readonly channel: "log";
      readonly board: string;
      readonly game: string;
      readonly round: number | null;
      readonly n: number;
      /** The header when `n` is 0, else a record. */
      readonly record: JournalHeader | JournalRecord;
    }
  | {
      readonly channel: "state";
      readonly board: string;
      readonly game: string;
      readonly round: number | null;
      /** The game so far, as a journal of its public records. */
      readonly journal: Journal;
    };

export interface MessageOptions extends DecodeOptions {
  /** The sides of the game a board is playing, as its header named them; null before its header. */
  readonly sidesOf?: (board: string) => readonly string[] | null;
}

/** Every side of kete's games, for a record whose game's header was not received. */
const ANY_SIDES: readonly string[] = ["S", "N", "b", "w"];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function bad(board: string, what: string): Result<never, ClubError> {
  return err(
    "bad-message",
    `board ${board} sent a message kete cannot read (${what}); is it a kete of another version?`,
  );
}

/** The board a topic of `event` is about, and which channel; null for any other topic. */
export function topicBoard(
  event: string,
  topic: string,
): { board: string; channel: ClubChannel } | null {
  const parts = topic.split("/");
  if (parts[0] !== TOPIC_ROOT || parts[1] !== event) return null;
  const channel = parts[3];
  if (channel === "log" && parts.length === 4) return { board: parts[2] as string, channel };
  if (channel === "state" && parts.length === 5 && parts[4] !== "")
    return { board: parts[2] as string, channel };
  return null;
}

/**
 * A message received on one of `eventTopics(event)`: checked as a journal's
 * lines are, never thrown on. An empty payload (a retained state cleared) is
 * an error too, which a page simply skips.
 */
export function decodeMessage(
  event: string,
  topic: string,
  payload: string,
  options: MessageOptions = {},
): Result<ClubMessage, ClubError> {
  const at = topicBoard(event, topic);
  if (at === null) return err("bad-message", `'${topic}' is not a topic of event ${event}`);
  const { board, channel } = at;
  if (payload.length > MAX_MESSAGE_BYTES) return bad(board, "it is too long");
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return bad(board, "not JSON");
  }
  if (!isObject(v)) return bad(board, "not an object");
  if (v.v !== WIRE_VERSION) return bad(board, `version ${describeValue(v.v)}`);
  if (typeof v.game !== "string" || v.game === "") return bad(board, "no game id");
  const round = v.round ?? null;
  if (round !== null && !(Number.isInteger(round) && (round as number) >= 1)) {
    return bad(board, `round ${describeValue(round)}`);
  }
  const base = { board, game: v.game, round: round as number | null };
  if (channel === "log") {
    const n = v.n;
    if (!Number.isInteger(n) || (n as number) < 0)
      return bad(board, `record number ${describeValue(n)}`);
    const sides = options.sidesOf?.(board) ?? ANY_SIDES;
    const record =
      n === 0 ? checkHeader(v.record, options) : checkRecord(v.record, (n as number) + 1, sides);
    if (!record.ok) return bad(board, record.error.message);
    return ok({ channel, ...base, n: n as number, record: record.value });
  }
  if (topic !== boardTopic(event, board, "state", v.game)) {
    return bad(board, `a state of game ${describeValue(v.game)} on another game's topic`);
  }
  const records = v.records;
  if (!Array.isArray(records) || records.length === 0 || records.length !== v.n) {
    return bad(board, "a state without its records");
  }
  const header = checkHeader(records[0], options);
  if (!header.ok) return bad(board, header.error.message);
  const sides = sidesOf(header.value.players);
  const rest: JournalRecord[] = [];
  for (let i = 1; i < records.length; i++) {
    const r = checkRecord(records[i], i + 1, sides);
    if (!r.ok) return bad(board, r.error.message);
    rest.push(r.value);
  }
  return ok({
    channel,
    ...base,
    journal: { header: header.value, records: rest, torn: false },
  });
}
