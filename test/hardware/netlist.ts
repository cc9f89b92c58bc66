/**
 * The reference board's electrical design as data: every part, and the net of
 * every connected pin (hardware/netlist.json), and the wiring tables a maker
 * solders from (hardware/wiring.md), both made here from geometry/4x8.json and
 * the pin map of hardware/README.md §9. `npm run netlist` writes them;
 * test/hardware/netlist.test.ts checks that they are up to date and agree with
 * the geometry file and README §9.
 *
 * Pins not listed on a part are unconnected. Net names: `+5V` (the Mega's 5 V
 * from USB: Mega, HX711 modules), `+5V_LED` (the LED supply), `GND` (one
 * ground, joined at the shield), `DOUT_<pit>`, `SCK_<row>` (the row cable's
 * clock) and `SCK_<row>_PIN` (the Mega's pin, before the series resistor),
 * `LED_D<n>`/`LED_C<n>` (data and clock into LED n), `EXC±_<pit>`,
 * `SIG±_<pit>` (a load cell's leads), `BTN1`, `BTN2`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format } from "prettier";
import { parseWiringText } from "../../src/board/wiring.js";
import type { BoardWiring } from "../../src/board/wiring.js";

export const NETLIST_FORMAT = "kete-netlist/1";

export interface Part {
  readonly ref: string;
  readonly part: string;
  readonly value?: string;
  /** The pit a module, load cell or LED belongs to. */
  readonly pit?: string;
  /** pin name → net name, connected pins only */
  readonly pins: Readonly<Record<string, string>>;
}

export interface Netlist {
  readonly format: string;
  readonly board: string;
  readonly notes: string;
  readonly parts: readonly Part[];
  /** net name → `REF.PIN` of every pin on it, in part order */
  readonly nets: Readonly<Record<string, readonly string[]>>;
}

/** Rows A..D: the AVR port of their DOUT lines and the clock pin (§9). */
const ROWS = ["A", "B", "C", "D"] as const;
const CLOCK_PIN = ["D6", "D7", "D8", "D9"] as const;
/** The Mega's header label of bit `bit` of the DOUT port of row group `group` (§9). */
function doutPin(group: number, bit: number): string {
  switch (group) {
    case 0:
      return `D${22 + bit}`; // PORTA: PA0 = D22 … PA7 = D29
    case 1:
      return `D${37 - bit}`; // PORTC: PC0 = D37 … PC7 = D30
    case 2:
      return `D${49 - bit}`; // PORTL: PL0 = D49 … PL7 = D42
    case 3:
      return `A${8 + bit}`; // PORTK: PK0 = A8 … PK7 = A15
    default:
      throw new Error(`no DOUT port for group ${group}`);
  }
}
const CLOCK_OHMS = "100 Ω";
const LED_OHMS = "220 Ω";

export function readGeometry(): BoardWiring {
  const url = new URL("../../hardware/geometry/4x8.json", import.meta.url);
  const parsed = parseWiringText(readFileSync(url, "utf8"));
  if (!parsed.ok) throw new Error(`4x8.json: ${parsed.error.message}`);
  return parsed.value;
}

