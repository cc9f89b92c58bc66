/**
 * Errors as values. Every function that judges outside input (a position, a
 * move string, an option) returns a `Result` instead of throwing, so callers
 * such as `kete engine` can answer a bad request and keep serving.
 */

/** A rule or field at fault, in words a player or a programmer can act on. */
export interface KeteError {
  /** Stable machine-readable code, e.g. `illegal-move`, `bad-position`. */
  readonly code: string;
  /** One sentence: what was wrong, citing the rule id or field where there is one. */
  readonly message: string;
  /** The rule id at fault (`HB-4`, `CORE-5` …), when a rule is. */
  readonly rule?: string;
  /** The JSON field at fault (`pits.B`, `options.direction` …), when a field is. */
  readonly field?: string;
}

export type Result<T, E = KeteError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err(
  code: string,
  message: string,
  where: { rule?: string; field?: string } = {},
): Result<never> {
  const error: KeteError = { code, message, ...where };
  return { ok: false, error };
}

/**
 * A short, safe rendering of an outside value for an error message: never
 * throws (deeply nested or cyclic input), never longer than about 40 characters.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
