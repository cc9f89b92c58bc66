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
import type { Position, Side } from "../games/index.js";
import type { LedState } from "../protocol/index.js";
import type { ControllerEvent } from "./events.js";
import { ledChanges, ledPlan, type LedInput } from "./leds.js";
import {
  controllerMachine,
  type ControllerCommand,
  type ControllerInput,
  type ControllerMachine,
} from "./machine.js";
import type { PitNeed, Policy } from "./restore.js";
import { sideName } from "./knowledge.js";
import { formatNeeds } from "./restore.js";
import { candidateMoves, type TurnGuide } from "./tracking.js";

export type ControllerSnapshot = SnapshotFrom<ControllerMachine>;

/** The machine's state as a dotted path: `session.play.turn.sowing`. */
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

/** What the LED plan is computed from, for a machine snapshot. */
export function ledInput(snapshot: ControllerSnapshot): LedInput {
  const c = snapshot.context;
  const path = statePath(snapshot);
  const pits = c.gs?.turn.pits ?? defaultPits(c.info?.geometry);
  const base = {
    pits,
    guidance: c.settings.guidance,
    guide: null,
    needs: [],
    winnerPits: [],
    draw: false,
    faultyPits: [...new Set([...c.faultyPits, ...(c.fault?.pits ?? [])])],
  };
  if (path.startsWith("resynchronising")) return { ...base, mode: "link-lost" };
  if (path.startsWith("session.setup")) return { ...base, mode: "setup", needs: c.needs };
  if (path.startsWith("session.play.mistake") || path.startsWith("session.play.takingBack")) {
    return { ...base, mode: "restoring", needs: c.needs };
  }
  if (path.startsWith("session.play.penalty")) return { ...base, mode: "penalty", needs: c.needs };
  if (path.startsWith("session.play.turn")) return { ...base, mode: "turn", guide: c.guide };
  if (path.startsWith("session.over") && c.gs?.outcome) {
    const winner = c.gs.outcome.winner;
    const owners = c.gs.knowledge.owners;
    const winnerPits = winner === null ? [] : pits.filter((_, i) => owners.get(i) === winner);
    return { ...base, mode: "over", draw: winner === null, winnerPits };
  }
  return { ...base, mode: "idle" };
}

function defaultPits(geometry: string | undefined): readonly string[] {
  if (geometry !== "4x8") return [];
  return ["A", "B", "C", "D"].flatMap((r) => [1, 2, 3, 4, 5, 6, 7, 8].map((k) => `${r}${k}`));
}

