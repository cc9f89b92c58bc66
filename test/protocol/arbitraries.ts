// fast-check arbitraries for well-formed protocol messages, in the canonical
// form the parser produces (sets in canonical order, flags consistent).
import fc from "fast-check";
import { shapeOf } from "../../src/shared/index.js";
import {
  BOARD_ERROR_CODES,
  BOOT_REASONS,
  CALIBRATION_STATUSES,
  GEMS,
  GEOMETRIES,
  GEOMETRY_IDS,
  LED_COLOURS,
  LED_PATTERNS,
  MARBLE_COLOURS,
  MAX_LED_ENTRIES,
  NAK_REASONS,
  PIT_ERROR_CODES,
} from "../../src/protocol/index.js";
import type {
  BoardMessage,
  Gem,
  GeometryId,
  HoleContent,
  HostMessage,
  LedColour,
  LedPattern,
  LedState,
  MarbleColour,
  Place,
  SnapshotBoard,
  SnapshotMessage,
} from "../../src/protocol/index.js";

const ALL_PITS = [...new Set(GEOMETRY_IDS.flatMap((g) => GEOMETRIES[g].cells))];

const tag = fc.integer({ min: 0, max: 255 });
const pit = fc.constantFrom(...ALL_PITS);
const boot = fc.integer({ min: 0, max: 65535 });
const count = fc.integer({ min: 0, max: 255 });
const interval = fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 60000 }));
const debounce = fc.integer({ min: 0, max: 5000 });
const token16 = fc.stringMatching(/^[0-9A-Za-z._+-]{1,16}$/);
const colour = fc.constantFrom(...(Object.keys(LED_COLOURS) as LedColour[]));
const pattern = fc.constantFrom(...(Object.keys(LED_PATTERNS) as LedPattern[]));
const hole = fc.constantFrom<HoleContent>("empty", "black", "white", "neutral", "marble");
/** What `CAL` calibrates a hole to: `x` (a marble of no told colour) is read, never calibrated. */
const calibrated = fc.constantFrom<HoleContent>("empty", "black", "white", "neutral");

export const ledState: fc.Arbitrary<LedState> = fc.oneof(
  fc.constant<LedState>({ pattern: "off" }),
  fc.record({ pattern, colour }),
);

function maybeFaulty<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 9, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) });
}

/** A snapshot's cells for `geometry`, some faulty, each gem in at most one place. */
export function boardOf(geometry: GeometryId): fc.Arbitrary<SnapshotBoard> {
  const n = GEOMETRIES[geometry].cells.length;
  // By what the shape's places sense; the cells of a shape's kind are its SnapshotBoard.
  switch (shapeOf(geometry).kind) {
    case "counts":
      return fc
        .array(maybeFaulty(count), { minLength: n, maxLength: n })
        .map((counts) => ({ geometry, counts }) as SnapshotBoard);
    case "holes":
      return fc
        .array(maybeFaulty(hole), { minLength: n, maxLength: n })
        .map((holes) => ({ geometry, holes }) as SnapshotBoard);
    case "gems":
      return fc
        .tuple(
          fc.array(maybeFaulty(count), { minLength: n, maxLength: n }),
          fc.array(fc.integer({ min: -1, max: n - 1 }), {
            minLength: GEMS.length,
            maxLength: GEMS.length,
          }),
        )
        .map(
          ([counts, where]) =>
            ({
              geometry,
              places: counts.map((c, i): Place | null =>
                c === null ? null : { count: c, gems: GEMS.filter((_g: Gem, j) => where[j] === i) },
              ),
            }) as SnapshotBoard,
        );
  }
}

function isFaulty(board: SnapshotBoard, i: number): boolean {
  if ("counts" in board) return board.counts[i] === null;
  if ("places" in board) return board.places[i] === null;
  return board.holes[i] === null;
}

const snapshot: fc.Arbitrary<SnapshotMessage> = fc
  .constantFrom(...GEOMETRY_IDS)
  .chain((g) =>
    fc.record({
      seq: tag,
      reason: fc.constantFrom("periodic", "change", "request" as const),
      board: boardOf(g),
      bits: fc.array(
        fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
        {
          minLength: GEOMETRIES[g].cells.length,
          maxLength: GEOMETRIES[g].cells.length,
        },
      ),
    }),
  )
  .map(({ seq, reason, board, bits }) => {
    const cells = GEOMETRIES[board.geometry].cells;
    const settledBit = (i: number) => (bits[i] ?? false) && !isFaulty(board, i);
    const unsettled = cells.filter((_c, i) => !settledBit(i));
    const settled = cells.every((_c, i) => settledBit(i) || isFaulty(board, i));
    return { type: "snapshot", seq, reason, settled, unsettled, board };
  });

