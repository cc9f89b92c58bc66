/**
 * Journals name sides by the game's sides (issue 14 item 5): the header's
 * players are keyed by them (`S`, `N` for the sowing games and every older
 * journal; `b`, `w` for Abalone), and a move, mistake or result must name
 * one of the header's sides.
 */
import { describe, expect, it } from "vitest";
import { decodeJournal, sidesOf, type JournalHeader } from "../../src/journal/records.js";
import { exportGame, exportText } from "../../src/journal/export.js";

const header: JournalHeader = {
  kind: "header",
  format: "kete-journal",
  version: 1,
  gameId: "t1",
  game: "abalone",
  options: { start: "standard" },
  initial: { game: "abalone", toMove: "b" },
  players: { b: "Ana", w: "Ben" },
  board: { id: "sim", geometry: "hex61", simulated: true },
  settings: { onMistake: "retry", guidance: true },
  startedAt: "2026-11-24T01:34:05.000Z",
};
const move = (ply: number, side: string, m: string) => ({
  kind: "move",
  t: 1000 * ply,
  ply,
  side,
  move: m,
  trace: [],
  position: {},
  startedAt: 1000 * ply - 500,
});
const text = (lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join("");

describe("a journal's sides are its header's", () => {
  it("the sides: the players' keys, else S and N", () => {
    expect(sidesOf({ b: "Ana", w: "Ben" })).toEqual(["b", "w"]);
    expect(sidesOf({ S: "Ana", N: "Ben" })).toEqual(["S", "N"]);
    expect(sidesOf({ S: "Ana" })).toEqual(["S", "N"]);
  });

  it("an Abalone journal reads with b and w, and refuses a side not its own", () => {
    const result = { kind: "result", t: 9000, winner: "w", reason: "AB-7", score: { b: 0, w: 1 } };
    const j = decodeJournal(text([header, move(1, "b", "C3C4"), move(2, "w", "G7F6"), result]));
    if (!j.ok) throw new Error(j.error.message);
    const bad = decodeJournal(text([header, move(1, "S", "C3C4")]));
    expect(!bad.ok && bad.error.message).toMatch(/line 2: a move record's side is "S"/);
    const missing = decodeJournal(text([{ ...header, players: { b: "Ana" } }]));
    expect(!missing.ok && missing.error.message).toMatch(/the header.s players\.S is missing/);
    const exported = exportText(exportGame(j.value, { b: "Black", w: "White" }));
    expect(exported).toContain('[Black "Ana"]\n[White "Ben"]');
    expect(exported).toContain("1. C3C4 G7F6");
    expect(exported).toContain("White wins");
  });
});
