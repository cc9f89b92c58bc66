/**
 * The live terminal view of `kete play`, as pure functions from a view model
 * to lines of text: the board with counts and LED colours, whose turn, stones
 * in hand and where the last lands, messages and mistakes, the move list and
 * each player's clock. Colour only when asked (TTY without NO_COLOR); without
 * colour every lit LED still shows as its two-letter code (colour, pattern).
 */
import pc from "picocolors";
import type { BoardSnapshot } from "../../board/index.js";
import { LED_ROLES, roleLed, type LedRole } from "../../controller/index.js";
import type { Outcome, Side } from "../../games/index.js";
import type { HoleContent, LedState } from "../../protocol/index.js";
import { LED_COLOURS, LED_PATTERNS } from "../../protocol/index.js";
import { renderHexBoard } from "../board-test/render.js";
import { clockText, SOWING_SIDE_NAMES, type SideNames } from "./messages.js";

/** The width the frame fits in: an 80-column terminal. */
export const VIEW_WIDTH = 80;

export interface PlayView {
  readonly title: string;
  /** The players' names by side. */
  readonly players: Readonly<Record<Side, string>>;
  /**
   * The game's sides, the one moving first in its initial position first (its
   * player drawn below the board), and their names; absent: South and North.
   */
  readonly sides?: readonly [Side, Side];
  readonly sideNames?: SideNames;
  /** The Abalone board: what each hole holds (canonical order) and the marbles off, by side. */
  readonly hex?: {
    readonly holes: readonly (HoleContent | null)[];
    readonly off: Readonly<Record<Side, number>>;
  } | null;
  /** Counts by pit name (A1 … D8). */
  readonly counts: ReadonlyMap<string, number | null>;
  /** A gem board's gems by place, by tag (empty on a counting board). */
  readonly gems?: ReadonlyMap<string, readonly string[]>;
  readonly leds: ReadonlyMap<string, LedState>;
  readonly unsettled: ReadonlySet<string>;
  readonly toMove: Side | null;
  readonly ply: number;
  /** One line from the controller: what is expected now. */
  readonly status: string;
  readonly inHand: number | null;
  readonly nextStone: readonly string[];
  readonly lastLands: string | null;
  /** Moves in order, first player first. */
  readonly moves: readonly string[];
  readonly firstSide: Side;
  /** Milliseconds each player has used. */
  readonly clocks: Readonly<Record<Side, number>>;
  /** With clocks (`--clock`): milliseconds each player has left, shown instead of the time used. */
  readonly timeLeft?: Readonly<Record<Side, number>> | null;
  /** The newest messages (mistakes, faults, results), oldest first. */
  readonly messages: readonly string[];
  readonly link: string;
  /** Bao: seeds still in each player's reserve (off the board), else null. */
  readonly reserve: { readonly S: number; readonly N: number } | null;
  /** The result once the game is over, else null (or absent). */
  readonly outcome?: Outcome | null;
  /** The mistake being put right (the web view shows it; the terminal says it in its messages), or null. */
  readonly mistake?: PlayMistake | null;
  /** Places named in the latest sensor fault, until the next move (absent: none). */
  readonly faulty?: ReadonlySet<string>;
}

