// Writes firmware-protocol/vectors/valid.jsonl, invalid.jsonl, gems.jsonl and hex61.jsonl.
//
// The vectors are the committed data; this script only saves typing the
// checksums. It has its own CRC-8 (poly 0x07, init 0x00, as in PROTOCOL.md §3)
// and does not use kete's codec, so the vectors check the codec against the
// document rather than against itself.
//
//   node firmware-protocol/tools/make-vectors.mjs
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function crc8(text) {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) & 0xff;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}
const hex2 = (n) => n.toString(16).toUpperCase().padStart(2, "0");
const sign = (body) => `${body}*${hex2(crc8(body))}`;

if (crc8("123456789") !== 0xf4) throw new Error("CRC-8 check value is wrong");

const B = "board-to-host";
const H = "host-to-board";

// ------------------------------------------------------------------ shapes

const four = (n) => Array.from({ length: 32 }, () => n);
const off = { pattern: "off" };
const led = (colour, pattern) => ({ pattern, colour });

const pits4x8 = [];
for (const r of "ABCD") for (let c = 1; c <= 8; c++) pits4x8.push(`${r}${c}`);

const hexStart =
  "bbbbb" +
  "bbbbbb" +
  "..bbb.." +
  "........" +
  "........." +
  "........" +
  "..www.." +
  "wwwwww" +
  "wwwww";
const hexChar = { ".": "empty", b: "black", w: "white", "?": null };
const hexStartHoles = [...hexStart].map((c) => hexChar[c]);
const hexMid =
  "bbbbb" +
  "bbbbbb" +
  "..bbb.." +
  "........" +
  "....b...." +
  "...w...." +
  "..www.." +
  "wwwwww" +
  "wwww?";

const mixedCounts = [
  0,
  1,
  5,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  4,
  12,
  255,
  null,
];

// 2x5+2 snapshots: cells as written ("1S5", "?"), the places not settled
// (faulty ones included); the mask, flag and decoded message follow from them.
const places2x5 = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "SC", "NC"];
const REASONS = { P: "periodic", C: "change", R: "request" };
const START = ["1S5", "1S4", "1S3", "1S2", "1S1", "1N1", "1N2", "1N3", "1N4", "1N5", "0", "0"];
function glass(seq, reason, unsettled, cells) {
  if (cells.length !== 12) throw new Error("2x5+2 has 12 places");
  let mask = 0;
  places2x5.forEach((p, i) => {
    if (!unsettled.includes(p)) mask |= 1 << i;
  });
  const settled = places2x5.every((p, i) => cells[i] === "?" || !unsettled.includes(p));
  const body =
    `${hex2(seq)} SNAP 2x5+2 ${reason} ${settled ? "S" : "U"} ` +
    `${mask.toString(16).toUpperCase().padStart(3, "0")} ${cells.join(",")}`;
  const places = cells.map((c) =>
    c === "?"
      ? null
      : { count: Number(/^[0-9]+/.exec(c)[0]), gems: c.replace(/^[0-9]+/, "").match(/../g) ?? [] },
  );
  const message = {
    type: "snapshot",
    seq,
    reason: REASONS[reason],
    settled,
    unsettled: places2x5.filter((p) => unsettled.includes(p)),
    board: { geometry: "2x5+2", places },
  };
  return [B, body, message];
}
const withCells = (cells, changes) => cells.map((c, i) => changes[places2x5[i]] ?? c);

// ------------------------------------------------------------------ valid

