/**
 * The live terminal view of `kete play`, as pure functions from a view model
 * to lines of text: the board with counts and LED colours, whose turn, stones
 * in hand and where the last lands, messages and mistakes, the move list and
 * each player's clock. Colour only when asked (TTY without NO_COLOR); without
 * colour every lit LED still shows as its two-letter code (colour, pattern).
 */
import pc from "picocolors";
import type { LedState } from "../../protocol/index.js";
import { LED_COLOURS, LED_PATTERNS } from "../../protocol/index.js";

export interface PlayView {
  readonly title: string;
  readonly players: { readonly S: string; readonly N: string };
  /** Counts by pit name (A1 … D8). */
  readonly counts: ReadonlyMap<string, number | null>;
  readonly leds: ReadonlyMap<string, LedState>;
  readonly unsettled: ReadonlySet<string>;
  readonly toMove: "S" | "N" | null;
  readonly ply: number;
  /** One line from the controller: what is expected now. */
  readonly status: string;
  readonly inHand: number | null;
  readonly nextStone: readonly string[];
  readonly lastLands: string | null;
  /** Moves in order, first player first. */
  readonly moves: readonly string[];
  readonly firstSide: "S" | "N";
  /** Milliseconds each player has used. */
  readonly clocks: { readonly S: number; readonly N: number };
  /** The newest messages (mistakes, faults, results), oldest first. */
  readonly messages: readonly string[];
  readonly link: string;
  /** Bao: seeds still in each player's reserve (off the board), else null. */
  readonly reserve: { readonly S: number; readonly N: number } | null;
}

type Paint = (s: string) => string;

const BG: Record<string, Paint> = {
  red: pc.bgRed,
  green: pc.bgGreen,
  blue: pc.bgBlue,
  yellow: pc.bgYellow,
  cyan: pc.bgCyan,
  magenta: pc.bgMagenta,
  white: pc.bgWhite,
};

/** `CB` for cyan blink: the protocol's own letters. */
export function ledCode(led: LedState | undefined): string {
  if (led === undefined || led.pattern === "off") return "  ";
  return `${LED_COLOURS[led.colour]}${LED_PATTERNS[led.pattern]}`;
}

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function cell(view: PlayView, pit: string, colour: boolean): string {
  const n = view.counts.get(pit);
  const count = (n === null ? "?" : n === undefined ? "·" : String(n)).padStart(3);
  const mark = view.unsettled.has(pit) ? "~" : " ";
  const led = view.leds.get(pit);
  const code = ledCode(led);
  if (!colour || led === undefined || led.pattern === "off") return `${count}${mark}${code} `;
  const paint = BG[led.colour] ?? ((s: string) => s);
  return `${paint(pc.black(`${count}${mark}${code}`))} `;
}

export function moveList(moves: readonly string[], firstSide: "S" | "N"): string {
  const out: string[] = [];
  moves.forEach((m, i) => {
    if (i % 2 === 0) out.push(`${i / 2 + 1}.${firstSide === "N" && i === 0 ? " …" : ""}`);
    out.push(m);
  });
  return out.join(" ");
}

/** The whole frame, as lines. */
export function renderView(view: PlayView, colour: boolean): string[] {
  const bold = colour ? pc.bold : (s: string) => s;
  const dim = colour ? pc.dim : (s: string) => s;
  const mover = view.toMove === null ? "" : `${view.toMove === "S" ? "South" : "North"} to move`;
  const lines = [
    `${bold(view.title)}   ${dim(`ply ${view.ply}${mover ? " · " + mover : ""} · board ${view.link}`)}`,
    `      ${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${String(c).padStart(3)}   `).join(" ")}`,
  ];
  const row = (r: string, side: string) =>
    `  ${r}   ${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => cell(view, `${r}${c}`, colour)).join("")}${side}`;
  const northTurn = view.toMove === "N" ? bold(" ◀") : "  ";
  const southTurn = view.toMove === "S" ? bold(" ◀") : "  ";
  const reserve = (side: "S" | "N") =>
    view.reserve === null ? "" : ` · ${view.reserve[side]} in reserve`;
  lines.push(
    row("D", `  North · ${view.players.N} ${clock(view.clocks.N)}${reserve("N")}${northTurn}`),
  );
  lines.push(row("C", ""));
  lines.push(`      ${"─".repeat(56)}`);
  lines.push(row("B", ""));
  lines.push(
    row("A", `  South · ${view.players.S} ${clock(view.clocks.S)}${reserve("S")}${southTurn}`),
  );
  const hand: string[] = [];
  if (view.inHand !== null && view.inHand > 0) hand.push(`in hand ${view.inHand}`);
  if (view.nextStone.length > 0) hand.push(`next stone ${view.nextStone.join(" or ")}`);
  if (view.lastLands !== null) hand.push(`last lands ${view.lastLands}`);
  lines.push(`  ${hand.length > 0 ? hand.join(" · ") : " "}`);
  lines.push(`  ${bold(view.status)}`);
  const list = moveList(view.moves, view.firstSide);
  lines.push(`  moves: ${list.length > 200 ? "… " + list.slice(-200) : list}`);
  for (const m of view.messages.slice(-4)) lines.push(`  ${colour ? pc.yellow(m) : m}`);
  lines.push(
    dim(
      "  LEDs: GP start here · CB next stone · YF capture from · YB captured to · MF/MB too many/few · Ctrl-C pauses",
    ),
  );
  return lines;
}
