/** Shared wiring for the board tests: a simulated firmware behind serialport's mock binding. */
import { SerialPortMock } from "serialport";
import type { BoardEvent } from "../../src/board/link.js";
import { SimulatedFirmware } from "../../src/board/firmware.js";
import type { FirmwareOptions } from "../../src/board/firmware.js";
import { PhysicalBoard } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { SerialBoard } from "../../src/board/serial-board.js";
import type { BindingInterface, SerialBoardOptions } from "../../src/board/serial-board.js";

type MockPort = Awaited<ReturnType<typeof SerialPortMock.binding.open>>;

let counter = 0;

/**
 * A mock serial device at a fresh path whose other end is a simulated
 * firmware: bytes the host writes reach `firmware.receive`, the firmware's
 * lines are emitted as received data. All on one fake clock.
 */
export function mockBoard(
  options: { firmware?: FirmwareOptions; session?: SerialBoardOptions; counts?: number } = {},
): {
  clock: FakeScheduler;
  physical: PhysicalBoard;
  firmware: SimulatedFirmware;
  board: SerialBoard;
  events: BoardEvent[];
  ports: () => MockPort[];
} {
  const clock = new FakeScheduler();
  const physical = new PhysicalBoard({ counts: options.counts ?? 4 });
  const firmware = new SimulatedFirmware(physical, { ...options.firmware, scheduler: clock });
  const path = `/dev/kete-mock-${++counter}`;
  SerialPortMock.binding.createPort(path, { echo: false, record: false });
  const opened: MockPort[] = [];
  const binding: BindingInterface = {
    list: () => SerialPortMock.binding.list(),
    open: async (openOptions) => {
      const port = await SerialPortMock.binding.open(openOptions);
      const write = port.write.bind(port);
      port.write = async (buffer: Buffer) => {
        await write(buffer);
        firmware.receive(buffer);
      };
      firmware.connect((bytes) => {
        if (port.isOpen) port.emitData(Buffer.from(bytes, "latin1"));
      });
      opened.push(port);
      return port;
    },
  };
  firmware.powerOn();
  const board = new SerialBoard(path, { ...options.session, binding, scheduler: clock });
  const events: BoardEvent[] = [];
  board.subscribe((e) => events.push(e));
  return { clock, physical, firmware, board, events, ports: () => opened };
}

export function linkStates(events: readonly BoardEvent[]): string[] {
  return events.flatMap((e) => (e.type === "link" ? [e.state] : []));
}

export function lineErrors(events: readonly BoardEvent[]): string[] {
  return events.flatMap((e) => (e.type === "line-error" ? [e.code] : []));
}

export function snapshots(events: readonly BoardEvent[]) {
  return events.flatMap((e) => (e.type === "snapshot" ? [e.snapshot] : []));
}
