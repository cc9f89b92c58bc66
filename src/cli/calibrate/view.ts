/**
 * What `kete calibrate` tells the board maker, as text: where they are
 * (`pit 7 of 32`), what to do now, why kete is still waiting, and which keys
 * and buttons do what. Pure: a function of the machine's state.
 */
import type { CalibrationState } from "./machine.js";
import { byRaw, currentPit, notReady, rawStones, stonesLeft, unseen } from "./machine.js";

export const KEYS_HELP =
  "confirm: button 1 or Enter · back: button 2 or b · skip: hold button 2 or s · stop: Ctrl-C or q";

export interface Instruction {
  /** Where the run is: `empty the board`, `pit 7 of 32`, `check 3 of 32`. */
  readonly progress: string;
  /** What to do now (stable while the step lasts). */
  readonly task: string;
  /** What kete sees and waits for (changes with every reading). */
  readonly status: string;
}

export function instruction(s: CalibrationState): Instruction {
  const pits = s.plan.pits;
  switch (s.phase) {
    case "clear":
      return clearInstruction(s);
    case "tare":
      return {
        progress: "tare",
        task: `Taring ${s.plan.wholeBoard ? "the board" : pits.join(" ")}: keep the pits empty.`,
        status: "waiting for the board's answer",
      };
    case "calibrate":
    case "verify":
      return pitInstruction(s);
    case "finished":
      return { progress: "done", task: "Take the stones off the board.", status: "" };
    case "stopped":
      return { progress: "stopped", task: "", status: "" };
  }
}

function clearInstruction(s: CalibrationState): Instruction {
  const where =
    s.plan.pits.length === s.plan.boardPits.length
      ? "every pit of the board"
      : `pits ${s.plan.pits.join(" ")}`;
  const left = stonesLeft(s);
  const blind = unseen(s);
  const status: string[] = [];
  if (!s.haveReading) status.push("waiting for the board's first reading");
  else if (left.length > 0) {
    const list = left.map((p) => `${p} ${s.counts.get(p) ?? "?"}`).join(", ");
    status.push(`still holding stones (red): ${list}`);
  }
  if (blind.length > 0 && !s.plan.yes) {
    status.push(
      `${blind.length} pit(s) never calibrated (yellow) cannot tell empty: look, then press confirm`,
    );
  }
  return {
    progress: "empty the board",
    task: `Take every stone out of ${where}.`,
    status: status.join("; "),
  };
}

function pitInstruction(s: CalibrationState): Instruction {
  const pit = currentPit(s) ?? "?";
  const calibrating = s.phase === "calibrate";
  const n = calibrating ? s.plan.stones : (s.plan.verifyStones ?? 0);
  // The sample lies in the pit before; the verification starts from the last pit calibrated.
  const calibrated = s.plan.pits.filter((p) => s.results.get(p)?.calibration === "calibrated");
  const before = s.index > 0 ? s.order[s.index - 1] : calibrating ? null : calibrated.at(-1);
  const place =
    before === null || before === undefined
      ? `Put ${n} stones into ${pit}`
      : `Move the ${n} stones from ${before} into ${pit}`;
  const task = calibrating
    ? `${place} (blinking cyan).`
    : `${place} (blinking blue): it must read exactly ${n}.`;
  const progress = `${calibrating ? "pit" : "check"} ${s.index + 1} of ${s.order.length}`;
  return { progress, task, status: pitStatus(s, pit) };
}

function pitStatus(s: CalibrationState, pit: string): string {
  if (s.outstanding !== null) return `calibrating ${pit}: waiting for the board's answer`;
  if (s.retryAt !== null) return "sending again shortly";
  if (!s.linkReady) return "the board is not connected: waiting for it";
  const why = notReady(s);
  if (why !== null) return why;
  const weight = rawStones(s);
  const reads =
    byRaw(s) && weight !== null
      ? `${pit} weighs about ${Math.round(weight)} stones`
      : `${pit} reads ${s.counts.get(pit) ?? "?"}`;
  if (s.phase === "verify") return `${reads}: checking…`;
  if (s.plan.yes && !s.waitConfirm) return `${reads}: hold still…`;
  return `${reads}: press confirm (button 1 or Enter) when all ${s.plan.stones} stones are in`;
}
