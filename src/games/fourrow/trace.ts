/**
 * The trace of the path a turn engine is walking, recorded as packed
 * integers while it sows (no allocation per stone), and turned into the
 * engine's `Trace` (pit names, stone counts) only for a move that is kept.
 */
import type { TraceStep } from "../core/types.js";
import { PIT_NAMES } from "./geometry.js";

/** Step codes. */
export const OP_LIFT = 0;
export const OP_SOW = 1;
export const OP_CAPTURE = 2;
/** Bao: a seed from the reserve (BK-9). */
export const OP_PLACE = 3;

/** The physical steps of the path being walked. */
export class TraceBuffer {
  /** `op << 8 | pit` per step. */
  codes = new Int32Array(256);
  /** Stones leaving the pit (lift, capture). */
  counts = new Int32Array(256);
  length = 0;

  push(op: number, pit: number, n: number): void {
    if (this.length === this.codes.length) this.grow();
    this.codes[this.length] = (op << 8) | pit;
    this.counts[this.length] = n;
    this.length++;
  }

  private grow(): void {
    const codes = new Int32Array(this.codes.length * 2);
    codes.set(this.codes);
    const counts = new Int32Array(this.counts.length * 2);
    counts.set(this.counts);
    this.codes = codes;
    this.counts = counts;
  }
}

/** The recorded steps as the engine's trace. */
export function materializeTrace(trace: TraceBuffer): TraceStep[] {
  const steps: TraceStep[] = new Array<TraceStep>(trace.length);
  for (let i = 0; i < trace.length; i++) {
    const code = trace.codes[i];
    const op = code >> 8;
    const pit = PIT_NAMES[code & 255] as string;
    if (op === OP_SOW) steps[i] = { op: "sow", pit };
    else if (op === OP_LIFT) steps[i] = { op: "lift", pit, n: trace.counts[i] };
    else if (op === OP_CAPTURE) steps[i] = { op: "capture", pit, n: trace.counts[i] };
    else steps[i] = { op: "place", pit };
  }
  return steps;
}
