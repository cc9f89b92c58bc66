/**
 * `Controller`: the live game controller as one object. It wires a
 * `BoardLink` to the xstate actor (`machine.ts`), sends the LED plan to the
 * board after every change (only the pits whose light changed), and hands
 * typed `ControllerEvent`s to its listeners (the CLI, the journal).
 *
 *   const controller = new Controller(link, { clock: () => Date.now() });
 *   controller.on((e) => journal.write(e));
 *   controller.newGame("husbao", { direction: "cw" });
 *
 * Deterministic: the same board events and commands give the same events
 * (times come from snapshots, and for commands from the injected clock).
 */
import { createActor, type Actor, type SnapshotFrom } from "xstate";
import type { BoardLink } from "../board/index.js";
import type { Game, Position, Side } from "../games/index.js";
import { findGame, sideName } from "../games/index.js";
import type { LedState } from "../protocol/index.js";
import { GEOMETRIES, readingsOf } from "../protocol/index.js";
import type { ControllerCommand, ControllerInput, ControllerMachineEvent } from "./context.js";
import type { ControllerEvent } from "./events.js";
import { ledChanges, ledPlan, type LedInput } from "./leds.js";
import { controllerMachine, type ControllerMachine, type ControllerTag } from "./machine.js";
import { fromRecord } from "./records.js";
import type { GameState } from "./referee.js";
import { CATALOGUES, english } from "../i18n/index.js";
import {
  anyOf,
  msg,
  placeOfReading,
  sameMessage,
  type Message,
  type MessageParam,
  verbatim,
} from "../shared/index.js";
import type { PitNeed, Policy } from "./restore.js";
import { PENALTY_RULE, needsMessage } from "./restore.js";
import { candidateMoves, confirmEnd, touchGuide, type TurnGuide } from "./tracking.js";
import { hintPits, inForce, nextActPits, plannedSteps } from "./computer.js";

export type ControllerSnapshot = SnapshotFrom<ControllerMachine>;

/** The machine's state as a dotted path: `session.play.turn.underWay`. */
export function statePath(snapshot: ControllerSnapshot): string {
  const walk = (v: unknown): string[] => {
    if (typeof v === "string") return [v];
    if (typeof v === "object" && v !== null) {
      const [k, inner] = Object.entries(v as Record<string, unknown>)[0] ?? [];
      return k === undefined ? [] : [k, ...walk(inner)];
    }
    return [];
  };
  return walk(snapshot.value).join(".");
}

/** The live game of a snapshot (found again from its plain record), or null before one is chosen. */
export function liveGame(snapshot: ControllerSnapshot): GameState | null {
  const c = snapshot.context;
  return c.game === null ? null : fromRecord(c.game, c.settings.tracking);
}

/**
 * What the LED plan is computed from, for a machine snapshot; `touch`: the
 * guide while marbles are touched (see `Controller.touched`), shown in a turn
 * instead of the settled reading's.
 */
export function ledInput(snapshot: ControllerSnapshot, touch: TurnGuide | null = null): LedInput {
  const c = snapshot.context;
  const gs = liveGame(snapshot);
  // Before a game is chosen, the board's own places (a lost link lights them all).
  const pits = gs?.game.layout.places ?? (c.info === null ? [] : GEOMETRIES[c.info.geometry].cells);
  const base = {
    pits,
    guidance: c.settings.guidance,
    guide: null,
    needs: [],
    winnerPits: [],
    draw: false,
    faultyPits: [...new Set([...c.faultyPits, ...(c.fault?.pits ?? [])])],
    // The rules' own marked places (Abalone's obstacles and traps, AB-9.4, AB-9.5).
    ...(gs === null ? {} : { marked: gs.game.ruleBook(gs.position.options).marked ?? [] }),
  };
  const tag = (t: ControllerTag) => snapshot.hasTag(t);
  if (tag("linkLost")) return { ...base, mode: "link-lost" };
  if (tag("setup")) return { ...base, mode: "setup", needs: c.needs };
  if (tag("mistake") || tag("takingBack")) return { ...base, mode: "restoring", needs: c.needs };
  if (tag("penalty")) return { ...base, mode: "penalty", needs: c.needs };
  if (tag("turn") && gs !== null) {
    return { ...base, mode: "turn", guide: touch ?? c.guide, ...plannedLights(c, gs) };
  }
  if (tag("turn")) return { ...base, mode: "turn", guide: touch ?? c.guide };
  if (tag("over") && gs?.outcome) {
    const winner = gs.outcome.winner;
    const owners = gs.game.layout.owners;
    const winnerPits = winner === null ? [] : pits.filter((_, i) => owners[i] === winner);
    return { ...base, mode: "over", draw: winner === null, winnerPits };
  }
  return { ...base, mode: "idle" };
}

