/**
 * Reading a game's rule options from outside input (engine requests, CLI
 * flags, journal headers): every option filled in, unknown names and bad
 * values refused with a message naming the field.
 */
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import type { OptionSpec, OptionValue, Options } from "./types.js";
import type { GameError } from "./errors.js";

function describe(spec: OptionSpec): string {
  if (spec.accepts !== undefined) return spec.accepts;
  if (spec.values !== null) return spec.values.map((v) => JSON.stringify(v)).join(", ");
  const range =
    spec.max === undefined
      ? `a whole number ≥ ${spec.min ?? 0}`
      : `a whole number from ${spec.min ?? 0} to ${spec.max}`;
  return spec.nullable ? `null or ${range}` : range;
}

export function checkOptionValue(
  spec: OptionSpec,
  value: unknown,
  field: string,
): Result<OptionValue, GameError> {
  if (spec.check !== undefined) return spec.check(value, field);
  if (spec.values !== null) {
    const found = spec.values.find((v) => v === value);
    if (found !== undefined) return ok(found);
  } else if (value === null && spec.nullable) {
    return ok(null);
  } else if (
    typeof value === "number" &&
    Number.isSafeInteger(value) &&
    value >= (spec.min ?? 0) &&
    (spec.max === undefined || value <= spec.max)
  ) {
    return ok(value);
  }
  return err(
    "bad-option",
    `${field} is ${describeValue(value)}; it must be ${describe(spec)} (${spec.rule})`,
    { field, rule: spec.rule },
  );
}

/** Fills in defaults and checks every given option; `gameId` only words the messages. */
export function resolveOptions(
  gameId: string,
  specs: readonly OptionSpec[],
  input: unknown,
  fieldPrefix = "options",
): Result<Options, GameError> {
  if (input === undefined || input === null) input = {};
  if (typeof input !== "object" || Array.isArray(input)) {
    return err("bad-option", `${fieldPrefix} must be an object of rule options`, {
      field: fieldPrefix,
    });
  }
  const given = input as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!specs.some((s) => s.name === name)) {
      const known = specs.map((s) => s.name).join(", ") || "none";
      return err(
        "bad-option",
        `${fieldPrefix}.${name} is not an option of ${gameId} (its options: ${known})`,
        { field: `${fieldPrefix}.${name}` },
      );
    }
  }
  const out: Record<string, OptionValue> = {};
  for (const spec of specs) {
    if (!(spec.name in given)) {
      out[spec.name] = spec.default;
      continue;
    }
    const checked = checkOptionValue(spec, given[spec.name], `${fieldPrefix}.${spec.name}`);
    if (!checked.ok) return checked;
    out[spec.name] = checked.value;
  }
  return ok(out);
}
