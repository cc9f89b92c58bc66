/**
 * The settings of one `kete play`, read from its flags: a pure function from
 * the flags (and what it needs of the world: is this a terminal, the default
 * games folder, the game a journal to resume is of) to the settings or the
 * usage error to print. `resumeTarget` is the one part that reads files.
 */
import {
  POLICIES,
  parseTimeControl,
  policyFor,
  timeControlText,
  type Policy,
  type TimeControl,
} from "../../controller/index.js";
import { findGame, games, type Game, type Position, type Side } from "../../games/index.js";
import { lockHolder, readJournal, scanJournals, type Journal } from "../../journal/index.js";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from "../../i18n/index.js";
import { err, ok, type Result } from "../../shared/index.js";
import { gamesDirFlag, journalOptions } from "../journal-options.js";
import { parseOptionAssignments } from "../options.js";
import { listNames } from "../usage.js";
import type { BoardKind } from "../../board/index.js";
import { baudFlag, boardKindOf, waitFlag } from "./board.js";
import { parseComputer, type ComputerSetting } from "./computer.js";
import { fromStart, positionStart, type GivenStart, type RecordTags } from "./given.js";
import { parsePublishTarget, type PublishTarget } from "../../club/index.js";
import type { CliError } from "../errors.js";

/** The flags as commander hands them over. */
export interface PlayFlags {
  /** `--lang CODE`: the player's language (issue 32); absent: the system locale's. */
  readonly lang?: string;
  /** `--speak`: spoken cues through espeak-ng. */
  readonly speak?: boolean;
  readonly port?: string;
  /** `--board serial|firmata`: what runs on the port. */
  readonly board?: string;
  /** `--wait SECONDS`: how long the board on the port may take to be ready. */
  readonly wait?: string;
  /** `--baud RATE`: the kete board's line speed. */
  readonly baud?: string;
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
  readonly clock?: string;
  /** `--computer S|N[:level]`: the side kete plays. */
  readonly computer?: string;
  /** `--hints on|off`. */
  readonly hints?: string;
  /** `--web [PORT]`: serve the live page (true: any free port). */
  readonly web?: string | boolean;
  /** `--host ADDR`: the address the live page listens on (with a token beyond loopback). */
  readonly host?: string;
  /** `--publish mqtt://HOST[:PORT]/EVENT/BOARD`: the game live on the club's broker (issue 33). */
  readonly publish?: string;
  readonly publishUser?: string;
  readonly publishPassword?: string;
  /** `--round N`: the event's round this game belongs to (the record's Round tag; with --publish, the standings'). */
  readonly round?: string;
  /** `--event NAME`, `--site PLACE`: the record's Event and Site tags (issue 32). */
  readonly event?: string;
  readonly site?: string;
  /** `--position FILE|JSON`: start from this position (as `kete engine` writes it). */
  readonly position?: string;
  /** `--from FILE`: start from a game record `kete export` wrote, replayed; `--ply N` stops earlier. */
  readonly from?: string;
  readonly ply?: string;
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
  /** What runs on the port (absent: serial). */
  readonly boardKind?: BoardKind;
  /** `--wait`: how long the board may take to be ready, ms (absent: its kind's default). */
  readonly readyMs?: number;
  /** `--baud`: a kete board's line speed (absent: 115200). */
  readonly baudRate?: number;
  readonly onMistake: Policy | null;
  readonly guidance: boolean;
  /** The players' names by the game's sides (`S`, `N`; Abalone's `b`, `w`); a team game's: each team. */
  readonly players: Readonly<Record<Side, string>>;
  /**
   * A team game (Abalone's AB-9.1, `--players` with four names): each side's
   * two players in the order they take its turns; absent or null otherwise.
   */
  readonly teams?: Readonly<Record<Side, readonly [string, string]>> | null;
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
  /** The player's language (`--lang`, else the system locale; issue 32); absent: English. */
  readonly lang?: Language;
  /** `--speak`: mistakes, kete's move and the result said aloud (speech.ts); absent: silent. */
  readonly speak?: boolean;
  /**
   * Give up after this long without a result (the game stays resumable);
   * null: never (a real board without --minutes).
   */
  readonly maxMinutes: number | null;
  /**
   * What a resumed game changes from its journal, to be said when it starts
   * ("guidance off from now on (was on)"); empty for a new game.
   */
  readonly changes: readonly string[];
  /**
   * The players' clocks (`--clock M+B`, AB-7): minutes each and a bonus in
   * seconds per push-off (per capturing move in the sowing games); absent or
   * null: no clocks.
   */
  readonly clock?: TimeControl | null;
  /** The quiet moment that accepts a stop in the nyumba, ms (absent: `DEFAULT_QUIET_MS`); journalled. */
  readonly quietMs?: number;
  /** The side kete plays and its level (`--computer`, issue 16); absent or null: two people. */
  readonly computer?: ComputerSetting | null;
  /** Hints may be asked for (`--hints`, default on); journalled. Absent: on. */
  readonly hints?: boolean;
  /**
   * `--web [PORT]` and `--host ADDR`: serve the live page on this address and
   * port (0: any free one); absent or null: no web page.
   */
  readonly web?: { readonly port: number; readonly host: string } | null;
  /** `--publish`: the club's broker and this board's topic, and the round; absent or null: none. */
  readonly publish?: { readonly target: PublishTarget; readonly round: number | null } | null;
  /**
   * A new game from a given position (`--position`, `--from`): the position,
   * and how it is said; absent or null: the game's initial position.
   */
  readonly start?: { readonly position: Position; readonly said: string } | null;
  /** The record's Event, Round and Site (`--event`, `--round`, `--site`, or `--from`'s), journalled. */
  readonly record?: RecordTags;
  /** Simulated board only: a noisy cable, lines lost or damaged both ways (tests; absent: none). */
  readonly lineNoise?: { readonly lose: number; readonly corrupt: number };
}

