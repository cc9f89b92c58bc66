/**
 * One scenario per rule of glassperlenspiel.md and its Clarifications, the
 * rule id in each test's name. Positions are written with ./helpers.ts: a pit
 * as "stones gems…", cups as tag lists.
 */
import { describe, expect, it } from "vitest";
import { endOf } from "../../../src/games/glassperlenspiel/turn.js";
import { Sower } from "../../../src/games/glassperlenspiel/sowing.js";
import type { GlassPosition } from "../../../src/games/glassperlenspiel/index.js";
import { keyOf } from "../../../src/games/glassperlenspiel/position.js";
import {
  ENDGAME,
  NORTH_GEMS,
  START,
  SOUTH_GEMS,
  at,
  gp,
  moves,
  parse,
  play,
  refused,
} from "./helpers.js";

const START_KEY = "S|1S5|1S4|1S3|1S2|1S1|1N1|1N2|1N3|1N4|1N5||";
/** Stones-only phase: South has captured North's gems, North South's. */
const STONES_ONLY = { S: NORTH_GEMS, N: SOUTH_GEMS };

function pits(trace: readonly { op: string; pit: string }[], op: string): string[] {
  return trace.filter((s) => s.op === op).map((s) => s.pit);
}

describe("GB-1 setup", () => {
  it("GB-1: one stone and one gem a pit, gem 1 in each owner's rightmost pit, South to move", () => {
    const start = gp.initial();
    expect(start.ok && gp.positionToJSON(start.value)).toEqual(START);
  });

  it("GB-1: the game has no rule options", () => {
    expect(gp.optionSpecs).toEqual([]);
    expect(gp.initial({ maxStages: 200 }).ok).toBe(false);
  });

  it("GB-1: from the start South has ten moves, two bead orders of each pit", () => {
    expect(moves(START)).toEqual(
      ["A1:S5s", "A1:sS5", "A2:S4s", "A2:sS4", "A3:S3s", "A3:sS3"].concat([
        "A4:S2s",
        "A4:sS2",
        "A5:S1s",
        "A5:sS1",
      ]),
    );
  });
});

describe("GB-2 sowing", () => {
  it("GB-2: North sows counter-clockwise in the same circuit (B3: B2, B1, A1)", () => {
    const { trace } = play(at("N", { B3: "3", A3: "7" }, STONES_ONLY), "B3:sss");
    expect(trace).toEqual([
      { op: "lift", pit: "B3", n: 3, stones: 3, gems: [] },
      { op: "sow", pit: "B2", bead: "s" },
      { op: "sow", pit: "B1", bead: "s" },
      { op: "sow", pit: "A1", bead: "s" },
    ]);
  });

  it("GB-2: South sows A1→A5, then B5→B1", () => {
    const { trace } = play(at("S", { A4: "3", B3: "7" }, STONES_ONLY), "A4:sss");
    expect(pits(trace, "sow")).toEqual(["A5", "B5", "B4"]);
  });

  it("GB-2: a lap passes over the start pit, which is empty at the end; a pit can receive two beads", () => {
    const p = at("S", { A3: "10 S1" }, { S: NORTH_GEMS, N: ["S2", "S3", "S4", "S5"] });
    const { after, trace } = play(p, "A3:S1ssssssssss");
    expect(pits(trace, "sow")).toEqual([
      "A4",
      "A5",
      "B5",
      "B4",
      "B3",
      "B2",
      "B1",
      "A1",
      "A2",
      "A4",
      "A5",
    ]);
    expect(after.pits.A3).toEqual({ stones: 0, gems: [] });
    expect(after.pits.A4).toEqual({ stones: 1, gems: ["S1"] });
    expect(after.pits.A5).toEqual({ stones: 2, gems: [] });
  });

  it("GB-2: move identity: stones are alike, each distinct bead order is one move", () => {
    const p = at(
      "S",
      { A1: "2 S5", A5: "1", B1: "7" },
      { S: NORTH_GEMS, N: ["S1", "S2", "S3", "S4"] },
    );
    expect(moves(p)).toEqual(["A1:S5ss", "A1:sS5s", "A1:ssS5", "A5:s"]);
  });

  it("GB-2: move identity: a gem on the first or second visit of a pit is two moves with one position", () => {
    const p = at("S", { A3: "10 S1" }, { S: NORTH_GEMS, N: ["S2", "S3", "S4", "S5"] });
    const first = play(p, "A3:S1ssssssssss");
    const second = play(p, "A3:sssssssssS1s");
    expect(second.after).toEqual(first.after);
    expect(second.trace).not.toEqual(first.trace);
    expect(moves(p)).toContain("A3:sssssssssS1s");
    expect(moves(p)).toContain("A3:S1ssssssssss");
  });

  it("GB-2: a move names exactly the start pit's beads, in sowing order", () => {
    for (const move of ["A1:ss", "A1:S5", "A1:S5S5", "A1:S4s", "A1:S5ss"]) {
      expect(refused(START, move).rule, move).toBe("GB-2");
    }
    expect(refused(START, "A1:ss").code).toBe("illegal-move");
    expect(refused(START, "A1-").code).toBe("bad-move");
  });

  it("GB-2: a turn starts from an own non-empty pit", () => {
    expect(refused(START, "B1:N1s").rule).toBe("GB-2");
    expect(gp.refusal(parse(START), { kind: "start", place: "B1" })).toMatchObject({
      reason: "not-own",
      rule: "GB-2",
    });
    const p = at("N", { B3: "3", A3: "7" }, STONES_ONLY);
    expect(gp.refusal(parse(p), { kind: "start", place: "B4" })).toMatchObject({
      reason: "too-few",
      rule: "GB-2",
    });
    expect(gp.refusal(parse(p), { kind: "start", place: "B3" })).toBeNull();
    expect(gp.refusal(parse(p), { kind: "place", place: "B3" })?.rule).toBe("GB-2");
  });

  it("GB-2: cups are never sown into", () => {
    const p = at("S", { A3: "10 S1" }, { S: NORTH_GEMS, N: ["S2", "S3", "S4", "S5"] });
    for (const m of gp.legal(parse(p), 5000).moves) {
      for (const step of m.trace) if (step.op === "sow") expect(step.pit).toMatch(/^[AB][1-5]$/);
    }
  });
});

