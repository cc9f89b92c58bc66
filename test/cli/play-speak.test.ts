/**
 * Issue 32: `kete play --speak` says mistakes, kete's move and the result
 * through espeak-ng in the players' language's voice. A fake engine stands
 * in for espeak-ng (never real audio): what it is asked to say, with which
 * voice, one utterance at a time and never waited for; an engine that is
 * missing is said once and the game goes on silent.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { Speaker, type SpeechProcess, type SpeechSpawn } from "../../src/cli/play/speech.js";
import { translator } from "../../src/i18n/index.js";
import { fakeHost, play, settings } from "./play-harness.js";

/** A fake engine: records each call; `finish()` ends the oldest utterance still running. */
function fakeEngine(fail: Error | null = null) {
  const calls: { command: string; args: readonly string[] }[] = [];
  const running: EventEmitter[] = [];
  const spawn: SpeechSpawn = (command, args) => {
    calls.push({ command, args });
    const child = new EventEmitter();
    running.push(child);
    if (fail !== null) queueMicrotask(() => child.emit("error", fail));
    return child as unknown as SpeechProcess;
  };
  const finish = () => running.shift()?.emit("exit", 0);
  return { calls, spawn, finish, running };
}

describe("spoken cues (--speak)", () => {
  it("says one cue at a time, in order, with the language's voice; a backlog keeps the newest", () => {
    const engine = fakeEngine();
    const warned: string[] = [];
    const speaker = new Speaker(translator("pl"), engine.spawn, (l) => warned.push(l));
    speaker.say("pierwszy");
    speaker.say("drugi");
    expect(engine.calls).toEqual([{ command: "espeak-ng", args: ["-v", "pl", "--", "pierwszy"] }]);
    engine.finish();
    expect(engine.calls.map((c) => c.args[3])).toEqual(["pierwszy", "drugi"]);
    // Four more while "drugi" is said: the oldest of them is dropped.
    for (const t of ["3", "4", "5", "6"]) speaker.say(t);
    for (let i = 0; i < 5; i++) engine.finish();
    expect(engine.calls.map((c) => c.args[3])).toEqual(["pierwszy", "drugi", "4", "5", "6"]);
    expect(warned).toEqual([]);
  });

  it("a missing engine is said once, in the players' language, and nothing more is tried", async () => {
    const engine = fakeEngine(
      Object.assign(new Error("spawn espeak-ng ENOENT"), { code: "ENOENT" }),
    );
    const warned: string[] = [];
    const speaker = new Speaker(translator("de"), engine.spawn, (l) => warned.push(l));
    speaker.say("eins");
    await Promise.resolve();
    speaker.say("zwei");
    speaker.say("drei");
    await Promise.resolve();
    expect(engine.calls).toHaveLength(1);
    expect(warned).toEqual([
      "--speak: espeak-ng ist nicht installiert, daher wird nichts gesprochen (apt-get install espeak-ng); das Spiel läuft weiter",
    ]);
  });

  it("--lang de --speak: a whole game against kete says its moves, the mistakes with their rules, and the result", async () => {
    const said: string[] = [];
    const voices = new Set<string>();
    const spawn: SpeechSpawn = (_command, args) => {
      voices.add(args[1] ?? "");
      said.push(args[3] ?? "");
      const child = new EventEmitter();
      // The utterance ends at once (the fake engine speaks in no time).
      queueMicrotask(() => child.emit("exit", 0));
      return child as unknown as SpeechProcess;
    };
    const h = fakeHost();
    const s = settings("hus", {
      lang: "de",
      speak: true,
      seed: 4,
      mistakeRate: 0.3,
      computer: { side: "N", level: 1 },
    });
    const result = await play(s, { ...h, host: { ...h.host, speech: spawn } });
    expect(result.code).toBe(0);
    expect([...voices]).toEqual(["de"]);
    expect(said.filter((t) => /^kete spielt [A-D][1-8][+-]/.test(t)).length).toBeGreaterThan(0);
    const mistakes = said.filter((t) => /^(Süd|Nord): /.test(t));
    expect(mistakes.length).toBeGreaterThan(0);
    expect(mistakes.every((m) => /\((?:CORE|HUS)-\d+\)|nicht ketes Zug/.test(m))).toBe(true);
    expect(said[said.length - 1]).toMatch(/^Spielende: (Süd|Nord) gewinnt — HUS-4: /);
  }, 30_000);
});
