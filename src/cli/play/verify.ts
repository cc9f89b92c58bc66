/**
 * `kete replay --verify`: gives a fresh controller exactly what the recorded
 * one was given — commands, board events, settled snapshots with their
 * times — and checks it reaches exactly the recorded decisions, and that the
 * records a reader trusts (each move, its position, the mistakes, their
 * resolution and the result) are exactly those its decisions make: an edited
 * move record fails (issue 32). This is how a move misjudged on a real board
 * is debugged: the journal reproduces it.
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
import { findGame } from "../../games/index.js";
import type { Journal, JournalRecord } from "../../journal/index.js";
import { JournalRecorder, standingOf } from "./recorder.js";
import { ReplayLink } from "../../board/index.js";
import { countBoard, holesOfReadings, type SnapshotBoard } from "../../protocol/index.js";
import { SHAPES } from "../../shared/index.js";

export interface Verification {
  readonly decisions: number;
  /**
   * The first difference, or null when every decision matched. `record`: a
   * move, mistake, resolution or result record that the decisions do not
   * make (absent: a decision; `index` counts the records of those kinds).
   */
  readonly mismatch: {
    readonly index: number;
    readonly expected: unknown;
    readonly got: unknown;
    readonly record?: string;
  } | null;
}

/** The records a game record is read from, re-derived from the decisions. */
const DERIVED = new Set<JournalRecord["kind"]>(["move", "mistake", "resolved", "result"]);

/**
 * A derived record as compared: the clock readings a move carries, and when
 * its turn started (the session's own timing), are left out.
 */
function comparable(r: JournalRecord | undefined): unknown {
  if (r === undefined) return undefined;
  if (r.kind !== "move") return r;
  const { clocks: _clocks, startedAt: _startedAt, ...rest } = r;
  return rest;
}

/** What is wrong with a record, in words: the ply and what the readings give instead. */
function recordLabel(
  recorded: JournalRecord | undefined,
  derived: JournalRecord | undefined,
): string {
  const r = recorded ?? derived;
  if (r === undefined) return "a record";
  if (r.kind === "move") {
    const other = derived?.kind === "move" ? derived.move : "no move";
    const was = recorded?.kind === "move" ? recorded.move : "no move";
    return `the move record of ply ${r.ply}: the journal says ${was}, its readings give ${other}`;
  }
  return `the ${r.kind} record at t=${r.t} ms`;
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
  // The records a recorder makes of the fresh controller's events.
  const game = findGame(journal.header.game);
  const derived: JournalRecord[] = [];
  const sink = {
    path: "",
    append: (record: JournalRecord) => derived.push(record),
    commit: () => undefined,
  };
  let recorder: JournalRecorder | null = null;
  const record = (r: JournalRecord, start: Readonly<Record<string, unknown>>): void => {
    if (game === undefined) return;
    const position = game.parsePosition(start);
    if (!position.ok) return;
    // Plies before this session: those standing in what was derived so far.
    const before = standingOf({ header: journal.header, records: derived, torn: false }, "");
    const offset = before.ok ? before.value.plies : 0;
    recorder = new JournalRecorder(
      sink,
      game,
      position.value,
      offset,
      () => now,
      null,
      journal.header.teams ?? null,
    );
    recorder.command(r.kind === "command" ? r.command : {}, () => undefined);
  };
  const listen = (ctl: Controller): void => {
    ctl.on((e) => recorder?.controller(e, () => ctl.view.position));
  };
  // What the journal holds so far: its decisions, and its records of the derived kinds.
  let decisionsSoFar = 0;
  let keptSoFar = 0;
  for (const r of journal.records) {
    now = r.t;
    if (r.kind === "decision") decisionsSoFar++;
    if (DERIVED.has(r.kind)) keptSoFar++;
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
        record(r, c.type === "resume" ? startOf(c.start) : journal.header.initial);
        listen(ctl);
        ctl.send(c as never);
      } else if (c.type === "salvaged") {
        // The journal was damaged and resumed from the lines before the damage
        // (issue 32): what the last session decided after them is not on record.
        got.length = Math.min(got.length, decisionsSoFar);
        derived.length = cutAfter(derived, keptSoFar);
      } else if (c.type !== "seats") controller?.send(c as never); // seats: who typed, not the controller's
    }
  }
  controller?.close();
  // A journal read up to a damaged line is checked up to it.
  if (journal.damaged !== undefined) {
    got.length = Math.min(got.length, expected.length);
    derived.length = cutAfter(derived, keptSoFar);
  }
  const n = Math.max(expected.length, got.length);
  for (let i = 0; i < n; i++) {
    if (!same(expected[i], got[i])) {
      return {
        decisions: expected.length,
        mismatch: { index: i, expected: expected[i], got: got[i] },
      };
    }
  }
  if (game !== undefined) {
    const made = derived.filter((r) => DERIVED.has(r.kind));
    const kept = journal.records.filter((r) => DERIVED.has(r.kind));
    for (let i = 0; i < Math.max(made.length, kept.length); i++) {
      const [a, b] = [comparable(kept[i]), comparable(made[i])];
      if (!same(a, b)) {
        return {
          decisions: expected.length,
          mismatch: { index: i, expected: a, got: b, record: recordLabel(kept[i], made[i]) },
        };
      }
    }
  }
  return { decisions: expected.length, mismatch: null };
}

/** The length of `records` that holds its first `n` records of the derived kinds and nothing after. */
function cutAfter(records: readonly JournalRecord[], n: number): number {
  let seen = 0;
  for (let i = 0; i < records.length; i++) {
    if (!DERIVED.has((records[i] as JournalRecord).kind)) continue;
    if (seen === n) return i;
    seen++;
  }
  return records.length;
}

/** A resume command's start position (engine JSON), or an empty one the game will refuse. */
function startOf(start: unknown): Readonly<Record<string, unknown>> {
  return typeof start === "object" && start !== null ? (start as Record<string, unknown>) : {};
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
 * A recorded snapshot's board: its readings (`readingsOf`) back into the cells
 * of the shape that has that many readings (each geometry's count differs:
 * 32 on 4x8, 132 on 2x5+2, 122 on hex61, …), read by the shape's codec;
 * counts when no shape has that many.
 */
export function recordedBoard(readings: readonly (number | null)[]): SnapshotBoard {
  const shape = SHAPES.find((s) => s.readingNames.length === readings.length);
  if (shape !== undefined) {
    // The shape's codec gives cells of its own kind, as SnapshotBoard pairs them with its id.
    return shape.codec.fromReadings(shape.id, shape.cells, readings) as SnapshotBoard;
  }
  // A journal written before the neutral marble: two bits a hex61 hole.
  const holes = holesOfReadings(readings);
  return holes === null ? countBoard(readings) : { geometry: "hex61", holes };
}
