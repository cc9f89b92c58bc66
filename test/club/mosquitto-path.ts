/**
 * Where the club tests find Mosquitto: KETE_MOSQUITTO, or Debian's
 * /usr/sbin/mosquitto (which .ci/run installs), or the PATH's. Kept apart
 * from mosquitto.ts so the global setup (test/mosquitto-check.ts) loads
 * nothing else.
 */
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function mosquittoPath(): string {
  const given = process.env.KETE_MOSQUITTO;
  if (given !== undefined && given !== "") return given;
  const dirs = ["/usr/sbin", ...(process.env.PATH ?? "").split(delimiter)];
  return dirs.map((d) => join(d, "mosquitto")).find(executable) ?? "/usr/sbin/mosquitto";
}

export function mosquittoAvailable(): boolean {
  return executable(mosquittoPath());
}
