/**
 * `kete calibrate` for a `hex61` board (hardware/abalone.md §7): a Hall
 * sensor per hole is calibrated with the board empty and two reference
 * marbles, not with stones.
 *
 * 1. `clear`: every hole must read empty (settled). Holes holding a marble are
 *    lit red until the marble is gone. An uncalibrated hole still tells a
 *    marble from an empty hole (it uses the nominal levels, §7), so kete sees
 *    this by itself. Then `TARE` (the whole board, or `TARE <hole>` for each
 *    hole of `--pits`): each sensor's zero — its offset, the earth's field,
 *    the stray fields of screws — with nothing on the board.
 * 2. `white`, hole by hole: the hole blinks white; the board maker carries the
 *    white reference marble (marked with a dot) into it. Once that hole reads
 *    `w` settled and every other hole to calibrate reads empty (the marble
 *    was carried on, not a second one put down), kete sends `CAL <hole> w`.
 *    Any other hole that holds a marble meanwhile blinks red.
 * 3. `black`, the same with the black reference marble: `CAL <hole> b`.
 *
 * The firmware refuses a level that is implausible or a marble still
 * rolling (`NAK bad-args`): kete waits for the next settled reading and asks
 * again, up to three times, then leaves the hole as refused. `NAK busy` is
 * retried. Keys: skip (`s`, button 2 held) leaves the current hole, stop
 * (`q`, Ctrl-C) ends the run; confirm is not needed (the board sees every
 * step), so a run needs no `--yes`.
 */
import { every } from "../../board/index.js";
import type { BoardSession } from "../../board/index.js";
import { GEOMETRIES } from "../../protocol/index.js";
import type { HoleContent, LedColour, LedEntry } from "../../protocol/index.js";
import type { Result } from "../../shared/index.js";
import type { PitResult } from "./machine.js";
import type { CalibrateIo, PersonAction } from "./run.js";
import type { CalibrationScreen } from "./screen.js";
import type { CliError } from "../errors.js";

const TICK_MS = 100;
const BUSY_TRIES = 5;
const REFUSED_TRIES = 3;
const RETRY_MS = 500;
/** The board may be gone this long before kete gives up. */
const GONE_MS = 30_000;

export interface HoleRun {
  readonly results: ReadonlyMap<string, PitResult>;
  /** Every hole had its turn (the run was not stopped, the tare was not refused). */
  readonly completed: boolean;
  readonly byPerson: boolean;
  readonly gone: boolean;
}

type Wait = "ok" | "skip" | "stop" | "gone";

type Led = LedEntry["led"];
const blink = (colour: LedColour): Led => ({ pattern: "blink", colour });

/** Calibrates `holes` (canonical order) of a ready hex61 board. */
export async function calibrateHoles(
  session: BoardSession,
  holes: readonly string[],
  wholeBoard: boolean,
  io: CalibrateIo,
  screen: CalibrationScreen,
): Promise<HoleRun> {
  const run = new HoleCalibration(session, holes, io, screen);
  try {
    const cleared = await run.clearAndTare(wholeBoard);
    if (cleared !== "ok") return run.end(false, cleared);
    for (const pass of PASSES) {
      for (const hole of holes) {
        const wait = await run.calibrate(hole, pass);
        if (wait === "stop" || wait === "gone") return run.end(false, wait);
      }
    }
    return run.end(true, "ok");
  } finally {
    await run.close();
  }
}

interface Pass {
  readonly colour: "white" | "black";
  readonly led: LedColour;
  readonly step: string;
}

/** The white reference marble, then the black one (the hole blinks white, magenta). */
const PASSES: readonly Pass[] = [
  { colour: "white", led: "white", step: "2/3" },
  { colour: "black", led: "magenta", step: "3/3" },
];

