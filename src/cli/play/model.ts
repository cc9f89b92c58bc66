/**
 * The view model of `kete play`: what the screen shows, kept from the board's
 * and the controller's events (counts, the link, moves, clocks, messages) and
 * read from the controller's plain view (whose turn, the guide, the LEDs,
 * the status line), assembled into the `PlayView` the renderer draws.
 */
import type { BoardEvent } from "../../board/index.js";
import {
  legendRoles,
  type Controller,
  type ControllerEvent,
  type LedRole,
} from "../../controller/index.js";
import type { Game, Options, Outcome, Position, Side } from "../../games/index.js";
import type { JournalHeader } from "../../journal/index.js";
import type { HoleContent, LedState } from "../../protocol/index.js";
import { english, type Translator } from "../../i18n/index.js";
import { GEOMETRIES, findShape } from "../../shared/index.js";
import type { PlayMistake, PlayView } from "./view.js";

/** What the model reads of the controller. */
export type ControllerReading = Pick<Controller, "view" | "status" | "ledPlan"> &
  Partial<Pick<Controller, "statusMessage">>;

/** How many messages are kept for the screen. */
const MESSAGES_KEPT = 20;

export class PlayModel {
  private readonly counts = new Map<string, number | null>();
  /** A gem board's gems by place (`A1` → `["S5"]`, `SC` → …); empty on a counting board. */
  private readonly gems = new Map<string, readonly string[]>();
  private readonly unsettled = new Set<string>();
  private readonly messages: string[] = [];
  private link: string;
  /** The moves of this session that stand, with the controller's ply of each. */
  private readonly played: { readonly ply: number; readonly move: string }[] = [];
  /** Milliseconds each side has used, by the game's sides. */
  private readonly clocks: Record<Side, number>;
  /** The Abalone board's holes as last read (canonical order), or null on another board. */
  private holes: readonly (HoleContent | null)[] | null = null;
  private turnStarted: number;
  private outcome: Outcome | null = null;
  /** The mistake being put right, or null (its needs are read from the controller). */
  private mistake: Omit<PlayMistake, "needs"> | null = null;
  /** Places of the latest sensor fault, until a move or a restore. */
  private readonly faulty = new Set<string>();
  /** The lights this game can show (its legend). */
  private readonly legend: readonly LedRole[];
  /** Plies before this session: the ply shown counts them and the controller's (a forfeit is one). */
  private readonly plyOffset: number;

  constructor(
    private readonly game: Game,
    private readonly header: JournalHeader,
    /** Sensor order of the board's pits (the game's sensor view). */
    private readonly pits: readonly string[],
    /** Moves played before this session (a resumed game). */
    private readonly before: readonly string[],
    now: number,
    link: string,
    /**
     * A resumed game's time so far (issue 32): what each side had spent on
     * the moves that stand, and how long the turn under way had run.
     */
    so: {
      readonly used: Readonly<Record<Side, number>>;
      readonly turnSoFar: number;
      /** The plies that stood (moves and passed turns), when more than the moves. */
      readonly plies?: number;
    } | null = null,
  ) {
    this.plyOffset = so?.plies ?? before.length;
    this.turnStarted = now - (so?.turnSoFar ?? 0);
    this.link = link;
    this.clocks = Object.fromEntries(game.layout.sides.map((side) => [side, so?.used[side] ?? 0]));
    this.legend = legendRoles(game, (header.options as Options | undefined) ?? {});
    // The hexagon from the first frame, its holes unknown until the board's first reading.
    if (findShape(game.layout.geometry)?.kind === "holes")
      this.holes = game.layout.places.map(() => null);
  }

  /** Keeps a line for the message list (the newest 20). */
  say(message: string): void {
    this.messages.push(message);
    if (this.messages.length > MESSAGES_KEPT) this.messages.shift();
  }

  board(e: BoardEvent): void {
    if (e.type === "snapshot") {
      const b = e.snapshot.board;
      if ("holes" in b) {
        this.holes = b.holes;
      } else if ("places" in b) {
        // A gem board: each place's plain stones, and its gems by tag.
        const places = GEOMETRIES[b.geometry].cells;
        b.places.forEach((c, i) => {
          const place = places[i] as string;
          this.counts.set(place, c === null ? null : c.count);
          this.gems.set(place, c === null ? [] : [...c.gems].sort());
        });
      } else if ("counts" in b) {
        b.counts.forEach((n, i) => this.counts.set(this.pits[i] as string, n));
      } else return;
      this.unsettled.clear();
      for (const p of e.snapshot.unsettled) this.unsettled.add(p);
    } else if (e.type === "link") this.link = e.state;
  }

  controller(e: ControllerEvent): void {
    switch (e.type) {
      case "mistake":
        this.mistake = {
          side: e.side,
          rule: e.rule,
          message: e.message,
          policy: e.policy,
          ...(e.text === undefined ? {} : { text: e.text }),
        };
        break;
      case "sensor-fault":
        this.faulty.clear();
        for (const p of e.pits) this.faulty.add(p);
        break;
      case "move":
        this.faulty.clear();
        this.played.push({ ply: e.ply, move: e.move });
        if (e.side in this.clocks)
          this.clocks[e.side] = (this.clocks[e.side] ?? 0) + e.at - this.turnStarted;
        this.turnStarted = e.at;
        break;
      case "takeback": {
        this.mistake = null;
        const kept = this.played.filter((p) => p.ply <= e.toPly);
        this.played.splice(0, this.played.length, ...kept);
        this.turnStarted = e.at;
        break;
      }
      case "mistake-resolved":
      case "penalty-done":
        this.mistake = null;
        this.faulty.clear();
        this.turnStarted = e.at;
        break;
      case "game-over":
        this.mistake = null;
        this.outcome = e.outcome;
        break;
      default:
        break;
    }
  }