const valid = [
  [B, "00 BOOT 17 power", { type: "boot", seq: 0, boot: 17, reason: "power" }],
  [B, "00 BOOT 0 watchdog", { type: "boot", seq: 0, boot: 0, reason: "watchdog" }],
  [B, "00 BOOT 65535 command", { type: "boot", seq: 0, boot: 65535, reason: "command" }],
  [B, "00 BOOT 9 reset", { type: "boot", seq: 0, boot: 9, reason: "reset" }],
  [B, "00 BOOT 9 brownout", { type: "boot", seq: 0, boot: 9, reason: "brownout" }],
  [B, "00 BOOT 9 other", { type: "boot", seq: 0, boot: 9, reason: "other" }],
  [
    B,
    "01 INFO proto=1 fw=1.0.0 id=KETE-0001 geo=4x8 boot=17 max=64 leds=RGBYCMW pat=SBFP btn=2 cal=1 deb=200 int=2000",
    {
      type: "info",
      seq: 1,
      proto: 1,
      firmware: "1.0.0",
      boardId: "KETE-0001",
      geometry: "4x8",
      boot: 17,
      maxCount: 64,
      colours: ["red", "green", "blue", "yellow", "cyan", "magenta", "white"],
      patterns: ["steady", "blink", "fast", "pulse"],
      buttons: 2,
      calibration: true,
      debounceMs: 200,
      snapshotIntervalMs: 2000,
    },
  ],
  [
    B,
    "02 INFO proto=1 fw=0.3.1-rc1+g7 id=GPS_7 geo=2x5+2 boot=3 max=40 leds=RGB pat=SB btn=0 cal=0 deb=0 int=0",
    {
      type: "info",
      seq: 2,
      proto: 1,
      firmware: "0.3.1-rc1+g7",
      boardId: "GPS_7",
      geometry: "2x5+2",
      boot: 3,
      maxCount: 40,
      colours: ["red", "green", "blue"],
      patterns: ["steady", "blink"],
      buttons: 0,
      calibration: false,
      debounceMs: 0,
      snapshotIntervalMs: 0,
    },
  ],
  [
    B,
    "03 INFO proto=1 fw=2 id=abalone.1 geo=hex61 boot=65535 max=1 leds=- pat=- btn=16 cal=1 deb=5000 int=60000",
    {
      type: "info",
      seq: 3,
      proto: 1,
      firmware: "2",
      boardId: "abalone.1",
      geometry: "hex61",
      boot: 65535,
      maxCount: 1,
      colours: [],
      patterns: [],
      buttons: 16,
      calibration: true,
      debounceMs: 5000,
      snapshotIntervalMs: 60000,
    },
  ],
  // Protocol 2 (PROTOCOL.md §6.2, §12.2): INFO ends with holes=, the marbles the board tells.
  [
    B,
    "03 INFO proto=2 fw=1.1.0 id=KETE-A-0001 geo=hex61 boot=3 max=1 leds=RGBYCMW pat=SBFP btn=2 cal=1 deb=200 int=2000 holes=bwn",
    {
      type: "info",
      seq: 3,
      proto: 2,
      firmware: "1.1.0",
      boardId: "KETE-A-0001",
      geometry: "hex61",
      boot: 3,
      maxCount: 1,
      colours: ["red", "green", "blue", "yellow", "cyan", "magenta", "white"],
      patterns: ["steady", "blink", "fast", "pulse"],
      buttons: 2,
      calibration: true,
      debounceMs: 200,
      snapshotIntervalMs: 2000,
      holes: ["black", "white", "neutral"],
    },
  ],
  [
    B,
    "03 INFO proto=2 fw=1.1.0 id=KETE-A-0002 geo=hex61 boot=3 max=1 leds=- pat=- btn=0 cal=0 deb=200 int=2000 holes=x",
    {
      type: "info",
      seq: 3,
      proto: 2,
      firmware: "1.1.0",
      boardId: "KETE-A-0002",
      geometry: "hex61",
      boot: 3,
      maxCount: 1,
      colours: [],
      patterns: [],
      buttons: 0,
      calibration: false,
      debounceMs: 200,
      snapshotIntervalMs: 2000,
      holes: ["marble"],
    },
  ],
  [
    B,
    "03 INFO proto=2 fw=1.1.0 id=KETE-0001 geo=4x8 boot=3 max=64 leds=RGBYCMW pat=SBFP btn=2 cal=1 deb=200 int=2000 holes=-",
    {
      type: "info",
      seq: 3,
      proto: 2,
      firmware: "1.1.0",
      boardId: "KETE-0001",
      geometry: "4x8",
      boot: 3,
      maxCount: 64,
      colours: ["red", "green", "blue", "yellow", "cyan", "magenta", "white"],
      patterns: ["steady", "blink", "fast", "pulse"],
      buttons: 2,
      calibration: true,
      debounceMs: 200,
      snapshotIntervalMs: 2000,
      holes: [],
    },
  ],
  [
    B,
    "04 SNAP 4x8 P S FFFFFFFF " + four(4).join(","),
    {
      type: "snapshot",
      seq: 4,
      reason: "periodic",
      settled: true,
      unsettled: [],
      board: { geometry: "4x8", counts: four(4) },
    },
  ],
  [
    B,
    "05 SNAP 4x8 C U 7FFFFFFB 0,1,5,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,12,255,?",
    {
      type: "snapshot",
      seq: 5,
      reason: "change",
      settled: false,
      unsettled: ["A3", "D8"],
      board: { geometry: "4x8", counts: mixedCounts },
    },
  ],
  [
    B,
    "06 SNAP 4x8 R S 7FFFFFFF 0,1,5,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,12,255,?",
    {
      type: "snapshot",
      seq: 6,
      reason: "request",
      settled: true,
      unsettled: ["D8"],
      board: { geometry: "4x8", counts: mixedCounts },
    },
  ],
  [
    B,
    "07 SNAP 4x8 C U 00000000 " + four(0).join(","),
    {
      type: "snapshot",
      seq: 7,
      reason: "change",
      settled: false,
      unsettled: pits4x8,
      board: { geometry: "4x8", counts: four(0) },
    },
  ],
  [
    B,
    "08 SNAP 2x5+2 P S FFF 5,4S1,4,4N2,4,4,4S3N5,4,4,4,0,2S2S4N1",
    {
      type: "snapshot",
      seq: 8,
      reason: "periodic",
      settled: true,
      unsettled: [],
      board: {
        geometry: "2x5+2",
        places: [
          { count: 5, gems: [] },
          { count: 4, gems: ["S1"] },
          { count: 4, gems: [] },
          { count: 4, gems: ["N2"] },
          { count: 4, gems: [] },
          { count: 4, gems: [] },
          { count: 4, gems: ["S3", "N5"] },
          { count: 4, gems: [] },
          { count: 4, gems: [] },
          { count: 4, gems: [] },
          { count: 0, gems: [] },
          { count: 2, gems: ["S2", "S4", "N1"] },
        ],
      },
    },
  ],
  [
    B,
    "09 SNAP 2x5+2 C U 9FF 0S1S2S3S4S5N1N2N3N4N5,0,0,0,0,0,0,0,0,?,3,0",
    {
      type: "snapshot",
      seq: 9,
      reason: "change",
      settled: false,
      unsettled: ["B5", "SC"],
      board: {
        geometry: "2x5+2",
        places: [
          { count: 0, gems: ["S1", "S2", "S3", "S4", "S5", "N1", "N2", "N3", "N4", "N5"] },
          { count: 0, gems: [] },
          { count: 0, gems: [] },
          { count: 0, gems: [] },
          { count: 0, gems: [] },
          { count: 0, gems: [] },
          { count: 0, gems: [] },
          { count: 0, gems: [] },
          { count: 0, gems: [] },
          null,
          { count: 3, gems: [] },
          { count: 0, gems: [] },
        ],
      },
    },
  ],
  [
    B,
    "0A SNAP hex61 R S 1FFFFFFFFFFFFFFF " + hexStart,
    {
      type: "snapshot",
      seq: 10,
      reason: "request",
      settled: true,
      unsettled: [],
      board: { geometry: "hex61", holes: hexStartHoles },
    },
  ],
  [
    B,
    "0B SNAP hex61 C U 0FFFFFFFBFFFFFFF " + hexMid,
    {
      type: "snapshot",
      seq: 11,
      reason: "change",
      settled: false,
      unsettled: ["E5", "I9"],
      board: { geometry: "hex61", holes: [...hexMid].map((c) => hexChar[c]) },
    },
  ],
  [B, "0C HB 17 3600", { type: "heartbeat", seq: 12, boot: 17, uptime: 3600 }],
  [B, "FF HB 0 4294967295", { type: "heartbeat", seq: 255, boot: 0, uptime: 4294967295 }],
  [B, "0D ACK 00", { type: "ack", seq: 13, id: 0 }],
  [B, "0E ACK FF", { type: "ack", seq: 14, id: 255 }],
  ...["unknown-command", "bad-args", "bad-pit", "unsupported", "busy", "version"].map(
    (reason, i) => [
      B,
      `${hex2(0x10 + i)} NAK 3C ${reason}`,
      { type: "nak", seq: 0x10 + i, id: 0x3c, reason },
    ],
  ),
  [B, "20 BTN 1 P", { type: "button", seq: 32, button: 1, action: "press" }],
  [B, "21 BTN 16 R", { type: "button", seq: 33, button: 16, action: "release" }],
  [B, "22 ERR sensor-fault A3", { type: "error", seq: 34, code: "sensor-fault", pit: "A3" }],
  [B, "23 ERR sensor-fault I5", { type: "error", seq: 35, code: "sensor-fault", pit: "I5" }],
  [
    B,
    "24 ERR calibration-needed SC",
    { type: "error", seq: 36, code: "calibration-needed", pit: "SC" },
  ],
  ...["rx-overflow", "rx-checksum", "rx-syntax", "host-timeout"].map((code, i) => [
    B,
    `${hex2(0x25 + i)} ERR ${code}`,
    { type: "error", seq: 0x25 + i, code, pit: null },
  ]),
  [B, "30 CALR A1 ok 512", { type: "calibration", seq: 48, pit: "A1", status: "ok", raw: 512 }],
  [B, "31 CALR NC need 0", { type: "calibration", seq: 49, pit: "NC", status: "need", raw: 0 }],
  [
    B,
    "32 CALR E9 fault 65535",
    { type: "calibration", seq: 50, pit: "E9", status: "fault", raw: 65535 },
  ],

  [H, "01 HELLO 1", { type: "hello", id: 1, proto: 1 }],
  [H, "02 HELLO 255", { type: "hello", id: 2, proto: 255 }],
  [H, "03 PING", { type: "ping", id: 3 }],
  [H, "04 SNAP", { type: "snapshot-request", id: 4 }],
  [H, "05 CFG deb=150", { type: "config", id: 5, debounceMs: 150, snapshotIntervalMs: null }],
  [H, "06 CFG int=0", { type: "config", id: 6, debounceMs: null, snapshotIntervalMs: 0 }],
  [H, "07 CFG deb=0 int=100", { type: "config", id: 7, debounceMs: 0, snapshotIntervalMs: 100 }],
  [
    H,
    "08 CFG deb=5000 int=60000",
    { type: "config", id: 8, debounceMs: 5000, snapshotIntervalMs: 60000 },
  ],
  [H, "09 LED A1:RB", { type: "led", id: 9, leds: [{ pit: "A1", led: led("red", "blink") }] }],
  [
    H,
    "0A LED A1:RS B2:GB C3:YF D8:CP SC:MS E5:WB I9:-- NC:BS",
    {
      type: "led",
      id: 10,
      leds: [
        { pit: "A1", led: led("red", "steady") },
        { pit: "B2", led: led("green", "blink") },
        { pit: "C3", led: led("yellow", "fast") },
        { pit: "D8", led: led("cyan", "pulse") },
        { pit: "SC", led: led("magenta", "steady") },
        { pit: "E5", led: led("white", "blink") },
        { pit: "I9", led: off },
        { pit: "NC", led: led("blue", "steady") },
      ],
    },
  ],
  [
    H,
    "0B LED " + pits4x8.map((p) => `${p}:GS`).join(" "),
    { type: "led", id: 11, leds: pits4x8.map((pit) => ({ pit, led: led("green", "steady") })) },
  ],
  (() => {
    // The most entries a line holds: 40 (this line is 249 bytes).
    const pits = [...pits4x8, "E9", "F2", "F3", "F4", "F5", "F6", "F7", "F8"];
    return [
      H,
      "0C LED " + pits.map((p) => `${p}:--`).join(" "),
      { type: "led", id: 12, leds: pits.map((pit) => ({ pit, led: off })) },
    ];
  })(),
  [H, "0D LEDALL GS", { type: "led-all", id: 13, led: led("green", "steady") }],
  [H, "0E LEDALL --", { type: "led-all", id: 14, led: off }],
  [H, "0F CLR", { type: "led-clear", id: 15 }],
  [H, "10 TARE", { type: "tare", id: 16, pit: null }],
  [H, "11 TARE B4", { type: "tare", id: 17, pit: "B4" }],
  [H, "12 CAL A1 4", { type: "calibrate", id: 18, pit: "A1", known: 4 }],
  [H, "13 CAL SC 0", { type: "calibrate", id: 19, pit: "SC", known: 0 }],
  [H, "14 CAL D8 255", { type: "calibrate", id: 20, pit: "D8", known: 255 }],
  [H, "15 CAL E5 b", { type: "calibrate", id: 21, pit: "E5", known: "black" }],
  [H, "16 CAL I9 w", { type: "calibrate", id: 22, pit: "I9", known: "white" }],
  [H, "17 CAL A5 .", { type: "calibrate", id: 23, pit: "A5", known: "empty" }],
  [H, "18 CALGET", { type: "calibration-request", id: 24 }],
  [H, "19 RESET", { type: "reset", id: 25 }],
  [H, "FF PING", { type: "ping", id: 255 }],
  // 2x5+2 (PROTOCOL.md §5.2, §7, revision 1.3)
  glass(0x30, "R", [], START),
  glass(0x31, "C", ["A3", "A4"], withCells(START, { A3: "0", A4: "2S2" })),
  glass(0x32, "C", ["A3", "B3"], withCells(START, { A3: "2" })),
  glass(
    0x33,
    "P",
    ["NC"],
    withCells(
      START.map(() => "0"),
      { A5: "10", SC: "0S2S3N1N4", NC: "?" },
    ),
  ),
  glass(
    0x34,
    "P",
    [],
    withCells(
      START.map(() => "0"),
      { B1: "255", NC: "0S1S2S3S4S5N1N2N3N4N5" },
    ),
  ),
];

