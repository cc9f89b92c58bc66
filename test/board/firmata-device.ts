/**
 * A scripted StandardFirmata Mega for the FirmataBoard tests, behind
 * serialport's mock binding, on a fake clock: it answers firmata-io's
 * handshake (version, firmware, capabilities, analogue mapping), keeps
 * pin modes, reporting and the sampling interval, sends A0..A15 every
 * interval for the pit weights through the D22-selected switches, reports
 * the buttons' port, and counts I2C writes. Not StandardFirmata itself
 * (that runs under emulation in src/emulator/stock/): a test double small
 * enough to read.
 */
import { SerialPortMock } from "serialport";
import type { BindingInterface } from "../../src/board/serial-board.js";
import type { FakeScheduler } from "../../src/board/scheduler.js";
import { NOMINAL_GAIN, NOMINAL_TARE } from "../../src/board/firmata/mega.js";

type MockPort = Awaited<ReturnType<typeof SerialPortMock.binding.open>>;

const PINS = 70;
const FIRST_ANALOG = 54;
let counter = 0;

export class FakeFirmataMega {
  readonly path = `/dev/kete-firmata-mock-${++counter}`;
  /** Stones in each pit (canonical order), read through tare and gain. */
  readonly stones: number[] = new Array<number>(32).fill(4);
  /** A pit's raw reading overriding its stones (a stuck sensor: 1023). */
  readonly stuck = new Map<number, number>();
  readonly tare: number[] = new Array<number>(32).fill(NOMINAL_TARE);
  readonly gain: number[] = new Array<number>(32).fill(NOMINAL_GAIN);
  interval = 19;
  select = 0;
  i2cWrites = 0;
  hostBytes = 0;
  /** Silent: sends nothing (a hung board). */
  hung = false;
  /**
   * Reports, but no longer follows the host: ignores D22 and pin state queries, as
   * StandardFirmata does once it has misread a command (bytes lost in its receive
   * buffer) and reads an I2C address nobody has, over and over. A SYSTEM_RESET cures it.
   */
  confused = false;
  /**
   * Sends no analogue reports, whatever the host asks, until a SYSTEM_RESET: what a
   * misread sampling interval or report switch looks like once the set-up is misread too.
   */
  mute = false;
  /**
   * Opening the port resets the board (DTR), as on every Mega 2560 (default). False: a
   * board with its own supply, or one behind a pty, keeps running, and keeps what it
   * misread, while the host's port is closed.
   */
  resetOnOpen = true;
  /** SYSTEM_RESETs (0xFF) received. */
  systemResets = 0;
  /** What the host sent of its start-up, in order: each SYSTEM_RESET and SAMPLING_INTERVAL. */
  readonly startUp: ("reset" | "interval")[] = [];
  private booted = false;
  private readonly reporting = new Set<number>();
  private readonly modes = new Map<number, number>();
  private buttons = 0b1100; // D2, D3 pulled up: released
  private port: MockPort | null = null;
  private rx: number[] = [];
  private cancel: (() => void) | null = null;
  private pull: (() => void) | null = null;
  readonly binding: BindingInterface;

  constructor(private readonly clock: FakeScheduler) {
    SerialPortMock.binding.createPort(this.path, { echo: false, record: false });
    this.binding = {
      list: () => SerialPortMock.binding.list(),
      open: async (options) => {
        const port = await SerialPortMock.binding.open(options);
        const write = port.write.bind(port);
        port.write = async (buffer: Buffer) => {
          await write(buffer);
          this.receive(buffer);
        };
        const read = port.read.bind(port);
        // A pulled cable fails the pending read (EIO), as the OS does.
        port.read = (buffer: Buffer, offset: number, length: number) =>
          Promise.race([
            read(buffer, offset, length),
            new Promise<never>((_, reject) => {
              this.pull = () =>
                reject(Object.assign(new Error("EIO: input/output error"), { code: "EIO" }));
            }),
          ]);
        const close = port.close.bind(port);
        port.close = async () => {
          if (this.port === port) this.port = null;
          await close();
        };
        this.port = port;
        // Opening the port resets the Mega (DTR): it boots and announces itself. One that
        // kept running (`resetOnOpen` false) goes on as it was, reporting or not.
        if (this.resetOnOpen || !this.booted) this.clock.schedule(() => this.boot(), 50);
        else this.arm();
        return port;
      },
    };
  }

  /** The board restarts (reset button, watchdog): reporting off, version and firmware again. */
  boot(): void {
    this.booted = true;
    this.mute = false;
    this.confused = false;
    this.reporting.clear();
    this.interval = 19;
    this.select = 0;
    this.send([0xf9, 2, 5]);
    this.sendFirmware();
    this.arm();
  }

  /** Pulls the USB cable: the pending read fails, and the host's port closes. */
  unplug(): void {
    this.port = null;
    this.cancel?.();
    this.pull?.();
  }

