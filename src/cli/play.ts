/**
 * `kete play`: a game at the board. With `--port` on a real kete board;
 * without, on the built-in simulated board, where two virtual players (or a
 * person at the keyboard for one or both sides) move the stones.
 */
import type { Command } from "commander";
import { languageOfLocale, LANGUAGES } from "../i18n/index.js";
import { defaultGamesDir } from "../journal/index.js";
import { gamesDirFlag } from "./journal-options.js";
import { boardOption } from "./play/board.js";
import { chooseBoard } from "./board-flags.js";
import { collect } from "./options.js";
import { processHost } from "./play/host.js";
import { runPlay } from "./play/session.js";
import { FLAG_DEFAULTS, playSettings, resumeTarget, type PlayFlags } from "./play/settings.js";
import { usageError } from "./usage.js";

/** Reads the flags, then plays; exits with the game's exit code. */
async function playAction(flags: PlayFlags, command: Command): Promise<never> {
  const dir = gamesDirFlag(flags.gamesDir, () => defaultGamesDir());
  if (!dir.ok) usageError(command, dir.error.message);
  const gamesDir = dir.value;
  // `--port auto`: the one board that answers (issue 32), said before the game starts.
  const board = await chooseBoard(command, flags);
  flags = board.port === undefined ? flags : { ...flags, port: board.port };
  const resume = resumeTarget(flags.resume, gamesDir);
  if (!resume.ok) {
    process.stderr.write(`kete play: ${resume.error.message}\n`);
    process.exit(1);
  }
  const settings = playSettings(flags, {
    stdoutTTY: process.stdout.isTTY === true,
    stdinTTY: process.stdin.isTTY === true,
    noColour: Boolean(process.env.NO_COLOR),
    locale: languageOfLocale(process.env),
    defaultGamesDir: gamesDir,
    defaultSeed: Date.now() % 1_000_000,
    resume: resume.value,
    given: typedFlags(command),
  });
  if (!settings.ok) usageError(command, settings.error.message);
  process.exit(await runPlay(settings.value, processHost(settings.value)));
}

/** The flags typed on the command line, not left at their defaults. */
function typedFlags(command: Command): ReadonlySet<string> {
  const names = command.options.map((o) => o.attributeName());
  return new Set(names.filter((name) => command.getOptionValueSource(name) === "cli"));
}

export function registerPlayCommand(program: Command): Command {
  return program
    .command("play")
    .description("play a game at the board (the built-in simulated board without --port)")
    .option(
      "-p, --port <path>",
      "the kete board's serial device, e.g. /dev/ttyACM0; auto: the one board that answers (kete ports)",
    )
    .addOption(boardOption())
    .option(
      "--wait <seconds>",
      "how long the board on --port may take to be ready (default 8, 12 with --board firmata)",
    )
    .option(
      "--baud <rate>",
      "the kete board's line speed when its firmware was built for another than 115200, e.g. 250000",
    )
    .option("-g, --game <id>", "the game", FLAG_DEFAULTS.game)
    .option(
      "--lang <code>",
      `the players' language: ${LANGUAGES.join(", ")} (default: the system locale's, else en)`,
    )
    .option(
      "--speak",
      "say mistakes, kete's move and the result aloud in that language (espeak-ng, if installed)",
    )
    .option("-o, --option <name=value>", "a rule option (repeatable), e.g. direction=cw", collect)
    .option(
      "--on-mistake <policy>",
      `retry, forfeit, truncate or penalty5 (not for glassperlenspiel) (default: retry with guidance, forfeit without)`,
    )
    .option(
      "--guidance <on|off>",
      "light the next pit for learners, or referee only",
      FLAG_DEFAULTS.guidance,
    )
    .option(
      "--players <names>",
      "the two players, South first (Abalone: Black first; default Amani,Baraka on the simulated board)",
    )
    .option(
      "--first <S|N>",
      "who moves first (HB-2); Abalone: b or w, Black unless given",
      FLAG_DEFAULTS.first,
    )
    .option(
      "--human <S|N|both>",
      "sides you play from the keyboard (Abalone: b, w or both; simulated board; none: the virtual players)",
    )
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
    .option("--mistakes <rate>", "how often a virtual player slips (0..1)", FLAG_DEFAULTS.mistakes)
    .option(
      "--minutes <n>",
      "stop (resumable) if there is no result after this long (default for the simulated board: 120 on a terminal, 10 otherwise; none on a real board)",
    )
    .option(
      "--clock <M+B>",
      "players' clocks: minutes each + bonus seconds per push-off (per capturing move in sowing games); a fallen flag loses (default: no clocks)",
    )
    .option(
      "--computer <side[:level]>",
      "kete plays this side (S or N, Abalone b or w; or the side's name) at level 1-4 (default 4, the strongest), e.g. N:3; you sow its moves as the LEDs show",
    )
    .option(
      "--hints <on|off>",
      "hints: h at the keyboard or button 1 held lights kete's best move (off for tournament games; default on)",
    )
    .option(
      "--web [port]",
      "show the game live on a web page at http://127.0.0.1:PORT (default: any free port; the link is printed)",
    )
    .option(
      "--host <addr>",
      "with --web: listen on this address, e.g. 0.0.0.0 for a phone on the LAN (an access token is printed, with a QR code)",
    )
    .option(
      "--publish <url>",
      "club night: publish the game live to an MQTT broker, mqtt://HOST[:PORT]/EVENT/BOARD (mqtts:// for TLS; user:password@ before HOST, or the two flags below)",
    )
    .option("--publish-user <user>", "with --publish: this board's user on the broker")
    .option("--publish-password <password>", "with --publish: its password")
    .option(
      "--round <n>",
      "the event's round this game belongs to: the record's Round tag (kete export); with --publish, the standings' round",
    )
    .option("--event <name>", 'the event, the record\'s Event tag (kete export), e.g. "Club night"')
    .option("--site <place>", "where the game is played, the record's Site tag (kete export)")
    .option(
      "--position <file|json>",
      "start from this position (a puzzle, an adjourned game, a lesson), as kete engine writes it",
    )
    .option(
      "--from <file>",
      "start from a game record kete export wrote (text or json), its moves replayed; --ply N stops after N plies",
    )
    .option("--ply <n>", "with --from: the plies of the record to replay (default: all)")
    .showHelpAfterError("(run 'kete play --help' for usage)")
    .action(playAction);
}
