/**
 * A whole game of Abalone with `kete play --port` against the Abalone board's
 * firmware (build/kete_abalone.hex) on the emulated Mega with its 61 TMAG5273
 * sensors (noise, offsets, the marbles' fields and rocking), served on a
 * pseudo-terminal as `kete board-sim --firmware … --geometry hex61` serves it,
 * paced to the wall clock (issue 30). The game starts near its end
 * (`--position`: White has lost five marbles, AB-6) so that it ends within a
 * test's time; on the way the board is reset (its reset button) and unplugged
 * (the USB cable out and back: the port vanishes, the board and its sensors
 * power up afresh), and kete carries on. No false mistake, no sensor fault,
 * the result reached, the journal verifies.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { playTrace } from "../../src/board/index.js";
import { socatAvailable } from "../../src/board/pty.js";
import { EmulatedBoard, loadFirmware, serveOnPty } from "../../src/emulator/index.js";
import { findGame } from "../../src/games/index.js";
import type { Game, LegalMove, Position } from "../../src/games/index.js";
import { readJournal } from "../../src/journal/store.js";
import { runKete, startKete } from "../cli/process.js";
import { ensureBuilt } from "../cli/run.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/abalone-port.test.ts", "abalone");
const haveSocat = socatAvailable();
const dir = mkdtempSync(join(tmpdir(), "kete-abalone-port-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ABALONE = findGame("abalone") as Game<Position>;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Black to move; White has five marbles off (AB-6: the sixth ends the game).
 * White's E1 sits on the edge in front of Black's E2 E3: a push of two against
 * one (AB-5) takes it off whenever Black chooses.
 */
const initial = ABALONE.initial({});
if (!initial.ok) throw new Error(initial.error.message);
const NEAR_END = {
  ...ABALONE.positionToJSON(initial.value),
  toMove: "b",
  cells: Object.fromEntries([
    ...["E2", "E3", "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "C3"].map(
      (h) => [h, "b"],
    ),
    ...["E1", "I5", "I6", "I7", "I8", "I9", "H8", "H9", "G9"].map((h) => [h, "w"]),
  ]),
  off: { b: 0, w: 5 },
  moveCount: 60,
  noPushCount: 3,
};

/** What a hole holds in a position: "b", "w" or undefined. */
const cell = (p: Position, hole: string): unknown =>
  (ABALONE.positionToJSON(p).cells as Record<string, string>)[hole];

/**
 * The ply's move: on the last ply Black's push of E1 off (the sixth, AB-6);
 * before it a quiet move of one marble that leaves E1 E2 E3 as they are.
 */
function choose(p: Position, last: boolean): LegalMove<Position> {
  const moves = ABALONE.legal(p, 5000).moves;
  const m = last
    ? moves.find((x) => ABALONE.outcome(x.position) !== null)
    : moves.find((x) => {
        if (ABALONE.outcome(x.position) !== null) return false;
        const steps = ABALONE.protocolTrace?.(p, x.move) ?? [];
        if (steps.some((s) => s.op === "off") || steps.length > 2) return false;
        const q = x.position;
        return cell(q, "E1") === "w" && cell(q, "E2") === "b" && cell(q, "E3") === "b";
      });
  if (m === undefined) throw new Error(last ? "no push-off" : "no quiet move");
  return m;
}

/** How often `re` occurs in `text`. */
const times = (text: string, re: RegExp): number =>
  (text.match(new RegExp(re.source, "g")) ?? []).length;

describe.skipIf(hex === null || !haveSocat)(
  "kete play --port: a whole Abalone game against the emulated Abalone firmware",
  { timeout: 240_000 },
  () => {
    it("from near the end to White's sixth marble off, with a reset and an unplug on the way: no false mistake, the journal verifies", async () => {
      ensureBuilt();
      const games = join(dir, "games");
      mkdirSync(games, { recursive: true });
      const start = ABALONE.parsePosition(NEAR_END);
      if (!start.ok) throw new Error(start.error.message);
      const image = loadFirmware(hex!);
      if (!image.ok) throw new Error(image.error.message);
      const created = EmulatedBoard.create({
        firmware: image.value,
        seed: 14,
        calibrated: true,
        geometry: "hex61",
      });
      if (!created.ok) throw new Error(created.error.message);
      const board = created.value;
      const set = board.physical.setHoles(
        Object.fromEntries(
          Object.entries(NEAR_END.cells).map(([h, c]) => [h, c === "b" ? "black" : "white"]),
        ),
      );
      expect(set.ok).toBe(true);
      const served = await serveOnPty(board, { pace: { realTime: true } });
      if (!served.ok) throw new Error(served.error.message);
      const k = startKete(
        [
          "play",
          "--port",
          served.value.hostPath,
          "--wait",
          "60",
          "--position",
          JSON.stringify(NEAR_END),
          "--players",
          "Ana,Ben",
        ],
        { env: { KETE_GAMES_DIR: games }, lifeMs: 220_000 },
      );
      const PLIES = 5;
      try {
        await k.printed(/board set up\n/, 60_000);
        let p = start.value;
        for (let ply = 1; ply <= PLIES; ply++) {
          if (ply === 3) {
            // the reset button mid-game: the firmware boots and reads the board again
            const ups = times(k.stdout(), /board link up/);
            board.reset("external");
            // kete sees the board boot and shakes hands again before the next ply is sown
            await k.until(
              () => times(k.stdout(), /board link up/) > ups,
              "seeing the reset",
              60_000,
            );
          }
          if (ply === 4) {
            // the USB cable out and back: the port vanishes, the board powers up afresh
            const ups = times(k.stdout(), /board link up/);
            await served.value.unplug();
            await k.printed(/board link lost/, 30_000);
            const back = await served.value.replug();
            expect(back.ok).toBe(true);
            await k.until(
              () => times(k.stdout(), /board link up/) > ups,
              "seeing the replug",
              60_000,
            );
            expect(times(k.stdout(), /board link up/)).toBeGreaterThan(ups);
          }
          const m = choose(p, ply === PLIES);
          const steps = ABALONE.protocolTrace?.(p, m.move) ?? [];
          const pushed = await playTrace(board.physical, [...steps], {
            seed: ply,
            scheduler: board.clock,
          });
          expect(pushed.ok, m.move).toBe(true);
          await k.printed(new RegExp(`ply ${ply} .*${escape(m.move)}`), 60_000);
          p = m.position;
        }
        expect(ABALONE.outcome(p)).not.toBeNull();
        expect(board.mcu.resets).toEqual(["external", "power"]);
        await k.printed(/game over: /, 30_000);
        expect(await k.exited).toBe(0);
        expect(k.stderr()).toBe("");
        expect(k.stdout()).not.toMatch(/! (Black|White)|sensor fault|mistake/i);
        const [file] = readdirSync(games).map((f) => join(games, f));
        const j = readJournal(file!);
        if (!j.ok) throw new Error(j.error.message);
        expect(j.value.header.board).toMatchObject({ simulated: false, geometry: "hex61" });
        expect(j.value.records.filter((r) => r.kind === "move")).toHaveLength(PLIES);
        expect(j.value.records.filter((r) => r.kind === "result")).toHaveLength(1);
        const v = await runKete(["replay", file!, "--verify"]);
        expect(v.stdout).toMatch(/^verified: \d+ decisions/);
      } finally {
        if (k.child.exitCode === null) k.child.kill("SIGINT");
        await served.value.stop();
      }
    });
  },
);
