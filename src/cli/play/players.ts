/**
 * Who moves the stones of the simulated board in `kete play`: virtual players
 * that choose a move and sow it stone by stone with a person's pauses (and
 * the odd mistake, which kete must catch and the player then undoes as the
 * LEDs show), or a person at the keyboard who names the move while the
 * simulated hand sows it. Both act only through the board's hand, exactly
 * as hands on a real board would.
 */
import { sleep } from "../../board/index.js";
import type { Scheduler, SimulatedBoard } from "../../board/index.js";
import type { Controller, ControllerView } from "../../controller/index.js";
import { countsAlong, handChange } from "../../games/index.js";
import type { Game, GameErrorCode, LegalMove, Position, Side, Trace } from "../../games/index.js";
import type { HoleContent } from "../../protocol/index.js";
import { GEMS, MARBLE_COLOURS, type Gem, type MarbleColour } from "../../shared/index.js";

/** A hex61 reading's tag (`E5:n` → `n`) as the marble it reads. */
const MARBLE_BY_TAG: ReadonlyMap<string, MarbleColour> = new Map(
  (Object.keys(MARBLE_COLOURS) as MarbleColour[]).map((c) => [MARBLE_COLOURS[c], c]),
);

export interface Pace {
  /** Milliseconds per stone, drawn from [min, max]. */
  readonly stoneMs: readonly [number, number];
  /** Thinking before a move. */
  readonly thinkMs: readonly [number, number];
  /** Waiting for the board to settle after a deliberate mistake. */
  readonly settleMs: number;
}

export const PERSON_PACE: Pace = { stoneMs: [180, 420], thinkMs: [700, 1600], settleMs: 900 };

export function scaledPace(pace: Pace, factor: number): Pace {
  const f = (r: readonly [number, number]) => [r[0] * factor, r[1] * factor] as const;
  return {
    stoneMs: f(pace.stoneMs),
    thinkMs: f(pace.thinkMs),
    settleMs: Math.max(400, pace.settleMs * factor),
  };
}

/** What the players need of the session. */
export interface Table {
  readonly controller: Controller;
  readonly board: SimulatedBoard;
  readonly game: Game;
  readonly random: () => number;
  readonly pace: Pace;
  /** The session's time: every pause of the hands, every wait for the lights. */
  readonly scheduler: Scheduler;
  /** True once the game is over or the session is closing. */
  stopped(): boolean;
  /** A line for the view's message list. */
  say(message: string): void;
}

function between(random: () => number, [lo, hi]: readonly [number, number]): number {
  return lo + (hi - lo) * random();
}

/** The side whose pit each place of the sensor view is (null: no side's). */
export function ownersOf(game: Game): readonly (Side | null)[] {
  return game.layout.owners;
}

/**
 * Own stones minus the opponent's on the board after a move: a greedy
 * player's measure; on a board whose holes no side owns (Abalone), the
 * marbles pushed off: the opponent's minus one's own.
 */
function margin(game: Game, position: Position, side: Side): number {
  const owners = ownersOf(game);
  let m = 0;
  if (owners.every((o) => o === null)) {
    const off = game.positionToJSON(position).off;
    if (typeof off === "object" && off !== null) {
      for (const [s, n] of Object.entries(off as Record<string, unknown>)) {
        if (typeof n === "number") m += s === side ? -n : n;
      }
    }
  }
  game.sensorView(position).counts.forEach((n, i) => {
    const owner = owners[i] ?? null;
    if (owner !== null) m += owner === side ? n : -n;
  });
  const over = game.outcome(position);
  if (over !== null) m += over.winner === side ? 1000 : over.winner === null ? 0 : -1000;
  return m;
}

/** Mostly the move that leaves the best stone margin, sometimes any move. */
export function chooseMove(
  game: Game,
  position: Position,
  side: Side,
  random: () => number,
): LegalMove<Position> | null {
  const moves = game.legal(position, 500).moves;
  if (moves.length === 0) return null;
  if (random() < 0.25) return moves[Math.floor(random() * moves.length)];
  let best = -Infinity;
  let pick: LegalMove<Position>[] = [];
  for (const m of moves) {
    const v = margin(game, m.position, side);
    if (v > best) {
      best = v;
      pick = [m];
    } else if (v === best) pick.push(m);
  }
  return pick[Math.floor(random() * pick.length)];
}

