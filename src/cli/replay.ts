/**
 * `kete replay FILE`: the game of a journal, move by move, in the terminal;
 * `--verify` feeds the recorded readings to a fresh controller and checks it
 * reaches exactly the recorded decisions.
 */
import type { Command } from "commander";
import { findGame } from "../games/index.js";
import type { Game, Options, Position } from "../games/index.js";
import { legendRoles } from "../controller/index.js";
import { damageText, readJournal } from "../journal/index.js";
import type { Journal, JournalRecord } from "../journal/index.js";
import { verifyJournal } from "./play/verify.js";
import type { Verification } from "./play/verify.js";
import { renderView, type PlayView } from "./play/view.js";
import { firstSideOf, gameTitle, offOf, seatedPlayers } from "./play/model.js";
import { SOWING_SIDE_NAMES } from "./play/messages.js";
import { holesOfReadings, type HoleContent } from "../protocol/index.js";
import { findShape } from "../shared/index.js";
import { journalOptions } from "./journal-options.js";
import { usageError } from "./usage.js";

interface ReplayFlags {
  readonly verify?: boolean;
  readonly delay?: string;
}

export function registerReplayCommand(program: Command): Command {
  return program
    .command("replay")
    .description("replay a recorded game; --verify re-judges its recorded sensor readings")
    .argument("<file>", "a game journal (see kete games)")
    .option(
      "--verify",
      "feed the recorded readings to a fresh controller and compare its decisions",
    )
    .option("--delay <ms>", "pause between moves on a terminal", "700")
    .action(async (file: string, flags: ReplayFlags, command: Command) => {
      const journal = readJournal(file, journalOptions);
      if (!journal.ok) fail(journal.error.message);
      const j = journal.value;
      // A journal damaged in its middle: the game up to the damage, said so (issue 32).
      if (j.damaged !== undefined)
        process.stderr.write(`kete replay: ${damageText(file, j.damaged)}\n`);
      if (flags.verify) {
        const v = verifyJournal(j);
        process.stdout.write(verificationText(v, file));
        if (j.damaged !== undefined && v.mismatch === null) {
          process.stdout.write(
            `only the records before line ${j.damaged.line} were checked: the file is damaged there\n`,
          );
        }
        process.exit(v.mismatch === null && j.damaged === undefined ? 0 : 1);
      }
      const delay = Number(flags.delay);
      if (!Number.isFinite(delay) || delay < 0)
        usageError(command, `--delay must be a number of milliseconds, not '${flags.delay}'`);
      const game = findGame(j.header.game);
      if (game === undefined) {
        fail(`${file} is a game of '${j.header.game}', which this kete does not know`);
      }
      const live = process.stdout.isTTY === true;
      await replayGame(j, game, {
        out: (text) => process.stdout.write(text),
        colour: live && !process.env.NO_COLOR,
        delayMs: live ? delay : 0,
      });
    });
}

/** One line on stderr, exit 1. */
function fail(message: string): never {
  process.stderr.write(`kete replay: ${message}\n`);
  process.exit(1);
}

/** What `--verify` prints: every decision reproduced, or the first that was not. */
export function verificationText(v: Verification, file: string): string {
  if (v.mismatch === null)
    return `verified: ${v.decisions} decisions of ${file} reproduced exactly, and every move, mistake and result record follows from them\n`;
  if (v.mismatch.record !== undefined)
    return (
      `MISMATCH in ${v.mismatch.record}:\n` +
      `  recorded: ${JSON.stringify(v.mismatch.expected)}\n` +
      `  derived:  ${JSON.stringify(v.mismatch.got)}\n`
    );
  return (
    `MISMATCH at decision ${v.mismatch.index + 1} of ${v.decisions}:\n` +
    `  recorded: ${JSON.stringify(v.mismatch.expected)}\n` +
    `  now:      ${JSON.stringify(v.mismatch.got)}\n`
  );
}

export interface ReplayOutput {
  readonly out: (text: string) => void;
  readonly colour: boolean;
  /** Pause before each move (on a terminal); 0 for none. */
  readonly delayMs: number;
}

