/**
 * `kete play --publish` against a real Mosquitto (issue 33): the journal's
 * public records go out with QoS 1, numbered, the moves without their
 * traces, the game so far retained; a broker killed and started again loses
 * nothing (the publisher reads on from its journal); the example ACL
 * (docs/club/acl) refuses a board publishing under another board's topic.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ClubPublisher,
  decodeMessage,
  parsePublishTarget,
  simulatedGame,
  type ClubMessage,
} from "../../src/club/index.js";
import { publishOf } from "../../src/cli/play/settings.js";
import { JournalWriter, type JournalRecord } from "../../src/journal/index.js";
import { journalAt, live, settings } from "../cli/play-harness.js";
import {
  mosquittoAvailable,
  password,
  startBroker,
  until,
  TLS,
  type TestBroker,
} from "./mosquitto.js";

const EVENT = "club-night";

/** A page's side: the hall's user, subscribed to the event, every message decoded. */
async function hall(port: number): Promise<{ client: MqttClient; got: ClubMessage[] }> {
  const got: ClubMessage[] = [];
  const client = connect({
    host: "127.0.0.1",
    port,
    protocolVersion: 5,
    username: "hall",
    password: password("hall"),
    reconnectPeriod: 100,
  });
  client.on("message", (topic, payload) => {
    const m = decodeMessage(EVENT, topic, payload.toString());
    if (m.ok) got.push(m.value);
  });
  await new Promise<void>((resolve) => client.once("connect", () => resolve()));
  await client.subscribeAsync([`kete/${EVENT}/#`], { qos: 1 });
  return { client, got };
}

function journalOf(board: string, seed: number) {
  const g = simulatedGame({ gameId: `${board}-g${seed}`, seed, maxPlies: 24 });
  const dir = mkdtempSync(join(tmpdir(), "kete-club-"));
  const writer = JournalWriter.create(dir, g.header);
  if (!writer.ok) throw new Error(writer.error.message);
  return { g, writer: writer.value };
}

function publisher(board: string, user: string, path: string, port: number, said: string[]) {
  const target = parsePublishTarget(`mqtt://127.0.0.1:${port}/${EVENT}/${board}`, {
    username: user,
    password: password(user),
  });
  if (!target.ok) throw new Error(target.error.message);
  return new ClubPublisher(target.value, path, {
    say: (m) => said.push(m),
    reconnectMs: 100,
    round: 1,
  });
}

/** `board`'s journal (game `seed`) published under `user`'s login; each write pokes the publisher. */
function publishedJournal(board: string, user: string, seed: number, port: number) {
  const { g, writer } = journalOf(board, seed);
  const said: string[] = [];
  const pub = publisher(board, user, writer.path, port, said);
  writer.onWrite(() => pub.poke());
  return { g, writer, said, pub };
}

/** Appends `records` to the journal and commits them (the publisher is poked). */
function write(writer: JournalWriter, records: readonly JournalRecord[]): void {
  for (const r of records) writer.append(r);
  writer.commit();
}

