/**
 * TCA9548A 8-channel I2C switches, as the TI datasheet (SCPS207) describes them,
 * for the Abalone board (hardware/abalone.md §5, §9): 61 TMAG5273 sensors that
 * all answer 0x35, each alone on one port of one of eight switches at
 * 0x70..0x77.
 *
 * - The switch answers its own address (0x70 | A2 A1 A0); its one register is
 *   the control register: a write's byte enables the ports whose bits are set
 *   (bit n = port n), a read returns it. Several ports may be enabled at once,
 *   and several switches: devices on every enabled port then share the bus
 *   (reads are the wired AND of what they send, as on the real wires).
 * - Power-on and the RESET input (active low, D53 on the board) deselect
 *   every port (control register 0).
 * - A downstream device sees nothing unless its port is enabled: `port(n,
 *   device)` wraps it so that the upstream bus (TwiBus) reaches it only then.
 *
 *   const sw = new Tca9548a(0x70); bus.attach(sw);
 *   bus.attach(sw.port(3, sensor));   // the sensor behind port 3
 */
import type { I2cDevice } from "./stock/pca9685.js";

export const TCA9548A_BASE = 0x70;

export class Tca9548a implements I2cDevice {
  /** The control register: bit n enables port n. */
  control = 0;
  /** Control writes received (tests, benches). */
  writes = 0;
  /** Whether the chip answers at all (false: unplugged, unpowered). */
  present = true;

  constructor(readonly address: number) {}

  /** RESET pulled low (or power-on): every port deselected (datasheet §8.4.3). */
  reset(): void {
    this.control = 0;
  }

  enabled(port: number): boolean {
    return this.present && (this.control & (1 << port)) !== 0;
  }

  answers(address: number): boolean {
    return this.present && address === this.address;
  }

  begin(): void {}

  write(byte: number): boolean {
    this.control = byte & 0xff;
    this.writes++;
    return true;
  }

  read(): number {
    return this.control;
  }

  end(): void {}

  /** `device` behind port `n`: reachable from upstream only while the port is enabled. */
  port(n: number, device: I2cDevice): I2cDevice {
    if (!Number.isInteger(n) || n < 0 || n > 7) throw new RangeError(`TCA9548A port ${n}: 0..7`);
    return {
      answers: (address, write) => this.enabled(n) && device.answers(address, write),
      begin: (address, write) => device.begin(address, write),
      write: (byte) => device.write(byte),
      read: () => device.read(),
      end: () => device.end(),
    };
  }
}