describe("GB-3 capture", () => {
  const direct = at("S", { A4: "2", A1: "8 S1 S2 S3 S4 S5", B5: "0 N5", B1: "0 N1 N2 N3 N4" });

  it("GB-3: direct: the last stone falls on a lone gem, which goes to the mover's cup; the stone stays", () => {
    const { after, trace } = play(direct, "A4:ss");
    expect(trace.slice(-1)).toEqual([{ op: "capture", pit: "B5", n: 1, gem: "N5", to: "SC" }]);
    expect(after.pits.B5).toEqual({ stones: 1, gems: [] });
    expect(after.cups.S).toEqual(["N5"]);
  });

  it("GB-3: only when the last bead is a stone", () => {
    const p = at("S", { A4: "1 S2", A1: "9 S1 S3 S4 S5", B5: "0 N5", B1: "0 N1 N2 N3 N4" });
    expect(play(p, "A4:S2s").after.cups.S).toEqual(["N5"]);
    expect(play(p, "A4:sS2").after.cups.S).toEqual([]);
    expect(pits(play(p, "A4:sS2").trace, "capture")).toEqual([]);
  });

  it("GB-3: only into an opponent pit that held exactly one bead", () => {
    const own = at("S", { A3: "1", A4: "1 S1", A1: "7 S2 S3 S4 S5", B1: "1" }, { S: NORTH_GEMS });
    expect(pits(play(own, "A3:s").trace, "capture")).toEqual([]);
    const two = at("S", {
      A4: "2",
      B5: "1 N5",
      A1: "7",
      A2: "0 S1 S2 S3 S4 S5",
      B1: "0 N1 N2 N3 N4",
    });
    expect(pits(play(two, "A4:ss").trace, "capture")).toEqual([]);
  });

  it("GB-3: the one bead may have been dropped earlier in the same sowing (a lap)", () => {
    // A5's ten beads: B5 (S1), B4…B1, A1…A4, then B5 again, where S1 lies alone.
    const p = at("S", { A5: "9 S1", A1: "1" }, { S: NORTH_GEMS, N: ["S2", "S3", "S4", "S5"] });
    const { after, trace } = play(p, "A5:S1sssssssss");
    expect(trace.slice(-1)).toEqual([{ op: "capture", pit: "B5", n: 1, gem: "S1", to: "SC" }]);
    expect(after.cups.S).toEqual(["N1", "N2", "N3", "N4", "N5", "S1"]);
  });

  it("GB-3: indirect: on a lone stone the mover takes any gem of the opponent's pits, of either set", () => {
    const p = at(
      "S",
      { A4: "2", B5: "1", B2: "0 N2 S3", B1: "0 N1", A1: "7 S1 S2 S4 S5" },
      { S: ["N3", "N4", "N5"] },
    );
    expect(moves(p).filter((m) => m.startsWith("A4"))).toEqual([
      "A4:ss/B1N1",
      "A4:ss/B2N2",
      "A4:ss/B2S3",
    ]);
    const { after, trace } = play(p, "A4:ss/B2S3");
    expect(trace.slice(-1)).toEqual([{ op: "capture", pit: "B2", n: 1, gem: "S3", to: "SC" }]);
    expect(after.cups.S).toEqual(["N3", "N4", "N5", "S3"]);
  });

  it("GB-3: indirect captures may take a gem this very move sowed into the opponent's row", () => {
    const p = at("S", { A5: "2 S3", B3: "1", A1: "7 S1 S2 S4 S5" }, { S: NORTH_GEMS });
    expect(moves(p).filter((m) => m.startsWith("A5"))).toEqual([
      "A5:S3ss/B5S3",
      "A5:sS3s/B4S3",
      "A5:ssS3",
    ]);
  });

  it("GB-3: indirect captures take from the opponent's cup only when their pits hold no gem, never from the mover's", () => {
    const p = at(
      "S",
      { A4: "2", B5: "1", A1: "7", A2: "0 S1 S2 S3 S4 S5" },
      { S: ["N1", "N2"], N: ["N3", "N4", "N5"] },
    );
    expect(moves(p).filter((m) => m.startsWith("A4"))).toEqual([
      "A4:ss/NCN3",
      "A4:ss/NCN4",
      "A4:ss/NCN5",
    ]);
  });

  it("GB-3: an indirect capture with no gem to take takes nothing and writes no '/'", () => {
    const p = at("S", { A4: "2", B5: "1", A1: "7", A2: "0 S1 S2 S3 S4 S5" }, { S: NORTH_GEMS });
    expect(moves(p).filter((m) => m.startsWith("A4"))).toEqual(["A4:ss"]);
    expect(refused(p, "A4:ss/NCN1").rule).toBe("GB-3");
  });

  it("GB-3: indirect captures are compulsory, and only gems that are there can be named", () => {
    const p = at(
      "S",
      { A4: "2", B5: "1", B2: "0 N2 S3", B1: "0 N1", A1: "7 S1 S2 S4 S5" },
      { S: ["N3", "N4", "N5"] },
    );
    expect(refused(p, "A4:ss").rule).toBe("GB-3");
    expect(refused(p, "A4:ss/B3N2").rule).toBe("GB-3");
    expect(refused(p, "A4:ss/A1S1").rule).toBe("GB-3");
    expect(refused(direct, "A4:ss/B1N1").rule).toBe("GB-3");
  });
});

