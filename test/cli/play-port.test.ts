/**
 * `kete play --port` against a board on a real pseudo-terminal (socat): the
 * simulated firmware runs here, a hand in this test sows legal moves stone
 * by stone, and `kete play` in its own process follows them as it would a
 * wooden board. And a port that answers but is no kete board.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playTrace } from "../../src/board/physical-board.js";
import { socatAvailable, startPtySimulator, type PtySimulator } from "../../src/board/pty.js";
import { needsText } from "../../src/cli/play/messages.js";
import { findGame } from "../../src/games/index.js";
import { readJournal } from "../../src/journal/store.js";
import { runKete, startKete } from "./process.js";
import { ensureBuilt } from "./run.js";

const haveSocat = socatAvailable();

/** Resolves once the board's LED at `pit` shows `code` (e.g. "GP", a green pulse). */
function lit(board: PtySimulator, pit: string, code: string, ms = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (board.firmware.litLeds()[pit] !== code) return;
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`${pit} not ${code} after ${ms} ms: ${JSON.stringify(board.firmware.litLeds())}`),
      );
    }, ms);
    const stop = board.firmware.onLeds(check);
    check();
  });
}

describe.skipIf(!haveSocat)("kete play --port with a board on a pty", { timeout: 180_000 }, () => {
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
    const k = startKete(
      ["play", "--port", board.hostPath, "--game", "hus", "--players", "Ana,Ben"],
      { env: { KETE_GAMES_DIR: dir } },
    );
    await k.printed(/new game of Hus: Ana \(South\) vs Ben \(North\)/);
    let position = start.value;
    for (const [ply, side] of [
      [1, "South"],
      [2, "North"],
    ] as const) {
      const moves = game.legal(position, 500).moves;
      const move = moves[ply % moves.length]!;
      // As a person would: start once the lights say this pit may start a turn.
      await lit(board, move.trace[0]!.pit, "GP");
      const sown = await playTrace(board.physical, move.trace, { perStoneMs: [60, 120] });
      expect(sown.ok).toBe(true);
      await k.printed(
        new RegExp(`ply ${ply} {2}${side} \\((Ana|Ben)\\) {2}${move.move.replace("+", "\\+")}`),
      );
      position = move.position;
    }
    expect(k.stdout()).not.toMatch(/! (South|North)/);
    k.child.kill("SIGINT");
    expect(await k.exited).toBe(130);
    expect(k.stderr()).toBe("");
    expect(k.stdout()).toMatch(
      /game paused: interrupted \(Ctrl-C, SIGINT\); continue it with: npx kete play --resume /,
    );
    const [file] = readdirSync(dir).map((f) => join(dir, f));
    const j = readJournal(file!);
    if (!j.ok) throw new Error(j.error.message);
    expect(j.value.header.board.simulated).toBe(false);
    expect(j.value.records.filter((r) => r.kind === "move")).toHaveLength(2);
    expect(j.value.records[j.value.records.length - 1]).toMatchObject({ kind: "pause" });
    const v = await runKete(["replay", file!, "--verify"]);
    expect(v.stdout).toMatch(/^verified: \d+ decisions/);
  });

  it("log mode says how to set the board up, and when it is (issue 11, item 10)", async () => {
    if (sim === null || !start.ok) throw new Error("no board");
    const board = sim;
    board.physical.setCounts(4); // four stones in every pit: not Hus's start
    const dir = mkdtempSync(join(tmpdir(), "kete-port-"));
    const k = startKete(["play", "--port", board.hostPath, "--game", "hus"], {
      env: { KETE_GAMES_DIR: dir },
    });
    // Hus starts with 2 in every pit of the player's rows but the inner right half (HUS-1).
    const needs = game
      .sensorView(start.value)
      .pits.map((pit, i) => ({ pit, need: (game.sensorView(start.value).counts[i] ?? 0) - 4 }))
      .filter((n) => n.need !== 0);
    await k.printed(
      new RegExp(`set up the board: ${needsText(needs)} \\(\\+ add stones, - take away\\)`),
    );
    board.physical.setCounts([...game.sensorView(start.value).counts]);
    await k.printed(/board set up\n/);
    k.child.kill("SIGINT");
    expect(await k.exited).toBe(130);
    expect(k.stderr()).toBe("");
  });

  it("a port that answers but is no kete board: one line, exit 1", async () => {
    if (sim === null) throw new Error("no board");
    // The pty's other end, which the simulated firmware itself holds: nothing there
    // speaks the kete protocol to kete.
    const dir = mkdtempSync(join(tmpdir(), "kete-port-"));
    const r = await runKete(["play", "--port", `${sim.hostPath}.board`, "--games-dir", dir]);
    expect(r.status).toBe(1);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/no kete board answered on .*\.board/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