/** Kete's move and a hint in force (computer.ts), as the pits the LED plan lights. */
function plannedLights(
  c: ControllerSnapshot["context"],
  gs: GameState,
): Pick<LedInput, "computer" | "hint"> {
  const computer = inForce(c.computer, gs) && c.computer !== null ? c.computer : null;
  if (computer !== null) {
    const steps = plannedSteps(gs.turn, computer.move);
    return { computer: steps === null ? [] : nextActPits(gs.turn, steps), hint: null };
  }
  // Kete's turn, kete still choosing: nothing lit (no move may start yet).
  if (c.computerSide === gs.position.toMove) return { computer: [], hint: null };
  const hint = inForce(c.hint, gs) && c.hint !== null && c.guide?.atStart !== false ? c.hint : null;
  const steps = hint === null ? null : plannedSteps(gs.turn, hint.move);
  return { computer: null, hint: steps === null ? null : hintPits(gs.turn, steps) };
}

/** One line for the player about the current state (in English: the journal's status events). */
export function statusLine(snapshot: ControllerSnapshot): string {
  return english.text(statusMessage(snapshot));
}

/** The status line as a message, for the player's language (issue 32). */
export function statusMessage(snapshot: ControllerSnapshot): Message {
  const c = snapshot.context;
  const gs = liveGame(snapshot);
  const who: MessageParam = gs === null ? "" : sideWords(gs.game, gs.position.toMove);
  const tag = (t: ControllerTag) => snapshot.hasTag(t);
  if (tag("connecting")) return msg("status.connecting");
  if (tag("linkLost")) return msg("status.linkLost");
  // A command refused (a developer's or the keyboard's error), said in English.
  if (tag("idle")) return c.error === null ? msg("status.chooseGame") : verbatim(c.error);
  if (tag("setup")) return msg("status.setUp", { needs: needsMessage(c.needs) });
  if (tag("over")) {
    const o = gs?.outcome ?? null;
    return o === null ? msg("status.over") : (o.text ?? verbatim(o.reason));
  }
  if (tag("mistake")) return msg("status.restore", { needs: needsMessage(c.needs) });
  if (tag("takingBack")) return msg("status.takeBack", { needs: needsMessage(c.needs) });
  if (tag("penalty")) return penaltyLine(snapshot, gs);
  if (tag("sensorFault"))
    return c.fault === null
      ? msg("status.sensorFault")
      : (c.fault.text ?? verbatim(c.fault.message));
  const g = c.guide;
  // Kete's turn (computer.ts): the person at the board sows kete's move, lit pit by pit.
  if (gs !== null && c.computer !== null && inForce(c.computer, gs)) {
    const hand = g === null || g.atStart ? "" : msg("status.andInHand", { count: g.inHand });
    return msg("status.ketePlays", { side: who, move: c.computer.move, hand });
  }
  if (gs !== null && c.computerSide === gs.position.toMove && gs.outcome === null)
    return msg("status.keteChoosing", { side: who });
  if (g === null || gs === null || g.atStart) return msg("view.toMove", { side: who });
  const moves = candidateMoves(gs.turn, 4);
  // `candidates` is a lower bound in a lazy trie (unexpanded branches count one): then look for a fifth.
  const more =
    gs.turn.cursors.length > 0 && (g.candidates > 4 || candidateMoves(gs.turn, 5).length > 4);
  // A move that has ended or may go on (Bao's stop in the nyumba, an Abalone
  // line carried front first, issue 28): say how it stands, which no LED can.
  const ended = confirmEnd(gs.turn);
  if (ended !== null) {
    const quiet = Math.round(gs.turn.options.quietMs / 100) / 10;
    // No next player's act when the move would end the game.
    const next = g.nextStarts.length > 0 ? msg("status.orNextAct") : "";
    return msg("status.stands", { side: who, move: ended.move, next, seconds: String(quiet) });
  }
  // A lift of only part of a pit (Bao's taxed nyumba, BK-11): how many, which the LED cannot say.
  const part = g.liftPart.length
    ? msg("status.liftPart", { count: g.liftPartStones, places: anyOf(g.liftPart) })
    : "";
  const next = g.nextStone.length ? msg("status.nextStone", { places: anyOf(g.nextStone) }) : "";
  return msg("status.sowing", {
    side: who,
    count: g.inHand,
    next,
    part,
    moves: `${moves.join(", ")}${more ? ", …" : ""}`,
  });
}