/** A mistake as the controller reported it, with what the board still needs to be restored. */
export interface PlayMistake {
  readonly side: Side;
  readonly rule: string | null;
  readonly message: string;
  readonly policy: string;
  /** What each pit still needs now (empty once restored). */
  readonly needs: readonly { readonly pit: string; readonly need: number }[];
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

/**
 * `1. B3+ C2+ 2. …`: the moves numbered in pairs; `opener` is the side the
 * rules have move first (South, Black): another side first starts `1. …`.
 */
export function moveList(moves: readonly string[], firstSide: Side, opener: Side = "S"): string {
  const out: string[] = [];
  moves.forEach((m, i) => {
    if (i % 2 === 0) out.push(`${i / 2 + 1}.${firstSide !== opener && i === 0 ? " …" : ""}`);
    out.push(m);
  });
  return out.join(" ");
}

/** What each light means, in the legend (a role without words here is named by its role). */
const ROLE_WORDS: Partial<Record<LedRole, string>> = {
  legalStart: "start",
  nextStone: "next stone",
  lastStone: "last lands",
  liftNext: "lift on",
  liftPart: "lift part",
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
  computerMove: "kete's move",
  hintStart: "hint",
  hintNext: "hint's way",
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
  const [first, second] = view.sides ?? SOWING_SIDES;
  const name = (side: Side) => (view.sideNames ?? SOWING_SIDE_NAMES)[side] ?? side;
  if (o !== null) {
    const who = o.winner === null ? "a draw" : `${name(o.winner)} wins`;
    return `game over: ${who} · ${name(first)} ${o.score[first] ?? 0} – ${name(second)} ${o.score[second] ?? 0}`;
  }
  return view.toMove === null ? "" : `${name(view.toMove)} to move`;
}

const SOWING_SIDES: readonly [Side, Side] = ["S", "N"];

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
  const [near, far] = view.sides ?? SOWING_SIDES;
  const names = view.sideNames ?? SOWING_SIDE_NAMES;
  const turn = (side: Side) => (!over && view.toMove === side ? bold(" ◀") : "");
  const reserve = (side: Side) =>
    view.reserve === null || (side !== "S" && side !== "N")
      ? ""
      : ` · ${view.reserve[side]} in reserve`;
  const off = (side: Side) =>
    view.hex === undefined || view.hex === null ? "" : ` · ${view.hex.off[side] ?? 0} off`;
  const left = view.timeLeft ?? null;
  const time = (side: Side) =>
    left === null ? clock(view.clocks[side] ?? 0) : `${clockText(left[side] ?? 0)} left`;
  const player = (side: Side) =>
    `  ${names[side] ?? side} · ${fit(view.players[side] ?? "", 40)} ${time(side)}${reserve(side)}${off(side)}`;
  const row = (r: string) =>
    `  ${r}   ${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => cell(view, `${r}${c}`, colour)).join("")}`;
  lines.push(`${player(far)}${turn(far)}`);
  if (view.hex !== undefined && view.hex !== null) {
    lines.push(...hexRows(view, view.hex.holes));
  } else if (view.gems !== undefined && view.gems.size > 0) {
    lines.push(...gemRows(view, colour));
  } else {
    lines.push(
      `      ${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${String(c).padStart(3)}   `).join(" ")}`,
    );
    lines.push(row("D"), row("C"), `      ${"─".repeat(56)}`, row("B"), row("A"));
  }
  lines.push(`${player(near)}${turn(near)}`);
  const hand: string[] = [];
  if (view.inHand !== null && view.inHand > 0) hand.push(`in hand ${view.inHand}`);
  if (view.nextStone.length > 0) hand.push(`next stone ${view.nextStone.join(" or ")}`);
  if (view.lastLands !== null) hand.push(`last lands ${view.lastLands}`);
  lines.push(fit(`  ${hand.length > 0 ? hand.join(" · ") : " "}`));
  lines.push(...wrapped(view.status).map((l) => bold(l)));
  const list = moveList(view.moves, view.firstSide, near);
  const room = VIEW_WIDTH - "  moves: … ".length;
  lines.push(`  moves: ${list.length > room + 2 ? "… " + list.slice(-room) : list}`);
  for (const m of view.messages.slice(-3)) {
    for (const l of wrapped(m)) lines.push(colour ? pc.yellow(l) : l);
  }
  for (const l of legend()) lines.push(dim(l));
  return lines;
}

/**
 * The Abalone board as kete board-test draws it (row I at the top, A at the
 * bottom, `.` empty, `b` black, `w` white, `~` unsettled), then the holes
 * lit with their lights' codes (`E5 GB`).
 */
function hexRows(view: PlayView, holes: readonly (HoleContent | null)[]): string[] {
  const snapshot: BoardSnapshot = {
    board: { geometry: "hex61", holes },
    unsettled: [...view.unsettled],
    settled: view.unsettled.size === 0,
    receivedAt: 0,
  };
  const drawn = renderHexBoard(snapshot).split("\n").slice(0, -2);
  const lit = [...view.leds]
    .filter(([, led]) => led.pattern !== "off")
    .map(([hole, led]) => `${hole} ${ledCode(led)}`);
  const lights = fit(`  lit: ${lit.length === 0 ? "—" : lit.join(" ")}`);
  return [...drawn, lights];
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
