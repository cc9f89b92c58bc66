/**
 * `--option name=value` on the command line: strings coerced to the JSON value
 * a game's option takes (`200` → 200, `null` → null, `true` → true), then
 * checked like engine requests. Shared by every command that takes options.
 */
import type { Game, OptionSpec, OptionValue } from "../games/index.js";
import { err, ok, type Result } from "../shared/index.js";
import { checkOptionValue, describeAllowed, unknownOptionMessage } from "../engine/index.js";
import type { CliError } from "./errors.js";

/** The value a command-line string stands for under this option's spec. */
export function coerceOptionValue(spec: OptionSpec, text: string): Result<OptionValue, CliError> {
  const field = `options.${spec.name}`;
  let value: unknown;
  if (spec.check !== undefined) {
    // A list or an object (Abalone's leaveOut, pushOffsToWin): JSON, or the same without
    // quotes as `kete export` writes it (`{b:6,w:6}`, `[A1,B2]`); text that is neither
    // stands for itself (Abalone's neutral=E5), which the option's check judges.
    const parsed = relaxedJson(text); // null is a value (`seed=null`), undefined no JSON
    value = parsed === undefined ? text : parsed;
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

/**
 * JSON, or JSON whose names and words are left unquoted or in single quotes
 * (`{b:6,w:6}`, `{'b':6}`, `[A1,B2]`): what a shell leaves of a typed
 * value, and what `kete export` writes (issue 32). Undefined if neither.
 */
export function relaxedJson(text: string): unknown {
  const parse = (t: string): unknown => {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return undefined;
    }
  };
  const strict = parse(text);
  if (strict !== undefined) return strict;
  const quoted = text
    .replace(/'([^'"]*)'/g, '"$1"')
    .replace(
      /(^|[[{,:])\s*([A-Za-z_][\w-]*)\s*(?=[\]},:]|$)/g,
      (all, before: string, word: string) =>
        word === "true" || word === "false" || word === "null" ? all : `${before}"${word}"`,
    );
  return parse(quoted);
}

/** Reads `name=value` assignments (a later one for the same name wins). */
export function parseOptionAssignments(
  game: Game,
  assignments: readonly string[],
): Result<Record<string, OptionValue>, CliError> {
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
