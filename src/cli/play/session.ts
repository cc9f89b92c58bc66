/**
 * One game at the board, end to end: the board (board.ts), the controller,
 * the journal (recorder.ts), the players of the simulated board
 * (players.ts), the screen or log (model.ts, screen.ts, messages.ts) and the
 * person's keys and signals (input.ts), wired here. Everything runs on the
 * host's scheduler, so on a fake clock a game is deterministic for a seed.
 * `runPlay` resolves with the process exit code.
 */
import { every, RecordingLink } from "../../board/index.js";
import type { BoardEvent, BoardLink, SimulatedBoard } from "../../board/index.js";
import {
  Controller,
  POLICIES,
  parseTimeControl,
  type TimeControl,
  type TrackingOptions,
} from "../../controller/index.js";
import type { ControllerCommand, ControllerEvent } from "../../controller/index.js";
import type { Game, Position, Side } from "../../games/index.js";
import { damageText, JournalWriter, readJournal } from "../../journal/index.js";
import type { Damage, JournalHeader } from "../../journal/index.js";
import { err, findShape, seededRandom, type Result } from "../../shared/index.js";
import { presenceOnly, readingsOf } from "../../protocol/index.js";
import { boardRefusal, openGameBoard } from "./board.js";
import type { PlayHost } from "./host.js";
import { typeKeys } from "./input.js";
import { PlayClocks } from "./clocks.js";
import { translator, type Translator } from "../../i18n/index.js";
import { Speaker, spawnSpeech } from "./speech.js";
import { boardMessage, clocksText, controllerMessage, sideLabel, stamp } from "./messages.js";
import { gameName, PlayModel } from "./model.js";
import {
  KeyboardPlayer,
  PERSON_PACE,
  normalisedMove,
  SimulatedPlayer,
  scaledPace,
  type Player,
  type Entry,
  type Table,
} from "./players.js";
import {
  CLOCK_HEARTBEAT_MS,
  JournalRecorder,
  newHeader,
  standingOf,
  type Resumed,
} from "./recorder.js";
import { HINT_HOLD_MS, KeteBrain, computerHand } from "./computer.js";
import { hotKey } from "./input.js";
import { nodeThinker } from "./think.js";
import { Redrawer } from "./screen.js";
import { journalOptions } from "../journal-options.js";
import type { PlaySettings } from "./settings.js";
import { settingsOf } from "./verify.js";
import { renderView } from "./view.js";
import { startPlayWeb, WebFeed, type PlayWeb } from "./web.js";
import { ClubPublisher } from "../../club/index.js";
import type { CliError } from "../errors.js";

export type { PlaySettings } from "./settings.js";

/** Players who were busy when the controller last spoke look again on this beat. */
const NUDGE_MS = 400;

/** A game that could not start: the line to print and the exit code. */
export interface PlayFailure {
  readonly exit: number;
  readonly message: string;
}

/** What is played: the position to start from, and the journal's account when resuming. */
interface Opening {
  readonly start: Position;
  readonly resumed: Resumed | null;
  /** A resumed journal damaged in its middle: played on from the lines before the damage. */
  readonly damaged?: Damage;
}

function opening(s: PlaySettings): Opening | PlayFailure {
  if (s.resume === null && s.start !== undefined && s.start !== null) {
    return { start: s.start.position, resumed: null };
  }
  if (s.resume === null) {
    // A start read from the board (AB-9.3): set up as the game's usual start
    // until the board's first settled reading replaces it (`startFromBoard`).
    const board = s.game.startsFromBoard?.(s.options) === true;
    const initial = s.game.initial(board ? { ...s.options, start: "standard" } : s.options);
    if (!initial.ok) return { exit: 2, message: initial.error.message };
    return { start: { ...initial.value, toMove: s.first }, resumed: null };
  }
  const journal = readJournal(s.resume, journalOptions);
  const resumed = journal.ok ? standingOf(journal.value, s.resume) : journal;
  if (!resumed.ok) return { exit: 1, message: resumed.error.message };
  const parsed = s.game.parsePosition(resumed.value.position);
  if (!parsed.ok) {
    return {
      exit: 1,
      message: `${s.resume}: the last position is not valid: ${parsed.error.message}`,
    };
  }
  const damaged = journal.ok ? journal.value.damaged : undefined;
  return {
    start: parsed.value,
    resumed: resumed.value,
    ...(damaged === undefined ? {} : { damaged }),
  };
}

