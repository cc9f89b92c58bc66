/**
 * `kete --help` and every command's help: the game ids with their defaults,
 * the exit codes a script can rely on, and where to read more — inside the
 * repository (sections of README.md and docs/ that exist), never `../shared/…`.
 */
import type { SpawnSyncReturns } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games/index.js";
import { buildProgram } from "../../src/cli/program.js";
import {
  EXIT_FAILED,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_TIMED_OUT,
  EXIT_USAGE,
} from "../../src/cli/usage.js";
import { ensureBuilt, kete, ROOT } from "./run.js";

/** The headings of a page of the repository (README.md, docs/…). */
function headingsOf(page: string): Set<string> {
  return new Set(
    readFileSync(join(ROOT, page), "utf8")
      .split("\n")
      .filter((l) => l.startsWith("#"))
      .map((l) => l.replace(/^#+\s*/, "")),
  );
}
const commands = (await buildProgram()).commands.map((c) => c.name()).filter((n) => n !== "help");

/** The exit-code lines of a help text: code → meaning. */
function exitCodes(help: string): Map<number, string> {
  const section = help.split("Exit codes:\n")[1] ?? "";
  const codes = new Map<number, string>();
  for (const line of section.split("\n")) {
    const m = /^ {2}(\d+)\s+(.+)$/.exec(line);
    if (m === null) break;
    codes.set(Number(m[1]), m[2]!);
  }
  return codes;
}

beforeAll(() => {
  ensureBuilt();
});

/** Each help text is asked of `kete` once (a process each), then read by every test. */
const helps = new Map<string, SpawnSyncReturns<string>>();
function help(args: readonly string[]): SpawnSyncReturns<string> {
  const key = args.join(" ");
  let r = helps.get(key);
  if (r === undefined) helps.set(key, (r = kete(args)));
  return r;
}

describe("help texts", () => {
  it("the exit codes are the ones the commands use", () => {
    expect([EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_TIMED_OUT, EXIT_INTERRUPTED]).toEqual([
      0, 1, 2, 3, 130,
    ]);
  });

  it("kete --help: every game id with its defaults, every exit code, exit 0", () => {
    const r = help(["--help"]);
    expect(r.status).toBe(0);
    for (const g of games) {
      // A list or object default (Abalone's leaveOut, pushOffsToWin) is written as JSON.
      const written = (v: unknown) =>
        typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
      const defaults = g.optionSpecs
        .map((s) => `${s.name}=${written(s.default)}`)
        .join(" ")
        .replace(/[[\]{}()*+?.^$|\\]/g, "\\$&");
      expect(r.stdout).toMatch(new RegExp(`^ {2}${g.id} +${defaults}$`, "m"));
    }
    const codes = exitCodes(r.stdout);
    expect([...codes.keys()]).toEqual([0, 1, 2, 3, 130]);
    expect(codes.get(2)).toMatch(/usage/);
    expect(codes.get(3)).toMatch(/--minutes.*paused/);
    expect(codes.get(130)).toMatch(/interrupted.*SIGHUP.*paused/);
    expect(r.stdout).toMatch(/stops reading early .* ends kete quietly/);
    // Said once here, and no page ends with a stray example (issue 32).
    expect(r.stdout).not.toMatch(/head -1\)/);
  });

  it.each(commands)("kete %s --help: its exit codes and a docs section that exists", (name) => {
    const r = help([name, "--help"]);
    expect(r.status).toBe(0);
    const codes = exitCodes(r.stdout);
    expect(codes.get(0)).toBeDefined();
    expect(codes.get(2)).toMatch(/usage/);
    const section = /See (docs\/[a-z-]+\.md), section "(.+)"\./.exec(r.stdout);
    expect(section).not.toBeNull();
    expect(headingsOf(section![1]!)).toContain(section![2]);
    // The page ends with where to read more, not with an example of a pipe (issue 32).
    expect(r.stdout.trimEnd().split("\n").pop()).toMatch(/^See docs\/[a-z-]+\.md, section/);
    expect(r.stdout).not.toMatch(/head -1/);
  });

  it("the commands that take a game list them all with their defaults", () => {
    for (const name of ["perft", "play", "engine"]) {
      const text = help([name, "--help"]).stdout;
      for (const g of games) expect(text).toMatch(new RegExp(`^ {2}${g.id} `, "m"));
    }
    const play = help(["play", "--help"]).stdout;
    expect(play).toMatch(/--minutes 10 off a terminal, 120 on one/);
    expect(play).toMatch(/a game on --port has no limit unless --minutes is given/);
    expect(play).toMatch(/--seed from the clock/);
    expect(play).toMatch(/\(default: "husbao"\)/);
    expect([...exitCodes(play).keys()]).toEqual([0, 1, 2, 3, 130]);
  });

  it("no help points outside the repository", () => {
    for (const args of [["--help"], ...commands.map((n) => [n, "--help"])]) {
      const text = help(args).stdout;
      expect(text, args.join(" ")).not.toMatch(/\.\.\/|shared\/|spec\//);
    }
    expect(help(["engine", "--help"]).stdout).toMatch(
      /See docs\/engine\.md, section "The engine interface: `kete engine`"/,
    );
  });

  it("a command's help is the same whether kete loads that command alone or all of them", async () => {
    const all = await buildProgram();
    for (const name of commands) {
      const alone = await buildProgram(["node", "kete", name, "--help"]);
      // Only the named command's module is loaded (src/cli/program.ts).
      expect(alone.commands.map((c) => c.name())).toEqual([name]);
      const whole = all.commands.find((c) => c.name() === name);
      expect(alone.commands[0]?.helpInformation(), name).toBe(whole?.helpInformation());
    }
    // Anything else (help, --version, a typo) loads every command.
    for (const first of ["--help", "help", "--version", "paly", undefined]) {
      const argv = first === undefined ? ["node", "kete"] : ["node", "kete", first];
      expect((await buildProgram(argv)).commands.map((c) => c.name())).toEqual(commands);
    }
  });

  it("a misspelt command is still answered with the command it resembles", () => {
    const r = help(["paly"]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/unknown command 'paly'/);
    expect(r.stderr).toMatch(/Did you mean play\?/);
  });
});
