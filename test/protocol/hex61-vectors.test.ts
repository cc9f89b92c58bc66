// firmware-protocol/vectors/hex61.jsonl: sequences of hex61 lines and what a host makes of each
// (PROTOCOL.md §5.3, §7, §12.2, §13): a settled reading with its readings (`E5:b`), an unsettled
// one (a marble rolling, a hall sensor flickering), a sensor fault, or the error code of a line
// the host drops (wrong hole count, a bad colour letter, a bad mask, flag against mask …).
import { describe, expect, it } from "vitest";
import { formatBoardMessage, parseBoardLine } from "../../src/protocol/index.js";
import { GEOMETRIES } from "../../src/shared/index.js";
import { hostView, vectorSequences } from "./vector-host.js";

const sequences = vectorSequences("hex61.jsonl");

const ERROR_CODES = ["wrong-field-count", "bad-field", "inconsistent", "bad-checksum"];

describe("hex61 sequences (hex61.jsonl)", () => {
  it("cover a push with its transients, a flicker, a faulty hole and the lines a host drops", () => {
    expect(sequences.length).toBeGreaterThanOrEqual(4);
    const kinds = new Set(sequences.flatMap((s) => s.steps.map((x) => x.host)));
    expect([...kinds].sort()).toEqual(
      [...ERROR_CODES, "sensor-fault", "settled", "unsettled"].sort(),
    );
    const dropped = sequences.flatMap((s) => s.steps.filter((x) => ERROR_CODES.includes(x.host)));
    expect(dropped.length).toBeGreaterThanOrEqual(15);
    expect(dropped.every((x) => (x.note ?? "").length > 0)).toBe(true);
  });

  for (const seq of sequences) {
    it(seq.note, () => {
      for (const step of seq.steps) {
        const seen = hostView(step.line, "hex61");
        expect(seen.host, `${step.note ?? ""}: ${step.line}`).toBe(step.host);
        if (step.host === "settled") expect(seen.readings, step.line).toEqual(step.readings);
      }
      // A settled reading holds at most one marble a hole, and at most 14 of each colour.
      for (const step of seq.steps.filter((s) => s.host === "settled")) {
        const names = Object.keys(step.readings ?? {});
        const holes = names.map((n) => n.split(":")[0]);
        expect(new Set(holes).size).toBe(holes.length);
        expect(holes.every((h) => GEOMETRIES.hex61.cells.includes(h ?? ""))).toBe(true);
        for (const c of ["b", "w"]) {
          expect(names.filter((n) => n.endsWith(`:${c}`)).length).toBeLessThanOrEqual(14);
        }
      }
    });
  }

  it("every line kete reads back it also writes, byte for byte", () => {
    for (const step of sequences.flatMap((s) => s.steps)) {
      const parsed = parseBoardLine(step.line);
      if (!parsed.ok) continue;
      const again = formatBoardMessage(parsed.value);
      expect(again.ok && again.value, step.line).toBe(step.line);
    }
  });
});
