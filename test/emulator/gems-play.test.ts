/**
 * Glassperlenspiel played on the emulated Glassperlenspiel board (issue 30,
 * "done when"): the firmware image build/kete_gems.hex runs on the emulated
 * Mega with its 12 load cells and 12 PN5180 readers, paced to the wall clock
 * and served on a pseudo-terminal; `kete play --port --game glassperlenspiel`
 * in its own process opens the pty as it would /dev/ttyACM0; a hand sows bead
 * by bead, gems by name, captures into the cups. The sensors are noisy: the
 * cells' noise five times the HX711's (200 counts rms), dropped beads ringing
 * in hard cups, tags missing four times as often as the design's figures
 * (2 % alone, 12 % in a crowded place: hardware/glassperlenspiel.md §6.3).
 *
 * One whole game to its result, moves chosen greedily so it ends (43 plies):
 * after the first ply the USB cable is pulled (the Mega, fed by USB, loses
 * power) and plugged in again: kete says the link is lost, opens the port
 * when it is back, and the game goes on; after the third the board's reset
 * button is pressed (BOOT … reset): kete shakes hands again. No false
 * mistake, no sensor fault, one field on at a time; every ply kete printed
 * leads to the position the hand made; the journal verifies.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { playTrace } from "../../src/board/index.js";
import { socatAvailable } from "../../src/board/pty.js";
import { serveOnPty } from "../../src/emulator/index.js";
import type { EmulatedBoard } from "../../src/emulator/index.js";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/index.js";
import { readJournal } from "../../src/journal/store.js";
import { seededRandom } from "../../src/shared/index.js";
import { greedy } from "../../src/bench/watchdog-game.js";
import { runKete, startKete } from "../cli/process.js";
import { ensureBuilt } from "../cli/run.js";
import { emulatedBoard, referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/gems-play.test.ts", "gems");
const haveSocat = socatAvailable();
const dir = mkdtempSync(join(tmpdir(), "kete-gems-play-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GLASS = findGame("glassperlenspiel") as Game<Position>;

function board(seed: number): EmulatedBoard {
  return emulatedBoard(hex, {
    seed,
    calibrated: true,
    geometry: "2x5+2",
    pits: { noiseCounts: 200 },
    readers: { missAlone: 0.02, missCrowded: 0.12 },
  });
}

/** The last lines kete printed, for a failure's message. */
const tail = (out: string): string => out.split("\n").slice(-25).join("\n");

describe.skipIf(hex === null || !haveSocat)(
  "kete play --port: Glassperlenspiel on the emulated Glassperlenspiel board",
  () => {
    it("a whole game with noisy sensors, an unplug and a reset mid-game: every ply followed, no false mistake, the journal verifies", async () => {
      ensureBuilt();
      const games = join(dir, "port");
      mkdirSync(games, { recursive: true });
      const init = GLASS.initial({});
      if (!init.ok) throw new Error(init.error.message);
      const b = board(12);
      const hostPath = join(dir, "ttyGEMS");
      const serve = async () => {
        const r = await serveOnPty(b, { hostPath, pace: { realTime: true } });
        if (!r.ok) throw new Error(r.error.message);
        return r.value;
      };
      let served = await serve();
      const k = startKete(
        [
          "play",
          "--port",
          hostPath,
          // The emulated Mega runs on what CPU a loaded machine leaves it: wait for
          // it as for a slow board, so the test checks the game and not the load.
          "--wait",
          "60",
          "--game",
          "glassperlenspiel",
          "--players",
          "Ana,Ben",
        ],
        { env: { KETE_GAMES_DIR: games }, lifeMs: 400_000 },
      );
      const seen = (re: RegExp): number => (k.stdout().match(re) ?? []).length;
      // As long as kete itself may wait for the board (--wait 60) and more.
      const until = (done: () => boolean): Promise<void> =>
        k.until(done, "seeing the link go and come back", 120_000);
      try {
        await k.printed(/new game of Glassperlenspiel/);
        await k.printed(/board set up\n/);
        const random = seededRandom(3);
        let p = init.value;
        let followed = init.value;
        let ply = 0;
        while (GLASS.outcome(p) === null && ply < 200) {
          const m = greedy(GLASS, p, random);
          ply += 1;
          const sown = await playTrace(b.physical, m.trace, {
            perStoneMs: [60, 100],
            seed: ply,
            scheduler: b.clock,
          });
          expect(sown.ok, `ply ${ply} ${m.move}`).toBe(true);
          // kete may name an equivalent sowing (two gems sown and both captured
          // land in the same position whichever went where): the positions agree
          const printed = new RegExp(`ply ${ply} {2}(?:South|North) \\((?:Ana|Ben)\\) {2}(\\S+)`);
          await k.printed(printed).catch((e: unknown) => {
            throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tail(k.stdout())}`);
          });
          const move = printed.exec(k.stdout())?.[1] ?? "";
          const next = GLASS.apply(followed, move);
          expect(next.ok, `ply ${ply}: kete's ${move} is legal`).toBe(true);
          if (next.ok) followed = next.value.position;
          p = m.position;
          expect(JSON.stringify(GLASS.positionToJSON(followed)), `ply ${ply} ${m.move}`).toBe(
            JSON.stringify(GLASS.positionToJSON(p)),
          );
          if (ply === 1) {
            // The cable is pulled: the port goes away and the Mega, fed by USB, loses
            // its power; plugged in again it boots (BOOT … power), kete opens the port
            // again and the game goes on.
            const ups = seen(/board link up/g);
            await served.stop();
            await until(() => seen(/board link lost/g) > 0);
            expect(seen(/board link lost/g), "the unplug seen").toBeGreaterThan(0);
            b.reset("power");
            served = await serve();
            await until(() => seen(/board link up/g) > ups);
            expect(seen(/board link up/g), `back after the unplug:\n${tail(k.stdout())}`).toBe(
              ups + 1,
            );
          }
          if (ply === 3) {
            // The reset button, mid-game: the board boots again, kete shakes hands again.
            const ups = seen(/board link up/g);
            b.reset("external");
            await until(() => seen(/board link up/g) > ups);
            expect(seen(/board link up/g), `back after the reset:\n${tail(k.stdout())}`).toBe(
              ups + 1,
            );
          }
        }
        expect(GLASS.outcome(p)).not.toBeNull();
        expect(ply, "the unplug and the reset came mid-game").toBeGreaterThan(3);
        await k.printed(/game over: /);
        expect(await k.exited).toBe(0);
        expect(k.stderr()).toBe("");
        expect(k.stdout()).not.toMatch(/! (South|North)|sensor fault/);
        expect(b.mcu.resets).toEqual(["power", "external"]);
        expect(b.readers?.stats.maxFieldsOn).toBe(1);
        const [file] = readdirSync(games).map((f) => join(games, f));
        const j = readJournal(file!);
        if (!j.ok) throw new Error(j.error.message);
        expect(j.value.header.board).toMatchObject({ simulated: false, geometry: "2x5+2" });
        expect(j.value.records.filter((r) => r.kind === "move")).toHaveLength(ply);
        const v = await runKete(["replay", file!, "--verify"]);
        expect(v.stdout).toMatch(/^verified: \d+ decisions/);
      } finally {
        if (k.child.exitCode === null) k.child.kill("SIGINT");
        await served.stop();
      }
      // Paced to the wall clock: ≈ 60 s for the game's 145 beads and 43 settlings.
    }, 420_000);
  },
);