describe("GB-4 multiple capture", () => {
  it("GB-4: a direct chain captures backwards from the last pit (the spec's A5:sss)", () => {
    const p = at(
      "S",
      { A5: "3", B5: "0 N5", B4: "0 N4", B3: "0 N3", A1: "7", A2: "0 S1 S2 S3 S4 S5" },
      { S: ["N1", "N2"] },
    );
    const { after, trace } = play(p, "A5:sss");
    expect(trace).toEqual([
      { op: "lift", pit: "A5", n: 3, stones: 3, gems: [] },
      { op: "sow", pit: "B5", bead: "s" },
      { op: "sow", pit: "B4", bead: "s" },
      { op: "sow", pit: "B3", bead: "s" },
      { op: "capture", pit: "B3", n: 1, gem: "N3", to: "SC" },
      { op: "capture", pit: "B4", n: 1, gem: "N4", to: "SC" },
      { op: "capture", pit: "B5", n: 1, gem: "N5", to: "SC" },
    ]);
    for (const pit of ["B3", "B4", "B5"]) expect(after.pits[pit]).toEqual({ stones: 1, gems: [] });
  });

  it("GB-4: the chain stops at the first drop that does not qualify; no pit is skipped", () => {
    const p = at(
      "S",
      { A5: "3", B5: "0 N5", B4: "1 N4", B3: "0 N3", A1: "6 S1 S2 S3 S4 S5" },
      { S: ["N1", "N2"] },
    );
    expect(pits(play(p, "A5:sss").trace, "capture")).toEqual(["B3"]);
  });

  it("GB-4: the chain keeps the kind of the first capture (a lone stone does not continue a direct chain)", () => {
    const p = at(
      "S",
      { A5: "3", B5: "0 N5", B4: "1", B3: "0 N3", A1: "6 S1 S2 S3 S4 S5" },
      { S: ["N1", "N2", "N4"] },
    );
    expect(pits(play(p, "A5:sss").trace, "capture")).toEqual(["B3"]);
  });

  it("GB-4: an indirect chain of k takes k gems; only the set matters, written ascending", () => {
    const p = at(
      "S",
      { A5: "2", B5: "1", B4: "1", B2: "0 N1 N2 N3", A1: "6 S1 S2 S3 S4 S5" },
      { S: ["N4", "N5"] },
    );
    expect(moves(p).filter((m) => m.startsWith("A5"))).toEqual([
      "A5:ss/B2N1B2N2",
      "A5:ss/B2N1B2N3",
      "A5:ss/B2N2B2N3",
    ]);
    expect(pits(play(p, "A5:ss/B2N1B2N3").trace, "capture")).toEqual(["B2", "B2"]);
    expect(play(p, "A5:ss/B2N1B2N3").trace.slice(-2)).toEqual([
      { op: "capture", pit: "B2", n: 1, gem: "N1", to: "SC" },
      { op: "capture", pit: "B2", n: 1, gem: "N3", to: "SC" },
    ]);
    expect(refused(p, "A5:ss/B2N3B2N1").rule).toBe("GB-3");
    expect(refused(p, "A5:ss/B2N1").rule).toBe("GB-4");
  });

  it("GB-4: an indirect chain takes every gem of the opponent's pits, then from their cup", () => {
    const p = at(
      "S",
      { A5: "2", B5: "1", B4: "1", B2: "0 N1", A1: "6 S1 S2 S3 S4 S5" },
      { S: ["N4"], N: ["N2", "N3", "N5"] },
    );
    expect(moves(p).filter((m) => m.startsWith("A5"))).toEqual([
      "A5:ss/B2N1NCN2",
      "A5:ss/B2N1NCN3",
      "A5:ss/B2N1NCN5",
    ]);
    expect(refused(p, "A5:ss/NCN2NCN3").rule).toBe("GB-3");
  });
});

