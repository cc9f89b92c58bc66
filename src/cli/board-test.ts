/**
 * `kete board-test --port PATH`: sensor-test mode for whoever builds a board.
 * Shakes hands and shows the board's identity, then the live count of every
 * pit laid out as the board (rows D and C on top, B and A below; unsettled
 * and faulty pits marked), cycles every LED through its colours and then
 * lights each pit in turn, and reports bad lines, sensor faults and buttons.
 * Runs until Ctrl-C, for `--seconds N`, or `--once` (one snapshot, no LEDs).
 * Plain text; colour only on a terminal without NO_COLOR. A port that is not
 * there or not a kete board: one line on stderr, exit 1.
 */
import type { Command } from "commander";
import { SerialBoard } from "../board/index.js";
import { waitForReady } from "../board/index.js";
import type { BoardEvent, BoardSnapshot } from "../board/index.js";
import { GEOMETRIES, LED_COLOURS, LED_PATTERNS } from "../protocol/index.js";
import type {
  InfoMessage,
  LedColour,
  LedEntry,
  LedState,
  SnapshotBoard,
} from "../protocol/index.js";
import { usageError } from "./usage.js";

interface BoardTestFlags {
  readonly port?: string;
  readonly seconds?: string;
  readonly once?: boolean;
  readonly leds?: boolean;
}

/** Exit code when the board cannot be reached or is not a kete board. */
export const EXIT_NO_BOARD = 1;

export function registerBoardTestCommand(program: Command): Command {
  return program
    .command("board-test")
    .description("check a sensor board: live pit counts, every LED, line errors and faults")
    .requiredOption("-p, --port <path>", "the board's serial device, e.g. /dev/ttyACM0")
    .option("-s, --seconds <n>", "stop after this many seconds (default: run until Ctrl-C)")
    .option("--once", "show the board's info and one snapshot, then exit")
    .option("--no-leds", "leave the LEDs alone")
    .showHelpAfterError("(run 'kete board-test --help' for usage)")
    .action(async (flags: BoardTestFlags, command: Command) => {
      const seconds = flags.seconds === undefined ? null : Number(flags.seconds);
      if (seconds !== null && (!/^\d+(\.\d+)?$/.test(flags.seconds ?? "") || seconds <= 0)) {
        usageError(command, `--seconds must be a number > 0, not '${flags.seconds}'`);
      }
      const code = await runBoardTest({
        port: flags.port ?? "",
        seconds,
        once: flags.once === true,
        leds: flags.leds !== false,
        out: (text) => process.stdout.write(text),
        colour: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
        live: process.stdout.isTTY === true,
      });
      process.exit(code);
    });
}

export interface BoardTestRun {
  readonly port: string;
  readonly seconds: number | null;
  readonly once: boolean;
  readonly leds: boolean;
  readonly out: (text: string) => void;
  /** ANSI colours. */
  readonly colour: boolean;
  /** Redraw one screen in place (a terminal) instead of appending (a log, a pipe). */
  readonly live: boolean;
}

interface Stats {
  snapshots: number;
  settled: number;
  faults: Set<string>;
  buttons: number;
  lost: number;
}