/** What the settings depend on besides the flags. */
export interface PlayContext {
  /** Standard output is a terminal. */
  readonly stdoutTTY: boolean;
  readonly stdinTTY: boolean;
  /** `NO_COLOR` is set. */
  readonly noColour: boolean;
  /** The system locale's language (`LC_ALL`, `LC_MESSAGES`, `LANG`); absent: English. */
  readonly locale?: Language;
  /** Where journals go without `--games-dir`. */
  readonly defaultGamesDir: string;
  /** The seed when none is given (e.g. from the time of day). */
  readonly defaultSeed: number;
  /** The journal `--resume` named or found, and what it fixes. */
  readonly resume: ResumeFacts | null;
  /**
   * The flags typed on the command line (commander's value source "cli"); a
   * flag left at its default is not given. Absent: every flag that is set and
   * differs from its default counts as given.
   */
  readonly given?: ReadonlySet<string>;
}

/** What a journal to resume fixes, and the settings in force at its end. */
export interface ResumeFacts {
  readonly path: string;
  readonly game: string;
  /** The game's options as its header records them (every option, defaults included). */
  readonly options: Readonly<Record<string, unknown>>;
  readonly players: Readonly<Record<Side, string>>;
  /** Who moved first, or null when the header does not say. */
  readonly first: Side | null;
  readonly guidance: boolean;
  readonly onMistake: string;
  /** Sides played from the keyboard in its last session (simulated board). */
  readonly keyboard: readonly Side[];
  /** Its time control as the header records it (`10+0`), absent or null without clocks. */
  readonly clock?: string | null;
  /** The side kete played and its level, as the header records it; absent or null: none. */
  readonly computer?: ComputerSetting | null;
  /** Whether hints were allowed at its end (the header's, then `hints` commands); absent: on. */
  readonly hints?: boolean;
}

/** The newest unfinished game of the folder that no other kete is playing. */
function newestResumable(gamesDir: string): Result<string, CliError> {
  const folder = scanJournals(gamesDir, journalOptions);
  if (!folder.ok) return folder;
  const open = folder.value.games.filter((g) => g.result === null);
  const free = open.filter((g) => g.playingIn === null);
  const latest = free[free.length - 1];
  if (latest !== undefined) return ok(latest.path);
  const busy = open.length - free.length;
  // Files kete cannot read at all (a damaged header) are named, not passed over (issue 32).
  const skipped = folder.value.skipped;
  const unread =
    skipped.length === 0
      ? ""
      : `; ${skipped.length === 1 ? "1 file" : `${skipped.length} files`} kete cannot read: ${skipped.map((f) => `${f.path} (${f.reason})`).join(", ")}`;
  return err(
    "no-journal",
    busy > 0
      ? `no unfinished game in ${gamesDir} but ${busy} being played by another kete${unread}; name the journal: npx kete play --resume FILE`
      : `no unfinished game in ${gamesDir}${unread}; name the journal: npx kete play --resume FILE`,
  );
}

/** The journal `--resume` asks for: the named one or the newest unfinished; an error to print (exit 1). */
export function resumeTarget(
  resume: string | boolean | undefined,
  gamesDir: string,
): Result<ResumeFacts | null, CliError> {
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
  return ok(resumeFacts(path, journal.value));
}

