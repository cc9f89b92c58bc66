/**
 * `kete calibrate` as a pure step machine: given the plan and one event at a
 * time (a reading of the board, a tick of the clock, a key or button, the
 * board's answer to a command, the link coming and going), it says what to
 * send, which LEDs to light and what to tell the board maker, and what comes
 * next. No clock, no port, no terminal: the driver (run.ts) feeds it, and the
 * tests feed it simulated time.
 *
 * The phases (hardware/README.md §2.4, PROTOCOL.md §10):
 *
 * 1. `clear`: the pits to calibrate must be empty. A pit calibrated before
 *    (CALR `ok`) that reads stones is lit red until it reads 0; a pit never
 *    calibrated (`need`) counts nothing trustworthy, so it is lit yellow and
 *    the board maker confirms by eye (button 1 or Enter; `--yes` takes it as
 *    empty). Then `TARE` (the whole board, or `TARE <pit>` for each pit of
 *    `--pits`).
 * 2. `calibrate`, pit by pit: the pit to fill blinks cyan, the stones go in
 *    (moved from the pit before, which must read 0 again: every stone moved).
 *    Once the pit is settled at a count an uncalibrated cell can give for
 *    `stones` stones, it shines steady and confirm sends `CAL <pit> <stones>`;
 *    with `yes`, so does a reading that has stayed so for `holdMs`. (Not by
 *    itself otherwise: a pause halfway through pouring the sample reads the
 *    same to an uncalibrated cell as the whole sample.) `NAK busy` is
 *    retried; `NAK bad-args` (the board found the reading implausible or
 *    moving) waits for a confirm.
 * 3. `verify`, pit by pit over the pits just calibrated: the pit blinks blue,
 *    `verifyStones` go in, and it must read exactly that, settled: it passes
 *    after `holdMs`, and fails on confirm at another count (with `yes`, after
 *    `judgeMs` at it).
 *
 * Keys and buttons: confirm (button 1, Enter) goes on, or forces a step kete
 * would not take on its own when pressed a second time; back (button 2, `b`)
 * returns to the previous pit to do it again; skip (button 2 held for a
 * second, `s`) leaves the pit as it is; stop (Ctrl-C, `q`) ends the run.
 */
import type { CalibrationStatus, LedColour, LedEntry, LedState } from "../../protocol/index.js";
import type { LinkErrorCode } from "../../board/index.js";

export interface CalibrationTiming {
  /** A reading must stay the same this long before kete acts on it by itself. */
  readonly holdMs: number;
  /** A verification reading at the wrong count fails after this long. */
  readonly judgeMs: number;
  /** Button 2 held this long is skip, shorter is back. */
  readonly longPressMs: number;
  /** Wait after `NAK busy`, and after a command the link lost, before sending again. */
  readonly retryMs: number;
  /** `NAK busy` answers before the pit counts as refused. */
  readonly busyTries: number;
  /** How often the raw readings (CALGET) are asked for while an uncalibrated pit fills. */
  readonly pollMs: number;
}

export const DEFAULT_CALIBRATION_TIMING: CalibrationTiming = {
  holdMs: 1000,
  judgeMs: 5000,
  longPressMs: 1000,
  retryMs: 500,
  busyTries: 5,
  pollMs: 400,
};

/**
 * Raw units (CALR) per stone of an uncalibrated pit of the reference board:
 * 11600 HX711 counts per 5.4 g stone (hardware/firmware/README.md, "Raw
 * units") over 256 (hardware/README.md §2.4).
 */
export const REFERENCE_RAW_PER_STONE = 11600 / 256;

