/**
 * `kete play --port --position` (issue 32): on a real board (the simulated
 * firmware on a pty) set up for an ordinary game, the set-up lights and the
 * log show where stones go for the position given, and once the board holds
 * it the game starts there; the journal's header holds the position.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socatAvailable, startPtySimulator, type PtySimulator } from "../../src/board/pty.js";
import { needsText } from "../../src/cli/play/messages.js";
import { findGame, type Position } from "../../src/games/index.js";
import { readJournal } from "../../src/journal/store.js";
import { startKete } from "./process.js";
import { ensureBuilt } from "./run.js";

const haveSocat = socatAvailable();
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Resolves once every pit of `pits` is lit on the board (rejects after `ms`, saying what is lit). */
function allLit(board: PtySimulator, pits: readonly string[], ms = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const leds = board.firmware.litLeds();
      if (!pits.every((pit) => leds[pit] !== undefined)) return;
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`${pits.join(" ")} not all lit: ${JSON.stringify(board.firmware.litLeds())}`),
      );
    }, ms);
    const stop = board.firmware.onLeds(check);
    check();
  });
}

describe.skipIf(!haveSocat)("kete play --port --position", { timeout: 120_000 }, () => {
  let sim: PtySimulator | null = null;
  const game = findGame("hus")!;
  const initial = game.initial({});
  if (!initial.ok) throw new Error(initial.error.message);
  let p: Position = initial.value;
  for (let i = 0; i < 3; i++) p = game.legal(p).moves[0]!.position;

  beforeAll(async () => {
    ensureBuilt();
    const s = await startPtySimulator({ counts: [...game.sensorView(initial.value).counts] });
    if (!s.ok) throw new Error(s.error.message);
    sim = s.value;
  });

  afterAll(async () => {
    await sim?.stop();
  });

  it("lights where stones go, starts once the board holds the position", async () => {
    if (sim === null) throw new Error("no board");
    const board = sim;
    const dir = mkdtempSync(join(tmpdir(), "kete-port-pos-"));
    const json = JSON.stringify(game.positionToJSON(p));
    const k = startKete(["play", "--port", board.hostPath, "--position", json], {
      env: { KETE_GAMES_DIR: dir },
    });
    const from = game.sensorView(initial.value).counts;
    const view = game.sensorView(p);
    const needs = view.pits
      .map((pit, i) => ({ pit, need: (view.counts[i] ?? 0) - (from[i] ?? 0) }))
      .filter((n) => n.need !== 0);
    expect(needs.length).toBeGreaterThan(0);
    await k.printed(
      new RegExp(
        `set up the board: ${escaped(needsText(needs))} \\(\\+ add stones, - take away\\)`,
      ),
    );
    // Every pit to change is lit; one that stays is not.
    await allLit(
      board,
      needs.map((n) => n.pit),
    );
    const leds = board.firmware.litLeds();
    const still = view.pits.find((pit) => !needs.some((n) => n.pit === pit));
    if (still !== undefined) expect(leds[still]).toBeUndefined();
    board.physical.setCounts([...view.counts]);
    await k.printed(/board set up\n/);
    k.child.kill("SIGINT");
    expect(await k.exited).toBe(130);
    expect(k.stderr()).toBe("");
    const [file] = readdirSync(dir).filter((f) => f.endsWith(".kete.jsonl"));
    const j = readJournal(join(dir, file!));
    if (!j.ok) throw new Error(j.error.message);
    expect(j.value.header.initial).toEqual(game.positionToJSON(p));
  });
});