/**
 * The time control in force: a resumed game's journal header's (the
 * journal's own, whatever the settings say), else `--clock`'s; null without clocks.
 */
function timeControlOf(
  s: PlaySettings,
  header: JournalHeader,
  resumed: Resumed | null,
): TimeControl | null {
  if (resumed !== null) {
    const text = header.settings.clock;
    if (text === undefined) return null;
    const tc = parseTimeControl(text);
    return tc.ok ? tc.value : null;
  }
  return s.clock ?? null;
}

/**
 * The stones on the simulated board when it opens: a new game's start; a game
 * from a given position (`--position`, `--from`) opens on the board set up
 * for an ordinary game of these options, and the hands set it up as the set-up
 * lights ask, as people at a club table would.
 */
function boardAtStart(s: PlaySettings, start: Position): readonly number[] {
  if (s.start === undefined || s.start === null) return s.game.sensorView(start).counts;
  const usual = s.game.initial(start.options);
  return s.game.sensorView(usual.ok ? usual.value : start).counts;
}

/**
 * AB-9.3, `start: "board"`: the board's first settled reading (read as the
 * game reads it, `readsPresence`) is the start; the game says what it makes
 * of it (`fromBoard`: missing marbles pushed off).
 */
async function startFromBoard(
  s: PlaySettings,
  board: BoardLink,
): Promise<Result<Position, CliError>> {
  const reading = await new Promise<BoardEvent & { type: "snapshot" }>((resolve) => {
    const stop = board.subscribe((e) => {
      if (e.type !== "snapshot" || !e.snapshot.settled) return;
      stop();
      resolve(e);
    });
    void board.requestSnapshot();
  });
  const raw = reading.snapshot.board;
  const placeholder = s.game.initial({ ...s.options, start: "standard" });
  const plain =
    raw.geometry === "hex61" && placeholder.ok && s.game.readsPresence?.(placeholder.value) === true
      ? presenceOnly(raw)
      : raw;
  const counts = readingsOf(plain).map((c) => c ?? 0);
  const start = s.game.fromBoard?.(s.options, counts, s.first);
  return start ?? err("no-board-start", `${s.game.title} cannot start from the board`);
}

function failed(x: object): x is PlayFailure {
  return "exit" in x;
}

/**
 * Opens the board and the journal and starts the game (or fails with the line
 * to print). The session then runs until `finished` resolves with the exit code.
 */
