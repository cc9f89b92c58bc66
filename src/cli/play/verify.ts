/**
 * `kete replay --verify`: gives a fresh controller exactly what the recorded
 * one was given — commands, board events, settled snapshots with their
 * times — and checks it reaches exactly the recorded decisions. This is how a
 * move misjudged on a real board is debugged: the journal reproduces it.
 */
import type { BoardEvent } from "../../board/index.js";
import { Controller } from "../../controller/index.js";
import type { ControllerEvent } from "../../controller/index.js";
import {
  DEFAULT_TRACKING,
  POLICIES,
  type Policy,
  type TrackingOptions,
} from "../../controller/index.js";
import type { Journal } from "../../journal/index.js";
import { ReplayLink } from "../../board/index.js";
import { countBoard, type HoleContent, type SnapshotBoard } from "../../protocol/index.js";
import { GEMS, GEOMETRIES, readingIndex, type Gem } from "../../shared/index.js";

export interface Verification {
  readonly decisions: number;
  /** The first difference, or null when every decision matched. */
  readonly mismatch: {
    readonly index: number;
    readonly expected: unknown;
    readonly got: unknown;
  } | null;
}

/** JSON-equal: the journal holds JSON, the controller plain data. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function verifyJournal(journal: Journal): Verification {
  const expected: unknown[] = [];
  for (const r of journal.records) if (r.kind === "decision") expected.push(r.decision);
  const got: ControllerEvent[] = [];
  let link = new ReplayLink();
  let controller = null as Controller | null;
  let now = 0;
  const fresh = () => {
    controller?.close();
    controller = new Controller(link, { clock: () => now, settings: settingsOf(journal) });
    controller.on((e) => {
      if (e.type !== "status") got.push(e);
    });
    return controller;
  };
  for (const r of journal.records) {
    now = r.t;
    if (r.kind === "board") {
      link.feed(r.event as unknown as BoardEvent);
    } else if (r.kind === "snapshot") {
      link.feed({
        type: "snapshot",
        snapshot: {
          board: recordedBoard(r.counts),
          settled: true,
          unsettled: r.unsettled ?? [],
          receivedAt: r.t,
        },
      });
    } else if (r.kind === "command") {
      const c = r.command;
      if (c.type === "new-game" || c.type === "resume") {
        if (c.type === "resume") {
          // The live session started a new process and a new controller here.
          const info = link.info;
          link = new ReplayLink();
          if (info !== null) {
            link.feed({ type: "link", state: "ready" });
            link.feed({ type: "hello", info });
          }
        }
        const ctl = fresh();
        ctl.send(c as never);
      } else if (c.type !== "seats") controller?.send(c as never); // seats: who typed, not the controller's
    }
  }
  controller?.close();
  const n = Math.max(expected.length, got.length);
  for (let i = 0; i < n; i++) {
    if (!same(expected[i], got[i])) {
      return {
        decisions: expected.length,
        mismatch: { index: i, expected: expected[i], got: got[i] },
      };
    }
  }
  return { decisions: expected.length, mismatch: null };
}

/**
 * The quiet moment of journals written before the header recorded it: the
 * tracking default then, so they replay as they were judged.
 */
export const LEGACY_QUIET_MS = 1500;

/** The controller settings a journal's header fixed (the quiet moment included). */
export function settingsOf(journal: Pick<Journal, "header">): {
  guidance: boolean;
  onMistake?: Policy;
  tracking: TrackingOptions;
} {
  const s = journal.header.settings;
  const policy = POLICIES.find((p) => p === s.onMistake);
  const tracking = { ...DEFAULT_TRACKING, quietMs: s.quietMs ?? LEGACY_QUIET_MS };
  return policy === undefined
    ? { guidance: s.guidance, tracking }
    : { guidance: s.guidance, onMistake: policy, tracking };
}

/**
 * A recorded snapshot's board: counts, a gem board's readings (counts then
 * one bit per place and gem, `readingsOf`) as its places, or the Abalone
 * board's (two bits per hole) as its holes.
 */
export function recordedBoard(readings: readonly (number | null)[]): SnapshotBoard {
  if (readings.length === readingIndex("hex61").size) {
    // The Abalone board: each hole's black bit, then its white bit.
    const holes = GEOMETRIES.hex61.cells.map((_, i): HoleContent | null => {
      const [b, w] = [readings[2 * i], readings[2 * i + 1]];
      if (b === null || w === null || b === undefined || w === undefined) return null;
      return b === 1 ? "black" : w === 1 ? "white" : "empty";
    });
    return { geometry: "hex61", holes };
  }
  const index = readingIndex("2x5+2");
  if (readings.length !== index.size) return countBoard(readings);
  return {
    geometry: "2x5+2",
    places: GEOMETRIES["2x5+2"].cells.map((place, i) => {
      const count = readings[i];
      if (count === null || count === undefined) return null;
      const gems = GEMS.filter((g) => readings[index.get(`${place}:${g}`) as number] === 1);
      return { count, gems: gems as Gem[] };
    }),
  };
}
