/**
 * A readable record of a game from its journal — what PGN is for chess:
 * tags, then numbered moves in the engine's notation with mistakes annotated
 * in braces, then the result and score. Also the same as JSON.
 */
import type { Journal } from "./records.js";

/** The sowing games' sides, for a journal whose game gives no names. */
const SOWING_SIDES: Readonly<Record<string, string>> = { S: "South", N: "North" };

export interface ExportedMove {
  readonly ply: number;
  readonly side: string;
  readonly move: string;
  /** Seconds since the game started when the move was completed. */
  readonly at: number;
  /** Seconds the move took: from the end of the move before (or the start) to its completion. */
  readonly seconds: number;
  /** With clocks: the seconds each side had left once the move was accepted. */
  readonly clocks?: Readonly<Record<string, number>>;
  /** Moves taken back just before this one (in the order they had been played), if any. */
  readonly takenBack?: readonly string[];
  /** Mistakes made while this side was trying to play this move. */
  readonly mistakes: readonly {
    readonly rule: string | null;
    readonly message: string;
    readonly policy: string;
  }[];
}

export interface ExportedGame {
  readonly tags: Readonly<Record<string, string>>;
  /** The side that moved first (`S`, `b`): its moves open each numbered pair. */
  readonly first: string;
  readonly moves: readonly ExportedMove[];
  /** Mistakes after the last move (the game ended or stopped before a correct move followed). */
  readonly pendingMistakes: ExportedMove["mistakes"];
  readonly result: {
    readonly winner: string | null;
    readonly reason: string;
    readonly score: Readonly<Record<string, number>>;
  } | null;
}

/**
 * A journal as a game record. `sideNames` names the game's sides (`b` →
 * `Black`; the tags are the players by side name, first side first); without
 * it the sowing games' South and North.
 */
export function exportGame(
  journal: Journal,
  sideNames: Readonly<Record<string, string>> = SOWING_SIDES,
  usualStart: (header: Journal["header"]) => boolean = () => true,
): ExportedGame {
  const h = journal.header;
  const name = (side: string) => sideNames[side] ?? side;
  const first = String(h.initial.toMove);
  const playerTags = Object.fromEntries(
    Object.entries(h.players).map(([side, player]) => [name(side), player]),
  );
  const options = Object.entries(h.options)
    .map(([k, v]) => `${k}=${optionText(v)}`)
    .join(" ");
  // The club's tags first, as a chess record has them (issue 32).
  const club: Record<string, string> = {};
  if (h.record?.event !== undefined) club.Event = h.record.event;
  if (h.record?.site !== undefined) club.Site = h.record.site;
  if (h.record?.round !== undefined) club.Round = h.record.round;
  const tags: Record<string, string> = {
    ...club,
    Game: h.game,
    Options: options,
    ...playerTags,
    Board: h.board.simulated
      ? "simulated"
      : `${h.board.id}${h.board.firmware ? ` (firmware ${h.board.firmware})` : ""}`,
    Start: h.startedAt,
    First: name(first),
    OnMistake: h.settings.onMistake,
    Guidance: h.settings.guidance ? "on" : "off",
    ...(h.settings.clock === undefined ? {} : { Clock: h.settings.clock }),
    // A game from a given position (`kete play --position`) says where it started.
    ...(usualStart(h) ? {} : { Position: JSON.stringify(h.initial) }),
  };
  const moves: ExportedMove[] = [];
  /** The plies that stand: a move's index in `moves`, or null for a turn a mistake passed. */
  const plies: (number | null)[] = [];
  let pending: { rule: string | null; message: string; policy: string }[] = [];
  let takenBack: string[] = [];
  let takenBackCount = 0;
  let result: ExportedGame["result"] = null;
  let turnStart = 0;
  let sessionStart = 0;
  for (const r of journal.records) {
    if (r.kind === "mistake") pending.push({ rule: r.rule, message: r.message, policy: r.policy });
    else if (
      r.kind === "command" &&
      (r.command.type === "new-game" || r.command.type === "resume")
    ) {
      sessionStart = plies.length;
      if (r.command.type === "resume") turnStart = r.t;
    } else if (r.kind === "resolved" && (r.how === "turn-passed" || r.how === "penalty-due")) {
      // A turn a mistake passed (forfeit, truncation, penalty) is a ply the controller counts.
      plies.push(null);
    } else if (r.kind === "decision" && r.decision.type === "takeback") {
      // A move taken back is no longer part of the game (`toPly` counts the
      // plies since the controller's new game or resume, a passed turn
      // among them): the record holds the moves that stand, so it replays to
      // the position played on, and says which were taken back (issue 32).
      const toPly = Number(r.decision.toPly);
      if (Number.isInteger(toPly) && sessionStart + toPly < plies.length) {
        plies.length = Math.max(0, sessionStart + toPly);
        const kept = plies.reduce<number>((n, m) => (m === null ? n : m + 1), 0);
        const gone = moves.splice(kept).map((m) => m.move);
        takenBack = [...gone, ...takenBack];
        takenBackCount += gone.length;
      }
      turnStart = r.t;
    } else if (r.kind === "move") {
      const clocks =
        r.clocks === undefined
          ? {}
          : {
              clocks: Object.fromEntries(
                Object.entries(r.clocks).map(([side, ms]) => [side, Math.round(ms / 100) / 10]),
              ),
            };
      plies.push(moves.length);
      moves.push({
        ply: r.ply,
        side: r.side,
        move: r.move,
        at: r.t / 1000,
        seconds: Math.round(Math.max(0, r.t - turnStart) / 100) / 10,
        ...clocks,
        ...(takenBack.length === 0 ? {} : { takenBack }),
        mistakes: pending,
      });
      turnStart = r.t;
      pending = [];
      takenBack = [];
    } else if (r.kind === "result") {
      result = { winner: r.winner, reason: r.reason, score: r.score };
    }
  }
  if (takenBackCount > 0) tags.TakenBack = String(takenBackCount);
  tags.Result = resultText(result, name);
  return { tags, first, moves, pendingMistakes: pending, result };
}