export async function startPlay(
  settings: PlaySettings,
  host: PlayHost,
): Promise<PlaySession | PlayFailure> {
  let s = settings;
  const opened0 = opening(s);
  if (failed(opened0)) return opened0;
  let what: Opening = opened0;
  // The live page (`--web`) is served, and its link printed, before the game starts.
  let web: PlayWeb | null = null;
  if (s.web !== undefined && s.web !== null) {
    const started = await startPlayWeb(s.web, (line) => host.write(`${line}\n`));
    if (!started.ok) return { exit: 1, message: started.error.message };
    web = started.value;
  }
  const failure = async (f: PlayFailure): Promise<PlayFailure> => {
    await web?.server.close();
    return f;
  };
  const counts = what.resumed?.counts ?? boardAtStart(s, what.start);
  // The simulated board is built to the game's shape (src/shared/shapes); 4x8 for a layout of none.
  const geometry = findShape(s.game.layout.geometry)?.id ?? "4x8";
  const opened = await openGameBoard({ ...s, geometry }, counts, host.scheduler);
  if (!opened.ok) return failure({ exit: 1, message: opened.error.message });
  const { board, sim } = opened.value;
  const refused = boardRefusal(
    geometry,
    s.options,
    board.info,
    s.port === null ? "simulated" : `on ${s.port}`,
  );
  if (refused !== null) {
    await board.close();
    return failure({ exit: 1, message: refused });
  }
  if (what.resumed === null && s.game.startsFromBoard?.(s.options) === true) {
    const read = await startFromBoard(s, board);
    if (!read.ok) {
      await board.close();
      return failure({ exit: 1, message: read.error.message });
    }
    what = { ...what, start: read.value };
    // Started as a game from a given position: the controller starts there.
    s = { ...s, start: { position: read.value, said: "from the board as set up (AB-9.3)" } };
  }
  const header = what.resumed?.header ?? newHeader(s, what.start, host.date(), board.info);
  const writer =
    what.resumed !== null && s.resume !== null
      ? JournalWriter.resume(s.resume, what.damaged ?? null)
      : JournalWriter.create(s.gamesDir, header);
  if (!writer.ok) {
    await board.close();
    return failure({ exit: 1, message: writer.error.message });
  }
  // The club's broker (`--publish`): fed from the journal after each write to it.
  const publish = s.publish ?? null;
  let publisher: ClubPublisher | null = null;
  const session = new PlaySession(s, host, {
    ...what,
    header,
    board,
    sim,
    journal: writer.value,
    web,
    publisher: () => publisher,
  });
  if (publish !== null) {
    publisher = new ClubPublisher(publish.target, writer.value.path, {
      round: publish.round,
      say: (m) => session.tell(m),
    });
    writer.value.onWrite(() => publisher?.poke());
    publisher.poke();
  }
  return session;
}

/** Resolves with the exit code: 0 a result, 130 interrupted, 3 out of time, 1 or 2 could not start. */
export async function runPlay(s: PlaySettings, host: PlayHost): Promise<number> {
  const session = await startPlay(s, host);
  if (failed(session)) {
    host.error(`kete play: ${session.message}`);
    return session.exit;
  }
  return session.finished;
}

interface Parts extends Opening {
  readonly header: JournalHeader;
  readonly board: BoardLink;
  readonly sim: SimulatedBoard | null;
  readonly journal: JournalWriter;
  /** The live page (`--web`), or null. */
  readonly web: PlayWeb | null;
  /** The club's broadcast (`--publish`), or null. */
  readonly publisher: () => ClubPublisher | null;
}

type Ending = "over" | "paused" | "timeout";

/** A game under way; see `startPlay`. */
export class PlaySession {
  readonly controller: Controller;
  /** The simulated board (its hand, its physical stones), or null on a real board. */
  readonly sim: SimulatedBoard | null;
  /** Resolves with the exit code once the game is over, paused or out of time. */
  readonly finished: Promise<number>;
  private readonly game: Game;
  private readonly clock: () => number;
  /** Runs `handle` with the game clock held at the time it starts (see the constructor). */
  private readonly holdClock: (handle: () => void) => void;
  private readonly recorder: JournalRecorder;
  private readonly model: PlayModel;
  /** The players' language (`--lang`, issue 32). */
  private readonly tr: Translator;
  /** `--speak`: the spoken cues, or null. */
  private readonly speaker: Speaker | null;
  private readonly players: Player[];
  /** The sides played from the keyboard (`--human S`, or both at one keyboard). */
  private readonly keyboards: readonly KeyboardPlayer[];
  private readonly redrawer: Redrawer | null;
  /** Feeds the live page (`--web`), or null. */
  private readonly web: WebFeed | null;
  private ending: Ending | null = null;
  /** Why the game paused (said on its last line and journalled), once it has. */
  private pausedBecause = "interrupted";
  private end: (e: Ending) => void = () => undefined;
  private input = "";
  private lastSetup: string | null = null;
  /** The players' clocks (`--clock`), or null without. */
  private readonly timing: PlayClocks | null;
  /** The controller's tracking options: the quiet moment the journal's header fixed. */
  private readonly tracking: TrackingOptions;
  /** Kete's moves, hints and thoughts (computer.ts). */
  readonly kete: KeteBrain;
  /** When button 1 went down (a hint is asked by holding it), else null. */
  private buttonDown: number | null = null;