export interface CalibrationPlan {
  /** The pits to calibrate, in order. */
  readonly pits: readonly string[];
  /** Every pit of the board, in canonical order (the cells of a reading). */
  readonly boardPits: readonly string[];
  /** Stones placed to calibrate each pit (`CAL <pit> <stones>`). */
  readonly stones: number;
  /** Stones placed to verify each pit; null: no verification. */
  readonly verifyStones: number | null;
  /** Each pit's calibration before the run (CALGET); a pit not listed counts as `need`. */
  readonly statuses: ReadonlyMap<string, CalibrationStatus>;
  /** `TARE` the whole board at once (every pit is calibrated), else `TARE <pit>` each. */
  readonly wholeBoard: boolean;
  /** Take an empty board on trust where kete cannot see it (`--yes`). */
  readonly yes: boolean;
  /**
   * Raw units per stone of an uncalibrated cell: a pit never calibrated is
   * judged by its raw reading (CALGET) instead of its count, which such a pit
   * may hold stale while its weight lies between whole stones (the reference
   * firmware does, hardware/README.md §3). Null: by its count.
   */
  readonly rawPerStone?: number | null;
  readonly timing?: Partial<CalibrationTiming>;
}

export type CalibrationEvent =
  | {
      readonly type: "reading";
      /** Counts in the board's canonical order; null for a faulty sensor. */
      readonly counts: readonly (number | null)[];
      readonly unsettled: readonly string[];
      readonly at: number;
    }
  | { readonly type: "tick"; readonly at: number }
  | { readonly type: "confirm" | "back" | "skip" | "stop" }
  | {
      readonly type: "button";
      readonly button: number;
      readonly action: "press" | "release";
      readonly at: number;
    }
  | { readonly type: "answer"; readonly ok: true }
  | {
      readonly type: "answer";
      readonly ok: false;
      readonly code: LinkErrorCode;
      readonly message: string;
    }
  | { readonly type: "link"; readonly ready: boolean }
  /** The raw readings of a CALGET (empty when the board gave none). */
  | { readonly type: "raws"; readonly raws: ReadonlyMap<string, number>; readonly at: number };

export type CalibrationCommand =
  | { readonly type: "tare"; readonly pit: string | null }
  | { readonly type: "calibrate"; readonly pit: string; readonly known: number };

export type CalibrationEffect =
  | { readonly type: "send"; readonly command: CalibrationCommand }
  | { readonly type: "leds"; readonly entries: readonly LedEntry[] }
  | { readonly type: "note"; readonly text: string }
  /** Ask for the raw readings (CALGET), answered with a `raws` event. */
  | { readonly type: "poll" }
  | { readonly type: "finished" };

export type Phase = "clear" | "tare" | "calibrate" | "verify" | "finished" | "stopped";

export interface VerifyResult {
  readonly expected: number;
  /** The settled count it read (null: skipped). */
  readonly read: number | null;
  readonly pass: boolean;
}

export interface PitResult {
  readonly calibration: "pending" | "calibrated" | "skipped" | "refused";
  /** Why the board refused, or why the pit was left. */
  readonly note?: string;
  readonly verify: VerifyResult | null;
}

export interface CalibrationState {
  readonly plan: CalibrationPlan;
  readonly timing: CalibrationTiming;
  readonly phase: Phase;
  /** The pit (or tare command) being worked on, an index into `order`. */
  readonly index: number;
  /** The pits of this phase, in order. */
  readonly order: readonly (string | null)[];
  readonly now: number;
  readonly counts: ReadonlyMap<string, number | null>;
  readonly unsettled: ReadonlySet<string>;
  readonly haveReading: boolean;
  /** The command sent and not yet answered. */
  readonly outstanding: CalibrationCommand | null;
  /** When to send the current command again (after busy, a lost link); null: not waiting. */
  readonly retryAt: number | null;
  readonly tries: number;
  readonly linkReady: boolean;
  /** Since when the current pit has shown the same acceptable reading, and which. */
  readonly readySince: number | null;
  readonly readyCount: number | null;
  /** A confirm was refused once: the next forces the step. */
  readonly armed: boolean;
  /** The board refused the reading: go on only when the board maker confirms. */
  readonly waitConfirm: boolean;
  readonly button2At: number | null;
  readonly results: ReadonlyMap<string, PitResult>;
  /** The LEDs last asked for, by pit (`-`, `cyan blink` …), so that only changes are sent. */
  readonly ledShown: ReadonlyMap<string, string>;
  /** Each pit's raw reading just after the tare (null before the first poll). */
  readonly emptyRaws: ReadonlyMap<string, number> | null;
  /** The current pit's last two raw readings. */
  readonly rawSamples: readonly number[];
  readonly polling: boolean;
  readonly pollAt: number;
}

