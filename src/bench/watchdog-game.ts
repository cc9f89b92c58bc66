/**
 * A firmware hang in the middle of a game (issue 27, item 3), shared by the
 * emulator bench and its test: kete's controller follows a game of HusBao on
 * the emulated reference board through `EmulatedLink` (the `BoardSession` of
 * `kete play --port`), all on the emulated clock; while a hand sows, the
 * firmware's main loop is made to spin forever (`Mega2560.injectHang`). The
 * watchdog resets the board, the session sees `BOOT … watchdog`, shakes hands
 * again and restores its settings and LEDs, and the game goes on.
 */
import { playTrace, waitForReady } from "../board/index.js";
import type { BoardEvent, LinkState } from "../board/index.js";
import { Controller } from "../controller/index.js";
import type { ControllerEvent } from "../controller/index.js";
import { EmulatedBoard, EmulatedLink } from "../emulator/index.js";
import { findGame } from "../games/index.js";
import type { Game, LegalMove, Position } from "../games/index.js";
import { seededRandom } from "../shared/index.js";
import { collectLines } from "./firmware-image.js";

export interface HangGameResult {
  readonly plies: number;
  /** Moves the controller accepted, in order. */
  readonly moves: readonly string[];
  /** The moves the hand played. */
  readonly played: readonly string[];
  /** Mistakes and sensor faults the controller reported (none expected). */
  readonly bad: readonly ControllerEvent[];
  /** The chip's resets. */
  readonly resets: readonly string[];
  /** The BOOT line after the hang. */
  readonly bootLine: string | null;
  /** Emulated ms from the hang to: the BOOT line, the link ready again, a settled snapshot equal to the board. */
  readonly toBoot: number;
  readonly toReady: number;
  readonly toBoard: number;
  /**
   * Emulated ms from the hand's last stone to the controller accepting the
   * move: for the move being sown when the firmware hung, and the longest of
   * the other moves.
   */
  readonly moveAfterHang: number;
  readonly moveOtherwise: number;
  /** The link's states after the hang. */
  readonly states: readonly LinkState[];
  /** Whether the board's LEDs showed the controller's last plan again after the reboot. */
  readonly ledsBack: boolean;
  /** Pits whose LED differs from the plan then (steady pits only; blinking ones may be in their off half). */
  readonly ledMismatch: readonly string[];
  /** The controller's final position equals the game's. */
  readonly positionKept: boolean;
}

/**
 * The move that captures most (ties broken by the seeded random, shorter
 * sowings first), so games end in a few plies; the emulated whole-game tests
 * play it too.
 */
export function greedy(
  game: Game<Position>,
  p: Position,
  random: () => number,
): LegalMove<Position> {
  let best: LegalMove<Position> | null = null;
  let score = -Infinity;
  for (const m of game.legal(p, 5000).moves) {
    const taken = m.trace.reduce((n, s) => n + (s.op === "capture" ? s.n : 0), 0);
    const s = taken * 1000 - m.trace.length + random();
    if (s > score) [best, score] = [m, s];
  }
  if (best === null) throw new Error("no legal move");
  return best;
}

/** The emulated board under kete's controller, on the emulated clock, with what each side said. */
function gameRig(image: Uint8Array, seed: number, counts: readonly number[]) {
  const created = EmulatedBoard.create({
    firmware: image,
    seed,
    calibrated: true,
    counts: [...counts],
  });
  if (!created.ok) throw new Error(created.error.message);
  const board = created.value;
  const clock = board.clock;
  const link = new EmulatedLink(board, { debounceMs: 150 });
  const controller = new Controller(link, { clock: () => clock.now() });
  const events: ControllerEvent[] = [];
  controller.on((e) => events.push(e));
  const linkEvents: { at: number; e: BoardEvent }[] = [];
  link.subscribe((e) => linkEvents.push({ at: clock.now(), e }));
  const lines = collectLines(board);
  board.start({ realTime: false });
  const sleep = (ms: number) => new Promise<void>((r) => clock.schedule(r, ms));
  const until = async (done: () => boolean, ms: number): Promise<boolean> => {
    for (let t = 0; t < ms; t += 10) {
      if (done()) return true;
      await sleep(10);
    }
    return done();
  };
  return { board, clock, link, controller, events, linkEvents, lines, sleep, until };
}

/** Pits whose LED differs from the plan (steady pits only; blinking ones may be in their off half). */
function ledsOtherThanPlanned(
  board: EmulatedBoard,
  plan: readonly (readonly [string, { readonly pattern: string }])[],
): string[] {
  const lit = (pit: string): boolean => {
    const c = board.ledOf(pit);
    return c.brightness > 0 && c.r + c.g + c.b > 0;
  };
  return plan.flatMap(([pit, led]) =>
    (led.pattern === "steady" && !lit(pit)) || (led.pattern === "off" && lit(pit))
      ? [`${pit}: ${JSON.stringify(led)} shows ${JSON.stringify(board.ledOf(pit))}`]
      : [],
  );
}

