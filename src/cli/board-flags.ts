/**
 * The board a command at the board talks to, from its flags, read the same
 * way by `kete play`, `board-test` and `calibrate`: `--board` (the kind),
 * `--baud`, and `--port`, where `auto` is the one board that answers
 * (issue 32), said on stdout first.
 */
import type { Command } from "commander";
import type { BoardKind } from "../board/index.js";
import { baudFlag, boardKindOf } from "./play/board.js";
import { resolvePort } from "./ports.js";
import { usageError } from "./usage.js";

export interface BoardFlags {
  readonly board?: string;
  readonly port?: string;
  readonly baud?: string;
}

export interface BoardChoice {
  readonly kind: BoardKind;
  /** `--baud`, or undefined for the kind's own speed. */
  readonly baudRate: number | undefined;
  /** The port (`auto` resolved), or undefined: no board, the simulated one. */
  readonly port: string | undefined;
}

/** A bad flag is a usage error; `--port auto` with no board answering exits with `noBoardExit`. */
export async function chooseBoard(
  command: Command,
  flags: BoardFlags,
  noBoardExit = 1,
): Promise<BoardChoice> {
  const kind = boardKindOf(flags.board, flags.port);
  if (!kind.ok) usageError(command, kind.error.message);
  const baud = baudFlag(flags.baud, kind.value);
  if (!baud.ok) usageError(command, baud.error.message);
  const auto = await resolvePort(flags.port, kind.value, { baudRate: baud.value });
  if (!auto.ok) {
    process.stderr.write(`kete ${command.name()}: ${auto.error.message}\n`);
    process.exit(noBoardExit);
  }
  if (auto.value.said !== null) process.stdout.write(`${auto.value.said}\n`);
  return { kind: kind.value, baudRate: baud.value, port: auto.value.port };
}