describe.skipIf(!mosquittoAvailable())("publishing to a real mosquitto", () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startBroker();
  });
  afterAll(async () => {
    await broker.stop();
  });

  it("publishes the header, each move, mistakes and the result with QoS 1, in order; the state retained", async () => {
    const page = await hall(broker.port);
    const { g, writer, said, pub } = publishedJournal("board1", "board1", 7, broker.port);
    write(writer, g.records);
    const publicCount = 1 + g.records.filter((r) => r.kind !== "snapshot").length;
    await until(() => pub.status.acknowledged === publicCount, "every record acknowledged");
    const logs = () => page.got.filter((m) => m.channel === "log");
    await until(() => logs().length === publicCount, "every record at the hall");
    const numbers = logs().map((m) => (m.channel === "log" ? m.n : -1));
    expect(numbers).toEqual([...Array(publicCount).keys()]);
    const moves = logs().flatMap((m) =>
      m.channel === "log" && m.record.kind === "move" ? [m.record] : [],
    );
    expect(moves.map((m) => m.move)).toEqual(g.moves);
    // The sensor trace stays at the board; the position and times go out.
    expect(moves.every((m) => m.trace.length === 0 && Object.keys(m.position).length > 0)).toBe(
      true,
    );
    expect(logs().some((m) => m.channel === "log" && m.record.kind === "snapshot")).toBe(false);
    expect(logs().at(-1)).toMatchObject({ record: { kind: "result" }, round: 1, board: "board1" });
    expect(said[0]).toMatch(
      /publishing the game live to mqtt:\/\/board1@127\.0\.0\.1:\d+\/club-night\/board1/,
    );
    expect(said.join("\n")).not.toContain("change-me");
    await pub.close();
    writer.close();
    page.client.end(true);

    // A page coming later gets the game so far at once: the retained state.
    const late = await hall(broker.port);
    await until(() => late.got.some((m) => m.channel === "state"), "the retained state");
    const state = late.got.find((m) => m.channel === "state");
    expect(state?.channel === "state" && state.journal.records.length).toBe(publicCount - 1);
    expect(state?.channel === "state" && state.journal.header.gameId).toBe(g.header.gameId);
    late.client.end(true);
  });

  it("a broker killed mid-game and started again loses nothing: the publisher reads on from its journal", async () => {
    const page = await hall(broker.port);
    const { g, writer, said, pub } = publishedJournal("board2", "board2", 11, broker.port);
    const half = Math.floor(g.records.length / 2);
    write(writer, g.records.slice(0, half));
    const publicIn = (n: number) =>
      1 + g.records.slice(0, n).filter((r) => r.kind !== "snapshot").length;
    await until(() => pub.status.acknowledged === publicIn(half), "the first half acknowledged");
    await broker.kill();
    await until(() => !pub.status.connected, "the publisher to see the broker gone");
    // The game goes on while the broker is down: its moves wait in the journal.
    write(writer, g.records.slice(half));
    expect(pub.status.acknowledged).toBe(publicIn(half));
    // Nothing is read while the broker is away: the backlog is the journal on disk.
    // (The write's poke runs its pump at the next turn of the event loop: two turns are waited.)
    for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(pub.status.read).toBe(publicIn(half));
    await broker.start();
    const all = publicIn(g.records.length);
    await until(() => pub.status.acknowledged === all, "the rest acknowledged after the restart");
    const text = said.join("\n");
    expect(text).toMatch(/broker lost/);
    expect(text).toMatch(/broker back/);
    // What the broker missed went out from the journal after its return.
    expect(text).toContain(
      `broker caught up: ${all - publicIn(half)} records sent from the journal`,
    );
    // The page: every record once and in order from the log and the retained state together.
    await until(
      () => page.got.some((m) => m.channel === "state" && m.journal.records.length === all - 1),
      "the whole game's state at the page",
    );
    const state = [...page.got].reverse().find((m) => m.channel === "state");
    const played =
      state?.channel === "state"
        ? state.journal.records.flatMap((r) => (r.kind === "move" ? [r.move] : []))
        : [];
    expect(played).toEqual(g.moves);
    await pub.close();
    writer.close();
    page.client.end(true);
  });

  it("the example ACL refuses a board publishing under another board's topic, and says why", async () => {
    const page = await hall(broker.port);
    // board3's login, board4's topic.
    const { g, writer, said, pub } = publishedJournal("board4", "board3", 3, broker.port);
    write(writer, g.records.slice(0, 6));
    await until(() => pub.status.refused, "the refusal");
    expect(said.join("\n")).toMatch(
      /refused this board's messages on kete\/club-night\/board4 \(not authorized\).*ACL/,
    );
    expect(pub.status.acknowledged).toBe(0);
    await pub.close();
    writer.close();
    // Nothing reached the hall under board4: the broker dropped it.
    const probe = publisher("board3", "board3", writer.path, broker.port, []);
    await until(() => probe.status.acknowledged > 0, "board3's own topic accepted");
    await probe.close();
    await until(() => page.got.some((m) => m.board === "board3"), "board3 at the hall");
    expect(page.got.filter((m) => m.board === "board4")).toEqual([]);
    page.client.end(true);
  });

  it("a wrong password is said with what to check", async () => {
    const target = parsePublishTarget(
      `mqtt://board1:wrong@127.0.0.1:${broker.port}/${EVENT}/board1`,
    );
    if (!target.ok) throw new Error(target.error.message);
    const said: string[] = [];
    const { writer } = journalOf("board1", 5);
    const pub = new ClubPublisher(target.value, writer.path, {
      say: (m) => said.push(m),
      reconnectMs: 100,
    });
    await until(() => said.length > 0, "the login's refusal");
    expect(said[0]).toMatch(
      /refused this board's login; check --publish-user and --publish-password/,
    );
    await pub.close(0);
    writer.close();
  });
});

