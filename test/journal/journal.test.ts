import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureBuilt } from "../cli/run.js";
import { exportGame, exportJson, exportText } from "../../src/journal/export.js";
import {
  decodeJournal,
  encodeRecord,
  type JournalHeader,
  type JournalRecord,
} from "../../src/journal/records.js";
import {
  JournalWriter,
  latestUnfinished,
  listJournals,
  readJournal,
} from "../../src/journal/store.js";
import { FIRST_MOVE, husbaoHeader } from "./header.js";

const header: JournalHeader = husbaoHeader({ direction: "free", maxStages: 200 });

const records: JournalRecord[] = [
  { kind: "snapshot", t: 10, counts: [2, 2] },
  {
    kind: "mistake",
    t: 900,
    side: "S",
    rule: "CORE-1",
    message: "stone dropped in B6; the next stone belongs in B5 (CORE-1)",
    policy: "retry",
  },
  FIRST_MOVE,
  {
    kind: "move",
    t: 2500,
    ply: 2,
    side: "N",
    move: "C6-",
    trace: [],
    position: {},
    startedAt: 2000,
  },
  {
    kind: "result",
    t: 3000,
    winner: "S",
    reason: "HB-7: North has no pit with two or more stones",
    score: { S: 30, N: 18 },
  },
];

const text = [header, ...records].map(encodeRecord).join("");

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "kete-journal-"));
}

describe("journal records", () => {
  it("decodes what it encodes", () => {
    const j = decodeJournal(text);
    expect(j.ok && j.value.records).toEqual(records);
    expect(j.ok && j.value.torn).toBe(false);
  });

  it("ignores a torn last line (a line cut short by a power cut)", () => {
    for (const cut of [1, 5, 20]) {
      const torn = text + encodeRecord(records[0]).slice(0, cut);
      const j = decodeJournal(torn);
      expect(j.ok).toBe(true);
      if (j.ok) {
        expect(j.value.torn).toBe(true);
        expect(j.value.records).toEqual(records);
      }
    }
  });

  it("ignores a garbled last line even when it ends with a newline", () => {
    const j = decodeJournal(`${text}{"kind":"move","t":\n`);
    expect(j.ok && j.value.torn).toBe(true);
  });

  it("refuses a foreign file, an empty file, a damaged middle line and a newer version", () => {
    const cases: [string, string][] = [
      ["hello world\n", "not-a-journal"],
      ["", "not-a-journal"],
      ['{"kind":"header","format":"other"}\n', "not-a-journal"],
      [text.replace('"kind":"snapshot"', '"kind":"snapshot'), "bad-journal"],
      [text.replace('"version":1', '"version":99'), "journal-version"],
      [text.replace('"kind":"move"', '"kind":"teleport"'), "bad-journal"],
    ];
    for (const [input, code] of cases) {
      const j = decodeJournal(input);
      expect(j.ok ? "ok" : j.error.code).toBe(code);
      if (!j.ok) expect(j.error.message.length).toBeGreaterThan(10);
    }
  });
});

