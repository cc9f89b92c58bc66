/**
 * The error codes of the emulator (issue 31): a firmware image missing,
 * unreadable as Intel HEX or of the wrong size, a wiring or EEPROM file, a
 * fault on a pit the board does not have, and the ptys an emulated board is
 * served on (the board layer's port codes: `no-socat`, `path-taken`, …).
 */
import type { KeteError } from "../shared/index.js";
import type { PortErrorCode, WiringError } from "../board/index.js";

export type EmulatorErrorCode =
  | "no-firmware"
  | "bad-hex"
  | "bad-firmware"
  | WiringError["code"]
  | "bad-eeprom"
  | "bad-fault"
  | PortErrorCode;
export type EmulatorError = KeteError<EmulatorErrorCode>;
