/**
 * The maker's build (issue 27, item 3): the sketch built as the Arduino IDE and
 * arduino-cli build it (`make -C hardware/firmware ide`: the core as an archive
 * with its own defaults, whose Serial would have a 64-byte receive ring, 5.5 ms
 * at 115200 baud) on the emulated board. The firmware's own USART0 driver
 * keeps a 256-byte ring, so LED commands of 32 entries (201 bytes) sent while
 * a hand sows are all acknowledged although the longest main-loop pass is far
 * longer than 64 bytes last (before the driver: 10 of 150, 135 `ERR rx-*`).
 */
import { describe, expect, it } from "vitest";
import { loadFirmware } from "../../src/emulator/index.js";
import { ledFloodDuringSowing } from "../../src/bench/maker-build.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/firmware-ide.test.ts", "ide");

describe.skipIf(hex === null)(
  "the sketch built the Arduino IDE's way, on the emulated board",
  () => {
    it("acknowledges 150 of 150 LED commands of 32 entries during sowing, no byte lost", async () => {
      const image = loadFirmware(hex!);
      if (!image.ok) throw new Error(image.error.message);
      const r = await ledFloodDuringSowing(image.value, 150, 7);
      expect(r.rxErrors).toBe(0);
      expect(r.unanswered).toBe(0);
      expect(r.acked).toBe(150);
      expect(r.overruns).toBe(0);
      // it was busy: stones moved and snapshots flowed, and passes outlasted a 64-byte ring
      expect(r.stonesMoved).toBeGreaterThan(5);
      expect(r.snapshots).toBeGreaterThan(10);
      expect(r.longestPassMs).toBeGreaterThan(5.5);
      // the board answers within 100 ms of the LF (PROTOCOL.md §6.3)
      expect(Math.max(...r.ackMs)).toBeLessThan(100);
    });
  },
);
