/**
 * vitest global setup: the browser tests (test/web/*-browser.test.ts) drive
 * Debian's chromium through playwright-core. Without it they skip, and that
 * must never pass unnoticed: in CI (`CI` set) the run fails at once;
 * elsewhere a banner says which tests were skipped and how to get them.
 */
import { chromiumPath, chromiumAvailable } from "./web/chromium.js";

export function missingChromiumMessage(ci: boolean): string | null {
  if (chromiumAvailable()) return null;
  const what = `chromium is not installed at ${chromiumPath()}: the web view's real-browser tests (test/web/*-browser.test.ts) cannot run`;
  return ci
    ? `${what}. CI must install it (.ci/run does: apt-get install -y chromium), or set KETE_CHROMIUM to its path.`
    : `${what} and are SKIPPED. Install it (apt-get install chromium) or set KETE_CHROMIUM to a Chromium.`;
}

export default function setup(): void {
  const ci = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
  const message = missingChromiumMessage(ci);
  if (message === null) return;
  if (ci) throw new Error(message);
  const bar = "!".repeat(78);
  process.stderr.write(`\n${bar}\n${message}\n${bar}\n\n`);
}
