/**
 * Where the browser tests find Chromium: Debian's `chromium` package
 * (/usr/bin/chromium, which .ci/run installs), or KETE_CHROMIUM. Kept apart
 * from browser.ts so the global setup (test/chromium-check.ts) does not load
 * playwright-core.
 */
import { accessSync, constants } from "node:fs";

export function chromiumPath(): string {
  const given = process.env.KETE_CHROMIUM;
  return given !== undefined && given !== "" ? given : "/usr/bin/chromium";
}

/** Whether the Chromium of `chromiumPath()` is there and executable. */
export function chromiumAvailable(): boolean {
  try {
    accessSync(chromiumPath(), constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
