/**
 * `kete play --port` against a board on a real pseudo-terminal (socat): the
 * simulated firmware runs here, a hand in this test sows legal moves stone
 * by stone, and `kete play` in its own process follows them as it would a
 * wooden board. And a port that answers but is no kete board.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playTrace } from "../../src/board/physical-board.js";
import { socatAvailable, startPtySimulator, type PtySimulator } from "../../src/board/pty.js";
import { findGame } from "../../src/games/index.js";
import { readJournal } from "../../src/journal/store.js";
import { MAIN, ensureBuilt, kete } from "./run.js";

const haveSocat = socatAvailable();

describe.skipIf(!haveSocat)("kete play --port with a board on a pty", { timeout: 120_000 }, () => {
  let sim: PtySimulator | null = null;
  const game = findGame("hus")!;
  const start = game.initial({});

  beforeAll(async () => {
    ensureBuilt();
    if (!start.ok) throw new Error(start.error.message);
    const s = await startPtySimulator({ counts: [...game.sensorView(start.value).counts] });
    if (!s.ok) throw new Error(s.error.message);
    sim = s.value;
  });

  afterAll(async () => {
    await sim?.stop();
  });

  it("follows two moves sown by hand on the board, then Ctrl-C pauses it resumably", async () => {
    if (sim === null || !start.ok) throw new Error("no board");
    const board = sim;
    const dir = mkdtempSync(join(tmpdir(), "kete-port-"));
    const child = spawn(
      process.execPath,
      [MAIN, "play", "--port", board.hostPath, "--game", "hus", "--players", "Ana,Ben"],
      {
        env: { ...process.env, NO_COLOR: "1", KETE_GAMES_DIR: dir },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const seen = async (re: RegExp) => {
      const end = Date.now() + 30_000;
      while (!re.test(out) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(out).toMatch(re);
    };
    await seen(/new game of Hus: Ana \(South\) vs Ben \(North\)/);
    let position = start.value;
    for (const [ply, side] of [
      [1, "South"],
      [2, "North"],
    ] as const) {
      const moves = game.legal(position, 500).moves;
      const move = moves[ply % moves.length]!;
      const sown = await playTrace(board.physical, move.trace, { perStoneMs: [60, 120] });
      expect(sown.ok).toBe(true);
      await seen(
        new RegExp(`ply ${ply} {2}${side} \\((Ana|Ben)\\) {2}${move.move.replace("+", "\\+")}`),
      );
      position = move.position;
    }
    expect(out).not.toMatch(/! (South|North)/);
    child.kill("SIGINT");
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(130);
    expect(stderr).toBe("");
    expect(out).toMatch(/game paused; continue it with: kete play --resume /);
    const [file] = readdirSync(dir).map((f) => join(dir, f));
    const j = readJournal(file!);
    if (!j.ok) throw new Error(j.error.message);
    expect(j.value.header.board.simulated).toBe(false);
    expect(j.value.records.filter((r) => r.kind === "move")).toHaveLength(2);
    expect(j.value.records[j.value.records.length - 1]).toMatchObject({ kind: "pause" });
    const v = kete(["replay", file!, "--verify"]);
    expect(v.stdout).toMatch(/^verified: \d+ decisions/);
  });

  it("a port that answers but is no kete board: one line, exit 1", () => {
    if (sim === null) throw new Error("no board");
    // The pty's other end, which the simulated firmware itself holds: nothing there
    // speaks the kete protocol to kete.
    const dir = mkdtempSync(join(tmpdir(), "kete-port-"));
    const r = kete(["play", "--port", `${sim.hostPath}.board`, "--games-dir", dir]);
    expect(r.status).toBe(1);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/no kete board answered on .*\.board/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