/** One run's state: the person's keys, the link, the LEDs shown, each hole's result. */
class HoleCalibration {
  readonly results: Map<string, PitResult>;
  private action: PersonAction | null = null;
  private byPerson = false;
  private lostAt: number | null = null;
  private shown = new Map<string, string>();
  private readonly cells = GEOMETRIES.hex61.cells;
  private readonly stopInput: () => void;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly session: BoardSession,
    private readonly holes: readonly string[],
    private readonly io: CalibrateIo,
    private readonly screen: CalibrationScreen,
  ) {
    this.results = new Map(holes.map((h) => [h, { calibration: "pending", verify: null }]));
    this.stopInput = io.input((a) => {
      this.action = a;
      if (a === "stop") this.byPerson = true;
    });
    this.unsubscribe = session.subscribe((event) => {
      if (event.type === "link") {
        this.lostAt = event.state === "ready" ? null : (this.lostAt ?? io.scheduler.now());
        if (event.state === "lost")
          screen.note(`the board is gone: ${event.reason ?? ""}; waiting`);
      } else if (event.type === "board-error" && event.code === "sensor-fault") {
        screen.note(event.message);
      }
    });
  }

  /** 1: the board empty (marbles lit red until they are gone), then TARE. */
  async clearAndTare(wholeBoard: boolean): Promise<Wait> {
    this.show("[1/3] empty the board", "holes lit red hold a marble: take it off the board");
    let cleared: Wait = "skip";
    while (cleared === "skip") {
      cleared = await this.until(
        () => this.cells.every((h) => this.content(h) === null || this.reads(h, "empty")),
        () => this.light(this.strays(null)),
      );
    }
    if (cleared !== "ok") return cleared;
    await this.light(new Map());
    this.show("[1/3] taring", "the board is empty: recording each sensor's zero (TARE)");
    for (const hole of wholeBoard ? [null] : this.holes) {
      const r = await this.send(() => this.session.tare(hole ?? undefined));
      if (!r.ok) {
        for (const h of hole === null ? this.holes : [hole])
          this.results.set(h, {
            calibration: "refused",
            note: `TARE: ${r.error.message}`,
            verify: null,
          });
        return "stop";
      }
    }
    return "ok";
  }

  /** 2 and 3: one hole with one reference marble; its result recorded. */
  async calibrate(hole: string, pass: Pass): Promise<Wait> {
    const before = this.results.get(hole);
    if (pass.colour === "white" ? before?.calibration !== "pending" : before?.note !== "white")
      return "ok";
    const others = this.holes.filter((h) => h !== hole);
    this.show(
      `[${pass.step}] ${hole}: the ${pass.colour} reference marble`,
      `put the ${pass.colour} reference marble into ${hole} (blinking); nothing else on the board`,
    );
    const lights = (): void => {
      const want = this.strays(hole);
      want.set(hole, blink(pass.led));
      void this.light(want);
    };
    lights();
    for (let refused = 0; ;) {
      const wait = await this.until(
        () => this.reads(hole, pass.colour) && others.every((h) => this.reads(h, "empty")),
        lights,
      );
      if (wait === "stop" || wait === "gone") {
        this.results.set(hole, { calibration: "pending", verify: null });
        return wait;
      }
      if (wait === "skip")
        return this.record(hole, {
          calibration: "skipped",
          note: `left before CAL ${pass.colour}`,
          verify: null,
        });
      const r = await this.send(() =>
        this.session.command({ type: "calibrate", pit: hole, known: pass.colour }),
      );
      if (r.ok)
        return this.record(
          hole,
          pass.colour === "white"
            ? { calibration: "pending", note: "white", verify: null }
            : { calibration: "calibrated", verify: null },
        );
      if (++refused >= REFUSED_TRIES || r.error.code !== "bad-args")
        return this.record(hole, {
          calibration: "refused",
          note: `CAL ${pass.colour}: ${r.error.message}`,
          verify: null,
        });
      this.screen.note(
        `${hole}: the board refused the ${pass.colour} marble (${r.error.message}); again once it is still`,
      );
      await this.pause(RETRY_MS);
    }
  }

  /** The run's end: a hole whose white level was recorded but not its black one was not reached. */
  end(completed: boolean, wait: Wait): HoleRun {
    for (const [hole, r] of this.results)
      if (r.calibration === "pending")
        this.results.set(hole, { calibration: "pending", verify: null });
    return { results: this.results, completed, byPerson: this.byPerson, gone: wait === "gone" };
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.stopInput();
    if (this.session.state === "ready") await this.light(new Map());
  }

  private record(hole: string, result: PitResult): Wait {
    this.results.set(hole, result);
    this.screen.note(
      `${hole}: ${result.calibration === "pending" ? "white recorded" : result.calibration}`,
    );
    return "ok";
  }

  /** What a hole reads in the latest snapshot: null for a faulty sensor. */
  private content(hole: string): HoleContent | null | undefined {
    const s = this.session.snapshot;
    return s !== null && "holes" in s.board ? s.board.holes[this.cells.indexOf(hole)] : undefined;
  }

  private reads(hole: string, want: HoleContent): boolean {
    const s = this.session.snapshot;
    return s !== null && this.content(hole) === want && !s.unsettled.includes(hole);
  }

  /** Every hole but `except` that holds a marble, lit red. */
  private strays(except: string | null): Map<string, Led> {
    const red = new Map<string, Led>();
    for (const h of this.cells) {
      const c = this.content(h);
      if (h !== except && c !== null && c !== undefined && c !== "empty") red.set(h, blink("red"));
    }
    return red;
  }

  /** Lights `want` (everything else off), sending only the changes, 40 holes a command. */
  private async light(want: ReadonlyMap<string, Led>): Promise<void> {
    const key = (l: Led): string => (l.pattern === "off" ? "-" : `${l.colour} ${l.pattern}`);
    const entries: LedEntry[] = [];
    for (const hole of new Set([...this.shown.keys(), ...want.keys()])) {
      const led = want.get(hole) ?? { pattern: "off" as const };
      if ((this.shown.get(hole) ?? "-") !== key(led)) entries.push({ pit: hole, led });
    }
    this.shown = new Map([...want].map(([h, l]) => [h, key(l)]));
    // an LED command sets at most 40 holes (PROTOCOL.md §8)
    for (let i = 0; i < entries.length; i += 40)
      await this.session.setLeds(entries.slice(i, i + 40));
  }

  private show(task: string, status: string): void {
    this.screen.showTask(task, true, status, this.session.snapshot);
  }

  /** Waits, checking every tick, until `done()` (or skip, stop, the board gone too long). */
  private until(done: () => boolean, onTick?: () => void): Promise<Wait> {
    return new Promise((resolve) => {
      const stop = every(this.io.scheduler, TICK_MS, () => {
        const a = this.action;
        this.action = null;
        let end: Wait | null = null;
        if (a === "stop") end = "stop";
        else if (this.lostAt !== null && this.io.scheduler.now() - this.lostAt >= GONE_MS)
          end = "gone";
        else if (a === "skip") end = "skip";
        else if (this.session.state === "ready" && done()) end = "ok";
        if (end !== null) {
          stop();
          resolve(end);
        } else onTick?.();
      });
    });
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => this.io.scheduler.schedule(resolve, ms));
  }

  /** Sends until the board answers other than busy; the last answer. */
  private async send(call: () => Promise<Result<void, CliError>>): Promise<Result<void, CliError>> {
    let r = await call();
    for (let t = 1; t < BUSY_TRIES && !r.ok && r.error.code === "busy"; t++) {
      await this.pause(RETRY_MS);
      r = await call();
    }
    return r;
  }
}
