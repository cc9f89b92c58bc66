/**
 * `kete engine`: the JSON-lines rules service (docs/engine.md).
 * Reads requests from stdin, writes exactly one answer line per request to
 * stdout, and nothing else; exits 0 at end of input.
 */
import type { Readable, Writable } from "node:stream";
import { once } from "node:events";
import { performance } from "node:perf_hooks";
import type { Command } from "commander";
import {
  ErrorCode,
  MAX_LINE_LENGTH,
  encodeAnswer,
  errorAnswer,
  handleRequestLine,
} from "../engine/index.js";
import { LineFramer } from "../protocol/index.js";

export function registerEngineCommand(program: Command): Command {
  return program
    .command("engine")
    .description("serve the rules as JSON lines on stdin/stdout (see README.md)")
    .action(async () => {
      quietOnBrokenPipe(process.stdout);
      await runEngine(process.stdin, process.stdout);
    });
}

/** What the pure handler is handed: the clock a `search` request's `ms` is read from. */
const CONTEXT = { now: () => performance.now() };

/**
 * Answers every line of `input` on `output`, in order, until `input` ends.
 * Memory stays bounded: a line longer than the handler's limit is dropped as
 * it streams in (never held whole) and answered with a `line-too-long` error.
 */
export async function runEngine(input: Readable, output: Writable): Promise<void> {
  const framer = new LineFramer({ maxLineLength: MAX_LINE_LENGTH });
  input.setEncoding("utf8");
  const answerAll = async (chunk: string): Promise<void> => {
    for (const line of framer.push(chunk)) {
      const answer = line.ok
        ? handleRequestLine(line.value, undefined, CONTEXT)
        : encodeAnswer(
            errorAnswer({
              code: ErrorCode.lineTooLong,
              message: `request line is longer than ${MAX_LINE_LENGTH} characters; it was not read`,
            }),
          );
      if (answer === null) continue;
      if (!output.write(`${answer}\n`)) await once(output, "drain");
    }
  };
  for await (const chunk of input) await answerAll(String(chunk));
  // A last request without a final newline is still answered.
  await answerAll("\n");
}

/** The reader went away (EPIPE): stop without a word. Other write errors exit 1. */
export function quietOnBrokenPipe(stream: Writable): void {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    process.stderr.write(`kete engine: cannot write answers: ${e.message}\n`);
    process.exit(1);
  });
}