/** A side as a message (`side.S`: South, Południe …), the game's own name where the catalogue has none. */
function sideWords(game: Game, side: Side): MessageParam {
  // The catalogue's entry looked up as data: asking i18next costs more than the reading's judgement.
  const id = `side.${side}`;
  return CATALOGUES.en[id] === undefined ? sideName(game.layout, side) : msg(id);
}

function penaltyLine(snapshot: ControllerSnapshot, gs: GameState | null): Message {
  const p = snapshot.context.penalty;
  if (p === null || gs === null) return msg("status.penalty");
  const rule = gs.game.ruleBook(gs.position.options).penalty ?? PENALTY_RULE;
  const wrong = p.status.kind === "wrong" ? `: ${p.status.message}` : "";
  return msg("status.handsOver", { side: sideWords(gs.game, p.erring), rule, wrong });
}

/** The phase of the game at the board, from the machine's tags. */
export type ControllerPhase =
  | "connecting"
  | "idle"
  | "setup"
  | "turn"
  | "mistake"
  | "penalty"
  | "takingBack"
  | "over"
  | "linkLost";

const PHASES: readonly ControllerPhase[] = [
  "linkLost",
  "connecting",
  "idle",
  "setup",
  "turn",
  "mistake",
  "penalty",
  "takingBack",
  "over",
];

/**
 * What the players, the view and the tests read of the controller: plain
 * data, the same whatever the machine's inner states are called.
 */
export interface ControllerView {
  readonly phase: ControllerPhase;
  /** In a turn that has not begun: the player to move may start a move. */
  readonly awaitingStart: boolean;
  /** In a turn that is under way (stones moving). */
  readonly moving: boolean;
  /** In a turn, waiting out a reading no hand could make (a sensor fault). */
  readonly sensorFault: boolean;
  /** The side to move, once a game is chosen. */
  readonly toMove: Side | null;
  /** The position standing now (before the move under way). */
  readonly position: Position | null;
  /** The plies that stand (moves, and turns a mistake passed: a forfeit, a truncation, a penalty). */
  readonly plies: number;
  /** Setting up, restoring, taking back or a wrong penalty: what each pit still needs. */
  readonly needs: readonly PitNeed[];
  /** The last settled reading the controller judged (sensor order), or null before the first. */
  readonly judged: readonly (number | null)[] | null;
  /** The guidance of the turn under way, or null. */
  readonly guide: TurnGuide | null;
  /** Whose mistake is being undone (the erring side), while one is. */
  readonly erring: Side | null;
  /** While a penalty is handed over (HB-9): the erring side and the stones that crossed so far, or "wrong" with the message. */
  readonly penalty: {
    readonly erring: Side;
    readonly crossed: number;
    readonly wrong: string | null;
  } | null;
  /** The last error a command caused (an unknown game), or null. */
  readonly error: string | null;
}

/** The plain view of a machine snapshot (see `ControllerView`). */
export function controllerView(snapshot: ControllerSnapshot): ControllerView {
  const c = snapshot.context;
  const gs = liveGame(snapshot);
  const phase = PHASES.find((p) => snapshot.hasTag(p)) ?? "idle";
  const p = phase === "penalty" ? c.penalty : null;
  return {
    phase,
    awaitingStart: snapshot.hasTag("awaitingStart"),
    moving: snapshot.hasTag("moving"),
    sensorFault: snapshot.hasTag("sensorFault"),
    toMove: gs?.position.toMove ?? null,
    position: gs?.position ?? null,
    plies: gs?.plies.length ?? 0,
    needs: c.needs,
    judged: c.counts,
    guide: c.guide,
    erring: phase === "mistake" ? (c.mistake?.mistake.side ?? null) : (p?.erring ?? null),
    penalty:
      p === null
        ? null
        : {
            erring: p.erring,
            crossed:
              p.status.kind === "in-progress" ? p.status.crossed : p.status.kind === "done" ? 5 : 0,
            wrong: p.status.kind === "wrong" ? p.status.message : null,
          },
    error: c.error,
  };
}

export interface ControllerOptions extends ControllerInput {
  /** Send LED plans to the board (default true). */
  readonly leds?: boolean;
  /** The time of every event handled (commands, board events); default 0. Readings carry their own. */
  readonly clock?: () => number;
  /** Games to look up by id before the registry (tests, games not yet registered). */
  readonly games?: readonly Game[];
}

