/** `kete perft` and the command line's handling of bad arguments. */
import { beforeAll, describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import { ensureBuilt, kete } from "./run.js";

beforeAll(ensureBuilt);

/** A usage error: exit 2, nothing on stdout, a short message and a hint, no stack trace. */
function expectUsageError(args: string[], message: RegExp): void {
  const run = kete(args);
  expect(run.status).toBe(2);
  expect(run.stdout).toBe("");
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(message);
  expect(lines.length).toBeLessThanOrEqual(2);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

function nodesOf(stdout: string): number {
  const m = /^nodes (\d+)$/m.exec(stdout);
  if (m === null) throw new Error(`no node count in ${stdout}`);
  return Number(m[1]);
}

describe("kete perft", () => {
  it("prints the count, the time and nodes per second", () => {
    const run = kete(["perft", "husbao", "2"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^nodes \d+\ntime \d+\.\d{3} s\nnps \d+\n$/);
    const game = findGame("husbao");
    if (game === undefined) throw new Error("husbao is not registered");
    const start = game.initial();
    if (!start.ok) throw new Error(start.error.message);
    expect(nodesOf(run.stdout)).toBe(game.perft(start.value, 2));
  });

  it("counts 1 at depth 0", () => {
    expect(nodesOf(kete(["perft", "hus", "0"]).stdout)).toBe(1);
  });

  it("divides: one line per legal first move, summing to the total", () => {
    const run = kete(["perft", "husbao", "2", "--divide"]);
    expect(run.status).toBe(0);
    const divisions = [...run.stdout.matchAll(/^([A-D][1-8][+-]\S*): (\d+)$/gm)];
    expect(divisions).toHaveLength(24);
    const names = divisions.map((d) => d[1]);
    expect(names).toEqual([...names].sort());
    const sum = divisions.reduce((s, d) => s + Number(d[2]), 0);
    expect(sum).toBe(nodesOf(run.stdout));
    expect(sum).toBe(nodesOf(kete(["perft", "husbao", "2"]).stdout));
  });

  it("takes options, coerced from strings", () => {
    const free = kete(["perft", "husbao", "1"]);
    const cw = kete(["perft", "husbao", "1", "--option", "direction=cw", "-o", "maxStages=150"]);
    expect(cw.status).toBe(0);
    expect(nodesOf(cw.stdout)).toBe(nodesOf(free.stdout) / 2);
    const divided = kete(["perft", "husbao", "1", "-d", "--option=direction=ccw"]);
    expect(divided.stdout).not.toMatch(/\+:/);
  });

  it("refuses bad arguments with exit 2 and a one-line error", () => {
    expectUsageError(["perft", "chess", "2"], /unknown game 'chess'.*husbao/);
    expectUsageError(["perft", "husbao", "two"], /depth/);
    expectUsageError(["perft", "husbao", "-1"], /./);
    expectUsageError(["perft", "husbao", "1.5"], /depth/);
    expectUsageError(["perft", "husbao", ""], /depth/);
    expectUsageError(["perft", "husbao", "2", "-o", "direction=up"], /options\.direction/);
    expectUsageError(["perft", "husbao", "2", "-o", "colour=red"], /options\.colour/);
    expectUsageError(["perft", "husbao", "2", "-o", "maxStages=0"], /options\.maxStages/);
    expectUsageError(["perft", "husbao", "2", "-o", "maxStages"], /name=value/);
    expectUsageError(["perft", "hus", "2", "-o", "direction=free"], /options\.direction/);
    expectUsageError(["perft", "husbao"], /missing required argument/);
    expectUsageError(["perft", "husbao", "2", "3"], /too many arguments|unknown/);
    expectUsageError(["perft", "husbao", "2", "--fast"], /unknown option/);
  });
});

describe("kete", () => {
  it("refuses an unknown command with exit 2", () => {
    expectUsageError(["dance"], /unknown command 'dance'/);
  });

  it("shows usage with exit 2 when no command is given", () => {
    const run = kete([]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/Usage: kete/);
  });

  it("answers --help and --version with exit 0", () => {
    const help = kete(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/engine/);
    expect(help.stdout).toMatch(/perft/);
    const version = kete(["--version"]);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});
