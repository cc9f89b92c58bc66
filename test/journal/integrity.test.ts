/**
 * Issue 11, the journal layer: every record checked field by field (a
 * damaged journal is an error value naming the line and the field, never a
 * TypeError later), one writer per journal (`FILE.lock`), games folders that
 * cannot be one refused in one line.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../cli/run.js";
import {
  decodeJournal,
  encodeRecord,
  type JournalHeader,
  type JournalRecord,
} from "../../src/journal/records.js";
import { lockHolder, lockJournal } from "../../src/journal/lock.js";
import {
  checkGamesDir,
  JournalWriter,
  latestUnfinished,
  readJournal,
  scanJournals,
} from "../../src/journal/store.js";
import { FIRST_MOVE, husbaoHeader } from "./header.js";

const header: JournalHeader = husbaoHeader({});
const move: JournalRecord = FIRST_MOVE;

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "kete-integrity-"));
}

/** A journal's text with its line `n` (1 = header) replaced. */
function journalWith(lines: unknown[]): string {
  return lines.map((l) => `${JSON.stringify(l)}\n`).join("");
}

describe("every record is checked by its kind", () => {
  const cases: [string, unknown, RegExp][] = [
    [
      "a snapshot without counts",
      { kind: "snapshot", t: 1 },
      /line 2: a snapshot record's counts is missing/,
    ],
    ["a snapshot with text counts", { kind: "snapshot", t: 1, counts: ["2"] }, /line 2: .*counts/],
    [
      "a decision without its decision",
      { kind: "decision", t: 1 },
      /line 2: a decision record's decision is missing/,
    ],
    [
      "a board record without its event",
      { kind: "board", t: 1 },
      /line 2: a board record's event is missing/,
    ],
    [
      "a command without its command",
      { kind: "command", t: 1, command: {} },
      /line 2: a command record's command is an object/,
    ],
    [
      "a result without winner",
      { kind: "result", t: 1, reason: "x", score: {} },
      /line 2: a result record's winner is missing/,
    ],
    [
      "a result whose score is text",
      { kind: "result", t: 1, winner: "S", reason: "x", score: { S: "1" } },
      /line 2: a result record's score/,
    ],
    ["a move with ply 0", { ...move, ply: 0 }, /line 2: a move record's ply is 0/],
    ["a move with ply 1.5", { ...move, ply: 1.5 }, /line 2: a move record's ply is 1.5/],
    ["a move with a text ply", { ...move, ply: "1" }, /line 2: a move record's ply is "1"/],
    [
      "a move without position",
      { ...move, position: undefined },
      /line 2: a move record's position is missing/,
    ],
    ["a move by nobody", { ...move, side: "E" }, /line 2: a move record's side is "E"/],
    [
      "a mistake without message",
      { kind: "mistake", t: 1, side: "S", rule: null, policy: "retry" },
      /line 2: a mistake record's message/,
    ],
    [
      "a resolved without how",
      { kind: "resolved", t: 1, position: {} },
      /line 2: a resolved record's how/,
    ],
    ["a pause without reason", { kind: "pause", t: 1 }, /line 2: a pause record's reason/],
    [
      "a record without time",
      { kind: "pause", reason: "x" },
      /line 2: a pause record's t is missing/,
    ],
  ];
  for (const [what, record, message] of cases) {
    it(`refuses ${what}, naming the line and the field`, () => {
      const j = decodeJournal(journalWith([header, record]));
      expect(j.ok).toBe(false);
      if (!j.ok) {
        expect(j.error.code).toBe("bad-journal");
        expect(j.error.message).toMatch(message);
        expect(j.error.message).not.toMatch(/\n/);
      }
    });
  }

  it("refuses board events a replay could not feed to a controller", () => {
    const bad: [unknown, RegExp][] = [
      [{ type: "hello" }, /a board record's event\.info is missing/],
      [
        { type: "hello", info: { boardId: "k1", geometry: "5x5" } },
        /event\.info\.geometry is "5x5"/,
      ],
      [{ type: "hello", info: { geometry: "4x8" } }, /event\.info\.boardId is missing/],
      [{ type: "link" }, /event\.state is missing/],
      [{ type: "teleport" }, /event\.type is "teleport"/],
    ];
    for (const [event, message] of bad) {
      const j = decodeJournal(journalWith([header, { kind: "board", t: 1, event }]));
      expect(!j.ok && j.error.message).toMatch(message);
    }
    const fine = { type: "hello", info: { boardId: "k1", geometry: "4x8", firmware: "1.0" } };
    expect(decodeJournal(journalWith([header, { kind: "board", t: 1, event: fine }])).ok).toBe(
      true,
    );
  });

  it("names the line of a bad record further down", () => {
    const j = decodeJournal(journalWith([header, move, { ...move, ply: 2 }, { ...move, ply: -3 }]));
    expect(!j.ok && j.error.message).toMatch(/^journal line 4: a move record's ply is -3/);
  });

  it("refuses a header missing its players' names, its board or its settings", () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...header, players: { S: "Ana" } }, /line 1: the header's players\.N is missing/],
      [{ ...header, board: { geometry: "4x8" } }, /line 1: the header's board\.id is missing/],
      [
        { ...header, players: { S: "Ana", N: "Ben\n2026-01-01 evil" } },
        /players\.N is "Ben\\n2026/,
      ],
      [{ ...header, settings: { onMistake: "retry" } }, /settings\.guidance is missing/],
    ];
    for (const [h, message] of bad) {
      const j = decodeJournal(journalWith([h]));
      expect(!j.ok && j.error.message).toMatch(message);
    }
  });

  it("refuses a header whose game is not one the reader knows", () => {
    const text = journalWith([{ ...header, game: "chess" }, move]);
    expect(decodeJournal(text).ok).toBe(true);
    const j = decodeJournal(text, { isGame: (id) => id === "husbao" });
    expect(!j.ok && j.error.message).toMatch(
      /^journal line 1: the header's game "chess" is not a game this kete knows/,
    );
  });

  it("reads back what kete writes, unchanged", () => {
    const text = [header, move].map(encodeRecord).join("");
    const j = decodeJournal(text, { isGame: () => true });
    expect(j.ok && j.value.records).toEqual([move]);
  });
});

describe("one writer per journal", () => {
  const children: { kill: () => void }[] = [];
  afterAll(() => children.forEach((c) => c.kill()));

  function newJournal(dir = tempDir()): string {
    const w = JournalWriter.create(dir, header);
    if (!w.ok) throw new Error(w.error.message);
    w.value.close();
    return w.value.path;
  }

  it("a second writer in the same process is refused until the first closes", () => {
    const path = newJournal();
    const first = JournalWriter.resume(path);
    if (!first.ok) throw new Error(first.error.message);
    expect(existsSync(`${path}.lock`)).toBe(true);
    expect(readFileSync(`${path}.lock`, "utf8")).toBe(`${process.pid}\n`);
    expect(lockHolder(path)).toBe(process.pid);
    const second = JournalWriter.resume(path);
    expect(!second.ok && second.error.code).toBe("journal-locked");
    expect(!second.ok && second.error.message).toMatch(
      new RegExp(`is being played by another kete \\(process ${process.pid}\\); finish or pause`),
    );
    first.value.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    const third = JournalWriter.resume(path);
    expect(third.ok).toBe(true);
    if (third.ok) third.value.close();
  });

  it("a new journal is locked while it is written", () => {
    const dir = tempDir();
    const w = JournalWriter.create(dir, header);
    if (!w.ok) throw new Error(w.error.message);
    expect(lockHolder(w.value.path)).toBe(process.pid);
    expect(latestUnfinished(dir)).toBeNull();
    w.value.close();
    expect(lockHolder(w.value.path)).toBeNull();
    expect(latestUnfinished(dir)?.path).toBe(w.value.path);
  });

  it("a lock held by another live process refuses; one whose process is gone is taken over", async () => {
    const path = newJournal();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], {
      stdio: "ignore",
    });
    children.push({ kill: () => child.kill("SIGKILL") });
    writeFileSync(`${path}.lock`, `${child.pid}\n`);
    expect(lockHolder(path)).toBe(child.pid);
    const refused = JournalWriter.resume(path);
    expect(!refused.ok && refused.error.message).toMatch(`(process ${child.pid})`);
    child.kill("SIGKILL");
    await new Promise((res) => child.once("exit", res));
    // A dead writer's lock (SIGKILL, power cut) is stale.
    expect(lockHolder(path)).toBeNull();
    const taken = JournalWriter.resume(path);
    if (!taken.ok) throw new Error(taken.error.message);
    expect(readFileSync(`${path}.lock`, "utf8")).toBe(`${process.pid}\n`);
    taken.value.close();
  });

  it("a lock left by a finished process is stale", () => {
    const path = newJournal();
    const gone = spawnSync(process.execPath, ["-e", "0"]);
    writeFileSync(`${path}.lock`, `${gone.pid}\n`);
    const l = lockJournal(path);
    expect(l.ok).toBe(true);
    if (l.ok) l.value.release();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("processes racing for a stale lock: exactly one wins", async () => {
    ensureBuilt();
    const path = newJournal();
    writeFileSync(`${path}.lock`, "999999999\n");
    const dist = new URL("../../dist/journal/lock.js", import.meta.url).href;
    const go = Date.now() + 2_000;
    // Each takes the lock at the same moment and keeps what it got until killed.
    const script = `
      const { lockJournal } = await import(${JSON.stringify(dist)});
      while (Date.now() < ${go}) {}
      const l = lockJournal(${JSON.stringify(path)});
      console.log(l.ok ? "won" : l.error.code);
      setTimeout(() => {}, 60000);
    `;
    const children = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ["--input-type=module", "-e", script]),
    );
    const said = await Promise.all(
      children.map(
        (c) =>
          new Promise<string>((res) => {
            let out = "";
            c.stdout.on("data", (d: Buffer) => {
              out += d.toString();
              if (out.includes("\n")) res(out.trim());
            });
            c.once("close", () => res(out.trim()));
          }),
      ),
    );
    for (const c of children) c.kill("SIGKILL");
    expect(said.filter((x) => x === "won")).toHaveLength(1);
    expect(said.filter((x) => x === "journal-locked")).toHaveLength(3);
  }, 60_000);

  it("a process that exits releases its locks", () => {
    const path = newJournal();
    // A plain node process takes the lock with the built module and exits without releasing it.
    ensureBuilt();
    const dist = new URL("../../dist/journal/lock.js", import.meta.url).href;
    const script = `
      const { lockJournal } = await import(${JSON.stringify(dist)});
      const l = lockJournal(${JSON.stringify(path)});
      if (!l.ok) { console.log(l.error.message); process.exit(2); }
      process.exit(0);
    `;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(r.stdout).toBe("");
    expect(r.status).toBe(0);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});

describe("games folders and journals that cannot be", () => {
  it("a file given as the games folder: one line, no stack trace", () => {
    const dir = tempDir();
    const file = join(dir, "games");
    writeFileSync(file, "x");
    for (const r of [checkGamesDir(file), scanJournals(file), JournalWriter.create(file, header)]) {
      expect(!r.ok && r.error.message).toBe(
        `${file} is a file, not a folder of games; choose a folder with --games-dir`,
      );
    }
  });

  it("a folder under /proc or /sys is refused at once rather than hanging", () => {
    for (const dir of ["/proc/kete-games", "/sys/kete", "/proc"]) {
      const r = JournalWriter.create(dir, header);
      expect(!r.ok && r.error.message).toMatch(
        /is under \/(proc|sys), which holds no files of yours; choose another folder with --games-dir$/,
      );
    }
  });

  it("a link into /proc is under /proc", () => {
    const dir = tempDir();
    symlinkSync("/proc/self", join(dir, "link"));
    const r = JournalWriter.create(join(dir, "link", "games"), header);
    expect(!r.ok && r.error.message).toMatch(/link\/games is under \/proc, which holds no files/);
  });

  it("a folder that does not exist holds no games; one that cannot be read says so", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "file"), "x");
    const under = join(dir, "file", "games");
    expect(!JournalWriter.create(under, header).ok && scanJournals(under)).toEqual({
      ok: false,
      error: {
        code: "games-dir",
        message: `cannot use ${under} as the games folder: a part of the path is a file, not a folder; choose another with --games-dir`,
      },
    });
    expect(scanJournals(join(dir, "none"))).toEqual({
      ok: true,
      value: { games: [], skipped: [] },
    });
    if (process.getuid?.() === 0) return; // root reads every folder
    const locked = join(dir, "locked");
    mkdirSync(locked);
    chmodSync(locked, 0o000);
    const r = scanJournals(locked);
    chmodSync(locked, 0o700);
    expect(!r.ok && r.error.message).toBe(
      `cannot read the games folder ${locked}: permission denied`,
    );
  });

  it("a folder given as a journal", () => {
    const dir = tempDir();
    const r = readJournal(dir);
    expect(!r.ok && r.error.message).toBe(
      `${dir} is a folder, not a game journal; name a journal file (kete games lists them)`,
    );
  });

  it("the folder's scan says which files it skipped and why", () => {
    const dir = tempDir();
    const good = JournalWriter.create(dir, header);
    if (!good.ok) throw new Error(good.error.message);
    good.value.close();
    writeFileSync(join(dir, "a.kete.jsonl"), journalWith([header, { ...move, ply: 0 }]));
    writeFileSync(join(dir, "b.kete.jsonl"), "hello\n");
    writeFileSync(join(dir, "notes.txt"), "not a journal, not looked at\n");
    const r = scanJournals(dir);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.games.map((g) => g.path)).toEqual([good.value.path]);
    expect(r.value.skipped).toEqual([
      {
        path: join(dir, "a.kete.jsonl"),
        reason: expect.stringMatching(/^journal line 2: a move record's ply is 0/),
      },
      { path: join(dir, "b.kete.jsonl"), reason: expect.stringMatching(/not a kete game journal/) },
    ]);
  });
});
