/**
 * Playing against kete, and hints (issue 16), in `kete play`:
 *
 * - `--computer S|N[:level]`: kete plays that side. In its turn the session
 *   asks the search (think.ts) for kete's move and gives the controller a
 *   journalled `computer-move` command; the controller then lights kete's
 *   move act by act (`computerMove`) and accepts only it (controller/computer.ts).
 *   A person sows for kete on a real board; on the simulated board the hand
 *   of kete's side (`ComputerHand`) sows exactly kete's move.
 * - Hints: `h` at the keyboard or button 1 held: the search's best move for
 *   the side to move, lit (`hintStart`, `hintNext`) and explained on screen;
 *   `--hints off` refuses them (tournament games).
 * - `t`: what kete thinks (its last move, score and expected line).
 */
import type { Controller } from "../../controller/index.js";
import { inForce } from "../../controller/index.js";
import type { Game, LegalMove, Position, Side } from "../../games/index.js";
import {
  HINT_SEARCH_MS,
  LEVELS,
  STRONGEST,
  WIN_SCORE,
  findLevel,
  type Level,
  type SearchResult,
} from "../../search/index.js";
import { english, type Translator } from "../../i18n/index.js";
import { err, ok, type Result } from "../../shared/index.js";
import { SimulatedPlayer, type Table } from "./players.js";
import type { Thinker } from "./think.js";
import type { CliError } from "../errors.js";

/** `--computer`: the side kete plays and its level (1 weakest … 4 strongest). */
export interface ComputerSetting {
  readonly side: Side;
  readonly level: number;
}

/** How long button 1 is held to ask for a hint (a shorter press is the confirm button's). */
export const HINT_HOLD_MS = 800;

/** `N`, `north`, `N:2`, `North:4`: the side (as typed or named) and the level, or a usage error. */
export function parseComputer(game: Game, text: string): Result<ComputerSetting, CliError> {
  const [sideText = "", levelText, ...rest] = text.split(":");
  const t = sideText.trim().toLowerCase();
  const side = game.layout.sides.find(
    (s) => s.toLowerCase() === t || (game.layout.sideNames[s] ?? "").toLowerCase() === t,
  );
  const names = game.layout.sides.map((s) => `${s} (${game.layout.sideNames[s] ?? s})`);
  if (side === undefined || rest.length > 0) {
    return err(
      "usage",
      `--computer must name a side, ${names.join(" or ")}, optionally with a level 1-${STRONGEST.level} (e.g. ${game.layout.sides[1]}:3), not '${text}'`,
    );
  }
  if (levelText === undefined) return ok({ side, level: STRONGEST.level });
  const level = findLevel(Number(levelText));
  if (levelText.trim() === "" || level === undefined) {
    return err(
      "usage",
      `--computer ${text}: the level must be ${LEVELS.map((l) => `${l.level} (${l.name})`).join(", ")}, not '${levelText}'`,
    );
  }
  return ok({ side, level: level.level });
}

/** `+3`, `-1.5`, `wins in 5 plies`: a score for the side to move. */
export function scoreText(score: number): string {
  if (score > WIN_SCORE - 1000) return `wins in ${WIN_SCORE - score} plies`;
  if (score < -(WIN_SCORE - 1000)) return `loses in ${WIN_SCORE + score} plies`;
  const n = Math.round(score * 10) / 10;
  return `${n > 0 ? "+" : ""}${n}`;
}

/** What the session gives kete's brain. */
export interface KeteParts {
  readonly controller: Controller;
  readonly game: Game;
  readonly think: Thinker;
  /** The game's seed (`--seed`): each search's seed is drawn from it and the ply. */
  readonly seed: number;
  readonly computer: ComputerSetting | null;
  readonly hints: boolean;
  /** Plies played before this session (a resumed game), for the seeds and the lines said. */
  readonly plyOffset: number;
  /** True once the session is ending. */
  stopped(): boolean;
  say(message: string): void;
  /** The players' language (issue 32); absent: English. */
  readonly tr?: Translator;
  /** Journals `record` and hands `command` to the controller. */
  command(
    command: {
      readonly type: "computer-move" | "hint";
      readonly side: Side;
      readonly move: string;
      readonly ply: number;
    },
    record: Readonly<Record<string, unknown>>,
  ): void;
  /** The clock a hint's wait is measured on (ms). */
  now(): number;
}

/** The seed of the search for the position after `ply` plies of the game (`--seed` and the ply). */
export function thinkSeed(seed: number, ply: number): number {
  return (Math.floor(seed) + ply * 7919) % 2 ** 31;
}

