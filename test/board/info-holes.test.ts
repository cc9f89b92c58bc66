/**
 * Protocol 2's `INFO holes=` (PROTOCOL.md §6.2, §12.2; issue 29): a board
 * says which marbles it tells apart, kete asks with `HELLO 2` and still
 * speaks to a board of version 1, and `kete play` refuses AB-9.6's neutral
 * marble on a board that does not say `n` before the game starts.
 */
import { describe, expect, it } from "vitest";
import { SimulatedFirmware } from "../../src/board/firmware.js";
import type { FirmwareOptions } from "../../src/board/firmware.js";
import { PhysicalBoard } from "../../src/board/physical-board.js";
import { socatAvailable, startPtySimulator } from "../../src/board/pty.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import { boardRefusal } from "../../src/cli/play/board.js";
import { findGame } from "../../src/games/index.js";
import { formatHostMessage, parseBoardLine, tellsNeutral } from "../../src/protocol/index.js";
import type { BoardMessage, HoleContent, InfoMessage } from "../../src/protocol/index.js";
import { expectNeutralRefused } from "../cli/play-harness.js";

const ABALONE = findGame("abalone")!;

function neutralStart(): HoleContent[] {
  const start = ABALONE.initial({ neutral: "E5" });
  if (!start.ok) throw new Error(start.error.message);
  const holes: HoleContent[] = [];
  const view = ABALONE.sensorView(start.value);
  // Four readings a hole (b, w, n, x), PROTOCOL.md §16 1.7.
  for (let h = 0; h < 61; h++) {
    const r = view.counts.slice(4 * h, 4 * h + 4);
    holes.push((["black", "white", "neutral", "marble"] as const)[r.indexOf(1)] ?? "empty");
  }
  return holes;
}

/** The INFO a hex61 simulated firmware answers to `HELLO proto`. */
function infoFor(proto: number, options: FirmwareOptions = {}): InfoMessage {
  const firmware = new SimulatedFirmware(new PhysicalBoard({ geometry: "hex61" }), {
    scheduler: new FakeScheduler(),
    ...options,
  });
  const out: BoardMessage[] = [];
  firmware.connect((bytes) => {
    for (const line of bytes.split("\n").filter((l) => l.length > 0)) {
      const m = parseBoardLine(line);
      if (m.ok) out.push(m.value);
    }
  });
  firmware.powerOn();
  const hello = formatHostMessage({ type: "hello", id: 1, proto });
  if (!hello.ok) throw new Error(hello.error.message);
  firmware.receive(`${hello.value}\n`);
  const info = out.find((m): m is InfoMessage => m.type === "info");
  if (info === undefined) throw new Error("no INFO");
  return info;
}

describe("INFO holes= (protocol 2)", () => {
  it("a board answers HELLO 1 as version 1 (twelve keys) and HELLO 2 or higher with holes=", () => {
    const one = infoFor(1);
    expect(one.proto).toBe(1);
    expect(one.holes).toBeUndefined();
    expect(tellsNeutral(one)).toBe(false);
    for (const proto of [2, 9]) {
      const two = infoFor(proto);
      expect(two.proto).toBe(2);
      expect(two.holes).toEqual(["black", "white", "neutral", "marble"]);
      expect(tellsNeutral(two)).toBe(true);
    }
    const colours = infoFor(2, { holes: ["black", "white"] });
    expect(colours.holes).toEqual(["black", "white"]);
    expect(tellsNeutral(colours)).toBe(false);
    expect(infoFor(2, { protocol: 1 }).proto).toBe(1);
  });

  it("kete's session says HELLO 2, speaks to a version-1 board, and keeps what it tells on the link", async () => {
    for (const [firmware, proto, neutral] of [
      [{}, 2, true],
      [{ protocol: 1 }, 1, false],
      [{ holes: ["black", "white"] as const }, 2, false],
      // A version-1 board that NAKs HELLO 2 (version): kete asks again with HELLO 1.
      [{ protocol: 1, refusesNewerHello: true }, 1, false],
    ] as const) {
      const scheduler = new FakeScheduler();
      const sim = new SimulatedBoard({ scheduler, geometry: "hex61", firmware, seed: 1 });
      const ready = sim.ready();
      await scheduler.advance(2000);
      expect((await ready).ok).toBe(true);
      expect(sim.info?.proto).toBe(proto);
      expect(sim.info !== null && tellsNeutral(sim.info)).toBe(neutral);
      await sim.close();
    }
  });

  it("a board that does not tell the neutral marble reads its hole as empty (why kete refuses it)", async () => {
    const holes = neutralStart();
    expect(holes[30]).toBe("neutral"); // E5
    const scheduler = new FakeScheduler();
    const sim = new SimulatedBoard({
      scheduler,
      geometry: "hex61",
      holes,
      firmware: { holes: ["black", "white"] },
      seed: 2,
    });
    const read: (HoleContent | null)[][] = [];
    sim.subscribe((e) => {
      if (e.type === "snapshot" && e.snapshot.settled && "holes" in e.snapshot.board) {
        read.push([...e.snapshot.board.holes]);
      }
    });
    const ready = sim.ready();
    await scheduler.advance(2000);
    expect((await ready).ok).toBe(true);
    void sim.requestSnapshot();
    await scheduler.advance(1000);
    const last = read.at(-1);
    expect(last?.[30]).toBe("empty");
    expect(last?.filter((h) => h === "black").length).toBe(14);
    expect(last?.includes("neutral")).toBe(false);
    await sim.close();
  });
});

describe("kete play refuses the neutral marble on a board that does not tell it (AB-9.6)", () => {
  const base = infoFor(2);
  const cases: [string, InfoMessage, boolean][] = [
    ["says holes=bwnx", base, false],
    ["speaks protocol 1 (says nothing)", infoFor(1), true],
    ["says holes=bw", infoFor(2, { holes: ["black", "white"] }), true],
    ["says holes=x", infoFor(2, { holes: ["marble"] }), true],
  ];
  it.each(cases)("a board that %s", (_, info, refused) => {
    const why = boardRefusal("hex61", { neutral: "E5" }, info, "on /dev/ttyACM0");
    if (!refused) {
      expect(why).toBeNull();
      return;
    }
    expect(why).toMatch(/^AB-9\.6: the neutral marble \(--option neutral=E5\)/);
    expect(why).toContain("on /dev/ttyACM0");
    expect(why).toContain("Play without --option neutral");
    expect(why).toContain(info.holes === undefined ? "protocol 1" : "without n");
  });

  it("without the neutral option, or on another shape, nothing is refused", () => {
    const old = infoFor(1);
    expect(boardRefusal("hex61", {}, old, "on p")).toBeNull();
    expect(boardRefusal("hex61", { neutral: null }, old, "on p")).toBeNull();
    expect(boardRefusal("4x8", { neutral: "E5" }, old, "on p")).toBeNull();
    expect(boardRefusal("hex61", { neutral: "E5" }, null, "on p")).toBeNull();
  });

  it.skipIf(!socatAvailable())(
    "kete play --port on a board that says holes=bw stops before the game starts, no journal written",
    { timeout: 30_000 },
    async () => {
      const pty = await startPtySimulator({
        geometry: "hex61",
        holes: neutralStart(),
        firmware: { holes: ["black", "white"] },
      });
      if (!pty.ok) throw new Error(pty.error.message);
      try {
        await expectNeutralRefused(pty.value.hostPath);
      } finally {
        await pty.value.stop();
      }
    },
  );
});
