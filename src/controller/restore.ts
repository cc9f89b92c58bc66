/**
 * After a mistake: the board to restore, what stands once it is restored
 * (the controller setting `onMistake`, shared/rules/mancala-4x8.md
 * "Mistakes", HB-9), the five-stone penalty, and takebacks.
 *
 * - `retry` (default with guidance on): restore the position before the move;
 *   the same player moves again.
 * - `forfeit` (default with guidance off): restore the position before the
 *   move; the turn passes.
 * - `truncate`: restore the board at the end of the last correct stage (the
 *   last point of the move's trace prefix where the last stone of a lap fell
 *   and nothing was in hand; the position before the move if the first stage
 *   went wrong); that position stands and the turn passes.
 * - `penalty5`: as `truncate`, then the erring player moves exactly five of
 *   their own stones into the opponent's pits (the opponent places them), then
 *   the opponent moves.
 *
 * A mistake made by the player *not* to move (touching the board out of turn)
 * costs the mover nothing: whatever the policy, the board is restored to the
 * last correct reading and the mover's turn goes on from there.
 *
 * Restoring is shown pit by pit: every pit that differs from the target with
 * the stones it needs (`+2` add two, `-1` take one away).
 */
import type { Game, Options, Position, Side } from "../games/index.js";
import { english } from "../i18n/index.js";
import { err, listOf, msg, ok, type Message, type Result } from "../shared/index.js";
import { OP_PLACE, OP_SOW, isPickUp, pathSteps } from "./trie.js";
import type { Reference } from "./mistakes.js";
import type { ControllerError } from "./errors.js";

export type Policy = "retry" | "forfeit" | "truncate" | "penalty5";

/**
 * The rule that defines these policies (shared/rules/mancala-4x8.md,
 * "Mistakes"): cited for the five-stone penalty where a game's rule book
 * names no penalty rule of its own.
 */
export const PENALTY_RULE = "HB-9";
export const POLICIES: readonly Policy[] = ["retry", "forfeit", "truncate", "penalty5"];

/** The policy in force: the setting, else `retry` with guidance and `forfeit` without. */
export function effectivePolicy(setting: Policy | null, guidance: boolean): Policy {
  return setting ?? (guidance ? "retry" : "forfeit");
}

/**
 * A policy setting for a game, or why its rules cannot carry it (error code
 * `policy-not-allowed`, field `onMistake`, the game's own sentence:
 * `RuleBook.refusedPolicies`). `null` (the default) always applies.
 */
export function policyFor(
  game: Game,
  options: Options,
  policy: Policy | null,
): Result<Policy | null, ControllerError> {
  if (policy === null) return ok(null);
  const why = game.ruleBook(options).refusedPolicies?.[policy];
  return why === undefined ? ok(policy) : err("policy-not-allowed", why, { field: "onMistake" });
}

/**
 * The policy that acts on a mistake in this game: the setting unless the
 * game's rules refuse it (`policyFor`; kete play refuses such a setting up
 * front), then the default for the guidance.
 */
export function policyIn(
  game: Game,
  options: Options,
  setting: Policy | null,
  guidance: boolean,
): Policy {
  const allowed = policyFor(game, options, setting);
  return effectivePolicy(allowed.ok ? allowed.value : null, guidance);
}

/**
 * Whether a turn of this game is a single stage: a game that never relays
 * (`RuleBook.relay` null; Glassperlenspiel sows once, then makes its
 * compulsory captures, GB-2…GB-4). Its last correct stage then ends before
 * the move, so `truncate` lets nothing of a turn gone wrong stand.
 */
export function singleStage(game: Game, options: Options): boolean {
  return game.ruleBook(options).relay === null;
}

export interface PitNeed {
  readonly pit: string;
  /** Stones to add (positive) or take away (negative). */
  readonly need: number;
}

/** Every pit where `reading` differs from `target`, with the stones it needs. */
export function restoreDiff(
  reading: ArrayLike<number>,
  target: ArrayLike<number>,
  pits: readonly string[],
): PitNeed[] {
  const out: PitNeed[] = [];
  for (let i = 0; i < pits.length; i++) {
    const need = (target[i] as number) - (reading[i] as number);
    if (need !== 0) out.push({ pit: pits[i] as string, need });
  }
  return out;
}

/**
 * What needs say, for players: counts as `B5 +1, B6 -1`; a unit the board
 * tells apart (a reading `place:tag`, a gem) as the move that puts it back:
 * `move S3 from B2 to A4`, or `put S3 in A4` / `take S3 out of B2` when it
 * is missing from, or extra on, the board.
 */
