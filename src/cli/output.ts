/**
 * An output closed under a command (`kete games | head -1`, a terminal
 * gone) ends it quietly: no `Error: write EPIPE` stack, the exit code the
 * command set (0 unless it said otherwise). Installed once, for every
 * command, by main.ts.
 *
 * A command that must do something first watches the stream's `error`
 * events itself (`kete play` pauses the game into its journal, `kete
 * board-test` puts the LEDs out and closes the port, `kete engine` exits);
 * while it does, the process is left to it.
 */
import type { EventEmitter } from "node:events";

/** The errors of writing to an output whose reader has gone (EIO: a terminal that hung up). */
const CLOSED_CODES: ReadonlySet<string> = new Set([
  "EPIPE",
  "EIO",
  "ECONNRESET",
  "ERR_STREAM_DESTROYED",
]);

/** Whether `e` says the output was closed by its reader (not a full disk, say). */
export function isClosedOutput(e: unknown): boolean {
  if (typeof e !== "object" || e === null || !("code" in e)) return false;
  return CLOSED_CODES.has(String(e.code));
}

export interface OutputExit {
  /** Ends the process with this code (default `process.exit`). */
  readonly exit?: (code: number) => void;
  /** The code the command has set so far (default `process.exitCode`, else 0). */
  readonly code?: () => number;
  /** One line on standard error, for an error that is not a closed output. */
  readonly complain?: (line: string) => void;
}

/**
 * Makes a closed `streams` (default stdout and stderr) end the process
 * quietly, unless another `error` listener on that stream is handling it.
 * Any other write error ends it with one line on stderr and exit 1.
 * Returns the function that removes the listeners (for tests).
 */
export function quietWhenOutputCloses(
  streams: readonly EventEmitter[] = [process.stdout, process.stderr],
  how: OutputExit = {},
): () => void {
  const exit = how.exit ?? ((code: number) => process.exit(code));
  const code = how.code ?? (() => Number(process.exitCode ?? 0));
  const complain =
    how.complain ??
    ((line: string) => {
      try {
        process.stderr.write(`${line}\n`);
      } catch {
        // stderr is gone too: nothing left to say it on
      }
    });
  const stops = streams.map((stream) => {
    const onError = (e: unknown): void => {
      // A command watching this stream (kete play, board-test, engine) handles it.
      if (stream.listenerCount("error") > 1) return;
      if (isClosedOutput(e)) {
        exit(code());
        return;
      }
      complain(`kete: cannot write the output: ${e instanceof Error ? e.message : String(e)}`);
      exit(1);
    };
    stream.on("error", onError);
    return () => stream.off("error", onError);
  });
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * Calls `onClosed` when `stream` (default stdout) can no longer be written
 * (closed under the command, or any other write error), and keeps the
 * process-wide handler from ending the process meanwhile; returns the
 * function that stops watching.
 */
export function whenOutputCloses(
  onClosed: () => void,
  stream: EventEmitter = process.stdout,
): () => void {
  const onError = (): void => onClosed();
  stream.on("error", onError);
  return () => stream.off("error", onError);
}