export async function runBoardTest(run: BoardTestRun): Promise<number> {
  const board = new SerialBoard(run.port);
  const log: string[] = [];
  const stats: Stats = { snapshots: 0, settled: 0, faults: new Set(), buttons: 0, lost: 0 };
  const paint = painter(run);
  let ledStep = "";
  let lastDrawn = "";
  let drawTimer: NodeJS.Timeout | null = null;

  const draw = (): void => {
    drawTimer = null;
    const snap = board.snapshot;
    if (snap === null || board.info === null) return;
    const picture = renderBoard(snap, paint);
    if (run.live) {
      const screen = [
        describeInfo(board.info),
        "",
        picture,
        "",
        `LEDs: ${ledStep || "-"}`,
        "",
        ...log.slice(-10),
        "",
        "Ctrl-C to stop",
      ].join("\n");
      run.out(`\x1b[H\x1b[2J${screen}\n`);
    } else if (picture !== lastDrawn) {
      run.out(`${picture}\n`);
    }
    lastDrawn = picture;
  };
  const redraw = (): void => {
    drawTimer ??= setTimeout(draw, run.live ? 50 : 250);
  };
  const note = (text: string): void => {
    if (run.live) {
      log.push(text);
      if (log.length > 50) log.splice(0, 25);
      redraw();
    } else run.out(`${text}\n`);
  };

  const pending: BoardEvent[] = [];
  const unsubscribe = board.subscribe((event) => pending.push(event));
  const ready = await waitForReady(board, 6000, { failOnLost: true });
  if (!ready.ok) {
    unsubscribe();
    await board.close();
    process.stderr.write(`kete board-test: ${ready.error.message}\n`);
    return EXIT_NO_BOARD;
  }
  unsubscribe();

  const onEvent = (event: BoardEvent): void => {
    switch (event.type) {
      case "snapshot": {
        stats.snapshots++;
        if (event.snapshot.settled) stats.settled++;
        const faulty = faultyPits(event.snapshot.board);
        for (const pit of faulty) {
          if (!stats.faults.has(pit)) note(`sensor fault: pit ${pit} reads '?'`);
          stats.faults.add(pit);
        }
        redraw();
        return;
      }
      case "line-error":
        note(`line error (${event.code}): ${event.message}`);
        return;
      case "board-error":
        if (event.code === "sensor-fault" && event.pit !== null) stats.faults.add(event.pit);
        note(
          `board reports ${event.code}${event.pit === null ? "" : ` ${event.pit}`}: ${event.message}`,
        );
        return;
      case "button":
        stats.buttons++;
        note(`button ${event.button} ${event.action === "press" ? "pressed" : "released"}`);
        return;
      case "link":
        if (event.state === "lost") stats.lost++;
        if (event.state !== "closed") {
          note(`link ${event.state}${event.reason === undefined ? "" : `: ${event.reason}`}`);
        }
        return;
      case "hello":
        note(`board ${event.info.boardId} (boot ${event.info.boot})`);
        return;
    }
  };
  board.subscribe(onEvent);

  if (!run.live) run.out(`${describeInfo(ready.value)}\n`);

  if (run.once) {
    const first = await nextSnapshot(board, 3000);
    if (first === null) {
      await board.close();
      process.stderr.write(`kete board-test: ${run.port} sent no snapshot in 3 s\n`);
      return EXIT_NO_BOARD;
    }
    run.out(`${renderBoard(first, paint)}\n`);
    await board.close();
    return 0;
  }

  const steps = run.leds ? ledProgram(ready.value) : [];
  let stepIndex = 0;
  const ledTimer =
    steps.length === 0
      ? null
      : setInterval(() => {
          const step = steps[stepIndex++ % steps.length];
          if (step === undefined || board.state !== "ready") return;
          ledStep = step.label;
          void board.setLeds(step.entries).then((r) => {
            if (!r.ok && r.error.code.startsWith("nak"))
              note(`LED command refused: ${r.error.message}`);
          });
          if (run.live) redraw();
        }, 600);

  await new Promise<void>((resolve) => {
    const finish = (): void => resolve();
    process.once("SIGINT", finish);
    process.once("SIGTERM", finish);
    if (run.seconds !== null) setTimeout(finish, run.seconds * 1000);
  });

  if (ledTimer !== null) clearInterval(ledTimer);
  if (drawTimer !== null) {
    clearTimeout(drawTimer);
    draw();
  }
  if (run.leds && board.state === "ready") await board.clearLeds();
  await board.close();
  run.out(`${summary(board.lineErrors, stats)}\n`);
  return 0;
}

function nextSnapshot(board: SerialBoard, timeoutMs: number): Promise<BoardSnapshot | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(board.snapshot);
    }, timeoutMs);
    const unsubscribe = board.subscribe((event) => {
      if (event.type !== "snapshot") return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event.snapshot);
    });
    void board.requestSnapshot();
  });
}

// ------------------------------------------------------------------ output

export function describeInfo(info: InfoMessage): string {
  const letters = (xs: readonly string[], table: Readonly<Record<string, string>>): string =>
    xs.length === 0 ? "none" : xs.map((x) => table[x] ?? "?").join("");
  return [
    `board ${info.boardId}  firmware ${info.firmware}  protocol ${info.proto}  geometry ${info.geometry}  boot #${info.boot}`,
    `sensors up to ${info.maxCount} stones  LEDs ${letters(info.colours, LED_COLOURS)}/${letters(info.patterns, LED_PATTERNS)}` +
      `  buttons ${info.buttons}  calibration ${info.calibration ? "yes" : "no"}` +
      `  debounce ${info.debounceMs} ms  snapshots every ${info.snapshotIntervalMs} ms`,
  ].join("\n");
}

interface Painter {
  unsettled(text: string): string;
  fault(text: string): string;
}

