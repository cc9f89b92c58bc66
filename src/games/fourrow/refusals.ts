/**
 * Words for `Game.refusal` shared by the four-row families: why lifting a pit
 * (or placing a seed) starts no legal turn when the reason lies in the ways
 * of playing it — each start token (`B3+`, `B3-`; Bao `B4*L` …) refused by a
 * rule, or by the stage limit (CORE-5, BK-18).
 */
import type { Refusal } from "../core/rules.js";

/** A start token none of whose paths ends within the stage limit. */
export interface Overrun {
  /** The start token (`B3+`). */
  readonly token: string;
  /** The path was proven to cycle (no in-turn choices met). */
  readonly cycled: boolean;
  /** In-turn choices were met: every way of choosing overran. */
  readonly branched: boolean;
}

export interface OverrunWords {
  /** What the limit counts, singular: `stage` (CORE-5) or `sowing` (BK-18). */
  readonly unit: string;
  /** How every branch is meant (`however its captures are chosen`). */
  readonly branches: string;
  readonly limit: number;
  /** CORE-5 or BK-18. */
  readonly rule: string;
}

/** What one start token is refused for. */
export type TokenVerdict =
  | { readonly kind: "overrun"; readonly overrun: Overrun }
  | { readonly kind: "rule"; readonly refusal: Refusal };

/** `more than 200 stages` */
function moreThan(w: OverrunWords): string {
  return `more than ${w.limit} ${w.unit}${w.limit === 1 ? "" : "s"}`;
}

function clause(o: Overrun, w: OverrunWords): string {
  if (o.cycled && !o.branched) return `${o.token} never ends (its ${w.unit}s repeat in a cycle)`;
  return `${o.token} would need ${moreThan(w)}${o.branched ? ` ${w.branches}` : ""}`;
}

/** `B3+ and B3- would both need more than 200 stages, so neither is a legal turn (CORE-5)`. */
export function overrunSentence(overruns: readonly Overrun[], w: OverrunWords): string {
  const plain = overruns.every((o) => !o.branched && !o.cycled);
  const body =
    overruns.length === 2 && plain
      ? `${overruns.map((o) => o.token).join(" and ")} would both need ${moreThan(w)}`
      : overruns.map((o) => clause(o, w)).join(" and ");
  const verdict = overruns.length === 1 ? "it is not a legal turn" : "neither is a legal turn";
  return `${body}, so ${verdict} (${w.rule})`;
}

/**
 * One refusal of an act from the verdicts of its start tokens (none legal):
 * the stage limit when it alone refuses them; otherwise the first rule that
 * refuses one (its reason and rule), naming every other rule and overrun after it.
 */
export function combineVerdicts(
  prefix: string,
  verdicts: readonly TokenVerdict[],
  w: OverrunWords,
): Refusal {
  const overruns = verdicts.flatMap((v) => (v.kind === "overrun" ? [v.overrun] : []));
  const rules = verdicts.flatMap((v) => (v.kind === "rule" ? [v.refusal] : []));
  const first = rules[0];
  if (first === undefined) {
    return { reason: "stage-limit", rule: w.rule, message: prefix + overrunSentence(overruns, w) };
  }
  const sentences = rules.filter((r, i) => rules.findIndex((s) => s.rule === r.rule) === i);
  const parts = sentences.map((r) => r.message);
  if (overruns.length > 0) parts.push(overrunSentence(overruns, w));
  return { reason: first.reason, rule: first.rule, message: prefix + parts.join("; ") };
}

/** `; South's front row is empty (HB-8)` from an outcome's reason `HB-8: South's front row is empty`. */
export function overBecause(reason: string | undefined, rule: string): string {
  if (reason === undefined) return ` (${rule})`;
  const prefix = `${rule}: `;
  return `; ${reason.startsWith(prefix) ? reason.slice(prefix.length) : reason} (${rule})`;
}
