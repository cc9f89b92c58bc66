/**
 * The calibration report `kete calibrate` writes: a JSON file with the
 * board's identity (id, firmware, boot count), the date, the stones used,
 * and for every pit its calibration before and after (CALR status and raw
 * reading: the protocol reports no gain or zero) with what happened to it
 * and its verification. By default in `calibration/` inside the games folder
 * (`--games-dir`, `KETE_GAMES_DIR`, or the data folder), named after the
 * board and the time.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { err, findShape, ok } from "../../shared/index.js";
import type { Result } from "../../shared/index.js";
import type { CalibrationMessage, InfoMessage } from "../../protocol/index.js";
import type { CalibrationPlan, PitResult } from "./machine.js";
import type { CliError } from "../errors.js";

/** What a report needs of a run: the stone machine's state, or a hex61 run's (holes.ts). */
export interface ReportRun {
  readonly plan: Pick<CalibrationPlan, "boardPits" | "stones" | "verifyStones">;
  /** `finished` when the run reached its end. */
  readonly phase: string;
  readonly results: ReadonlyMap<string, PitResult>;
}

export interface CalrEntry {
  readonly status: CalibrationMessage["status"];
  readonly raw: number;
}

export interface PitReport {
  readonly pit: string;
  readonly before: CalrEntry | null;
  readonly after: CalrEntry | null;
  /** `calibrated`, `refused`, `skipped`, `pending` (not reached), `not-selected`, `fault`. */
  readonly calibration: string;
  readonly note?: string;
  readonly verify: PitResult["verify"];
}

export interface CalibrationReport {
  readonly kind: "kete-calibration";
  readonly version: 1;
  readonly date: string;
  readonly board: {
    readonly id: string;
    readonly firmware: string;
    readonly protocol: number;
    readonly geometry: string;
    readonly boot: number;
    readonly maxCount: number;
  };
  readonly port: string;
  readonly stones: number;
  readonly verifyStones: number | null;
  /** The run reached its end (not stopped, the board did not refuse the tare). */
  readonly completed: boolean;
  readonly summary: {
    readonly calibrated: number;
    readonly refused: number;
    readonly skipped: number;
    /** Not reached: the run stopped first. */
    readonly pending: number;
    readonly verified: number;
    readonly failed: number;
  };
  readonly pits: readonly PitReport[];
}

export interface ReportInput {
  readonly info: InfoMessage;
  readonly port: string;
  readonly date: Date;
  readonly state: ReportRun;
  readonly before: ReadonlyMap<string, CalrEntry>;
  readonly after: ReadonlyMap<string, CalrEntry>;
  /** Pits left out because their sensor is faulty. */
  readonly faulty: readonly string[];
}

export function buildReport(input: ReportInput): CalibrationReport {
  const { info, state } = input;
  const pits: PitReport[] = state.plan.boardPits.map((pit) => {
    const result = state.results.get(pit);
    const calibration =
      result?.calibration ?? (input.faulty.includes(pit) ? "fault" : "not-selected");
    return {
      pit,
      before: input.before.get(pit) ?? null,
      after: input.after.get(pit) ?? null,
      calibration,
      ...(result?.note === undefined ? {} : { note: result.note }),
      verify: result?.verify ?? null,
    };
  });
  const count = (f: (p: PitReport) => boolean): number => pits.filter(f).length;
  return {
    kind: "kete-calibration",
    version: 1,
    date: input.date.toISOString(),
    board: {
      id: info.boardId,
      firmware: info.firmware,
      protocol: info.proto,
      geometry: info.geometry,
      boot: info.boot,
      maxCount: info.maxCount,
    },
    port: input.port,
    stones: state.plan.stones,
    verifyStones: state.plan.verifyStones,
    completed: state.phase === "finished",
    summary: {
      calibrated: count((p) => p.calibration === "calibrated"),
      refused: count((p) => p.calibration === "refused" || p.calibration === "fault"),
      skipped: count((p) => p.calibration === "skipped"),
      pending: count((p) => p.calibration === "pending"),
      verified: count((p) => p.verify?.pass === true),
      failed: count((p) => p.verify !== null && !p.verify.pass),
    },
    pits,
  };
}

/** Whether every selected pit was calibrated and (when asked) verified. */
export function reportPassed(report: CalibrationReport): boolean {
  return report.pits.every(
    (p) =>
      p.calibration === "not-selected" ||
      (p.calibration === "calibrated" && (report.verifyStones === null || p.verify?.pass === true)),
  );
}

/** The closing lines on the terminal. */
export function summaryLines(report: CalibrationReport): string[] {
  const s = report.summary;
  const lines = [
    (findShape(report.board.geometry)?.kind === "holes"
      ? `board ${report.board.id}: ${s.calibrated} hole(s) calibrated with the reference marbles`
      : `board ${report.board.id}: ${s.calibrated} pit(s) calibrated with ${report.stones} stones`) +
      (report.verifyStones === null ? "" : `, ${s.verified} verified, ${s.failed} failed`) +
      (s.refused + s.skipped > 0 ? `, ${s.refused} refused, ${s.skipped} skipped` : "") +
      (s.pending > 0 ? `, ${s.pending} not reached` : ""),
  ];
  for (const p of report.pits) {
    if (p.verify !== null && !p.verify.pass) {
      lines.push(
        p.verify.read === null
          ? `  ${p.pit}: verification skipped`
          : `  ${p.pit}: read ${p.verify.read}, not ${p.verify.expected}`,
      );
    }
    if (p.calibration === "refused" || p.calibration === "fault" || p.calibration === "skipped") {
      lines.push(`  ${p.pit}: ${p.calibration}${p.note === undefined ? "" : ` (${p.note})`}`);
    }
  }
  return lines;
}

/** `calibration/` in the games folder. */
export function reportDir(gamesDir: string): string {
  return join(gamesDir, "calibration");
}

/** `KETE-0001-20261124-153000.json` (UTC), the board id made safe for a file name. */
export function reportName(boardId: string, date: Date): string {
  const stamp = date.toISOString().replace(/[-:]/g, "").replace("T", "-").replace(/\..*$/, "");
  return `${boardId.replace(/[^A-Za-z0-9._+-]/g, "_")}-${stamp}.json`;
}

/** Writes the report whole (a temporary file renamed), making its folder; one line on failure. */
export function writeReport(path: string, report: CalibrationReport): Result<void, CliError> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, `${JSON.stringify(report, null, 2)}\n`, { flag: "wx" });
    renameSync(temporary, path);
    return ok(undefined);
  } catch (e) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // there was none (its folder cannot be made)
    }
    const code = (e as NodeJS.ErrnoException).code ?? "";
    const why =
      code === "EACCES" || code === "EPERM"
        ? "permission denied"
        : code === "ENOTDIR" || code === "EEXIST"
          ? "a part of the path is a file, not a folder"
          : code === "EISDIR"
            ? "it is a folder"
            : code === "ENOENT"
              ? "no such folder"
              : e instanceof Error
                ? e.message
                : String(e);
    return err("report", `cannot write the calibration report ${path}: ${why}`);
  }
}
