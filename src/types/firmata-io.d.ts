/**
 * The part of firmata-io 2.3 (MIT, no types of its own) that kete's
 * FirmataBoard uses: the Firmata class over a transport kete opens itself.
 */
declare module "firmata-io" {
  import type { EventEmitter } from "node:events";

  /** A byte stream: a serialport 13 `SerialPortStream` or a test double. */
  export interface FirmataTransport {
    write(data: Buffer, callback?: (error?: Error | null) => void): unknown;
    on(event: string, listener: (...args: never[]) => void): unknown;
  }

  export interface FirmataOptions {
    /** Wall-clock ms to wait for REPORT_VERSION before asking for it. */
    readonly reportVersionTimeout?: number;
    readonly samplingInterval?: number;
    readonly skipCapabilities?: boolean;
  }

  export interface FirmataPin {
    readonly supportedModes: readonly number[];
    readonly analogChannel: number;
    /** The last PIN_STATE_RESPONSE's state. */
    readonly state?: number;
  }

  export class Firmata extends EventEmitter {
    constructor(
      transport: FirmataTransport,
      options?: FirmataOptions,
      callback?: (error?: Error) => void,
    );
    readonly isReady: boolean;
    readonly pins: readonly FirmataPin[];
    readonly analogPins: readonly number[];
    readonly MODES: {
      readonly INPUT: number;
      readonly OUTPUT: number;
      readonly ANALOG: number;
      readonly PWM: number;
      readonly I2C: number;
      readonly PULLUP: number;
    };
    readonly firmware: {
      readonly name?: string;
      readonly version?: { major: number; minor: number };
    };
    readonly version: { readonly major?: number; readonly minor?: number };
    pinMode(pin: number, mode: number): void;
    digitalWrite(pin: number, value: 0 | 1): void;
    reportAnalogPin(channel: number, on: 0 | 1): void;
    reportDigitalPin(pin: number, on: 0 | 1): void;
    setSamplingInterval(ms: number): void;
    /** SYSTEM_RESET (0xFF): StandardFirmata's pins and reports to their defaults, I2C reads stopped. */
    reset(): void;
    sysexCommand(message: readonly number[]): this;
    i2cConfig(options: number | { readonly delay?: number; readonly address?: number }): this;
    i2cWrite(address: number, bytes: readonly number[]): this;
    i2cWriteReg(address: number, register: number, value: number): this;
  }

  interface BindTransport {
    (transport: unknown): typeof Firmata;
    readonly Firmata: typeof Firmata;
  }
  const bindTransport: BindTransport;
  export default bindTransport;
}
