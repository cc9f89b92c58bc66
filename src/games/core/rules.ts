/**
 * What a game tells the controller about its rules beyond the moves
 * themselves, as typed values: which rule a mistake of each kind breaks
 * (`RuleBook`), and why a physical act at the board starts no legal turn
 * (`Refusal`). The controller cites these; it never parses an engine message
 * or builds a move string to find out.
 */
import { err, type Message, type Result } from "../../shared/index.js";
import type { GameError } from "./errors.js";

/**
 * The rule id the game cites for each kind of mistake the controller can name
 * (shared/rules: `CORE-1`, `HB-4`, `BK-9` …). A role the game does not have is
 * `null`; the controller then names the mistake by the more general role.
 */
export interface RuleBook {
  /**
   * Optional: places the rules mark for the whole game, lit with a light of
   * their own (Abalone: obstacles, AB-9.4; traps, AB-9.5); absent: none.
   */
  readonly marked?: readonly { readonly place: string; readonly kind: "obstacle" | "trap" }[];
  /** Only the player to move changes the board (CORE-7; Abalone AB-2). */
  readonly turnOrder: string;
  /** Stones go one per pit into the following pits, none skipped (CORE-1). */
  readonly sowing: string;
  /** A turn keeps its direction (CORE-2). */
  readonly keepDirection: string;
  /** The rule that fixes the direction of play (HB-3, HUS-2, BDE-2), or null. */
  readonly direction: string | null;
  /** The direction these options fix, in words (`clockwise`), or null when free. */
  readonly fixedDirection: string | null;
  /** What ends a stage: the landing pit is lifted and sown on (CORE-3), or null when the game does not relay. */
  readonly relay: string | null;
  /** Where a turn may start (CORE-4; GB-2). */
  readonly start: string;
  /** The limit on stages in one turn (CORE-5; BK-18), or null. */
  readonly stageLimit: string | null;
  /** The capture rule (HB-4, HUS-3, BK-4, GB-3), or null for a game without captures. */
  readonly capture: string | null;
  /**
   * Optional: the rule of a chain of captures (GB-4), cited when a capture due
   * is one of several in a row; absent or null: `capture`.
   */
  readonly captureChain?: string | null;
  /**
   * Optional: the rule by which a sowing that comes round passes over the pit
   * it started from (GB-2), cited when a bead is dropped there on a lap;
   * absent or null: the start pit is sown like any other.
   */
  readonly skipsStart?: string | null;
  /** Capture again when a sowing ends on a capture spot inside a turn (BK-6), or null. */
  readonly captureAgain: string | null;
  /** Where captured stones are sown from (the kichwa, BK-5), or null. */
  readonly capturedSowing: string | null;
  /** Stones put from a reserve, one a turn (BK-9), or null for a game without a reserve. */
  readonly placement: string | null;
  /** The five-stone penalty of the `penalty5` policy (HB-9), or null where it does not apply. */
  readonly penalty: string | null;
  /**
   * Optional: the mistake policies of HB-9 (`retry`, `forfeit`, `truncate`,
   * `penalty5`) this game's rules cannot carry, each with the sentence that
   * says why, citing the rules (Glassperlenspiel: `penalty5`); absent: all apply.
   */
  readonly refusedPolicies?: Readonly<Record<string, string>>;
  /**
   * Optional: the rule by which a player whose time runs out loses (AB-7: "a
   * flag that falls loses"), cited when kete's clock flags a player; absent
   * or null: the game's rules have no clock and kete's own clock decides.
   */
  readonly flagFall?: string | null;
}

/** A physical act that begins a turn: lifting a pit, or putting a stone from the reserve into one. */
export type BoardAct =
  | { readonly kind: "start"; readonly place: string }
  | { readonly kind: "place"; readonly place: string };

/** Why an act starts no legal turn, by kind. */
export type RefusalReason =
  /** Not a pit of the player to move. */
  | "not-own"
  /** Too few stones to start from (a single stone, CORE-4). */
  | "too-few"
  /** Every way of going on would pass the stage limit (CORE-5). */
  | "stage-limit"
  /** A capture is compulsory and this act makes none (BK-8). */
  | "capture-required"
  /** A placement into a pit the rules do not allow now (BK-9, BK-10, BK-16). */
  | "placement"
  /** Any other rule of the game. */
  | "other";

export interface Refusal {
  readonly reason: RefusalReason;
  /** The rule id at fault. */
  readonly rule: string;
  /** One sentence for the player, naming the place and citing the rule. */
  readonly message: string;
  /** The same as a message (issue 32: the player's language); absent: said by its reason. */
  readonly text?: Message;
}

/**
 * A settled board no legal move explains, read by the game as the move a
 * player made (`Game.misplay`): the rule it breaks, one sentence for the
 * players naming the places and citing the rule, and whether the player to
 * move made it (false: the other side moved out of turn).
 */
export interface Misplay {
  readonly rule: string;
  readonly message: string;
  /** The same as a message (issue 32); absent: said in English. */
  readonly text?: Message;
  readonly byMover: boolean;
}

/**
 * A move asked of a finished game: refused with the outcome's reason (and
 * the rule that ended it, where the game cites one).
 */
export function gameOverError(
  over: { readonly reason: string },
  rule?: string,
): Result<never, GameError> {
  return err("game-over", `the game is over (${over.reason}); no move can be played`, {
    field: "move",
    ...(rule === undefined ? {} : { rule }),
  });
}

/** A typed move whose first act the game refuses: the refusal's words and rule, as the move's error. */
export function refusedMove(refused: Refusal): Result<never, GameError> {
  return err("illegal-move", refused.message, { field: "move", rule: refused.rule });
}
