/**
 * The reference board's netlist (hardware/netlist.json) and wiring tables
 * (hardware/wiring.md): up to date with their generator, and right against
 * the two other descriptions of the board: geometry/4x8.json (channels, LED
 * order) and README §9 (the pin of every pit, the clock of every row), with
 * the ATmega2560's port map restated here from its datasheet, so that a pit's
 * channel must land on the right port bit.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED, NETLIST_FORMAT, generatedFiles, readGeometry } from "./netlist.js";
import type { Netlist, Part } from "./netlist.js";

const wiring = readGeometry();
const committed: unknown = JSON.parse(readFileSync(GENERATED.netlist, "utf8"));
const netlist = committed as Netlist;

function part(ref: string): Part {
  const p = netlist.parts.find((x) => x.ref === ref);
  if (p === undefined) throw new Error(`netlist.json has no part ${ref}`);
  return p;
}
function netOf(ref: string, pin: string): string {
  const net = part(ref).pins[pin];
  if (net === undefined) throw new Error(`${ref}.${pin} is not connected`);
  return net;
}
function pinsOn(net: string): readonly string[] {
  return netlist.nets[net] ?? [];
}

/** ATmega2560 (Arduino Mega 2560 header label) → AVR port and bit, for the ports §9 uses. */
function avrPort(label: string): { port: string; bit: number } | null {
  const d = /^D(\d+)$/.exec(label);
  const a = /^A(\d+)$/.exec(label);
  if (a !== null) {
    const n = Number(a[1]);
    return n >= 8 && n <= 15 ? { port: "K", bit: n - 8 } : null;
  }
  if (d === null) return null;
  const n = Number(d[1]);
  if (n >= 22 && n <= 29) return { port: "A", bit: n - 22 };
  if (n >= 30 && n <= 37) return { port: "C", bit: 37 - n };
  if (n >= 42 && n <= 49) return { port: "L", bit: 49 - n };
  if (n >= 6 && n <= 9) return { port: "H", bit: n - 3 };
  return null;
}
/** The DOUT port of row groups 0..3 (rows A..D), README §4/§9. */
const ROW_PORT = ["A", "C", "L", "K"];

/** README §9's per-pit table: pit → DOUT pin, channel, LED; row → clock pin. */
function readmePinTable(): {
  pits: Map<string, { pin: string; channel: number; led: number }>;
  clocks: Map<string, string>;
} {
  const text = readFileSync(new URL("../../hardware/README.md", import.meta.url), "utf8");
  const pits = new Map<string, { pin: string; channel: number; led: number }>();
  const clocks = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^\| ([A-D]) \((D\d)\)\s+\|(.*)\|\s*$/.exec(line);
    if (m === null) continue;
    const row = m[1] ?? "";
    clocks.set(row, m[2] ?? "");
    (m[3] ?? "").split("|").forEach((cell, i) => {
      const c = /^\s*(\w+) · (\d+) · (\d+)\s*$/.exec(cell);
      if (c === null) throw new Error(`README §9: cannot read "${cell}"`);
      pits.set(`${row}${i + 1}`, { pin: c[1] ?? "", channel: Number(c[2]), led: Number(c[3]) });
    });
  }
  return { pits, clocks };
}

