/**
 * `--option name=value` on the command line: strings coerced to the JSON value
 * a game's option takes (`200` → 200, `null` → null, `true` → true), then
 * checked like engine requests. Shared by every command that takes options.
 */
import type { Game, OptionSpec, OptionValue } from "../games/index.js";
import { err, ok, type Result } from "../shared/index.js";
import { checkOptionValue, describeAllowed, unknownOptionMessage } from "../engine/index.js";

/** The value a command-line string stands for under this option's spec. */
export function coerceOptionValue(spec: OptionSpec, text: string): Result<OptionValue> {
  const field = `options.${spec.name}`;
  let value: unknown;
  if (spec.check !== undefined) {
    // A list or an object (Abalone's leaveOut, pushOffsToWin): written as JSON; text that
    // is no JSON stands for itself (Abalone's neutral=E5), which the option's check judges.
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      value = text;
    }
  } else if (spec.values !== null) {
    // Listed values: match by their written form, so "true", "200" and "null" work too.
    value = spec.values.find((v) => String(v) === text);
  } else if (text === "null") {
    value = null;
  } else if (/^[+-]?\d+$/.test(text)) {
    value = Number(text);
  }
  if (value === undefined) {
    return err(
      "bad-option",
      `${field}: ${JSON.stringify(text)} is not allowed (${spec.rule}); expected ${describeAllowed(spec)}`,
      { field, rule: spec.rule },
    );
  }
  return checkOptionValue(spec, value);
}

/** Reads `name=value` assignments (a later one for the same name wins). */
export function parseOptionAssignments(
  game: Game,
  assignments: readonly string[],
): Result<Record<string, OptionValue>> {
  const out: Record<string, OptionValue> = {};
  for (const assignment of assignments) {
    const eq = assignment.indexOf("=");
    if (eq <= 0) {
      return err("bad-option", `--option ${JSON.stringify(assignment)}: expected name=value`, {
        field: "options",
      });
    }
    const name = assignment.slice(0, eq);
    const spec = game.optionSpecs.find((s) => s.name === name);
    if (spec === undefined) {
      return err("bad-option", unknownOptionMessage(name, game.optionSpecs, game.id), {
        field: `options.${name}`,
      });
    }
    const value = coerceOptionValue(spec, assignment.slice(eq + 1));
    if (!value.ok) return value;
    out[name] = value.value;
  }
  return ok(out);
}

/** Commander's collector for a repeatable option: `--option a=1 --option b=2`. */
export function collect(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