  constructor(
    private readonly s: PlaySettings,
    private readonly host: PlayHost,
    private readonly parts: Parts,
  ) {
    const { header, board, resumed, journal } = parts;
    this.game = s.game;
    this.sim = parts.sim;
    this.tr = translator(s.lang ?? "en");
    this.speaker =
      s.speak === true
        ? new Speaker(this.tr, host.speech ?? spawnSpeech, (line) => this.say(line))
        : null;
    const t0 = host.scheduler.now();
    const offset = resumed === null ? 0 : Math.ceil(resumed.lastT) + 1000;
    const running = (): number => Math.round(host.scheduler.now() - t0) + offset;
    // One time per event (issue 18): while a board event or a command is
    // handled, every read of the game clock gives the time it arrived, so its
    // record and the decisions it causes carry the same stamp, however long
    // writing the journal takes; `replay --verify` re-judges it at that time.
    let held: number | null = null;
    this.clock = () => held ?? running();
    this.holdClock = (handle) => {
      if (held !== null) return handle();
      held = running();
      try {
        handle();
      } finally {
        held = null;
      }
    };
    const before = resumed?.moves ?? [];
    this.recorder = new JournalRecorder(
      journal,
      this.game,
      parts.start,
      resumed?.plies ?? 0,
      this.clock,
      // With clocks, an idle board's reading is kept now and then: a kill is charged up to it.
      timeControlOf(s, header, resumed) === null ? null : CLOCK_HEARTBEAT_MS,
      header.teams ?? null,
    );
    this.recorder.board({ type: "link", state: board.state });
    if (board.info !== null) this.recorder.board({ type: "hello", info: board.info });
    const pits = this.game.sensorView(parts.start).pits;
    this.model = new PlayModel(this.game, header, pits, before, this.clock(), board.state, resumed);
    this.redrawer =
      host.screen === null
        ? null
        : new Redrawer(host.scheduler, host.screen, () =>
            renderView(this.view(), s.colour, host.screen?.size?.() ?? null, this.tr).join("\n"),
          );
    this.web =
      parts.web === null
        ? null
        : new WebFeed(parts.web.hub, s.game, () => this.view(), host.scheduler, this.tr);
    const control = timeControlOf(s, header, resumed);
    this.timing =
      control === null
        ? null
        : new PlayClocks(
            control,
            this.game,
            parts.start,
            resumed?.clocks ?? null,
            host.scheduler,
            this.clock,
            (side) => this.flag(side),
          );
    this.tracking = settingsOf(parts).tracking;
    this.controller = this.connect(board, resumed === null ? s : header.settings);
    this.kete = new KeteBrain({
      controller: this.controller,
      game: this.game,
      think: host.think ?? nodeThinker,
      seed: s.seed,
      computer: s.computer ?? null,
      hints: s.hints ?? true,
      plyOffset: before.length,
      stopped: () => this.ending !== null,
      say: (m) => this.say(m),
      tr: this.tr,
      command: (command, record) => {
        this.holdClock(() =>
          this.recorder.command({ ...record }, () => this.controller.send(command)),
        );
        if (command.type === "computer-move")
          this.speaker?.say(this.tr.t("speak.ketePlays", { move: command.move }));
      },
      now: () => host.scheduler.now(),
    });
    [this.players, this.keyboards] = this.seat();
    this.finished = this.run();
  }