describe("netlist", () => {
  it("is what its generator makes today (npm run netlist), and so is wiring.md", async () => {
    const files = await generatedFiles();
    expect(readFileSync(GENERATED.netlist, "utf8"), "run npm run netlist").toBe(files.netlist);
    expect(readFileSync(GENERATED.wiring, "utf8"), "run npm run netlist").toBe(files.wiring);
    expect(netlist.format).toBe(NETLIST_FORMAT);
  });

  it("lists each pin once, and every net agrees with the parts' pins", () => {
    const fromParts = new Map<string, string[]>();
    const refs = new Set<string>();
    for (const p of netlist.parts) {
      expect(refs.has(p.ref), p.ref).toBe(false);
      refs.add(p.ref);
      for (const [pin, net] of Object.entries(p.pins))
        fromParts.set(net, [...(fromParts.get(net) ?? []), `${p.ref}.${pin}`]);
    }
    expect(new Map(Object.entries(netlist.nets))).toEqual(fromParts);
    // no net with a single pin: a wire that goes nowhere
    for (const [net, pins] of Object.entries(netlist.nets))
      expect(pins.length, `${net}: ${pins.join(", ")}`).toBeGreaterThanOrEqual(2);
  });

  it("reads every pit's HX711 on the port bit of its channel, the pin README §9 names", () => {
    const table = readmePinTable();
    expect(table.pits.size).toBe(32);
    for (const pit of wiring.pits) {
      const dout = netOf(`HX_${pit.pit}`, "DT");
      const megaPins = pinsOn(dout).filter((p) => p.startsWith("U1."));
      expect(megaPins, pit.pit).toHaveLength(1);
      const label = (megaPins[0] ?? "").slice(3);
      const readme = table.pits.get(pit.pit);
      expect(label, `${pit.pit}: README §9`).toBe(readme?.pin);
      expect(pit.channel, `${pit.pit}: README §9's channel`).toBe(readme?.channel);
      const port = avrPort(label);
      const group = Math.floor(pit.channel / 8);
      expect(port, `${pit.pit} on ${label}`).toEqual({
        port: ROW_PORT[group],
        bit: pit.channel % 8,
      });
      // and on its row cable's conductor bit + 1
      const cable = pinsOn(dout).filter((p) => /^J[2-5]\./.test(p));
      expect(cable).toEqual([`J${group + 2}.${(pit.channel % 8) + 1}`]);
    }
  });

  it("clocks every row through a series resistor from the pin README §9 names", () => {
    const table = readmePinTable();
    for (const pit of wiring.pits) {
      const row = pit.pit[0] ?? "";
      const sck = netOf(`HX_${pit.pit}`, "SCK");
      // the cable side: a resistor, its row's connector and the row's eight modules, nothing else
      const onLine = pinsOn(sck);
      expect(onLine.filter((p) => p.startsWith("HX_"))).toHaveLength(8);
      expect(onLine.every((p) => p.startsWith(`HX_${row}`) || /^(R\d|J\d)\./.test(p))).toBe(true);
      const resistor = onLine.filter((p) => /^R\d+\./.test(p));
      expect(resistor, sck).toHaveLength(1);
      const ref = (resistor[0] ?? "").split(".")[0] ?? "";
      expect(part(ref).value).toBe("100 Ω");
      const other = Object.values(part(ref).pins).find((n) => n !== sck) ?? "";
      const mega = pinsOn(other).filter((p) => p.startsWith("U1."));
      expect(mega, `${row}'s clock`).toEqual([`U1.${table.clocks.get(row) ?? "?"}`]);
      expect(avrPort(table.clocks.get(row) ?? "")?.port).toBe("H");
    }
  });

  it("chains the LEDs in the geometry file's order from D51/D52 through 220 Ω, on the LED supply", () => {
    const table = readmePinTable();
    const count = wiring.leds?.count ?? 0;
    expect(count).toBe(32);
    for (let k = 0; k < count; k++) {
      const led = part(`LED${k}`);
      expect(led.pit, `LED ${k}`).toBe(wiring.pitByLed[k]);
      expect(table.pits.get(led.pit ?? "")?.led).toBe(k);
      expect(netOf(led.ref, "VCC")).toBe("+5V_LED");
      expect(netOf(led.ref, "GND")).toBe("GND");
      for (const [input, output, megaPin] of [
        ["DI", "DO", "D51"],
        ["CI", "CO", "D52"],
      ] as const) {
        const net = netOf(led.ref, input);
        if (k === 0) {
          const r = pinsOn(net).find((p) => /^R\d+\./.test(p)) ?? "";
          const resistor = part(r.split(".")[0] ?? "");
          expect(resistor.value).toBe("220 Ω");
          const mega = Object.values(resistor.pins).find((n) => n !== net) ?? "";
          expect(pinsOn(mega)).toContain(`U1.${megaPin}`);
        } else {
          expect(pinsOn(net)).toEqual([`LED${k - 1}.${output}`, `LED${k}.${input}`]);
        }
      }
    }
  });

  it("wires each load cell to its own module and keeps the LED supply off the Mega's 5 V", () => {
    for (const { pit } of wiring.pits) {
      const cell = part(`LC_${pit}`);
      const module = `HX_${pit}`;
      for (const [lead, pin] of [
        ["red", "E+"],
        ["black", "E-"],
        ["white", "A-"],
        ["green", "A+"],
      ] as const)
        expect(pinsOn(netOf(cell.ref, lead))).toEqual([`${module}.${pin}`, `${cell.ref}.${lead}`]);
      expect(netOf(module, "VCC")).toBe("+5V");
    }
    expect(pinsOn("+5V").some((p) => p.startsWith("LED"))).toBe(false);
    expect(pinsOn("+5V_LED").some((p) => p.startsWith("U1.") || p.startsWith("HX_"))).toBe(false);
    expect(pinsOn("+5V_LED")).toContain("C3.+");
    expect(pinsOn("BTN1")).toEqual(expect.arrayContaining(["U1.D2", "SW1.1", "C1.1"]));
    expect(pinsOn("BTN2")).toEqual(expect.arrayContaining(["U1.D3", "SW2.1", "C2.1"]));
  });
});
