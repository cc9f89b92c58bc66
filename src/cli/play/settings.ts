/**
 * The settings of one `kete play`, read from its flags: a pure function from
 * the flags (and what it needs of the world: is this a terminal, the default
 * games folder, the game a journal to resume is of) to the settings or the
 * usage error to print. `resumeTarget` is the one part that reads files.
 */
import { POLICIES, type Policy } from "../../controller/index.js";
import { findGame, games, type Game, type Side } from "../../games/index.js";
import { lockHolder, readJournal, scanJournals } from "../../journal/index.js";
import { err, ok, type Result } from "../../shared/index.js";
import { parseOptionAssignments } from "../options.js";
import { listNames } from "../usage.js";

/** The flags as commander hands them over. */
export interface PlayFlags {
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

/** The defaults commander gives the flags that have one. */
export const FLAG_DEFAULTS = {
  game: "husbao",
  guidance: "on",
  first: "S",
  noise: true,
  mistakes: "0.08",
} as const;

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

/** What the settings depend on besides the flags. */
export interface PlayContext {
  /** Standard output is a terminal. */
  readonly stdoutTTY: boolean;
  readonly stdinTTY: boolean;
  /** `NO_COLOR` is set. */
  readonly noColour: boolean;
  /** Where journals go without `--games-dir`. */
  readonly defaultGamesDir: string;
  /** The seed when none is given (e.g. from the time of day). */
  readonly defaultSeed: number;
  /** The journal `--resume` named or found, and the game it is of. */
  readonly resume: { readonly path: string; readonly game: string } | null;
}

/** Journals are read knowing which games this kete plays (the journal layer knows no games). */
export const journalOptions = { isGame: (id: string) => findGame(id) !== undefined } as const;

/** The newest unfinished game of the folder that no other kete is playing. */
function newestResumable(gamesDir: string): Result<string> {
  const folder = scanJournals(gamesDir, journalOptions);
  if (!folder.ok) return folder;
  const open = folder.value.games.filter((g) => g.result === null);
  const free = open.filter((g) => g.playingIn === null);
  const latest = free[free.length - 1];
  if (latest !== undefined) return ok(latest.path);
  const busy = open.length - free.length;
  return err(
    "no-journal",
    busy > 0
      ? `no unfinished game in ${gamesDir} but ${busy} being played by another kete; name the journal: kete play --resume FILE`
      : `no unfinished game in ${gamesDir}; name the journal: kete play --resume FILE`,
  );
}

/** The journal `--resume` asks for: the named one or the newest unfinished; an error to print (exit 1). */
export function resumeTarget(
  resume: string | boolean | undefined,
  gamesDir: string,
): Result<{ path: string; game: string } | null> {
  if (resume === undefined || resume === false) return ok(null);
  let path: string;
  if (typeof resume === "string") path = resume;
  else {
    const latest = newestResumable(gamesDir);
    if (!latest.ok) return latest;
    path = latest.value;
  }
  const journal = readJournal(path, journalOptions);
  if (!journal.ok) return journal;
  const writer = lockHolder(path);
  if (writer !== null) {
    return err(
      "journal-locked",
      `${path} is being played by another kete (process ${writer}); finish or pause that game first`,
    );
  }
  return ok({ path, game: journal.value.header.game });
}

/** A number flag within [min, max], or the usage error. */
export function numberFlag(flag: string, text: string, min: number, max: number): Result<number> {
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n < min || n > max) {
    return err("usage", `${flag} must be a number from ${min} to ${max}, not '${text}'`);
  }
  return ok(n);
}

const usage = (message: string) => err("usage", message);

/** The game, its options and its initial position, from `--game` (or the journal) and `--option`. */
function gameOf(
  flags: PlayFlags,
  ctx: PlayContext,
): Result<{ game: Game; options: Readonly<Record<string, unknown>> }> {
  const id = ctx.resume?.game ?? flags.game;
  const game = findGame(id);
  if (game === undefined) {
    return usage(`unknown game '${id}' (games: ${listNames(games.map((g) => g.id))})`);
  }
  const options = parseOptionAssignments(game, flags.option ?? []);
  if (!options.ok) return usage(options.error.message);
  const initial = game.initial(options.value);
  if (!initial.ok) return usage(initial.error.message);
  return ok({ game, options: options.value });
}

