/**
 * Errors as values. Every function that judges outside input (a position, a
 * move string, an option) returns a `Result` instead of throwing, so callers
 * such as `kete engine` can answer a bad request and keep serving.
 */

/**
 * A rule or field at fault, in words a player or a programmer can act on.
 *
 * `C` is the union of codes the producing layer can give (each layer names
 * its own: `GameErrorCode` in games, `ParseErrorCode` in protocol,
 * `BoardErrorCode`… see docs/architecture.md, "Errors"), so a function typed
 * `Result<T, GameError>` cannot return a code its layer does not list. The
 * default, any code, is for code that only passes an error on or shows it.
 */
export interface KeteError<C extends string = string> {
  /** Stable machine-readable code, e.g. `illegal-move`, `bad-position`. */
  readonly code: C;
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

/**
 * A failed `Result`. The code's literal type is kept (`err("bad-pit", …)` is a
 * `Result<never, KeteError<"bad-pit">>`), so the layer's declared error type
 * decides whether the code is one it may give.
 */
export function err<const C extends string>(
  code: C,
  message: string,
  where: { rule?: string; field?: string } = {},
): Result<never, KeteError<C>> {
  const error: KeteError<C> = { code, message, ...where };
  return { ok: false, error };
}

/**
 * The codes a bad cell of a snapshot is reported with (a shape's section of
 * the line codec): a subset of the protocol's `ParseErrorCode`
 * (PROTOCOL.md §8), which the protocol checks at compile time.
 */
export type CellErrorCode = "bad-field" | "out-of-range" | "wrong-field-count" | "inconsistent";
export type CellError = KeteError<CellErrorCode>;

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