describe("journal files", () => {
  it("writes, lists and reads back a game", () => {
    const dir = tempDir();
    const w = JournalWriter.create(dir, header);
    expect(w.ok).toBe(true);
    if (!w.ok) return;
    for (const r of records) w.value.append(r);
    w.value.close();
    const [summary] = listJournals(dir);
    expect(summary.moves).toBe(2);
    expect(summary.result?.winner).toBe("S");
    expect(latestUnfinished(dir)).toBeNull();
  });

  it("resumes a journal whose last line was torn: the tail is cut before appending", () => {
    const dir = tempDir();
    const w = JournalWriter.create(dir, header);
    if (!w.ok) throw new Error(w.error.message);
    w.value.append(records[0]);
    w.value.close();
    appendFileSync(w.value.path, '{"kind":"move","t":12');
    expect(latestUnfinished(dir)?.path).toBe(w.value.path);
    const again = JournalWriter.resume(w.value.path);
    if (!again.ok) throw new Error(again.error.message);
    again.value.append(records[2]);
    again.value.close();
    const j = readJournal(w.value.path);
    expect(j.ok && j.value.torn).toBe(false);
    expect(j.ok && j.value.records).toEqual([records[0], records[2]]);
  });

  it("what one turn of the event loop appends is written whole or not at all (SIGKILL)", () => {
    // A reading and the move it accepted are appended in one run of the
    // event loop; a process killed between the two appends must leave
    // neither on disk, so a resumed game and replay --verify agree.
    ensureBuilt();
    const dir = tempDir();
    const w = JournalWriter.create(dir, header);
    if (!w.ok) throw new Error(w.error.message);
    w.value.append(records[0]);
    w.value.close();
    const store = new URL("../../dist/journal/store.js", import.meta.url).href;
    const script = `
      const { JournalWriter } = await import(${JSON.stringify(store)});
      const w = JournalWriter.resume(${JSON.stringify(w.value.path)});
      w.value.append(${JSON.stringify(records[1])});
      w.value.commit();
      w.value.append(${JSON.stringify(records[2])});
      process.kill(process.pid, "SIGKILL");
      w.value.append(${JSON.stringify(records[3] ?? records[2])});
    `;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script]);
    expect(r.signal).toBe("SIGKILL");
    const j = readJournal(w.value.path);
    expect(j.ok && j.value.records).toEqual([records[0], records[1]]);
  });

  it("says what is wrong with a missing or foreign file", () => {
    const dir = tempDir();
    const missing = readJournal(join(dir, "nope.kete.jsonl"));
    expect(!missing.ok && missing.error.message).toMatch(/no such file/);
    writeFileSync(join(dir, "x.kete.jsonl"), "PK\u0003\u0004binary");
    const foreign = readJournal(join(dir, "x.kete.jsonl"));
    expect(!foreign.ok && foreign.error.message).toMatch(/not a kete game journal/);
    expect(listJournals(dir)).toEqual([]);
    expect(readFileSync(join(dir, "x.kete.jsonl"), "utf8")).toContain("binary");
  });
});

describe("export", () => {
  const j = decodeJournal(text);
  if (!j.ok) throw new Error(j.error.message);
  const game = exportGame(j.value);

  it("text: tags, numbered moves with mistakes annotated, result", () => {
    const out = exportText(game);
    expect(out).toContain('[South "Ana"]');
    expect(out).toContain('[Result "South wins (S 30, N 18)"]');
    expect(out).toContain(
      "1. B3+ {mistake: stone dropped in B6; the next stone belongs in B5 (CORE-1); retry}\nC6-",
    );
    expect(out.trimEnd().endsWith("HB-7: North has no pit with two or more stones")).toBe(true);
  });

  it("json: the same content, parseable", () => {
    const parsed = JSON.parse(exportJson(game)) as { moves: { move: string }[] };
    expect(parsed.moves.map((m) => m.move)).toEqual(["B3+", "C6-"]);
  });

  it("moves taken back: left out, counted in a tag and named where play went on, a passed turn counted as the controller counts plies (issue 32)", () => {
    const move = (ply: number, side: string, m: string, t: number): JournalRecord => ({
      kind: "move",
      t,
      ply,
      side,
      move: m,
      trace: [],
      position: {},
      startedAt: t - 500,
    });
    const g = exportGame({
      header,
      torn: false,
      records: [
        { kind: "command", t: 0, command: { type: "new-game" } },
        move(1, "S", "B3+", 1000),
        // North's turn forfeited (ply 2): South moves again.
        { kind: "resolved", t: 1500, position: {}, how: "turn-passed" },
        move(3, "S", "A1+", 2000),
        move(4, "N", "C6-", 3000),
        // Back to the position after ply 2: A1+ and C6- are taken back.
        { kind: "decision", t: 3500, decision: { type: "takeback", toPly: 2, at: 3500 } },
        move(3, "S", "A2+", 4000),
      ],
    });
    expect(g.moves.map((m) => m.move)).toEqual(["B3+", "A2+"]);
    expect(g.tags.TakenBack).toBe("2");
    expect(g.moves[1]!.takenBack).toEqual(["A1+", "C6-"]);
    expect(exportText(g)).toContain("1. B3+ {taken back: A1+ C6-} 2. A2+");
  });
});