describe("GB-5 feeding", () => {
  // North's row is empty and a gem lies in a pit: only A3 reaches North's row.
  const hungry = at(
    "S",
    { A1: "2 S1", A2: "3", A3: "4", A4: "1" },
    { S: NORTH_GEMS, N: ["S2", "S3", "S4", "S5"] },
  );

  it("GB-5: the mover must choose a sowing that puts a bead into the opponent's empty row", () => {
    expect(moves(hungry)).toEqual(["A3:ssss"]);
    expect(refused(hungry, "A2:sss").rule).toBe("GB-5");
    expect(gp.refusal(parse(hungry), { kind: "start", place: "A1" })).toMatchObject({
      reason: "other",
      rule: "GB-5",
    });
    expect(gp.refusal(parse(hungry), { kind: "start", place: "A3" })).toBeNull();
  });

  it("GB-5: feeding no longer applies once every gem is in a cup (GB-6)", () => {
    const stonesOnly = at(
      "S",
      { A1: "2", A2: "3", A3: "4", A4: "1" },
      { S: NORTH_GEMS, N: SOUTH_GEMS },
    );
    expect(moves(stonesOnly)).toEqual(["A1:ss", "A2:sss", "A3:ssss", "A4:s"]);
  });

  it("GB-5: a player who must feed and cannot has lost (a board no valid position reaches)", () => {
    // One stone and one gem on the board: not a valid position, so built directly.
    const gems = [10, 10, 10, 10, 10, 0, 11, 11, 11, 11];
    const p: GlassPosition = {
      game: "glassperlenspiel",
      options: {},
      toMove: "S",
      stones: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      gems,
      history: [],
    };
    const s = new Sower();
    s.load(p.stones, p.gems, 0);
    expect(endOf(s, false)).toBe("GB-5");
    expect(gp.outcome(p)).toMatchObject({ winner: "N" });
    expect(gp.outcome(p)?.reason).toContain("(GB-5)");
    expect(gp.legal(p).moves).toEqual([]);
  });
});

