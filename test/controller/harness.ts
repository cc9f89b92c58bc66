/**
 * Test harness for the controller: a fake `BoardLink` that the test drives
 * (snapshots, buttons, link changes) and that records the LEDs it was sent,
 * and a driver that plays whole games through a `Controller`.
 */
import { err, ok, type Result } from "../../src/shared/result.js";
import type { BoardEvent, BoardLink, LinkState } from "../../src/board/link.js";
import type { LinkError } from "../../src/board/errors.js";
import type {
  CalibrationMessage,
  InfoMessage,
  LedEntry,
  LedState,
} from "../../src/protocol/messages.js";
import { Controller, type ControllerOptions } from "../../src/controller/controller.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import type { Game, LegalMove, Position } from "../../src/games/core/types.js";
import { traceReadings, type NoiseOptions, type Reading } from "./streams.js";

export const PITS_4X8: readonly string[] = ["A", "B", "C", "D"].flatMap((r) =>
  [1, 2, 3, 4, 5, 6, 7, 8].map((k) => `${r}${k}`),
);

export const INFO: InfoMessage = {
  type: "info",
  seq: 0,
  proto: 1,
  firmware: "test",
  boardId: "fake",
  geometry: "4x8",
  boot: 1,
  maxCount: 64,
  colours: ["red", "green", "blue", "yellow", "cyan", "magenta", "white"],
  patterns: ["steady", "blink", "fast", "pulse"],
  buttons: 2,
  calibration: true,
  debounceMs: 200,
  snapshotIntervalMs: 1000,
};

export class FakeLink implements BoardLink {
  info: InfoMessage | null = INFO;
  state: LinkState = "ready";
  readonly leds = new Map<string, LedState>();
  ledCommands = 0;
  private listeners = new Set<(e: BoardEvent) => void>();
  time = 0;

  subscribe(listener: (event: BoardEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: BoardEvent): void {
    if (event.type === "link") this.state = event.state;
    for (const l of this.listeners) l(event);
  }
  reading(r: Reading, step = 250): void {
    this.time += step;
    this.emit({
      type: "snapshot",
      snapshot: {
        board: { geometry: "4x8", counts: r.counts },
        settled: r.settled,
        unsettled: r.unsettled,
        receivedAt: this.time,
      },
    });
  }
  settled(counts: readonly (number | null)[], step = 250): void {
    this.time += step;
    this.emit({
      type: "snapshot",
      snapshot: {
        board: { geometry: "4x8", counts },
        settled: true,
        unsettled: [],
        receivedAt: this.time,
      },
    });
  }
  setLeds(entries: readonly LedEntry[]): Promise<Result<void, LinkError>> {
    this.ledCommands++;
    for (const e of entries) this.leds.set(e.pit, e.led);
    return Promise.resolve(ok(undefined));
  }
  clearLeds(): Promise<Result<void, LinkError>> {
    this.leds.clear();
    return Promise.resolve(ok(undefined));
  }
  requestSnapshot(): Promise<Result<void, LinkError>> {
    return Promise.resolve(ok(undefined));
  }
  tare(): Promise<Result<void, LinkError>> {
    return Promise.resolve(ok(undefined));
  }
  readCalibration(): Promise<Result<CalibrationMessage[], LinkError>> {
    return Promise.resolve(err("unsupported", "a fake link has no board"));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

export interface Session {
  readonly link: FakeLink;
  readonly controller: Controller;
  readonly events: ControllerEvent[];
}

export function counts<P extends Position>(game: Game<P>, p: P): number[] {
  return Array.from(game.sensorView(p).counts);
}

/**
 * A controller on a fake link, with a game set up on the board; `board` gives
 * another board (its link, and how its first reading of `start` is sent).
 */
export function startSession<P extends Position>(
  game: Game<P>,
  start: P,
  options: Readonly<Record<string, unknown>>,
  controllerOptions: ControllerOptions = {},
  board: { readonly link: FakeLink; readonly read: (s: Session) => void } | null = null,
): Session {
  const link = board?.link ?? new FakeLink();
  const controller = new Controller(link, { clock: () => link.time, ...controllerOptions });
  const events: ControllerEvent[] = [];
  controller.on((e) => events.push(e));
  controller.send({
    type: "resume",
    game: game.id,
    options,
    start: game.positionToJSON(start),
    moves: [],
  });
  const s = { link, controller, events };
  if (board === null) link.settled(counts(game, start));
  else board.read(s);
  return s;
}

/** Plays one move's readings into the link. */
export function playMove<P extends Position>(
  s: Session,
  game: Game<P>,
  before: P,
  move: LegalMove<P>,
  random: () => number,
  noise: NoiseOptions,
): Reading[] {
  const rs = traceReadings(counts(game, before), move.trace, PITS_4X8, random, noise);
  for (const r of rs) s.link.reading(r);
  return rs;
}
