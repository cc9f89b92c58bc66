/**
 * Issue 15, "same behaviour as the serial board": whole games through the
 * live controller on the simulated stock-parts board (test/board/firmata-sim.ts:
 * the real FirmataBoard, FirmataTransport, firmata-io and HostFirmware over a
 * fake StandardFirmata Mega whose analogue inputs carry the pit weights
 * through the emulator's amplifier, RC filter, ADC noise and D22 switches),
 * all on one fake clock. A hand waits for the start pit's RGB LED to show
 * green (read back from the emulated PCA9685s: the controller's LED plan
 * through HostFirmware, johnny-five and Firmata I2C), then plays the random
 * legal move stone by stone at a person's pace (scaled), so the host's scan, tare/gain, ± 0.3-stone
 * counts and settling (PROTOCOL.md §7) make every reading the controller
 * sees; in some games one mistake of physical-games.ts is made by hand at a
 * random ply, and must be named at its first wrong settled reading exactly
 * as the serial path names the same boards (the controller on the fake link
 * of the serial suites: same kind, rule, side and message). Most are named
 * with the rule the injection meant; the others (`otherRule`) are readings
 * the serial path also reads otherwise, e.g. in Bao's namua North lifting a
 * front-row pit opposite a loaded B pit looks like South's capture begun
 * capture-first, so it is named CORE-1 at the next wrong step, not CORE-7.
 */
import { expect } from "vitest";
import { Controller } from "../../src/controller/controller.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import type { BoardSnapshot } from "../../src/board/link.js";
import { playTrace } from "../../src/board/physical-board.js";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import {
  openSimulatedStockBoard,
  type SimulatedStockBoard,
  type SimulatedStockOptions,
} from "../board/firmata-sim.js";
import { PITS_4X8, counts, startSession } from "./harness.js";
import { feed } from "./scenario.js";
import { injection, type Injection, type PhysicalConfig } from "./physical-games.js";

export interface FirmataReport {
  games: number;
  plies: number;
  /** Moves the controller accepted (must equal plies). */
  moves: number;
  injected: Record<Injection["kind"], number>;
  /** Injected mistakes named with the rule the injection meant (the rest: `otherRule`). */
  asInjected: number;
  /** Injected mistakes the serial path, and so the Firmata one, names with another rule. */
  otherRule: string[];
  /** Settled snapshots the controller was given. */
  settled: number;
  /** Turns whose start pit's RGB LED showed green (PCA9685 registers) within 2 s of the turn. */
  greenStarts: number;
}

export function firmataReport(): FirmataReport {
  return {
    games: 0,
    plies: 0,
    moves: 0,
    injected: { "out-of-turn": 0, "skipped-pit": 0, "capture-not-taken": 0 },
    asInjected: 0,
    otherRule: [],
    settled: 0,
    greenStarts: 0,
  };
}

