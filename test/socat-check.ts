/**
 * vitest global setup: the pseudo-terminal tests need socat. Without it they
 * skip, and that must never pass unnoticed: in CI (`CI` set) the run fails at
 * once; elsewhere a banner says which tests were skipped and how to get them.
 */
import { socatAvailable } from "../src/board/pty.js";

export function missingSocatMessage(ci: boolean): string | null {
  if (socatAvailable()) return null;
  const what =
    "socat is not installed: the serial tests over real pseudo-terminals (test/board/pty, test/board/cli, test/cli/play-port) cannot run";
  return ci
    ? `${what}. CI must install it (.ci/run does: apt-get install -y socat).`
    : `${what} and are SKIPPED. Install it: apt-get install socat`;
}

export default function setup(): void {
  const ci = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
  const message = missingSocatMessage(ci);
  if (message === null) return;
  if (ci) throw new Error(message);
  const bar = "!".repeat(78);
  process.stderr.write(`\n${bar}\n${message}\n${bar}\n\n`);
}