describe("GB-6 endgame", () => {
  it("GB-6: the player to move with every pit empty ends the game; the opponent wins with 15 points or more", () => {
    const p = at(
      "S",
      { B1: "10" },
      { S: ["N1", "N2", "S1"], N: ["N3", "N4", "N5", "S2", "S3", "S4", "S5"] },
    );
    expect(gp.outcome(parse(p))).toMatchObject({ winner: "N", score: { S: 4, N: 26 } });
    expect(gp.outcome(parse(p))?.reason).toContain("(GB-6)");
    expect(moves(p)).toEqual([]);
  });

  it("GB-6: with fewer than 15 the opponent loses, and 15–15 is the opponent's win", () => {
    const fewer = at(
      "S",
      { B1: "10" },
      { S: ["N3", "N4", "N5", "S3", "S4"], N: ["N1", "N2", "S1", "S2", "S5"] },
    );
    expect(gp.outcome(parse(fewer))).toMatchObject({ winner: "S", score: { S: 19, N: 11 } });
    const even = at(
      "S",
      { B1: "10" },
      { S: ["N4", "N5", "S1", "S5"], N: ["N1", "N2", "N3", "S2", "S3", "S4"] },
    );
    expect(gp.outcome(parse(even))).toMatchObject({ winner: "N", score: { S: 15, N: 15 } });
  });

  it("GB-6: it applies in the gem phase too", () => {
    const p = at("N", { A1: "10 S1" }, { S: NORTH_GEMS, N: ["S2", "S3", "S4", "S5"] });
    expect(gp.outcome(parse(p))).toMatchObject({ winner: "S", score: { S: 15, N: 14 } });
  });

  it("GB-6: reached by play in the stones-only phase", () => {
    const p = at("N", { B1: "1", A3: "9" }, STONES_ONLY);
    const afterNorth = play(p, "B1:s").after;
    expect(gp.outcome(parse(afterNorth))).toBeNull();
    const afterSouth = play(afterNorth, "A1:s").after;
    expect(gp.outcome(parse(afterSouth))?.reason).toContain("(GB-6)");
  });
});

describe("GB-7 repetition", () => {
  it("GB-7: a move appends the key of the position it was played from", () => {
    const { after } = play(START, "A1:S5s");
    expect(after.history).toEqual([START_KEY]);
    const next = play(after, "B1:N1s").after;
    expect(next.history).toEqual([START_KEY, "N|0|1S4S5|2S3|1S2|1S1|1N1|1N2|1N3|1N4|1N5||"]);
  });

  it("GB-7: a move that takes a gem out of the pits empties the history", () => {
    const p = at("S", { A4: "2", A1: "8 S1 S2 S3 S4 S5", B5: "0 N5", B1: "0 N1 N2 N3 N4" });
    const withHistory = { ...p, history: [keyOf(parse({ ...p, toMove: "N" }))] };
    expect(play(withHistory, "A4:ss").after.history).toEqual([]);
  });

  it("GB-7: an indirect capture from the opponent's cup keeps the history going", () => {
    const p = at(
      "S",
      { A4: "2", B5: "1", A1: "7", A2: "0 S1 S2 S3 S4 S5" },
      { S: ["N1", "N2"], N: ["N3", "N4", "N5"] },
    );
    expect(play(p, "A4:ss/NCN3").after.history).toEqual([keyOf(parse(p))]);
  });

  it("GB-7: the third occurrence of a position ends the game: 15–15 is a draw", () => {
    // South to move from r; A4:s makes q, which has occurred twice before.
    const r = at("S", { A4: "1", B1: "9" }, STONES_ONLY);
    const q = play(r, "A4:s").after;
    const kq = keyOf(parse(q));
    const kr = keyOf(parse(r));
    expect(gp.outcome(parse(q))).toBeNull();
    const third = play({ ...r, history: [kq, kr, kq] }, "A4:s").after;
    expect(third.history).toEqual([kq, kr, kq, kr]);
    const over = gp.outcome(parse(third));
    expect(over).toMatchObject({ winner: null, score: { S: 15, N: 15 } });
    expect(over?.reason).toContain("(GB-7)");
    expect(moves(third)).toEqual([]);
    expect(gp.apply(parse(third), "B1:sssssssss").ok).toBe(false);
  });

  it("GB-7: the player with more points wins", () => {
    const p = ENDGAME;
    const k = keyOf(parse(p));
    const other = keyOf(parse({ ...p, toMove: "S" }));
    const over = gp.outcome(parse({ ...p, history: [k, other, k, other] }));
    expect(over).toMatchObject({ winner: "S", score: { S: 16, N: 14 } });
    expect(over?.reason).toContain("(GB-7)");
  });

  it("GB-7: the key writes each pit's stones then its tags ascending, each cup its tags", () => {
    expect(keyOf(parse(START))).toBe(START_KEY);
    const p = at(
      "N",
      { A1: "2 S4 N2", B3: "8" },
      { S: ["N1", "N3", "N4", "N5"], N: ["S1", "S2", "S3", "S5"] },
    );
    expect(keyOf(parse(p))).toBe("N|2N2S4|0|0|0|0|0|0|8|0|0|N1N3N4N5|S1S2S3S5");
  });
});
