/**
 * Rule options checked against a game's `optionSpecs`, shared by `kete engine`
 * (JSON values) and the command line (strings coerced first, see src/cli/options.ts).
 */
import type { GameError, OptionSpec, OptionValue } from "../games/index.js";
import { err, ok, type Result } from "../shared/index.js";

/** `{name: default}` for every option of a game, in spec order. */
export function defaultOptions(specs: readonly OptionSpec[]): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const spec of specs) out[spec.name] = spec.default;
  return out;
}

/** A phrase listing what a spec accepts, for error messages. */
export function describeAllowed(spec: OptionSpec): string {
  if (spec.accepts !== undefined) return spec.accepts;
  if (spec.values !== null) return spec.values.map((v) => JSON.stringify(v)).join(", ");
  const min = spec.min ?? 0;
  return `a whole number >= ${min}${spec.nullable === true ? " or null" : ""}`;
}

/** Checks one JSON value against its spec. */
export function checkOptionValue(spec: OptionSpec, value: unknown): Result<OptionValue, GameError> {
  const field = `options.${spec.name}`;
  if (spec.check !== undefined) return spec.check(value, field);
  const bad = (): Result<never, GameError> =>
    err(
      "bad-option",
      `${field}: ${shortValue(value)} is not allowed (${spec.rule}); expected ${describeAllowed(spec)}`,
      { field, rule: spec.rule },
    );
  if (spec.values !== null) {
    const found = spec.values.find((v) => v === value);
    return found === undefined ? bad() : ok(found);
  }
  if (value === null) return spec.nullable === true ? ok(null) : bad();
  if (typeof value !== "number" || !Number.isSafeInteger(value)) return bad();
  if (value < (spec.min ?? 0)) return bad();
  return ok(value);
}

/**
 * Checks an `options` object: every key must name an option of the game and
 * every value must be allowed. Returns only the given options (the game fills
 * in the defaults).
 */
export function checkOptions(
  specs: readonly OptionSpec[],
  options: unknown,
  gameId: string,
): Result<Record<string, OptionValue>, GameError> {
  if (options === undefined) return ok({});
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    return err("bad-option", "options must be a JSON object", { field: "options" });
  }
  const out: Record<string, OptionValue> = {};
  for (const [name, value] of Object.entries(options)) {
    const spec = specs.find((s) => s.name === name);
    if (spec === undefined) {
      return err("bad-option", unknownOptionMessage(name, specs, gameId), {
        field: `options.${name}`,
      });
    }
    const checked = checkOptionValue(spec, value);
    if (!checked.ok) return checked;
    out[name] = checked.value;
  }
  return ok(out);
}

export function unknownOptionMessage(
  name: string,
  specs: readonly OptionSpec[],
  gameId: string,
): string {
  const known = specs.map((s) => s.name).join(", ");
  return `options.${name}: ${gameId} has no option ${JSON.stringify(name)}${
    known === "" ? " (it has no options)" : ` (options: ${known})`
  }`;
}

/**
 * A value from a request shown in an error message, cut short to 40
 * characters; a missing one is `absent`.
 */
export function shortValue(value: unknown, absent = "undefined"): string {
  if (value === undefined) return absent;
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object" && value !== null) return "an object";
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
