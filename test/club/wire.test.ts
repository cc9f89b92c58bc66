/**
 * The club's pure parts (issue 33): the broker addresses read from the
 * command line, each bad one a typed error saying how to write it; the
 * topics and payloads, read back exactly, anything else refused without a
 * throw.
 */
import { describe, expect, it } from "vitest";
import { boardTopic, brokerText, decodeMessage, encodeLog } from "../../src/club/index.js";
import { encodeState, eventTopics, parseEventSource } from "../../src/club/index.js";
import { parsePublishTarget, publicRecord } from "../../src/club/index.js";
import { simulatedGame, topicBoard } from "../../src/club/index.js";
import { publishOf } from "../../src/cli/play/settings.js";
import { eventFrame } from "../../src/cli/serve-event.js";
import { ensureBuilt, kete } from "../cli/run.js";

describe("--publish addresses", () => {
  it("reads host, port, event, board and the login, from the URL or the flags", () => {
    expect(parsePublishTarget("mqtt://192.168.1.10/club-night/board3")).toEqual({
      ok: true,
      value: {
        protocol: "mqtt",
        host: "192.168.1.10",
        port: 1883,
        username: null,
        password: null,
        event: "club-night",
        board: "board3",
      },
    });
    const tls = parsePublishTarget("mqtts://board3:s%40cret@hall.local:9000/club/board3");
    expect(tls.ok && tls.value).toMatchObject({
      protocol: "mqtts",
      port: 9000,
      username: "board3",
      password: "s@cret",
    });
    expect(
      parsePublishTarget("mqtts://h/e/b").ok && parsePublishTarget("mqtts://h/e/b"),
    ).toMatchObject({
      value: { port: 8883 },
    });
    const flags = parsePublishTarget("mqtt://h/e/b", { username: "b", password: "p" });
    expect(flags.ok && flags.value).toMatchObject({ username: "b", password: "p" });
  });

  it("refuses a bad address with what is wrong and how to write it", () => {
    const cases: [string, RegExp][] = [
      ["http://h/e/b", /not an MQTT address \(http:\).*mqtt:\/\/HOST\[:PORT\]\/EVENT\/BOARD/],
      ["mqtt://h/e", /names an event but no board/],
      ["mqtt://h", /names no event and no board/],
      ["mqtt://h/e/b/c", /more than an event and a board/],
      ["mqtt://h/e/b+", /board 'b\+' is not a name kete can publish under/],
      ["mqtt://h/e#x/b", /query or fragment/],
      ["not a url", /is not a broker address/],
      ["mqtt://h/%E0%A4%A/b", /malformed %-escape/],
    ];
    for (const [text, message] of cases) {
      const r = parsePublishTarget(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.error.code, text).toBe("bad-address");
        expect(r.error.message, text).toMatch(message);
      }
    }
    const both = parsePublishTarget("mqtt://a@h/e/b", { username: "c" });
    expect(!both.ok && both.error.message).toMatch(/give one of them/);
    const alone = parsePublishTarget("mqtt://h/e/b", { password: "p" });
    expect(!alone.ok && alone.error.message).toMatch(/needs its user/);
  });

  it("kete play's flags: --publish with its login and --round, or a usage error", () => {
    const r = publishOf({ publish: "mqtt://h/e/b", publishUser: "b", round: "3" });
    expect(r.ok && r.value).toMatchObject({ round: 3, target: { username: "b" } });
    expect(publishOf({}).ok && publishOf({})).toMatchObject({ value: null });
    for (const [flags, message] of [
      [{ round: "2" }, /--round goes with --publish/],
      [{ publishUser: "b" }, /--publish-user goes with --publish/],
      [{ publish: "mqtt://h/e/b", round: "0" }, /--round takes the event's round/],
      [{ publish: "mqtt://h/e" }, /--publish: .*no board/],
    ] as const) {
      const bad = publishOf(flags);
      expect(!bad.ok && bad.error).toMatchObject({ code: "usage" });
      expect(!bad.ok && bad.error.message).toMatch(message);
    }
  });

  it("the event of a page: a broker's, or kete's own", () => {
    expect(parseEventSource("local")).toEqual({
      ok: true,
      value: { kind: "local", event: "club" },
    });
    expect(parseEventSource("local/open-day")).toEqual({
      ok: true,
      value: { kind: "local", event: "open-day" },
    });
    const b = parseEventSource("mqtt://hall:pw@10.0.0.2:1884/club-night");
    expect(b.ok && b.value).toMatchObject({ kind: "broker", event: "club-night", port: 1884 });
    expect(parseEventSource("mqtt://h/e/b").ok).toBe(false);
    expect(parseEventSource("mqtt://h").ok).toBe(false);
  });

  it("says an address without its password", () => {
    const t = parsePublishTarget("mqtt://board3:secret@h/e/b");
    if (!t.ok) throw new Error(t.error.message);
    expect(brokerText(t.value, ["e", "b"])).toBe("mqtt://board3@h:1883/e/b");
  });
});

