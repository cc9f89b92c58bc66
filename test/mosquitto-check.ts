/**
 * vitest global setup: the club tests (test/club) run against a real
 * Mosquitto. Without it they skip, and that must never pass unnoticed: in CI
 * (`CI` set) the run fails at once; elsewhere a banner says which tests were
 * skipped and how to get them.
 */
import { mosquittoAvailable, mosquittoPath } from "./club/mosquitto-path.js";

export function missingMosquittoMessage(ci: boolean): string | null {
  if (mosquittoAvailable()) return null;
  const what = `mosquitto is not installed at ${mosquittoPath()}: the club night's tests against a real broker (test/club) cannot run`;
  return ci
    ? `${what}. CI must install it (.ci/run does: apt-get install -y mosquitto), or set KETE_MOSQUITTO to its path.`
    : `${what} and are SKIPPED. Install it (apt-get install mosquitto) or set KETE_MOSQUITTO to a mosquitto.`;
}

export default function setup(): void {
  const ci = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
  const message = missingMosquittoMessage(ci);
  if (message === null) return;
  if (ci) throw new Error(message);
  const bar = "!".repeat(78);
  process.stderr.write(`\n${bar}\n${message}\n${bar}\n\n`);
}
