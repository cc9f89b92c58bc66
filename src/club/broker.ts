/**
 * `kete serve --event local`: an MQTT broker inside kete (aedes), for a club
 * trying the broadcast on one machine without installing Mosquitto. No
 * users, no ACL, nothing kept across a restart: for a club night with
 * boards on several machines, use Mosquitto with docs/club's set-up.
 */
import { createServer, type Server } from "node:net";
import { Aedes } from "aedes";
import { err, ok, type Result } from "../shared/index.js";
import type { ClubError } from "./errors.js";

export interface LocalBroker {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Starts the broker on `host:port` (port 0: any free one); the error when the port cannot be had. */
export async function startLocalBroker(
  host: string,
  port: number,
): Promise<Result<LocalBroker, ClubError>> {
  const broker = await Aedes.createBroker();
  const server: Server = createServer(broker.handle);
  const listening = await new Promise<Result<number, ClubError>>((resolve) => {
    server.once("error", (e: NodeJS.ErrnoException) =>
      resolve(
        err(
          "broker-listen",
          `cannot start kete's own broker on ${host}:${port}: ${e.code ?? e.message}${e.code === "EADDRINUSE" ? " (a broker already runs there? then give its address: --event mqtt://HOST/EVENT; or choose --broker-port)" : ""}`,
        ),
      ),
    );
    server.listen(port, host, () => {
      const a = server.address();
      resolve(ok(typeof a === "object" && a !== null ? a.port : port));
    });
  });
  if (!listening.ok) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    return listening;
  }
  return ok({
    host,
    port: listening.value,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