  /** The controller, behind a link that journals what it receives. A resumed game keeps its settings. */
  private connect(
    board: BoardLink,
    settings: { readonly guidance: boolean; readonly onMistake: string | null },
  ): Controller {
    const recorded = new RecordingLink(board, this.clock, (e) => this.onBoard(e), this.holdClock);
    recorded.onLeds = this.host.onLeds;
    if (this.game.readsPresence?.(this.parts.start) === true) {
      recorded.readBoard = (b) => (b.geometry === "hex61" ? presenceOnly(b) : b);
    }
    const policy = POLICIES.find((p) => p === settings.onMistake) ?? null;
    const controller = new Controller(recorded, {
      clock: this.clock,
      settings: {
        guidance: settings.guidance,
        ...(policy === null ? {} : { onMistake: policy }),
        // The quiet moment the header fixed, as `replay --verify` reads it.
        tracking: this.tracking,
      },
    });
    controller.on((e) => this.onController(e));
    return controller;
  }

  /** The players of the simulated board: virtual ones, or people at the keyboard. */
  private seat(): [Player[], KeyboardPlayer[]] {
    const sim = this.sim;
    if (sim === null) return [[], []];
    const table: Table = {
      controller: this.controller,
      board: sim,
      game: this.game,
      random: seededRandom(this.s.seed),
      pace: scaledPace(PERSON_PACE, this.s.pace),
      scheduler: this.host.scheduler,
      stopped: () => this.ending !== null,
      say: (m) => this.say(m),
    };
    const keyboards: KeyboardPlayer[] = [];
    const players = this.game.layout.sides.map((side) => {
      // Kete's side: the hand sows kete's move (a person does on a real board).
      if (this.s.computer?.side === side) return computerHand(side, table, this.s.mistakeRate);
      if (!this.s.human.has(side)) return new SimulatedPlayer(side, table, this.s.mistakeRate);
      const keyboard = new KeyboardPlayer(side, table);
      keyboards.push(keyboard);
      return keyboard;
    });
    return [players, keyboards];
  }

  /**
   * The keyboard player a typed line is for: the side to move when the
   * keyboard plays it (`--human both`: the two players take turns at one
   * keyboard), else the keyboard's only side (who is told it is not their
   * turn yet); null without a keyboard player.
   */
  private get keyboard(): KeyboardPlayer | null {
    const toMove = this.controller.view.toMove;
    return this.keyboards.find((k) => k.side === toMove) ?? this.keyboards[0] ?? null;
  }

  /** The moves that stand, and the journal's path. */
  get moves(): readonly string[] {
    return this.model.moves;
  }

  get journalPath(): string {
    return this.parts.journal.path;
  }

  /** What each player has left on the clock now, or null without clocks. */
  get clocks(): Readonly<Record<Side, number>> | null {
    return this.timing?.left() ?? null;
  }

  /** A player's flag fell: the controller is told (journalled, so `replay --verify` reproduces it). */
  private flag(side: Side): void {
    if (this.ending !== null) return;
    this.command({ type: "flag", side });
  }

  /** Gives the controller a command (a takeback, a confirm), journalled first. */
  command(command: ControllerCommand): void {
    this.holdClock(() =>
      this.recorder.command({ ...command }, () => this.controller.send(command)),
    );
  }

  /** Pauses the game (Ctrl-C, a signal): the journal is closed, resumable; `why` is said and journalled. */
  pause(why = "interrupted"): void {
    if (this.ending === null) this.pausedBecause = why;
    this.stop("paused");
  }

  private stop(ending: Ending): void {
    if (this.ending !== null) return;
    this.ending = ending;
    this.end(ending);
  }

  /** A message from outside the game (the club's broker) on the screen or the log. */
  tell(message: string): void {
    this.say(message);
    this.redraw();
  }

  /** What a typed line did, in the players' language (the game's own refusal by its move and rule). */
  private entered(e: Entry): string {
    if (e.kind === "sowing") {
      const pushes = this.game.layout.geometry === "hex61";
      return this.tr.t(pushes ? "keyboard.pushing" : "keyboard.sowing", { move: e.move });
    }
    if (e.code === "busy") return this.tr.t("keyboard.busy");
    if (e.code === "not-your-turn") return this.tr.t("keyboard.notYourTurn");
    return this.tr.t(e.rule === null ? "keyboard.refused" : "keyboard.refusedRule", {
      english: e.message,
      rule: e.rule ?? "",
    });
  }

