/**
 * `kete engine` as a process answering `search` (issue 16,
 * docs/spec/engine-search.md): with `ms` alone the engine must read its own
 * clock (the pure handler without one refuses `ms`), answer a legal move for
 * every game it is asked about, and serve on after every bad request.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { handleRequestLine } from "../../src/engine/index.js";
import { findGame } from "../../src/games/index.js";
import { ensureBuilt, kete } from "./run.js";
import { FINISHED_HUSBAO } from "../engine/fixtures.js";

beforeAll(ensureBuilt);

type Json = Record<string, unknown>;

const GAMES = [
  "husbao",
  "husbao-bis",
  "husbao-front",
  "hus",
  "bao-de",
  "bao-kiswahili",
  "bao-kujifunza",
];

/** The game's initial position, from the engine's own `initial` (in process). */
function initial(game: string): Json {
  const answer = JSON.parse(handleRequestLine(JSON.stringify({ cmd: "initial", game })) ?? "{}");
  return (answer as { position: Json }).position;
}

/** `move` is legal in `position` by the game's own `apply`. */
function isLegal(position: Json, move: unknown): boolean {
  const game = findGame(String(position.game));
  if (game === undefined || typeof move !== "string") return false;
  const parsed = game.parsePosition(position);
  return parsed.ok && game.apply(parsed.value, move).ok;
}

/** HB-7: South to move and no South pit holds two stones. */

describe("kete engine: search", () => {
  it("answers ms searches for every four-row game and both Baos, serving on after bad requests", () => {
    const positions = GAMES.map(initial);
    const husbao = positions[0]!;
    // [request, what its answer must be]: a search answer, or an error naming a field.
    const requests: [Json, "best" | { code: string; field?: string }][] = [];
    positions.forEach((position, i) => {
      requests.push([{ id: `g${i}`, cmd: "search", position, ms: 150 }, "best"]);
    });
    const bad: [Json, { code: string; field?: string }][] = [
      [{ ms: 0 }, { code: "bad-request", field: "ms" }],
      [{ ms: 600_001 }, { code: "bad-request", field: "ms" }],
      [{ nodes: 0 }, { code: "bad-request", field: "nodes" }],
      [{ nodes: 1e9 + 1 }, { code: "bad-request", field: "nodes" }],
      [{ depth: 65 }, { code: "bad-request", field: "depth" }],
      [{ level: 7 }, { code: "bad-request", field: "level" }],
      [
        { nodes: 10, seed: -1 },
        { code: "bad-request", field: "seed" },
      ],
      [{}, { code: "bad-request" }],
    ];
    bad.forEach(([fields, error], i) => {
      requests.push([{ id: `b${i}`, cmd: "search", position: husbao, ...fields }, error]);
      // After each bad request, a good one: the engine serves on.
      requests.push([{ id: `a${i}`, cmd: "search", position: husbao, nodes: 300 }, "best"]);
    });
    requests.push([
      { id: "over", cmd: "search", position: FINISHED_HUSBAO, ms: 100 },
      { code: "game-over", field: "position" },
    ]);
    requests.push([{ id: "last", cmd: "search", position: husbao, depth: 2, ms: 5000 }, "best"]);

    const run = kete(["engine"], requests.map(([r]) => JSON.stringify(r)).join("\n") + "\n");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const answers = run.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    expect(answers).toHaveLength(requests.length);
    answers.forEach((answer, i) => {
      const [request, expected] = requests[i]!;
      expect(answer.id).toBe(request.id);
      if (expected === "best") {
        expect(Object.keys(answer)).toEqual([
          "id",
          "best",
          "score",
          "depth",
          "nodes",
          "pv",
          "captures",
        ]);
        expect(isLegal(request.position as Json, answer.best), JSON.stringify(answer)).toBe(true);
        expect((answer.pv as unknown[])[0]).toBe(answer.best);
        if (typeof request.nodes === "number") {
          // The search may count one node past its budget (src/search/search.ts, `tick`).
          expect(answer.nodes as number).toBeLessThanOrEqual(request.nodes + 1);
        }
        if (typeof request.depth === "number") {
          expect(answer.depth as number).toBeLessThanOrEqual(request.depth);
        }
      } else {
        expect(answer.error, JSON.stringify(request)).toMatchObject(expected);
        if (expected.field === undefined) expect(answer.error).not.toHaveProperty("field");
      }
    });
  });

  it("gives the same answer to the same nodes or depth request, in one process and across two", () => {
    const position = initial("bao-kujifunza");
    const input = [
      { id: 1, cmd: "search", position, nodes: 4000 },
      { id: 1, cmd: "search", position, nodes: 4000 },
      { id: 2, cmd: "search", position, depth: 3 },
      { id: 2, cmd: "search", position, depth: 3 },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n");
    const first = kete(["engine"], input);
    const second = kete(["engine"], input);
    expect(first.status).toBe(0);
    const lines = first.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/"best"/);
    expect(lines[1]).toBe(lines[0]);
    expect(lines[3]).toBe(lines[2]);
    expect(second.stdout).toBe(first.stdout);
  });
});