function painter(run: BoardTestRun): Painter {
  const wrap = (code: string) => (text: string) =>
    run.colour ? `\x1b[${code}m${text}\x1b[0m` : text;
  return { unsettled: wrap("33"), fault: wrap("31") };
}

function cellTexts(board: SnapshotBoard): (string | null)[] {
  switch (board.geometry) {
    case "4x8":
      return board.counts.map((c) => (c === null ? null : String(c)));
    case "2x5+2":
      return board.places.map((p) => (p === null ? null : `${p.count}${p.gems.join("")}`));
    case "hex61":
      return board.holes.map((h) =>
        h === null ? null : h === "empty" ? "." : h === "black" ? "b" : "w",
      );
  }
}

function faultyPits(board: SnapshotBoard): string[] {
  const cells = GEOMETRIES[board.geometry].cells;
  return cellTexts(board).flatMap((t, i) => (t === null ? [cells[i] ?? "?"] : []));
}

/**
 * The pits as the board lies: rows from the far side (D, C) to the near (B, A),
 * columns 1..8; `~` after an unsettled count, `?` for a faulty sensor.
 */
export function renderBoard(
  snapshot: BoardSnapshot,
  paint: Painter = { unsettled: (t) => t, fault: (t) => t },
): string {
  const cells = GEOMETRIES[snapshot.board.geometry].cells;
  const texts = cellTexts(snapshot.board);
  const unsettled = new Set(snapshot.unsettled);
  const rows = new Map<string, { pit: string; text: string }[]>();
  cells.forEach((pit, i) => {
    const row = /^[A-Z]+/.exec(pit)?.[0] ?? pit;
    const t = texts[i] ?? null;
    const text =
      t === null
        ? paint.fault("  ?")
        : unsettled.has(pit)
          ? paint.unsettled(`${t}~`.padStart(3))
          : `${t} `.padStart(3);
    rows.set(row, [...(rows.get(row) ?? []), { pit, text }]);
  });
  const order = [...rows.keys()].reverse();
  const width = Math.max(...[...rows.values()].map((r) => r.length));
  const header = `     ${Array.from({ length: width }, (_, i) => String(i + 1).padStart(3) + " ").join(" ")}`;
  const lines = [header];
  order.forEach((row, r) => {
    if (snapshot.board.geometry === "4x8" && r === 2)
      lines.push(`     ${"-".repeat(width * 5 - 1)}`);
    lines.push(`  ${row.padEnd(2)} ${(rows.get(row) ?? []).map((c) => ` ${c.text}`).join(" ")}`);
  });
  const state = snapshot.settled ? "settled" : `unsettled: ${snapshot.unsettled.join(" ")}`;
  lines.push(`  ${state}   (~ unsettled, ? sensor fault)`);
  return lines.map((l) => l.trimEnd()).join("\n");
}

interface LedStep {
  readonly label: string;
  readonly entries: readonly LedEntry[];
}

/** Every LED through every colour, then one pit at a time in white (or the first colour). */
function ledProgram(info: InfoMessage): LedStep[] {
  if (info.colours.length === 0) return [];
  const pits = GEOMETRIES[info.geometry].cells;
  const all = (led: LedState): LedEntry[] => pits.map((pit) => ({ pit, led }));
  const steps: LedStep[] = info.colours.map((colour: LedColour) => ({
    label: `every LED ${colour}`,
    entries: all({ pattern: "steady", colour }),
  }));
  const chase: LedColour = info.colours.includes("white") ? "white" : (info.colours[0] ?? "red");
  const off: LedState = { pattern: "off" };
  pits.forEach((pit, i) => {
    const lit: LedEntry = { pit, led: { pattern: "steady", colour: chase } };
    const before = pits[i - 1];
    const entries =
      before === undefined
        ? pits.map((p) => (p === pit ? lit : { pit: p, led: off }))
        : [{ pit: before, led: off }, lit];
    steps.push({ label: `${pit} only (${chase})`, entries });
  });
  return steps;
}

function summary(errors: ReadonlyMap<string, number>, stats: Stats): string {
  const errorText =
    errors.size === 0 ? "none" : [...errors].map(([code, n]) => `${code} ${n}`).join(", ");
  const faults = stats.faults.size === 0 ? "none" : [...stats.faults].join(" ");
  return [
    `snapshots ${stats.snapshots} (${stats.settled} settled)`,
    `line errors: ${errorText}`,
    `sensor faults: ${faults}`,
    `button events ${stats.buttons}, link lost ${stats.lost} time(s)`,
  ].join("\n");
}
