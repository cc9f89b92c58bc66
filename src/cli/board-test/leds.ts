/**
 * The LED test of `kete board-test`: every LED through every colour the board
 * has, then one pit at a time, over and over, one step every 600 ms.
 */
import type { BoardLink } from "../../board/index.js";
import { GEOMETRIES } from "../../protocol/index.js";
import type { InfoMessage, LedColour, LedEntry, LedState } from "../../protocol/index.js";

export interface LedStep {
  readonly label: string;
  readonly entries: readonly LedEntry[];
}

/** Time each step is shown. */
export const LED_STEP_MS = 600;

/**
 * Every LED through every colour, then one pit at a time in white (or the
 * first colour), over the pits of the board's geometry; none without colours.
 */
export function ledProgram(info: InfoMessage): LedStep[] {
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

export interface LedCycleHooks {
  /** A step was sent to the board. */
  readonly onStep: (label: string) => void;
  /** The board refused a step (NAK). */
  readonly onRefused: (message: string) => void;
}

/**
 * Sends the steps in turn, one every `intervalMs`, while the link is ready (a
 * step that falls while it is not is skipped). Returns the function that stops.
 */
export function cycleLeds(
  board: BoardLink,
  steps: readonly LedStep[],
  hooks: LedCycleHooks,
  intervalMs = LED_STEP_MS,
): () => void {
  if (steps.length === 0) return () => undefined;
  let next = 0;
  const timer = setInterval(() => {
    const step = steps[next++ % steps.length];
    if (step === undefined || board.state !== "ready") return;
    hooks.onStep(step.label);
    void board.setLeds(step.entries).then((r) => {
      if (!r.ok && r.error.code.startsWith("nak")) hooks.onRefused(r.error.message);
    });
  }, intervalMs);
  return () => clearInterval(timer);
}
