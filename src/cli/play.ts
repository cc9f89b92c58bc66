/**
 * `kete play`: a game at the board. With `--port` on a real kete board;
 * without, on the built-in simulated board, where two virtual players (or a
 * person at the keyboard for one or both sides) move the stones.
 */
import type { Command } from "commander";
import { POLICIES, type Policy } from "../controller/index.js";
import { findGame, games } from "../games/index.js";
import { defaultGamesDir, latestUnfinished, readJournal } from "../journal/index.js";
import { collect, parseOptionAssignments } from "./options.js";
import { runPlay } from "./play/session.js";
import { listNames, usageError } from "./usage.js";

interface PlayFlags {
  readonly port?: string;
  readonly game: string;
  readonly option?: readonly string[];
  readonly onMistake?: string;
  readonly guidance: string;
  readonly players?: string;
  readonly first: string;
  readonly human?: string;
  readonly gamesDir?: string;
  readonly resume?: string | boolean;
  readonly seed?: string;
  readonly pace?: string;
  readonly noise: boolean;
  readonly mistakes: string;
  readonly minutes?: string;
}

function number(command: Command, flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max) {
    usageError(command, `${flag} must be a number from ${min} to ${max}, not '${text}'`);
  }
  return n;
}

export function registerPlayCommand(program: Command): Command {
  return program
    .command("play")
    .description("play a game at the board (the built-in simulated board without --port)")
    .option("-p, --port <path>", "the kete board's serial device, e.g. /dev/ttyACM0")
    .option("-g, --game <id>", "the game", "husbao")
    .option("-o, --option <name=value>", "a rule option (repeatable), e.g. direction=cw", collect)
    .option(
      "--on-mistake <policy>",
      `retry, forfeit, truncate or penalty5 (default: retry with guidance, forfeit without)`,
    )
    .option("--guidance <on|off>", "light the next pit for learners, or referee only", "on")
    .option(
      "--players <names>",
      "the two players, South first (default Amani,Baraka on the simulated board)",
    )
    .option("--first <S|N>", "who moves first (HB-2)", "S")
    .option("--human <S|N|both>", "sides you play from the keyboard (simulated board)")
    .option(
      "--games-dir <dir>",
      "where journals are kept (default: your data folder, or KETE_GAMES_DIR)",
    )
    .option("--resume [file]", "continue an interrupted game (default: the newest unfinished one)")
    .option("--seed <n>", "seed of the virtual players and the simulated sensors")
    .option(
      "--pace <x>",
      "speed of the simulated hands: 1 a person (default on a terminal), 0.5 twice as fast, 0.05 (default otherwise) twenty times",
    )
    .option("--no-noise", "simulated sensors without jitter or lost lines")
    .option("--mistakes <rate>", "how often a virtual player slips (0..1)", "0.08")
    .option("--minutes <n>", "stop (resumable) if there is no result after this long")
    .showHelpAfterError("(run 'kete play --help' for usage)")
    .action(async (flags: PlayFlags, command: Command) => {
      const gamesDir = flags.gamesDir ?? defaultGamesDir();
      let resume: string | null = null;
      let gameId = flags.game;
      if (flags.resume !== undefined) {
        if (typeof flags.resume === "string") resume = flags.resume;
        else {
          const latest = latestUnfinished(gamesDir);
          if (latest === null) {
            process.stderr.write(
              `kete play: no unfinished game in ${gamesDir}; name the journal: kete play --resume FILE\n`,
            );
            process.exit(1);
          }
          resume = latest.path;
        }
        const journal = readJournal(resume);
        if (!journal.ok) {
          process.stderr.write(`kete play: ${journal.error.message}\n`);
          process.exit(1);
        }
        gameId = journal.value.header.game;
      }
      const game = findGame(gameId);
      if (game === undefined) {
        usageError(
          command,
          `unknown game '${gameId}' (games: ${listNames(games.map((g) => g.id))})`,
        );
      }
      const options = parseOptionAssignments(game, flags.option ?? []);
      if (!options.ok) usageError(command, options.error.message);
      const initial = game.initial(options.value);
      if (!initial.ok) usageError(command, initial.error.message);
      let onMistake: Policy | null = null;
      if (flags.onMistake !== undefined) {
        if (!(POLICIES as readonly string[]).includes(flags.onMistake)) {
          usageError(
            command,
            `--on-mistake must be one of ${POLICIES.join(", ")}, not '${flags.onMistake}'`,
          );
        }
        onMistake = flags.onMistake as Policy;
      }
      if (flags.guidance !== "on" && flags.guidance !== "off") {
        usageError(command, `--guidance must be on or off, not '${flags.guidance}'`);
      }
      const names = (flags.players ?? (flags.port === undefined ? "Amani,Baraka" : "South,North"))
        .split(",")
        .map((n) => n.trim());
      if (names.length !== 2 || names.some((n) => n.length === 0 || n.length > 40)) {
        usageError(command, `--players takes two names separated by a comma, e.g. "Ana,Ben"`);
      }
      if (flags.first !== "S" && flags.first !== "N") {
        usageError(command, `--first must be S or N, not '${flags.first}'`);
      }
      const human = new Set<"S" | "N">();
      if (flags.human !== undefined) {
        const h = flags.human.toUpperCase();
        if (h === "BOTH") ["S", "N"].forEach((x) => human.add(x as "S" | "N"));
        else if (h === "S" || h === "N") human.add(h);
        else usageError(command, `--human must be S, N or both, not '${flags.human}'`);
        if (flags.port !== undefined) {
          usageError(
            command,
            "--human is for the simulated board; on a real board you move the stones",
          );
        }
      }
      const live = process.stdout.isTTY === true;
      if (human.size > 0 && !(live && process.stdin.isTTY === true)) {
        usageError(command, "--human needs a terminal to type moves in");
      }
      const colour = live && !process.env.NO_COLOR;
      const code = await runPlay(
        {
          game,
          options: options.value,
          first: flags.first,
          port: flags.port ?? null,
          onMistake,
          guidance: flags.guidance === "on",
          players: { S: names[0], N: names[1] },
          gamesDir,
          resume,
          human,
          seed:
            flags.seed === undefined
              ? Date.now() % 1_000_000
              : number(command, "--seed", flags.seed, 0, 2 ** 31),
          pace:
            flags.pace === undefined
              ? live
                ? 1
                : 0.05
              : number(command, "--pace", flags.pace, 0, 10),
          noise: flags.noise,
          mistakeRate: number(command, "--mistakes", flags.mistakes, 0, 1),
          live,
          colour,
          maxMinutes:
            flags.minutes === undefined
              ? live
                ? 120
                : 10
              : number(command, "--minutes", flags.minutes, 0.05, 10000),
        },
        {
          write: (t) => process.stdout.write(t),
          error: (t) => process.stderr.write(`${t}\n`),
        },
      );
      process.exit(code);
    });
}
