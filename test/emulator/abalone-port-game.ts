/**
 * (Shared by abalone-port.test.ts and abalone-neutral-port.test.ts.)
 * A `kete play --port` game of Abalone against an emulated hex61 image: the
 * emulated Mega with its sensors, its marbles set as a `--position` gives
 * them, served on a pseudo-terminal paced to the wall clock as `kete
 * board-sim --firmware … --geometry hex61` serves it; `kete play --port` on
 * it from that position; a hand that pushes the engine's traces; the journal
 * read back and re-judged by `kete replay --verify`.
 */
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { playTrace } from "../../src/board/index.js";
import { EmulatedBoard, loadFirmware, serveOnPty } from "../../src/emulator/index.js";
import type { ServedBoard } from "../../src/emulator/index.js";
import { findGame } from "../../src/games/index.js";
import type { Game, Position, ProtocolStep } from "../../src/games/index.js";
import type { Journal } from "../../src/journal/records.js";
import { readJournal } from "../../src/journal/store.js";
import type { HoleContent } from "../../src/protocol/index.js";
import { runKete, startKete, type KeteProcess } from "../cli/process.js";
import { ensureBuilt } from "../cli/run.js";

export const ABALONE = findGame("abalone") as Game<Position>;

/** `s` as a regular expression that matches it literally. */
export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How often `re` occurs in `text`. */
export const times = (text: string, re: RegExp): number =>
  (text.match(new RegExp(re.source, "g")) ?? []).length;

/** Resolves once `re` has occurred `n` times in kete's output (rejects after `ms`). */
export const printedTimes = (k: KeteProcess, re: RegExp, n: number, ms = 60_000): Promise<void> =>
  k.until(() => times(k.stdout(), re) >= n, `printing ${re} ${n} times`, ms);

const CONTENT: Readonly<Record<string, HoleContent>> = {
  b: "black",
  w: "white",
  n: "neutral",
  x: "marble",
};

/** What a hole holds in a position: "b", "w", "n" or undefined. */
export const cell = (p: Position, hole: string): unknown =>
  (ABALONE.positionToJSON(p).cells as Record<string, string>)[hole];

/** The engine's hole steps of a move (its trace). */
export const traceOf = (p: Position, move: string): ProtocolStep[] => [
  ...(ABALONE.protocolTrace?.(p, move) ?? []),
];

export interface PortGame {
  readonly board: EmulatedBoard;
  readonly served: ServedBoard;
  readonly kete: KeteProcess;
  /** Where kete writes its journal. */
  readonly games: string;
  /** The hand plays `steps` on the board (kete is not told: it reads the board). */
  hand(steps: readonly ProtocolStep[], seed: number): Promise<void>;
  /** Ends kete (if still running) and the pseudo-terminal. */
  stop(): Promise<void>;
}

/**
 * The emulated board running `hex` with the marbles of `position` (engine
 * JSON) in their holes, served on a pseudo-terminal, and `kete play --port`
 * on it from that position (Ana has Black, Ben White).
 */
export async function startPortGame(
  hex: string,
  position: { readonly cells: Readonly<Record<string, string>> },
  dir: string,
  seed: number,
): Promise<PortGame> {
  ensureBuilt();
  const games = join(dir, "games");
  mkdirSync(games, { recursive: true });
  const image = loadFirmware(hex);
  if (!image.ok) throw new Error(image.error.message);
  const created = EmulatedBoard.create({
    firmware: image.value,
    seed,
    calibrated: true,
    geometry: "hex61",
  });
  if (!created.ok) throw new Error(created.error.message);
  const board = created.value;
  const holes = Object.entries(position.cells).map(([h, c]) => [h, CONTENT[c] ?? "empty"]);
  expect(board.physical.setHoles(Object.fromEntries(holes)).ok).toBe(true);
  const served = await serveOnPty(board, { pace: { realTime: true } });
  if (!served.ok) throw new Error(served.error.message);
  const kete = startKete(
    [
      "play",
      "--port",
      served.value.hostPath,
      "--wait",
      "60",
      "--position",
      JSON.stringify(position),
      "--players",
      "Ana,Ben",
    ],
    { env: { KETE_GAMES_DIR: games }, lifeMs: 220_000 },
  );
  const hand = async (steps: readonly ProtocolStep[], s: number): Promise<void> => {
    const pushed = await playTrace(board.physical, [...steps], { seed: s, scheduler: board.clock });
    if (!pushed.ok) throw new Error(pushed.error.message);
  };
  const stop = async (): Promise<void> => {
    if (kete.child.exitCode === null) kete.child.kill("SIGINT");
    await served.value.stop();
  };
  return { board, served: served.value, kete, games, hand, stop };
}

/** The game's one journal, read back, and what `kete replay --verify` says of it. */
export async function verifiedJournal(games: string): Promise<{ journal: Journal; said: string }> {
  const [file] = readdirSync(games).map((f) => join(games, f));
  const j = readJournal(file!);
  if (!j.ok) throw new Error(j.error.message);
  const v = await runKete(["replay", file!, "--verify"]);
  return { journal: j.value, said: v.stdout };
}
