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
  const tags: Record<string, string> = {
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
  };
  const moves: ExportedMove[] = [];
  let pending: { rule: string | null; message: string; policy: string }[] = [];
  let result: ExportedGame["result"] = null;
  for (const r of journal.records) {
    if (r.kind === "mistake") pending.push({ rule: r.rule, message: r.message, policy: r.policy });
    else if (r.kind === "move") {
      moves.push({ ply: r.ply, side: r.side, move: r.move, at: r.t / 1000, mistakes: pending });
      pending = [];
    } else if (r.kind === "result") {
      result = { winner: r.winner, reason: r.reason, score: r.score };
    }
  }
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
    tokens.push(`${prefix}${m.move}${annotate(m.mistakes)}`);
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
