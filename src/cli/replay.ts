/**
 * `kete replay FILE`: the game of a journal, move by move, in the terminal;
 * `--verify` feeds the recorded readings to a fresh controller and checks it
 * reaches exactly the recorded decisions.
 */
import type { Command } from "commander";
import { findGame } from "../games/index.js";
import type { Position } from "../games/index.js";
import { readJournal } from "../journal/index.js";
import { verifyJournal } from "./play/verify.js";
import { renderView } from "./play/view.js";
import { usageError } from "./usage.js";

interface ReplayFlags {
  readonly verify?: boolean;
  readonly delay?: string;
}

export function registerReplayCommand(program: Command): Command {
  return program
    .command("replay")
    .description("replay a recorded game; --verify re-judges its recorded sensor readings")
    .argument("<file>", "a game journal (see kete games)")
    .option(
      "--verify",
      "feed the recorded readings to a fresh controller and compare its decisions",
    )
    .option("--delay <ms>", "pause between moves on a terminal", "700")
    .action(async (file: string, flags: ReplayFlags, command: Command) => {
      const journal = readJournal(file);
      if (!journal.ok) {
        process.stderr.write(`kete replay: ${journal.error.message}\n`);
        process.exit(1);
      }
      const j = journal.value;
      if (flags.verify) {
        const v = verifyJournal(j);
        if (v.mismatch === null) {
          process.stdout.write(
            `verified: ${v.decisions} decisions of ${file} reproduced exactly\n`,
          );
          process.exit(0);
        }
        process.stdout.write(
          `MISMATCH at decision ${v.mismatch.index + 1} of ${v.decisions}:\n  recorded: ${JSON.stringify(v.mismatch.expected)}\n  now:      ${JSON.stringify(v.mismatch.got)}\n`,
        );
        process.exit(1);
      }
      const delay = Number(flags.delay);
      if (!Number.isFinite(delay) || delay < 0)
        usageError(command, `--delay must be a number of milliseconds, not '${flags.delay}'`);
      const game = findGame(j.header.game);
      if (game === undefined) {
        process.stderr.write(
          `kete replay: ${file} is a game of '${j.header.game}', which this kete does not know\n`,
        );
        process.exit(1);
      }
      const live = process.stdout.isTTY === true;
      const colour = live && !process.env.NO_COLOR;
      const moves: string[] = [];
      const show = (json: Record<string, unknown>, note: string) => {
        const p = game.parsePosition(json);
        if (!p.ok) return;
        const view = game.sensorView(p.value as Position);
        const counts = new Map(view.pits.map((pit, i) => [pit, view.counts[i] as number | null]));
        const lines = renderView(
          {
            title: `${game.title} — ${j.header.players.S} (South) vs ${j.header.players.N} (North)`,
            players: j.header.players,
            counts,
            leds: new Map(),
            unsettled: new Set(),
            toMove: p.value.toMove as "S" | "N",
            ply: moves.length + 1,
            status: note,
            inHand: null,
            nextStone: [],
            lastLands: null,
            moves,
            firstSide: (j.header.initial.toMove as "S" | "N") ?? "S",
            clocks: { S: 0, N: 0 },
            messages: [],
            link: "replay",
            reserve: null,
          },
          colour,
        );
        process.stdout.write(`${lines.slice(0, -1).join("\n")}\n\n`);
      };
      show(j.header.initial, "start");
      for (const r of j.records) {
        if (r.kind === "move") {
          moves.push(r.move);
          if (live && delay > 0) await new Promise((res) => setTimeout(res, delay));
          show(r.position, `ply ${r.ply}: ${r.side === "S" ? "South" : "North"} played ${r.move}`);
        } else if (r.kind === "mistake") {
          process.stdout.write(`  ! ${r.message} — ${r.policy}\n\n`);
        } else if (r.kind === "resolved" && r.how !== "retry") {
          show(r.position, `after the mistake: ${r.how}`);
        } else if (r.kind === "result") {
          process.stdout.write(
            `result: ${r.winner === null ? "draw" : `${r.winner === "S" ? "South" : "North"} wins`} — ${r.reason}\n`,
          );
        }
      }
      if (!j.records.some((r) => r.kind === "result"))
        process.stdout.write("unfinished: continue it with kete play --resume\n");
    });
}
