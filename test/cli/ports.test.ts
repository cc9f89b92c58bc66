/**
 * `kete ports` and `--port auto` (issue 32): the ports found where the
 * system's list fails (no udev), and what answers on each — the simulated
 * kete board on a pty answers HELLO, StandardFirmata under emulation its
 * version, a pty nobody serves nothing.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  autoPort,
  firmataAnswers,
  listPorts,
  openPtyPair,
  portLine,
  probePort,
  realScheduler,
  socatAvailable,
  startPtySimulator,
  type PtyPair,
  type PtySimulator,
} from "../../src/board/index.js";
import { StockBinding, StockBoard, loadStandardFirmata } from "../../src/emulator/index.js";
import { runKete } from "./process.js";
import { ensureBuilt } from "./run.js";

describe("the ports there are", () => {
  it("without udev (the system's list fails) the device folder's ttyACM*, ttyUSB* and board-sim links are found", async () => {
    const dev = mkdtempSync(join(tmpdir(), "kete-dev-"));
    const tmp = mkdtempSync(join(tmpdir(), "kete-tmp-"));
    for (const name of ["ttyACM0", "ttyUSB3", "ttyS0", "null"]) writeFileSync(join(dev, name), "");
    for (const name of ["kete-sim-ab12", "kete-sim-ab12.board", "kete-emu-x9", "other"])
      writeFileSync(join(tmp, name), "");
    const found = await listPorts({
      list: () => Promise.reject(new Error("udev is not available\nmore")),
      scans: [
        { dir: dev, prefixes: ["ttyACM", "ttyUSB"] },
        { dir: tmp, prefixes: ["kete-sim-", "kete-emu-"] },
        { dir: join(tmp, "nowhere"), prefixes: ["x"] },
      ],
    });
    expect(found.listError).toBe("udev is not available");
    expect(found.ports.map((p) => p.path)).toEqual([
      join(dev, "ttyACM0"),
      join(dev, "ttyUSB3"),
      join(tmp, "kete-emu-x9"),
      join(tmp, "kete-sim-ab12"),
    ]);
  });

  it("the system's list and the folders together, each port once; only the ports named when named", async () => {
    const dev = mkdtempSync(join(tmpdir(), "kete-dev-"));
    writeFileSync(join(dev, "ttyACM0"), "");
    const found = await listPorts({
      list: () => Promise.resolve([{ path: join(dev, "ttyACM0"), manufacturer: "Arduino LLC" }]),
      scans: [{ dir: dev, prefixes: ["ttyACM"] }],
    });
    expect(found).toEqual({
      ports: [{ path: join(dev, "ttyACM0"), manufacturer: "Arduino LLC" }],
      listError: null,
    });
    const only = await listPorts({
      only: ["/tmp/a", "/tmp/a", "/tmp/b"],
      list: () => Promise.reject(new Error("not asked")),
    });
    expect(only.ports.map((p) => p.path)).toEqual(["/tmp/a", "/tmp/b"]);
  });

  it("reads Firmata's version and firmware name from its answers", () => {
    const name = [..."StandardFirmata.ino"].flatMap((c) => [c.charCodeAt(0) & 0x7f, 0]);
    expect(firmataAnswers([0x00, 0xf9, 2, 5, 0xf0, 0x79, 2, 5, ...name, 0xf7])).toEqual({
      version: "2.5",
      firmware: "StandardFirmata.ino",
    });
    expect(firmataAnswers([0xf9, 2])).toEqual({ version: null, firmware: null });
    expect(firmataAnswers([0x30, 0x31, 0x0a])).toEqual({ version: null, firmware: null });
  });
});

const image = loadStandardFirmata();

describe.skipIf(!image.ok)("StandardFirmata under emulation", { timeout: 60_000 }, () => {
  it("answers its version and name: a stock-parts board", async () => {
    if (!image.ok) throw new Error(image.error.message);
    const made = StockBoard.create({ firmware: image.value, seed: 3, counts: 4 });
    if (!made.ok) throw new Error(made.error.message);
    const board = made.value;
    const binding = new StockBinding(board);
    let id: Awaited<ReturnType<typeof probePort>> | null = null;
    void probePort(binding.path, {
      scheduler: board.clock,
      binding,
      helloMs: 600,
      firmataMs: 4000,
    }).then((r) => (id = r));
    expect(await board.runUntil(() => id !== null, 8000)).toBe(true);
    // The vendored image is Firmata 2.3 (hardware/firmata/README.md).
    expect(id).toEqual({ kind: "firmata", version: "2.3", firmware: "StandardFirmata.ino" });
    expect(portLine(binding.path, id!)).toBe(
      `${binding.path}  StandardFirmata 2.3 (StandardFirmata.ino): the stock-parts board, --board firmata`,
    );
  });
});

describe.skipIf(!socatAvailable())("boards on ptys", { timeout: 60_000 }, () => {
  let sim: PtySimulator | null = null;
  let other: PtySimulator | null = null;
  let silent: PtyPair | null = null;
  const dir = mkdtempSync(join(tmpdir(), "kete-ports-"));
  const silentPath = join(dir, "silent");

  beforeAll(async () => {
    ensureBuilt();
    const a = await startPtySimulator({ seed: 3, hostPath: join(dir, "sim-a") });
    if (!a.ok) throw new Error(a.error.message);
    sim = a.value;
    const b = await startPtySimulator({ seed: 4, hostPath: join(dir, "sim-b") });
    if (!b.ok) throw new Error(b.error.message);
    other = b.value;
    // A pty pair whose other end nobody serves: a port where nothing answers.
    const pair = await openPtyPair(silentPath, join(dir, "silent.board"));
    if (!pair.ok) throw new Error(pair.error.message);
    silent = pair.value;
  });

  afterAll(async () => {
    await sim?.stop();
    await other?.stop();
    await silent?.close();
  });

  const quick = { scheduler: realScheduler, helloMs: 1500, firmataMs: 600 };

  it("the simulated kete board answers HELLO; a silent pty is unknown", async () => {
    const id = await probePort(sim!.hostPath, quick);
    expect(id).toMatchObject({ kind: "kete", info: { boardId: "KETE-SIM", geometry: "4x8" } });
    expect(portLine(sim!.hostPath, id)).toMatch(
      new RegExp(
        `^${sim!.hostPath} {2}kete board KETE-SIM \\(firmware sim-1\\.0\\.0, protocol 2, 4x8\\)$`,
      ),
    );
    const none = await probePort(silentPath, quick);
    expect(none).toEqual({
      kind: "unknown",
      why: "no answer to HELLO, nor to Firmata's version query",
    });
    const missing = await probePort(join(dir, "gone"), quick);
    expect(missing).toEqual({ kind: "unknown", why: "cannot open it: no such device" });
  });

  it("--port auto picks the one kete board and says which; none or two are refused, naming what answered", async () => {
    const one = await autoPort("kete", { ...quick, only: [silentPath, sim!.hostPath] });
    expect(one.ok && one.value.path).toBe(sim!.hostPath);
    expect(one.ok && one.value.line).toMatch(/^--port auto: .*sim-a {2}kete board KETE-SIM/);
    const two = await autoPort("kete", { ...quick, only: [sim!.hostPath, other!.hostPath] });
    expect(!two.ok && two.error.message).toBe(
      `--port auto: 2 kete boards answer (${sim!.hostPath}, ${other!.hostPath}); name one with --port PATH`,
    );
    const none = await autoPort("kete", { ...quick, only: [silentPath] });
    expect(!none.ok && none.error.message).toMatch(
      /^--port auto: no kete board answers: found \S+silent {2}unknown: no answer to HELLO.*; plug the board in, or name its port with --port PATH \(kete ports lists them\)$/,
    );
  });

  it("kete ports PATH… lists each with what it is; board-test --port auto finds the board", async () => {
    // (A silent port costs the whole wait, 3 s for HELLO and 3 s for Firmata: the in-process test has it.)
    const listed = await runKete(["ports", sim!.hostPath, join(dir, "gone")]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toBe(
      `${sim!.hostPath}  kete board KETE-SIM (firmware sim-1.0.0, protocol 2, 4x8)\n` +
        `${join(dir, "gone")}  unknown: cannot open it: no such device\n` +
        `kete play --port auto uses ${sim!.hostPath}\n`,
    );
    const test = await runKete(["board-test", "--port", "auto", "--once"], {
      env: { KETE_PORTS: `${join(dir, "gone")}:${sim!.hostPath}` },
      lifeMs: 40_000,
    });
    expect(test.stderr).toBe("");
    expect(test.status).toBe(0);
    expect(test.stdout).toMatch(
      new RegExp(`^--port auto: ${sim!.hostPath} {2}kete board KETE-SIM .*\\nboard KETE-SIM`),
    );
    const play = await runKete(
      ["play", "--port", "auto", "--minutes", "0.05", "--games-dir", join(dir, "games")],
      { env: { KETE_PORTS: sim!.hostPath }, lifeMs: 40_000 },
    );
    expect(play.stdout).toMatch(
      new RegExp(`^--port auto: ${sim!.hostPath} {2}kete board KETE-SIM`),
    );
    expect(play.stdout).toMatch(/game paused: no result after 0\.05 minutes \(--minutes\)/);
    expect(play.status).toBe(3);
  });
});