/** Whether the controller has stopped the move: a mistake to restore, a takeback. */
function interrupted(view: ControllerView): boolean {
  return view.phase === "mistake" || view.phase === "takingBack";
}

/**
 * Whether the controller cannot follow the board just now: a sensor fault (a
 * reading no hand could make, e.g. a stone counted twice under a hovering
 * hand) or a lost link. A person waits, hand still full, until the lights say
 * go on; giving up mid-move would leave the hand's stones nowhere.
 */
function waiting(view: ControllerView): boolean {
  return view.sensorFault || view.phase === "linkLost";
}

/** What the hand holds at a point of a move: plain stones, and the gems by tag (a gem board's). */
interface Held {
  readonly stones: number;
  readonly gems: readonly Gem[];
}

/** The hand before each step of a counted board's trace and at its end: stones only. */
function heldAlong(trace: Trace): Held[] {
  const held: Held[] = [{ stones: 0, gems: [] }];
  for (const step of trace) {
    const last = held[held.length - 1] as Held;
    held.push({ stones: last.stones + handChange(step), gems: [] });
  }
  return held;
}

/**
 * The hand before each step of a gem board's trace and at its end (GB-2,
 * GB-3): a lift takes the pit's stones and its gems, a bead sown leaves the
 * hand as a stone or as that gem, and a gem captured into a cup passes
 * through the hand within its step.
 */
function heldAlongGems(trace: Trace): Held[] {
  let stones = 0;
  let gems: Gem[] = [];
  const held: Held[] = [{ stones, gems: [] }];
  for (const step of trace) {
    if (step.op === "lift") {
      const lifted = (step.gems ?? []).filter(isGemTag);
      stones += step.stones ?? step.n - lifted.length;
      gems = [...gems, ...lifted];
    } else if (step.op === "sow") {
      const bead = step.bead ?? "s";
      if (bead === "s") stones -= 1;
      else gems = gems.filter((g) => g !== bead);
    } else if (step.op === "capture") {
      if (step.gem === undefined) stones += step.n;
      else if (step.to === undefined && isGemTag(step.gem)) gems = [...gems, step.gem];
    }
    held.push({ stones, gems: [...gems] });
  }
  return held;
}

function isGemTag(tag: string): tag is Gem {
  return (GEMS as readonly string[]).includes(tag);
}

export abstract class Player {
  protected busy = false;

  constructor(
    readonly side: Side,
    protected readonly table: Table,
  ) {}

  /** Called whenever the controller's state changes. */
  poke(): void {
    if (this.busy || this.table.stopped()) return;
    this.busy = true;
    void this.act()
      .catch((e: unknown) => this.table.say(`${this.side}: ${(e as Error).message}`))
      .finally(() => {
        this.busy = false;
      });
  }

  protected abstract act(): Promise<void>;

  protected get view(): ControllerView {
    return this.table.controller.view;
  }

  protected pause(ms: number): Promise<void> {
    return sleep(this.table.scheduler, ms);
  }

  /** A person's time for one stone. */
  protected stonePause(): Promise<void> {
    return this.pause(between(this.table.random, this.table.pace.stoneMs));
  }

  /** Whether kete is waiting for the board to be set up, restored or taken back (not a penalty, not play). */
  protected restoring(): boolean {
    const phase = this.view.phase;
    return phase === "setup" || phase === "mistake" || phase === "takingBack";
  }

  /**
   * Whether this player's hand does the restoring: the erring player's after
   * a mistake, the one who made the move taken back, the first side's when
   * setting up. One hand at a time, or two would both answer the same lights.
   */
  protected restoresNow(): boolean {
    const view = this.view;
    if (view.phase === "setup") return this.side === this.table.game.layout.sides[0];
    if (view.phase === "takingBack") return view.toMove !== null && view.toMove !== this.side;
    return view.erring === this.side;
  }

  protected myTurn(): boolean {
    const view = this.view;
    return view.phase === "turn" && view.awaitingStart && view.toMove === this.side;
  }