  /** `--speak`: a mistake (who, what, the rule) and the result, aloud. */
  private speak(e: ControllerEvent, said: string | null): void {
    if (this.speaker === null) return;
    if (e.type === "mistake") {
      const side = sideLabel(e.side, this.game.layout.sideNames, this.tr);
      this.speaker.say(this.tr.t("speak.mistake", { side, message: e.text ?? e.message }));
    } else if (e.type === "game-over" && said !== null) this.speaker.say(said);
  }

  private say(message: string): void {
    this.model.say(message);
    if (this.redrawer === null) this.host.write(`${stamp(this.clock())}  ${message}\n`);
  }

  private redraw(): void {
    this.redrawer?.request();
    this.web?.request();
  }

  private view() {
    // The line as the rules write it (Glassperlenspiel's stones `s`, its tags upper-case).
    const input = this.input === "" ? "" : normalisedMove(this.game, this.input);
    const prompt = this.keyboard === null ? null : { side: this.keyboard.side, input };
    const view = this.model.view(this.controller, this.clock(), prompt, this.tr);
    const left = this.timing?.left() ?? null;
    if (left === null) return view;
    const timeLeft = Object.fromEntries(this.game.layout.sides.map((x) => [x, left[x] ?? 0]));
    return { ...view, timeLeft };
  }

  private onBoard(e: BoardEvent): void {
    this.buttonHeld(e);
    this.timing?.board(e);
    this.recorder.board(e);
    this.model.board(e);
    const message = boardMessage(e, this.tr);
    if (message !== null) this.say(message);
    this.redraw();
  }

  private onController(e: ControllerEvent): void {
    const timing = this.timing;
    timing?.controller(e, this.controller.view);
    this.recorder.controller(
      e,
      () => this.controller.view.position,
      () => timing?.left() ?? null,
    );
    this.model.controller(e);
    const names = this.game.layout.sideNames;
    // A team game names the member who moved (AB-9.1).
    const mover = e.type === "move" ? this.recorder.lastPlayer : null;
    const said = controllerMessage(
      e,
      e.type !== "move" || mover === null
        ? this.parts.header.players
        : { ...this.parts.header.players, [e.side]: mover },
      this.parts.resumed?.plies ?? 0,
      names,
      this.tr,
    );
    // Both clocks on every move line of the log.
    const message =
      said !== null && e.type === "move" && timing !== null
        ? `${said}  [${clocksText(timing.left(), names, this.tr)}]`
        : said;
    // Set-up needs are said when they change (each reading during set-up repeats them).
    const repeated = e.type === "setup" && message === this.lastSetup;
    if (e.type === "setup") this.lastSetup = message;
    if (message !== null && !repeated) this.say(message);
    this.speak(e, message);
    if (e.type === "game-over") this.stop("over");
    if (e.type === "decision" && e.verdict === "pending") this.askWhenQuiet(e.at);
    this.redraw();
    this.pokePlayers();
  }

  /**
   * The quiet moment (issue 18): an ambiguous end read at `since` (Bao's stop
   * in the nyumba) is accepted by an unchanged reading `quietMs` later. The
   * board's periodic snapshots need not come then, so kete asks for one; its
   * answer is journalled like any snapshot, so a replay decides the same.
   */
  private askWhenQuiet(since: number): void {
    const wait = since + this.tracking.quietMs - this.clock();
    this.host.scheduler.schedule(
      () => {
        if (this.ending !== null || this.controller.game?.turn.pendingSince !== since) return;
        void this.parts.board.requestSnapshot();
      },
      Math.max(0, wait),
    );
  }

  private pokePlayers(): void {
    for (const p of this.players) p.poke();
    this.kete.poke();
  }

