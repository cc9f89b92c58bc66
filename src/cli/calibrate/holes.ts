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
import type { BoardSession, BoardSnapshot } from "../../board/index.js";
import { GEOMETRIES } from "../../protocol/index.js";
import type { HoleContent, LedColour, LedEntry } from "../../protocol/index.js";
import type { Result } from "../../shared/index.js";
import type { PitResult } from "./machine.js";
import type { CalibrateIo, PersonAction } from "./run.js";
import type { CalibrationScreen } from "./screen.js";

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

/** Calibrates `holes` (canonical order) of a ready hex61 board. */
export async function calibrateHoles(
  session: BoardSession,
  holes: readonly string[],
  wholeBoard: boolean,
  io: CalibrateIo,
  screen: CalibrationScreen,
): Promise<HoleRun> {
  const cells = GEOMETRIES.hex61.cells;
  const results = new Map<string, PitResult>(
    holes.map((h) => [h, { calibration: "pending", verify: null }]),
  );
  let action: PersonAction | null = null;
  let byPerson = false;
  let lostAt: number | null = null;
  const stopInput = io.input((a) => {
    action = a;
    if (a === "stop") byPerson = true;
  });
  const unsubscribe = session.subscribe((event) => {
    if (event.type === "link") {
      lostAt = event.state === "ready" ? null : (lostAt ?? io.scheduler.now());
      if (event.state === "lost") screen.note(`the board is gone: ${event.reason ?? ""}; waiting`);
    } else if (event.type === "board-error" && event.code === "sensor-fault") {
      screen.note(event.message);
    }
  });
  const content = (s: BoardSnapshot, hole: string): HoleContent | null | undefined => {
    const i = cells.indexOf(hole);
    return "holes" in s.board ? s.board.holes[i] : undefined;
  };
  const reads = (hole: string, want: HoleContent): boolean => {
    const s = session.snapshot;
    return s !== null && content(s, hole) === want && !s.unsettled.includes(hole);
  };
  let shown = new Map<string, string>();
  const light = async (want: ReadonlyMap<string, LedEntry["led"]>): Promise<void> => {
    const entries: LedEntry[] = [];
    for (const hole of new Set([...shown.keys(), ...want.keys()])) {
      const led = want.get(hole) ?? { pattern: "off" as const };
      const key = led.pattern === "off" ? "-" : `${led.colour} ${led.pattern}`;
      if ((shown.get(hole) ?? "-") !== key) entries.push({ pit: hole, led });
    }
    shown = new Map(
      [...want].map(([h, l]) => [h, l.pattern === "off" ? "-" : `${l.colour} ${l.pattern}`]),
    );
    // an LED command sets at most 40 holes (PROTOCOL.md §8)
    for (let i = 0; i < entries.length; i += 40) await session.setLeds(entries.slice(i, i + 40));
  };
  const show = (task: string, status: string): void =>
    screen.showTask(task, true, status, session.snapshot);
  /** Waits, checking every tick, until `done()` (or skip, stop, the board gone too long). */
  const until = (done: () => boolean, onTick?: () => void): Promise<Wait> =>
    new Promise((resolve) => {
      const stop = every(io.scheduler, TICK_MS, () => {
        const a = action;
        action = null;
        let end: Wait | null = null;
        if (a === "stop") end = "stop";
        else if (lostAt !== null && io.scheduler.now() - lostAt >= GONE_MS) end = "gone";
        else if (a === "skip") end = "skip";
        else if (session.state === "ready" && done()) end = "ok";
        if (end !== null) {
          stop();
          resolve(end);
        } else onTick?.();
      });
    });
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => io.scheduler.schedule(resolve, ms));
  /** Sends until the board answers other than busy; the last answer. */
  const send = async (call: () => Promise<Result<void>>): Promise<Result<void>> => {
    let r = await call();
    for (let t = 1; t < BUSY_TRIES && !r.ok && r.error.code === "busy"; t++) {
      await pause(RETRY_MS);
      r = await call();
    }
    return r;
  };
  const finish = async (completed: boolean, wait: Wait): Promise<HoleRun> => {
    unsubscribe();
    stopInput();
    if (session.state === "ready") await light(new Map());
    return { results, completed, byPerson, gone: wait === "gone" };
  };

  // 1. the board empty, then TARE
  show("[1/3] empty the board", "holes lit red hold a marble: take it off the board");
  // a faulty hole (null) cannot be seen: it is left out (choosePits left it out of `holes`)
  const full = (): string[] =>
    cells.filter((h) => {
      const s = session.snapshot;
      if (s === null) return true;
      const c = content(s, h);
      return c !== null && (c !== "empty" || s.unsettled.includes(h));
    });
  let cleared: Wait = "skip";
  while (cleared === "skip") {
    cleared = await until(
      () => full().length === 0,
      () => {
        const s = session.snapshot;
        const red = cells.filter((h) => {
          const c = s === null ? null : content(s, h);
          return c !== null && c !== "empty";
        });
        void light(new Map(red.map((h) => [h, { pattern: "blink", colour: "red" }])));
      },
    );
  }
  if (cleared !== "ok") return finish(false, cleared);
  await light(new Map());
  show("[1/3] taring", "the board is empty: recording each sensor's zero (TARE)");
  const tares = wholeBoard ? [null] : holes;
  for (const hole of tares) {
    const r = await send(() => session.tare(hole ?? undefined));
    if (!r.ok) {
      for (const h of hole === null ? holes : [hole])
        results.set(h, { calibration: "refused", note: `TARE: ${r.error.message}`, verify: null });
      return finish(false, "ok");
    }
  }

  // 2. and 3. the reference marbles, hole by hole
  const passes: readonly { colour: "white" | "black"; led: LedColour; step: string }[] = [
    { colour: "white", led: "white", step: "2/3" },
    { colour: "black", led: "magenta", step: "3/3" },
  ];
  for (const pass of passes) {
    for (const hole of holes) {
      if (results.get(hole)?.calibration !== "pending" && pass.colour === "white") continue;
      if (pass.colour === "black" && results.get(hole)?.note !== "white") continue;
      const others = holes.filter((h) => h !== hole);
      show(
        `[${pass.step}] ${hole}: the ${pass.colour} reference marble`,
        `put the ${pass.colour} reference marble into ${hole} (blinking); nothing else on the board`,
      );
      // the hole blinks the marble's colour; any other hole holding a marble, red
      const lights = (): void => {
        const want = new Map<string, LedEntry["led"]>([
          [hole, { pattern: "blink", colour: pass.led }],
        ]);
        const s = session.snapshot;
        for (const h of cells) {
          const c = s === null ? null : content(s, h);
          if (h !== hole && c !== null && c !== undefined && c !== "empty")
            want.set(h, { pattern: "blink", colour: "red" });
        }
        void light(want);
      };
      lights();
      let refused = 0;
      let verdict: PitResult | null = null;
      while (verdict === null) {
        const wait = await until(
          () => reads(hole, pass.colour) && others.every((h) => reads(h, "empty")),
          lights,
        );
        if (wait === "stop" || wait === "gone") {
          results.set(hole, { calibration: "pending", verify: null });
          return finish(false, wait);
        }
        if (wait === "skip") {
          verdict = {
            calibration: "skipped",
            note: `left before CAL ${pass.colour}`,
            verify: null,
          };
          break;
        }
        const r = await send(() =>
          session.command({ type: "calibrate", pit: hole, known: pass.colour }),
        );
        if (r.ok) {
          verdict =
            pass.colour === "white"
              ? { calibration: "pending", note: "white", verify: null }
              : { calibration: "calibrated", verify: null };
        } else if (++refused >= REFUSED_TRIES || r.error.code !== "bad-args") {
          verdict = {
            calibration: "refused",
            note: `CAL ${pass.colour}: ${r.error.message}`,
            verify: null,
          };
        } else {
          screen.note(
            `${hole}: the board refused the ${pass.colour} marble (${r.error.message}); again once it is still`,
          );
          await pause(RETRY_MS);
        }
      }
      results.set(hole, verdict);
      screen.note(
        `${hole}: ${verdict.calibration === "pending" ? "white recorded" : verdict.calibration}`,
      );
    }
  }
  // a hole whose white level was recorded but never its black one was not reached
  for (const [hole, r] of results)
    if (r.calibration === "pending") results.set(hole, { calibration: "pending", verify: null });
  return finish(true, "ok");
}