  /**
   * Undoes whatever the controller says differs, with the hand (restore flow,
   * setup, takeback), as a person reads the lights: look only once they show
   * what the board holds now (kete has judged a settled reading of it), then
   * take the surplus stones into the hand and drop the hand's stones where
   * stones are missing; look again. Stones missing with none in hand and no
   * surplus on the board were lost (a crashed process's hand, a stone put
   * aside): they come from the box. The hand keeps its stones until kete is
   * content (`stillNeeded` turns false), so a misread light never loses one.
   */
  protected async restore(stillNeeded: () => boolean): Promise<void> {
    const { board } = this.table;
    const hand = board.hand;
    for (let round = 0; round < 12 && stillNeeded() && !this.table.stopped(); round++) {
      await this.settledLights();
      if (!stillNeeded() || this.table.stopped()) break;
      const needs = this.view.needs;
      if (needs.length === 0) break;
      if (board.physical.hasHoles) {
        await this.restoreMarbles(needs);
        continue;
      }
      for (const n of needs.filter((x) => x.need < 0)) {
        const [place, gem] = n.pit.split(":") as [string, string | undefined];
        if (gem !== undefined) hand.liftBeads(place, { gems: [gem] });
        else hand.lift(n.pit, Math.min(-n.need, board.physical.count(n.pit)));
        await this.stonePause();
      }
      for (const n of needs.filter((x) => x.need > 0)) {
        const [place, gem] = n.pit.split(":") as [string, string | undefined];
        if (gem !== undefined) {
          // A gem: from the hand, else from wherever it lies off the places lit.
          const tag = gem as Gem;
          if (hand.heldGems.includes(tag)) hand.drop(place, tag);
          else board.physical.shiftGem(tag, board.physical.whereIs(tag), place);
          await this.stonePause();
          continue;
        }
        for (let k = 0; k < n.need; k++) {
          if (hand.heldStones > 0) hand.drop(n.pit, "s");
          else if (hand.held > 0 && !board.physical.hasGems) hand.drop(n.pit);
          else hand.place(n.pit);
          await this.stonePause();
        }
      }
      hand.hover(null);
    }
    if (!stillNeeded()) hand.putAway();
  }

  /**
   * The Abalone board put back as lit: each marble that should not be in a
   * hole (`E5:b` -1) taken out, then each one missing (`E5:w` +1, the
   * neutral `E5:n`, a single-colour `E5:x`) put in.
   */
  private async restoreMarbles(
    needs: readonly { readonly pit: string; readonly need: number }[],
  ): Promise<void> {
    const physical = this.table.board.physical;
    const colour = (reading: string): HoleContent =>
      MARBLE_BY_TAG.get(reading.slice(reading.indexOf(":") + 1)) ?? "empty";
    for (const n of needs.filter((x) => x.need < 0)) {
      const [hole] = n.pit.split(":") as [string];
      if (physical.hole(hole) === colour(n.pit)) physical.putMarble(hole, "empty");
      await this.stonePause();
    }
    for (const n of needs.filter((x) => x.need > 0)) {
      const [hole] = n.pit.split(":") as [string];
      physical.putMarble(hole, colour(n.pit));
      await this.stonePause();
    }
  }

  /**
   * Plays a move on a board of holes (Abalone): the hand pushes the marbles
   * of the engine protocol's trace (`off`, `hole`) at this table's pace.
   */
  protected async pushMarbles(position: Position, move: string): Promise<void> {
    const { board, game, pace } = this.table;
    const trace = game.protocolTrace?.(position, move) ?? [];
    const played = await board.playTrace(trace, { perStoneMs: pace.stoneMs });
    if (!played.ok) this.table.say(`${this.side}: ${played.error.message}`);
  }

  /** Whether moves are pushes of marbles (Abalone's board) rather than stones sown. */
  protected get pushes(): boolean {
    return this.table.board.physical.hasHoles && this.table.game.protocolTrace !== undefined;
  }