function resultText(result: ExportedGame["result"], name: (side: string) => string): string {
  if (result === null) return "unfinished";
  const score = Object.entries(result.score)
    .map(([side, n]) => `${side} ${n}`)
    .join(", ");
  const who = result.winner === null ? "draw" : `${name(result.winner)} wins`;
  return `${who} (${score})`;
}

/** `h:mm:ss` of whole seconds. */
function hms(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/**
 * A game with clocks: a move's times as a comment, in the chess records'
 * way: `[%clk]` the mover's time left, `[%emt]` the time the move took (issue 32).
 */
function timeText(m: ExportedMove): string {
  const left = m.clocks?.[m.side];
  // Without clocks the text stays as it was; the JSON has every move's seconds.
  return left === undefined ? "" : ` {[%clk ${hms(left)}] [%emt ${hms(m.seconds)}]}`;
}

function annotate(mistakes: ExportedMove["mistakes"]): string {
  return mistakes.map((m) => ` {mistake: ${m.message}; ${m.policy}}`).join("");
}

/** The text form: tags, numbered move pairs, result. Lines kept under 80 columns. */
export function exportText(game: ExportedGame): string {
  const lines = Object.entries(game.tags).map(([k, v]) => `[${k} "${v.replace(/"/g, "'")}"]`);
  lines.push("");
  const tokens: string[] = [];
  let number = 0;
  for (const m of game.moves) {
    const first = m.side === game.first;
    let prefix = "";
    if (first || number === 0) {
      number++;
      prefix = first ? `${number}. ` : `${number}. … `;
    }
    const back = m.takenBack === undefined ? "" : `{taken back: ${m.takenBack.join(" ")}} `;
    tokens.push(`${back}${prefix}${m.move}${timeText(m)}${annotate(m.mistakes)}`);
  }
  if (game.pendingMistakes.length > 0) tokens.push(annotate(game.pendingMistakes).trim());
  let line = "";
  for (const t of tokens) {
    if (line.length > 0 && line.length + 1 + t.length > 79) {
      lines.push(line);
      line = t;
    } else line = line.length > 0 ? `${line} ${t}` : t;
  }
  if (line.length > 0) lines.push(line);
  lines.push("");
  lines.push(game.result === null ? "Unfinished." : `${game.tags.Result}: ${game.result.reason}`);
  return `${lines.join("\n")}\n`;
}

export function exportJson(game: ExportedGame): string {
  // The first side is the tags' First; the JSON keeps the fields it always had.
  return `${JSON.stringify({ ...game, first: undefined }, null, 2)}\n`;
}

/**
 * An option's value as `--option` takes it, without double quotes (a tag's
 * value is quoted): a list or a table as JSON with its plain names bare
 * (`[A1,B2]`, `{b:6,w:6}`), which `--option` reads back (issue 32).
 */
function optionText(v: unknown): string {
  if (typeof v !== "object" || v === null) return String(v);
  return JSON.stringify(v).replace(/"([A-Za-z_][\w-]*)"/g, (all, word: string) =>
    word === "true" || word === "false" || word === "null" ? all : word,
  );
}