/** The journal's game, board after board, with its mistakes and its result. */
export async function replayGame(j: Journal, game: Game, output: ReplayOutput): Promise<void> {
  const moves: string[] = [];
  const show = (json: Readonly<Record<string, unknown>>, note: string): void => {
    const frame = replayFrame(j, game, { json, note, moves, colour: output.colour });
    if (frame !== null) output.out(frame);
  };
  show(j.header.initial, "start");
  for (const r of j.records) {
    if (r.kind === "move") {
      moves.push(r.move);
      if (output.delayMs > 0) await new Promise((res) => setTimeout(res, output.delayMs));
    }
    const step = replayStep(r, game.layout.sideNames);
    if (step?.position !== undefined) show(step.position, step.text);
    else if (step !== null) output.out(step.text);
  }
  if (!j.records.some((r) => r.kind === "result"))
    output.out("unfinished: continue it with npx kete play --resume FILE\n");
}

/**
 * What a record adds to the replay: a board to draw (`position`) with `text`
 * under it, or a line of its own; null for records a replay does not show.
 */
export function replayStep(
  r: JournalRecord,
  names: Readonly<Record<string, string>> = SOWING_SIDE_NAMES,
): { readonly position?: Readonly<Record<string, unknown>>; readonly text: string } | null {
  switch (r.kind) {
    case "move":
      return {
        position: r.position,
        text: `ply ${r.ply}: ${names[r.side] ?? r.side} played ${r.move}`,
      };
    case "mistake":
      return { text: `  ! ${r.message} — ${r.policy}\n\n` };
    case "resolved":
      return r.how === "retry"
        ? null
        : { position: r.position, text: `after the mistake: ${r.how}` };
    case "result": {
      const outcome = r.winner === null ? "draw" : `${names[r.winner] ?? r.winner} wins`;
      return { text: `result: ${outcome} — ${r.reason}\n` };
    }
    default:
      return null;
  }
}

/** One position of the replay: its JSON, the line under it and the moves that led to it. */
export interface ReplayFrame {
  readonly json: Readonly<Record<string, unknown>>;
  readonly note: string;
  readonly moves: readonly string[];
}

/** One board of the replay, as `kete play` draws it, with `note` as its status; null for a position the game cannot read. */
export function replayFrame(
  j: Journal,
  game: Game,
  frame: ReplayFrame & { readonly colour: boolean },
): string | null {
  const view = replayView(j, game, frame);
  if (view === null) return null;
  const lines = renderView(view, frame.colour);
  return `${lines.slice(0, -1).join("\n")}\n\n`;
}

/**
 * One board of the replay as the view model `kete play` draws (the terminal
 * here, the archive's web page in `kete serve`); null for a position the game
 * cannot read.
 */
export function replayView(j: Journal, game: Game, frame: ReplayFrame): PlayView | null {
  const p = game.parsePosition(frame.json);
  if (!p.ok) return null;
  const view = game.sensorView(p.value as Position);
  const counts = new Map(view.pits.map((pit, i) => [pit, view.counts[i] as number | null]));
  const { players, initial } = j.header;
  const { sides, sideNames } = game.layout;
  const holes = findShape(view.geometry)?.kind === "holes" ? holesOf(view.counts) : null;
  return {
    title: gameTitle(game, players),
    // AB-9.1: in a team game, the member whose seat makes each side's next move first.
    players: seatedPlayers(game, j.header, p.value as Position),
    sides,
    sideNames,
    hex: holes === null ? null : { holes, off: offOf(frame.json) },
    counts,
    leds: new Map(),
    unsettled: new Set(),
    toMove: p.value.toMove,
    ply: frame.moves.length + 1,
    status: frame.note,
    inHand: null,
    nextStone: [],
    lastLands: null,
    moves: frame.moves,
    firstSide: firstSideOf(game, initial.toMove),
    clocks: Object.fromEntries(sides.map((side) => [side, 0])),
    messages: [],
    link: "replay",
    reserve: null,
    // Only the lights this game and its options can show (no kichwa in Abalone).
    legend: legendRoles(game, (j.header.options as Options | undefined) ?? {}),
  };
}

/** A hex61 board's readings (each hole's bits, one per kind of marble) as the holes. */
function holesOf(readings: readonly number[]): HoleContent[] {
  return (holesOfReadings(readings) ?? []).map((h) => h ?? "empty");
}
