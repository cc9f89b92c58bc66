// firmware-protocol/vectors/gems.jsonl: sequences of 2x5+2 snapshots and what a host makes of each
// (PROTOCOL.md §7, revision 1.3): a settled reading with its readings, an unsettled one, or a
// gem in two places, which is a sensor fault and never a reading.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBoardLine, readingsOf } from "../../src/protocol/index.js";
import { readingNames } from "../../src/shared/index.js";

interface Step {
  readonly line: string;
  readonly host: "settled" | "unsettled" | "tag-conflict" | "sensor-fault";
  readonly readings?: Readonly<Record<string, number>>;
}

interface Sequence {
  readonly note: string;
  readonly steps: readonly Step[];
}

const url = new URL("../../firmware-protocol/vectors/gems.jsonl", import.meta.url);
const sequences = readFileSync(url, "utf8")
  .split("\n")
  .filter((l) => l.length > 0)
  .map((l) => JSON.parse(l) as Sequence);

/** What a host makes of one line, as kete's session does. */
function hostView(line: string): {
  host: Step["host"] | string;
  readings?: Record<string, number>;
} {
  const parsed = parseBoardLine(line);
  if (!parsed.ok) {
    const conflict =
      parsed.error.code === "inconsistent" && parsed.error.field?.startsWith("gems.");
    return { host: conflict === true ? "tag-conflict" : parsed.error.code };
  }
  const m = parsed.value;
  if (m.type === "error" && m.code === "sensor-fault") return { host: "sensor-fault" };
  if (m.type !== "snapshot" || m.board.geometry !== "2x5+2") return { host: m.type };
  if (!m.settled) return { host: "unsettled" };
  const names = readingNames("2x5+2");
  const readings: Record<string, number> = {};
  readingsOf(m.board).forEach((r, i) => {
    if (r !== null && r !== 0) readings[names[i] ?? ""] = r;
  });
  return { host: "settled", readings };
}

describe("2x5+2 sequences (gems.jsonl)", () => {
  it("cover lag, flicker, a dead tag, a tag read twice, a board breaking the rule, a capture", () => {
    expect(sequences.length).toBeGreaterThanOrEqual(6);
    const kinds = new Set(sequences.flatMap((s) => s.steps.map((x) => x.host)));
    expect([...kinds].sort()).toEqual(["sensor-fault", "settled", "tag-conflict", "unsettled"]);
  });

  for (const seq of sequences) {
    it(seq.note, () => {
      for (const step of seq.steps) {
        const seen = hostView(step.line);
        expect(seen.host, step.line).toBe(step.host);
        if (step.host === "settled") expect(seen.readings, step.line).toEqual(step.readings);
      }
      // Every settled reading holds each gem at most once and ten plain stones at most.
      for (const step of seq.steps.filter((s) => s.host === "settled")) {
        const r = step.readings ?? {};
        const gems = Object.keys(r).filter((k) => k.includes(":"));
        expect(new Set(gems.map((k) => k.split(":")[1])).size).toBe(gems.length);
      }
    });
  }
});