function policyOf(text: string | undefined): Result<Policy | null> {
  if (text === undefined) return ok(null);
  const policy = POLICIES.find((p) => p === text);
  if (policy === undefined) {
    return usage(`--on-mistake must be one of ${POLICIES.join(", ")}, not '${text}'`);
  }
  return ok(policy);
}

function playersOf(flags: PlayFlags): Result<{ S: string; N: string }> {
  const given = flags.players ?? (flags.port === undefined ? "Amani,Baraka" : "South,North");
  // Control characters (a newline, an escape) would break the screen, the log and kete games.
  if (/[\p{Cc}\u2028\u2029]/u.test(given)) {
    return usage(
      `--players: a name cannot hold control characters or line breaks; use letters, e.g. "Ana,Ben"`,
    );
  }
  const names = given.split(",").map((n) => n.trim());
  if (names.length !== 2 || names.some((n) => n.length === 0 || n.length > 40)) {
    return usage(`--players takes two names separated by a comma, e.g. "Ana,Ben"`);
  }
  return ok({ S: names[0] as string, N: names[1] as string });
}

function humanOf(flags: PlayFlags, ctx: PlayContext): Result<ReadonlySet<Side>> {
  const human = new Set<Side>();
  if (flags.human === undefined) return ok(human);
  const h = flags.human.toUpperCase();
  if (h === "BOTH") ["S", "N"].forEach((x) => human.add(x));
  else if (h === "S" || h === "N") human.add(h);
  else return usage(`--human must be S, N or both, not '${flags.human}'`);
  if (flags.port !== undefined) {
    return usage("--human is for the simulated board; on a real board you move the stones");
  }
  if (!(ctx.stdoutTTY && ctx.stdinTTY)) return usage("--human needs a terminal to type moves in");
  return ok(human);
}

/** `--seed`, `--pace`, `--mistakes`, `--minutes`, with their defaults on and off a terminal. */
function numbersOf(
  flags: PlayFlags,
  ctx: PlayContext,
): Result<Pick<PlaySettings, "seed" | "pace" | "mistakeRate" | "maxMinutes">> {
  const live = ctx.stdoutTTY;
  const seed =
    flags.seed === undefined ? ok(ctx.defaultSeed) : numberFlag("--seed", flags.seed, 0, 2 ** 31);
  if (!seed.ok) return seed;
  const pace =
    flags.pace === undefined ? ok(live ? 1 : 0.05) : numberFlag("--pace", flags.pace, 0, 10);
  if (!pace.ok) return pace;
  const mistakeRate = numberFlag("--mistakes", flags.mistakes, 0, 1);
  if (!mistakeRate.ok) return mistakeRate;
  const maxMinutes =
    flags.minutes === undefined
      ? ok(live ? 120 : 10)
      : numberFlag("--minutes", flags.minutes, 0.05, 10000);
  if (!maxMinutes.ok) return maxMinutes;
  return ok({
    seed: seed.value,
    pace: pace.value,
    mistakeRate: mistakeRate.value,
    maxMinutes: maxMinutes.value,
  });
}

/** The settings of a `kete play`, or the usage error (code `usage`) to print. */
export function playSettings(flags: PlayFlags, ctx: PlayContext): Result<PlaySettings> {
  const chosen = gameOf(flags, ctx);
  if (!chosen.ok) return chosen;
  const onMistake = policyOf(flags.onMistake);
  if (!onMistake.ok) return onMistake;
  if (flags.guidance !== "on" && flags.guidance !== "off") {
    return usage(`--guidance must be on or off, not '${flags.guidance}'`);
  }
  const players = playersOf(flags);
  if (!players.ok) return players;
  if (flags.first !== "S" && flags.first !== "N") {
    return usage(`--first must be S or N, not '${flags.first}'`);
  }
  const human = humanOf(flags, ctx);
  if (!human.ok) return human;
  const numbers = numbersOf(flags, ctx);
  if (!numbers.ok) return numbers;
  return ok({
    ...chosen.value,
    ...numbers.value,
    first: flags.first,
    port: flags.port ?? null,
    onMistake: onMistake.value,
    guidance: flags.guidance === "on",
    players: players.value,
    gamesDir: flags.gamesDir ?? ctx.defaultGamesDir,
    resume: ctx.resume?.path ?? null,
    human: human.value,
    noise: flags.noise,
    live: ctx.stdoutTTY,
    colour: ctx.stdoutTTY && !ctx.noColour,
  });
}
