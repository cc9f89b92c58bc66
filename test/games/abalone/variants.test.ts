/**
 * The AB-9 variants by example: each example of
 * docs/spec/engine-protocol-abalone-variants.md (shield, rotation, one
 * colour at the edge, a trap, the neutral marble, seats), the refusals of
 * shape misspellings with their rule, and a position written before AB-9.
 */
import { describe, expect, it } from "vitest";
import { abalone } from "../../../src/games/abalone/index.js";
import type { AbalonePosition } from "../../../src/games/abalone/index.js";
import { translator } from "../../../src/i18n/translator.js";
import { variantPosition as position } from "./helpers.js";

function steps(p: AbalonePosition, move: string): string[] {
  return (abalone.protocolTrace(p, move) as unknown as { op: string; [k: string]: string }[]).map(
    (s) =>
      s.op === "off"
        ? `off ${s.cell} ${s.colour}${s.trap === undefined ? "" : ` trap ${s.trap}`}`
        : `hole ${s.cell} ${s.from}→${s.to}`,
  );
}

function refusal(p: AbalonePosition, move: string): string {
  const r = abalone.apply(p, move);
  if (r.ok) throw new Error(`${move} was accepted`);
  return r.error.message;
}

describe("AB-9.7 shield and rotation", () => {
  it("the shield C3C4D4C2 moves the triangle one hole: two holes empty, two fill", () => {
    const p = position({ C3: "b", C4: "b", D4: "b" }, { shapes: true });
    expect(abalone.legal(p).moves.map((m) => m.move)).toContain("C3C4D4C2");
    expect(steps(p, "C3C4D4C2").join(", ")).toBe(
      "hole C2 e→b, hole C4 b→e, hole D3 e→b, hole D4 b→e",
    );
  });

  it("the rotation E4E5E6F5 turns the lance round E5; the arc E6 E5 F5 is named by its end E6", () => {
    const p = position({ E4: "b", E5: "b", E6: "b" }, { shapes: true });
    expect(steps(p, "E4E5E6F5").join(", ")).toBe(
      "hole D5 e→b, hole E4 b→e, hole E6 b→e, hole F5 e→b",
    );
    const arc = position({ E5: "b", E6: "b", F5: "b" }, { shapes: true });
    const moves = abalone.legal(arc).moves.map((m) => m.move);
    expect(moves).toContain("E5E6F5F6");
    expect(moves).toContain("E5E6F5D5");
    expect(steps(arc, "E5E6F5F6").join(", ")).toBe(
      "hole E4 e→b, hole E6 b→e, hole F5 b→e, hole F6 e→b",
    );
  });

  it("misspellings are refused with AB-9.7, and shapes only with the option", () => {
    const p = position({ E4: "b", E5: "b", E6: "b" }, { shapes: true });
    for (const wrong of ["E5E4E6F5", "E4E5E6E3", "E4E5E6D6", "E4E6E7F5"]) {
      expect(refusal(p, wrong), wrong).toMatch(/AB-9\.7/);
    }
    const plain = position({ E4: "b", E5: "b", E6: "b" });
    expect(refusal(plain, "E4E5E6F5")).toMatch(/only with the option shapes \(AB-9\.7\)/);
  });

  it("a shape never moves into an obstacle or a trap (AB-9.4, AB-9.5)", () => {
    const p = position({ E4: "b", E5: "b", E6: "b" }, { shapes: true, obstacles: ["F5"] });
    expect(refusal(p, "E4E5E6F5")).toMatch(/obstacle F5.*AB-9\.4/);
    const q = position({ E4: "b", E5: "b", E6: "b" }, { shapes: true, traps: ["D5"] });
    expect(refusal(q, "E4E5E6F5")).toMatch(/trap D5.*AB-9\.5/);
  });
});