  /** Every move that stands, first player first. */
  get moves(): readonly string[] {
    return [...this.before, ...this.played.map((p) => p.move)];
  }

  /** The frame for the renderer; `prompt` is the keyboard player's line while it is their move. */
  view(
    controller: ControllerReading,
    now: number,
    prompt: { readonly side: Side; readonly input: string } | null,
    tr: Translator = english,
  ): PlayView {
    const v = controller.view;
    const g = v.guide;
    const { sides, sideNames } = this.game.layout;
    const toMove = v.toMove !== null && sides.includes(v.toMove) ? v.toMove : null;
    // A refused command is the developer's (English); the status is the player's language.
    const said = controller.statusMessage;
    const status = v.error ?? (said === undefined ? controller.status : tr.text(said));
    const moves = this.moves;
    const running = toMove ?? sides[0];
    const json = v.position === null ? null : this.game.positionToJSON(v.position);
    return {
      title: gameTitle(this.game, this.header.players, tr),
      players: seatedPlayers(this.game, this.header, v.position, tr),
      sides,
      sideNames,
      hex: this.holes === null ? null : { holes: this.holes, off: offOf(json) },
      counts: this.counts,
      gems: this.gems,
      leds: controller.ledPlan() as ReadonlyMap<string, LedState>,
      unsettled: this.unsettled,
      toMove,
      ply: this.plyOffset + v.plies + 1,
      status:
        prompt !== null && toMove === prompt.side
          ? `${status}   ${tr.t("view.yourMove")} ${prompt.input}`
          : status,
      inHand: g?.inHand ?? null,
      nextStone: g?.nextStone ?? [],
      lastLands: g?.lastStone[0] ?? null,
      moves,
      firstSide: firstSideOf(this.game, this.header.initial.toMove),
      clocks: {
        ...this.clocks,
        [running]: (this.clocks[running] ?? 0) + (now - this.turnStarted),
      },
      messages: this.messages,
      link: this.link,
      reserve: reserveOf(json),
      outcome: v.phase === "over" ? this.outcome : null,
      mistake: this.mistake === null ? null : { ...this.mistake, needs: v.needs },
      faulty: this.faulty,
      legend: this.legend,
    };
  }
}

/**
 * The players by side; in a team game (AB-9.1) each side's two, the one
 * whose seat makes that side's next move first: `Cy to play, then Ana`.
 */
export function seatedPlayers(
  game: Game,
  header: JournalHeader,
  position: Position | null,
  tr: Translator = english,
): Readonly<Record<Side, string>> {
  const teams = header.teams;
  if (teams === undefined || position === null) return header.players;
  const out: Record<Side, string> = { ...header.players };
  for (const side of game.layout.sides) {
    const team = teams[side];
    const seat = game.seat?.(position, side) ?? null;
    if (team === undefined || seat === null) continue;
    out[side] = tr.t("view.teamSeat", { now: team[seat] ?? "", next: team[1 - seat] ?? "" });
  }
  return out;
}

/** `Bao — Ana (South) vs Ben (North)`: the players by the game's sides, the first side's first. */
export function gameTitle(
  game: Game,
  players: Readonly<Record<Side, string>>,
  tr: Translator = english,
): string {
  const [first, second] = game.layout.sides;
  const name = (side: Side) => tr.side(side, game.layout.sideNames[side] ?? side);
  return tr.t("view.title", {
    game: gameName(game, tr),
    first: players[first] ?? "",
    firstSide: name(first),
    second: players[second] ?? "",
    secondSide: name(second),
  });
}

/** The game's title in the player's language (`game.<id>`; the game's own title where the catalogue has none). */
export function gameName(game: Game, tr: Translator = english): string {
  return tr.has(`game.${game.id}`) ? tr.t(`game.${game.id}`) : game.title;
}

/** The side a journal's initial position has to move, one of the game's (else its first). */
export function firstSideOf(game: Game, toMove: unknown): Side {
  const sides: readonly Side[] = game.layout.sides;
  return typeof toMove === "string" && sides.includes(toMove) ? toMove : game.layout.sides[0];
}

/** Abalone positions carry the marbles pushed off by colour as `off`. */
export function offOf(json: Record<string, unknown> | null): Readonly<Record<Side, number>> {
  const off = json?.off;
  if (typeof off !== "object" || off === null) return {};
  return Object.fromEntries(
    Object.entries(off as Record<string, unknown>).filter(
      (e): e is [string, number] => typeof e[1] === "number",
    ),
  );
}

/** Bao positions carry each player's reserve as `hand`. */
export function reserveOf(json: Record<string, unknown> | null): { S: number; N: number } | null {
  const hand = json?.hand;
  if (typeof hand !== "object" || hand === null) return null;
  const { S, N } = hand as Record<string, unknown>;
  return typeof S === "number" && typeof N === "number" ? { S, N } : null;
}
