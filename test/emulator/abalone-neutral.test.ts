/**
 * The neutral marble sensed (hardware/abalone.md §2.3, issue 29): the hex61
 * image built with the inductive switches (`make abalone-neutral`,
 * build/kete_abalone_n.hex) on the emulated board, whose LDC0851s and
 * 74HCT165 chain (src/emulator/ldc0851.ts) feel a 20 mm aluminium ball. It
 * says `holes=bwn`, and over random placements — the neutral marble, a black
 * or a white one set down into a random empty hole of the middle rows,
 * rocking in its dish, then lifted — every settled hole of every snapshot
 * reads what the hole holds: zero wrong classes.
 */
import { describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import { serveOnPty } from "../../src/emulator/index.js";
import { expectNeutralRefused } from "../cli/play-harness.js";
import { EmulatedBoard, loadFirmware } from "../../src/emulator/index.js";
import { COIL_INDUCTANCE_H, LDC_THRESHOLD, inductanceDrop } from "../../src/emulator/index.js";
import type { HoleContent } from "../../src/protocol/index.js";
import { parseBoardLine, withChecksum } from "../../src/protocol/index.js";
import { GEOMETRIES, seededRandom } from "../../src/shared/index.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/abalone-neutral.test.ts", "abalone-neutral");
const plainHex = await referenceFirmware("test/emulator/abalone-neutral.test.ts", "abalone");
const image = hex === null ? null : loadFirmware(hex);
const HOLES = GEOMETRIES.hex61.cells;
const LETTER: Record<HoleContent, string> = {
  empty: ".",
  black: "b",
  white: "w",
  neutral: "n",
  marble: "x",
};
/** A changed hole may show its old letter, settled, this long (a scan, the next, the line). */
const GRACE_MS = 100;
const PLACEMENTS = Number(process.env.KETE_NEUTRAL_PLACEMENTS ?? 12);

interface Line {
  readonly text: string;
  readonly at: number;
}

function boot(seed: number): { board: EmulatedBoard; lines: Line[] } {
  if (image === null || !image.ok) throw new Error("no image");
  const created = EmulatedBoard.create({
    firmware: image.value,
    seed,
    calibrated: true,
    geometry: "hex61",
  });
  if (!created.ok) throw new Error(created.error.message);
  const board = created.value;
  const lines: Line[] = [];
  let partial = "";
  board.onTx((b) => {
    if (b !== 10) partial += String.fromCharCode(b);
    else {
      lines.push({ text: partial, at: board.now });
      partial = "";
    }
  });
  return { board, lines };
}

describe("the coil model behind hardware/abalone.md §2.3's field budget", () => {
  it("gives the document's figures: 6.5 µH, the neutral marble 7.5–12.4 %, a black magnet ≤ 0.10 %", () => {
    expect(COIL_INDUCTANCE_H * 1e6).toBeCloseTo(6.54, 1);
    const neutral = [
      inductanceDrop(10, 0, 11.7),
      inductanceDrop(10, 3.5, 12.3),
      inductanceDrop(10, 3.5, 11.7),
    ];
    expect(Math.min(...neutral)).toBeGreaterThan(0.074);
    expect(Math.max(...neutral)).toBeLessThan(0.125);
    expect(inductanceDrop(3, 0, 11.7)).toBeLessThan(0.001);
    expect(inductanceDrop(2, 0, 11.7)).toBeLessThan(0.0003);
    expect(inductanceDrop(10, 40, 12)).toBeLessThan(0.00002);
    // the neutral marble held 10 mm above the hole stays below the threshold
    expect(inductanceDrop(10, 0, 22)).toBeLessThan(LDC_THRESHOLD / 10);
  });
});