/** What the board and the link said after the hang: the BOOT line, the link ready again, a settled board. */
function recovery(
  lines: readonly { text: string; at: number }[],
  linkEvents: readonly { at: number; e: BoardEvent }[],
  hangAt: number,
) {
  const after = (at: number) => at >= hangAt;
  const boot = lines.find((l) => after(l.at) && / BOOT /.test(l.text)) ?? null;
  const ready = linkEvents.find(
    (x) =>
      after(x.at) &&
      x.e.type === "link" &&
      x.e.state === "ready" &&
      boot !== null &&
      x.at >= boot.at,
  );
  const matches = linkEvents.find(
    (x) =>
      ready !== undefined &&
      x.at >= ready.at &&
      x.e.type === "snapshot" &&
      x.e.snapshot.settled &&
      x.e.snapshot.board.geometry === "4x8",
  );
  const states = linkEvents.flatMap((x) => (after(x.at) && x.e.type === "link" ? [x.e.state] : []));
  return { boot, ready, matches, states };
}

/**
 * Plays up to `maxPlies` greedy plies of HusBao (front row) on the emulated
 * board; at ply `hangPly` the firmware hangs `hangAfterMs` after the hand
 * starts sowing, or, with `hangAfterMs` null, as the move's last stone lands
 * (its settled reading then comes only from the rebooted board). In either case
 * firmware hangs.
 */
export async function hangDuringGame(
  image: Uint8Array,
  {
    seed = 5,
    maxPlies = 6,
    hangPly = 2,
    hangAfterMs = null,
    perStoneMs = [150, 300],
  }: {
    seed?: number;
    maxPlies?: number;
    hangPly?: number;
    hangAfterMs?: number | null;
    /** The hand's time a stone, ms (a person's pace by default). */
    perStoneMs?: readonly [number, number];
  } = {},
): Promise<HangGameResult> {
  const game = findGame("husbao-front") as Game<Position>;
  const init = game.initial({});
  if (!init.ok) throw new Error(init.error.message);
  const { board, clock, link, controller, events, linkEvents, lines, sleep, until } = gameRig(
    image,
    seed,
    game.sensorView(init.value).counts,
  );
  const moves = (): string[] => events.flatMap((e) => (e.type === "move" ? [e.move] : []));
  const bad = (): ControllerEvent[] =>
    events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");
  const random = seededRandom(seed);
  const played: string[] = [];
  let hangAt = NaN;
  let moveAfterHang = NaN;
  let moveOtherwise = -Infinity;
  let ledsBack = false;
  let ledMismatch: string[] = [];
  let p = init.value;
  try {
    const info = await waitForReady(link, 5000, { scheduler: clock });
    if (!info.ok) throw new Error(info.error.message);
    controller.send({
      type: "resume",
      game: game.id,
      options: {},
      start: game.positionToJSON(init.value),
      moves: [],
    });
    void link.requestSnapshot();
    const waiting = await until(() => controller.state === "session.play.turn.awaitingStart", 5000);
    if (!waiting) throw new Error(`the controller never waited for a move: ${controller.state}`);
    for (let ply = 0; ply < maxPlies && game.outcome(p) === null; ply++) {
      const m = greedy(game, p, random);
      const before = moves().length;
      const target = game.sensorView(m.position).counts;
      const hang = (): void => {
        hangAt = board.now;
        board.mcu.injectHang();
      };
      if (ply === hangPly && hangAfterMs !== null) clock.schedule(hang, hangAfterMs);
      // the moment the board shows the move's end: its last stone landed
      let lastStoneAt = NaN;
      const offChange = board.physical.onChange(() => {
        const now = board.physical.counts();
        if (!Number.isNaN(lastStoneAt) || !now.every((c, i) => c === target[i])) return;
        lastStoneAt = board.now;
        if (ply === hangPly && hangAfterMs === null) clock.schedule(hang, 0);
      });
      const sown = await playTrace(board.physical, m.trace, {
        perStoneMs: [...perStoneMs],
        seed: seed * 100 + ply,
        scheduler: clock,
      });
      if (!sown.ok) throw new Error(`ply ${ply} ${m.move}: ${sown.error.message}`);
      played.push(m.move);
      const accepted = await until(() => moves().length > before || bad().length > 0, 5000);
      offChange();
      if (!accepted || bad().length > 0) break;
      const took = (events.filter((e) => e.type === "move").at(-1)?.at ?? NaN) - lastStoneAt;
      if (ply !== hangPly) moveOtherwise = Math.max(moveOtherwise, took);
      else {
        moveAfterHang = took;
        // the controller's LED plan is on the board again: steady pits lit, dark pits dark
        await controller.flush();
        await sleep(60);
        const plan = [...controller.ledPlan()];
        ledMismatch = ledsOtherThanPlanned(board, plan);
        ledsBack = plan.some(([, led]) => led.pattern !== "off") && ledMismatch.length === 0;
      }
      p = m.position;
    }
    const { boot, ready, matches, states } = recovery(lines, linkEvents, hangAt);
    const live = controller.game;
    return {
      plies: played.length,
      moves: moves(),
      played,
      bad: bad(),
      resets: [...board.mcu.resets],
      bootLine: boot?.text ?? null,
      toBoot: boot === null ? Infinity : boot.at - hangAt,
      toReady: ready === undefined ? Infinity : ready.at - hangAt,
      toBoard: matches === undefined ? Infinity : matches.at - hangAt,
      moveAfterHang,
      moveOtherwise,
      states,
      ledsBack,
      ledMismatch,
      positionKept:
        live !== null &&
        JSON.stringify(game.positionToJSON(live.position)) ===
          JSON.stringify(game.positionToJSON(p)),
    };
  } finally {
    controller.close();
    await link.close();
    await board.stop();
  }
}