  /**
   * Waits (bounded) until the controller has judged a settled reading equal
   * to what lies on the board: then its lights and restore list are current.
   */
  protected async settledLights(): Promise<void> {
    const { pace, scheduler } = this.table;
    const deadline = scheduler.now() + Math.max(3000, pace.settleMs * 6);
    await this.pause(Math.min(pace.settleMs, 400));
    while (scheduler.now() < deadline && !this.table.stopped()) {
      const seen = this.view.judged;
      const now = this.boardNow();
      if (seen !== null && seen.length === now.length && seen.every((c, i) => c === now[i])) return;
      await this.pause(50);
    }
  }

  /**
   * Takes up this player's unfinished move where the board now stands (kete
   * restored the board to a point inside it, after the opponent touched the
   * board): the hand holds what it held there and sows on. False if there
   * is no such move or the board is at no point of it.
   */
  protected async resumeMove(): Promise<boolean> {
    const { board } = this.table;
    const midTurn = () => {
      const view = this.view;
      return view.phase === "turn" && view.moving && view.toMove === this.side;
    };
    if (this.plan === null || !midTurn()) return false;
    await this.settledLights();
    const plan = this.plan;
    if (plan === null || !midTurn()) return false;
    const now = this.boardNow();
    for (let k = plan.boards.length - 1; k >= 0; k--) {
      if (plan.boards[k]!.every((n, i) => n === now[i])) {
        // The very beads held at that point: its stones, and on a gem board its gems by tag.
        const held = plan.held[k]!;
        board.hand.hold(held.stones, held.gems);
        await this.perform(plan.trace, -1, k);
        await this.settledLights();
        return true;
      }
    }
    return false;
  }

  /** The move being sown: its trace, and the board and the hand before each step and at the end. */
  private plan: {
    readonly trace: Trace;
    readonly boards: readonly (readonly number[])[];
    readonly held: readonly Held[];
  } | null = null;

  private planOf(trace: Trace): NonNullable<Player["plan"]> {
    const physical = this.table.board.physical;
    const held = physical.hasGems ? heldAlongGems(trace) : heldAlong(trace);
    if (!physical.hasGems) {
      const counts = physical.counts();
      return { trace, boards: [counts, ...countsAlong(physical.pits, counts, trace)], held };
    }
    // A board that tells gems apart: its readings after each trace step (the game's sensor steps).
    const { game } = this.table;
    const board = physical.readings();
    const position = this.view.position;
    if (position === null) return { trace, boards: [board], held };
    const names = new Map(game.sensorView(position).pits.map((r, i) => [r, i] as const));
    const boards = [board.slice()];
    for (const step of trace) {
      for (const r of game.sensorSteps?.(step) ?? []) {
        const i = names.get(r.reading);
        if (i !== undefined)
          board[i] = (board[i] as number) + (r.op === "lift" || r.op === "capture" ? -r.n : 1);
      }
      boards.push(board.slice());
    }
    return { trace, boards, held };
  }

  /** What the board's sensors read now, as the controller's readings (counts; counts then gems; holes by colour). */
  protected boardNow(): number[] {
    const physical = this.table.board.physical;
    return physical.hasGems || physical.hasHoles ? physical.readings() : physical.counts();
  }

  /**
   * Sows a trace stone by stone (from step `from`); stops early if kete
   * reports a mistake.
   */
  protected async perform(trace: Trace, mistakeAt = -1, from = 0): Promise<void> {
    const hand = this.table.board.hand;
    if (this.plan?.trace !== trace) this.plan = this.planOf(trace);
    for (let i = from; i < trace.length; i++) {
      // Hold on while kete cannot follow the board; stop at once when it has
      // called a mistake (whoever it blames).
      while (!this.table.stopped() && waiting(this.view)) {
        hand.hover(null);
        await this.pause(100);
      }
      if (this.table.stopped() || interrupted(this.view)) return;
      const step = trace[i];
      if (step.op === "sow" && i === mistakeAt && !(await this.slip(trace, i))) return;
      if (step.op === "lift" && step.gems !== undefined) {
        hand.liftBeads(step.pit, { stones: step.stones ?? 0, gems: step.gems });
      } else if (step.op === "capture" && step.gem !== undefined) {
        hand.capture(step.pit, step.gem, step.to);
      } else if (step.op === "lift" || step.op === "capture") hand.lift(step.pit, step.n);
      else if (step.op === "sow") hand.drop(step.pit, step.bead ?? 1);
      else if (step.op === "place") hand.place(step.pit);
      await this.stonePause();
    }
    hand.hover(null);
    this.plan = null;
  }

