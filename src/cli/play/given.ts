/**
 * A game started from a given position (issue 32): `kete play --position
 * FILE|JSON` (a position as `kete engine` writes it) and `kete play --from
 * FILE` (a game record `kete export` wrote, text or JSON, replayed from its
 * start, `--ply N` to stop earlier). Parsing is pure; `readGiven` reads the file.
 * Every fault is a typed error naming the flag, the file and what is wrong.
 */
import { readFileSync } from "node:fs";
import { findGame, games, type Game, type Position, type Side } from "../../games/index.js";
import { err, ok, type Result } from "../../shared/index.js";
import { parseOptionAssignments } from "../options.js";
import { listNames } from "../usage.js";
import type { CliError, CliErrorCode } from "../errors.js";

/** The tags of a club's record a game carries (`--event`, `--round`, `--site`), journalled. */
export interface RecordTags {
  readonly event?: string;
  readonly round?: string;
  readonly site?: string;
}

/** Where a game given by `--position` or `--from` starts, and what else it fixes. */
export interface GivenStart {
  readonly game: Game;
  readonly options: Readonly<Record<string, unknown>>;
  readonly position: Position;
  /** Said when the game starts: `from the position in p.json`, `from ply 12 of g.txt`. */
  readonly said: string;
  /** `--from`: the players by side, and the record's event, round and site. */
  readonly players?: Readonly<Record<Side, string>>;
  readonly tags?: RecordTags;
}

/** A game record as `kete export` writes it, read back: its tags and its moves in order. */
export interface ParsedRecord {
  readonly tags: Readonly<Record<string, string>>;
  readonly moves: readonly string[];
}

const fault = (code: CliErrorCode, message: string) => err(code, message);

/** Reads a file for a flag; a typed error saying which file could not be read and why. */
function readText(flag: string, path: string): Result<string, CliError> {
  try {
    return ok(readFileSync(path, "utf8"));
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(e);
    return fault("unreadable-file", `${flag} ${path}: cannot read it (${why})`);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * `--position`: inline JSON (starting with `{`) or a file holding it; the
 * position itself or an engine answer `{"position":P}`. Its `game` names the
 * game (a `--game` typed must agree); the game checks the rest (stone total,
 * shape, side to move) and its message is passed on.
 */
export function positionStart(
  text: string,
  typedGame: string | null,
  read: (flag: string, path: string) => Result<string, CliError> = readText,
): Result<GivenStart, CliError> {
  const inline = text.trimStart().startsWith("{");
  const where = inline ? "--position" : `--position ${text}`;
  const source = inline ? ok(text) : read("--position", text);
  if (!source.ok) return source;
  let json: unknown;
  try {
    json = JSON.parse(source.value);
  } catch (e) {
    return fault(
      "bad-position",
      `${where}: not JSON (${(e as Error).message}); give a position as kete engine writes it, e.g. {"game":"husbao","toMove":"S","pits":{…}}`,
    );
  }
  if (isObject(json) && isObject(json.position) && json.game === undefined) json = json.position;
  if (!isObject(json)) return fault("bad-position", `${where}: a position is a JSON object`);
  const id = json.game;
  if (typeof id !== "string") {
    return fault("bad-position", `${where}: the position names no "game" (e.g. "game":"husbao")`);
  }
  const game = findGame(id);
  if (game === undefined) {
    return fault(
      "bad-position",
      `${where}: unknown game '${id}' (games: ${listNames(games.map((g) => g.id))})`,
    );
  }
  if (typedGame !== null && typedGame !== id) {
    return fault(
      "bad-position",
      `${where} is a position of ${id}, not of ${typedGame}: leave out --game (the position says it)`,
    );
  }
  const parsed = game.parsePosition(json);
  if (!parsed.ok) return fault("bad-position", `${where}: ${parsed.error.message}`);
  const finished = game.outcome(parsed.value);
  if (finished !== null) {
    return fault(
      "bad-position",
      `${where}: the game is already over in this position (${finished.reason}); give one with a move to make`,
    );
  }
  return ok({
    game,
    options: parsed.value.options,
    position: parsed.value,
    said: inline ? "from the position given" : `from the position in ${text}`,
  });
}

/**
 * A game record as `kete export` writes it: JSON (`{"tags":…,"moves":[{"move":…}]}`)
 * or text (`[Tag "value"]` lines, a blank line, the numbered moves with
 * `{…}` comments, a blank line, the result line).
 */
export function parseRecord(text: string): Result<ParsedRecord, CliError> {
  if (text.trimStart().startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return fault("bad-record", `not JSON (${(e as Error).message})`);
    }
    if (!isObject(json) || !isObject(json.tags) || !Array.isArray(json.moves)) {
      return fault(
        "bad-record",
        `not a game record of kete export --format json (no tags or moves)`,
      );
    }
    const tags: Record<string, string> = {};
    for (const [k, v] of Object.entries(json.tags)) if (typeof v === "string") tags[k] = v;
    const moves: string[] = [];
    for (const [i, m] of json.moves.entries()) {
      if (!isObject(m) || typeof m.move !== "string") {
        return fault("bad-record", `moves[${i}] has no "move"`);
      }
      moves.push(m.move);
    }
    return ok({ tags, moves });
  }
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const tags: Record<string, string> = {};
  let i = 0;
  for (; i < lines.length && (lines[i] as string).startsWith("["); i++) {
    const m = /^\[(\w+) "(.*)"\]$/.exec(lines[i] as string);
    if (m === null) return fault("bad-record", `line ${i + 1} is not a tag [Name "value"]`);
    tags[m[1] as string] = m[2] as string;
  }
  if (Object.keys(tags).length === 0) {
    return fault("bad-record", `line 1 is not a tag [Name "value"]: not a record of kete export`);
  }
  if (i < lines.length && lines[i] !== "") {
    return fault("bad-record", `line ${i + 1}: a blank line should follow the tags`);
  }
  const body: string[] = [];
  for (i++; i < lines.length && lines[i] !== ""; i++) body.push(lines[i] as string);
  const plain = body.join(" ").replace(/\{[^}]*\}/g, " ");
  if (/[{}]/.test(plain)) return fault("bad-record", `a comment {…} in the moves is not closed`);
  const moves = plain.split(/\s+/).filter((t) => t !== "" && t !== "…" && !/^\d+\.$/.test(t));
  return ok({ tags, moves });
}