  /** Button 1 held (pressed, released after `HINT_HOLD_MS`): a hint (a short press stays a confirm). */
  private buttonHeld(e: BoardEvent): void {
    if (e.type !== "button" || e.button !== 1) return;
    const now = this.host.scheduler.now();
    if (e.action === "press") this.buttonDown = now;
    else if (this.buttonDown !== null) {
      const held = now - this.buttonDown;
      this.buttonDown = null;
      if (held >= HINT_HOLD_MS) this.hint();
    }
  }

  /** A hint asked for (`h`, button 1 held): see `KeteBrain.hint`. */
  hint(): void {
    this.kete.hint();
    this.redraw();
  }

  private onKeys(chunk: string): void {
    const key = hotKey(this.input, chunk, this.keyboard !== null ? this.game.layout.places : []);
    if (key === "hint") return this.hint();
    if (key === "thoughts") {
      this.say(this.kete.thoughts());
      return this.redraw();
    }
    const typed = typeKeys(this.input, chunk);
    this.input = typed.line;
    if (typed.interrupt) this.pause("interrupted (Ctrl-C)");
    for (const line of typed.entered) {
      if (this.keyboard !== null) this.say(this.entered(this.keyboard.submit(line)));
    }
    this.redraw();
  }

  /** Starts the game (or continues the journal's) and plays it to its end. */
  private async run(): Promise<number> {
    const over = new Promise<Ending>((resolve) => {
      this.end = resolve;
    });
    this.begin();
    const { scheduler } = this.host;
    const stopInterrupts = this.host.interrupts((why) => this.pause(why));
    const stopKeys = this.host.keys?.((chunk) => this.onKeys(chunk)) ?? null;
    // `--minutes`: a limit the settings give a simulated game, and any game that names one (issue 32).
    const limit = this.s.maxMinutes;
    const cancelLimit =
      limit === null
        ? () => undefined
        : scheduler.schedule(() => this.stop("timeout"), limit * 60_000);
    const stopNudge = every(scheduler, NUDGE_MS, () => this.pokePlayers());
    this.pokePlayers();
    this.redraw();
    const ending = await over;
    cancelLimit();
    stopNudge();
    stopInterrupts();
    stopKeys?.();
    return this.close(ending);
  }

  /**
   * The controller started at `start` with no moves before it (a game resumed
   * from its journal, or from a given position), the command journalled.
   */
  private resumeAt(start: Position): void {
    const game = this.game;
    const json = game.positionToJSON(start);
    const command = {
      type: "resume",
      game: game.id,
      options: { ...start.options },
      start: json,
      moves: [],
    };
    this.recorder.command(command, () => this.controller.resume(game.id, [], start.options, json));
  }

