/**
 * `node dist/bench/echo-port.js PATH`: opens a serial device and writes back
 * every byte it reads. The board bench runs it in its own process as the far
 * end of a pty, to measure the transport's round trip with no kete code.
 */
import { SerialPort } from "serialport";

const path = process.argv[2];
if (path === undefined) {
  process.stderr.write("usage: echo-port PATH\n");
  process.exit(2);
}
const port = new SerialPort({ path, baudRate: 115200 });
port.on("data", (d: Buffer) => port.write(d));
port.on("error", (e: Error) => {
  process.stderr.write(`echo-port: ${e.message}\n`);
  process.exit(1);
});
process.on("SIGINT", () => port.close(() => process.exit(0)));
