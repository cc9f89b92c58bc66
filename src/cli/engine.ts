/**
 * `kete engine`: the JSON-lines rules service (shared/spec/engine-protocol.md).
 * Reads requests from stdin, writes exactly one answer line per request to
 * stdout, and nothing else; exits 0 at end of input.
 */
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { once } from "node:events";
import type { Command } from "commander";
import { handleRequestLine } from "../engine/handler.js";

export function registerEngineCommand(program: Command): Command {
  return program
    .command("engine")
    .description("serve the rules as JSON lines on stdin/stdout (see spec/engine-protocol.md)")
    .action(async () => {
      quietOnBrokenPipe(process.stdout);
      await runEngine(process.stdin, process.stdout);
    });
}

/** Answers every line of `input` on `output`, in order, until `input` ends. */
export async function runEngine(input: Readable, output: Writable): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    const answer = handleRequestLine(line);
    if (answer === null) continue;
    if (!output.write(`${answer}\n`)) await once(output, "drain");
  }
}

/** The reader went away (EPIPE): stop without a word. Other write errors exit 1. */
export function quietOnBrokenPipe(stream: Writable): void {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    process.stderr.write(`kete engine: cannot write answers: ${e.message}\n`);
    process.exit(1);
  });
}