/**
 * `--from`: the record's game, options, first side (or its `Position` tag,
 * the position it started from), its players and tags, and its moves
 * replayed up to `ply` (all without). A move the game refuses is named with
 * its ply and the game's reason.
 */
export function recordStart(
  record: ParsedRecord,
  where: string,
  ply: number | null,
): Result<GivenStart, CliError> {
  const { tags } = record;
  const id = tags.Game;
  const game = id === undefined ? undefined : findGame(id);
  if (game === undefined) {
    return fault(
      "bad-record",
      `${where}: ${id === undefined ? "no Game tag" : `unknown game '${id}'`}; is it a record of kete export?`,
    );
  }
  const assignments = (tags.Options ?? "").split(/\s+/).filter((a) => a !== "");
  const options = parseOptionAssignments(game, assignments);
  if (!options.ok)
    return fault("bad-record", `${where}: the Options tag: ${options.error.message}`);
  let start: Position;
  if (tags.Position !== undefined) {
    // Written with ' for " (a tag's value is in double quotes).
    let json: unknown;
    try {
      json = JSON.parse(tags.Position.replace(/'/g, '"'));
    } catch {
      return fault("bad-record", `${where}: the Position tag is not a position`);
    }
    const parsed = game.parsePosition(json);
    if (!parsed.ok)
      return fault("bad-record", `${where}: the Position tag: ${parsed.error.message}`);
    start = parsed.value;
  } else {
    const initial = game.initial(options.value);
    if (!initial.ok) return fault("bad-record", `${where}: ${initial.error.message}`);
    const sides = game.layout.sides;
    const first =
      sides.find((s) => (game.layout.sideNames[s] ?? s) === tags.First) ?? initial.value.toMove;
    const turned =
      first === initial.value.toMove
        ? ok(initial.value)
        : game.withBoard(initial.value, { toMove: first });
    if (!turned.ok) return fault("bad-record", `${where}: ${turned.error.message}`);
    start = turned.value;
  }
  const n = ply ?? record.moves.length;
  if (n > record.moves.length) {
    return fault(
      "bad-record",
      `--ply ${n}: ${where} has ${record.moves.length} plies; give --ply from 0 to ${record.moves.length}`,
    );
  }
  let position = start;
  for (let k = 0; k < n; k++) {
    const move = record.moves[k] as string;
    const next = game.apply(position, move);
    if (!next.ok) {
      return fault(
        "bad-record",
        `${where}: ply ${k + 1} (${move}) cannot be played there: ${next.error.message}`,
      );
    }
    position = next.value.position;
  }
  const over = game.outcome(position);
  if (over !== null) {
    return fault(
      "bad-record",
      `${where}: the game is over after ply ${n} (${over.reason}); give --ply with an earlier ply to play on from`,
    );
  }
  const [a, b] = game.layout.sides;
  const name = (side: Side) => tags[game.layout.sideNames[side] ?? side];
  const pa = name(a);
  const pb = name(b);
  const recordTags: Record<string, string> = {};
  if (tags.Event !== undefined) recordTags.event = tags.Event;
  if (tags.Round !== undefined) recordTags.round = tags.Round;
  if (tags.Site !== undefined) recordTags.site = tags.Site;
  return ok({
    game,
    options: position.options,
    position,
    said: `from ply ${n} of ${where}`,
    ...(pa !== undefined && pb !== undefined && pa !== "" && pb !== ""
      ? { players: { [a]: pa, [b]: pb } }
      : {}),
    tags: recordTags,
  });
}

/** `--from FILE [--ply N]`: the file read, parsed and replayed. */
export function fromStart(
  path: string,
  ply: number | null,
  read: (flag: string, path: string) => Result<string, CliError> = readText,
): Result<GivenStart, CliError> {
  const text = read("--from", path);
  if (!text.ok) return text;
  const record = parseRecord(text.value);
  if (!record.ok) return fault("bad-record", `--from ${path}: ${record.error.message}`);
  return recordStart(record.value, path, ply);
}
