/**
 * The live terminal view of `kete play`, as pure functions from a view model
 * to lines of text: the board with counts and LED colours, whose turn, stones
 * in hand and where the last lands, messages and mistakes, the move list and
 * each player's clock. Colour only when asked (TTY without NO_COLOR); without
 * colour every lit LED still shows as its two-letter code (colour, pattern).
 */
import pc from "picocolors";
import { LED_ROLES, roleLed, type LedRole } from "../../controller/index.js";
import type { Outcome } from "../../games/index.js";
import type { LedState } from "../../protocol/index.js";
import { LED_COLOURS, LED_PATTERNS } from "../../protocol/index.js";
import { clockText } from "./messages.js";

/** The width the frame fits in: an 80-column terminal. */
export const VIEW_WIDTH = 80;

export interface PlayView {
  readonly title: string;
  readonly players: { readonly S: string; readonly N: string };
  /** Counts by pit name (A1 … D8). */
  readonly counts: ReadonlyMap<string, number | null>;
  /** A gem board's gems by place, by tag (empty on a counting board). */
  readonly gems?: ReadonlyMap<string, readonly string[]>;
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
  /** With clocks (`--clock`): milliseconds each player has left, shown instead of the time used. */
  readonly timeLeft?: { readonly S: number; readonly N: number } | null;
  /** The newest messages (mistakes, faults, results), oldest first. */
  readonly messages: readonly string[];
  readonly link: string;
  /** Bao: seeds still in each player's reserve (off the board), else null. */
  readonly reserve: { readonly S: number; readonly N: number } | null;
  /** The result once the game is over, else null (or absent). */
  readonly outcome?: Outcome | null;
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

/** What each light means, in the legend (a role without words here is named by its role). */
const ROLE_WORDS: Partial<Record<LedRole, string>> = {
  legalStart: "start",
  nextStone: "next stone",
  lastStone: "last lands",
  captureFrom: "capture from",
  capturedTo: "captured to",
  kichwaChoice: "kichwa choice",
  mistakeExcess: "too many",
  mistakeMissing: "too few",
  setupWrong: "set up",
  winner: "winner",
  draw: "draw",
  sensorFault: "sensor fault",
  linkLost: "link lost",
};

/** `GP start · CB next stone · …`: every light the plan can show, wrapped to the view's width. */
export function legend(): string[] {
  const items = LED_ROLES.map(
    (r) =>
      `${ledCode(roleLed(r))} ${ROLE_WORDS[r] ?? r.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`,
  );
  items.push("Ctrl-C pauses");
  const lines: string[] = [];
  let line = "  LEDs:";
  for (const item of items) {
    const next = `${line}${line.endsWith(":") ? " " : " · "}${item}`;
    if (next.length > VIEW_WIDTH) {
      lines.push(line);
      line = `        ${item}`;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

/** A line cut to the view's width (what does not fit is shown as …). */
function fit(text: string, width = VIEW_WIDTH): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** A message wrapped onto at most two lines of the view's width. */
function wrapped(text: string): string[] {
  const width = VIEW_WIDTH - 2;
  if (text.length <= width) return [`  ${text}`];
  const cut = text.lastIndexOf(" ", width);
  const at = cut > width / 2 ? cut : width;
  return [`  ${text.slice(0, at)}`, fit(`    ${text.slice(at).trimStart()}`)];
}

/** The game's state for the top line: whose move, or the result with the score. */
function stateLine(view: PlayView): string {
  const o = view.outcome ?? null;
  if (o !== null) {
    const who = o.winner === null ? "a draw" : `${o.winner === "S" ? "South" : "North"} wins`;
    return `game over: ${who} · South ${o.score["S"] ?? 0} – North ${o.score["N"] ?? 0}`;
  }
  return view.toMove === null ? "" : `${view.toMove === "S" ? "South" : "North"} to move`;
}

/** The whole frame, as lines, none wider than `VIEW_WIDTH` (colour codes aside). */
export function renderView(view: PlayView, colour: boolean): string[] {
  const bold = colour ? pc.bold : (s: string) => s;
  const dim = colour ? pc.dim : (s: string) => s;
  const state = stateLine(view);
  const over = (view.outcome ?? null) !== null;
  const lines = [
    bold(fit(view.title)),
    dim(fit(`ply ${view.ply}${state ? " · " + state : ""} · board ${view.link}`)),
  ];
  const turn = (side: "S" | "N") => (!over && view.toMove === side ? bold(" ◀") : "");
  const reserve = (side: "S" | "N") =>
    view.reserve === null ? "" : ` · ${view.reserve[side]} in reserve`;
  const left = view.timeLeft ?? null;
  const time = (side: "S" | "N") =>
    left === null ? clock(view.clocks[side]) : `${clockText(left[side])} left`;
  const player = (side: "S" | "N") =>
    `  ${side === "N" ? "North" : "South"} · ${fit(view.players[side], 40)} ${time(side)}${reserve(side)}`;
  const row = (r: string) =>
    `  ${r}   ${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => cell(view, `${r}${c}`, colour)).join("")}`;
  lines.push(`${player("N")}${turn("N")}`);
  if (view.gems !== undefined && view.gems.size > 0) {
    lines.push(...gemRows(view, colour));
  } else {
    lines.push(
      `      ${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${String(c).padStart(3)}   `).join(" ")}`,
    );
    lines.push(row("D"), row("C"), `      ${"─".repeat(56)}`, row("B"), row("A"));
  }
  lines.push(`${player("S")}${turn("S")}`);
  const hand: string[] = [];
  if (view.inHand !== null && view.inHand > 0) hand.push(`in hand ${view.inHand}`);
  if (view.nextStone.length > 0) hand.push(`next stone ${view.nextStone.join(" or ")}`);
  if (view.lastLands !== null) hand.push(`last lands ${view.lastLands}`);
  lines.push(fit(`  ${hand.length > 0 ? hand.join(" · ") : " "}`));
  lines.push(...wrapped(view.status).map((l) => bold(l)));
  const list = moveList(view.moves, view.firstSide);
  const room = VIEW_WIDTH - "  moves: … ".length;
  lines.push(`  moves: ${list.length > room + 2 ? "… " + list.slice(-room) : list}`);
  for (const m of view.messages.slice(-3)) {
    for (const l of wrapped(m)) lines.push(colour ? pc.yellow(l) : l);
  }
  for (const l of legend()) lines.push(dim(l));
  return lines;
}

/** A cup's points: the sum of its gems' numbers (`N3`, `S5` → 8; GB-6). */
export function cupPoints(gems: readonly string[]): number {
  return gems.reduce((a, g) => a + Number(g.slice(1)), 0);
}

/**
 * The 2x5+2 gem board: each pit's plain stones and its gems by tag
 * (`2 S1N4`), North's row above South's, each cup with its gems and points.
 */
function gemRows(view: PlayView, colour: boolean): string[] {
  const gems = view.gems ?? new Map<string, readonly string[]>();
  const pit = (p: string) => {
    const here = (gems.get(p) ?? []).join("");
    const n = view.counts.get(p);
    const count = n === null ? "?" : n === undefined ? "·" : String(n);
    const mark = view.unsettled.has(p) ? "~" : " ";
    const led = view.leds.get(p);
    const code = ledCode(led);
    const text = `${count}${here === "" ? "" : " " + here}`.padStart(10) + `${mark}${code}`;
    if (!colour || led === undefined || led.pattern === "off") return text.padEnd(13);
    const paint = BG[led.colour] ?? ((s: string) => s);
    return paint(pc.black(text)).padEnd(13);
  };
  const cup = (c: string, who: string) => {
    const g = gems.get(c) ?? [];
    return `  ${c} ${who}'s cup: ${g.length === 0 ? "—" : g.join(" ")} · ${cupPoints(g)} points`;
  };
  const row = (r: string) => `  ${r} ${[1, 2, 3, 4, 5].map((c) => pit(`${r}${c}`)).join("")}`;
  return [
    cup("NC", "North"),
    `    ${[1, 2, 3, 4, 5].map((c) => String(c).padStart(10) + "   ").join("")}`,
    row("B"),
    `    ${"─".repeat(64)}`,
    row("A"),
    cup("SC", "South"),
  ];
}
