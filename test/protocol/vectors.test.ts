// Every committed test vector: valid lines parse to exactly the given message
// and format back to exactly the line; invalid lines give exactly the given code.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  PARSE_ERROR_CODES,
  formatBoardMessage,
  formatHostMessage,
  parseBoardLine,
  parseHostLine,
} from "../../src/protocol/index.js";
import type { BoardMessage, HostMessage } from "../../src/protocol/index.js";

type Direction = "board-to-host" | "host-to-board";

interface ValidVector {
  readonly direction: Direction;
  readonly line: string;
  readonly message: BoardMessage | HostMessage;
}

interface InvalidVector {
  readonly direction: Direction;
  readonly line: string;
  readonly error: string;
  readonly note: string;
}

function readJsonl<T>(name: string): T[] {
  const url = new URL(`../../firmware-protocol/vectors/${name}`, import.meta.url);
  return readFileSync(url, "utf8")
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as T);
}

const valid = readJsonl<ValidVector>("valid.jsonl");
const invalid = readJsonl<InvalidVector>("invalid.jsonl");

function parse(direction: Direction, line: string) {
  return direction === "board-to-host" ? parseBoardLine(line) : parseHostLine(line);
}

function format(direction: Direction, message: BoardMessage | HostMessage) {
  return direction === "board-to-host"
    ? formatBoardMessage(message as BoardMessage)
    : formatHostMessage(message as HostMessage);
}

describe("valid vectors", () => {
  it("cover every message type in both directions", () => {
    const board = new Set(
      valid.filter((v) => v.direction === "board-to-host").map((v) => v.message.type),
    );
    const host = new Set(
      valid.filter((v) => v.direction === "host-to-board").map((v) => v.message.type),
    );
    expect([...board].sort()).toEqual(
      [
        "ack",
        "boot",
        "button",
        "calibration",
        "error",
        "heartbeat",
        "info",
        "nak",
        "snapshot",
      ].sort(),
    );
    expect([...host].sort()).toEqual(
      [
        "calibrate",
        "calibration-request",
        "config",
        "hello",
        "led",
        "led-all",
        "led-clear",
        "ping",
        "reset",
        "snapshot-request",
        "tare",
      ].sort(),
    );
  });

  it.each(valid.map((v) => [v.line, v] as const))("%s", (_line, v) => {
    expect(parse(v.direction, v.line)).toEqual({ ok: true, value: v.message });
    expect(format(v.direction, v.message)).toEqual({ ok: true, value: v.line });
    // Receivers accept "\n" and "\r\n" terminators.
    expect(parse(v.direction, `${v.line}\n`)).toEqual({ ok: true, value: v.message });
    expect(parse(v.direction, `${v.line}\r\n`)).toEqual({ ok: true, value: v.message });
  });

  it("are rejected by the other direction's parser", () => {
    for (const v of valid) {
      const other: Direction = v.direction === "board-to-host" ? "host-to-board" : "board-to-host";
      expect(parse(other, v.line).ok).toBe(false);
    }
  });
});

describe("invalid vectors", () => {
  it("cover every parse error code", () => {
    expect(new Set(invalid.map((v) => v.error))).toEqual(new Set(PARSE_ERROR_CODES));
  });

  it.each(invalid.map((v) => [v.note, v] as const))("%s", (_note, v) => {
    const result = parse(v.direction, v.line);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(v.error);
  });
});