// ------------------------------------------------------------------ invalid
// [direction, body-to-sign | {raw}, error code, note]

const okLine = sign("05 HB 17 3600");
const lowerChecksum = (line) => {
  const lower = line.slice(0, -2) + line.slice(-2).toLowerCase();
  if (lower === line) throw new Error(`checksum of ${line} has no letter`);
  return lower;
};
const flip = (line) => line.slice(0, -1) + (line.endsWith("0") ? "1" : "0");

const invalid = [
  // framing
  [B, { raw: "" }, "empty", "empty line"],
  [H, { raw: "" }, "empty", "empty line"],
  [B, { raw: "\r\n" }, "empty", "only a terminator"],
  [B, { raw: "X".repeat(251) }, "too-long", "251 bytes"],
  [B, sign("00 " + "X".repeat(245)), "too-long", "251 bytes, checksum valid"],
  [H, { raw: "Y".repeat(5000) }, "too-long", "huge line"],
  [B, sign("00 " + "X".repeat(244)), "unknown-message", "250 bytes is still accepted"],
  [B, sign("05 HB 17 36é0"), "non-ascii", "latin-1 byte"],
  [H, sign("05 PING €"), "non-ascii", "beyond latin-1"],
  [B, sign("05 HB 17\t3600"), "bad-char", "tab"],
  [B, sign("05 HB 17 3600\u0000"), "bad-char", "NUL"],
  [B, { raw: "05 HB 17\r3600*00" }, "bad-char", "CR inside a line"],
  [B, { raw: "05 HB 17 3600" }, "missing-checksum", "no checksum"],
  [H, { raw: "03 PING" }, "missing-checksum", "no checksum"],
  [B, { raw: "05 HB 17 3600*" }, "malformed-checksum", "star without digits"],
  [B, { raw: "05 HB 17 3600*4" }, "malformed-checksum", "one digit"],
  [B, { raw: lowerChecksum(sign("00 BOOT 17 power")) }, "malformed-checksum", "lowercase hex"],
  [B, { raw: "05 HB*17 3600*00" }, "malformed-checksum", "star inside the body"],
  [B, { raw: okLine + "0" }, "malformed-checksum", "three digits"],
  [B, { raw: flip(okLine) }, "bad-checksum", "checksum off by one bit"],
  [
    B,
    { raw: okLine.replace("17", "71") },
    "bad-checksum",
    "transposed digits (XOR would miss this)",
  ],
  [B, { raw: okLine.replace("3600", "3500") }, "bad-checksum", "one character changed"],
  [H, { raw: "03 PING*00" }, "bad-checksum", "zero checksum"],
  [B, sign("05 HB  17 3600"), "bad-syntax", "double space"],
  [B, sign(" 05 HB 17 3600"), "bad-syntax", "leading space"],
  [B, sign("05 HB 17 3600 "), "bad-syntax", "trailing space"],
  [B, sign("5 HB 17 3600"), "bad-seq", "one-digit seq"],
  [B, sign("0a HB 17 3600"), "bad-seq", "lowercase seq"],
  [B, sign("100 HB 17 3600"), "bad-seq", "three-digit seq"],
  [H, sign("xx PING"), "bad-id", "id not hex"],
  [H, sign("PING"), "bad-id", "id missing"],
  // messages
  [B, sign("05 FOO 1"), "unknown-message", "unknown keyword"],
  [B, sign("05 hb 17 3600"), "unknown-message", "keywords are uppercase"],
  [B, sign("05 PING"), "unknown-message", "host command sent to the host"],
  [H, sign("05 ACK 01"), "unknown-message", "board message sent to the board"],
  [H, sign("05 LEDS A1:RS"), "unknown-message", "unknown command"],
  [B, sign("05"), "wrong-field-count", "no keyword"],
  [H, sign("05"), "wrong-field-count", "no keyword"],
  [B, sign("05 HB 17"), "wrong-field-count", "HB missing uptime"],
  [B, sign("05 HB 17 3600 1"), "wrong-field-count", "HB extra field"],
  [B, sign("05 BOOT 17"), "wrong-field-count", "BOOT missing reason"],
  [B, sign("05 ACK"), "wrong-field-count", "ACK missing id"],
  [B, sign("05 NAK 01"), "wrong-field-count", "NAK missing reason"],
  [B, sign("05 BTN 1"), "wrong-field-count", "BTN missing action"],
  [B, sign("05 CALR A1 ok"), "wrong-field-count", "CALR missing raw"],
  [B, sign("05 ERR sensor-fault"), "wrong-field-count", "pit error without pit"],
  [B, sign("05 ERR rx-checksum A1"), "wrong-field-count", "pit on a link error"],
  [B, sign("05 SNAP 4x8 P S FFFFFFFF"), "wrong-field-count", "SNAP without cells"],
  [
    B,
    sign("05 SNAP 4x8 P S FFFFFFFF " + four(4).slice(1).join(",")),
    "wrong-field-count",
    "31 cells",
  ],
  [
    B,
    sign("05 SNAP 4x8 P S FFFFFFFF " + [...four(4), 4].join(",")),
    "wrong-field-count",
    "33 cells",
  ],
  [B, sign("05 SNAP 2x5+2 P S FFF 1,1,1,1,1,1,1,1,1,1,1"), "wrong-field-count", "11 places"],
  [
    B,
    sign("05 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart.slice(1)),
    "wrong-field-count",
    "60 holes",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1.0.0 id=K geo=4x8 boot=1 max=64 leds=R pat=S btn=0 cal=1 deb=200"),
    "wrong-field-count",
    "INFO without int",
  ],
  [
    B,
    sign(
      "05 INFO proto=2 fw=1.1.0 id=K geo=hex61 boot=1 max=1 leds=R pat=S btn=0 cal=1 deb=200 int=0",
    ),
    "wrong-field-count",
    "INFO proto=2 without holes=",
  ],
  [
    B,
    sign(
      "05 INFO proto=1 fw=1.0.0 id=K geo=hex61 boot=1 max=1 leds=R pat=S btn=0 cal=1 deb=200 int=0 holes=bw",
    ),
    "wrong-field-count",
    "INFO proto=1 with holes=",
  ],
  [H, sign("05 HELLO"), "wrong-field-count", "HELLO without version"],
  [H, sign("05 PING 1"), "wrong-field-count", "PING takes nothing"],
  [H, sign("05 SNAP 4x8"), "wrong-field-count", "SNAP request takes nothing"],
  [H, sign("05 CLR A1"), "wrong-field-count", "CLR takes nothing"],
  [H, sign("05 LED"), "wrong-field-count", "LED without entries"],
  [H, sign("05 LEDALL"), "wrong-field-count", "LEDALL without state"],
  [H, sign("05 LEDALL RS GS"), "wrong-field-count", "LEDALL with two states"],
  [H, sign("05 TARE A1 A2"), "wrong-field-count", "TARE with two pits"],
  [H, sign("05 CAL A1"), "wrong-field-count", "CAL without count"],
  [H, sign("05 CFG"), "wrong-field-count", "CFG with nothing"],
  [H, sign("05 CFG deb=1 int=100 deb=2"), "wrong-field-count", "CFG with three settings"],
  // fields
  [B, sign("05 HB 017 3600"), "bad-field", "leading zero"],
  [B, sign("05 HB -1 3600"), "bad-field", "negative"],
  [B, sign("05 HB 1.5 3600"), "bad-field", "fraction"],
  [B, sign("05 HB 0x10 3600"), "bad-field", "hex where decimal"],
  [B, sign("05 BOOT 1 kaboom"), "bad-field", "unknown boot reason"],
  [B, sign("05 ACK 1"), "bad-field", "one-digit id"],
  [B, sign("05 ACK 0f"), "bad-field", "lowercase id"],
  [B, sign("05 NAK 01 oops"), "bad-field", "unknown NAK reason"],
  [B, sign("05 BTN 1 X"), "bad-field", "unknown button action"],
  [B, sign("05 ERR meltdown"), "bad-field", "unknown error code"],
  [B, sign("05 CALR A1 great 1"), "bad-field", "unknown calibration status"],
  [B, sign("05 SNAP 5x5 P S FFFFFFFF " + four(4).join(",")), "bad-field", "unknown geometry"],
  [B, sign("05 SNAP 4x8 X S FFFFFFFF " + four(4).join(",")), "bad-field", "unknown reason"],
  [B, sign("05 SNAP 4x8 P Y FFFFFFFF " + four(4).join(",")), "bad-field", "settled flag not S/U"],
  [B, sign("05 SNAP 4x8 P S FFFFFFF " + four(4).join(",")), "bad-field", "mask with 7 digits"],
  [B, sign("05 SNAP 4x8 P S ffffffff " + four(4).join(",")), "bad-field", "lowercase mask"],
  [
    B,
    sign("05 SNAP hex61 P S FFFFFFFFFFFFFFFF " + hexStart),
    "bad-field",
    "mask bit past the last hole",
  ],
  [
    B,
    sign("05 SNAP 2x5+2 P S 1FFF 1,1,1,1,1,1,1,1,1,1,1,1"),
    "bad-field",
    "2x5+2 mask with 4 digits",
  ],
  [
    B,
    sign("05 SNAP 4x8 P S FFFFFFFF " + [...four(4).slice(1), "x"].join(",")),
    "bad-field",
    "count not a number",
  ],
  [
    B,
    sign("05 SNAP 4x8 P S FFFFFFFF " + [...four(4).slice(1), "04"].join(",")),
    "bad-field",
    "count with leading zero",
  ],
  [
    B,
    sign("05 SNAP 4x8 P S FFFFFFFF " + [...four(4).slice(1), ""].join(",")),
    "bad-field",
    "empty cell",
  ],
  [B, sign("05 SNAP 2x5+2 P S FFF 1S6,1,1,1,1,1,1,1,1,1,1,1"), "bad-field", "gem S6"],
  [B, sign("05 SNAP 2x5+2 P S FFF 1N1S1,1,1,1,1,1,1,1,1,1,1,1"), "bad-field", "gems out of order"],
  [B, sign("05 SNAP 2x5+2 P S FFF S1,1,1,1,1,1,1,1,1,1,1,1"), "bad-field", "place without count"],
  [B, sign("05 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart.slice(1) + "W"), "bad-field", "hole W"],
  [
    B,
    sign(
      "05 INFO fw=1.0.0 proto=1 id=K geo=4x8 boot=1 max=64 leds=R pat=S btn=0 cal=1 deb=200 int=0",
    ),
    "bad-field",
    "INFO keys out of order",
  ],
  [
    B,
    sign(
      "05 INFO proto=1 fw=12345678901234567 id=K geo=4x8 boot=1 max=64 leds=R pat=S btn=0 cal=1 deb=200 int=0",
    ),
    "bad-field",
    "fw longer than 16",
  ],
  [
    B,
    sign(
      "05 INFO proto=1 fw=1 id=K=1 geo=4x8 boot=1 max=64 leds=R pat=S btn=0 cal=1 deb=200 int=0",
    ),
    "bad-field",
    "board id with '='",
  ],
  [
    B,
    sign(
      "05 INFO proto=2 fw=1 id=K geo=hex61 boot=1 max=1 leds=R pat=S btn=0 cal=1 deb=200 int=0 holes=-",
    ),
    "bad-field",
    "a hex61 board that tells no marble",
  ],
  [
    B,
    sign(
      "05 INFO proto=2 fw=1 id=K geo=4x8 boot=1 max=64 leds=R pat=S btn=0 cal=1 deb=200 int=0 holes=bw",
    ),
    "bad-field",
    "a 4x8 board that names marbles",
  ],
  [
    B,
    sign(
      "05 INFO proto=2 fw=1 id=K geo=hex61 boot=1 max=1 leds=R pat=S btn=0 cal=1 deb=200 int=0 holes=nb",
    ),
    "bad-field",
    "holes out of order",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=3x3 boot=1 max=64 leds=R pat=S btn=0 cal=1 deb=200 int=0"),
    "bad-field",
    "unknown geometry",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=4x8 boot=1 max=64 leds=GR pat=S btn=0 cal=1 deb=200 int=0"),
    "bad-field",
    "colours out of order",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=4x8 boot=1 max=64 leds=RR pat=S btn=0 cal=1 deb=200 int=0"),
    "bad-field",
    "colour twice",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=4x8 boot=1 max=64 leds=R pat=X btn=0 cal=1 deb=200 int=0"),
    "bad-field",
    "unknown pattern",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=4x8 boot=1 max=64 leds= pat=S btn=0 cal=1 deb=200 int=0"),
    "bad-field",
    "empty colour set must be '-'",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=4x8 boot=1 max=64 leds=R pat=S btn=0 cal=2 deb=200 int=0"),
    "bad-field",
    "cal not 0/1",
  ],
  [H, sign("05 HELLO v1"), "bad-field", "version not a number"],
  [H, sign("05 CFG deb=1 deb=2"), "bad-field", "CFG key twice"],
  [H, sign("05 CFG int=100 deb=1"), "bad-field", "CFG keys out of order"],
  [H, sign("05 CFG speed=1"), "bad-field", "unknown CFG key"],
  [H, sign("05 CFG deb="), "bad-field", "CFG key without value"],
  [H, sign("05 LED A1RB"), "bad-field", "LED entry without colon"],
  [H, sign("05 LED A1:XS"), "bad-field", "unknown colour"],
  [H, sign("05 LED A1:RX"), "bad-field", "unknown pattern"],
  [H, sign("05 LED A1:R"), "bad-field", "state of one letter"],
  [H, sign("05 LED A1:rs"), "bad-field", "lowercase state"],
  [H, sign("05 LEDALL RSS"), "bad-field", "state of three letters"],
  [H, sign("05 LEDALL -"), "bad-field", "off is two dashes"],
  [H, sign("05 CAL A1 x"), "bad-field", "known content not a count or . b w"],
  [H, sign("05 CAL A1 B"), "bad-field", "hole content is lowercase"],
  // ranges
  [
    B,
    sign("05 SNAP 4x8 P S FFFFFFFF " + [...four(4).slice(1), 256].join(",")),
    "out-of-range",
    "count 256",
  ],
  [B, sign("05 SNAP 2x5+2 P S FFF 999,1,1,1,1,1,1,1,1,1,1,1"), "out-of-range", "place count 999"],
  [B, sign("05 HB 65536 1"), "out-of-range", "boot counter 65536"],
  [B, sign("05 HB 1 4294967296"), "out-of-range", "uptime past 32 bits"],
  [B, sign("05 HB 1 99999999999999999999"), "out-of-range", "20-digit number"],
  [B, sign("05 BOOT 70000 power"), "out-of-range", "boot counter 70000"],
  [B, sign("05 BTN 0 P"), "out-of-range", "button 0"],
  [B, sign("05 BTN 17 P"), "out-of-range", "button 17"],
  [B, sign("05 CALR A1 ok 65536"), "out-of-range", "raw past 16 bits"],
  [
    B,
    sign("05 INFO proto=0 fw=1 id=K geo=4x8 boot=1 max=64 leds=R pat=S btn=0 cal=1 deb=200 int=0"),
    "out-of-range",
    "proto 0",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=4x8 boot=1 max=0 leds=R pat=S btn=0 cal=1 deb=200 int=0"),
    "out-of-range",
    "max 0",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=4x8 boot=1 max=64 leds=R pat=S btn=17 cal=1 deb=200 int=0"),
    "out-of-range",
    "17 buttons",
  ],
  [
    B,
    sign("05 INFO proto=1 fw=1 id=K geo=4x8 boot=1 max=64 leds=R pat=S btn=0 cal=1 deb=200 int=50"),
    "out-of-range",
    "interval 50",
  ],
  [H, sign("05 HELLO 0"), "out-of-range", "version 0"],
  [H, sign("05 HELLO 256"), "out-of-range", "version 256"],
  [H, sign("05 CFG deb=5001"), "out-of-range", "debounce 5001"],
  [H, sign("05 CFG int=99"), "out-of-range", "interval 99"],
  [H, sign("05 CFG int=60001"), "out-of-range", "interval 60001"],
  [H, sign("05 CAL A1 256"), "out-of-range", "count 256"],
  // pits
  [H, sign("05 LED Z9:RS"), "bad-pit", "no row Z"],
  [H, sign("05 LED a1:RS"), "bad-pit", "lowercase pit"],
  [H, sign("05 LED :RS"), "bad-pit", "empty pit"],
  [H, sign("05 TARE A0"), "bad-pit", "column 0"],
  [H, sign("05 TARE A9"), "bad-pit", "A9 is on no board"],
  [H, sign("05 CAL E10 1"), "bad-pit", "E10"],
  [H, sign("05 CAL I1 b"), "bad-pit", "row I starts at I5"],
  [B, sign("05 ERR sensor-fault Q1"), "bad-pit", "no row Q"],
  [B, sign("05 CALR SN ok 1"), "bad-pit", "no cup SN"],
  // consistency
  [
    B,
    sign("05 SNAP 4x8 P S FFFFFFFE " + four(4).join(",")),
    "inconsistent",
    "S flag while A1 unsettled",
  ],
  [
    B,
    sign("05 SNAP 4x8 P U FFFFFFFF " + four(4).join(",")),
    "inconsistent",
    "U flag while all settled",
  ],
  [
    B,
    sign("05 SNAP 4x8 P S FFFFFFFF " + [...four(4).slice(1), "?"].join(",")),
    "inconsistent",
    "faulty pit marked settled",
  ],
  [
    B,
    sign("05 SNAP 2x5+2 P S FFF 1S1,1S1,1,1,1,1,1,1,1,1,1,1"),
    "inconsistent",
    "gem S1 in two places",
  ],
  [
    B,
    sign("05 SNAP hex61 P U 1FFFFFFFFFFFFFFF " + hexStart),
    "inconsistent",
    "U flag while all settled",
  ],
  [H, sign("05 LED A1:RS A1:GS"), "inconsistent", "pit set twice"],
  // 2x5+2 gems (PROTOCOL.md §5.2, §7, revision 1.3)
  [
    B,
    sign("05 SNAP 2x5+2 P S FFF 1S1S1,1,1,1,1,1,1,1,1,1,0,0"),
    "bad-field",
    "gem S1 twice in one place",
  ],
  [
    B,
    sign("05 SNAP 2x5+2 P S FFF 1,1,1,1,1,1,1,1,1,1,0S3,0S3"),
    "inconsistent",
    "gem S3 in both cups",
  ],
  [
    B,
    sign("05 SNAP 2x5+2 C U 7FF 1,1,1,1,1,1,1,1,1,1,0N5,?N5"),
    "bad-field",
    "a faulty place with a gem",
  ],
  [
    B,
    sign("05 SNAP 2x5+2 P S FFF 01S1,1,1,1,1,1,1,1,1,1,0,0"),
    "bad-field",
    "place count with a leading zero",
  ],
  [B, sign("05 SNAP 2x5+2 P S FFF 1s1,1,1,1,1,1,1,1,1,1,0,0"), "bad-field", "lowercase gem"],
  [
    B,
    sign("05 SNAP 2x5+2 P S FFF 1S,1,1,1,1,1,1,1,1,1,0,0"),
    "bad-field",
    "gem without its number",
  ],
  [B, sign("05 SNAP 2x5+2 P S FFF 1S0,1,1,1,1,1,1,1,1,1,0,0"), "bad-field", "gem S0"],
  [B, sign("05 SNAP 2x5+2 P S FFF 1,1,1,1,1,1,1,1,1,1,0S1;0,0"), "bad-field", "junk in a cup"],
];

// ------------------------------------------------------------------ gems
// Sequences of 2x5+2 lines as a board sends them, and what a host makes of
// each (PROTOCOL.md §7, revision 1.3): "settled" (a reading to act on, with
// its readings that are not 0; a faulty place has none), "unsettled" (shown,
// not acted on), "tag-conflict" (a gem in two places: a sensor fault,
// dropped) or "sensor-fault" (the board's ERR sensor-fault for a place).

const nonZero = (cells) => {
  const out = {};
  cells.forEach((c, i) => {
    const place = places2x5[i];
    if (c === "?") return;
    const count = Number(/^[0-9]+/.exec(c)[0]);
    if (count > 0) out[place] = count;
    for (const gem of c.replace(/^[0-9]+/, "").match(/../g) ?? []) out[`${place}:${gem}`] = 1;
  });
  return out;
};
const step = (seq, reason, unsettled, cells) => {
  const [, body, message] = glass(seq, reason, unsettled, cells);
  return message.settled
    ? { line: sign(body), host: "settled", readings: nonZero(cells) }
    : { line: sign(body), host: "unsettled" };
};
const sown = withCells(START, { A3: "0", A4: "1S2S3", A5: "2S1" });
const gems = [
  {
    note: "A3 sown (S3 to A4, its stone to A5); S3's tag is read a scan after its weight",
    steps: [
      step(0x40, "C", [], START),
      step(0x41, "C", ["A3"], withCells(START, { A3: "0" })),
      step(0x42, "C", ["A3", "A4"], withCells(START, { A3: "0", A4: "2S2" })),
      step(0x43, "C", ["A3", "A4"], withCells(START, { A3: "0", A4: "1S2S3" })),
      step(0x44, "C", ["A3", "A4", "A5"], sown),
      step(0x45, "C", [], sown),
    ],
  },
  {
    note: "S4's tag missed for one scan: A2 reads a plain stone, unsettled, then settles again",
    steps: [
      step(0x50, "P", [], START),
      step(0x51, "C", ["A2"], withCells(START, { A2: "2" })),
      step(0x52, "C", ["A2"], START),
      step(0x53, "C", [], START),
    ],
  },
  {
    note: "a dead tag: S4 unread at A2's unchanged weight holds A2 unsettled, then A2 is faulty",
    steps: [
      step(0x60, "P", [], START),
      step(0x61, "C", ["A2"], withCells(START, { A2: "2" })),
      step(0x62, "P", ["A2"], withCells(START, { A2: "2" })),
      { line: sign("63 ERR sensor-fault A2"), host: "sensor-fault" },
      step(0x64, "C", ["A2"], withCells(START, { A2: "?" })),
      step(0x65, "C", ["A2"], START),
      step(0x66, "C", [], START),
    ],
  },
  {
    note: "S3 read by the readers of A3 and B3: listed in neither, both unsettled, then read alone",
    steps: [
      step(0x70, "P", [], START),
      step(0x71, "C", ["A3", "B3"], withCells(START, { A3: "2" })),
      step(0x72, "C", ["A3", "B3"], START),
      step(0x73, "C", [], START),
    ],
  },
  {
    note: "a board that lists S3 in A3 and B3 breaks section 12.2: a sensor fault, dropped; SNAP",
    steps: [
      step(0x80, "P", [], START),
      {
        line: sign("81 SNAP 2x5+2 C S FFF " + withCells(START, { B3: "1S3N3" }).join(",")),
        host: "tag-conflict",
      },
      step(0x82, "R", [], START),
    ],
  },
  {
    note: "a direct capture: N3 leaves B3 (in the hand), then arrives in South's cup",
    steps: [
      step(0x90, "P", [], withCells(START, { B3: "0N3" })),
      step(0x91, "C", ["B3"], withCells(START, { B3: "1N3" })),
      step(0x92, "C", ["B3"], withCells(START, { B3: "1" })),
      step(0x93, "C", ["B3", "SC"], withCells(START, { B3: "1", SC: "0N3" })),
      step(0x94, "C", [], withCells(START, { B3: "1", SC: "0N3" })),
    ],
  },
];

// ------------------------------------------------------------------ hex61
// Sequences of hex61 lines and what a host makes of each, as for gems.jsonl:
// "settled" (with its readings that are not 0: "E5:b": 1), "unsettled",
// "sensor-fault", or the error code of a line the host drops (§13), whose
// step has a note. The first sequences are a hand pushing marbles
// (PROTOCOL.md §7: a hole a marble rolls over is moving, never settled).

const holes61 = [];
for (let r = 0; r < 9; r++) {
  const [lo, hi] = r <= 4 ? [1, 5 + r] : [r - 3, 9];
  for (let c = lo; c <= hi; c++) holes61.push(`${"ABCDEFGHI"[r]}${c}`);
}
if (holes61.length !== 61 || holes61[30] !== "E5") throw new Error("hex61 holes are wrong");
/** A board (61 letters) with some holes changed: { E5: "b", C3: "." }. */
const holesWith = (board, changes) => [...board].map((c, i) => changes[holes61[i]] ?? c).join("");
function hexMask(unsettled, cells) {
  let mask = 0n;
  holes61.forEach((h, i) => {
    if (!unsettled.includes(h) && cells[i] !== "?") mask |= 1n << BigInt(i);
  });
  return mask.toString(16).toUpperCase().padStart(16, "0");
}
function hexBody(seq, reason, unsettled, cells) {
  if (cells.length !== 61) throw new Error("hex61 has 61 holes");
  const settled = holes61.every((h, i) => cells[i] === "?" || !unsettled.includes(h));
  return `${hex2(seq)} SNAP hex61 ${reason} ${settled ? "S" : "U"} ${hexMask(unsettled, cells)} ${cells}`;
}
function hexStep(seq, reason, unsettled, cells) {
  const line = sign(hexBody(seq, reason, unsettled, cells));
  if (unsettled.some((h) => cells[holes61.indexOf(h)] !== "?")) return { line, host: "unsettled" };
  const readings = {};
  [...cells].forEach((c, i) => {
    if (c === "b" || c === "w") readings[`${holes61[i]}:${c}`] = 1;
  });
  return { line, host: "settled", readings };
}
const bad = (line, host, note) => ({ line, host, note });

// A game some moves in: black's C3 C4 C5 now E5 E6 E7, white's G5 G6 now E8 E9.
const pushBoard = holesWith(hexStart, {
  C3: ".",
  C4: ".",
  C5: ".",
  G5: ".",
  G6: ".",
  E5: "b",
  E6: "b",
  E7: "b",
  E8: "w",
  E9: "w",
});
const pushed = holesWith(pushBoard, { E5: ".", E8: "b" });
const line5 = ["E5", "E6", "E7", "E8", "E9"];
const hex = [
  {
    note: "E5E6 pushed by hand: black E5 E6 E7 push white E8 E9 off the east edge; the line's holes read empty for a moment, E9's marble leaves the board; settled only before and after",
    steps: [
      hexStep(0x10, "P", [], pushBoard),
      hexStep(0x11, "C", line5, holesWith(pushBoard, { E5: ".", E6: ".", E8: "." })),
      hexStep(
        0x12,
        "C",
        line5,
        holesWith(pushBoard, { E5: ".", E6: ".", E7: ".", E8: ".", E9: "." }),
      ),
      hexStep(0x13, "C", line5, holesWith(pushBoard, { E5: ".", E7: ".", E8: "b" })),
      hexStep(0x14, "C", ["E6", "E7", "E8", "E9"], pushed),
      hexStep(0x15, "C", [], pushed),
    ],
  },
  {
    note: "a hall sensor flickers while a marble rolls over it: C3's marble rolls to D3, D3 reads it, loses it, reads it again, all unsettled; the board settles on the move's result",
    steps: [
      hexStep(0x20, "P", [], holesWith(pushBoard, { E5: ".", C3: "b" })),
      hexStep(0x21, "C", ["C3", "D3"], holesWith(pushBoard, { E5: ".", D3: "b" })),
      hexStep(0x22, "C", ["C3", "D3"], holesWith(pushBoard, { E5: "." })),
      hexStep(0x23, "C", ["C3", "D3"], holesWith(pushBoard, { E5: ".", D3: "b" })),
      hexStep(0x24, "C", ["D3"], holesWith(pushBoard, { E5: ".", D3: "b" })),
      hexStep(0x25, "C", [], holesWith(pushBoard, { E5: ".", D3: "b" })),
    ],
  },
  {
    note: "a faulty hall sensor: ERR sensor-fault E5, then E5 reads ? with its bit 0 and does not hold the board up (settled without E5); E5 read again is unsettled, then settles",
    steps: [
      hexStep(0x30, "P", [], pushBoard),
      { line: sign("31 ERR sensor-fault E5"), host: "sensor-fault" },
      hexStep(0x32, "C", ["E5"], holesWith(pushBoard, { E5: "?" })),
      hexStep(0x33, "C", ["E5"], pushBoard),
      hexStep(0x34, "C", [], pushBoard),
    ],
  },
  {
    note: "hex61 lines a host drops (section 12.2 and 13), each with its error code, and a good snapshot after them",
    steps: [
      bad(
        sign("40 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart.slice(1)),
        "wrong-field-count",
        "60 holes",
      ),
      bad(
        sign("41 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart + "."),
        "wrong-field-count",
        "62 holes",
      ),
      bad(
        sign("42 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + [...hexStart].join(",")),
        "wrong-field-count",
        "holes separated by commas",
      ),
      bad(
        sign(
          "43 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart.slice(0, 30) + " " + hexStart.slice(30),
        ),
        "wrong-field-count",
        "holes in two fields",
      ),
      bad(
        sign("44 SNAP hex61 P S 1FFFFFFFFFFFFFFF B" + hexStart.slice(1)),
        "bad-field",
        "colour letter B (the wire's letters are lower-case)",
      ),
      bad(
        sign(
          "45 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart.slice(0, 20) + "e" + hexStart.slice(21),
        ),
        "bad-field",
        "e for empty (the trace's letter; the wire writes .)",
      ),
      bad(
        sign(
          "46 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart.slice(0, 20) + "r" + hexStart.slice(21),
        ),
        "bad-field",
        "colour letter r",
      ),
      bad(
        sign(
          "47 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart.slice(0, 20) + "1" + hexStart.slice(21),
        ),
        "bad-field",
        "a count where a hole belongs",
      ),
      bad(sign("48 SNAP hex61 P S FFFFFFFFFFFFFFF " + hexStart), "bad-field", "mask of 15 digits"),
      bad(
        sign("49 SNAP hex61 P S 01FFFFFFFFFFFFFFF " + hexStart),
        "bad-field",
        "mask of 17 digits",
      ),
      bad(
        sign("4A SNAP hex61 P S 1fffffffffffffff " + hexStart),
        "bad-field",
        "mask in lower case",
      ),
      bad(
        sign("4B SNAP hex61 P S 3FFFFFFFFFFFFFFF " + hexStart),
        "bad-field",
        "mask bit 61, past I9",
      ),
      bad(sign("4C SNAP hex60 P S 1FFFFFFFFFFFFFFF " + hexStart), "bad-field", "geometry hex60"),
      bad(
        sign("4D SNAP 4x8 P S FFFFFFFF " + hexStart),
        "wrong-field-count",
        "hex61 holes under geometry 4x8",
      ),
      bad(
        sign("4E SNAP hex61 P S 1FFFFFFFFFFFFFFF " + holesWith(hexStart, { E5: "?" })),
        "inconsistent",
        "faulty E5 marked settled",
      ),
      bad(
        sign("4F SNAP hex61 P S 1FFFFFFFBFFFFFFF " + hexStart),
        "inconsistent",
        "flag S while E5 is unsettled",
      ),
      bad(
        sign("50 SNAP hex61 P U 1FFFFFFFFFFFFFFF " + hexStart),
        "inconsistent",
        "flag U while every hole is settled",
      ),
      bad(
        sign("51 SNAP hex61 P S 1FFFFFFFFFFFFFFF " + hexStart).replace(/\*..$/, (m) =>
          m === "*00" ? "*01" : "*00",
        ),
        "bad-checksum",
        "checksum wrong",
      ),
      hexStep(0x52, "R", [], hexStart),
    ],
  },
];

// ------------------------------------------------------------------ write

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "vectors");
const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

writeFileSync(
  join(out, "valid.jsonl"),
  jsonl(valid.map(([direction, body, message]) => ({ direction, line: sign(body), message }))),
);
writeFileSync(join(out, "gems.jsonl"), jsonl(gems));
writeFileSync(join(out, "hex61.jsonl"), jsonl(hex));
writeFileSync(
  join(out, "invalid.jsonl"),
  jsonl(
    invalid.map(([direction, line, error, note]) => ({
      direction,
      line: typeof line === "string" ? line : line.raw,
      error,
      note,
    })),
  ),
);