export function formatNeeds(needs: readonly PitNeed[]): string {
  return english.text(needsMessage(needs));
}

/** The same as a message (the gem moves in the player's language). */
export function needsMessage(needs: readonly PitNeed[]): Message {
  const counts: string[] = [];
  const tagged = new Map<string, { from: string[]; to: string[] }>();
  for (const n of needs) {
    const at = n.pit.indexOf(":");
    if (at < 0) {
      counts.push(`${n.pit} ${n.need > 0 ? "+" : ""}${n.need}`);
      continue;
    }
    const tag = n.pit.slice(at + 1);
    const t = tagged.get(tag) ?? { from: [], to: [] };
    (n.need > 0 ? t.to : t.from).push(n.pit.slice(0, at));
    tagged.set(tag, t);
  }
  const moves: Message[] = [];
  for (const [tag, { from, to }] of tagged) {
    while (from.length > 0 && to.length > 0) {
      moves.push(
        msg("needs.move", { gem: tag, from: from.shift() as string, to: to.shift() as string }),
      );
    }
    for (const p of to) moves.push(msg("needs.put", { gem: tag, place: p }));
    for (const p of from) moves.push(msg("needs.take", { gem: tag, place: p }));
  }
  return msg("needs.list", { needs: listOf([...moves, ...counts]) });
}

/** The board at the end of the last complete stage on the path to `ref` (or the board before the move). */
export function truncationBoard<P extends Position>(
  before: Int16Array,
  ref: Reference<P>,
): { board: Int16Array; steps: number } {
  const path = pathSteps(ref.node, ref.offset);
  const board = before.slice();
  let hand = 0;
  let best = before.slice();
  let bestSteps = 0;
  for (let i = 0; i < path.length; i++) {
    const s = path[i]!;
    if (isPickUp(s.op)) {
      board[s.pit] = (board[s.pit] as number) - s.n;
      hand += s.n;
    } else {
      board[s.pit] = (board[s.pit] as number) + 1;
      if (s.op === OP_SOW) hand -= 1;
    }
    if (hand === 0 && (s.op === OP_SOW || s.op === OP_PLACE)) {
      best = board.slice();
      bestSteps = i + 1;
    }
  }
  return { board: best, steps: bestSteps };
}

/**
 * A position with other sensor counts and/or side to move, through the
 * game's own validated `withBoard`; null when the result breaks a rule of the
 * game (a policy then falls back to a position it can build).
 */
export function positionWith<P extends Position>(
  game: Game<P>,
  position: P,
  counts: ArrayLike<number> | null,
  toMove: Side,
): P | null {
  const r = game.withBoard(position, {
    toMove,
    ...(counts === null ? {} : { counts: Array.from(counts) }),
  });
  return r.ok ? r.value : null;
}

export type PenaltyStatus =
  | { readonly kind: "in-progress"; readonly crossed: number }
  | { readonly kind: "done" }
  | { readonly kind: "wrong"; readonly message: string };

/**
 * The five-stone penalty (HB-9): from `start`, exactly five of the erring
 * side's stones cross into the opponent's pits and nothing else changes.
 */
export function checkPenalty(
  start: ArrayLike<number>,
  reading: ArrayLike<number>,
  owners: readonly (Side | null)[],
  erring: Side,
  pits: readonly string[],
  rule: string,
): PenaltyStatus {
  let given = 0;
  let received = 0;
  const wrong: string[] = [];
  for (let i = 0; i < pits.length; i++) {
    const d = (reading[i] as number) - (start[i] as number);
    if (d === 0) continue;
    const own = owners[i] ?? null;
    if (own === erring && d < 0) given -= d;
    else if (own !== null && own !== erring && d > 0) received += d;
    else wrong.push(pits[i] as string);
  }
  const what = `exactly five stones cross from the erring player's pits to the opponent's, nothing else changes (${rule})`;
  if (wrong.length > 0) return { kind: "wrong", message: `${wrong.join(", ")} changed; ${what}` };
  if (given > 5 || received > 5)
    return { kind: "wrong", message: `${Math.max(given, received)} stones crossed; ${what}` };
  if (given === 5 && received === 5) return { kind: "done" };
  return { kind: "in-progress", crossed: received };
}

/** The latest earlier position whose board the reading shows (a deliberate takeback), else null. */
export function findTakeback(
  boards: readonly (readonly number[])[],
  reading: ArrayLike<number>,
): number | null {
  for (let i = boards.length - 1; i >= 0; i--) {
    const b = boards[i]!;
    let same = b.length === reading.length;
    for (let j = 0; same && j < b.length; j++) same = b[j] === reading[j];
    if (same) return i;
  }
  return null;
}