/**
 * How many earlier positions a search is handed (SearchOptions.history):
 * enough for the repetitions a game meets, bounded so that a long game's
 * request stays small.
 */
export const HISTORY_PLIES = 100;

/** The last thing kete thought, for the `t` key. */
interface Thought {
  readonly what: "move" | "hint";
  readonly side: Side;
  readonly ply: number;
  readonly level: Level;
  readonly result: SearchResult;
}

/** Kete's side of the session: its moves, the hints, and what it thinks. */
export class KeteBrain {
  private thinkingFor: string | null = null;
  private hintFor: string | null = null;
  private last: Thought | null = null;
  /** Time from the last hint's request to its command (ms of `now`), for the measurement. */
  lastHintMs: number | null = null;

  constructor(private readonly parts: KeteParts) {}

  private get level(): Level {
    return findLevel(this.parts.computer?.level ?? STRONGEST.level) ?? STRONGEST;
  }

  /** The position standing now and its ply, when a turn is about to begin; else null. */
  private standing(): { side: Side; ply: number; key: string; json: unknown } | null {
    const view = this.parts.controller.view;
    if (view.phase !== "turn" || !view.awaitingStart) return null;
    return this.position();
  }

  /** The position standing now (a move may be under way, a mistake put right), or null. */
  private position(): { side: Side; ply: number; key: string; json: unknown } | null {
    const gs = this.parts.controller.game;
    if (gs === null || gs.outcome !== null) return null;
    const json = this.parts.game.positionToJSON(gs.position);
    const ply = gs.plies.length;
    return { side: gs.position.toMove, ply, key: `${ply}:${JSON.stringify(json)}`, json };
  }

  /** The positions before the game's last `HISTORY_PLIES` plies, as JSON, oldest first. */
  private history(): unknown[] {
    const gs = this.parts.controller.game;
    if (gs === null) return [];
    return gs.plies.slice(-HISTORY_PLIES).map((p) => this.parts.game.positionToJSON(p.before));
  }

  /**
   * The search of the standing position at `level` (within `maxMs` for a
   * hint), seeded by its ply and told the game's recent positions.
   */
  private think(
    now: { readonly ply: number; readonly json: unknown },
    level: Level,
    maxMs?: number,
  ): { seed: number; answer: ReturnType<Thinker> } {
    const seed = thinkSeed(this.parts.seed, this.parts.plyOffset + now.ply);
    const answer = this.parts.think({
      game: this.parts.game.id,
      position: now.json,
      level,
      seed,
      ...(maxMs === undefined ? {} : { maxMs }),
      history: this.history(),
    });
    return { seed, answer };
  }

  /** Called on every change: in kete's turn without kete's move yet, think of it. */
  poke(): void {
    const computer = this.parts.computer;
    if (computer === null || this.parts.stopped()) return;
    const now = this.standing();
    if (now === null || now.side !== computer.side || this.thinkingFor === now.key) return;
    const c = this.parts.controller;
    if (inForce(c.snapshot.context.computer, c.game)) return;
    this.thinkingFor = now.key;
    const level = this.level;
    const { seed, answer } = this.think(now, level);
    void answer.then((r) => {
      // Still this position (someone may have touched the stones meanwhile: kete's move stands).
      if (this.position()?.key !== now.key || this.parts.stopped()) {
        this.thinkingFor = null;
        return;
      }
      const result = r.ok ? r.value : this.fallback(r.error.message);
      if (result === null) return;
      this.last = { what: "move", side: now.side, ply: now.ply, level, result };
      const cmd = {
        type: "computer-move",
        side: now.side,
        move: result.best,
        ply: now.ply,
      } as const;
      const extra = r.ok ? {} : { fallback: r.error.message };
      this.parts.command(cmd, { ...cmd, ...details(result), level: level.level, seed, ...extra });
      this.parts.say(
        this.tr.t("kete.plays", {
          side: this.sideName(now.side),
          level: level.level,
          name: level.name,
          move: result.best,
        }),
      );
    });
  }

  /**
   * When the search fails (a bug, never a position's fault): kete plays the
   * first legal move rather than stall the game, and says why.
   */
  private fallback(why: string): SearchResult | null {
    const gs = this.parts.controller.game;
    const first = gs === null ? undefined : this.parts.game.legal(gs.position, 1).moves[0];
    if (first === undefined) {
      this.parts.say(this.tr.t("kete.noMove", { why }));
      return null;
    }
    this.parts.say(this.tr.t("kete.noSearch", { why }));
    return { best: first.move, score: 0, depth: 0, nodes: 0, pv: [first.move], captures: 0 };
  }