  private begin(): void {
    const { start, resumed } = this.parts;
    const game = this.game;
    const players = this.parts.header.players;
    const path = this.parts.journal.path;
    const given = this.s.start ?? null;
    if (resumed === null && given !== null) {
      // From a given position: the controller starts there (as a resumed game
      // does, with no moves before), and the set-up lights show where stones go.
      this.resumeAt(start);
      const [a, b] = game.layout.sides;
      const name = (side: Side) => sideLabel(side, game.layout.sideNames, this.tr);
      this.say(
        this.tr.t("log.newGameFrom", {
          game: gameName(game, this.tr),
          from: given.said,
          first: players[a] ?? "",
          firstSide: name(a),
          second: players[b] ?? "",
          secondSide: name(b),
          toMove: name(start.toMove),
          path,
        }),
      );
    } else if (resumed === null) {
      const command = {
        type: "new-game",
        game: game.id,
        options: { ...start.options },
        first: this.s.first,
      };
      this.recorder.command(command, () =>
        this.controller.newGame(game.id, start.options, this.s.first),
      );
      const [a, b] = game.layout.sides;
      const name = (side: Side) => sideLabel(side, game.layout.sideNames, this.tr);
      this.say(
        this.tr.t("log.newGame", {
          game: gameName(game, this.tr),
          first: players[a] ?? "",
          firstSide: name(a),
          second: players[b] ?? "",
          secondSide: name(b),
          path,
        }),
      );
    }
    if (resumed === null) {
      if (this.s.clock !== undefined && this.s.clock !== null) {
        const { minutes, bonusSeconds } = this.s.clock;
        const bonus =
          bonusSeconds === 0
            ? ""
            : this.tr.t(
                this.game.protocolTrace === undefined ? "log.bonusCapture" : "log.bonusPushOff",
                { seconds: bonusSeconds },
              );
        this.say(this.tr.t("log.clocks", { minutes, bonus }));
      }
    } else {
      const damaged = this.parts.damaged;
      if (damaged !== undefined) {
        // Said, and journalled: `replay --verify` then knows the session before it was cut short.
        this.recorder.command(
          { type: "salvaged", line: damaged.line, reason: damaged.reason },
          () => undefined,
        );
        const aside = this.parts.journal.keptAside;
        this.say(damageText(path, damaged));
        if (aside !== null) this.say(this.tr.t("log.keptAside", { path: aside }));
      }
      this.resumeAt(start);
      this.say(this.tr.t("log.resumed", { path, ply: resumed.plies + 1 }));
      this.carryOn(this.parts.header.settings);
    }
    // Kete's side (journalled, so `replay --verify` tells a fresh controller too).
    if (this.s.computer !== undefined && this.s.computer !== null)
      this.command({ type: "computer-side", side: this.s.computer.side });
    // Which sides the keyboard plays is remembered for the next --resume.
    if (this.sim !== null)
      this.recorder.command({ type: "seats", keyboard: [...this.s.human] }, () => undefined);
  }

  /**
   * A resumed controller starts with the header's settings (as `replay
   * --verify` does); the settings in force now — the journal's last, or the
   * flags' — are given to it as journalled commands, and each change said.
   */
  private carryOn(header: {
    readonly guidance: boolean;
    readonly onMistake: string;
    readonly hints?: boolean;
  }): void {
    if (this.s.guidance !== header.guidance)
      this.command({ type: "guidance", on: this.s.guidance });
    const policy = this.s.onMistake ?? (this.s.guidance ? "retry" : "forfeit");
    if (policy !== header.onMistake) this.command({ type: "policy", policy });
    // Hints are the session's, not the controller's: journalled for the next --resume.
    const hints = this.s.hints ?? true;
    if (hints !== (header.hints ?? true) || this.s.changes.some((c) => c.startsWith("hints ")))
      this.recorder.command({ type: "hints", on: hints }, () => undefined);
    for (const change of this.s.changes) this.say(change);
  }

  private async close(ending: Ending): Promise<number> {
    const left = this.timing?.left() ?? null;
    this.timing?.close();
    const reason =
      ending === "paused"
        ? this.pausedBecause
        : `no result after ${this.s.maxMinutes ?? 0} minutes (--minutes)`;
    if (ending !== "over") this.recorder.pause(reason, left);
    this.redrawer?.finish();
    // The page gets the last state (the result), then its server stops.
    this.web?.finish();
    await this.parts.web?.server.close();
    const path = this.parts.journal.path;
    this.parts.journal.close();
    // The broker gets what the journal holds (a few seconds' grace), then the game ends.
    const publisher = this.parts.publisher();
    if (publisher !== null) {
      const left = await publisher.close();
      if (left > 0)
        this.host.write(
          `${left} records not published (the broker is away); the journal keeps them: ${path}\n`,
        );
    }
    this.controller.close();
    await this.parts.board.close();
    if (ending === "over") {
      this.host.write(`${this.tr.t("log.journal", { path })}\n`);
      return 0;
    }
    // Why, always (issue 32), and the command as the README gives it.
    // The reason is the journal's (English); the rest in the players' language.
    this.host.write(`${this.tr.t("log.paused", { reason, path })}\n`);
    return ending === "paused" ? 130 : 3;
  }
}
