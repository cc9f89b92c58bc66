/**
 * The live terminal view of `kete play`, as pure functions from a view model
 * to lines of text: the board with counts and LED colours, whose turn, stones
 * in hand and where the last lands, messages and mistakes, the move list and
 * each player's clock. Colour only when asked (TTY without NO_COLOR); without
 * colour every lit LED still shows as its two-letter code (colour, pattern).
 */
import pc from "picocolors";
import type { BoardSnapshot } from "../../board/index.js";
import { LED_ROLES, legendEntries, type LedRole } from "../../controller/index.js";
import type { Outcome, Side } from "../../games/index.js";
import { english, type Translator } from "../../i18n/index.js";
import type { HoleContent, LedState } from "../../protocol/index.js";
import { LED_COLOURS, LED_PATTERNS } from "../../protocol/index.js";
import { renderBoard } from "../board-test/render.js";
import { anyOf, type Message } from "../../shared/index.js";
import { clockText, SOWING_SIDE_NAMES, type SideNames } from "./messages.js";
import type { TerminalSize } from "./screen.js";

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
  /** The lights this game can show, for its legend (`legendRoles`); absent: every role. */
  readonly legend?: readonly LedRole[];
}

/** A mistake as the controller reported it, with what the board still needs to be restored. */
export interface PlayMistake {
  readonly side: Side;
  readonly rule: string | null;
  readonly message: string;
  readonly policy: string;
  /** The message for the player's language (absent: `message`, in English). */
  readonly text?: Message;
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

/**
 * `GP start`, `CB next stone` …: each light `roles` can show in words (`hex`:
 * marbles and holes), then the pause key while a game is played (`live`).
 */
export function legendItems(
  roles: readonly LedRole[] = LED_ROLES,
  hex = false,
  tr: Translator = english,
  live = true,
): string[] {
  const items = legendEntries(roles, hex).map((e) => `${e.code} ${tr.text(e.words)}`);
  return live ? [...items, tr.t("view.ctrlC")] : items;
}

/** Items joined by ` · ` into lines of at most `width`, each line after the first begun with `indent`. */
function pack(items: readonly string[], first: string, indent: string, width: number): string[] {
  const lines: string[] = [];
  let line = first;
  for (const item of items) {
    const fresh = line === first || line === indent;
    const next = `${line}${fresh ? "" : " · "}${item}`;
    if (next.length > width && !fresh) {
      lines.push(line);
      line = `${indent}${item}`;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

/**
 * `LEDs: GP start · CB next stone · …`: the lights `roles` can show (every role
 * by default), wrapped to `width`; `hex` words them for marbles and holes.
 */
export function legend(
  roles: readonly LedRole[] = LED_ROLES,
  hex = false,
  width = VIEW_WIDTH,
  tr: Translator = english,
  live = true,
): string[] {
  const label = `  ${tr.t("view.leds")} `;
  return pack(legendItems(roles, hex, tr, live), label, " ".repeat(label.length), width);
}

/** The Abalone legend beside the hexagon: `LEDs:`, then the items in lines of `width`. */
function sideLegend(
  roles: readonly LedRole[],
  width: number,
  tr: Translator,
  live: boolean,
): string[] {
  return [tr.t("view.leds"), ...pack(legendItems(roles, true, tr, live), "", "", width)];
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
function stateLine(view: PlayView, tr: Translator): string {
  const o = view.outcome ?? null;
  const [first, second] = view.sides ?? SOWING_SIDES;
  const name = (side: Side) => sideWord(view, side, tr);
  if (o !== null) {
    const who =
      o.winner === null ? tr.t("view.aDraw") : tr.t("view.wins", { side: name(o.winner) });
    return tr.t("view.over", {
      who,
      first: name(first),
      firstScore: o.score[first] ?? 0,
      second: name(second),
      secondScore: o.score[second] ?? 0,
    });
  }
  return view.toMove === null ? "" : tr.t("view.toMove", { side: name(view.toMove) });
}

/** A side's name in the player's language (the game's own name where the catalogue has none). */
export function sideWord(view: Pick<PlayView, "sideNames">, side: Side, tr: Translator): string {
  return tr.side(side, (view.sideNames ?? SOWING_SIDE_NAMES)[side] ?? side);
}

const SOWING_SIDES: readonly [Side, Side] = ["S", "N"];

/** The column where the Abalone legend starts, right of the hexagon's row labels. */
const HEX_LEGEND_AT = 48;

/** The fewest rows the view needs: the title and state, both players, the board, the status. */
export function minimumRows(view: PlayView): number {
  const board =
    view.hex !== undefined && view.hex !== null
      ? 10
      : view.gems !== undefined && view.gems.size > 0
        ? 6
        : 6;
  return 2 + 2 + board + 2;
}

/**
 * The whole frame, as lines, none wider than `VIEW_WIDTH` (colour codes aside).
 * Given the terminal's size, the frame also fits its rows, one kept free for
 * the cursor: the title, the state, the players, the board and the status
 * always; then the newest message, the moves, the legend and older messages as
 * room allows, in that order of need. A terminal narrower than the view or
 * shorter than its board gets a notice saying what size is needed instead of
 * a frame that would wrap and scroll.
 */
export function renderView(
  view: PlayView,
  colour: boolean,
  size: TerminalSize | null = null,
  tr: Translator = english,
): string[] {
  const bold = colour ? pc.bold : (s: string) => s;
  const dim = colour ? pc.dim : (s: string) => s;
  const state = stateLine(view, tr);
  const over = (view.outcome ?? null) !== null;
  const hex = view.hex !== undefined && view.hex !== null;
  // A replay has no game to pause: its legend has no Ctrl-C.
  const live = view.link !== "replay";
  const rows = size === null ? Infinity : size.rows - 1;
  if (size !== null && (size.columns < VIEW_WIDTH || rows < minimumRows(view))) {
    return tooSmall(view, size, state, bold, tr);
  }
  const link = tr.has(`link.${view.link}`) ? tr.t(`link.${view.link}`) : view.link;
  const head = [
    bold(fit(view.title)),
    dim(
      fit(
        `${tr.t("view.ply", { ply: view.ply })}${state ? " · " + state : ""} · ${tr.t("view.board", { link })}`,
      ),
    ),
  ];
  const [near, far] = view.sides ?? SOWING_SIDES;
  const turn = (side: Side) => (!over && view.toMove === side ? bold(" ◀") : "");
  const reserve = (side: Side) =>
    view.reserve === null || (side !== "S" && side !== "N")
      ? ""
      : ` · ${tr.t("view.reserve", { count: view.reserve[side] })}`;
  const off = (side: Side) =>
    !hex ? "" : ` · ${tr.t("view.off", { count: view.hex?.off[side] ?? 0 })}`;
  const left = view.timeLeft ?? null;
  const time = (side: Side) =>
    left === null
      ? clock(view.clocks[side] ?? 0)
      : tr.t("view.timeLeft", { time: clockText(left[side] ?? 0) });
  const player = (side: Side) =>
    `  ${sideWord(view, side, tr)} · ${fit(view.players[side] ?? "", 40)} ${time(side)}${reserve(side)}${off(side)}`;
  const row = (r: string) =>
    `  ${r}   ${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => cell(view, `${r}${c}`, colour)).join("")}`;
  const board: string[] = [`${player(far)}${turn(far)}`];
  let legendBeside = false;
  if (hex) {
    const drawn = hexRows(view, view.hex?.holes ?? [], tr);
    const rowsOfHoles = drawn.length - 1;
    const beside = sideLegend(view.legend ?? LED_ROLES, VIEW_WIDTH - HEX_LEGEND_AT, tr, live);
    legendBeside = beside.length <= rowsOfHoles;
    if (legendBeside) {
      board.push(
        ...drawn.map((l, i) =>
          i < beside.length ? `${l.padEnd(HEX_LEGEND_AT)}${dim(beside[i] ?? "")}` : l,
        ),
      );
    } else board.push(...drawn);
  } else if (view.gems !== undefined && view.gems.size > 0) {
    board.push(...gemRows(view, colour, tr));
  } else {
    board.push(
      `      ${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${String(c).padStart(3)}   `).join(" ")}`,
    );
    board.push(row("D"), row("C"), `      ${"─".repeat(56)}`, row("B"), row("A"));
  }
  board.push(`${player(near)}${turn(near)}`);
  const hand: string[] = [];
  if (view.inHand !== null && view.inHand > 0)
    hand.push(tr.t("view.inHand", { count: view.inHand }));
  if (view.nextStone.length > 0) {
    hand.push(tr.t(hex ? "view.mayGoTo" : "view.nextStone", { places: anyOf(view.nextStone) }));
  }
  if (view.lastLands !== null) hand.push(tr.t("view.lastLands", { place: view.lastLands }));
  const handLine = fit(`  ${hand.length > 0 ? hand.join(" · ") : " "}`);
  const status = wrapped(view.status).map((l) => bold(l));
  const list = moveList(view.moves, view.firstSide, near);
  const label = tr.t("view.moves");
  const room = VIEW_WIDTH - `  ${label} … `.length;
  const movesLine = `  ${label} ${list.length > room + 2 ? "… " + list.slice(-room) : list}`;
  const messages = view.messages
    .slice(-3)
    .map((m) => wrapped(m).map((l) => (colour ? pc.yellow(l) : l)));
  // On the hexagon the legend stands beside the board (above); elsewhere below it.
  const legendLines = legendBeside
    ? []
    : legend(view.legend ?? LED_ROLES, hex, VIEW_WIDTH, tr, live).map((l) => dim(l));

  // What must show, then what may, newest message first, while rows are left.
  let free = rows - head.length - board.length - 1 - status.length;
  const take = (n: number): boolean => {
    if (n > free) return false;
    free -= n;
    return true;
  };
  const newest = messages.length > 0 && take(messages[messages.length - 1]!.length);
  const showMoves = take(1);
  const showLegend = take(legendLines.length);
  const older: string[][] = [];
  for (const m of messages.slice(0, newest ? -1 : messages.length).reverse()) {
    if (!take(m.length)) break;
    older.unshift(m);
  }
  return [
    ...head,
    ...board,
    handLine,
    ...status,
    ...(showMoves ? [movesLine] : []),
    ...older.flat(),
    ...(newest ? messages[messages.length - 1]! : []),
    ...(showLegend ? legendLines : []),
  ];
}

/** The notice for a terminal too small for the view, each line within its width. */
function tooSmall(
  view: PlayView,
  size: TerminalSize,
  state: string,
  bold: (s: string) => string,
  tr: Translator,
): string[] {
  const w = Math.max(1, size.columns);
  const cut = (t: string) => (t.length <= w ? t : `${t.slice(0, Math.max(0, w - 1))}…`);
  const need = `${VIEW_WIDTH}×${minimumRows(view) + 1}`;
  const lines = [
    bold(cut(view.title)),
    cut(`${tr.t("view.ply", { ply: view.ply })}${state ? " · " + state : ""}`),
    cut(view.status),
    cut(tr.t("view.tooSmall", { size: `${size.columns}×${size.rows}`, need })),
    cut(tr.t("view.enlarge")),
  ];
  return lines.slice(0, Math.max(1, size.rows - 1));
}

/**
 * The Abalone board as kete board-test draws it (row I at the top, A at the
 * bottom, `.` empty, `b` black, `w` white, `~` unsettled), then the holes
 * lit with their lights' codes (`E5 GB`).
 */
function hexRows(view: PlayView, holes: readonly (HoleContent | null)[], tr: Translator): string[] {
  const snapshot: BoardSnapshot = {
    board: { geometry: "hex61", holes },
    unsettled: [...view.unsettled],
    settled: view.unsettled.size === 0,
    receivedAt: 0,
  };
  const drawn = renderBoard(snapshot).split("\n").slice(0, -2);
  const lit = [...view.leds]
    .filter(([, led]) => led.pattern !== "off")
    .map(([hole, led]) => `${hole} ${ledCode(led)}`);
  const lights = fit(`  ${tr.t("view.lit", { lights: lit.length === 0 ? "—" : lit.join(" ") })}`);
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
function gemRows(view: PlayView, colour: boolean, tr: Translator): string[] {
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
  const cup = (c: string, side: Side) => {
    const g = gems.get(c) ?? [];
    const gemsText = g.length === 0 ? "—" : g.join(" ");
    const who = sideWord(view, side, tr);
    return `  ${tr.t("view.cup", { cup: c, side: who, gems: gemsText, count: cupPoints(g) })}`;
  };
  const row = (r: string) => `  ${r} ${[1, 2, 3, 4, 5].map((c) => pit(`${r}${c}`)).join("")}`;
  return [
    cup("NC", "N"),
    `    ${[1, 2, 3, 4, 5].map((c) => String(c).padStart(10) + "   ").join("")}`,
    row("B"),
    `    ${"─".repeat(64)}`,
    row("A"),
    cup("SC", "S"),
  ];
}