const same = (a: readonly (number | null)[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Makes the board show `target` by hand, pit by pit (lifts first, then drops), a beat apart. */
async function handTo(sim: SimulatedStockBoard, target: readonly number[]): Promise<void> {
  const physical = sim.mega.physical;
  const now = physical.counts();
  const order = PITS_4X8.map((pit, i) => ({ pit, d: (target[i] ?? 0) - (now[i] ?? 0) }))
    .filter((x) => x.d !== 0)
    .sort((a, b) => a.d - b.d);
  for (const { pit, d } of order) {
    physical.setCount(pit, physical.count(pit) + d);
    await sim.clock.advance(60);
  }
}

/**
 * Plays `games` games of a config on the simulated stock board; in about
 * `injectShare` of them one mistake is made at a random ply (the game ends
 * there). `pace` scales a person's 150–400 ms a stone.
 */
export async function playFirmataGames(
  c: PhysicalConfig,
  games: number,
  seed: number,
  report: FirmataReport,
  {
    injectShare = 0.5,
    maxPlies = 24,
    pace = 0.6,
    model = "stepped",
    frontEnd = {},
  }: {
    injectShare?: number;
    maxPlies?: number;
    pace?: number;
    model?: "emulated" | "stepped";
    /** The analogue front end's parts (default the design's: 300 µV noise, ± 3 % spread). */
    frontEnd?: SimulatedStockOptions["frontEnd"];
  } = {},
): Promise<void> {
  const game = findGame(c.game) as Game<Position>;
  const random = seededRandom(seed);
  for (let g = 0; g < games; g++) {
    const init = game.initial(c.options);
    if (!init.ok) throw new Error(init.error.message);
    let p = init.value;
    const sim = await openSimulatedStockBoard({
      counts: counts(game, p),
      seed: seed * 31 + g,
      model,
      frontEnd,
    });
    const { clock, board, mega } = sim;
    const controller = new Controller(board, { clock: () => clock.now() });
    const events: ControllerEvent[] = [];
    controller.on((e) => events.push(e));
    const snaps: BoardSnapshot[] = [];
    board.subscribe((e) => {
      if (e.type === "snapshot" && e.snapshot.settled) snaps.push(e.snapshot);
    });
    controller.send({
      type: "resume",
      game: game.id,
      options: c.options,
      start: game.positionToJSON(p),
      moves: [],
    });
    void board.requestSnapshot();
    const label = `${c.game} ${JSON.stringify(c.options)} game ${g}`;
    const waiting = await sim.until(() => controller.state === "session.play.turn.awaitingStart");
    expect(waiting, `${label}: ${controller.state}`).toBe(true);
    const moves = (): string[] => events.flatMap((e) => (e.type === "move" ? [e.move] : []));
    const bad = (): ControllerEvent[] =>
      events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");
    const injectAt = random() < injectShare ? Math.floor(random() * maxPlies) : -1;
    const played: string[] = [];
    for (let ply = 0; ply < maxPlies; ply++) {
      const m = game.randomMove(p, random);
      if (m === null) break;
      const what = `${label} ply ${ply} ${m.move}`;
      const inj = ply >= injectAt && injectAt >= 0 ? injection(game, c, p, m, random) : null;
      if (inj !== null) {
        // The serial path's verdict on the same settled boards (the fake link of the serial suites).
        const serial = startSession(game, p, c.options);
        const expected = feed(serial, inj.boards);
        serial.controller.close();
        expect(expected.index, `${what}: ${inj.kind} on the fake link`).toBe(inj.boards.length - 1);
        // Each board of the mistake made by hand and read settled; named at the last one only.
        for (const [k, b] of inj.boards.entries()) {
          const from = snaps.length;
          await handTo(sim, b);
          const read = await sim.until(
            () => bad().length > 0 || snaps.slice(from).some((s) => same(countsOf(s), b)),
            3000,
          );
          expect(read, `${what}: board ${k} of ${inj.kind} never read settled`).toBe(true);
          if (k < inj.boards.length - 1)
            expect(bad(), `${what}: ${inj.kind} called early`).toEqual([]);
        }
        await sim.until(() => bad().length > 0, 1000);
        const mistake = bad()[0];
        expect(mistake, `${what}: ${inj.kind} not called`).toBeDefined();
        const named = mistake?.type === "mistake" ? mistake : null;
        // Named as the serial path names it: same kind, rule, side and words.
        expect(
          named && { kind: named.kind, rule: named.rule, side: named.side, message: named.message },
          what,
        ).toEqual({
          kind: expected.mistake?.kind,
          rule: expected.mistake?.rule,
          side: expected.mistake?.side,
          message: expected.mistake?.message,
        });
        report.injected[inj.kind]++;
        if (named?.rule === inj.rule) report.asInjected++;
        else report.otherRule.push(`${what}: ${inj.kind} named ${named?.message ?? "?"}`);
        break;
      }
      // The hand follows the lights: it starts once the start pit's LED shows green (PCA9685 registers).
      const start = m.trace[0]?.pit;
      if (start !== undefined && (await sim.until(() => mega.ledOf(start).g > 0, 2000))) {
        report.greenStarts++;
      }
      const before = moves().length;
      let done = false;
      void playTrace(mega.physical, m.trace, {
        scheduler: clock,
        timeScale: pace,
        seed: seed + 7 * g + ply,
      }).then((r) => {
        expect(r.ok, what).toBe(true);
        done = true;
      });
      await sim.until(() => done || bad().length > 0, 120000, 10);
      // The move is accepted at its last settled reading (a stop pending: the quiet moment or a periodic reading).
      await sim.until(() => moves().length > before || bad().length > 0, 8000, 10);
      expect(bad(), what).toEqual([]);
      expect(moves().slice(before), what).toEqual([m.move]);
      played.push(m.move);
      p = m.position;
    }
    expect(
      bad().filter((e) => e.type === "sensor-fault"),
      label,
    ).toEqual([]);
    expect(moves(), label).toEqual(played);
    report.games++;
    report.plies += played.length;
    report.moves += moves().length;
    report.settled += snaps.length;
    controller.close();
    await sim.close();
  }
}

function countsOf(s: BoardSnapshot): readonly (number | null)[] {
  return s.board.geometry === "4x8" ? s.board.counts : [];
}

/**
 * What a file of these games must show in the end: every move accepted
 * exactly once, mistakes made and named (as injected, but for one at most),
 * and the hand following the lights (every start pit's LED green in the
 * PCA9685 registers).
 */
export function expectFirmataReport(report: FirmataReport): void {
  expect(report.moves).toBe(report.plies);
  const named = Object.values(report.injected).reduce((a, b) => a + b, 0);
  expect(named).toBeGreaterThanOrEqual(4);
  expect(report.asInjected).toBeGreaterThanOrEqual(named - 1);
  if (process.env.KETE_REPORT) console.log(JSON.stringify(report));
  expect(report.greenStarts).toBe(report.plies);
}
