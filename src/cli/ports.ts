/**
 * `kete ports [PATH…]`: the serial ports, each with what answers on it (a
 * kete board's HELLO, StandardFirmata's version, or nothing kete knows), and
 * `--port auto` for the commands that open a board (issue 32).
 */
import type { Command } from "commander";
import {
  autoPort,
  identifyPorts,
  listPorts,
  portLine,
  realScheduler,
  type ListOptions,
} from "../board/index.js";
import { err, ok, type Result } from "../shared/index.js";
import { baudFlag } from "./play/board.js";
import { usageError } from "./usage.js";
import type { CliError } from "./errors.js";

/** `KETE_PORTS`: the ports to consider instead of looking for them (colon-separated). */
export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  return (env.KETE_PORTS ?? "")
    .split(":")
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * `--port auto` resolved: the one kete board's port (StandardFirmata's with
 * `--board firmata`) and the line saying which; `port` as it was otherwise.
 */
export async function resolvePort(
  port: string | undefined,
  kind: "serial" | "firmata",
  options: { readonly baudRate?: number; readonly list?: ListOptions } = {},
): Promise<Result<{ readonly port: string | undefined; readonly said: string | null }, CliError>> {
  if (port !== "auto") return ok({ port, said: null });
  const found = await autoPort(kind === "firmata" ? "firmata" : "kete", {
    scheduler: realScheduler,
    only: portsFromEnv(),
    ...(options.baudRate === undefined ? {} : { baudRate: options.baudRate }),
    ...options.list,
  });
  if (!found.ok) return err(found.error.code, found.error.message);
  return ok({ port: found.value.path, said: found.value.line });
}

export function registerPortsCommand(program: Command): Command {
  return program
    .command("ports")
    .description(
      "list the serial ports and what answers on each: a kete board, StandardFirmata, or unknown",
    )
    .argument("[paths...]", "only these ports (e.g. a board-sim link); default: look for them")
    .option(
      "--baud <rate>",
      "the kete boards' line speed when their firmware was built for another than 115200",
    )
    .action(async (paths: string[], flags: { baud?: string }, command: Command) => {
      const baud = baudFlag(flags.baud, "serial");
      if (!baud.ok) usageError(command, baud.error.message);
      const only = paths.length > 0 ? paths : portsFromEnv();
      const list = await listPorts({ only });
      const found = await identifyPorts(list, {
        scheduler: realScheduler,
        ...(baud.value === undefined ? {} : { baudRate: baud.value }),
      });
      if (found.length === 0) {
        const why = list.listError === null ? "" : ` (the system's list failed: ${list.listError})`;
        process.stderr.write(
          `kete ports: no serial port found${why}; looked in /dev/ttyACM*, /dev/ttyUSB* and kete board-sim's links; is the board plugged in?\n`,
        );
        process.exitCode = 1;
        return;
      }
      for (const f of found) process.stdout.write(`${portLine(f.path, f.id, f.manufacturer)}\n`);
      const kete = found.filter((f) => f.id.kind === "kete");
      if (kete.length === 1) process.stdout.write(`kete play --port auto uses ${kete[0]!.path}\n`);
    });
}