  /**
   * A slip of the hand: the stone of step `i` goes one pit too far. If kete
   * objects, the move stops there (false); if not (yet), the player notices,
   * takes the stone back and sows on as planned (true).
   */
  private async slip(trace: Trace, i: number): Promise<boolean> {
    const { pace, scheduler } = this.table;
    const hand = this.table.board.hand;
    const step = trace[i];
    const next = trace.slice(i + 1).find((s) => s.op === "sow")?.pit;
    const wrong = next !== undefined && next !== step.pit ? next : null;
    if (wrong === null) return true;
    const bead = step.op === "sow" ? (step.bead ?? "s") : "s";
    hand.drop(wrong, bead);
    hand.hover(null);
    const until = scheduler.now() + pace.settleMs * 4 + 1500;
    while (scheduler.now() < until && !interrupted(this.view)) await this.pause(50);
    if (this.table.stopped() || interrupted(this.view)) return false;
    if (bead === "s") hand.lift(wrong, 1);
    else hand.liftBeads(wrong, { gems: [bead] });
    await this.stonePause();
    return true;
  }
}

/** A virtual player: greedy with a dash of chance, and now and then a slip of the hand. */
export class SimulatedPlayer extends Player {
  /**
   * `choose`: the move this player makes in a position (default `chooseMove`,
   * greedy with chance); null: none yet, look again later (kete's hand waits
   * for kete's move, computer.ts).
   */
  constructor(
    side: Side,
    table: Table,
    private readonly mistakeRate: number,
    private readonly choose: ((position: Position) => LegalMove<Position> | null) | null = null,
  ) {
    super(side, table);
  }

  protected async act(): Promise<void> {
    const { game, random, pace } = this.table;
    if (this.restoring()) {
      if (this.restoresNow()) await this.restore(() => this.restoring());
      return;
    }
    if (this.view.phase === "penalty" && this.view.penalty?.erring === this.side) {
      await this.handOverFive();
      return;
    }
    if (await this.resumeMove()) return;
    if (!this.myTurn()) return;
    await this.pause(between(random, pace.thinkMs));
    // Only once kete has judged the board as it lies: a turn that still looks
    // unstarted may be one whose stones the board has not yet reported.
    await this.settledLights();
    const position = this.view.position;
    if (!this.myTurn() || position === null) return;
    const move =
      this.choose === null ? chooseMove(game, position, this.side, random) : this.choose(position);
    if (move === null) return;
    if (this.pushes) {
      // A push is made at once, not stone by stone: its slip is a whole wrong
      // push (the game's `slip`, e.g. a marble onto an obstacle, AB-9.4).
      if (random() < this.mistakeRate && (await this.slipMarbles(position))) return;
      await this.pushMarbles(position, move.move);
      await this.settledLights();
      return;
    }
    const sows = move.trace.flatMap((s, i) => (s.op === "sow" ? [i] : []));
    const slip =
      random() < this.mistakeRate && sows.length > 2
        ? sows[1 + Math.floor(random() * (sows.length - 2))]
        : -1;
    await this.perform(move.trace, slip);
    await this.settledLights();
  }

  /**
   * A wrong push on a board of holes (`Game.slip`), said with the rule kete
   * must name; then the hand waits until kete calls the mistake (the
   * restore flow puts the board back as lit). False when the game has no
   * slip for this board.
   */
  private async slipMarbles(position: Position): Promise<boolean> {
    const { board, game, pace, random, scheduler } = this.table;
    const slip = game.slip?.(position, random) ?? null;
    if (slip === null) return false;
    this.table.say(`${this.side} slips: ${slip.what} (${slip.rule} expected)`);
    const played = await board.playTrace(slip.steps, { perStoneMs: pace.stoneMs });
    if (!played.ok) {
      this.table.say(`${this.side}: ${played.error.message}`);
      return false;
    }
    const until = scheduler.now() + pace.settleMs * 6 + 3000;
    while (scheduler.now() < until && !this.table.stopped() && !interrupted(this.view)) {
      await this.pause(50);
    }
    return true;
  }