/** What a journal fixes: its header, and the guidance, policy and keyboard commands since. */
export function resumeFacts(path: string, journal: Journal): ResumeFacts {
  const { header } = journal;
  let guidance = header.settings.guidance;
  let onMistake = header.settings.onMistake;
  const sides: readonly Side[] = findGame(header.game)?.layout.sides ?? ["S", "N"];
  let keyboard: readonly Side[] = [];
  let hints = header.settings.hints ?? true;
  for (const r of journal.records) {
    if (r.kind !== "command") continue;
    const c = r.command;
    if (c.type === "guidance" && typeof c.on === "boolean") guidance = c.on;
    else if (c.type === "hints" && typeof c.on === "boolean") hints = c.on;
    else if (c.type === "policy" && typeof c.policy === "string") onMistake = c.policy;
    else if (c.type === "seats" && Array.isArray(c.keyboard)) {
      keyboard = sides.filter((side) => (c.keyboard as unknown[]).includes(side));
    }
  }
  const first = header.initial.toMove;
  return {
    path,
    game: header.game,
    options: header.options,
    players: header.players,
    first: typeof first === "string" && sides.includes(first) ? first : null,
    guidance,
    onMistake,
    keyboard,
    clock: typeof header.settings.clock === "string" ? header.settings.clock : null,
    computer: computerOfHeader(header.settings.computer, sides),
    hints,
  };
}

/** The header's `settings.computer`, when it names one of the game's sides and a level. */
function computerOfHeader(v: unknown, sides: readonly Side[]): ComputerSetting | null {
  if (typeof v !== "object" || v === null) return null;
  const { side, level } = v as Record<string, unknown>;
  if (typeof side !== "string" || !sides.includes(side) || typeof level !== "number") return null;
  return { side, level };
}

/**
 * `--computer` and `--hints`: a side of the game and a level; a resumed game
 * keeps its journal's kete side and level (another one given is refused),
 * while `--hints` may change (said, and journalled by the session).
 */
function computerOf(
  flags: PlayFlags,
  ctx: PlayContext,
  game: Game,
  human: ReadonlySet<Side>,
): Result<{ computer: ComputerSetting | null; hints: boolean; change: string | null }, CliError> {
  const hintsText = flags.hints ?? "on";
  if (hintsText !== "on" && hintsText !== "off") {
    return usage(`--hints must be on or off, not '${hintsText}'`);
  }
  const given = flags.computer === undefined ? ok(null) : parseComputer(game, flags.computer);
  if (!given.ok) return given;
  const facts = ctx.resume;
  let computer = given.value;
  let change: string | null = null;
  let hints = hintsText === "on";
  if (facts !== null) {
    const kept = facts.computer ?? null;
    const text = (c: ComputerSetting | null) =>
      c === null ? "no kete player" : `kete playing ${sideName(game, c.side)} at level ${c.level}`;
    if (
      computer !== null &&
      (kept === null || kept.side !== computer.side || kept.level !== computer.level)
    ) {
      return usage(
        `--computer ${flags.computer ?? ""}: ${facts.path} is played with ${text(kept)}; a resumed game keeps it: leave out --computer (or start a new game)`,
      );
    }
    computer = kept;
    const before = facts.hints ?? true;
    if (!givenIn(flags, ctx)("hints")) hints = before;
    else if (hints !== before)
      change = `hints ${hints ? "on" : "off"} from now on (was ${before ? "on" : "off"})`;
  }
  if (computer !== null && human.has(computer.side)) {
    return usage(
      `--computer ${flags.computer ?? computer.side}: kete plays ${sideName(game, computer.side)}, so --human cannot give that side to the keyboard`,
    );
  }
  return ok({ computer, hints, change });
}

/** A number flag within [min, max], or the usage error. */
export function numberFlag(
  flag: string,
  text: string,
  min: number,
  max: number,
): Result<number, CliError> {
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
): Result<{ game: Game; options: Readonly<Record<string, unknown>> }, CliError> {
  const id = ctx.resume?.game ?? flags.game;
  const game = findGame(id);
  if (game === undefined) {
    return usage(`unknown game '${id}' (games: ${listNames(games.map((g) => g.id))})`);
  }
  const options = parseOptionAssignments(game, flags.option ?? []);
  if (!options.ok) return usage(options.error.message);
  // AB-9.3's start "board": the first settled reading is the start (session.ts reads it).
  if (game.startsFromBoard?.(options.value) === true) return ok({ game, options: options.value });
  const initial = game.initial(options.value);
  if (!initial.ok) return usage(initial.error.message);
  const notAtBoard = game.notAtBoard?.(initial.value) ?? null;
  if (notAtBoard !== null) return usage(`--option: ${notAtBoard}`);
  return ok({ game, options: options.value });
}

function policyOf(text: string | undefined): Result<Policy | null, CliError> {
  if (text === undefined) return ok(null);
  const policy = POLICIES.find((p) => p === text);
  if (policy === undefined) {
    return usage(`--on-mistake must be one of ${POLICIES.join(", ")}, not '${text}'`);
  }
  return ok(policy);
}

/**
 * `--on-mistake` for the game chosen: a policy its rules cannot carry is
 * refused (code `policy-not-allowed`, `--on-mistake …: ` and the game's
 * reason; Glassperlenspiel's `penalty5`).
 */
