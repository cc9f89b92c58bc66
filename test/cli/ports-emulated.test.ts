/**
 * `kete ports` and `--port auto --board firmata` against the emulated
 * stock-parts board on a pty (issue 32): StandardFirmata on the emulated
 * Mega, served as `kete board-sim --firmata --fast` serves it, answers its
 * version where a kete board would answer HELLO.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoPort, probePort, realScheduler, socatAvailable } from "../../src/board/index.js";
import {
  StockBoard,
  loadStandardFirmata,
  serveOnPty,
  type ServedBoard,
} from "../../src/emulator/index.js";

const image = loadStandardFirmata();

describe.skipIf(!image.ok || !socatAvailable())(
  "the emulated stock-parts board on a pty",
  { timeout: 60_000 },
  () => {
    let served: ServedBoard<StockBoard> | null = null;

    beforeAll(async () => {
      if (!image.ok) throw new Error(image.error.message);
      const made = StockBoard.create({ firmware: image.value, seed: 2, counts: 4 });
      if (!made.ok) throw new Error(made.error.message);
      const s = await serveOnPty(made.value, { pace: { realTime: false }, baudRate: 57600 });
      if (!s.ok) throw new Error(s.error.message);
      served = s.value;
    });

    afterAll(async () => {
      await served?.stop();
    });

    it("is StandardFirmata 2.3, and --port auto --board firmata picks it", async () => {
      const quick = { scheduler: realScheduler, helloMs: 800, firmataMs: 20_000 };
      const id = await probePort(served!.hostPath, quick);
      expect(id).toEqual({ kind: "firmata", version: "2.3", firmware: "StandardFirmata.ino" });
      const auto = await autoPort("firmata", { ...quick, only: [served!.hostPath] });
      expect(auto.ok && auto.value.line).toBe(
        `--port auto: ${served!.hostPath}  StandardFirmata 2.3 (StandardFirmata.ino): the stock-parts board, --board firmata`,
      );
      // Asked for a kete board, it is named as what it is.
      const kete = await autoPort("kete", { ...quick, only: [served!.hostPath] });
      expect(!kete.ok && kete.error.message).toMatch(
        /^--port auto: no kete board answers: found \S+ {2}StandardFirmata 2\.3/,
      );
    });
  },
);
