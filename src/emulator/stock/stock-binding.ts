/**
 * The emulated stock board behind a serialport binding, in memory: a
 * `SerialPortStream` (or firmata-io, or johnny-five) opened with this
 * binding talks to StandardFirmata on the emulated Mega as to a Mega on USB,
 * with no pseudo-terminal and no socat, so a whole game can run in emulated
 * time (`board.clock`) in `npm test`.
 *
 *   const binding = new StockBinding(board);                // path "/dev/kete-stock-1"
 *   const port = new SerialPortStream({ binding, path: binding.path, baudRate: 57600 });
 *   board.start({ realTime: false });                       // or drive board.runFor(ms)
 *   …
 *   binding.unplug();    // the cable is pulled: the port's read fails (a disconnect), the board loses power
 *   binding.replug();    // plugged in again: the board powers up (reset "power"), the path opens again
 *
 * Opening the port resets the Mega (the USB bridge's DTR pulses its reset
 * line, as every Mega 2560 does unless that is cut), unless `resetOnOpen`
 * is false. Bytes the firmware sends reach the reader when their stop bit
 * is out, a slice (≤ 1 emulated ms) at a time; bytes written reach the
 * firmware one per byte time at its baud rate. The port's own baud rate is
 * not checked (a wrong one would be garbage on a real Mega).
 */
import type { BindingInterface } from "../../board/index.js";
import type { StockBoard } from "./stock-board.js";

type PortInterface = Awaited<ReturnType<BindingInterface["open"]>>;
type PortOpenOptions = Parameters<BindingInterface["open"]>[0];
type PortInfo = Awaited<ReturnType<BindingInterface["list"]>>[number];

export interface StockBindingOptions {
  /** The device path (default /dev/kete-stock-N). */
  readonly path?: string;
  /** Reset the board when the port opens (DTR auto-reset; default true). */
  readonly resetOnOpen?: boolean;
}

let made = 0;

class BindingError extends Error {
  constructor(
    message: string,
    readonly canceled = false,
  ) {
    super(message);
  }
}

class StockPort implements PortInterface {
  isOpen = true;
  readonly openOptions: Required<PortOpenOptions>;
  private received: number[] = [];
  private waiting: {
    buffer: Buffer;
    offset: number;
    length: number;
    resolve: (r: { buffer: Buffer; bytesRead: number }) => void;
    reject: (e: Error) => void;
  } | null = null;
  private readonly untap: () => void;
  private baudRate: number;
  private gone: BindingError | null = null;

  constructor(
    private readonly board: StockBoard,
    options: PortOpenOptions,
    private readonly onClosed: () => void,
  ) {
    this.openOptions = {
      dataBits: 8,
      lock: true,
      stopBits: 1,
      parity: "none",
      rtscts: false,
      xon: false,
      xoff: false,
      xany: false,
      hupcl: true,
      ...options,
    };
    this.baudRate = options.baudRate;
    this.untap = board.onTx((byte) => {
      this.received.push(byte);
      // The reader sees the slice's bytes together, after it (as a USB bridge batches them).
      if (this.received.length === 1) setImmediate(() => this.deliver());
    });
  }

  private deliver(): void {
    const w = this.waiting;
    if (w === null || this.received.length === 0) return;
    const n = Math.min(w.length, this.received.length);
    const bytes = this.received.splice(0, n);
    w.buffer.set(bytes, w.offset);
    this.waiting = null;
    w.resolve({ buffer: w.buffer, bytesRead: n });
  }

  read(
    buffer: Buffer,
    offset: number,
    length: number,
  ): Promise<{ buffer: Buffer; bytesRead: number }> {
    if (!this.isOpen) return Promise.reject(new BindingError("port is not open", true));
    if (this.gone !== null) return Promise.reject(this.gone);
    if (this.waiting !== null) return Promise.reject(new BindingError("a read is pending"));
    return new Promise((resolve, reject) => {
      this.waiting = { buffer, offset, length, resolve, reject };
      this.deliver();
    });
  }

  write(buffer: Buffer): Promise<void> {
    if (!this.isOpen) return Promise.reject(new BindingError("port is not open", true));
    if (this.gone !== null) return Promise.reject(this.gone);
    this.board.receive(Uint8Array.from(buffer));
    return Promise.resolve();
  }

  /**
   * The device is gone: the pending read fails with a disconnect (not
   * `canceled`), and so does every later read or write; the port stays open
   * until its owner closes it, as serialport expects.
   */
  disconnect(): void {
    if (this.gone !== null) return;
    this.gone = new BindingError("device disconnected");
    this.untap();
    this.received = [];
    const w = this.waiting;
    this.waiting = null;
    w?.reject(this.gone);
  }

  close(): Promise<void> {
    if (!this.isOpen) return Promise.reject(new BindingError("port is not open"));
    this.isOpen = false;
    if (this.gone === null) this.untap();
    this.received = [];
    const w = this.waiting;
    this.waiting = null;
    w?.reject(new BindingError("port closed", true));
    this.onClosed();
    return Promise.resolve();
  }

  update(options: { baudRate: number }): Promise<void> {
    this.baudRate = options.baudRate;
    return Promise.resolve();
  }

  set(): Promise<void> {
    return Promise.resolve();
  }

  get(): Promise<{ cts: boolean; dsr: boolean; dcd: boolean }> {
    return Promise.resolve({ cts: true, dsr: true, dcd: true });
  }

  getBaudRate(): Promise<{ baudRate: number }> {
    return Promise.resolve({ baudRate: this.baudRate });
  }

  flush(): Promise<void> {
    this.received = [];
    return Promise.resolve();
  }

  drain(): Promise<void> {
    return Promise.resolve();
  }
}

export class StockBinding implements BindingInterface {
  readonly path: string;
  private port: StockPort | null = null;
  private plugged = true;
  private readonly resetOnOpen: boolean;
  /** Opens so far (tests). */
  opens = 0;

  constructor(
    readonly board: StockBoard,
    options: StockBindingOptions = {},
  ) {
    this.path = options.path ?? `/dev/kete-stock-${++made}`;
    this.resetOnOpen = options.resetOnOpen ?? true;
  }

  list(): Promise<PortInfo[]> {
    if (!this.plugged) return Promise.resolve([]);
    return Promise.resolve([
      {
        path: this.path,
        manufacturer: "Arduino (emulated by kete)",
        serialNumber: "KETE-STOCK",
        pnpId: undefined,
        locationId: undefined,
        // The Mega 2560 R3's USB IDs.
        vendorId: "2341",
        productId: "0042",
      },
    ]);
  }

  open(options: PortOpenOptions): Promise<StockPort> {
    if (options.path !== this.path || !this.plugged) {
      return Promise.reject(new BindingError(`no such port: ${options.path}`));
    }
    if (this.port !== null) return Promise.reject(new BindingError(`${this.path} is locked`));
    this.opens++;
    if (this.resetOnOpen) this.board.reset("external");
    const port = new StockPort(this.board, options, () => {
      if (this.port === port) this.port = null;
    });
    this.port = port;
    return Promise.resolve(port);
  }

  /** Pulls the cable: the open port fails as a disconnect; the path is gone until `replug`. */
  unplug(): void {
    this.plugged = false;
    this.port?.disconnect();
  }

  /** Plugs the cable back in: the board powers up afresh. */
  replug(): void {
    if (this.plugged) return;
    this.plugged = true;
    this.board.reset("power");
  }

  get isPlugged(): boolean {
    return this.plugged;
  }
}
