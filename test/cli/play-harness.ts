/**
 * `kete play` in-process on a fake clock: the session, the simulated board
 * and the players all run on a `FakeScheduler` that the test advances, so a
 * whole game takes a second or two of CPU, whatever else the machine is
 * doing, and is the same game every time for a seed.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { FakeScheduler, realScheduler } from "../../src/board/scheduler.js";
import type { PlayHost } from "../../src/cli/play/host.js";
import { startPlay, type PlaySession } from "../../src/cli/play/session.js";
import {
  FLAG_DEFAULTS,
  playSettings,
  type PlayContext,
  type PlayFlags,
} from "../../src/cli/play/settings.js";
import type { PlaySettings } from "../../src/cli/play/settings.js";
import { verifyJournal } from "../../src/cli/play/verify.js";
import { findGame } from "../../src/games/index.js";
import type { Journal, JournalRecord } from "../../src/journal/records.js";
import { readJournal } from "../../src/journal/store.js";

/** A host on a fake clock that collects what would be printed. */
export interface FakeHost {
  host: PlayHost;
  scheduler: FakeScheduler;
  out: string[];
  errors: string[];
}

/** A host on a fake clock that collects what would be printed. */
export function fakeHost(scheduler = new FakeScheduler(1_000)): FakeHost {
  const out: string[] = [];
  const errors: string[] = [];
  const host: PlayHost = {
    scheduler,
    date: () => Date.UTC(2026, 10, 22, 2, 42, 22),
    write: (text) => out.push(text),
    error: (line) => errors.push(line),
    interrupts: () => () => undefined,
    keys: null,
    screen: null,
    onLeds: null,
  };
  return { host, scheduler, out, errors };
}

export function settings(game: string, overrides: Partial<PlaySettings> = {}): PlaySettings {
  const g = findGame(game);
  if (g === undefined) throw new Error(`no game ${game}`);
  return {
    game: g,
    options: {},
    first: "S",
    port: null,
    onMistake: null,
    guidance: true,
    players: { S: "Amani", N: "Baraka" },
    gamesDir: mkdtempSync(join(tmpdir(), "kete-fake-")),
    resume: null,
    human: new Set(),
    seed: 1,
    pace: 0.05,
    noise: false,
    mistakeRate: 0,
    live: false,
    colour: false,
    changes: [],
    maxMinutes: 60,
    ...overrides,
  };
}

/** Advances the fake clock until `promise` settles (or `maxMs` of fake time pass). */
export async function drive<T>(
  scheduler: FakeScheduler,
  promise: Promise<T>,
  maxMs = 3_600_000,
  stepMs = 1000,
): Promise<T> {
  let done = false;
  let value: T | undefined;
  let failure: unknown = null;
  promise.then(
    (v) => {
      done = true;
      value = v;
    },
    (e: unknown) => {
      done = true;
      failure = e ?? new Error("rejected");
    },
  );
  const limit = scheduler.now() + maxMs;
  while (!done && scheduler.now() < limit) await scheduler.advance(stepMs);
  if (!done) throw new Error(`not settled after ${maxMs} ms of fake time`);
  if (failure !== null) throw failure;
  return value as T;
}

/** Advances the fake clock until `condition` holds (checked after every step). */
export async function driveUntil(
  scheduler: FakeScheduler,
  condition: () => boolean,
  maxMs = 600_000,
  stepMs = 50,
): Promise<boolean> {
  const limit = scheduler.now() + maxMs;
  while (!condition() && scheduler.now() < limit) await scheduler.advance(stepMs);
  return condition();
}

/** Starts a session on the fake clock (the handshake runs on it too). */
export async function start(s: PlaySettings, h: FakeHost): Promise<PlaySession> {
  const session = await drive(h.scheduler, startPlay(s, h.host), 60_000, 10);
  if (!("controller" in session)) throw new Error(session.message);
  return session;
}

/** A session running on a fake host, with the ways a test moves its clock on. */
export interface LivePlay extends FakeHost {
  readonly session: PlaySession;
  /** Advances the fake clock until `condition` holds; whether it does (see `driveUntil`). */
  readonly until: (condition: () => boolean, maxMs?: number, stepMs?: number) => Promise<boolean>;
  /** Advances the fake clock until `promise` settles (see `drive`). */
  readonly drive: <T>(promise: Promise<T>, maxMs?: number, stepMs?: number) => Promise<T>;
  /** Runs the session to its end: its exit code. */
  readonly finish: (maxMs?: number, stepMs?: number) => Promise<number>;
  /** The session's journal as it is on disk now. */
  readonly journal: () => Journal;
}

/**
 * Starts a session on `h` (a fresh fake host by default), ready to be driven;
 * what `h` carries besides (a keyboard, a screen) stays at hand.
 */