  /**
   * HB-9 penalty: five own stones into the opponent's pits, counting those
   * kete has already seen cross; a wrong handover is first undone as lit.
   */
  private async handOverFive(): Promise<void> {
    const { board, game, random } = this.table;
    await this.settledLights();
    const penalty = () => (this.view.phase === "penalty" ? this.view.penalty : null);
    const p = penalty();
    const position = this.view.position;
    if (p === null || p.erring !== this.side || position === null) return;
    if (p.wrong !== null) {
      await this.restore(() => (penalty()?.wrong ?? null) !== null);
      return;
    }
    const left = 5 - p.crossed;
    const owners = ownersOf(game);
    const pits = game.sensorView(position).pits;
    const mine = pits.filter((_, i) => owners[i] === this.side);
    const theirs = pits.filter((_, i) => owners[i] !== this.side && owners[i] !== null);
    for (let k = 0; k < left && !this.table.stopped(); k++) {
      const from = mine.reduce((a, b) =>
        board.physical.count(b) > board.physical.count(a) ? b : a,
      );
      board.hand.lift(from, 1);
      await this.stonePause();
      board.hand.drop(theirs[Math.floor(random() * theirs.length)]);
      await this.stonePause();
    }
    board.hand.hover(null);
    await this.settledLights();
  }
}

/**
 * What became of a line typed at the prompt: the move taken (as the rules
 * write it), or why not, typed: `busy` (the last move is still being sown),
 * `not-your-turn`, or the game's refusal (`bad-move`: no move of its
 * notation; `illegal-move` with the rule broken, e.g. GB-2).
 */
export type Entry =
  | { readonly kind: "sowing"; readonly move: string; readonly message: string }
  | {
      readonly kind: "refused";
      readonly code: RefusalCode;
      readonly rule: string | null;
      readonly message: string;
    };

/** Why a typed move was not taken: the hand still busy, the other side's turn, or the game's refusal. */
export type RefusalCode = "busy" | "not-your-turn" | GameErrorCode;

/** A typed move as the game writes it (`a3:ss4s` → `A3:sS4s`; `b3+` → `B3+`). */
export function normalisedMove(game: Game, text: string): string {
  return game.normaliseMove?.(text) ?? text.trim().toUpperCase();
}

/** A person at the keyboard names the move (`B3+`, `A3:sS4s`); the simulated hand sows it. */
export class KeyboardPlayer extends Player {
  private pending: string | null = null;
  private sowing = false;

  /** A line typed at the prompt: the move taken, or why not (see `Entry`). */
  submit(text: string): Entry {
    const refused = (code: RefusalCode, message: string, rule: string | null = null): Entry => ({
      kind: "refused",
      code,
      rule,
      message,
    });
    if (this.pending !== null || this.sowing) return refused("busy", "still sowing your last move");
    const position = this.view.position;
    if (position === null || position.toMove !== this.side || !this.myTurn()) {
      return refused("not-your-turn", "not your turn yet");
    }
    const move = normalisedMove(this.table.game, text);
    const tried = this.table.game.apply(position, move);
    if (!tried.ok) return refused(tried.error.code, tried.error.message, tried.error.rule ?? null);
    this.pending = move;
    this.poke();
    return { kind: "sowing", move, message: `${this.pushes ? "pushing" : "sowing"} ${move}` };
  }

  protected async act(): Promise<void> {
    const { game } = this.table;
    if (this.restoring()) {
      if (this.restoresNow()) await this.restore(() => this.restoring());
      return;
    }
    if (await this.resumeMove()) return;
    const position = this.view.position;
    if (this.pending === null || position === null || !this.myTurn()) return;
    const move = game.apply(position, this.pending);
    if (!move.ok) {
      this.pending = null;
      return;
    }
    this.sowing = true;
    const typed = this.pending;
    this.pending = null;
    try {
      if (this.pushes) await this.pushMarbles(position, typed);
      else await this.perform(move.value.trace);
    } finally {
      this.sowing = false;
    }
    // The next line typed is taken at once (a move waits for this player's
    // turn): with both sides at one keyboard (`--human both`) the opponent may
    // have moved before these lights settle, and this player then types again.
    await this.settledLights();
  }
}