function policyForGame(
  text: string | undefined,
  chosen: { readonly game: Game; readonly options: Readonly<Record<string, unknown>> },
): Result<Policy | null, CliError> {
  const policy = policyOf(text);
  if (!policy.ok) return policy;
  const initial = chosen.game.initial(chosen.options);
  if (!initial.ok) return initial;
  const allowed = policyFor(chosen.game, initial.value.options, policy.value);
  if (allowed.ok) return allowed;
  return err(allowed.error.code, `--on-mistake: ${allowed.error.message}`, {
    field: "onMistake",
  });
}

/** The longest player's name, in characters. */
export const MAX_NAME = 40;

/** `--players`: two names, the first side's first, by the game's sides. */
function playersOf(flags: PlayFlags, game: Game): Result<Readonly<Record<Side, string>>, CliError> {
  const [first, second] = game.layout.sides;
  const named = `${sideName(game, first)},${sideName(game, second)}`;
  const given = flags.players ?? (flags.port === undefined ? "Amani,Baraka" : named);
  // Control characters (a newline, an escape) would break the screen, the log and kete games.
  if (/[\p{Cc}\u2028\u2029]/u.test(given)) {
    return usage(
      `--players: a name cannot hold control characters or line breaks; use letters, e.g. "Ana,Ben"`,
    );
  }
  const names = given.split(",").map((n) => n.trim());
  if (names.length !== 2 || names.some((n) => n.length === 0)) {
    return usage(`--players takes two names separated by a comma, e.g. "Ana,Ben"`);
  }
  // Too long for the screen's title line and kete games' column (issue 32: said as such).
  const long = names.find((n) => [...n].length > MAX_NAME);
  if (long !== undefined) {
    const shown = [...long].slice(0, 20).join("");
    return usage(
      `--players: the name '${shown}…' is ${[...long].length} characters; a name has at most ${MAX_NAME}`,
    );
  }
  return ok({ [first]: names[0] as string, [second]: names[1] as string });
}

/** `--players` in a team game, when none are given: four names. */
const TEAM_PLAYERS = "Amani,Baraka,Chausiku,Dumisani";

/**
 * `--players` in a team game (AB-9.1): four names in the order of play, the
 * first side's first player, the second side's first, the first side's
 * second, the second side's second (Black 1, White 1, Black 2, White 2);
 * each side's team is then named "Ana & Cy".
 */
function teamsOf(
  flags: PlayFlags,
  game: Game,
): Result<
  {
    readonly players: Readonly<Record<Side, string>>;
    readonly teams: Readonly<Record<Side, readonly [string, string]>>;
  },
  CliError
> {
  const [first, second] = game.layout.sides;
  const given = flags.players ?? TEAM_PLAYERS;
  const names = given.split(",").map((n) => n.trim());
  if (names.length !== 4 || names.some((n) => n.length === 0)) {
    return usage(
      `--players: a team game (AB-9.1) has four players; give four names in the order of play (${sideName(game, first)} 1, ${sideName(game, second)} 1, ${sideName(game, first)} 2, ${sideName(game, second)} 2), e.g. "Ana,Ben,Cy,Di"`,
    );
  }
  const two = playersOf({ ...flags, players: `${names[0]},${names[1]}` }, game);
  if (!two.ok) return two;
  const rest = playersOf({ ...flags, players: `${names[2]},${names[3]}` }, game);
  if (!rest.ok) return rest;
  const [a, b, c, d] = names as [string, string, string, string];
  return ok({
    players: { [first]: `${a} & ${c}`, [second]: `${b} & ${d}` },
    teams: { [first]: [a, c] as const, [second]: [b, d] as const },
  });
}

/** A side as typed (`s`, `B`): the game's side it names, or null. */
function sideTyped(game: Game, text: string): Side | null {
  const t = text.trim().toLowerCase();
  return game.layout.sides.find((side) => side.toLowerCase() === t) ?? null;
}

/** `S or N`, `b or w`: the game's sides as they are typed. */
const sidesOr = (game: Game) => game.layout.sides.join(" or ");

