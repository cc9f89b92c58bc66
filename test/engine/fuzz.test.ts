/**
 * Fuzzing the request handler: whatever the line, it never throws and answers
 * exactly one line of JSON holding either an answer or an error (and never an
 * `internal` error, which would mean a bug).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANSWER_KEYS, COMMANDS, handleRequestLine } from "../../src/engine/index.js";
import { games } from "../../src/games/index.js";
import { ask, type Json } from "./helpers.js";

/** Checks the answer to one line; says what kind of answer it was. */
function checkAnswer(line: string): "blank" | "error" | "answer" {
  const answer = handleRequestLine(line);
  if (line.trim() === "") {
    expect(answer).toBeNull();
    return "blank";
  }
  expect(typeof answer).toBe("string");
  const text = answer ?? "";
  expect(text).not.toMatch(/[\n\r\u2028\u2029]/);
  const parsed: unknown = JSON.parse(text);
  expect(typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)).toBe(true);
  const keys = Object.keys(parsed as Json).filter((k) => k !== "id");
  expect(keys.length).toBeGreaterThan(0);
  if (keys.includes("error")) {
    expect(keys).toEqual(["error"]);
    const error = (parsed as { error: Json }).error;
    expect(typeof error.code).toBe("string");
    expect(typeof error.message).toBe("string");
    expect(error.code, String(error.message)).not.toBe("internal");
    return "error";
  }
  for (const k of keys) expect(ANSWER_KEYS as readonly string[]).toContain(k);
  return "answer";
}

/** Positions reachable in a few plies in every game and a few option sets. */
function positionPool(): Json[] {
  const pool: Json[] = [];
  const optionSets: Json[] = [{}, { capture: "optional" }, { direction: "ccw" }, { maxStages: 5 }];
  for (const game of games) {
    for (const options of optionSets) {
      const start = ask({ cmd: "initial", game: game.id, options });
      if (!("position" in start)) continue;
      let position = start.position as Json;
      for (let ply = 0; ply < 12; ply++) {
        pool.push(position);
        const moves = ask({ cmd: "legal", position, limit: 50 }).moves as Json[] | undefined;
        if (moves === undefined || moves.length === 0) break;
        position = moves[(ply * 7 + 3) % moves.length].position as Json;
      }
    }
  }
  return pool;
}

const pool = positionPool();
const gameIds = games.map((g) => g.id);

/** A position from the pool, possibly with one field, row or pit replaced or removed. */
const positionArb: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.constantFrom(...(pool.length > 0 ? pool : [{}])),
    fc.constantFrom("none", "none", "field", "delete", "row", "pit", "count", "replace"),
    fc.constantFrom("game", "options", "toMove", "pits", "extra"),
    fc.constantFrom("A", "B", "C", "D", "E"),
    fc.nat(9),
    fc.jsonValue({ maxDepth: 2 }),
    fc.integer({ min: -3, max: 70 }),
  )
  .map(([base, how, field, row, pit, value, count]) => {
    const p = structuredClone(base) as Json;
    const pits = (p.pits ?? {}) as Record<string, unknown>;
    switch (how) {
      case "field":
        p[field] = value;
        break;
      case "delete":
        delete p[field];
        break;
      case "row":
        pits[row] = value;
        break;
      case "pit":
      case "count": {
        const r = pits[row];
        if (Array.isArray(r)) r[pit] = how === "pit" ? value : count;
        break;
      }
      case "replace":
        return value;
    }
    return p;
  });

const requestArb = fc.record(
  {
    cmd: fc.oneof(
      fc.constantFrom(...COMMANDS),
      fc.string({ maxLength: 8 }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    game: fc.oneof(fc.constantFrom(...gameIds, "nope"), fc.jsonValue({ maxDepth: 1 })),
    options: fc.oneof(
      fc.dictionary(
        fc.constantFrom("direction", "capture", "maxStages", "other"),
        fc.oneof(
          fc.constantFrom("free", "cw", "ccw", "mandatory", "optional", 1, 200, 0, null),
          fc.jsonValue({ maxDepth: 1 }),
        ),
      ),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    position: positionArb,
    move: fc.oneof(
      fc.stringMatching(/^[A-E][0-9][+-](\/[x.]{0,4})?$/),
      fc.string({ maxLength: 12 }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    limit: fc.oneof(fc.nat(30), fc.integer({ min: -5, max: 5 }), fc.jsonValue({ maxDepth: 1 })),
    id: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

describe("fuzzing handleRequestLine", () => {
  it("has a pool of positions to work from", () => {
    expect(pool.length).toBeGreaterThan(50);
  });

  it("answers random strings", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })),
        (s) => void checkAnswer(s),
      ),
      { numRuns: 500 },
    );
  });

  it("answers random JSON-looking text", () => {
    const jsonish = fc
      .array(
        fc.constantFrom(
          "{",
          "}",
          "[",
          "]",
          ",",
          ":",
          '"cmd"',
          '"games"',
          '"id"',
          "1",
          "null",
          " ",
          "\\",
          '"',
        ),
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(jsonish, (s) => void checkAnswer(s)),
      { numRuns: 1000 },
    );
  });

  it("answers random JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => void checkAnswer(JSON.stringify(v))),
      { numRuns: 1000 },
    );
  });

  it("answers random requests shaped like the protocol", () => {
    const kinds = { blank: 0, error: 0, answer: 0 };
    fc.assert(
      fc.property(requestArb, (r) => {
        kinds[checkAnswer(JSON.stringify(r))]++;
      }),
      { numRuns: 2000 },
    );
    // The requests reach past the first checks often enough to matter.
    expect(kinds.answer).toBeGreaterThan(100);
  });

  it("answers legal moves of pool positions with consistent apply", () => {
    fc.assert(
      fc.property(fc.constantFrom(...pool), fc.nat(40), (position, k) => {
        const legal = ask({ cmd: "legal", position, limit: 40 });
        const moves = legal.moves as Json[];
        if (moves.length === 0) {
          expect(ask({ cmd: "outcome", position }).outcome).not.toBeNull();
          return;
        }
        const m = moves[k % moves.length];
        expect(ask({ cmd: "apply", position, move: m.move })).toEqual({
          position: m.position,
          trace: m.trace,
        });
      }),
      { numRuns: 300 },
    );
  });
});
