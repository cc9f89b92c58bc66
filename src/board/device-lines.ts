/**
 * The board's side of the protocol's lines, as every board kete runs on the
 * host speaks it: the simulated firmware (firmware.ts) and the stock-parts
 * board's host firmware (firmata/firmware.ts). Host bytes are framed into
 * lines (a line too long: `ERR rx-overflow`); a line that cannot be read is
 * answered as PROTOCOL.md §11.1 says (a damaged line `ERR rx-checksum`, a
 * malformed one `ERR rx-syntax`, a readable id with a bad command `NAK` with
 * its reason); a command is carried out by the device and answered `ACK` or
 * `NAK` (§6.3), and `RESET` is acknowledged before the device reboots.
 *
 *   const lines = new DeviceLines({ send, execute, reboot: () => this.boot("command") });
 *   lines.receive(bytes);      // from the host
 *   lines.reset();             // at boot: a partial line is forgotten
 */
import { LineFramer, parseHostLine } from "../protocol/index.js";
import type { BoardMessage, HostMessage, NakReason } from "../protocol/index.js";

type WithoutSeq<T> = T extends unknown ? Omit<T, "seq"> : never;
/** A board message before its sequence number (the device numbers what it sends). */
export type Outgoing = WithoutSeq<BoardMessage>;

/** What a device does with the lines `DeviceLines` reads. */
export interface ProtocolDevice {
  /** Sends a board message. */
  send(message: Outgoing): void;
  /** Carries out a command (its data lines first); the NAK reason, or null for ACK. */
  execute(command: HostMessage): NakReason | null;
  /** After RESET's ACK: the device reboots (BOOT … command). */
  reboot(): void;
  /** A line with a valid checksum arrived: a command, or null for one refused (§6.5's host timeout counts these). */
  heard?(command: HostMessage | null): void;
  /** True while the device hears but answers nothing (a simulated board told to be mute). */
  silent?(): boolean;
  /** True when the device answers this command later itself (a snapshot before the first scan). */
  defer?(command: HostMessage): boolean;
}

/** Parse errors of a line whose checksum failed or that could not be read (§11.1). */
const CHECKSUM_ERRORS = new Set([
  "non-ascii",
  "bad-char",
  "missing-checksum",
  "malformed-checksum",
  "bad-checksum",
]);
const SYNTAX_ERRORS = new Set(["bad-syntax", "bad-id", "bad-seq", "empty"]);

export class DeviceLines {
  private readonly framer = new LineFramer();

  constructor(private readonly device: ProtocolDevice) {}

  /** Forgets a partial line (the device booted). */
  reset(): void {
    this.framer.reset();
  }

  /** Bytes from the host. */
  receive(chunk: Uint8Array | string): void {
    for (const framed of this.framer.push(chunk)) {
      if (!framed.ok) {
        this.device.send({ type: "error", code: "rx-overflow", pit: null });
        continue;
      }
      if (framed.value.length > 0) this.line(framed.value);
    }
  }

  private line(text: string): void {
    const device = this.device;
    const parsed = parseHostLine(text);
    if (!parsed.ok) {
      const code = parsed.error.code;
      if (code === "too-long") device.send({ type: "error", code: "rx-overflow", pit: null });
      else if (CHECKSUM_ERRORS.has(code))
        device.send({ type: "error", code: "rx-checksum", pit: null });
      else if (SYNTAX_ERRORS.has(code))
        device.send({ type: "error", code: "rx-syntax", pit: null });
      else {
        device.heard?.(null);
        const id = parseInt(text.slice(0, 2), 16);
        const reason: NakReason =
          code === "unknown-message"
            ? "unknown-command"
            : code === "bad-pit"
              ? "bad-pit"
              : "bad-args";
        if (device.silent?.() !== true) device.send({ type: "nak", id, reason });
      }
      return;
    }
    const command = parsed.value;
    device.heard?.(command);
    if (device.silent?.() === true || device.defer?.(command) === true) return;
    const nak = device.execute(command);
    if (nak !== null) device.send({ type: "nak", id: command.id, reason: nak });
    else {
      device.send({ type: "ack", id: command.id });
      if (command.type === "reset") device.reboot();
    }
  }
}
