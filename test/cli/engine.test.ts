/** `kete engine` as a process: one answer line per request, in order, and nothing else. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { beforeAll, describe, expect, it } from "vitest";
import { MAIN, ROOT, ensureBuilt, kete } from "./run.js";

beforeAll(ensureBuilt);

type Json = Record<string, unknown>;

const START = {
  game: "husbao",
  options: { direction: "free", maxStages: 200 },
  toMove: "S",
  pits: {
    A: [2, 2, 2, 2, 2, 2, 2, 2],
    B: [2, 2, 2, 2, 0, 0, 0, 0],
    C: [0, 0, 0, 0, 2, 2, 2, 2],
    D: [2, 2, 2, 2, 2, 2, 2, 2],
  },
};

describe("kete engine", () => {
  it("answers a mixed batch one line per request, in order, exit 0, silent stderr", () => {
    const requests: [string, string][] = [
      [JSON.stringify({ id: 1, cmd: "games" }), "games"],
      ["", ""],
      [JSON.stringify({ id: 2, cmd: "initial", game: "husbao" }), "position"],
      ["{not json", "error"],
      [JSON.stringify({ id: 4, cmd: "legal", position: START, limit: 3 }), "moves"],
      ["   ", ""],
      [JSON.stringify({ id: 5, cmd: "apply", position: START, move: "B4+" }), "position"],
      [JSON.stringify({ id: 6, cmd: "apply", position: START, move: "B5+" }), "error"],
      [JSON.stringify({ id: 7, cmd: "outcome", position: START }), "outcome"],
      [JSON.stringify({ id: 8, cmd: "fly" }), "error"],
      ["[]", "error"],
      [
        JSON.stringify({ id: 10, cmd: "initial", game: "hus", options: { direction: "free" } }),
        "error",
      ],
      [JSON.stringify({ id: 11, cmd: "legal", position: { ...START, toMove: "X" } }), "error"],
      [JSON.stringify({ id: 12, cmd: "legal", position: START, limit: -1 }), "error"],
      [`${JSON.stringify({ id: 13, cmd: "games" })}\r`, "games"],
      [JSON.stringify({ id: 14, cmd: "outcome", position: START }), "outcome"],
    ];
    // CRLF line ends, and no newline after the last request.
    const input = requests.map(([line]) => line).join("\r\n");
    const run = kete(["engine"], input);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.endsWith("\n")).toBe(true);
    const lines = run.stdout.slice(0, -1).split("\n");
    const expected = requests.filter(([line]) => line.trim() !== "");
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, i) => {
      const answer = JSON.parse(line) as Json;
      const [request, key] = expected[i];
      const sent = (() => {
        try {
          return JSON.parse(request) as unknown;
        } catch {
          return undefined;
        }
      })();
      const id =
        typeof sent === "object" && sent !== null && "id" in sent ? (sent as Json).id : undefined;
      if (id !== undefined) expect(Object.keys(answer)[0]).toBe("id");
      expect(answer.id).toEqual(id);
      expect(Object.keys(answer)).toContain(key);
    });
  });

  it("keeps order over many requests", () => {
    const n = 3000;
    const input = Array.from({ length: n }, (_, i) =>
      i % 3 === 0
        ? JSON.stringify({ id: i, cmd: "legal", position: START })
        : i % 3 === 1
          ? `{"id":${i},"cmd":`
          : JSON.stringify({ id: i, cmd: "outcome", position: START }),
    ).join("\n");
    const run = kete(["engine"], `${input}\n`);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    const ids = run.stdout
      .trimEnd()
      .split("\n")
      .map((l) => (JSON.parse(l) as Json).id);
    // Lines that are not JSON have no id to echo.
    expect(ids).toEqual(Array.from({ length: n }, (_, i) => (i % 3 === 1 ? undefined : i)));
  });

  it("exits 0 on empty input", () => {
    const run = kete(["engine"], "");
    expect([run.status, run.stdout, run.stderr]).toEqual([0, "", ""]);
  });

  it("answers an over-long line with an error and goes on", () => {
    const long = `{"cmd":"games","pad":"${"x".repeat(1 << 21)}"}`;
    const run = kete(["engine"], `${long}\n{"id":2,"cmd":"games"}\n`);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toMatchObject({ error: { code: "line-too-long" } });
    expect(JSON.parse(lines[1])).toMatchObject({ id: 2 });
  });

  it("stops quietly when the reader goes away (EPIPE)", async () => {
    const child = spawn(process.execPath, [MAIN, "engine"], { cwd: ROOT });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.stdin.on("error", () => {
      // the engine may be gone before we finish writing
    });
    const first = new Promise<void>((resolve) =>
      child.stdout.once("data", () => {
        child.stdout.destroy();
        resolve();
      }),
    );
    const request = `${JSON.stringify({ cmd: "legal", position: START })}\n`;
    child.stdin.write(request);
    await first;
    const exited = once(child, "exit") as Promise<[number | null]>;
    // Keep asking until the engine notices nobody reads its answers.
    for (let i = 0; i < 2000 && child.exitCode === null && child.stdin.writable; i++) {
      if (!child.stdin.write(request)) {
        await new Promise<void>((resolve) => {
          child.stdin.once("drain", resolve);
          child.stdin.once("error", () => resolve());
          void exited.then(() => resolve());
        });
      }
    }
    child.stdin.end();
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stderr).toBe("");
  });
});
