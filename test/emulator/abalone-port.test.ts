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
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import type { LegalMove, Position } from "../../src/games/index.js";
import {
  ABALONE,
  cell,
  escape,
  startPortGame,
  times,
  traceOf,
  verifiedJournal,
} from "./abalone-port-game.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/abalone-port.test.ts", "abalone");
const haveSocat = socatAvailable();
const dir = mkdtempSync(join(tmpdir(), "kete-abalone-port-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
        const steps = traceOf(p, x.move);
        if (steps.some((s) => s.op === "off") || steps.length > 2) return false;
        const q = x.position;
        return cell(q, "E1") === "w" && cell(q, "E2") === "b" && cell(q, "E3") === "b";
      });
  if (m === undefined) throw new Error(last ? "no push-off" : "no quiet move");
  return m;
}

describe.skipIf(hex === null || !haveSocat)(
  "kete play --port: a whole Abalone game against the emulated Abalone firmware",
  { timeout: 240_000 },
  () => {
    it("from near the end to White's sixth marble off, with a reset and an unplug on the way: no false mistake, the journal verifies", async () => {
      const start = ABALONE.parsePosition(NEAR_END);
      if (!start.ok) throw new Error(start.error.message);
      const g = await startPortGame(hex!, NEAR_END, dir, 14);
      const { board, kete: k } = g;
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
            await g.served.unplug();
            await k.printed(/board link lost/, 30_000);
            const back = await g.served.replug();
            expect(back.ok).toBe(true);
            await k.until(
              () => times(k.stdout(), /board link up/) > ups,
              "seeing the replug",
              60_000,
            );
            expect(times(k.stdout(), /board link up/)).toBeGreaterThan(ups);
          }
          const m = choose(p, ply === PLIES);
          await g.hand(traceOf(p, m.move), ply);
          await k.printed(new RegExp(`ply ${ply} .*${escape(m.move)}`), 60_000);
          p = m.position;
        }
        expect(ABALONE.outcome(p)).not.toBeNull();
        expect(board.mcu.resets).toEqual(["external", "power"]);
        await k.printed(/game over: /, 30_000);
        expect(await k.exited).toBe(0);
        expect(k.stderr()).toBe("");
        expect(k.stdout()).not.toMatch(/! (Black|White)|sensor fault|mistake/i);
        const { journal, said } = await verifiedJournal(g.games);
        expect(journal.header.board).toMatchObject({ simulated: false, geometry: "hex61" });
        expect(journal.records.filter((r) => r.kind === "move")).toHaveLength(PLIES);
        expect(journal.records.filter((r) => r.kind === "result")).toHaveLength(1);
        expect(said).toMatch(/^verified: \d+ decisions/);
      } finally {
        await g.stop();
      }
    });
  },
);