describe.skipIf(!mosquittoAvailable())("kete play --publish", () => {
  it("a whole simulated game of Hus reaches the hall: every move of the journal, in order, and the result", async () => {
    const broker = await startBroker();
    try {
      const page = await hall(broker.port);
      const flags = publishOf({
        publish: `mqtt://127.0.0.1:${broker.port}/${EVENT}/board2`,
        publishUser: "board2",
        publishPassword: password("board2"),
        round: "2",
      });
      if (!flags.ok) throw new Error(flags.error.message);
      const h = await live(settings("hus", { seed: 4, publish: flags.value }));
      const { session } = h;
      // The fake clock runs the game; each step lets the network's real events in.
      let done = false;
      void session.finished.then(() => (done = true));
      while (!done) {
        await h.scheduler.advance(1000);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const journal = journalAt(session.journalPath);
      const moves = journal.records.flatMap((r) => (r.kind === "move" ? [r.move] : []));
      expect(moves.length).toBeGreaterThan(10);
      const got = () =>
        page.got.flatMap((m) =>
          m.channel === "log" && m.record.kind === "move" ? [m.record.move] : [],
        );
      await until(() => got().length === moves.length, "every move at the hall");
      expect(got()).toEqual(moves);
      expect(page.got.some((m) => m.channel === "log" && m.record.kind === "result")).toBe(true);
      expect(page.got.every((m) => m.round === 2 && m.board === "board2")).toBe(true);
      expect(h.out.join("")).toMatch(/publishing the game live to mqtt:\/\/board2@127\.0\.0\.1/);
      page.client.end(true);
    } finally {
      await broker.stop();
    }
  });
});

describe.skipIf(!mosquittoAvailable())("kete play --publish mqtts://", () => {
  it("publishes over TLS to a broker whose certificate it trusts, and refuses one it does not", async () => {
    const broker = await startBroker({ tls: true });
    try {
      const ca = readFileSync(join(TLS, "broker.crt"));
      const target = parsePublishTarget(
        `mqtts://board1:${password("board1")}@127.0.0.1:${broker.port}/${EVENT}/board1`,
      );
      if (!target.ok) throw new Error(target.error.message);
      const { g, writer } = journalOf("board1", 13);
      const said: string[] = [];
      const pub = new ClubPublisher(target.value, writer.path, {
        say: (m) => said.push(m),
        client: { ca },
      });
      writer.onWrite(() => pub.poke());
      write(writer, g.records);
      const all = 1 + g.records.filter((r) => r.kind !== "snapshot").length;
      await until(() => pub.status.acknowledged === all, "every record over TLS");
      expect(said[0]).toMatch(/publishing the game live to mqtts:\/\/board1@127\.0\.0\.1/);
      await pub.close();
      // Without the certificate: said, with what was wrong, and nothing published.
      const untrusted: string[] = [];
      const other = new ClubPublisher(target.value, writer.path, {
        say: (m) => untrusted.push(m),
        reconnectMs: 100,
      });
      await until(() => untrusted.length > 0, "the refusal of an unknown certificate");
      expect(untrusted[0]).toMatch(
        /cannot publish to mqtts:\/\/board1@127\.0\.0\.1:\d+\/club-night\/board1: .*certificate/i,
      );
      expect(other.status.acknowledged).toBe(0);
      await other.close(0);
      writer.close();
    } finally {
      await broker.stop();
    }
  });
});