  /** A hint asked for (`h`, button 1 held): the best move lit and explained, or why not. */
  hint(): void {
    const { computer, hints } = this.parts;
    if (!hints) {
      this.parts.say(this.tr.t("kete.hintsOff"));
      return;
    }
    const now = this.standing();
    if (now === null) {
      this.parts.say(this.tr.t("kete.hintAtStart"));
      return;
    }
    if (computer !== null && now.side === computer.side) {
      this.parts.say(this.tr.t("kete.ownTurn"));
      return;
    }
    if (this.hintFor === now.key) return;
    this.hintFor = now.key;
    const asked = this.parts.now();
    const level = STRONGEST;
    const { seed, answer } = this.think(now, level, HINT_SEARCH_MS);
    void answer.then((r) => {
      this.hintFor = null;
      if (this.standing()?.key !== now.key || this.parts.stopped()) return;
      if (!r.ok) {
        this.parts.say(this.tr.t("kete.noHint", { why: r.error.message }));
        return;
      }
      this.last = { what: "hint", side: now.side, ply: now.ply, level, result: r.value };
      const cmd = { type: "hint", side: now.side, move: r.value.best, ply: now.ply } as const;
      this.parts.command(cmd, { ...cmd, ...details(r.value), level: level.level, seed });
      this.lastHintMs = this.parts.now() - asked;
      this.parts.say(
        this.tr.t("kete.hint", {
          side: this.sideName(now.side),
          move: r.value.best,
          why: why(r.value, this.tr),
        }),
      );
    });
  }

  /** What kete thinks (the `t` key): its last move or hint, its score and the line it expects. */
  thoughts(): string {
    const t = this.last;
    const tr = this.tr;
    if (t === null) return tr.t("kete.thoughtsNone");
    const r = t.result;
    return tr.t("kete.thoughts", {
      what: tr.t(t.what === "move" ? "kete.thoughtsMove" : "kete.thoughtsHint", { move: r.best }),
      side: this.sideName(t.side),
      ply: this.parts.plyOffset + t.ply + 1,
      score: scoreText(r.score),
      took: r.captures > 0 ? tr.t("kete.takes", { count: r.captures }) : tr.t("kete.takesNone"),
      expects: r.pv.join(" "),
      depth: r.depth,
      nodes: r.nodes,
      level: t.level.level,
    });
  }

  private sideName(side: Side): string {
    return this.tr.side(side, this.parts.game.layout.sideNames[side] ?? side);
  }

  private get tr(): Translator {
    return this.parts.tr ?? english;
  }
}

/** The search's answer as the journal keeps it beside the command. */
function details(r: SearchResult): Readonly<Record<string, unknown>> {
  return { score: r.score, depth: r.depth, nodes: r.nodes, pv: r.pv, captures: r.captures };
}

/** Why the hint's move: the stones it takes at once, and the score kete sees. */
function why(r: SearchResult, tr: Translator = english): string {
  return tr.t("kete.why", {
    took: r.captures > 0 ? tr.t("kete.takes", { count: r.captures }) : tr.t("kete.takesNone"),
    score: scoreText(r.score),
    depth: r.depth,
    expects: r.pv.slice(0, 4).join(" "),
  });
}

/**
 * The simulated board's hand for kete's side: in kete's turn it waits for
 * kete's move and sows exactly that; now and then (at `rate`, the session's
 * mistake rate) the person sowing for kete misreads the lights and sows
 * another legal move, which kete puts back ("not kete's move"), or lets a
 * stone slip one pit too far. Otherwise (restoring, penalties) it is any
 * virtual player's hand.
 */
export function computerHand(side: Side, table: Table, rate: number): SimulatedPlayer {
  const { controller, game, random } = table;
  const choose = (position: Position): LegalMove<Position> | null => {
    const p = controller.snapshot.context.computer;
    if (p === null || p.side !== side || !inForce(p, controller.game)) return null;
    const made = game.apply(position, p.move);
    if (!made.ok) return null;
    const planned = { move: p.move, ...made.value };
    if (random() >= rate / 2) return planned;
    return game.legal(position, 50).moves.find((m) => m.move !== p.move) ?? planned;
  };
  return new SimulatedPlayer(side, table, rate / 2, choose);
}