/** One line for the player about the current state. */
export function statusLine(snapshot: ControllerSnapshot): string {
  const c = snapshot.context;
  const path = statePath(snapshot);
  const gs = c.gs;
  const who = gs === null ? "" : sideName(gs.position.toMove);
  if (path === "connecting") return "waiting for the board";
  if (path.startsWith("resynchronising")) return "link lost: check the board, then press confirm";
  if (path === "session.idle") return c.error ?? "choose a game";
  if (path === "session.setup") return `set up the board: ${formatNeeds(c.needs)}`;
  if (path.startsWith("session.over")) return gs?.outcome?.reason ?? "game over";
  if (path.startsWith("session.play.mistake")) return `restore the board: ${formatNeeds(c.needs)}`;
  if (path.startsWith("session.play.takingBack")) return `take back: ${formatNeeds(c.needs)}`;
  if (path.startsWith("session.play.penalty")) {
    const p = c.penalty;
    return p === null
      ? "penalty"
      : `${sideName(p.erring)} hands over five stones (HB-9)${p.status.kind === "wrong" ? `: ${p.status.message}` : ""}`;
  }
  if (path.endsWith("sensorFault")) return c.fault?.message ?? "sensor fault";
  const g = c.guide;
  if (g === null || gs === null) return `${who} to move`;
  if (g.atStart) return `${who} to move`;
  const moves = candidateMoves(gs.turn, 4);
  // `candidates` is a lower bound in a lazy trie (unexpanded branches count one): then look for a fifth.
  const more =
    gs.turn.cursors.length > 0 && (g.candidates > 4 || candidateMoves(gs.turn, 5).length > 4);
  return `${who}: ${g.inHand} in hand${g.nextStone.length ? `, next stone ${g.nextStone.join(" or ")}` : ""} (${moves.join(", ")}${more ? ", …" : ""})`;
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
  const phase = PHASES.find((p) => snapshot.hasTag(p)) ?? "idle";
  const p = phase === "penalty" ? c.penalty : null;
  return {
    phase,
    awaitingStart: snapshot.hasTag("awaitingStart"),
    moving: snapshot.hasTag("moving"),
    sensorFault: snapshot.hasTag("sensorFault"),
    toMove: c.gs?.position.toMove ?? null,
    position: c.gs?.position ?? null,
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
}

export class Controller {
  readonly actor: Actor<ControllerMachine>;
  private readonly listeners = new Set<(e: ControllerEvent) => void>();
  private shown = new Map<string, LedState>();
  private lastPath = "";
  private lastContext: unknown = null;
  private lastValue: unknown = null;
  private lastStatus = "";
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

  constructor(
    private readonly link: BoardLink,
    options: ControllerOptions = {},
  ) {
    this.sendLeds = options.leds ?? true;
    this.actor = createActor(controllerMachine, {
      input: { clock: options.clock, settings: options.settings, games: options.games },
    });
    this.actor.on("*", (e) => this.emit(e));
    this.actor.subscribe({
      next: (s) => this.afterChange(s),
      error: (e) => this.emit({ type: "error", message: String(e), at: 0 }),
    });
    this.actor.start();
    this.unsubscribeLink = link.subscribe((event) => this.actor.send(event));
    if (link.info !== null && link.state === "ready") {
      this.actor.send({ type: "hello", info: link.info });
    }
  }

  /** Receives every controller event from now on; returns the unsubscribe function. */
  on(listener: (e: ControllerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(command: ControllerCommand): void {
    this.actor.send(command);
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

  /** What the controller shows now, as plain data (see `ControllerView`). */
  get view(): ControllerView {
    return controllerView(this.snapshot);
  }

  /** The status line for the player (`South to move`, `restore the board: B3 +1`). */
  get status(): string {
    return statusLine(this.snapshot);
  }

  /** The LED plan of the current state (every pit). */
  ledPlan(): Map<string, LedState> {
    return ledPlan(ledInput(this.snapshot));
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

  private afterChange(s: ControllerSnapshot): void {
    // Nothing changed (an unsettled snapshot, a repeated reading): nothing to do.
    if (s.context === this.lastContext && s.value === this.lastValue) return;
    this.lastContext = s.context;
    this.lastValue = s.value;
    const path = statePath(s);
    const status = statusLine(s);
    if (path !== this.lastPath || status !== this.lastStatus) {
      if (path.startsWith("resynchronising") && !this.lastPath.startsWith("resynchronising")) {
        // The board may reboot: forget what it shows.
        this.shown = new Map();
      }
      this.lastPath = path;
      this.lastStatus = status;
      this.emit({ type: "status", state: path, message: status, at: s.context.clock() });
    }
    if (!this.sendLeds || this.link.state !== "ready") return;
    const plan = ledPlan(ledInput(s));
    const changes = ledChanges(this.shown, plan);
    if (changes.length === 0) return;
    for (const c of changes) {
      this.shown.set(c.pit, c.led);
      this.pendingLeds.set(c.pit, c.led);
    }
    this.sending ??= this.sendPendingLeds();
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
          try {
            await this.link.setLeds(entries.slice(i, i + 40));
          } catch {
            // As before, a failed command is not retried.
          }
        }
      }
    } finally {
      this.sending = null;
    }
  }
}