describe("AB-9.2 one colour, AB-9.5 traps, AB-9.6 the neutral marble", () => {
  it("A3A2 with x on A1 A2 A3: two push A1 off; A2A1 with A2 A1 alone is refused (AB-3)", () => {
    const p = position({ A1: "x", A2: "x", A3: "x" }, { singleColour: true });
    expect(steps(p, "A3A2")).toEqual(["off A1 x", "hole A3 x→e"]);
    const after = abalone.apply(p, "A3A2");
    if (!after.ok) throw new Error(after.error.message);
    // Black pushed it: it is charged to White (off.w), Black's score: the sixth wins (AB-6).
    expect(abalone.outcome(after.value.position)?.winner).toBe("b");
    expect(abalone.positionToJSON(after.value.position).off).toEqual({ b: 5, w: 6 });
    // The marbles look alike (AB-9.2): the result counts marbles, never "white marbles".
    const won = abalone.outcome(after.value.position);
    expect(won?.reason).toBe("AB-6: Black has pushed 6 marbles off");
    if (won?.text === undefined) throw new Error("no result message");
    expect(translator("en").text(won.text)).toBe("AB-6: Black has pushed 6 marbles off");
    expect(translator("de").text(won.text)).toContain("6 Kugeln");
    expect(translator("de").text(won.text)).not.toMatch(/weiße|schwarze/);
    const q = position({ A1: "x", A2: "x" }, { singleColour: true });
    expect(abalone.apply(q, "A2A1").ok).toBe(false);
  });

  it("D2D3 pushes the white D4 into the trap D5: it leaves the game there", () => {
    const p = position({ D2: "b", D3: "b", D4: "w" }, { traps: ["D5"] });
    expect(steps(p, "D2D3")).toEqual(["off D4 w trap D5", "hole D2 b→e", "hole D4 w→b"]);
    // An own marble may not enter a trap.
    const q = position({ D4: "b" }, { traps: ["D5"] });
    expect(refusal(q, "D4D5")).toMatch(/AB-9\.5/);
  });

  it("the neutral marble: pushed like an opponent's, out only as neutralOff allows", () => {
    const cells = { E7: "b", E8: "b", E9: "n" };
    for (const neutralOff of ["forbidden", "counts", "wins"]) {
      const p = position(cells, { neutral: "E5", neutralOff }, {});
      // E5 is where it starts; here it stands on E9 (position given as is).
      const r = abalone.apply(p, "E7E8");
      if (neutralOff === "forbidden") {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.message).toMatch(/AB-9\.6/);
        continue;
      }
      if (!r.ok) throw new Error(r.error.message);
      const json = abalone.positionToJSON(r.value.position);
      expect(json.neutralOffBy).toBe("b");
      const outcome = abalone.outcome(r.value.position);
      if (neutralOff === "counts") expect(json.off).toEqual({ b: 5, w: 6 });
      else expect(outcome?.winner).toBe("b");
      if (neutralOff === "wins") expect(outcome?.reason).toMatch(/AB-9\.6/);
    }
  });
});

describe("AB-9.1 seats, and positions written before AB-9", () => {
  it("seat.c flips after each move of colour c", () => {
    const start = abalone.initial({ teams: "shared" });
    if (!start.ok) throw new Error(start.error.message);
    expect(abalone.positionToJSON(start.value).seat).toEqual({ b: 0, w: 0 });
    const one = abalone.apply(start.value, "C3D3");
    if (!one.ok) throw new Error(one.error.message);
    expect(abalone.positionToJSON(one.value.position).seat).toEqual({ b: 1, w: 0 });
    const plain = abalone.initial();
    if (!plain.ok) throw new Error(plain.error.message);
    const json = abalone.positionToJSON(plain.value);
    expect(abalone.parsePosition({ ...json, seat: { b: 0, w: 0 } }).ok).toBe(false);
  });

  it("a position without the AB-9 options reads them as their defaults", () => {
    const plain = abalone.initial();
    if (!plain.ok) throw new Error(plain.error.message);
    const json = abalone.positionToJSON(plain.value);
    const old = {
      ...json,
      options: {
        start: "standard",
        moveLimit: null,
        noPushLimit: null,
        leaveOut: [],
        pushOffsToWin: { b: 6, w: 6 },
      },
    };
    const read = abalone.parsePosition(old);
    if (!read.ok) throw new Error(read.error.message);
    expect(abalone.positionToJSON(read.value)).toEqual(json);
  });
});
