/**
 * The journal of `kete play`: what the board's and the controller's events
 * become, the header of a new game, and what a journal leaves standing to
 * resume from.
 */
import { describe, expect, it } from "vitest";
import { JournalRecorder, newHeader, standingOf } from "../../src/cli/play/recorder.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import { findGame, type Position } from "../../src/games/index.js";
import type { Journal, JournalRecord } from "../../src/journal/records.js";

const game = findGame("hus")!;
const initial = (() => {
  const r = game.initial({});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const first = game.legal(initial, 500).moves[0]!;
const second = game.legal(first.position, 500).moves[0]!;
const header = newHeader(
  {
    game,
    seed: 3,
    players: { S: "Ana", N: "Ben" },
    port: null,
    onMistake: null,
    guidance: true,
  },
  initial,
  Date.UTC(2026, 10, 22, 2, 42, 22, 655),
  null,
);

function sink() {
  const records: JournalRecord[] = [];
  let commits = 0;
  return {
    records,
    commits: () => commits,
    sink: {
      path: "/games/x.kete.jsonl",
      append: (r: JournalRecord) => records.push(r),
      commit: () => void commits++,
    },
  };
}

describe("a new game's header", () => {
  it("says what is played, by whom, on which board, since when", () => {
    expect(header).toMatchObject({
      kind: "header",
      format: "kete-journal",
      version: 1,
      game: "hus",
      options: initial.options,
      initial: game.positionToJSON(initial),
      players: { S: "Ana", N: "Ben" },
      board: { id: "pending", geometry: "4x8", simulated: true },
      settings: { onMistake: "retry", guidance: true },
      startedAt: "2026-11-22T02:42:22.655Z",
    });
    expect(header.gameId).toMatch(/^[0-9a-z]{6}$/);
  });

  it("the board's identity once it answered; forfeit by default without guidance", () => {
    const info = {
      protocol: 1,
      boardId: "kete-0042",
      firmware: "1.2.0",
      geometry: "4x8",
    } as unknown as Parameters<typeof newHeader>[3];
    const h = newHeader(
      {
        game,
        seed: 3,
        players: { S: "S", N: "N" },
        port: "/dev/ttyACM0",
        onMistake: null,
        guidance: false,
      },
      initial,
      0,
      info,
    );
    expect(h.board).toEqual({
      id: "kete-0042",
      firmware: "1.2.0",
      geometry: "4x8",
      simulated: false,
    });
    expect(h.settings).toEqual({ onMistake: "forfeit", guidance: false, quietMs: 2000 });
  });
});

describe("JournalRecorder", () => {
  const at = (t: number) => ({ at: t });
  function recorder(start: Position = initial, heartbeatMs: number | null = null) {
    const s = sink();
    let now = 100;
    const r = new JournalRecorder(s.sink, game, start, 0, () => now, heartbeatMs);
    return { ...s, r, setNow: (t: number) => (now = t) };
  }

  it("records settled readings at their time, board events at the clock's, never line errors", () => {
    const { r, records } = recorder();
    const board = { geometry: "4x8" as const, counts: [...game.sensorView(initial).counts] };
    r.board({
      type: "snapshot",
      snapshot: { board, settled: false, unsettled: ["A1"], receivedAt: 5 },
    });
    r.board({ type: "snapshot", snapshot: { board, settled: true, unsettled: [], receivedAt: 7 } });
    r.board({ type: "line-error", code: "bad-checksum", message: "x" });
    r.board({ type: "link", state: "lost", reason: "silence" });
    expect(records).toEqual([
      { kind: "snapshot", t: 7, counts: board.counts },
      { kind: "board", t: 100, event: { type: "link", state: "lost", reason: "silence" } },
    ]);
  });

  it("a repeated reading is left out when the controller decides nothing new on it, kept when it does", () => {
    const { r, records } = recorder();
    const board = { geometry: "4x8" as const, counts: [...game.sensorView(initial).counts] };
    const reading = (t: number) =>
      r.board({
        type: "snapshot",
        snapshot: { board, settled: true, unsettled: [], receivedAt: t },
      });
    const decision = (verdict: string, t: number): ControllerEvent => ({
      type: "decision",
      verdict,
      counts: board.counts,
      at: t,
    });
    const none = () => null;
    reading(1000);
    r.controller(decision("same", 1000), none);
    for (let t = 2000; t <= 5000; t += 1000) {
      reading(t); // an idle board: the same reading, the same verdict
      r.controller(decision("same", t), none);
    }
    expect(records.map((x) => [x.kind, x.t])).toEqual([
      ["snapshot", 1000],
      ["decision", 1000],
    ]);
    reading(6000); // the same reading, but now the quiet time ends a move: kept, with what it caused
    r.controller(decision("moved", 6000), none);
    reading(7000);
    r.controller({ type: "status", state: "x", message: "North to move", at: 7000 }, none);
    expect(records.map((x) => [x.kind, x.t])).toEqual([
      ["snapshot", 1000],
      ["decision", 1000],
      ["snapshot", 6000],
      ["decision", 6000],
      ["snapshot", 7000],
    ]);
  });

  it("with clocks, a repeated reading is kept every heartbeat, with its decision (issue 32)", () => {
    const { r, records } = recorder(initial, 10_000);
    const board = { geometry: "4x8" as const, counts: [...game.sensorView(initial).counts] };
    for (let t = 1000; t <= 25_000; t += 1000) {
      r.board({
        type: "snapshot",
        snapshot: { board, settled: true, unsettled: [], receivedAt: t },
      });
      r.controller({ type: "decision", verdict: "same", counts: board.counts, at: t }, () => null);
    }
    expect(records.map((x) => [x.kind, x.t])).toEqual([
      ["snapshot", 1000],
      ["decision", 1000],
      ["snapshot", 11_000],
      ["decision", 11_000],
      ["snapshot", 21_000],
      ["decision", 21_000],
    ]);
  });

  it("a command, then what it caused, written in one go", () => {
    const { r, records, commits } = recorder();
    r.command({ type: "new-game", game: "hus" }, () => {
      expect(records).toHaveLength(1);
      expect(commits()).toBe(0);
    });
    expect(records).toEqual([
      { kind: "command", t: 100, command: { type: "new-game", game: "hus" } },
    ]);
    expect(commits()).toBe(1);
  });

  it("every decision; moves with the position they leave and when the turn began", () => {
    const { r, records, commits } = recorder();
    const standing = () => null;
    r.controller({ type: "status", state: "x", message: "South to move", ...at(150) }, standing);
    expect(records).toEqual([]);
    const move1: ControllerEvent = {
      type: "move",
      ply: 1,
      side: "S",
      move: first.move,
      trace: first.trace,
      ...at(900),
    };
    r.controller(move1, standing);
    const move2: ControllerEvent = { ...move1, ply: 2, side: "N", move: second.move, at: 1500 };
    r.controller({ ...move2, trace: second.trace }, standing);
    expect(records.map((x) => x.kind)).toEqual(["decision", "move", "decision", "move"]);
    expect(records[1]).toMatchObject({
      kind: "move",
      t: 900,
      ply: 1,
      side: "S",
      move: first.move,
      position: game.positionToJSON(first.position),
      startedAt: 100,
    });
    expect(records[3]).toMatchObject({
      ply: 2,
      position: game.positionToJSON(second.position),
      startedAt: 900,
    });
    expect(commits()).toBe(2);
  });

  it("a mistake, its resolution with the position kete chose, the result", () => {
    const { r, records } = recorder();
    const mistake: ControllerEvent = {
      type: "mistake",
      kind: "wrong-pit",
      rule: "CORE-1",
      message: "stone dropped in B6",
      side: "S",
      policy: "truncate",
      restore: [],
      ...at(300),
    } as ControllerEvent;
    r.controller(mistake, () => null);
    r.controller(
      { type: "mistake-resolved", policy: "truncate", result: "turn-passed", toMove: "N", at: 400 },
      () => first.position,
    );
    r.controller(
      {
        type: "game-over",
        outcome: { winner: "N", reason: "HUS-4", score: { S: 0, N: 48 } },
        at: 500,
      },
      () => null,
    );
    r.pause("interrupted");
    expect(records.filter((x) => x.kind !== "decision")).toEqual([
      {
        kind: "mistake",
        t: 300,
        side: "S",
        rule: "CORE-1",
        message: "stone dropped in B6",
        policy: "truncate",
      },
      {
        kind: "resolved",
        t: 400,
        position: game.positionToJSON(first.position),
        how: "turn-passed",
      },
      { kind: "result", t: 500, winner: "N", reason: "HUS-4", score: { S: 0, N: 48 } },
      { kind: "pause", t: 100, reason: "interrupted" },
    ]);
  });
});

describe("what a journal leaves standing", () => {
  const t = (n: number) => ({ t: n });
  const move = (ply: number, m: typeof first, time: number): JournalRecord => ({
    kind: "move",
    ply,
    side: ply % 2 === 1 ? "S" : "N",
    move: m.move,
    trace: [],
    position: game.positionToJSON(m.position),
    startedAt: 0,
    ...t(time),
  });
  const journal = (records: JournalRecord[]): Journal => ({ header, records, torn: false });

  it("the last accepted position, the moves, the last full reading, the last time", () => {
    const counts = [...game.sensorView(second.position).counts];
    const j = journal([
      { kind: "command", command: { type: "new-game" }, ...t(0) },
      move(1, first, 800),
      move(2, second, 1600),
      { kind: "snapshot", counts, ...t(1700) },
      { kind: "snapshot", counts: [null, ...counts.slice(1)], ...t(1750) },
      { kind: "pause", reason: "interrupted", ...t(1800) },
    ]);
    const r = standingOf(j, "x");
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toEqual({
      header,
      position: game.positionToJSON(second.position),
      counts,
      moves: [first.move, second.move],
      plies: 2,
      lastT: 1800,
      // Each move from its turn's start (0 here) to its end; the turn after the last one ran 200 ms.
      used: { S: 800, N: 1600 },
      turnSoFar: 200,
    });
  });

  it("clocks: a pause's stand; killed after a move or after a resume, the side to move is charged to the last record (issue 32)", () => {
    const c = (S: number, N: number) => ({ clocks: { S, N } });
    const toMove = String(game.positionToJSON(second.position).toMove);
    const other = toMove === "S" ? "N" : "S";
    const left = (records: JournalRecord[]) => {
      const r = standingOf(journal(records), "x");
      if (!r.ok) throw new Error(r.error.message);
      return r.value.clocks;
    };
    const played: JournalRecord[] = [
      { kind: "command", command: { type: "new-game" }, ...t(0) },
      move(1, first, 800),
      { ...move(2, second, 1600), ...c(59_000, 58_000) },
    ];
    const at2 = { S: 59_000, N: 58_000 };
    // Paused: the pause's clocks.
    expect(
      left([...played, { kind: "pause", reason: "x", ...t(1800), ...c(59_000, 57_800) }]),
    ).toEqual({ S: 59_000, N: 57_800 });
    // Killed 900 ms after the move (a snapshot the last record).
    const counts = [...game.sensorView(second.position).counts];
    expect(left([...played, { kind: "snapshot", counts, ...t(2500) }])).toEqual({
      ...at2,
      [toMove]: at2[toMove as "S"] - 900,
    });
    // Paused, resumed at 3800, killed at 4300: 500 ms charged from the pause's clocks.
    const paused = { S: 59_000, N: 57_800 };
    expect(
      left([
        ...played,
        { kind: "pause", reason: "x", ...t(1800), clocks: paused },
        { kind: "command", command: { type: "resume" }, ...t(3800) },
        { kind: "snapshot", counts, ...t(4300) },
      ]),
    ).toEqual({ ...paused, [toMove]: paused[toMove as "S"] - 500, [other]: paused[other as "S"] });
  });

  it("no reading yet: the initial position, no counts", () => {
    const r = standingOf(journal([]), "x");
    expect(r.ok && r.value).toMatchObject({
      position: header.initial,
      counts: null,
      moves: [],
      lastT: 0,
    });
  });

  it("a resolution's position stands; a takeback removes the moves it took back", () => {
    const j = journal([
      { kind: "command", command: { type: "new-game" }, ...t(0) },
      move(1, first, 800),
      { kind: "command", command: { type: "resume" }, ...t(900) },
      move(2, second, 1600),
      { kind: "command", command: { type: "takeback" }, ...t(1700) },
      { kind: "decision", decision: { type: "takeback", toPly: 0, at: 1800 }, ...t(1800) },
      {
        kind: "resolved",
        position: game.positionToJSON(first.position),
        how: "takeback",
        ...t(1800),
      },
    ]);
    const r = standingOf(j, "x");
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.moves).toEqual([first.move]);
    expect(r.value.position).toEqual(game.positionToJSON(first.position));
  });

  it("a turn a mistake passed is a ply: numbering goes on from it after a resume, and a takeback counts it (issue 32)", () => {
    const passed = (at: number): JournalRecord => ({
      kind: "resolved",
      position: game.positionToJSON(first.position),
      how: "turn-passed",
      ...t(at),
    });
    const played: JournalRecord[] = [
      { kind: "command", command: { type: "new-game" }, ...t(0) },
      move(1, first, 800),
      passed(1200), // ply 2: the mover's turn forfeited
      move(3, second, 1600),
    ];
    const r = standingOf(journal(played), "x");
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ moves: [first.move, second.move], plies: 3 });
    // The recorder of the resumed session numbers its first move 4, as the first session would have.
    const out = sink();
    const resumed = new JournalRecorder(out.sink, game, second.position, r.value.plies, () => 0);
    const third = game.legal(second.position, 500).moves[0]!;
    resumed.controller(
      { type: "move", ply: 1, side: second.position.toMove, move: third.move, trace: [], at: 0 },
      () => null,
    );
    expect(out.records.find((x) => x.kind === "move")).toMatchObject({ ply: 4 });
    // A takeback to ply 2 (counted as the controller counts: the forfeit is ply 2) keeps the first move.
    const back = standingOf(
      journal([
        ...played,
        { kind: "decision", decision: { type: "takeback", toPly: 2, at: 1800 }, ...t(1800) },
      ]),
      "x",
    );
    expect(back.ok && back.value).toMatchObject({ moves: [first.move], plies: 2 });
  });

  it("a game that is over: the line to print", () => {
    const j = journal([
      { kind: "result", winner: "S", reason: "HUS-4: North has none", score: {}, ...t(5) },
    ]);
    const r = standingOf(j, "/g/x.kete.jsonl");
    expect(!r.ok && r.error.message).toBe(
      "/g/x.kete.jsonl: this game is over (HUS-4: North has none); start a new one with kete play",
    );
  });
});
