/**
 * What the controller tells the CLI and the journal: typed, plain-data
 * events (JSON-serialisable, no functions, no typed arrays), deterministic
 * for a given sequence of board events and commands, so a `replay --verify`
 * can feed recorded snapshots to a fresh controller and compare.
 *
 * Times are the snapshot's `receivedAt` for decisions taken on a reading and
 * the injected clock for commands.
 */
import type { Outcome, Side, Trace } from "../games/index.js";
import type { Message } from "../shared/index.js";
import type { MistakeKind } from "./mistakes.js";
import type { PitNeed, Policy } from "./restore.js";

export type ControllerEvent =
  /** The machine's state changed (dotted path) with a one-line status for the player. */
  | {
      readonly type: "status";
      readonly state: string;
      readonly message: string;
      readonly at: number;
    }
  /** A settled reading the controller acted on, and its verdict. */
  | {
      readonly type: "decision";
      readonly verdict: string;
      readonly counts: readonly number[];
      readonly at: number;
    }
  | {
      readonly type: "move";
      readonly ply: number;
      readonly side: Side;
      readonly move: string;
      readonly trace: Trace;
      readonly at: number;
    }
  | {
      readonly type: "mistake";
      readonly kind: MistakeKind;
      readonly rule: string;
      readonly message: string;
      /** The message for the player's language (issue 32); absent in journals written before. */
      readonly text?: Message;
      readonly side: Side;
      readonly policy: Policy;
      readonly restore: readonly PitNeed[];
      readonly at: number;
    }
  | {
      readonly type: "mistake-resolved";
      readonly policy: Policy;
      /** What stands: the same player again, the turn passed, or a takeback. */
      readonly result: "retry" | "turn-passed" | "continue" | "penalty-due" | "takeback";
      readonly toMove: Side;
      readonly at: number;
    }
  | { readonly type: "penalty-done"; readonly side: Side; readonly at: number }
  | { readonly type: "takeback"; readonly toPly: number; readonly at: number }
  | { readonly type: "game-over"; readonly outcome: Outcome; readonly at: number }
  | {
      readonly type: "sensor-fault";
      readonly kind: string;
      readonly pits: readonly string[];
      readonly message: string;
      /** The message for the player's language (issue 32); absent: said in English. */
      readonly text?: Message;
      readonly at: number;
    }
  | { readonly type: "setup"; readonly needs: readonly PitNeed[]; readonly at: number }
  | { readonly type: "error"; readonly message: string; readonly at: number };
