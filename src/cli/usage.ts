/** Exit codes and usage errors shared by the `kete` subcommands. */
import type { Command } from "commander";

/** Bad command line: unknown command, game or option, malformed argument. */
export const EXIT_USAGE = 2;

/** Prints `error: <message>` and a usage hint on stderr, then exits with code 2. */
export function usageError(command: Command, message: string): never {
  command.error(`error: ${message}`, { exitCode: EXIT_USAGE, code: "kete.usage" });
}

/** `a, b, c` (or `none`): the names that exist, for error messages. */
export function listNames(names: readonly string[]): string {
  return names.length === 0 ? "none" : names.join(", ");
}
