/**
 * `kete enrol --port PATH`: enrolling the gems of a Glassperlenspiel board
 * (hardware/glassperlenspiel.md §5.3 step 2). Enrolment is a mode of the
 * board's firmware outside the protocol (both buttons held while it powers up
 * or resets; it writes each gem's name into its tag and weighs it, pit by pit,
 * green or magenta), so kete cannot drive it: it says what to do, waits for
 * the board to come back into the protocol (button 2 ends enrolment), and then
 * checks what enrolment is for: every gem lying in its GB-1 pit is read there
 * by name, and its weight leaves no plain stone (the mass stored is its own).
 * A pit that fails says what to do. Exit 0 when all ten are read in place.
 */
import type { Command } from "commander";
import {
  GLASSPERLENSPIEL_START_GEMS,
  openBoard,
  realScheduler,
  settledSnapshot,
  waitForReady,
} from "../board/index.js";
import type { BoardSession, Scheduler } from "../board/index.js";
import { GEOMETRIES } from "../protocol/index.js";
import type { Place } from "../protocol/index.js";
import { baudFlag, waitFlag } from "./play/board.js";
import { EXIT_FAILED, EXIT_OK, usageError } from "./usage.js";

interface EnrolFlags {
  readonly port?: string;
  readonly wait?: string;
  readonly baud?: string;
}

/** How long the maker may take to enrol before kete gives up waiting for the board (default). */
export const ENROL_WAIT_MS = 600_000;
/** How long the board may take, once back, to report every place settled. */
const SETTLE_MS = 10_000;

export function registerEnrolCommand(program: Command): Command {
  return program
    .command("enrol")
    .description(
      "enrol the gems of a Glassperlenspiel board (their tags and masses), then check each is read in its pit",
    )
    .requiredOption("-p, --port <path>", "the board's serial device, e.g. /dev/ttyACM0")
    .option(
      "--wait <seconds>",
      `how long to wait for the board to leave enrolment (default ${ENROL_WAIT_MS / 1000})`,
    )
    .option("--baud <rate>", "the board's line speed when its firmware was built for another")
    .showHelpAfterError("(run 'kete enrol --help' for usage)")
    .action(async (flags: EnrolFlags, command: Command) => {
      const wait = waitFlag(flags.wait);
      if (!wait.ok) usageError(command, wait.error.message);
      const baud = baudFlag(flags.baud, "serial");
      if (!baud.ok) usageError(command, baud.error.message);
      const port = flags.port ?? "";
      const board = openBoard("serial", {
        port,
        ...(baud.value === undefined ? {} : { baudRate: baud.value }),
      });
      const code = await enrolGems(board, {
        port,
        readyMs: wait.value ?? ENROL_WAIT_MS,
        out: (text) => process.stdout.write(text),
      });
      process.exit(code);
    });
}

export interface EnrolRun {
  /** The port, as the maker named it (for the messages). */
  readonly port: string;
  /** How long to wait for the board to leave enrolment and shake hands, ms. */
  readonly readyMs: number;
  readonly out: (text: string) => void;
  /** The time source (the emulated board's clock in tests; default the wall clock). */
  readonly scheduler?: Scheduler;
}

/** The steps of §5.3 as the maker follows them. */
export function enrolSteps(port: string): string {
  return [
    "Enrolling the gems (hardware/glassperlenspiel.md §5.3). Calibrate first (kete calibrate --stones 10).",
    "  1. Lay only the ten gems, each alone in its GB-1 pit: A5 S1, A4 S2, A3 S3, A2 S4, A1 S5,",
    "     B1 N1, B2 N2, B3 N3, B4 N4, B5 N5. No plain stones, nothing in the cups.",
    `  2. Hold both buttons and reset the board (its reset button, or unplug and plug it in; opening ${port}`,
    "     resets most Megas): the ten pits light white. Let go.",
    "  3. Press 1. Each pit turns green (its gem enrolled) or magenta (no tag, several tags,",
    "     a mass outside 1.3-1.7 stones): fix a magenta pit and press 1 again.",
    "  4. Press 2: the board starts, and kete checks every gem in its pit.",
    "",
  ].join("\n");
}

