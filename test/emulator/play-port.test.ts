/**
 * A whole game of `kete play --port` against the reference firmware (issue
 * 12, "done when"): the .hex built from hardware/firmware runs on the
 * emulated Mega, paced to the wall clock and served on a pseudo-terminal;
 * `kete play` in its own process opens the pty as it would /dev/ttyACM0; the
 * simulator's hand sows each move stone by stone on the emulated board, whose
 * load cells the firmware reads through its 32 emulated HX711s. The moves are
 * chosen greedily (the most stones captured) so that the game ends in a few
 * plies; it is played to its result, and the journal verifies. A second game
 * hangs the firmware as a move's last stone lands (issue 27): the watchdog
 * resets the board, kete's session shakes hands again, and the move is taken
 * from the rebooted board (≈ 0.7 s of emulated time after the hang).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { playTrace } from "../../src/board/physical-board.js";
import { socatAvailable } from "../../src/board/pty.js";
import { EmulatedBoard, loadFirmware, serveOnPty } from "../../src/emulator/index.js";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { readJournal } from "../../src/journal/store.js";
import { seededRandom } from "../../src/shared/random.js";
import { runKete, startKete } from "../cli/process.js";
import { ensureBuilt } from "../cli/run.js";
import { referenceFirmware } from "./avr.js";
import { greedy } from "../../src/bench/watchdog-game.js";

const hex = await referenceFirmware("test/emulator/play-port.test.ts");
const haveSocat = socatAvailable();
const dir = mkdtempSync(join(tmpdir(), "kete-emu-play-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Resolves once the SK9822 under `pit` shows pure green (kete's start-pit light), as decoded from SPI. */
async function green(board: EmulatedBoard, pit: string, ms = 30_000): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    const led = board.ledOf(pit);
    if (led.brightness > 0 && led.g > 0 && led.r === 0 && led.b === 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One game of `kete play --port` to its result; with `hangPly`, the firmware's
 * main loop hangs as that ply's last stone lands (`Mega2560.injectHang`) and
 * the watchdog must bring the board back, and the game is stopped (Ctrl-C,
 * resumable) one ply later: what follows is the first game's again. Returns
 * the emulated ms from the hang to kete printing that ply (NaN without a hang).
 */
async function playOneGame(hangPly: number | null, gamesDir: string): Promise<number> {
  const dir = gamesDir;
  let hangAt = NaN;
  let hangToPly = NaN;
  mkdirSync(dir, { recursive: true });
  ensureBuilt();
  const game = findGame("husbao-front") as Game<Position>;
  const init = game.initial({});
  if (!init.ok) throw new Error(init.error.message);
  const image = loadFirmware(hex!);
  if (!image.ok) throw new Error(image.error.message);
  const created = EmulatedBoard.create({
    firmware: image.value,
    seed: 12,
    calibrated: true,
    counts: [...game.sensorView(init.value).counts],
  });
  if (!created.ok) throw new Error(created.error.message);
  const board = created.value;
  const served = await serveOnPty(board, { pace: { realTime: true } });
  if (!served.ok) throw new Error(served.error.message);
  const k = startKete(
    // --wait: the emulated board runs on what CPU a loaded machine leaves it.
    [
      "play",
      "--port",
      served.value.hostPath,
      "--wait",
      "60",
      "--game",
      "husbao-front",
      "--players",
      "Ana,Ben",
    ],
    { env: { KETE_GAMES_DIR: dir }, lifeMs: 280_000 },
  );
  try {
    await k.printed(/new game of HusBao/);
    await k.printed(/board set up\n/);
    const random = seededRandom(3);
    let p = init.value;
    let ply = 0;
    const lastPly = hangPly === null ? Infinity : hangPly + 1;
    while (game.outcome(p) === null && ply < lastPly) {
      const m = greedy(game, p, random);
      ply += 1;
      // As a player would: start once the lights say this pit may start the turn.
      expect(await green(board, m.trace[0]!.pit), `ply ${ply}: ${m.trace[0]!.pit} lit`).toBe(true);
      const target = game.sensorView(m.position).counts;
      const off = board.physical.onChange(() => {
        if (ply !== hangPly || !Number.isNaN(hangAt)) return;
        if (!board.physical.counts().every((c, i) => c === target[i])) return;
        board.clock.schedule(() => {
          hangAt = board.now;
          board.mcu.injectHang();
        }, 0);
      });
      const sown = await playTrace(board.physical, m.trace, {
        perStoneMs: [60, 100],
        seed: ply,
        scheduler: board.clock,
      });
      expect(sown.ok, `ply ${ply} ${m.move}`).toBe(true);
      await k.printed(
        new RegExp(`ply ${ply} {2}(South|North) \\((Ana|Ben)\\) {2}${escape(m.move)}`),
      );
      off();
      if (ply === hangPly) hangToPly = board.now - hangAt;
      p = m.position;
    }
    const finished = game.outcome(p) !== null;
    if (finished) {
      await k.printed(/game over: /);
      expect(await k.exited).toBe(0);
    } else {
      k.child.kill("SIGINT");
      expect(await k.exited).toBe(130);
    }
    expect(board.mcu.resets).toEqual(hangPly === null ? [] : ["watchdog"]);
    expect(k.stderr()).toBe("");
    expect(k.stdout()).not.toMatch(/! (South|North)|sensor fault/);
    const [file] = readdirSync(dir).map((f) => join(dir, f));
    const j = readJournal(file!);
    if (!j.ok) throw new Error(j.error.message);
    expect(j.value.header.board).toMatchObject({ simulated: false, geometry: "4x8" });
    expect(j.value.records.filter((r) => r.kind === "move")).toHaveLength(ply);
    expect(j.value.records.filter((r) => r.kind === "result")).toHaveLength(finished ? 1 : 0);
    const v = await runKete(["replay", file!, "--verify"]);
    expect(v.stdout).toMatch(/^verified: \d+ decisions/);
  } finally {
    if (k.child.exitCode === null) k.child.kill("SIGINT");
    await served.value.stop();
  }
  return hangToPly;
}

describe.skipIf(hex === null || !haveSocat)(
  "kete play --port against the reference firmware on the emulated board",
  { timeout: 300_000 },
  () => {
    it("a whole game to its result, every move followed from the load cells; the journal verifies", async () => {
      expect(await playOneGame(null, join(dir, "plain"))).toBeNaN();
    });

    it("the firmware hangs as a move's last stone lands: the watchdog resets it, kete carries on, nothing lost, in under 3 s; the game goes on a ply more and is paused, its journal whole", async () => {
      const recovery = await playOneGame(2, join(dir, "hang"));
      // the ply could only be taken from the rebooted board (the watchdog's 0.5 s at least)
      expect(recovery).toBeGreaterThan(500);
      expect(recovery).toBeLessThan(3000);
    });
  },
);
