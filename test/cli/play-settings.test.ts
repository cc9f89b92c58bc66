/**
 * `kete play`'s flags read by a pure function: the settings, with the
 * defaults on and off a terminal, or the one usage error for each bad flag.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  numberFlag,
  type PlayContext,
  type PlayFlags,
  type ResumeFacts,
  resumeTarget,
} from "../../src/cli/play/settings.js";
import { OFF_TERMINAL, ON_TERMINAL, play, readFlags, settings } from "./play-harness.js";

function usage(flags: Partial<PlayFlags>, ctx: PlayContext = OFF_TERMINAL): string {
  const r = readFlags(flags, ctx);
  if (r.ok) throw new Error("expected a usage error");
  expect(r.error.code).toBe("usage");
  return r.error.message;
}

describe("kete play's settings", () => {
  it("the defaults off a terminal: HusBao, a log, fast hands, ten minutes", () => {
    const r = readFlags({});
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(s.game.id).toBe("husbao");
    expect(s).toMatchObject({
      options: {},
      first: "S",
      port: null,
      onMistake: null,
      guidance: true,
      players: { S: "Amani", N: "Baraka" },
      gamesDir: "/games",
      resume: null,
      seed: 42,
      pace: 0.05,
      noise: true,
      mistakeRate: 0.08,
      live: false,
      colour: false,
      maxMinutes: 10,
    });
    expect([...s.human]).toEqual([]);
  });

  it("on a terminal: drawn live in colour at a person's pace, two hours (NO_COLOR: no colour)", () => {
    const r = readFlags({}, ON_TERMINAL);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ live: true, colour: true, pace: 1, maxMinutes: 120 });
    const plain = readFlags({}, { ...ON_TERMINAL, noColour: true });
    expect(plain.ok && plain.value.colour).toBe(false);
  });

  it("every flag given", () => {
    const r = readFlags(
      {
        game: "hus",
        option: ["direction=ccw", "capture=optional"],
        onMistake: "penalty5",
        guidance: "off",
        players: " Ana , Ben ",
        first: "N",
        human: "both",
        gamesDir: "/elsewhere",
        seed: "7",
        pace: "0.5",
        noise: false,
        mistakes: "0",
        minutes: "3",
      },
      ON_TERMINAL,
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({
      options: { direction: "ccw", capture: "optional" },
      onMistake: "penalty5",
      guidance: false,
      players: { S: "Ana", N: "Ben" },
      first: "N",
      gamesDir: "/elsewhere",
      seed: 7,
      pace: 0.5,
      noise: false,
      mistakeRate: 0,
      maxMinutes: 3,
    });
    expect([...r.value.human].sort()).toEqual(["N", "S"]);
  });

  it("a real board's players are South and North unless named", () => {
    const r = readFlags({ port: "/dev/ttyACM0" });
    expect(r.ok && r.value.players).toEqual({ S: "South", N: "North" });
    expect(r.ok && r.value.port).toBe("/dev/ttyACM0");
  });

  const journal: ResumeFacts = {
    path: "/g/x",
    game: "hus",
    options: { direction: "ccw", capture: "mandatory", maxStages: 200 },
    players: { S: "Ana", N: "Ben" },
    first: "N",
    guidance: true,
    onMistake: "retry",
    keyboard: [],
  };
  const resuming = (given: string[], ctx: PlayContext = OFF_TERMINAL): PlayContext => ({
    ...ctx,
    resume: journal,
    given: new Set(given),
  });

  it("--resume plays the journal's game, options, players and first side; flags left at their defaults are no change", () => {
    const r = readFlags({}, resuming([]));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.game.id).toBe("hus");
    expect(r.value).toMatchObject({
      resume: "/g/x",
      players: { S: "Ana", N: "Ben" },
      first: "N",
      guidance: true,
      changes: [],
    });
    // the same values typed again are no change either
    const same = readFlags(
      { game: "hus", players: "Ana,Ben", first: "N", option: ["direction=ccw"] },
      resuming(["game", "players", "first", "option"]),
    );
    expect(same.ok && same.value.changes).toEqual([]);
  });

  const refused: [string, Partial<PlayFlags>, string, RegExp][] = [
    [
      "another game",
      { game: "husbao" },
      "game",
      /^--game husbao: \/g\/x is a game of hus; a resumed game keeps its game: leave out --game/,
    ],
    [
      "other rule options",
      { option: ["direction=cw"] },
      "option",
      /^--option: \/g\/x is played with direction=ccw capture=mandatory maxStages=200; a resumed game keeps its rule options/,
    ],
    [
      "other players",
      { players: "Cy,Di" },
      "players",
      /^--players: \/g\/x is Ana \(South\) vs Ben \(North\); a resumed game keeps its players/,
    ],
    [
      "another first side",
      { first: "S" },
      "first",
      /^--first S: in \/g\/x North moved first; a resumed game keeps its first side/,
    ],
  ];
  for (const [what, flags, flag, message] of refused) {
    it(`--resume refuses ${what} in one line (issue 11, item 6)`, () => {
      expect(usage(flags, resuming([flag]))).toMatch(message);
    });
  }

  it("--resume applies --guidance and --on-mistake and says so", () => {
    const r = readFlags(
      { guidance: "off", onMistake: "forfeit" },
      resuming(["guidance", "onMistake"]),
    );
    expect(r.ok && r.value).toMatchObject({
      guidance: false,
      onMistake: "forfeit",
      changes: [
        "guidance off from now on (was on)",
        "on a mistake: forfeit from now on (was retry)",
      ],
    });
  });

  it("--resume remembers the keyboard sides; --human changes them, and none hands them to virtual players", () => {
    const typed: PlayContext = {
      ...resuming([], ON_TERMINAL),
      resume: { ...journal, keyboard: ["S"] },
    };
    const kept = readFlags({}, typed);
    expect(kept.ok && [...kept.value.human]).toEqual(["S"]);
    expect(kept.ok && kept.value.changes).toEqual([]);
    const swapped = readFlags({ human: "N" }, { ...typed, given: new Set(["human"]) });
    expect(swapped.ok && [...swapped.value.human]).toEqual(["N"]);
    expect(swapped.ok && swapped.value.changes).toEqual([
      "played from the keyboard: North (was South)",
    ]);
    const off = { ...typed, stdoutTTY: false, stdinTTY: false };
    expect(usage({}, off)).toMatch(
      /^in \/g\/x South played from the keyboard: resume it on a terminal, or give --human none/,
    );
    const none = readFlags({ human: "none" }, { ...off, given: new Set(["human"]) });
    expect(none.ok && [...none.value.human]).toEqual([]);
    expect(none.ok && none.value.changes).toEqual([
      "played from the keyboard: neither side (was South)",
    ]);
  });

  const bad: [string, Partial<PlayFlags>, RegExp, PlayContext?][] = [
    ["an unknown game", { game: "chess" }, /^unknown game 'chess' \(games: husbao, .*hus.*\)$/],
    ["an unknown option", { option: ["speed=fast"] }, /speed/],
    ["an option without a value", { option: ["direction"] }, /expected name=value/],
    ["a bad option value", { game: "hus", option: ["direction=free"] }, /direction/],
    [
      "a bad policy",
      { onMistake: "shrug" },
      /^--on-mistake must be one of retry, .*, not 'shrug'$/,
    ],
    ["a bad guidance", { guidance: "maybe" }, /^--guidance must be on or off, not 'maybe'$/],
    ["one player", { players: "Ana" }, /^--players takes two names/],
    ["three players", { players: "Ana,Ben,Cy" }, /^--players takes two names/],
    ["an empty name", { players: "Ana, " }, /^--players takes two names/],
    [
      "a name too long",
      { players: `Ana,${"B".repeat(41)}` },
      /^--players: the name 'B{20}…' is 41 characters; a name has at most 40$/,
    ],
    ["a bad first side", { first: "E" }, /^--first must be S or N, not 'E'$/],
    [
      "a bad human side",
      { human: "W" },
      /^--human must be S, N, both or none, not 'W'$/,
      ON_TERMINAL,
    ],
    [
      "a human on a real board",
      { human: "S", port: "/dev/ttyACM0" },
      /^--human is for the simulated board/,
      ON_TERMINAL,
    ],
    ["a human without a terminal", { human: "S" }, /^--human needs a terminal to type moves in$/],
    [
      "a human with piped input",
      { human: "S" },
      /^--human needs a terminal/,
      { ...ON_TERMINAL, stdinTTY: false },
    ],
    [
      "a seed that is no number",
      { seed: "x" },
      /^--seed must be a number from 0 to 2147483648, not 'x'$/,
    ],
    ["a negative seed", { seed: "-1" }, /^--seed must be a number/],
    ["an empty seed", { seed: "" }, /^--seed must be a number/],
    ["a pace too slow", { pace: "11" }, /^--pace must be a number from 0 to 10, not '11'$/],
    ["a slip rate over 1", { mistakes: "1.5" }, /^--mistakes must be a number from 0 to 1/],
    [
      "a time limit too short",
      { minutes: "0.01" },
      /^--minutes must be a number from 0.05 to 10000/,
    ],
    ["a time limit that is no number", { minutes: "NaN" }, /^--minutes must be a number/],
  ];
  for (const [what, flags, message, ctx] of bad) {
    it(`a usage error for ${what}`, () => {
      expect(usage(flags, ctx)).toMatch(message);
    });
  }

  it("numbers within their range, and nothing else", () => {
    expect(numberFlag("--pace", "0", 0, 10)).toEqual({ ok: true, value: 0 });
    expect(numberFlag("--pace", "10", 0, 10)).toEqual({ ok: true, value: 10 });
    expect(numberFlag("--pace", "Infinity", 0, Infinity).ok).toBe(false);
    expect(numberFlag("--pace", " ", 0, 10).ok).toBe(false);
  });
});

describe("the journal --resume continues", () => {
  it("none asked: none", () => {
    expect(resumeTarget(undefined, "/nowhere")).toEqual({ ok: true, value: null });
  });

  it("the newest unfinished game of the folder, or a line saying there is none", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-resume-"));
    const none = resumeTarget(true, dir);
    expect(!none.ok && none.error.message).toBe(
      `no unfinished game in ${dir}; name the journal: npx kete play --resume FILE`,
    );
    const r = await play(settings("hus", { seed: 11, gamesDir: dir, maxMinutes: 0.05 }));
    expect(r.code).toBe(3);
    expect(resumeTarget(true, dir)).toMatchObject({
      ok: true,
      value: { path: r.session.journalPath, game: "hus", players: { S: "Amani", N: "Baraka" } },
    });
  });

  it("a named file that is no journal: the reason", () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-resume-"));
    const file = join(dir, "notes.txt");
    writeFileSync(file, "hello\n");
    const r = resumeTarget(file, dir);
    expect(!r.ok && r.error.message).toMatch(/not a kete game journal/);
    const missing = resumeTarget(join(dir, "gone.kete.jsonl"), dir);
    expect(!missing.ok && missing.error.message).toMatch(/no such file/);
  });
});