/** The gem GB-1 lays in each place (null for the places that start empty). */
function expectedGems(): readonly (string | null)[] {
  return GEOMETRIES["2x5+2"].cells.map((pit) => GLASSPERLENSPIEL_START_GEMS[pit]?.[0] ?? null);
}

/** What the check found in one place: null when right, else what is wrong and what to do. */
export function placeVerdict(pit: string, gem: string | null, place: Place | null): string | null {
  if (place === null) return `${pit}: the sensor is faulty (kete board-test shows it)`;
  const found = place.gems.length === 0 ? "no gem" : place.gems.join(" and ");
  const stones =
    place.count === 0 ? "" : `, ${place.count} plain stone${place.count === 1 ? "" : "s"}`;
  if (gem === null) {
    return place.gems.length === 0 && place.count === 0
      ? null
      : `${pit}: should be empty, reads ${found}${stones}`;
  }
  if (place.gems.length === 1 && place.gems[0] === gem && place.count === 0) return null;
  const fix =
    place.gems.length === 1 && place.gems[0] === gem
      ? `its mass is off: enrol again with ${gem} alone in ${pit}`
      : place.gems.length === 0 && place.count === 0
        ? `its tag is not written (was ${pit} magenta?): lay ${gem} alone in ${pit} and enrol again`
        : `lay ${gem}, and nothing else, in ${pit} and enrol again`;
  return `${pit}: expected ${gem}, reads ${found}${stones}; ${fix}`;
}

/**
 * The enrolment on a board link not yet open: the steps, the wait for the
 * board to come back, the check. Resolves to the exit code.
 */
export async function enrolGems(board: BoardSession, run: EnrolRun): Promise<number> {
  const scheduler = run.scheduler ?? realScheduler;
  run.out(enrolSteps(run.port));
  run.out(`Waiting for the board on ${run.port} (up to ${Math.round(run.readyMs / 1000)} s)...\n`);
  const ready = await waitForReady(board, run.readyMs, { scheduler });
  if (!ready.ok) {
    await board.close();
    run.out(`kete enrol: the board did not come back: ${ready.error.message}\n`);
    return EXIT_FAILED;
  }
  if (ready.value.geometry !== "2x5+2") {
    await board.close();
    run.out(
      `kete enrol: ${run.port} is a ${ready.value.geometry} board; only the Glassperlenspiel board (2x5+2) has gems to enrol\n`,
    );
    return EXIT_FAILED;
  }
  run.out(`Board ${ready.value.boardId} is back; checking every gem in its pit...\n`);
  const snapshot = await settledSnapshot(board, SETTLE_MS, scheduler);
  await board.close();
  if (snapshot === null || snapshot.board.geometry !== "2x5+2") {
    run.out(`kete enrol: the board sent no snapshot in ${SETTLE_MS / 1000} s\n`);
    return EXIT_FAILED;
  }
  if (!snapshot.settled) {
    run.out(
      `kete enrol: ${snapshot.unsettled.join(" ")} did not settle in ${SETTLE_MS / 1000} s (a gem not read, or its mass off); enrol again\n`,
    );
  }
  const { places } = snapshot.board;
  const cells = GEOMETRIES["2x5+2"].cells;
  const verdicts = expectedGems().map((gem, i) => ({
    gem,
    verdict: placeVerdict(cells[i] ?? "?", gem, places[i] ?? null),
  }));
  const wrong = verdicts.flatMap((v) => (v.verdict === null ? [] : [v.verdict]));
  for (const line of wrong) run.out(`  ${line}\n`);
  if (wrong.length > 0 || !snapshot.settled) {
    const right = verdicts.filter((v) => v.gem !== null && v.verdict === null).length;
    run.out(`${right} of 10 gems read in place; enrol again for the others.\n`);
    return EXIT_FAILED;
  }
  run.out("All ten gems enrolled: each is read by name in its pit, its own mass stored.\n");
  return EXIT_OK;
}