export function buildNetlist(wiring: BoardWiring): Netlist {
  const mega: Record<string, string> = {
    "5V": "+5V",
    GND: "GND",
    D2: "BTN1",
    D3: "BTN2",
    D51: "LED_DI_PIN",
    D52: "LED_CI_PIN",
  };
  const parts: Part[] = [];
  const modules: Part[] = [];
  const cells: Part[] = [];
  const connectors: Part[] = [];
  const resistors: Part[] = [];

  ROWS.forEach((row, group) => {
    mega[CLOCK_PIN[group] ?? ""] = `SCK_${row}_PIN`;
    resistors.push({
      ref: `R${group + 1}`,
      part: "resistor, 0.25 W metal film",
      value: CLOCK_OHMS,
      pins: { "1": `SCK_${row}_PIN`, "2": `SCK_${row}` },
    });
    const cable: Record<string, string> = {};
    for (let bit = 0; bit < 8; bit++) {
      const channel = 8 * group + bit;
      const pit = wiring.pitByChannel[channel];
      if (pit === null || pit === undefined) throw new Error(`channel ${channel} has no pit`);
      mega[doutPin(group, bit)] = `DOUT_${pit}`;
      cable[String(bit + 1)] = `DOUT_${pit}`; // conductors 1–8: bit 0 (column 8) … bit 7
    }
    Object.assign(cable, { "9": `SCK_${row}`, "10": "+5V", "11": "GND", "12": "GND" });
    connectors.push({
      ref: `J${group + 2}`,
      part: "2 × 6 pin header on the shield, row cable (12-way ribbon, ≤ 60 cm)",
      value: `row ${row}`,
      pins: cable,
    });
  });

  for (const { pit } of wiring.pits) {
    const row = pit[0] ?? "";
    modules.push({
      ref: `HX_${pit}`,
      part: "HX711 module, RATE high (80 SPS)",
      pit,
      pins: {
        VCC: "+5V",
        GND: "GND",
        DT: `DOUT_${pit}`,
        SCK: `SCK_${row}`,
        "E+": `EXC+_${pit}`,
        "E-": `EXC-_${pit}`,
        "A-": `SIG-_${pit}`,
        "A+": `SIG+_${pit}`,
      },
    });
    cells.push({
      ref: `LC_${pit}`,
      part: "load cell, 1 kg bar",
      pit,
      pins: {
        red: `EXC+_${pit}`,
        black: `EXC-_${pit}`,
        white: `SIG-_${pit}`,
        green: `SIG+_${pit}`,
      },
    });
  }

  const leds: Part[] = [];
  const count = wiring.leds?.count ?? 0;
  for (let k = 0; k < count; k++) {
    const pins: Record<string, string> = {
      VCC: "+5V_LED",
      GND: "GND",
      DI: `LED_D${k}`,
      CI: `LED_C${k}`,
    };
    if (k + 1 < count) Object.assign(pins, { DO: `LED_D${k + 1}`, CO: `LED_C${k + 1}` });
    const pit = wiring.pitByLed[k];
    leds.push({
      ref: `LED${k}`,
      part: "SK9822 on a breakout with 100 nF",
      ...(pit === null || pit === undefined ? {} : { pit }),
      pins,
    });
  }

  resistors.push(
    {
      ref: "R5",
      part: "resistor, 0.25 W metal film",
      value: LED_OHMS,
      pins: { "1": "LED_DI_PIN", "2": "LED_D0" },
    },
    {
      ref: "R6",
      part: "resistor, 0.25 W metal film",
      value: LED_OHMS,
      pins: { "1": "LED_CI_PIN", "2": "LED_C0" },
    },
  );

  parts.push(
    { ref: "U1", part: "Arduino Mega 2560 R3", pins: mega },
    ...resistors,
    { ref: "C1", part: "capacitor, ceramic", value: "100 nF", pins: { "1": "BTN1", "2": "GND" } },
    { ref: "C2", part: "capacitor, ceramic", value: "100 nF", pins: { "1": "BTN2", "2": "GND" } },
    {
      ref: "C3",
      part: "capacitor, electrolytic, ≥ 10 V",
      value: "1000 µF",
      pins: { "+": "+5V_LED", "-": "GND" },
    },
    {
      ref: "SW1",
      part: "push button, 16 mm, round",
      value: "1 confirm",
      pins: { "1": "BTN1", "2": "GND" },
    },
    {
      ref: "SW2",
      part: "push button, 16 mm, square",
      value: "2 end turn",
      pins: { "1": "BTN2", "2": "GND" },
    },
    {
      ref: "J1",
      part: "DC jack 5.5 × 2.1 mm, centre positive",
      value: "5 V 2 A supply",
      pins: { centre: "+5V_LED", sleeve: "GND" },
    },
    ...connectors,
    ...modules,
    ...cells,
    ...leds,
  );

  const nets: Record<string, string[]> = {};
  for (const part of parts)
    for (const [pin, net] of Object.entries(part.pins))
      (nets[net] ??= []).push(`${part.ref}.${pin}`);
  const sorted: Record<string, string[]> = {};
  for (const name of Object.keys(nets).sort()) sorted[name] = nets[name] ?? [];

  return {
    format: NETLIST_FORMAT,
    board: wiring.board,
    notes:
      "Generated by test/hardware/netlist.ts from hardware/geometry/4x8.json and the pin map of hardware/README.md section 9 (npm run netlist); do not edit. Pins not listed are unconnected. The row cables' conductors are the nets of their connector J2-J5; each HX711 module taps its row's cable.",
    parts,
    nets: sorted,
  };
}

