/**
 * The firmware-protocol vector files as the vector tests read them (one JSON
 * sequence a line), and what a host makes of one board line, as kete's
 * session does: an error code, a sensor fault, an unsettled board, or the
 * settled readings by name.
 */
import { readFileSync } from "node:fs";
import { parseBoardLine, readingsOf } from "../../src/protocol/index.js";
import { readingNames } from "../../src/shared/index.js";

export interface VectorStep {
  readonly line: string;
  readonly host: string;
  readonly readings?: Readonly<Record<string, number>>;
  readonly note?: string;
}

export interface VectorSequence {
  readonly note: string;
  readonly steps: readonly VectorStep[];
}

/** The sequences of firmware-protocol/vectors/`file`. */
export function vectorSequences(file: string): VectorSequence[] {
  const url = new URL(`../../firmware-protocol/vectors/${file}`, import.meta.url);
  return readFileSync(url, "utf8")
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as VectorSequence);
}

/** A host's view of `line` on a `geometry` board; `tagConflict` names a refused gem list as such. */
export function hostView(
  line: string,
  geometry: "2x5+2" | "hex61",
  tagConflict = false,
): { host: string; readings?: Record<string, number> } {
  const parsed = parseBoardLine(line);
  if (!parsed.ok) {
    const conflict =
      tagConflict &&
      parsed.error.code === "inconsistent" &&
      parsed.error.field?.startsWith("gems.") === true;
    return { host: conflict ? "tag-conflict" : parsed.error.code };
  }
  const m = parsed.value;
  if (m.type === "error" && m.code === "sensor-fault") return { host: "sensor-fault" };
  if (m.type !== "snapshot" || m.board.geometry !== geometry) return { host: m.type };
  if (!m.settled) return { host: "unsettled" };
  const names = readingNames(geometry);
  const readings: Record<string, number> = {};
  readingsOf(m.board).forEach((r, i) => {
    if (r !== null && r !== 0) readings[names[i] ?? ""] = r;
  });
  return { host: "settled", readings };
}