function humanOf(
  flags: PlayFlags,
  ctx: PlayContext,
  game: Game,
): Result<ReadonlySet<Side>, CliError> {
  const human = new Set<Side>();
  if (flags.human === undefined) return ok(human);
  const h = flags.human.toUpperCase();
  const side = sideTyped(game, flags.human);
  if (h === "BOTH") game.layout.sides.forEach((x) => human.add(x));
  else if (side !== null) human.add(side);
  else if (h === "NONE") return ok(human);
  else {
    const [a, b] = game.layout.sides;
    return usage(`--human must be ${a}, ${b}, both or none, not '${flags.human}'`);
  }
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
): Result<Pick<PlaySettings, "seed" | "pace" | "mistakeRate" | "maxMinutes">, CliError> {
  const live = ctx.stdoutTTY;
  const seed =
    flags.seed === undefined ? ok(ctx.defaultSeed) : numberFlag("--seed", flags.seed, 0, 2 ** 31);
  if (!seed.ok) return seed;
  const pace =
    flags.pace === undefined ? ok(live ? 1 : 0.05) : numberFlag("--pace", flags.pace, 0, 10);
  if (!pace.ok) return pace;
  const mistakeRate = numberFlag("--mistakes", flags.mistakes, 0, 1);
  if (!mistakeRate.ok) return mistakeRate;
  // The default limit is the simulated game's (a demo left running); a game on
  // a real board never pauses by itself unless --minutes says so (issue 32).
  const maxMinutes =
    flags.minutes === undefined
      ? ok(flags.port !== undefined ? null : live ? 120 : 10)
      : numberFlag("--minutes", flags.minutes, 0.05, 10000);
  if (!maxMinutes.ok) return maxMinutes;
  return ok({
    seed: seed.value,
    pace: pace.value,
    mistakeRate: mistakeRate.value,
    maxMinutes: maxMinutes.value,
  });
}

/** Whether a flag was typed (see `PlayContext.given`). */
function givenIn(flags: PlayFlags, ctx: PlayContext): (flag: keyof PlayFlags) => boolean {
  const defaults: Readonly<Record<string, unknown>> = FLAG_DEFAULTS;
  return (flag) =>
    ctx.given !== undefined
      ? ctx.given.has(flag)
      : flags[flag] !== undefined && flags[flag] !== defaults[flag];
}

