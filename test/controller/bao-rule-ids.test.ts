/**
 * Issue 18, item 3: Bao's wrong and skipped pits cite CORE-1, a sowing
 * turned back CORE-2 and a touch out of turn CORE-7, which the Bao rules
 * file states (docs/rules/bao-kiswahili.md, an exact copy of the shared rules: test/docs/shared-copies.test.ts);
 * the rule ids come from the Bao game's rule book (the controller names no
 * game). Both Bao games, both kinds of sowing (a takasa, a mtaji capture).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import { at, boardOf, change, feed, initial, session, stepBoards, traceOf } from "./scenario.js";

const k0 = initial("bao-kiswahili");
const j0 = initial("bao-kujifunza");

describe("the Bao rules file states CORE-1, CORE-2 and CORE-7 for Bao", () => {
  const text = readFileSync(new URL("../../docs/rules/bao-kiswahili.md", import.meta.url), "utf8");

  it("docs/rules/bao-kiswahili.md names the three ids", () => {
    for (const id of ["CORE-1", "CORE-2", "CORE-7"]) expect(text).toContain(`(${id}`);
  });

  it.each(["bao-kiswahili", "bao-kujifunza"])("%s's rule book gives them", (id) => {
    const game = findGame(id)!;
    const book = game.ruleBook(initial(id).options);
    expect({
      sowing: book.sowing,
      keepDirection: book.keepDirection,
      turnOrder: book.turnOrder,
    }).toEqual({ sowing: "CORE-1", keepDirection: "CORE-2", turnOrder: "CORE-7" });
  });
});

describe("Bao la kiswahili (a takasa, B6*-)", () => {
  const t = stepBoards(boardOf(k0), traceOf(k0, "B6*-"));
  const sown = [t[0]!, t[1]!, t[2]!]; // placed, lifted, the first seed in B5

  it("a seed dropped back into the pit behind: CORE-2", () => {
    const r = feed(session(k0), [...sown, change(t[2]!, { B6: 1 })]);
    expect(r.mistake).toMatchObject({ kind: "wrong-direction", rule: "CORE-2", side: "S" });
  });

  it("North lifting C4 once South has placed the namua seed: CORE-7, North's (issue 32)", () => {
    const r = feed(session(k0), [t[0]!, change(t[0]!, { C4: -boardOf(k0)[at("C4")]! })]);
    expect(r.mistake).toMatchObject({ kind: "out-of-turn", rule: "CORE-7", side: "N" });
    expect(r.mistake?.message).toBe("South's turn, but C4 changed (CORE-7)");
  });

  it("a seed two pits on (B3, skipping B4): CORE-1", () => {
    const r = feed(session(k0), [...sown, change(t[2]!, { B3: 1 })]);
    expect(r.mistake).toMatchObject({ kind: "skipped-pit", rule: "CORE-1", side: "S" });
  });
});

describe("Bao la kujifunza (a mtaji capture, B3+)", () => {
  const b0 = boardOf(j0);
  const t = stepBoards(b0, traceOf(j0, "B3+"));

  it("a seed in a pit off the path: CORE-1", () => {
    const r = feed(session(j0), [t[0]!, t[1]!, change(t[1]!, { A1: 1 })]);
    expect(r.index).toBe(2);
    expect(r.mistake).toMatchObject({ kind: "wrong-pit", rule: "CORE-1", side: "S" });
  });

  it("a skipped pit (B6 instead of B5): CORE-1", () => {
    const r = feed(session(j0), [t[0]!, t[1]!, change(t[1]!, { B6: 1 })]);
    expect(r.mistake).toMatchObject({ kind: "skipped-pit", rule: "CORE-1" });
  });

  it("North lifting at South's turn: CORE-7", () => {
    const r = feed(session(j0), [change(b0, { C4: -2 })]);
    expect(r.mistake).toMatchObject({ kind: "out-of-turn", rule: "CORE-7", side: "N" });
  });
});
