/**
 * `kete replay` in pieces (src/cli/replay.ts): what each journal record adds,
 * a whole replay of a small journal, and the `--verify` report.
 * test/cli/play.test.ts runs the command on journals `kete play` wrote.
 */
import { describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import type { Position } from "../../src/games/index.js";
import type { Journal, JournalRecord } from "../../src/journal/index.js";
import { replayFrame, replayGame, replayStep, verificationText } from "../../src/cli/replay.js";

const game = findGame("hus")!;
const start = game.initial({});
if (!start.ok) throw new Error(start.error.message);
const first = game.legal(start.value).moves[0]!;
const json = (p: Position) => game.positionToJSON(p);
const start0 = start.value;

const journal: Journal = {
  header: {
    kind: "header",
    format: "kete-journal",
    version: 1,
    gameId: "test",
    game: "hus",
    options: {},
    initial: json(start.value),
    players: { S: "Ana", N: "Ben" },
    board: { id: "sim", geometry: "4x8", simulated: true },
    settings: { onMistake: "retry", guidance: true },
    startedAt: "2026-01-01T00:00:00Z",
  },
  records: [
    { kind: "snapshot", t: 1 } as unknown as JournalRecord,
    {
      kind: "move",
      t: 2,
      ply: 1,
      side: "S",
      move: first.move,
      trace: [],
      position: json(first.position),
      startedAt: 1,
    },
    { kind: "mistake", t: 3, side: "N", rule: "HUS-2", message: "wrong pit", policy: "retry" },
    { kind: "resolved", t: 4, position: json(first.position), how: "retry" },
    { kind: "resolved", t: 5, position: json(first.position), how: "accept" },
    { kind: "result", t: 6, winner: "N", reason: "South cannot move", score: { S: 0, N: 48 } },
  ],
  torn: false,
};

describe("replay", () => {
  it("says what each record adds: a board with a note, a line, or nothing", () => {
    const [snapshot, move, mistake, retry, accept, result] = journal.records;
    expect(replayStep(snapshot!)).toBeNull();
    expect(replayStep(move!)).toEqual({
      position: json(first.position),
      text: `ply 1: South played ${first.move}`,
    });
    expect(replayStep(mistake!)).toEqual({ text: "  ! wrong pit — retry\n\n" });
    expect(replayStep(retry!)).toBeNull();
    expect(replayStep(accept!)).toEqual({
      position: json(first.position),
      text: "after the mistake: accept",
    });
    expect(replayStep(result!)).toEqual({ text: "result: North wins — South cannot move\n" });
    expect(
      replayStep({ kind: "result", t: 7, winner: null, reason: "48 each", score: {} }),
    ).toEqual({ text: "result: draw — 48 each\n" });
  });

  it("draws a board as kete play does, with the moves so far; nothing for a bad position", () => {
    const frame = replayFrame(journal, game, {
      json: json(first.position),
      note: "a note",
      moves: [first.move],
      colour: false,
    });
    expect(frame).toMatch(/^Hus — Ana \(South\) vs Ben \(North\)\nply 2 · North to move/);
    // drawn as kete play draws it: within an 80-column terminal (issue 11, item 10)
    for (const line of frame!.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
    expect(frame).toContain("\n  a note\n");
    expect(frame).toContain(`moves: 1. ${first.move}`);
    expect(frame).toMatch(/\n\n$/);
    expect(
      replayFrame(journal, game, { json: { game: "hus" }, note: "", moves: [], colour: false }),
    ).toBeNull();
  });

  it("names the seated player of a team game (AB-9.1) and only the lights the game shows", () => {
    const abalone = findGame("abalone")!;
    const a0 = abalone.initial({ teams: "shared" });
    if (!a0.ok) throw new Error(a0.error.message);
    const m1 = abalone.legal(a0.value).moves[0]!;
    const team: Journal = {
      header: {
        ...journal.header,
        game: "abalone",
        options: { teams: "shared" },
        initial: abalone.positionToJSON(a0.value),
        players: { b: "Ana & Cy", w: "Ben & Di" },
        teams: { b: ["Ana", "Cy"], w: ["Ben", "Di"] },
        board: { id: "sim", geometry: "hex61", simulated: true },
      },
      records: [],
      torn: false,
    };
    const at = (p: Position, moves: string[]) =>
      replayFrame(team, abalone, {
        json: abalone.positionToJSON(p),
        note: "",
        moves,
        colour: false,
      }) ?? "";
    const start = at(a0.value, []);
    expect(start).toContain("Black · Ana to play, then Cy");
    expect(start).toContain("White · Ben to play, then Di");
    // After Black's first move, Black's second member has the next Black move.
    expect(at(m1.position, [m1.move])).toContain("Black · Cy to play, then Ana");
    // No mancala light (the kichwa choice) in an Abalone legend, and no pause key in a replay.
    expect(start).not.toMatch(/kichwa|Ctrl-C/);
    expect(
      replayFrame(journal, game, { json: json(start0), note: "", moves: [], colour: false }),
    ).not.toContain("Ctrl-C");
  });

  it("replays the whole journal in order", async () => {
    let text = "";
    await replayGame(journal, game, { out: (t) => (text += t), colour: false, delayMs: 0 });
    const notes = text.split("\n").filter((l) => /^ {2}(start|ply|after|!)|^result/.test(l));
    expect(notes).toEqual([
      "  start",
      `  ply 1: South played ${first.move}`,
      "  ! wrong pit — retry",
      "  after the mistake: accept",
      "result: North wins — South cannot move",
    ]);
    expect(text).not.toContain("unfinished");
  });

  it("says an unfinished game can be resumed", async () => {
    let text = "";
    const unfinished = { ...journal, records: journal.records.slice(0, 2) };
    await replayGame(unfinished, game, { out: (t) => (text += t), colour: false, delayMs: 0 });
    expect(text).toMatch(/\nunfinished: continue it with npx kete play --resume FILE\n$/);
  });

  it("reports --verify in one line, or the first decision that differs", () => {
    expect(verificationText({ decisions: 12, mismatch: null }, "g.kete.jsonl")).toBe(
      "verified: 12 decisions of g.kete.jsonl reproduced exactly, and every move, mistake and result record follows from them\n",
    );
    expect(
      verificationText(
        { decisions: 12, mismatch: { index: 4, expected: { move: "A1+" }, got: { move: "A1-" } } },
        "g",
      ),
    ).toBe(
      'MISMATCH at decision 5 of 12:\n  recorded: {"move":"A1+"}\n  now:      {"move":"A1-"}\n',
    );
  });
});