describe.skipIf(image === null)("the neutral marble on the emulated Abalone board", () => {
  it(
    `says holes=bwn, and tells the neutral marble from black, white and empty over ${PLACEMENTS} random placements`,
    {
      timeout: Math.max(180_000, PLACEMENTS * 8000),
    },
    async () => {
      const { board, lines } = boot(29);
      const p = board.physical;
      const random = seededRandom(29);
      await board.runFor(1500);
      board.receive(`${withChecksum("01 HELLO 2")}\n`);
      board.receive(`${withChecksum("02 CFG deb=100")}\n`);
      await board.runFor(300);
      expect(lines.find((l) => / INFO /.test(l.text))?.text).toMatch(
        / INFO proto=2 .*geo=hex61 .* holes=bwn\*/,
      );
      const kinds: HoleContent[] = ["neutral", "black", "white"];
      let wrong = 0;
      let settledReadings = 0;
      let placedRight = 0;
      /** Settled holes of lines[from..] that disagree with the board (the changed hole: its old letter early). */
      const judge = (from: number, h: number, before: string, changedAt: number): void => {
        const truth = p.holes().map((c) => LETTER[c]);
        for (const l of lines.slice(from)) {
          const m = parseBoardLine(l.text);
          if (!m.ok || m.value.type !== "snapshot" || !("holes" in m.value.board)) continue;
          const holes = m.value.board.holes;
          const unsettled = new Set(m.value.unsettled);
          holes.forEach((cell, k) => {
            if (unsettled.has(HOLES[k] ?? "")) return;
            settledReadings++;
            const letter = cell === null ? "?" : LETTER[cell];
            const early = k === h && letter === before && l.at < changedAt + GRACE_MS;
            if (letter !== truth[k] && !early) wrong++;
          });
        }
      };
      for (let k = 0; k < PLACEMENTS; k++) {
        const kind = kinds[k % 3] ?? "neutral";
        const empty = p
          .holes()
          .flatMap((c, h) => (c === "empty" ? [h] : []))
          .filter((h) => h >= 16 && h <= 44);
        const h = empty[Math.floor(random() * empty.length)] ?? 30;
        const from = lines.length;
        p.putMarble(HOLES[h] ?? "E5", kind);
        const at = board.now;
        const want = LETTER[kind];
        const settledAs = (letter: string) => (l: Line) => {
          const m = parseBoardLine(l.text);
          return (
            m.ok &&
            m.value.type === "snapshot" &&
            "holes" in m.value.board &&
            !m.value.unsettled.includes(HOLES[h] ?? "") &&
            LETTER[m.value.board.holes[h] ?? "empty"] === letter
          );
        };
        await board.runUntil(() => lines.slice(from).some(settledAs(want)), 3000);
        if (lines.slice(from).some(settledAs(want))) placedRight++;
        await board.runFor(200);
        judge(from, h, ".", at);
        const from2 = lines.length;
        p.putMarble(HOLES[h] ?? "E5", "empty");
        const at2 = board.now;
        await board.runUntil(() => lines.slice(from2).some(settledAs(".")), 3000);
        await board.runFor(200);
        judge(from2, h, want, at2);
      }
      console.log(
        `neutral marble on the emulated board: ${PLACEMENTS} placements (${Math.ceil(PLACEMENTS / 3)} neutral), ${placedRight} read settled as placed, ${settledReadings} settled hole readings, ${wrong} wrong`,
      );
      expect(placedRight).toBe(PLACEMENTS);
      expect(settledReadings).toBeGreaterThan(PLACEMENTS * 61);
      expect(wrong).toBe(0);
      expect(board.neutral?.loads ?? 0).toBeGreaterThan(100); // the chain read every scan
    },
  );
});

describe.skipIf(plainHex === null || !socatAvailable())(
  "kete play --port on the reference hex61 image, which says holes=bw",
  () => {
    it(
      "refuses AB-9.6's neutral marble before the game starts, naming the rule",
      {
        timeout: 60_000,
      },
      async () => {
        const image = loadFirmware(plainHex ?? "");
        if (!image.ok) throw new Error(image.error.message);
        const created = EmulatedBoard.create({
          firmware: image.value,
          seed: 3,
          calibrated: true,
          geometry: "hex61",
        });
        if (!created.ok) throw new Error(created.error.message);
        const served = await serveOnPty(created.value, { pace: { realTime: true } });
        if (!served.ok) throw new Error(served.error.message);
        try {
          const message = await expectNeutralRefused(served.value.hostPath);
          expect(message).toContain("KETE-A-0001, firmware 1.1.0");
        } finally {
          await served.value.stop();
        }
      },
    );
  },
);