export async function live<H extends FakeHost = FakeHost>(
  s: PlaySettings,
  given?: H,
): Promise<H & LivePlay> {
  const h = given ?? (fakeHost() as H);
  const session = await start(s, h);
  return {
    ...h,
    session,
    until: (condition, maxMs, stepMs) => driveUntil(h.scheduler, condition, maxMs, stepMs),
    drive: (promise, maxMs, stepMs) => drive(h.scheduler, promise, maxMs, stepMs),
    finish: (maxMs, stepMs) => drive(h.scheduler, session.finished, maxMs, stepMs),
    journal: () => journalAt(session.journalPath),
  };
}

/**
 * A fake host whose keyboard a test types on (`type`) and whose screen it
 * reads (`frames`, with "<done>" when the screen is given back); `screen:
 * false` for a session that prints lines instead of drawing.
 */
export function keyboardHost(
  options: { screen?: boolean; host?: FakeHost } = {},
): FakeHost & { type: (text: string) => void; frames: string[]; typing: () => boolean } {
  const h = options.host ?? fakeHost();
  const frames: string[] = [];
  let keys: ((chunk: string) => void) | null = null;
  const host: PlayHost = {
    ...h.host,
    ...(options.screen === false
      ? {}
      : { screen: { draw: (t: string) => frames.push(t), done: () => frames.push("<done>") } }),
    keys: (onKeys) => {
      keys = onKeys;
      return () => {
        keys = null;
      };
    },
  };
  return { ...h, host, frames, type: (text) => keys?.(text), typing: () => keys !== null };
}

/** The context of `kete play` run off a terminal (output piped, no keyboard). */
export const OFF_TERMINAL: PlayContext = {
  stdoutTTY: false,
  stdinTTY: false,
  noColour: false,
  defaultGamesDir: "/games",
  defaultSeed: 42,
  resume: null,
};
/** The context of `kete play` at a terminal. */
export const ON_TERMINAL: PlayContext = { ...OFF_TERMINAL, stdoutTTY: true, stdinTTY: true };

/** `kete play`'s flags read as the command line gives them: the defaults and `flags`. */
export function readFlags(flags: Partial<PlayFlags>, ctx: PlayContext = OFF_TERMINAL) {
  return playSettings({ ...FLAG_DEFAULTS, ...flags }, ctx);
}

/** The settings `flags` give; a usage error fails the test. */
export function settingsOf(flags: Partial<PlayFlags>, ctx: PlayContext = OFF_TERMINAL) {
  const r = readFlags(flags, ctx);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays a whole session to its end; the exit code, the printed lines and the journal. */
export async function play(
  s: PlaySettings,
  h = fakeHost(),
): Promise<{ code: number; out: string; session: PlaySession; journal: Journal }> {
  const session = await start(s, h);
  const code = await drive(h.scheduler, session.finished);
  return { code, out: h.out.join(""), session, journal: journalAt(session.journalPath) };
}

export function journalAt(path: string): Journal {
  const j = readJournal(path);
  if (!j.ok) throw new Error(j.error.message);
  return j.value;
}

/** What `kete replay --verify` checks: a fresh controller reaches every recorded decision. */
export function verified(journal: Journal): { decisions: number; mismatch: unknown } {
  return verifyJournal(journal);
}

/** The journal's records of one kind. */
export function records<K extends JournalRecord["kind"]>(
  j: Journal,
  kind: K,
): Extract<JournalRecord, { kind: K }>[] {
  return j.records.filter((r): r is Extract<JournalRecord, { kind: K }> => r.kind === kind);
}

/** `replay --verify` of the journal reproduces every decision (and there are some). */
export function expectVerified(j: Journal): void {
  const v = verified(j);
  expect(v.mismatch).toBeNull();
  expect(v.decisions).toBeGreaterThan(0);
}

/**
 * `kete play --game abalone --option neutral=E5 --port PATH` on a board that
 * cannot tell the neutral marble (AB-9.6): refused before the game starts,
 * with exit 1, a message naming the rule and the board's `holes=bw`, and no
 * journal written. Returns the message for the caller's own checks.
 */
export async function expectNeutralRefused(port: string): Promise<string> {
  const gamesDir = mkdtempSync(join(tmpdir(), "kete-neutral-"));
  const host: PlayHost = {
    scheduler: realScheduler,
    date: () => Date.UTC(2026, 10, 29, 12, 0, 0),
    write: () => undefined,
    error: () => undefined,
    interrupts: () => () => undefined,
    keys: null,
    screen: null,
    onLeds: null,
  };
  const started = await startPlay(
    settings("abalone", {
      options: { neutral: "E5" },
      first: "b",
      players: { b: "Amani", w: "Baraka" },
      port,
      gamesDir,
    }),
    host,
  );
  if (!("exit" in started))
    throw new Error("the neutral game started on a board that cannot tell it");
  expect(started.exit).toBe(1);
  expect(started.message).toMatch(/^AB-9\.6: the neutral marble \(--option neutral=E5\)/);
  expect(started.message).toContain(`on ${port}`);
  expect(started.message).toContain("holes=bw, without n");
  expect(readdirSync(gamesDir)).toEqual([]);
  return started.message;
}