export class Controller {
  readonly actor: Actor<ControllerMachine>;
  private readonly listeners = new Set<(e: ControllerEvent) => void>();
  private shown = new Map<string, LedState>();
  private lastPath = "";
  private lastLinkLost = false;
  private lastContext: unknown = null;
  private lastValue: unknown = null;
  /** The status line last announced, as a message (put into words only when a listener reads it). */
  private lastStatus: Message | null = null;
  /**
   * LED changes not yet handed to the link, by pit (the latest wins). While a
   * command is in flight the changes of every later state collect here, so
   * what waits is bounded by the board's size, not by how long the link (or a
   * caller that feeds snapshots without yielding) keeps the sender waiting.
   */
  private readonly pendingLeds = new Map<string, LedState>();
  /** The sender while it runs (until `pendingLeds` is empty), else null. */
  private sending: Promise<void> | null = null;
  private readonly unsubscribeLink: () => void;
  private readonly sendLeds: boolean;
  private readonly clock: () => number;
  private readonly games: readonly Game[];
  /** The guide while a hand touches marbles (an unsettled snapshot), until the next settled one. */
  private touch: TurnGuide | null = null;
  /** The LED plan last made, and the state and touch it was made for (made once per change). */
  private plan: {
    readonly of: ControllerSnapshot;
    readonly touch: TurnGuide | null;
    readonly plan: Map<string, LedState>;
  } | null = null;

  constructor(
    private readonly link: BoardLink,
    options: ControllerOptions = {},
  ) {
    this.sendLeds = options.leds ?? true;
    this.clock = options.clock ?? (() => 0);
    this.games = options.games ?? [];
    this.actor = createActor(controllerMachine, { input: { settings: options.settings } });
    this.actor.on("*", (e) => this.emit(e));
    this.actor.subscribe({
      next: (s) => this.afterChange(s),
      error: (e) => this.emit({ type: "error", message: String(e), at: 0 }),
    });
    this.actor.start();
    this.unsubscribeLink = link.subscribe((event) => this.handle({ ...event, at: this.clock() }));
    if (link.info !== null && link.state === "ready") {
      this.handle({ type: "hello", info: link.info, at: this.clock() });
    }
  }

