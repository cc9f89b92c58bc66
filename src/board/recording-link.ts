/**
 * A `BoardLink` between the real (or simulated) board and the controller
 * that puts every board event on the game's clock and hands it to a
 * recorder before the controller sees it. Times become whole milliseconds
 * since the game started (continuing across a resume), so the journal holds
 * exactly what the controller was given and `kete replay --verify` can give
 * a fresh controller the same.
 */
import type { BoardEvent, BoardLink, LinkState } from "./link.js";
import { err } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type {
  CalibrationMessage,
  InfoMessage,
  LedEntry,
  SnapshotBoard,
} from "../protocol/index.js";
import type { LinkError } from "./errors.js";

export class RecordingLink implements BoardLink {
  private readonly listeners = new Set<(event: BoardEvent) => void>();
  private readonly unsubscribe: () => void;

  /**
   * `hold` runs the handling of one event with the clock held at one time (the
   * play session's game clock), so that the event's record and whatever the
   * controller decides on it carry the same stamp.
   */
  constructor(
    private readonly inner: BoardLink,
    private readonly clock: () => number,
    private readonly record: (event: BoardEvent) => void,
    private readonly hold: (handle: () => void) => void = (handle) => handle(),
  ) {
    this.unsubscribe = inner.subscribe((event) => this.hold(() => this.forward(event)));
  }

  get info(): InfoMessage | null {
    return this.inner.info;
  }

  get state(): LinkState {
    return this.inner.state;
  }

  /**
   * How the game reads a snapshot's board, before the journal and the
   * controller see it (AB-9.2's single colour: every marble as one kind,
   * `presenceOnly`); null reads it as the board reports it.
   */
  readBoard: ((board: SnapshotBoard) => SnapshotBoard) | null = null;

  private forward(event: BoardEvent): void {
    const read = this.readBoard;
    const timed: BoardEvent =
      event.type === "snapshot"
        ? {
            type: "snapshot",
            snapshot: {
              ...event.snapshot,
              ...(read === null ? {} : { board: read(event.snapshot.board) }),
              receivedAt: this.clock(),
            },
          }
        : event;
    this.record(timed);
    for (const l of this.listeners) l(timed);
  }

  subscribe(listener: (event: BoardEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called before each LED command (the start-up probe of `npm run bench`). */
  onLeds: (() => void) | null = null;

  setLeds(entries: readonly LedEntry[]): Promise<Result<void, LinkError>> {
    this.onLeds?.();
    return this.inner.setLeds(entries);
  }

  clearLeds(): Promise<Result<void, LinkError>> {
    return this.inner.clearLeds();
  }

  requestSnapshot(): Promise<Result<void, LinkError>> {
    return this.inner.requestSnapshot();
  }

  tare(pit?: string): Promise<Result<void, LinkError>> {
    return this.inner.tare(pit);
  }

  readCalibration(): Promise<Result<CalibrationMessage[], LinkError>> {
    return this.inner.readCalibration();
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.inner.close();
  }
}

/** A link that only replays recorded events (for `kete replay --verify`). */
export class ReplayLink implements BoardLink {
  private readonly listeners = new Set<(event: BoardEvent) => void>();
  info: InfoMessage | null = null;
  state: LinkState = "connecting";

  feed(event: BoardEvent): void {
    if (event.type === "hello") this.info = event.info;
    if (event.type === "link") this.state = event.state;
    for (const l of this.listeners) l(event);
  }

  subscribe(listener: (event: BoardEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async setLeds(): Promise<Result<void, LinkError>> {
    return { ok: true, value: undefined };
  }

  async clearLeds(): Promise<Result<void, LinkError>> {
    return { ok: true, value: undefined };
  }

  async requestSnapshot(): Promise<Result<void, LinkError>> {
    return { ok: true, value: undefined };
  }

  async tare(): Promise<Result<void, LinkError>> {
    return { ok: true, value: undefined };
  }

  async readCalibration(): Promise<Result<CalibrationMessage[], LinkError>> {
    return err("unsupported", "a replayed game has no board to ask for its calibration");
  }

  async close(): Promise<void> {}
}
