/**
 * Abalone played on the emulated Abalone board (issue 30): the firmware image
 * build/kete_abalone.hex runs on the emulated Mega with 61 emulated TMAG5273
 * sensors behind TCA9548A switches, reading the marbles' dipole fields
 * (orientation random each time a marble rolls, the neighbours' fields, sensor
 * noise and offsets); a hand pushes lines of marbles as `kete engine`'s traces
 * say (src/board/marbles.ts). kete's controller, on the session of `kete play
 * --port` (`EmulatedLink`, the same `BoardSession`), follows every move from
 * the settled snapshots: no false mistake, no sensor fault, the positions agree,
 * and pushes of three marbles are followed as one move (AB-4, AB-5).
 */
import { describe, expect, it } from "vitest";
import { playTrace, waitForReady } from "../../src/board/index.js";
import { Controller } from "../../src/controller/index.js";
import type { ControllerEvent } from "../../src/controller/index.js";
import { EmulatedBoard, EmulatedLink, loadFirmware } from "../../src/emulator/index.js";
import { findGame } from "../../src/games/index.js";
import type { Game, LegalMove, Position, ProtocolStep } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/index.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/abalone-play.test.ts", "abalone");
const ABALONE = findGame("abalone") as Game<Position>;
const PLIES = 8;

function board(seed: number): EmulatedBoard {
  const image = loadFirmware(hex ?? "");
  if (!image.ok) throw new Error(image.error.message);
  const created = EmulatedBoard.create({
    firmware: image.value,
    seed,
    calibrated: true,
    geometry: "hex61",
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** The hand's trace (`off` and `hole` steps) of a move. */
function marbleTrace(p: Position, move: string): ProtocolStep[] {
  if (ABALONE.protocolTrace === undefined) throw new Error("abalone has no protocol trace");
  return [...ABALONE.protocolTrace(p, move)];
}

/** A move that moves many marbles (the longest trace: pushes and broadside lines first). */
function busy(
  p: Position,
  random: () => number,
): { m: LegalMove<Position>; trace: ProtocolStep[] } {
  let best: { m: LegalMove<Position>; trace: ProtocolStep[] } | null = null;
  let score = -Infinity;
  for (const m of ABALONE.legal(p, 5000).moves) {
    const trace = marbleTrace(p, m.move);
    const s = trace.length + random();
    if (s > score) [best, score] = [{ m, trace }, s];
  }
  if (best === null) throw new Error("no legal move");
  return best;
}

describe.skipIf(hex === null)("Abalone on the emulated Abalone board", () => {
  it(`${PLIES} plies of lines of marbles under kete's controller on the emulated clock: every move followed, no false mistake`, async () => {
    const init = ABALONE.initial({});
    if (!init.ok) throw new Error(init.error.message);
    const b = board(5);
    const clock = b.clock;
    const link = new EmulatedLink(b, { debounceMs: 100 });
    const controller = new Controller(link, { clock: () => clock.now() });
    const events: ControllerEvent[] = [];
    controller.on((e) => events.push(e));
    b.start({ realTime: false });
    const sleep = (ms: number) => new Promise<void>((r) => clock.schedule(r, ms));
    const until = async (done: () => boolean, ms: number): Promise<boolean> => {
      for (let t = 0; t < ms && !done(); t += 10) await sleep(10);
      return done();
    };
    const moves = () => events.flatMap((e) => (e.type === "move" ? [e.move] : []));
    const bad = () => events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");
    try {
      const info = await waitForReady(link, 5000, { scheduler: clock });
      expect(info.ok).toBe(true);
      controller.send({
        type: "resume",
        game: ABALONE.id,
        options: {},
        start: ABALONE.positionToJSON(init.value),
        moves: [],
      });
      void link.requestSnapshot();
      expect(await until(() => controller.state === "session.play.turn.awaitingStart", 5000)).toBe(
        true,
      );
      const random = seededRandom(7);
      let p = init.value;
      const played: string[] = [];
      const latencies: number[] = [];
      let threes = 0;
      while (played.length < PLIES) {
        const { m, trace } = busy(p, random);
        const before = moves().length;
        const start = clock.now();
        const pushed = await playTrace(b.physical, trace, {
          seed: played.length,
          scheduler: clock,
        });
        expect(pushed.ok, pushed.ok ? m.move : pushed.error.message).toBe(true);
        const accepted = await until(() => moves().length > before || bad().length > 0, 5000);
        expect(bad(), `ply ${played.length + 1} ${m.move}`).toEqual([]);
        expect(accepted, `ply ${played.length + 1} ${m.move}`).toBe(true);
        latencies.push(clock.now() - start);
        if (trace.filter((s) => s.op === "hole").length >= 4) threes++;
        played.push(m.move);
        p = m.position;
      }
      expect(moves()).toEqual(played);
      const live = controller.game;
      expect(live).not.toBeNull();
      expect(JSON.stringify(ABALONE.positionToJSON(live!.position))).toBe(
        JSON.stringify(ABALONE.positionToJSON(p)),
      );
      expect(threes).toBeGreaterThan(0); // lines of three moved, each followed as one move
      // each move accepted within 2 s of the hand starting it (rolling, rocking, deb 100)
      expect(Math.max(...latencies)).toBeLessThan(2000);
    } finally {
      await b.stop();
    }
  }, 120_000);
});