  /** Receives every controller event from now on; returns the unsubscribe function. */
  on(listener: (e: ControllerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A command, stamped with the clock; a game named by id is looked up here. */
  send(command: ControllerCommand): void {
    const at = this.clock();
    if (command.type === "new-game" || command.type === "resume") {
      const game = this.games.find((g) => g.id === command.game) ?? findGame(command.game) ?? null;
      this.handle({ ...command, gameId: command.game, game, at });
    } else this.handle({ ...command, at });
  }

  private handle(event: ControllerMachineEvent): void {
    if (event.type !== "snapshot") {
      this.actor.send(event);
      return;
    }
    const before = this.touch;
    this.touch = event.snapshot.settled ? null : this.touched(event.snapshot);
    this.actor.send(event);
    // Unsettled snapshots change no state; the lights follow the touch alone.
    if (this.touch !== before) this.afterChange(this.snapshot, true);
  }

  /**
   * In a turn whose changes happen at once (Abalone), a marble touched or
   * lifted reads empty before it settles: the guide of the last settled
   * reading with the unsettled places as this snapshot reads them, so the
   * LEDs show where that marble's lines may go; null otherwise.
   */
  private touched(snap: {
    readonly board: Parameters<typeof readingsOf>[0];
    readonly unsettled: readonly string[];
  }): TurnGuide | null {
    const s = this.snapshot;
    if (!s.hasTag("turn") || !s.context.settings.guidance || snap.unsettled.length === 0)
      return null;
    const gs = liveGame(s);
    const counts = readingsOf(snap.board);
    if (gs === null || counts === null) return null;
    const t = gs.turn;
    const places = new Set(snap.unsettled);
    const reading = t.reading.slice();
    for (let i = 0; i < reading.length; i++) {
      const n = counts[i];
      if (n !== null && n !== undefined && places.has(placeOfReading(t.pits[i] as string)))
        reading[i] = n;
    }
    return touchGuide(t, reading);
  }

  newGame(game: string, options?: Readonly<Record<string, unknown>>, first?: Side): void {
    this.send({ type: "new-game", game, options, first });
  }

  resume(
    game: string,
    moves: readonly string[],
    options?: Readonly<Record<string, unknown>>,
    start?: unknown,
  ): void {
    this.send({ type: "resume", game, moves, options, start });
  }

  setGuidance(on: boolean): void {
    this.send({ type: "guidance", on });
  }

  setPolicy(policy: Policy | null): void {
    this.send({ type: "policy", policy });
  }

  takeback(): void {
    this.send({ type: "takeback" });
  }

  confirm(): void {
    this.send({ type: "confirm" });
  }

  get snapshot(): ControllerSnapshot {
    return this.actor.getSnapshot();
  }

  get state(): string {
    return statePath(this.snapshot);
  }

  /** The game at the board, live (the game, its position, plies and tracker), or null. */
  get game(): GameState | null {
    return liveGame(this.snapshot);
  }

  /** What the controller shows now, as plain data (see `ControllerView`). */
  get view(): ControllerView {
    return controllerView(this.snapshot);
  }

  /** The status line for the player (`South to move`, `restore the board: B3 +1`). */
  get status(): string {
    return statusLine(this.snapshot);
  }

  /** The status line as a message, for the player's language. */
  get statusMessage(): Message {
    return statusMessage(this.snapshot);
  }

  /** The LED plan of the current state (every pit); the same map until the state changes. */
  ledPlan(): Map<string, LedState> {
    return this.planFor(this.snapshot);
  }

  private planFor(s: ControllerSnapshot): Map<string, LedState> {
    const known = this.plan;
    if (known !== null && known.of === s && known.touch === this.touch) return known.plan;
    const plan = ledPlan(ledInput(s, this.touch));
    this.plan = { of: s, touch: this.touch, plan };
    return plan;
  }

  /** Resolves when every LED command sent so far is answered. */
  async flush(): Promise<void> {
    while (this.sending !== null) await this.sending;
  }

  close(): void {
    this.unsubscribeLink();
    this.actor.stop();
  }

  private emit(e: ControllerEvent): void {
    for (const l of this.listeners) l(e);
  }

  private afterChange(s: ControllerSnapshot, touched = false): void {
    // Nothing changed (an unsettled snapshot, a repeated reading): nothing to do.
    if (!touched && s.context === this.lastContext && s.value === this.lastValue) return;
    this.lastContext = s.context;
    this.lastValue = s.value;
    const path = statePath(s);
    // The words only when a listener reads them: i18next's formatting costs
    // far more than judging the reading (issue 31's per-reading p99), and a
    // turn's status line changes at almost every reading.
    const message = statusMessage(s);
    const last = this.lastStatus;
    if (path !== this.lastPath || last === null || !sameMessage(message, last)) {
      // The board may reboot while the link is lost: forget what it shows.
      if (s.hasTag("linkLost") && !this.lastLinkLost) this.shown = new Map();
      this.lastLinkLost = s.hasTag("linkLost");
      this.lastPath = path;
      this.lastStatus = message;
      let words: string | null = null;
      this.emit({
        type: "status",
        state: path,
        get message(): string {
          words ??= english.text(message);
          return words;
        },
        at: this.clock(),
      });
    }
    if (!this.sendLeds || this.link.state !== "ready") return;
    const plan = this.planFor(s);
    const changes = ledChanges(this.shown, plan);
    if (changes.length === 0) return;
    for (const c of changes) {
      this.shown.set(c.pit, c.led);
      this.pendingLeds.set(c.pit, c.led);
    }
    this.sending ??= this.sendPendingLeds();
  }

  /** Forgets that the board shows `entries` (unless a newer light for the pit is already on its way). */
  private forgetShown(entries: readonly { pit: string; led: LedState }[]): void {
    for (const e of entries) {
      if (this.pendingLeds.has(e.pit)) continue;
      if (this.shown.get(e.pit) === e.led) this.shown.delete(e.pit);
    }
  }

  /** Hands the pending LED changes to the link, 40 pits a command, one command at a time. */
  private async sendPendingLeds(): Promise<void> {
    try {
      // As before: the first command goes out after the change that caused it has been handled.
      await Promise.resolve();
      while (this.pendingLeds.size > 0) {
        const entries = [...this.pendingLeds].map(([pit, led]) => ({ pit, led }));
        this.pendingLeds.clear();
        for (let i = 0; i < entries.length; i += 40) {
          const chunk = entries.slice(i, i + 40);
          let refused: boolean;
          try {
            refused = !(await this.link.setLeds(chunk)).ok;
          } catch {
            refused = true;
          }
          // A command the board refused (NAK) or never got is not shown: forget
          // those pits, so the next change of the plan sends them again.
          if (refused) this.forgetShown(chunk);
        }
      }
    } finally {
      this.sending = null;
    }
  }
}