describe("topics and payloads", () => {
  const g = simulatedGame({ gameId: "g1", seed: 9, maxPlies: 8 });

  it("a board's topics, and which board a topic is about", () => {
    expect(boardTopic("club", "board3", "log")).toBe("kete/club/board3/log");
    expect(boardTopic("club", "board3", "state", "k3x9ab")).toBe("kete/club/board3/state/k3x9ab");
    expect(boardTopic("club", "board3", "state", "a/b+#")).toBe("kete/club/board3/state/a_b__");
    expect(eventTopics("club")).toEqual(["kete/club/+/log", "kete/club/+/state/+"]);
    expect(topicBoard("club", "kete/club/board3/state")).toBeNull();
    expect(topicBoard("club", "kete/club/board3/state/g1")).toEqual({
      board: "board3",
      channel: "state",
    });
    expect(topicBoard("club", "kete/other/board3/state/g1")).toBeNull();
    expect(topicBoard("club", "kete/club/board3/x")).toBeNull();
  });

  it("publishes the header, moves without their trace, mistakes and results; keeps readings at the board", () => {
    const kinds = g.records.map((r) => publicRecord(r)?.kind ?? null);
    expect(kinds.filter((k) => k === "snapshot")).toEqual([]);
    expect(kinds.filter((k) => k === null).length).toBe(
      g.records.filter((r) => r.kind === "snapshot").length,
    );
    const move = g.records.find((r) => r.kind === "move");
    expect(move !== undefined && publicRecord({ ...move, trace: [{ op: "lift" }] })).toMatchObject({
      trace: [],
    });
    // The clocks go out with each move when they run (--clock), and the tile shows the time left.
    if (move?.kind !== "move") throw new Error("no move");
    const timed = { ...move, clocks: { S: 61_000, N: 125_000 } };
    expect(publicRecord(timed)).toMatchObject({ clocks: { S: 61_000, N: 125_000 } });
    const frame = eventFrame({ header: g.header, records: [timed], torn: false }, "board1");
    expect(frame?.clocks).toEqual({ kind: "left", ms: { S: 61_000, N: 125_000 } });
  });

  it("reads back what it wrote: a record with its number, the game so far", () => {
    const records = [g.header, ...g.records.filter((r) => publicRecord(r) !== null)];
    records.forEach((r, n) => {
      const m = decodeMessage("club", "kete/club/b1/log", encodeLog("g1", 2, n, r));
      expect(m).toEqual({
        ok: true,
        value: { channel: "log", board: "b1", game: "g1", round: 2, n, record: r },
      });
    });
    const s = decodeMessage("club", "kete/club/b1/state/g1", encodeState("g1", null, records));
    expect(s.ok && s.value.channel === "state" && s.value.journal.records).toEqual(
      records.slice(1),
    );
  });

  it("refuses what it cannot read, never throwing", () => {
    const topic = "kete/club/b1/log";
    const bad: [string, string, RegExp][] = [
      [topic, "{", /not JSON/],
      [topic, "[]", /not an object/],
      [topic, JSON.stringify({ v: 2, game: "g", n: 0, record: g.header }), /version 2/],
      [topic, JSON.stringify({ v: 1, game: "g", n: -1, record: g.header }), /record number/],
      [topic, JSON.stringify({ v: 1, game: "g", round: 0, n: 0, record: g.header }), /round 0/],
      [
        topic,
        JSON.stringify({ v: 1, game: "g", n: 0, record: { kind: "move" } }),
        /not a kete game journal/,
      ],
      [topic, JSON.stringify({ v: 1, game: "g", n: 1, record: { kind: "move", t: 1 } }), /ply/],
      [
        "kete/club/b1/state/g",
        JSON.stringify({ v: 1, game: "g", n: 2, records: [g.header] }),
        /without its records/,
      ],
      ["kete/x/b1/log", "{}", /not a topic of event club/],
      [
        "kete/club/b1/state/other",
        encodeState("g1", null, [g.header]),
        /a state of game "g1" on another game's topic/,
      ],
    ];
    for (const [t, payload, message] of bad) {
      const r = decodeMessage("club", t, payload);
      expect(r.ok, payload).toBe(false);
      if (!r.ok) expect(r.error.message, payload).toMatch(message);
    }
  });
});

describe("the commands' bad addresses", () => {
  it("kete play --publish and kete serve --event say what is wrong and exit 2, before any game or page", () => {
    ensureBuilt();
    const play = kete(["play", "--game", "hus", "--publish", "mqtt://hall.local/club-night"]);
    expect(play.status).toBe(2);
    expect(play.stderr).toMatch(
      /--publish: 'mqtt:\/\/hall\.local\/club-night' names an event but no board: write it as mqtt:\/\/HOST\[:PORT\]\/EVENT\/BOARD/,
    );
    const serve = kete(["serve", "--event", "http://hall.local/club-night", "--port", "0"]);
    expect(serve.status).toBe(2);
    expect(serve.stderr).toMatch(/--event: .*not an MQTT address \(http:\)/);
  });
});
