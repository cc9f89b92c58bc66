/**
 * The types of the controller's machine: what it is told (board events and
 * commands, each with its time), what it keeps (`ControllerContext`, plain
 * data only, so a snapshot can be persisted), and the typed verdicts its
 * guards route on.
 */
import type { BoardEvent, BoardSnapshot } from "../board/index.js";
import type { Game, Side } from "../games/index.js";
import type { InfoMessage } from "../protocol/index.js";
import type { SensorFault } from "./mistakes.js";
import type { GameRecord, MistakeRecord, PenaltyRecord } from "./records.js";
import type { PenaltyDecision, RestoreDecision, Settings, TurnDecision } from "./referee.js";
import type { PlannedMove } from "./computer.js";
import type { PitNeed, Policy } from "./restore.js";
import type { TurnGuide } from "./tracking.js";

/** Commands as callers give them (the journal records these): games by id. */
export type ControllerCommand =
  | {
      readonly type: "new-game";
      readonly game: string;
      readonly options?: Readonly<Record<string, unknown>>;
      /** Who moves first (HB-2); default the initial position's. */
      readonly first?: Side;
    }
  | {
      readonly type: "resume";
      readonly game: string;
      readonly options?: Readonly<Record<string, unknown>>;
      /** The starting position's JSON; default the game's initial position. */
      readonly start?: unknown;
      readonly moves: readonly string[];
    }
  | { readonly type: "guidance"; readonly on: boolean }
  | { readonly type: "policy"; readonly policy: Policy | null }
  | { readonly type: "takeback" }
  | { readonly type: "confirm" }
  /** A player's clock ran out (the play session's clocks, AB-7): that side loses. */
  | { readonly type: "flag"; readonly side: Side }
  /**
   * Kete plays `side` and chose `move` for the position after `ply` plies of
   * this game (computer.ts): only that move is accepted for it, its acts lit.
   */
  | {
      readonly type: "computer-move";
      readonly side: Side;
      readonly move: string;
      readonly ply: number;
    }
  /**
   * Kete plays `side` (null: nobody): in its turns, until kete's move is
   * given, nothing is lit and any move is not kete's (computer.ts).
   */
  | { readonly type: "computer-side"; readonly side: Side | null }
  /** A hint: light `move`'s start and direction while that turn has not begun (computer.ts). */
  | { readonly type: "hint"; readonly side: Side; readonly move: string; readonly ply: number };

/** A new game or a resumed one, with the game looked up (null: no game of that id). */
export type GameCommand = WithGame<Extract<ControllerCommand, { type: "new-game" | "resume" }>> & {
  readonly at: number;
};

type WithGame<C> = C extends unknown
  ? Omit<C, "game"> & { readonly gameId: string; readonly game: Game | null }
  : never;

type Timed<E> = E extends unknown ? E & { readonly at: number } : never;

/**
 * What the machine is sent: every board event and command stamped with the
 * time it was handled (the `Controller` stamps them with its clock; a
 * snapshot's decisions use its own `receivedAt`).
 */
export type ControllerMachineEvent = Timed<
  BoardEvent | Exclude<ControllerCommand, { type: "new-game" | "resume" }> | GameCommand
>;

/** The last judgement, typed by the phase that made it; the guards route on it. */
export type Verdict =
  | { readonly phase: "none" }
  | { readonly phase: "setup"; readonly done: boolean }
  | { readonly phase: "turn"; readonly decision: TurnDecision }
  | { readonly phase: "restore"; readonly decision: RestoreDecision }
  | { readonly phase: "penalty"; readonly decision: PenaltyDecision }
  | { readonly phase: "takeback"; readonly done: boolean };

/**
 * The phase a lost link interrupted: in `setup` and in a `turn` play may go on
 * from a reading the board shows when it is back; elsewhere (a mistake being
 * put right, a penalty, a takeback, the game over) a player's word is needed.
 */
export type LostIn = "setup" | "turn" | "other";

export interface ControllerContext {
  readonly settings: Settings;
  readonly info: InfoMessage | null;
  /** The game at the board (plain: records.ts), or null before one is chosen. */
  readonly game: GameRecord | null;
  /** Setting up: the board to reach (sensor order). */
  readonly setupTarget: readonly number[] | null;
  /** What each pit still needs (setting up, restoring, taking back, a wrong penalty). */
  readonly needs: readonly PitNeed[];
  readonly mistake: MistakeRecord | null;
  readonly penalty: PenaltyRecord | null;
  readonly takeback: { readonly index: number; readonly target: readonly number[] } | null;
  readonly verdict: Verdict;
  readonly guide: TurnGuide | null;
  readonly fault: SensorFault | null;
  /** Pits the board reported faulty (board-error sensor-fault). */
  readonly faultyPits: readonly string[];
  /** The last settled reading's counts. */
  readonly counts: readonly (number | null)[] | null;
  /** The last settled snapshot seen while resynchronising. */
  readonly resyncSnapshot: BoardSnapshot | null;
  /** Where the link was lost: what a reading after it may simply go on from (judgements.followsOn). */
  readonly lostIn: LostIn | null;
  readonly error: string | null;
  /** The side whose flag fell, ending the game (a takeback cannot revive it), else null. */
  readonly flagged: Side | null;
  /** The side kete plays (`computer-side`), or null. */
  readonly computerSide: Side | null;
  /** Kete's move to be sown for its side (computer.ts), or null; in force only at its ply. */
  readonly computer: PlannedMove | null;
  /** The hint asked for (computer.ts), or null; lit only before its turn begins. */
  readonly hint: PlannedMove | null;
}

export interface ControllerInput {
  readonly settings?: Partial<Settings>;
}

/** The verdict as the journal's `decision` records spell it (`progress`, `restore:waiting`, `penalty:done`). */
export function verdictText(v: Verdict): string {
  switch (v.phase) {
    case "turn":
      return v.decision;
    case "restore":
      return `restore:${v.decision}`;
    case "penalty":
      return `penalty:${v.decision}`;
    case "setup":
      return v.done ? "set-up" : "setting-up";
    case "takeback":
      return v.done ? "taken-back" : "taking-back";
    case "none":
      return "none";
  }
}
