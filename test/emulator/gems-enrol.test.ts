/**
 * Enrolling the gems (hardware/glassperlenspiel.md §5.3 step 2, issue 30):
 * the Glassperlenspiel firmware (build/kete_gems.hex) on the emulated Mega,
 * its gems' tags blank as bought (DSFID and AFI 0), the board calibrated.
 * The maker holds both buttons while the board resets, lays the gems in their
 * GB-1 pits, presses 1 and then 2, as `kete enrol` tells; kete's side
 * (`enrolGems`, what `kete enrol` runs) waits on the session of `kete play
 * --port` (`EmulatedLink`) and checks every gem in its pit. All on the
 * emulated clock.
 *
 * 1. Ten gems, each alone in its pit: every pit green; each tag holds its
 *    gem's DSFID and the board's AFI (written by the firmware over the air);
 *    each gem's EEPROM record holds its own mass; the board boots into the
 *    protocol and reads all ten by name, no plain stone left over; exit 0.
 * 2. A pit with no gem and a pit with two: those magenta (and nothing
 *    written or stored for their gems), the rest green; kete names the pits
 *    and what to do; exit 1.
 */
import { describe, expect, it } from "vitest";
import { GLASSPERLENSPIEL_START_GEMS, PhysicalBoard } from "../../src/board/index.js";
import type { InitialGems } from "../../src/board/index.js";
import { enrolGems } from "../../src/cli/enrol.js";
import { EXIT_FAILED, EXIT_OK } from "../../src/cli/usage.js";
import { EmulatedLink, GEM_AFI, gemDsfid } from "../../src/emulator/index.js";
import type { EmulatedBoard, LedColour } from "../../src/emulator/index.js";
import { GEMS } from "../../src/shared/index.js";
import type { Gem } from "../../src/protocol/index.js";
import { emulatedBoard, referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/gems-enrol.test.ts", "gems");
const PITS = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"];
/** kete_gems/gems.h: the gem records after the 12 calibration records. */
const EE_GEM_BASE = 0x0d0;

function board(gems: InitialGems, seed: number): EmulatedBoard {
  return emulatedBoard(hex, {
    seed,
    calibrated: true,
    geometry: "2x5+2",
    blankTags: true,
    physical: new PhysicalBoard({ geometry: "2x5+2", counts: 0, gems }),
  });
}

const white = (c: LedColour) => c.brightness > 0 && c.r > 0 && c.g > 0 && c.b > 0;
const green = (c: LedColour) => c.brightness > 0 && c.g > 0 && c.r === 0 && c.b === 0;
const magenta = (c: LedColour) => c.brightness > 0 && c.r > 0 && c.b > 0 && c.g === 0;

/** The gem record in EEPROM: its mass in stones, or null when there is none. */
function storedMass(b: EmulatedBoard, gem: Gem): number | null {
  const at = EE_GEM_BASE + 4 * GEMS.indexOf(gem);
  const m = b.eeprom.memory;
  if (m[at] !== 0x47) return null;
  const raw = (m[at + 1] ?? 0) | ((m[at + 2] ?? 0) << 8);
  return (raw >= 0x8000 ? raw - 0x10000 : raw) / 256;
}

interface Enrolment {
  readonly code: number;
  readonly out: string;
  /** Bytes the board sent while in enrolment (before button 2). */
  readonly sentWhileEnrolling: number;
  readonly lit: readonly LedColour[];
  /** Each pit's LED when the pass was over, and the pass's length in emulated ms. */
  readonly result: readonly LedColour[];
  readonly passMs: number;
  /** The deepest stack the firmware measured, bytes. */
  readonly stackPeak: number;
}

/** The maker's steps of §5.3 with kete enrol's check running on the emulated clock. */
async function enrol(b: EmulatedBoard): Promise<Enrolment> {
  const clock = b.clock;
  const sleep = (ms: number) => new Promise<void>((r) => clock.schedule(r, ms));
  let sent = 0;
  const untap = b.onTx(() => sent++);
  b.press(1);
  b.press(2);
  const link = new EmulatedLink(b, { debounceMs: 100 });
  let out = "";
  b.start({ realTime: false });
  try {
    const check = enrolGems(link, {
      port: "emulated",
      readyMs: 60_000,
      out: (text) => (out += text),
      scheduler: clock,
    });
    await sleep(200);
    const lit = PITS.map((p) => b.ledOf(p));
    b.release(1);
    b.release(2);
    await sleep(100);
    const began = clock.now();
    b.press(1);
    await sleep(50);
    b.release(1);
    for (
      let t = 0;
      t < 20_000 && PITS.some((p) => !green(b.ledOf(p)) && !magenta(b.ledOf(p)));
      t += 10
    )
      await sleep(10);
    const passMs = clock.now() - began;
    const result = PITS.map((p) => b.ledOf(p));
    const sentWhileEnrolling = sent;
    b.press(2);
    await sleep(50);
    b.release(2);
    const code = await check;
    // the deepest stack since power-up, as the firmware measures it (GPIOR2:GPIOR1, hal_avr.cpp)
    const data = b.mcu.cpu.data;
    const stackPeak = ((data[0x4b] ?? 0) << 8) | (data[0x4a] ?? 0);
    return { code, out, sentWhileEnrolling, lit, result, passMs, stackPeak };
  } finally {
    untap();
    await b.stop();
  }
}

describe.skipIf(hex === null)("enrolling the gems on the emulated Glassperlenspiel board", () => {
  it("ten blank tags in their GB-1 pits: every pit green, each tag named and each mass stored, then every gem read in its pit (§5.3)", async () => {
    const b = board(GLASSPERLENSPIEL_START_GEMS, 21);
    for (const gem of GEMS) expect(b.tagOf(gem)).toMatchObject({ dsfid: 0, afi: 0 });
    const e = await enrol(b);
    expect(e.sentWhileEnrolling, "no BOOT until enrolment ends").toBe(0);
    expect(e.lit.every(white), "the ten pits white").toBe(true);
    expect(e.result.map(green)).toEqual(PITS.map(() => true));
    for (const gem of GEMS) {
      const tag = b.tagOf(gem);
      expect(tag, gem).toMatchObject({ dsfid: gemDsfid(gem), afi: GEM_AFI });
      // the gem's own mass (within 0.02 stone: 64 scans of a calibrated cell)
      const mass = storedMass(b, gem);
      expect(mass, gem).not.toBeNull();
      expect(Math.abs(mass! - tag!.grams / b.stoneGrams), gem).toBeLessThan(0.02);
    }
    expect(e.out).toMatch(/All ten gems enrolled/);
    expect(e.code).toBe(EXIT_OK);
    // the pass: 64 scans (0.8 s) and ten pits' inventories, writes and read-backs
    expect(e.passMs).toBeLessThan(3000);
    // enrolment's buffers (64 scans of 12 cells summed, the records) on the stack: 428 B
    // measured, with the 2,639 B of static RAM far under the 6 KB of issue 30
    expect(e.stackPeak).toBeGreaterThan(0);
    expect(e.stackPeak).toBeLessThan(1024);
  }, 60_000);

  it("a pit with no gem and one with two: those magenta and nothing stored for their gems; kete names them (§5.3)", async () => {
    const gems: Record<string, readonly string[]> = { ...GLASSPERLENSPIEL_START_GEMS };
    delete gems.A3; // S3 left in the box
    delete gems.B1;
    gems.A1 = ["S5", "N1"]; // N1 laid in A1 with S5
    const b = board(gems, 22);
    const e = await enrol(b);
    const bad = new Set(["A1", "A3", "B1"]);
    expect(e.result.map((c) => (green(c) ? "green" : magenta(c) ? "magenta" : "?"))).toEqual(
      PITS.map((p) => (bad.has(p) ? "magenta" : "green")),
    );
    for (const gem of ["S3", "S5", "N1"] as const) {
      expect(b.tagOf(gem), gem).toMatchObject({ dsfid: 0, afi: 0 });
      expect(storedMass(b, gem), gem).toBeNull();
    }
    expect(b.tagOf("S1")).toMatchObject({ dsfid: gemDsfid("S1"), afi: GEM_AFI });
    expect(e.out).toMatch(/A3: expected S3, reads no gem/);
    expect(e.out).toMatch(/B1: expected N1, reads no gem/);
    expect(e.out).toMatch(
      /A1: expected S5, reads no gem, \d plain stones?; lay S5, and nothing else, in A1/,
    );
    expect(e.out).toMatch(/7 of 10 gems read in place/);
    expect(e.code).toBe(EXIT_FAILED);
  }, 60_000);
});