export interface Step {
  readonly state: CalibrationState;
  readonly effects: readonly CalibrationEffect[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<Omit<CalibrationState, "results">> & { results: Map<string, PitResult> };

const PENDING: PitResult = { calibration: "pending", verify: null };

/** The readings an uncalibrated cell may give for `n` stones (gain ± 30 %, rounded out). */
export function plausibleRange(n: number): readonly [number, number] {
  return [Math.max(1, Math.floor(n * 0.7)), Math.ceil(n * 1.4)];
}

/** The machine before any event: phase `clear`, its LEDs and instruction. */
export function startCalibration(plan: CalibrationPlan): Step {
  const state: CalibrationState = {
    plan,
    timing: { ...DEFAULT_CALIBRATION_TIMING, ...plan.timing },
    phase: "clear",
    index: 0,
    order: plan.pits,
    now: 0,
    counts: new Map(),
    unsettled: new Set(),
    haveReading: false,
    outstanding: null,
    retryAt: null,
    tries: 0,
    linkReady: true,
    readySince: null,
    readyCount: null,
    armed: false,
    waitConfirm: false,
    button2At: null,
    results: new Map(plan.pits.map((p) => [p, PENDING])),
    ledShown: new Map(),
    emptyRaws: null,
    rawSamples: [],
    polling: false,
    pollAt: 0,
  };
  const effects: CalibrationEffect[] = [];
  const draft: Draft = { ...state, results: new Map(state.results) };
  showLeds(draft, effects);
  return { state: draft, effects };
}

/** One event: the next state and what to do. */
export function stepCalibration(state: CalibrationState, event: CalibrationEvent): Step {
  if (state.phase === "finished" || state.phase === "stopped") return { state, effects: [] };
  const s: Draft = { ...state, results: new Map(state.results) };
  const fx: CalibrationEffect[] = [];
  switch (event.type) {
    case "reading":
      s.now = Math.max(s.now, event.at);
      s.counts = new Map(s.plan.boardPits.map((p, i) => [p, event.counts[i] ?? null]));
      s.unsettled = new Set(event.unsettled);
      s.haveReading = true;
      break;
    case "tick":
      s.now = Math.max(s.now, event.at);
      break;
    case "link":
      s.linkReady = event.ready;
      break;
    case "button":
      s.now = Math.max(s.now, event.at);
      return button(s, event, fx);
    case "answer":
      answered(s, event, fx);
      break;
    case "raws":
      s.now = Math.max(s.now, event.at);
      rawsRead(s, event.raws);
      break;
    case "confirm":
      confirm(s, fx);
      break;
    case "back":
      back(s, fx);
      break;
    case "skip":
      skip(s, fx);
      break;
    case "stop":
      s.phase = "stopped";
      fx.push({ type: "note", text: "stopped" }, { type: "finished" });
      return { state: s, effects: fx };
  }
  advance(s, fx);
  return { state: s, effects: fx };
}

/** Button 1 is confirm; button 2 is back, or skip when held `longPressMs`. */
function button(
  s: Draft,
  event: Extract<CalibrationEvent, { type: "button" }>,
  fx: CalibrationEffect[],
): Step {
  if (event.button === 1 && event.action === "press") confirm(s, fx);
  else if (event.button === 2 && event.action === "press") s.button2At = event.at;
  else if (event.button === 2 && event.action === "release" && s.button2At !== null) {
    const long = event.at - s.button2At >= s.timing.longPressMs;
    s.button2At = null;
    if (long) skip(s, fx);
    else back(s, fx);
  }
  advance(s, fx);
  return { state: s, effects: fx };
}

// ------------------------------------------------------------- readings

function countOf(s: CalibrationState, pit: string): number | null {
  return s.counts.get(pit) ?? null;
}

/** The pits of the plan other than `pit` that hold stones or are still moving. */
export function strayPits(s: CalibrationState, pit: string | null): string[] {
  return s.plan.pits.filter(
    (p) => p !== pit && countOf(s, p) !== null && (countOf(s, p) !== 0 || s.unsettled.has(p)),
  );
}

/** Pits calibrated before whose count shows stones (phase `clear`). */
export function stonesLeft(s: CalibrationState): string[] {
  return s.plan.pits.filter(
    (p) => s.plan.statuses.get(p) === "ok" && (countOf(s, p) !== 0 || s.unsettled.has(p)),
  );
}

/** Pits whose count cannot be trusted to say they are empty (never calibrated). */
export function unseen(s: CalibrationState): string[] {
  return s.plan.pits.filter((p) => s.plan.statuses.get(p) !== "ok");
}

/** The pit now being calibrated or verified, or null. */
export function currentPit(s: CalibrationState): string | null {
  if (s.phase !== "calibrate" && s.phase !== "verify") return null;
  return s.order[s.index] ?? null;
}

/** Why the current pit is not ready yet (null: it is). */
export function notReady(s: CalibrationState): string | null {
  const pit = currentPit(s);
  if (pit === null) return null;
  const n = countOf(s, pit);
  const stray = strayPits(s, pit);
  if (!s.haveReading) return "waiting for the board's first reading";
  if (n === null) return `${pit}'s sensor is faulty`;
  if (stray.length > 0) return `${stray.join(" ")} must be empty and still first`;
  if (byRaw(s)) return rawNotReady(s, pit);
  if (s.unsettled.has(pit)) return `${pit} is not settled yet`;
  if (s.phase === "calibrate") {
    const [lo, hi] = plausibleRange(s.plan.stones);
    if (n < lo || n > hi) {
      return `${pit} reads ${n}; ${s.plan.stones} stones should read ${lo}..${hi} before calibration`;
    }
  } else if (n === 0) return `${pit} reads 0`;
  return null;
}

// ------------------------------------------------------------ raw readings

/** Whether the current pit is judged by its raw reading: an uncalibrated pit being calibrated. */
export function byRaw(s: CalibrationState): boolean {
  const pit = currentPit(s);
  return (
    s.phase === "calibrate" &&
    pit !== null &&
    (s.plan.rawPerStone ?? null) !== null &&
    s.plan.statuses.get(pit) !== "ok"
  );
}

/** About how many stones the current pit's raw reading says (null: not known yet). */
export function rawStones(s: CalibrationState): number | null {
  const pit = currentPit(s);
  const per = s.plan.rawPerStone ?? null;
  const empty = pit === null ? undefined : s.emptyRaws?.get(pit);
  const raw = s.rawSamples.at(-1);
  if (per === null || empty === undefined || raw === undefined) return null;
  return Math.abs(raw - empty) / per;
}

function rawNotReady(s: CalibrationState, pit: string): string | null {
  const stones = rawStones(s);
  const [a, b] = s.rawSamples.slice(-2);
  if (stones === null || a === undefined || b === undefined) return `weighing ${pit}…`;
  const per = s.plan.rawPerStone ?? 1;
  if (Math.abs(a - b) > 0.2 * per) return `${pit} is not still yet`;
  const [lo, hi] = plausibleRange(s.plan.stones);
  if (stones < lo - 0.5 || stones > hi + 0.5) {
    return `${pit} weighs about ${Math.round(stones)} stones; ${s.plan.stones} should weigh ${lo}..${hi} before calibration`;
  }
  return null;
}

function rawsRead(s: Draft, raws: ReadonlyMap<string, number>): void {
  s.polling = false;
  if (raws.size === 0) return;
  if (s.emptyRaws === null) {
    s.emptyRaws = raws;
    return;
  }
  const raw = raws.get(currentPit(s) ?? "");
  if (raw !== undefined) s.rawSamples = [...s.rawSamples.slice(-1), raw];
}

/** Asks for the raw readings when they are due (after the tare, then while an uncalibrated pit fills). */
function poll(s: Draft, fx: CalibrationEffect[]): void {
  if (s.polling || s.now < s.pollAt) return;
  const due =
    (s.phase === "calibrate" && s.emptyRaws === null && (s.plan.rawPerStone ?? null) !== null) ||
    (byRaw(s) && s.outstanding === null);
  if (!due) return;
  s.polling = true;
  s.pollAt = s.now + s.timing.pollMs;
  fx.push({ type: "poll" });
}

// ---------------------------------------------------------------- steps

/** Moves on as far as the readings allow; sends, lights and tells what changed. */
function advance(s: Draft, fx: CalibrationEffect[]): void {
  switch (s.phase) {
    case "clear":
      if (s.haveReading && stonesLeft(s).length === 0 && (unseen(s).length === 0 || s.plan.yes)) {
        startTare(s, fx);
      }
      break;
    case "tare":
      resend(s, fx);
      break;
    case "calibrate":
    case "verify":
      poll(s, fx);
      if (resend(s, fx) || s.outstanding !== null) break;
      holdAndAct(s, fx);
      break;
    default:
      break;
  }
  showLeds(s, fx);
}

/** Sends the current command again once its retry time has come and the link is up. */
function resend(s: Draft, fx: CalibrationEffect[]): boolean {
  if (s.retryAt === null || s.now < s.retryAt || !s.linkReady || s.outstanding !== null) {
    return s.retryAt !== null;
  }
  s.retryAt = null;
  const command = commandNow(s);
  if (command !== null) send(s, command, fx);
  return true;
}

function commandNow(s: CalibrationState): CalibrationCommand | null {
  const pit = s.order[s.index];
  if (s.phase === "tare") return { type: "tare", pit: pit ?? null };
  if (s.phase === "calibrate" && pit !== undefined && pit !== null) {
    return { type: "calibrate", pit, known: s.plan.stones };
  }
  return null;
}

function send(s: Draft, command: CalibrationCommand, fx: CalibrationEffect[]): void {
  s.outstanding = command;
  fx.push({ type: "send", command });
}

/** The current pit: once its acceptable reading has held `holdMs`, CAL it (or judge it). */
function holdAndAct(s: Draft, fx: CalibrationEffect[]): void {
  const pit = currentPit(s);
  if (pit === null) return;
  const raw = rawStones(s);
  const n = byRaw(s) ? (raw === null ? null : Math.round(raw)) : countOf(s, pit);
  if (notReady(s) !== null || n === null) {
    s.readySince = s.readyCount = null;
    return;
  }
  if (s.readyCount !== n || s.readySince === null) {
    s.readySince = s.now;
    s.readyCount = n;
  }
  const held = s.now - s.readySince;
  if (s.phase === "calibrate") {
    if (s.plan.yes && !s.waitConfirm && held >= s.timing.holdMs) calibrateNow(s, pit, fx);
  } else if (
    n === s.plan.verifyStones ? held >= s.timing.holdMs : s.plan.yes && held >= s.timing.judgeMs
  ) {
    judge(s, pit, n, fx);
  }
}

function calibrateNow(s: Draft, pit: string, fx: CalibrationEffect[]): void {
  s.armed = false;
  s.waitConfirm = false;
  s.tries = 0;
  send(s, { type: "calibrate", pit, known: s.plan.stones }, fx);
}

function judge(s: Draft, pit: string, n: number, fx: CalibrationEffect[]): void {
  const expected = s.plan.verifyStones ?? 0;
  const pass = n === expected;
  const old = s.results.get(pit) ?? PENDING;
  s.results.set(pit, { ...old, verify: { expected, read: n, pass } });
  fx.push({
    type: "note",
    text: pass
      ? `${pit} reads ${n}: verified`
      : `${pit} reads ${n}, not ${expected}: verification failed`,
  });
  nextPit(s, fx);
}

function startTare(s: Draft, fx: CalibrationEffect[]): void {
  s.phase = "tare";
  s.order = s.plan.wholeBoard ? [null] : s.plan.pits;
  s.index = 0;
  s.armed = false;
  fx.push({ type: "note", text: "taring: the empty pits' readings become their zero" });
  const command = commandNow(s);
  if (command !== null) send(s, command, fx);
}

/** The board's answer to the outstanding command. */
function answered(
  s: Draft,
  event: Extract<CalibrationEvent, { type: "answer" }>,
  fx: CalibrationEffect[],
): void {
  const command = s.outstanding;
  if (command === null) return;
  s.outstanding = null;
  const what =
    command.type === "tare" ? tareText(command.pit) : `CAL ${command.pit} ${command.known}`;
  if (event.ok) {
    s.tries = 0;
    if (command.type === "tare") tared(s, fx);
    else {
      const old = s.results.get(command.pit) ?? PENDING;
      s.results.set(command.pit, { ...old, calibration: "calibrated" });
      fx.push({ type: "note", text: `${command.pit} calibrated with ${command.known} stones` });
      nextPit(s, fx);
    }
    return;
  }
  refused(s, command, what, event, fx);
}

function tareText(pit: string | null): string {
  return pit === null ? "TARE" : `TARE ${pit}`;
}

function tared(s: Draft, fx: CalibrationEffect[]): void {
  s.index++;
  if (s.index < s.order.length) {
    const command = commandNow(s);
    if (command !== null) send(s, command, fx);
    return;
  }
  fx.push({ type: "note", text: "tared" });
  enter(s, "calibrate", s.plan.pits);
}

/** A NAK or a failure: retry (busy, lost link), wait for a confirm (bad-args), or give the pit up. */
function refused(
  s: Draft,
  command: CalibrationCommand,
  what: string,
  event: { readonly code: LinkErrorCode; readonly message: string },
  fx: CalibrationEffect[],
): void {
  if (event.code === "nak-busy" && s.tries + 1 < s.timing.busyTries) {
    s.tries++;
    s.retryAt = s.now + s.timing.retryMs;
    fx.push({ type: "note", text: `the board is busy; sending ${what} again` });
    return;
  }
  if (!event.code.startsWith("nak-")) {
    s.retryAt = s.now + s.timing.retryMs;
    fx.push({ type: "note", text: `${what} not answered (${event.message}); will send it again` });
    return;
  }
  if (command.type === "calibrate" && event.code === "nak-bad-args") {
    s.waitConfirm = true;
    s.readySince = null;
    fx.push({
      type: "note",
      text:
        `the board refused ${what}: it finds the reading implausible or moving. ` +
        `Check that exactly ${command.known} stones lie still in ${command.pit}, then press confirm`,
    });
    return;
  }
  fx.push({ type: "note", text: `the board refused ${what} (${event.code.slice(4)})` });
  if (command.type === "tare") {
    s.phase = "stopped";
    fx.push({ type: "finished" });
    return;
  }
  const old = s.results.get(command.pit) ?? PENDING;
  s.results.set(command.pit, { ...old, calibration: "refused", note: event.code.slice(4) });
  nextPit(s, fx);
}

/** Starts a phase over `order` at its first pit. */
function enter(s: Draft, phase: Phase, order: readonly string[]): void {
  s.phase = phase;
  s.order = order;
  s.index = 0;
  resetPit(s);
}

function resetPit(s: Draft): void {
  s.readySince = s.readyCount = null;
  s.rawSamples = [];
  s.armed = false;
  s.waitConfirm = false;
  s.retryAt = null;
  s.tries = 0;
}

/** On to the next pit, the next phase, or the end. */
function nextPit(s: Draft, fx: CalibrationEffect[]): void {
  s.index++;
  resetPit(s);
  if (s.index < s.order.length) return;
  if (s.phase === "calibrate" && s.plan.verifyStones !== null) {
    const done = s.plan.pits.filter((p) => s.results.get(p)?.calibration === "calibrated");
    if (done.length > 0) {
      fx.push({ type: "note", text: `verifying ${done.length} pit(s)` });
      enter(s, "verify", done);
      return;
    }
  }
  s.phase = "finished";
  fx.push({ type: "note", text: "done: take the stones off the board" }, { type: "finished" });
}

function confirm(s: Draft, fx: CalibrationEffect[]): void {
  if (s.phase === "clear") {
    const left = stonesLeft(s);
    if (left.length === 0 || s.armed) startTare(s, fx);
    else {
      s.armed = true;
      fx.push({
        type: "note",
        text: `${left.join(" ")} still read stones: empty them, or confirm again to tare anyway`,
      });
    }
    return;
  }
  const pit = currentPit(s);
  if (pit === null || s.outstanding !== null || s.retryAt !== null) return;
  const why = notReady(s);
  const n = countOf(s, pit);
  if ((why === null || s.armed) && n !== null) {
    if (s.phase === "calibrate") calibrateNow(s, pit, fx);
    else judge(s, pit, n, fx);
    return;
  }
  s.armed = n !== null;
  fx.push({
    type: "note",
    text: `${why ?? ""}${s.armed ? "; confirm again to go on anyway" : ""}`,
  });
}

function back(s: Draft, fx: CalibrationEffect[]): void {
  if ((s.phase !== "calibrate" && s.phase !== "verify") || s.outstanding !== null) return;
  if (s.index === 0) {
    fx.push({ type: "note", text: "this is the first pit: nothing to go back to" });
    return;
  }
  s.index--;
  resetPit(s);
  const pit = currentPit(s) ?? "";
  const old = s.results.get(pit) ?? PENDING;
  s.results.set(pit, s.phase === "verify" ? { ...old, verify: null } : PENDING);
  fx.push({ type: "note", text: `back to ${pit}` });
}

function skip(s: Draft, fx: CalibrationEffect[]): void {
  const pit = currentPit(s);
  if (pit === null || s.outstanding !== null) return;
  const old = s.results.get(pit) ?? PENDING;
  if (s.phase === "calibrate") s.results.set(pit, { ...old, calibration: "skipped" });
  else
    s.results.set(pit, {
      ...old,
      verify: { expected: s.plan.verifyStones ?? 0, read: null, pass: false },
    });
  fx.push({ type: "note", text: `${pit} skipped` });
  nextPit(s, fx);
}

// ----------------------------------------------------------------- LEDs

const steady = (colour: LedColour): LedState => ({ pattern: "steady", colour });
const blink = (colour: LedColour): LedState => ({ pattern: "blink", colour });
const OFF: LedState = { pattern: "off" };

/** What every LED shows now. */
export function ledsFor(s: CalibrationState): Map<string, LedState> {
  const leds = new Map<string, LedState>(s.plan.boardPits.map((p) => [p, OFF]));
  if (s.phase === "clear") {
    for (const p of unseen(s)) leds.set(p, steady("yellow"));
    for (const p of stonesLeft(s)) leds.set(p, steady("red"));
    return leds;
  }
  for (const [pit, r] of s.results) {
    if (r.verify !== null) leds.set(pit, steady(r.verify.pass ? "green" : "red"));
    else if (r.calibration === "calibrated") leds.set(pit, steady("green"));
    else if (r.calibration !== "pending") leds.set(pit, steady("yellow"));
  }
  if (s.phase === "finished" || s.phase === "stopped") return leds;
  const pit = currentPit(s);
  for (const p of strayPits(s, pit)) leds.set(p, blink("red"));
  if (pit !== null) {
    const ready = s.readySince !== null;
    const colour: LedColour = s.phase === "calibrate" ? "cyan" : "blue";
    leds.set(pit, ready ? steady(colour) : blink(colour));
  }
  return leds;
}

/** Sends the LEDs that differ from those last asked for (every pit the first time). */
function showLeds(s: Draft, fx: CalibrationEffect[]): void {
  const text = (l: LedState): string => (l.pattern === "off" ? "-" : `${l.colour} ${l.pattern}`);
  const changed = [...ledsFor(s)].filter(([pit, led]) => s.ledShown.get(pit) !== text(led));
  if (changed.length === 0) return;
  const shown = new Map(s.ledShown);
  for (const [pit, led] of changed) shown.set(pit, text(led));
  s.ledShown = shown;
  fx.push({ type: "leds", entries: changed.map(([pit, led]) => ({ pit, led })) });
}