/** Options compared by value, whatever order their keys were written in. */
function sameOptions(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) {
  const canonical = (o: Readonly<Record<string, unknown>>) =>
    JSON.stringify(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  return canonical(a) === canonical(b);
}

const sideName = (game: Game, side: Side) => game.layout.sideNames[side] ?? side;
const sidesText = (game: Game, sides: Iterable<Side>) =>
  [...sides].map((side) => sideName(game, side)).join(" and ") || "neither side";

/**
 * `--first` for a new game: the side typed (one of the game's), else, left at
 * its default, the side the game's initial position has to move.
 */
function firstOf(flags: PlayFlags, ctx: PlayContext, game: Game): Result<Side, CliError> {
  const typed = sideTyped(game, flags.first);
  if (typed !== null) return ok(typed);
  if (!givenIn(flags, ctx)("first") && flags.first === FLAG_DEFAULTS.first) {
    return ok(game.layout.sides[0]);
  }
  return usage(`--first must be ${sidesOr(game)}, not '${flags.first}'`);
}

/**
 * A resumed game keeps what its journal fixed: a flag that would change its
 * game, rule options, players or first side is refused (one line saying what
 * the journal holds); `--guidance`, `--on-mistake` and `--human` are applied
 * and said; left out, the journal's settings and keyboard sides carry on.
 */
function resumedSettings(
  flags: PlayFlags,
  ctx: PlayContext,
  facts: ResumeFacts,
  chosen: { readonly game: Game; readonly options: Readonly<Record<string, unknown>> },
): Result<
  Pick<PlaySettings, "first" | "guidance" | "onMistake" | "players" | "changes">,
  CliError
> {
  const given = givenIn(flags, ctx);
  const keep = (what: string, flag: string) =>
    `a resumed game keeps its ${what}: leave out ${flag} (or start a new game)`;
  if (given("game") && flags.game !== facts.game) {
    return usage(
      `--game ${flags.game}: ${facts.path} is a game of ${facts.game}; ${keep("game", "--game")}`,
    );
  }
  const options = chosen.game.initial(chosen.options);
  if (given("option") && options.ok && !sameOptions(options.value.options, facts.options)) {
    const held = Object.entries(facts.options).map(([k, v]) => `${k}=${optionText(v)}`);
    return usage(
      `--option: ${facts.path} is played with ${held.join(" ") || "the default options"}; ${keep("rule options", "--option")}`,
    );
  }
  const { game } = chosen;
  const players = playersOf(flags, game);
  if (!players.ok) return players;
  if (given("players") && !sameOptions(players.value, facts.players)) {
    const [a, b] = game.layout.sides;
    return usage(
      `--players: ${facts.path} is ${facts.players[a] ?? ""} (${sideName(game, a)}) vs ${facts.players[b] ?? ""} (${sideName(game, b)}); ${keep("players", "--players")}`,
    );
  }
  const first = facts.first ?? sideTyped(game, flags.first) ?? game.layout.sides[0];
  if (given("first") && sideTyped(game, flags.first) !== first) {
    return usage(
      `--first ${flags.first}: in ${facts.path} ${sideName(game, first)} moved first; ${keep("first side", "--first")}`,
    );
  }
  const changes: string[] = [];
  const guidance = given("guidance") ? flags.guidance === "on" : facts.guidance;
  if (guidance !== facts.guidance) {
    changes.push(
      `guidance ${guidance ? "on" : "off"} from now on (was ${facts.guidance ? "on" : "off"})`,
    );
  }
  const onMistake = given("onMistake")
    ? policyForGame(flags.onMistake, chosen)
    : policyOf(facts.onMistake);
  if (!onMistake.ok) return onMistake;
  const policy = onMistake.value ?? (guidance ? "retry" : "forfeit");
  if (policy !== facts.onMistake)
    changes.push(`on a mistake: ${policy} from now on (was ${facts.onMistake})`);
  return ok({ first, guidance, onMistake: onMistake.value, players: facts.players, changes });
}

/**
 * The keyboard sides: `--human` when given; on a resumed game on the
 * simulated board, the sides its journal says were played from the keyboard.
 */
function keyboardOf(
  flags: PlayFlags,
  ctx: PlayContext,
  game: Game,
): Result<{ human: ReadonlySet<Side>; change: string | null }, CliError> {
  const human = humanOf(flags, ctx, game);
  if (!human.ok) return human;
  const facts = ctx.resume;
  if (facts === null || flags.port !== undefined) return ok({ human: human.value, change: null });
  const before = new Set(facts.keyboard);
  if (flags.human !== undefined) {
    const same = before.size === human.value.size && [...before].every((s) => human.value.has(s));
    return ok({
      human: human.value,
      change: same
        ? null
        : `played from the keyboard: ${sidesText(game, human.value)} (was ${sidesText(game, before)})`,
    });
  }
  if (before.size > 0 && !(ctx.stdoutTTY && ctx.stdinTTY)) {
    return usage(
      `in ${facts.path} ${sidesText(game, before)} played from the keyboard: resume it on a terminal, or give --human none to let a virtual player move`,
    );
  }
  return ok({ human: before, change: null });
}

/**
 * `--clock`: off by default; a resumed game keeps its journal's time control
 * (another one given is refused, in one line).
 */
function clockOf(flags: PlayFlags, ctx: PlayContext): Result<TimeControl | null, CliError> {
  const facts = ctx.resume;
  const given = flags.clock === undefined ? ok(null) : parseTimeControl(flags.clock);
  if (!given.ok) return given;
  if (facts === null) return given;
  const held =
    facts.clock === undefined || facts.clock === null ? null : parseTimeControl(facts.clock);
  const kept = held !== null && held.ok ? held.value : null;
  if (
    given.value !== null &&
    (kept === null || timeControlText(kept) !== timeControlText(given.value))
  ) {
    const what = kept === null ? "no clocks" : timeControlText(kept);
    return usage(
      `--clock ${flags.clock ?? ""}: ${facts.path} is played with ${what}; a resumed game keeps its time control: leave out --clock (or start a new game)`,
    );
  }
  return ok(kept);
}

/** `--web [PORT]` and `--host ADDR`: where the live page listens, or null without `--web`. */
export function webOf(
  flags: Pick<PlayFlags, "web" | "host">,
): Result<PlaySettings["web"], CliError> {
  const host = flags.host ?? "127.0.0.1";
  if (flags.web === undefined || flags.web === false) {
    return flags.host === undefined
      ? ok(null)
      : usage("--host is the address of the live page: give --web too");
  }
  if (!/^[0-9A-Za-z.:-]{1,253}$/.test(host)) {
    return usage(`--host must be an address such as 0.0.0.0 or 192.168.1.20, not '${host}'`);
  }
  if (flags.web === true) return ok({ port: 0, host });
  const port = numberFlag("--web", flags.web, 0, 65535);
  if (!port.ok) return port;
  if (!Number.isInteger(port.value)) {
    return usage(`--web takes a port number from 0 to 65535, not '${flags.web}'`);
  }
  return ok({ port: port.value, host });
}

/** `--lang CODE`: one of the languages kete speaks; absent: the system locale's (else English). */
export function langOf(
  flag: string | undefined,
  locale: Language = "en",
): Result<Language, CliError> {
  if (flag === undefined) return ok(locale);
  const code = flag.trim().toLowerCase();
  if (isLanguage(code)) return ok(code);
  return usage(
    `--lang ${flag}: kete speaks ${LANGUAGES.map((l) => `${l} (${LANGUAGE_NAMES[l]})`).join(", ")}`,
  );
}

/** The settings of a `kete play`, or the usage error (code `usage`) to print. */
export function playSettings(flags: PlayFlags, ctx: PlayContext): Result<PlaySettings, CliError> {
  const lang = langOf(flags.lang, ctx.locale);
  if (!lang.ok) return lang;
  const givenStart = givenOf(flags, ctx);
  if (!givenStart.ok) return givenStart;
  const g = givenStart.value;
  const chosen = g === null ? gameOf(flags, ctx) : ok({ game: g.game, options: g.options });
  if (!chosen.ok) return chosen;
  const record = recordOf(flags, g);
  if (!record.ok) return record;
  // A resumed game's record keeps its journal's tags (--round still places it in --publish's standings).
  const retag =
    ctx.resume === null
      ? null
      : flags.event !== undefined
        ? "--event"
        : flags.site !== undefined
          ? "--site"
          : flags.round !== undefined && flags.publish === undefined
            ? "--round"
            : null;
  if (retag !== null) {
    return usage(
      `${retag}: a resumed game keeps the event, round and site its journal was started with; leave out ${retag}`,
    );
  }
  const onMistake = policyForGame(flags.onMistake, chosen.value);
  if (!onMistake.ok) return onMistake;
  if (flags.guidance !== "on" && flags.guidance !== "off") {
    return usage(`--guidance must be on or off, not '${flags.guidance}'`);
  }
  // A team game (AB-9.1) names four players; a resumed one keeps its journal's.
  const opening = g === null ? chosen.value.game.initial(chosen.value.options) : ok(g.position);
  const teamGame =
    ctx.resume === null &&
    opening.ok &&
    (chosen.value.game.seat?.(opening.value, opening.value.toMove) ?? null) !== null;
  const team = teamGame ? teamsOf(flags, chosen.value.game) : null;
  if (team !== null && !team.ok) return team;
  // A record's players play on unless --players names others.
  const players =
    team !== null && team.ok
      ? ok(team.value.players)
      : g?.players !== undefined && !givenIn(flags, ctx)("players")
        ? ok(g.players)
        : playersOf(flags, chosen.value.game);
  if (!players.ok) return players;
  const first = g === null ? firstOf(flags, ctx, chosen.value.game) : ok(g.position.toMove);
  if (!first.ok) return first;
  const fresh = {
    first: first.value,
    guidance: flags.guidance === "on",
    onMistake: onMistake.value,
    players: players.value,
    changes: [] as readonly string[],
  };
  const kept =
    ctx.resume === null ? ok(fresh) : resumedSettings(flags, ctx, ctx.resume, chosen.value);
  if (!kept.ok) return kept;
  const keyboard = keyboardOf(flags, ctx, chosen.value.game);
  if (!keyboard.ok) return keyboard;
  const numbers = numbersOf(flags, ctx);
  if (!numbers.ok) return numbers;
  const clock = clockOf(flags, ctx);
  if (!clock.ok) return clock;
  const boardKind = boardKindOf(flags.board, flags.port);
  if (!boardKind.ok) return boardKind;
  const readyMs = waitFlag(flags.wait);
  if (!readyMs.ok) return readyMs;
  const baud = baudFlag(flags.baud, boardKind.value);
  if (!baud.ok) return baud;
  const kete = computerOf(flags, ctx, chosen.value.game, keyboard.value.human);
  if (!kete.ok) return kete;
  const web = webOf(flags);
  if (!web.ok) return web;
  const gamesDir = gamesDirFlag(flags.gamesDir, () => ctx.defaultGamesDir);
  if (!gamesDir.ok) return gamesDir;
  // --round alone tags the record; with --publish it also places the game in the standings.
  const publish = publishOf(flags.publish === undefined ? { ...flags, round: undefined } : flags);
  if (!publish.ok) return publish;
  const { change } = keyboard.value;
  const changes = [...kept.value.changes, ...(change === null ? [] : [change])];
  if (kete.value.change !== null) changes.push(kete.value.change);
  // Kete's side is called kete unless --players names it (a resumed game keeps its names).
  const c = kete.value.computer;
  const named =
    c === null || ctx.resume !== null || givenIn(flags, ctx)("players")
      ? kept.value.players
      : { ...kept.value.players, [c.side]: "kete" };
  return ok({
    ...chosen.value,
    ...numbers.value,
    ...kept.value,
    players: named,
    teams: team !== null && team.ok ? team.value.teams : null,
    changes,
    port: flags.port ?? null,
    boardKind: boardKind.value,
    ...(readyMs.value === undefined ? {} : { readyMs: readyMs.value }),
    ...(baud.value === undefined ? {} : { baudRate: baud.value }),
    gamesDir: gamesDir.value,
    resume: ctx.resume?.path ?? null,
    human: keyboard.value.human,
    noise: flags.noise,
    live: ctx.stdoutTTY,
    colour: ctx.stdoutTTY && !ctx.noColour,
    lang: lang.value,
    speak: flags.speak === true,
    clock: clock.value,
    computer: kete.value.computer,
    hints: kete.value.hints,
    web: web.value,
    publish: publish.value,
    start: g === null ? null : { position: g.position, said: g.said },
    record: record.value,
  });
}

/**
 * `--position` or `--from` (with `--ply`): the position a new game starts
 * from, or null for the game's initial one. They start a new game, so they
 * go without `--resume`, and the position fixes the game's options and who
 * moves: `--option` and `--first` are refused with them.
 */
function givenOf(flags: PlayFlags, ctx: PlayContext): Result<GivenStart | null, CliError> {
  const given = givenIn(flags, ctx);
  if (flags.position === undefined && flags.from === undefined) {
    return flags.ply === undefined
      ? ok(null)
      : usage("--ply goes with --from FILE: the ply of the game record to start from");
  }
  const flag = flags.position !== undefined ? "--position" : "--from";
  if (flags.position !== undefined && flags.from !== undefined) {
    return usage("--position and --from both give the start: give one of them");
  }
  if (ctx.resume !== null) {
    return usage(`${flag} starts a new game and --resume continues a journal: give one of them`);
  }
  if (given("option")) {
    return usage(`--option: the game ${flag} gives fixes its rule options; leave out --option`);
  }
  if (given("first")) {
    return usage(`--first: the position ${flag} gives says who moves; leave out --first`);
  }
  if (flags.position !== undefined) {
    if (flags.ply !== undefined) return usage("--ply goes with --from FILE, not with --position");
    return positionStart(flags.position, given("game") ? flags.game : null);
  }
  let ply: number | null = null;
  if (flags.ply !== undefined) {
    const n = numberFlag("--ply", flags.ply, 0, 1_000_000);
    if (!n.ok || !Number.isInteger(n.value)) {
      return usage(
        `--ply takes the number of plies to replay, a whole number from 0, not '${flags.ply}'`,
      );
    }
    ply = n.value;
  }
  const from = fromStart(flags.from ?? "", ply);
  if (!from.ok) return from;
  if (given("game") && flags.game !== from.value.game.id) {
    return usage(
      `--game ${flags.game}: ${flags.from ?? ""} is a game of ${from.value.game.id}; leave out --game`,
    );
  }
  return from;
}

/** The longest Event or Site tag, in characters. */
const MAX_TAG = 80;

/** `--event`, `--round`, `--site` over a record's own tags (`--from`); a resumed game keeps its journal's. */
function recordOf(flags: PlayFlags, g: GivenStart | null): Result<RecordTags, CliError> {
  const out: { event?: string; round?: string; site?: string } = { ...(g?.tags ?? {}) };
  for (const [flag, key] of [
    ["--event", "event"],
    ["--site", "site"],
  ] as const) {
    const v = flags[key];
    if (v === undefined) continue;
    if (/[\p{Cc}\u2028\u2029]/u.test(v) || v.trim() === "" || [...v].length > MAX_TAG) {
      return usage(
        `${flag} takes a name of 1 to ${MAX_TAG} characters without line breaks, e.g. ${flag} "Club night"`,
      );
    }
    out[key] = v.trim();
  }
  if (flags.round !== undefined) {
    const n = numberFlag("--round", flags.round, 1, 999);
    if (!n.ok || !Number.isInteger(n.value)) {
      return usage(
        `--round takes the event's round, a whole number from 1 to 999, not '${flags.round}'`,
      );
    }
    out.round = String(n.value);
  }
  return ok(out);
}

/** `--publish URL` with its login and `--round N`, or null without `--publish`. */
export function publishOf(
  flags: Pick<PlayFlags, "publish" | "publishUser" | "publishPassword" | "round">,
): Result<PlaySettings["publish"], CliError> {
  if (flags.publish === undefined) {
    const stray =
      flags.publishUser !== undefined
        ? "--publish-user"
        : flags.publishPassword !== undefined
          ? "--publish-password"
          : flags.round !== undefined
            ? "--round"
            : null;
    return stray === null
      ? ok(null)
      : usage(`${stray} goes with --publish mqtt://HOST/EVENT/BOARD: give --publish too`);
  }
  const target = parsePublishTarget(flags.publish, {
    ...(flags.publishUser === undefined ? {} : { username: flags.publishUser }),
    ...(flags.publishPassword === undefined ? {} : { password: flags.publishPassword }),
  });
  if (!target.ok) return usage(`--publish: ${target.error.message}`);
  let round: number | null = null;
  if (flags.round !== undefined) {
    const n = numberFlag("--round", flags.round, 1, 999);
    if (!n.ok || !Number.isInteger(n.value)) {
      return usage(
        `--round takes the event's round, a whole number from 1 to 999, not '${flags.round}'`,
      );
    }
    round = n.value;
  }
  return ok({ target: target.value, round });
}

/** An option's value as `--option` takes it: a list or a table as JSON (`["A1"]`, `{"b":6,"w":6}`). */
function optionText(v: unknown): string {
  return typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
}
