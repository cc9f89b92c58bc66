/**
 * `kete board-sim`: a simulated sensor board on a pseudo-terminal (made with
 * socat), for trying kete without the wooden board. Prints the device path to
 * connect to, then serves until Ctrl-C. `--demo` has a ghost hand sow stones
 * now and then so that `kete board-test` has something to show.
 */
import type { Command } from "commander";
import { startPtySimulator } from "../board/index.js";
import type { PtySimulator } from "../board/index.js";
import { playTrace } from "../board/index.js";
import type { TraceStep } from "../games/index.js";
import { seededRandom } from "../shared/index.js";
import { usageError } from "./usage.js";

interface BoardSimFlags {
  readonly noise?: boolean;
  readonly seed?: string;
  readonly stones?: string;
  readonly path?: string;
  readonly demo?: boolean;
}

function wholeNumber(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : NaN;
}

export function registerBoardSimCommand(program: Command): Command {
  return program
    .command("board-sim")
    .description("serve a simulated 4x8 sensor board on a pseudo-terminal until Ctrl-C")
    .option("--noise", "sensor jitter, slow settling, and an occasional lost or damaged line")
    .option("--seed <n>", "seed of the noise and the demo hand (default 1)")
    .option("--stones <n>", "stones in every pit at the start (default 4)")
    .option("--path <path>", "where to put the device link (default /tmp/kete-sim-XXXXXX)")
    .option("--demo", "a ghost hand sows a random pit every few seconds")
    .showHelpAfterError("(run 'kete board-sim --help' for usage)")
    .action(async (flags: BoardSimFlags, command: Command) => {
      const seed = wholeNumber(flags.seed, 1);
      if (Number.isNaN(seed))
        usageError(command, `--seed must be a whole number, not '${flags.seed}'`);
      const stones = wholeNumber(flags.stones, 4);
      if (Number.isNaN(stones) || stones > 255) {
        usageError(command, `--stones must be a whole number 0..255, not '${flags.stones}'`);
      }
      const sim = await startPtySimulator({
        noise: flags.noise === true,
        seed,
        counts: stones,
        ...(flags.path === undefined ? {} : { hostPath: flags.path }),
      });
      if (!sim.ok) {
        process.stderr.write(`kete board-sim: ${sim.error.message}\n`);
        process.exit(1);
      }
      await serve(sim.value, flags.demo === true, seed, flags.noise === true);
    });
}

async function serve(
  sim: PtySimulator,
  demo: boolean,
  seed: number,
  noise: boolean,
): Promise<void> {
  process.stdout.write(
    `simulated 4x8 board${noise ? " (noisy)" : ""} on ${sim.hostPath}\n` +
      `connect with: kete board-test --port ${sim.hostPath}\n` +
      `Ctrl-C to stop\n`,
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void sim.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.on("SIGHUP", stop);
  if (!demo) return;
  const random = seededRandom(seed);
  while (!stopping) {
    await new Promise((r) => setTimeout(r, 2000 + 3000 * random()));
    if (stopping) break;
    await playTrace(sim.physical, demoMove(sim, random), { seed: Math.floor(random() * 1e9) });
  }
}

/** Lifts a random non-empty pit and sows its stones along its side's two rows. */
function demoMove(sim: PtySimulator, random: () => number): TraceStep[] {
  const pits = sim.physical.pits;
  const full = pits.filter((p) => sim.physical.count(p) > 0);
  if (full.length === 0) return [];
  const from = full[Math.floor(random() * full.length)] ?? "A1";
  const north = from.startsWith("C") || from.startsWith("D");
  // Each side's two rows as one ring: A1..A8 then B8..B1 (C and D likewise).
  const inner = north ? "C" : "B";
  const outer = north ? "D" : "A";
  const ring = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${outer}${c}`);
  ring.push(...[8, 7, 6, 5, 4, 3, 2, 1].map((c) => `${inner}${c}`));
  const n = sim.physical.count(from);
  const steps: TraceStep[] = [{ op: "lift", pit: from, n }];
  let at = ring.indexOf(from);
  for (let i = 0; i < n; i++) {
    at = (at + 1) % ring.length;
    steps.push({ op: "sow", pit: ring[at] ?? from });
  }
  return steps;
}