  press(button: 1 | 2, down: boolean): void {
    const bit = 1 << (button + 1);
    this.buttons = down ? this.buttons & ~bit : this.buttons | bit;
    this.send([0x90, this.buttons & 0x7f, 0]);
  }

  raw(pit: number): number {
    const stuck = this.stuck.get(pit);
    if (stuck !== undefined) return stuck;
    const value = (this.tare[pit] ?? 0) + (this.gain[pit] ?? 0) * (this.stones[pit] ?? 0);
    return Math.max(0, Math.min(1023, Math.round(value)));
  }

  private arm(): void {
    this.cancel?.();
    this.cancel = this.clock.schedule(() => {
      this.cancel = null;
      if (this.port === null) return;
      this.sample();
      this.arm();
    }, this.interval);
  }

  private sample(): void {
    if (this.mute) return;
    const bytes: number[] = [];
    for (let ch = 0; ch < 16; ch++) {
      if (!this.reporting.has(ch)) continue;
      const value = this.raw(ch + 16 * this.select);
      bytes.push(0xe0 | ch, value & 0x7f, (value >> 7) & 0x7f);
    }
    if (bytes.length > 0) this.send(bytes);
  }

  private send(bytes: readonly number[]): void {
    if (this.hung || this.port === null || !this.port.isOpen) return;
    this.port.emitData(Buffer.from(bytes));
  }

  private sendFirmware(): void {
    const name = [...Buffer.from("StandardFirmata.ino")].flatMap((b) => [b & 0x7f, b >> 7]);
    this.send([0xf0, 0x79, 2, 5, ...name, 0xf7]);
  }

  private receive(buffer: Buffer): void {
    this.hostBytes += buffer.length;
    for (const b of buffer) {
      if (b & 0x80 && this.rx[0] !== 0xf0) this.rx = [];
      this.rx.push(b);
      this.command();
    }
  }

  private command(): void {
    const rx = this.rx;
    const first = rx[0] ?? 0;
    if (first === 0xf0) {
      if (rx[rx.length - 1] === 0xf7) {
        this.sysex(rx.slice(1, -1));
        this.rx = [];
      }
      return;
    }
    const kind = first & 0xf0;
    if (first === 0xff) {
      // SYSTEM_RESET: StandardFirmata's systemResetCallback (no announcement).
      this.systemResets++;
      this.startUp.push("reset");
      this.reporting.clear();
      this.confused = false;
      this.mute = false;
      this.rx = [];
    } else if (first === 0xf9 && rx.length === 1) {
      this.send([0xf9, 2, 5]);
      this.rx = [];
    } else if ((kind === 0xc0 || kind === 0xd0) && rx.length === 2) {
      if (kind === 0xc0) {
        if (rx[1] === 1) this.reporting.add(first & 0x0f);
        else this.reporting.delete(first & 0x0f);
      } else if (rx[1] === 1) this.send([0x90 | (first & 0x0f), this.buttons & 0x7f, 0]);
      this.rx = [];
    } else if ((kind === 0x90 || first === 0xf4 || first === 0xf5) && rx.length === 3) {
      // A confused board leaves D22 as it was.
      if (first === 0xf4) this.modes.set(rx[1] ?? 0, rx[2] ?? 0);
      else if (!this.confused && first === 0xf5 && rx[1] === 22) this.select = rx[2] ? 1 : 0;
      else if (!this.confused && kind === 0x90 && (first & 0x0f) === 2) {
        this.select = ((rx[1] ?? 0) >> 6) & 1;
      }
      this.rx = [];
    }
  }

  protected sysex(body: readonly number[]): void {
    const [cmd] = body;
    if (cmd === 0x79) this.sendFirmware();
    else if (cmd === 0x6b) {
      const caps: number[] = [];
      for (let pin = 0; pin < PINS; pin++) {
        caps.push(0, 1, 1, 1, 0x0b, 1);
        if (pin >= FIRST_ANALOG) caps.push(2, 10);
        caps.push(0x7f);
      }
      this.send([0xf0, 0x6c, ...caps, 0xf7]);
    } else if (cmd === 0x69) {
      const map: number[] = [];
      for (let pin = 0; pin < PINS; pin++)
        map.push(pin >= FIRST_ANALOG ? pin - FIRST_ANALOG : 0x7f);
      this.send([0xf0, 0x6a, ...map, 0xf7]);
    } else if (cmd === 0x7a) {
      this.interval = Math.max(1, (body[1] ?? 0) | ((body[2] ?? 0) << 7));
      this.startUp.push("interval");
    } else if (cmd === 0x6d) {
      if (this.confused) return;
      const pin = body[1] ?? 0;
      const state = pin === 22 ? this.select : 0;
      this.send([0xf0, 0x6e, pin, this.modes.get(pin) ?? 0, state, 0xf7]);
    } else if (cmd === 0x76) {
      this.i2cWrites++;
    }
  }
}