/** The wiring tables of hardware/wiring.md. */
export function renderWiring(netlist: Netlist): string {
  const byRef = new Map(netlist.parts.map((p) => [p.ref, p]));
  const part = (ref: string): Part => {
    const p = byRef.get(ref);
    if (p === undefined) throw new Error(`no part ${ref}`);
    return p;
  };
  // The pins on a net but `except`'s; the 32 modules' or LEDs' like pins as one entry.
  const others = (net: string, except: string): string => {
    const groups = new Map<string, string[]>();
    for (const p of netlist.nets[net] ?? []) {
      if (p.startsWith(`${except}.`)) continue;
      const key = p.replace(/^HX_[A-D]\d\./, "HX_*.").replace(/^LED\d+\./, "LED*.");
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    return [...groups.entries()]
      .map(([key, pins]) => (pins.length > 2 ? `\`${key}\` (all ${pins.length})` : pins.join(", ")))
      .join(", ");
  };
  const table = (head: string[], rows: string[][]): string =>
    [
      `| ${head.join(" | ")} |`,
      `| ${head.map(() => "---").join(" | ")} |`,
      ...rows.map((r) => `| ${r.join(" | ")} |`),
    ].join("\n");
  const code = (s: string): string => `\`${s}\``;
  const mega = part("U1");
  const megaPinOf = (net: string): string =>
    Object.entries(mega.pins).find(([, n]) => n === net)?.[0] ?? "—";

  const out: string[] = [
    "# kete reference board: wiring",
    "",
    "Generated from `netlist.json` by `test/hardware/netlist.ts` (`npm run netlist`);",
    "do not edit by hand. The design and the reasons are in `README.md` §8–§10;",
    "the pit names, channels and LED order in `geometry/4x8.json`. Each table is",
    "one thing to solder: tick its rows off as you go and check each joint with a",
    "continuity tester (README §15.2).",
    "",
    "## The Mega's pins",
    "",
    table(
      ["Mega pin", "net", "goes to"],
      Object.entries(mega.pins).map(([pin, net]) => [pin, code(net), others(net, "U1")]),
    ),
    "",
    "## Parts on the shield",
    "",
    table(
      ["ref", "part", "value", "pins → nets"],
      netlist.parts
        .filter((p) => /^(R|C|SW|J1$)/.test(p.ref))
        .map((p) => [
          p.ref,
          p.part,
          p.value ?? "",
          Object.entries(p.pins)
            .map(([pin, net]) => `${pin} → ${code(net)}`)
            .join(", "),
        ]),
    ),
    "",
    "## Row cables (one per row, J2–J5 on the shield)",
    "",
    "A 12-way ribbon from the shield header along the row; each HX711 module",
    "taps its own data conductor, the clock, +5 V and ground.",
    "",
  ];
  for (const j of ["J2", "J3", "J4", "J5"]) {
    const cable = part(j);
    out.push(
      `### ${j}: ${cable.value ?? ""}`,
      "",
      table(
        ["conductor", "net", "Mega pin", "HX711 module pins"],
        Object.entries(cable.pins).map(([pin, net]) => [
          pin,
          code(net),
          net.startsWith("SCK_")
            ? `${megaPinOf(`${net}_PIN`)} through ${others(`${net}_PIN`, "U1").split(".")[0] ?? ""}`
            : megaPinOf(net),
          net.startsWith("DOUT_") || net.startsWith("SCK_")
            ? (netlist.nets[net] ?? []).filter((p) => p.startsWith("HX_")).join(", ")
            : "every module's " + (net === "GND" ? "GND" : "VCC"),
        ]),
      ),
      "",
    );
  }
  out.push(
    "## Per pit",
    "",
    "As South sees the board. Each load cell's four leads go to its own module:",
    "red → `E+`, black → `E−`, white → `A−`, green → `A+` (colours vary by maker:",
    "check the cell's sheet; README §10).",
    "",
    table(
      ["pit", "module", "DOUT → Mega pin", "clock ← Mega pin", "LED (chain index)"],
      netlist.parts
        .filter((p) => p.ref.startsWith("HX_"))
        .map((m) => {
          const dout = m.pins.DT ?? "";
          const sck = m.pins.SCK ?? "";
          const led = netlist.parts.find((p) => p.ref.startsWith("LED") && p.pit === m.pit);
          return [
            m.pit ?? "",
            m.ref,
            megaPinOf(dout),
            megaPinOf(`${sck}_PIN`),
            led === undefined ? "—" : led.ref.slice(3),
          ];
        }),
    ),
    "",
    "## LED chain",
    "",
    "Data and clock run from the Mega (D51, D52, each through 220 Ω) into LED 0",
    "and from each LED's `DO`, `CO` into the next one's `DI`, `CI`; every LED's",
    "5 V and GND come from the LED supply (`+5V_LED`), never from the Mega.",
    "",
    table(
      ["LED", "under pit", "DI, CI from"],
      netlist.parts
        .filter((p) => /^LED\d+$/.test(p.ref))
        .map((led) => {
          const from = `${others(led.pins.DI ?? "", led.ref)}, ${others(led.pins.CI ?? "", led.ref)}`;
          return [led.ref.slice(3), led.pit ?? "", from];
        }),
    ),
    "",
  );
  return out.join("\n");
}

const NETLIST_PATH = fileURLToPath(new URL("../../hardware/netlist.json", import.meta.url));
const WIRING_PATH = fileURLToPath(new URL("../../hardware/wiring.md", import.meta.url));

/** Both files' text as written: formatted by Prettier like every file in the tree. */
export async function generatedFiles(): Promise<{ netlist: string; wiring: string }> {
  const netlist = buildNetlist(readGeometry());
  return {
    netlist: await format(JSON.stringify(netlist), { parser: "json" }),
    wiring: await format(renderWiring(netlist), { parser: "markdown" }),
  };
}

export const GENERATED = { netlist: NETLIST_PATH, wiring: WIRING_PATH };

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = await generatedFiles();
  writeFileSync(NETLIST_PATH, files.netlist);
  writeFileSync(WIRING_PATH, files.wiring);
  console.log(`wrote ${NETLIST_PATH} and ${WIRING_PATH}`);
}