export const boardMessage: fc.Arbitrary<BoardMessage> = fc.oneof(
  fc.record({
    type: fc.constant("boot"),
    seq: tag,
    boot,
    reason: fc.constantFrom(...BOOT_REASONS),
  }),
  fc
    .record({
      type: fc.constant("info" as const),
      seq: tag,
      proto: fc.integer({ min: 1, max: 255 }),
      firmware: token16,
      boardId: token16,
      geometry: fc.constantFrom(...GEOMETRY_IDS),
      boot,
      maxCount: fc.integer({ min: 1, max: 255 }),
      colours: fc.subarray(Object.keys(LED_COLOURS) as LedColour[]),
      patterns: fc.subarray(Object.keys(LED_PATTERNS) as LedPattern[]),
      buttons: fc.integer({ min: 0, max: 16 }),
      calibration: fc.boolean(),
      debounceMs: debounce,
      snapshotIntervalMs: interval,
      marbles: fc.subarray(Object.keys(MARBLE_COLOURS) as MarbleColour[], { minLength: 1 }),
    })
    // Protocol 2's `holes=` (PROTOCOL.md §12.2): the marbles a hex61 board tells, none elsewhere.
    .map(({ marbles, ...info }) =>
      info.proto < 2
        ? info
        : { ...info, holes: shapeOf(info.geometry).kind === "holes" ? marbles : [] },
    ),
  snapshot,
  fc.record({
    type: fc.constant("heartbeat"),
    seq: tag,
    boot,
    uptime: fc.integer({ min: 0, max: 4294967295 }),
  }),
  fc.record({ type: fc.constant("ack"), seq: tag, id: tag }),
  fc.record({
    type: fc.constant("nak"),
    seq: tag,
    id: tag,
    reason: fc.constantFrom(...NAK_REASONS),
  }),
  fc.record({
    type: fc.constant("button"),
    seq: tag,
    button: fc.integer({ min: 1, max: 16 }),
    action: fc.constantFrom("press", "release" as const),
  }),
  fc
    .record({ seq: tag, code: fc.constantFrom(...BOARD_ERROR_CODES), pit })
    .map(({ seq, code, pit: p }) => ({
      type: "error" as const,
      seq,
      code,
      pit: PIT_ERROR_CODES.includes(code) ? p : null,
    })),
  fc.record({
    type: fc.constant("calibration"),
    seq: tag,
    pit,
    status: fc.constantFrom(...CALIBRATION_STATUSES),
    raw: fc.integer({ min: 0, max: 65535 }),
  }),
);

export const hostMessage: fc.Arbitrary<HostMessage> = fc.oneof(
  fc.record({ type: fc.constant("hello"), id: tag, proto: fc.integer({ min: 1, max: 255 }) }),
  fc.record({
    type: fc.constantFrom(
      "ping",
      "snapshot-request",
      "led-clear",
      "calibration-request",
      "reset" as const,
    ),
    id: tag,
  }),
  fc
    .record({ id: tag, debounceMs: fc.option(debounce), snapshotIntervalMs: fc.option(interval) })
    .filter((c) => c.debounceMs !== null || c.snapshotIntervalMs !== null)
    .map((c) => ({ type: "config" as const, ...c })),
  fc.record({
    type: fc.constant("led"),
    id: tag,
    leds: fc.uniqueArray(fc.record({ pit, led: ledState }), {
      minLength: 1,
      maxLength: MAX_LED_ENTRIES,
      selector: (e) => e.pit,
    }),
  }),
  fc.record({ type: fc.constant("led-all"), id: tag, led: ledState }),
  fc.record({ type: fc.constant("tare"), id: tag, pit: fc.option(pit) }),
  fc.record({
    type: fc.constant("calibrate"),
    id: tag,
    pit,
    known: fc.oneof(count, calibrated),
  }),
);
