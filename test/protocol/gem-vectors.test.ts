// firmware-protocol/vectors/gems.jsonl: sequences of 2x5+2 snapshots and what a host makes of each
// (PROTOCOL.md §7, revision 1.3): a settled reading with its readings, an unsettled one, or a
// gem in two places, which is a sensor fault and never a reading.
import { describe, expect, it } from "vitest";
import { hostView, vectorSequences } from "./vector-host.js";

const sequences = vectorSequences("gems.jsonl");

describe("2x5+2 sequences (gems.jsonl)", () => {
  it("cover lag, flicker, a dead tag, a tag read twice, a board breaking the rule, a capture", () => {
    expect(sequences.length).toBeGreaterThanOrEqual(6);
    const kinds = new Set(sequences.flatMap((s) => s.steps.map((x) => x.host)));
    expect([...kinds].sort()).toEqual(["sensor-fault", "settled", "tag-conflict", "unsettled"]);
  });

  for (const seq of sequences) {
    it(seq.note, () => {
      for (const step of seq.steps) {
        const seen = hostView(step.line, "2x5+2", true);
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
