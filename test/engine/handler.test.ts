import { describe, expect, it } from "vitest";
import { DEFAULT_LEGAL_LIMIT, MAX_LINE_LENGTH, handleRequestLine } from "../../src/engine/index.js";
import { games } from "../../src/games/index.js";
import { ask, errorOf, initialPosition, type Json } from "./helpers.js";
import { FINISHED_HUSBAO } from "./fixtures.js";
import { rows } from "../games/fourrow/board.js";

const FOUR_ROW = ["husbao", "husbao-bis", "husbao-front", "hus", "bao-de"];

/** South to move with no pit holding two stones: HB-7 says South has lost. */

describe("games", () => {
  it("lists every registered game with its default options", () => {
    const answer = ask({ cmd: "games" });
    expect(Object.keys(answer)).toEqual(["games"]);
    const listed = answer.games as { id: string; title: string; options: Json }[];
    expect(listed.map((g) => g.id)).toEqual(games.map((g) => g.id));
    for (const id of FOUR_ROW) expect(listed.map((g) => g.id)).toContain(id);
    for (const g of listed) {
      expect(Object.keys(g)).toEqual(["id", "title", "options"]);
      expect(typeof g.title).toBe("string");
      // Each game's own options with their defaults (Glassperlenspiel has none).
      const specs = games.find((x) => x.id === g.id)?.optionSpecs ?? [];
      expect(g.options).toEqual(Object.fromEntries(specs.map((s) => [s.name, s.default])));
      if (g.id === "glassperlenspiel") expect(g.options).toEqual({});
      if (g.id === "abalone") expect(g.options.start).toBe("standard");
      if (FOUR_ROW.includes(g.id)) expect(g.options.maxStages).toBe(200);
    }
    expect(listed.find((g) => g.id === "husbao")?.options).toEqual({
      direction: "free",
      maxStages: 200,
    });
    expect(listed.find((g) => g.id === "hus")?.options).toEqual({
      direction: "cw",
      capture: "mandatory",
      maxStages: 200,
    });
  });
});

describe("initial", () => {
  it("answers the HusBao start (HB-1) with every option filled in", () => {
    expect(ask({ cmd: "initial", game: "husbao" })).toEqual({
      position: {
        game: "husbao",
        options: { direction: "free", maxStages: 200 },
        toMove: "S",
        pits: rows("2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 0 0 0 0 2 2 2 2 / 2 2 2 2 2 2 2 2"),
      },
    });
  });

  it("takes options", () => {
    const p = initialPosition("hus", { capture: "optional", maxStages: 50 });
    expect(p.options).toEqual({ direction: "cw", capture: "optional", maxStages: 50 });
  });

  it("works for every four-row game", () => {
    for (const id of FOUR_ROW) expect(initialPosition(id).game).toBe(id);
  });

  it.each([
    [{ direction: "sideways" }, "options.direction"],
    [{ direction: 1 }, "options.direction"],
    [{ colour: "red" }, "options.colour"],
    [{ maxStages: 0 }, "options.maxStages"],
    [{ maxStages: 2.5 }, "options.maxStages"],
    [{ maxStages: "200" }, "options.maxStages"],
    [{ maxStages: null }, "options.maxStages"],
    [[], "options"],
    ["free", "options"],
    [null, "options"],
  ])("refuses options %j naming %s", (options, field) => {
    const e = errorOf(ask({ cmd: "initial", game: "husbao", options }));
    expect(e.code).toBe("bad-option");
    expect(e.field).toBe(field);
    expect(e.message).toContain(field);
  });

  it("refuses hus direction free (HUS-2) and names the rule", () => {
    const e = errorOf(ask({ cmd: "initial", game: "hus", options: { direction: "free" } }));
    expect(e).toMatchObject({ code: "bad-option", field: "options.direction" });
    expect(typeof e.rule).toBe("string");
  });

  it("refuses an unknown or missing game", () => {
    expect(errorOf(ask({ cmd: "initial", game: "chess" }))).toMatchObject({
      code: "unknown-game",
      field: "game",
    });
    expect(errorOf(ask({ cmd: "initial", game: 7 }))).toMatchObject({
      code: "unknown-game",
      field: "game",
    });
    expect(errorOf(ask({ cmd: "initial" }))).toMatchObject({ code: "bad-request", field: "game" });
  });
});

describe("legal", () => {
  it("lists every legal move, sorted, with position and trace", () => {
    const position = initialPosition("husbao");
    const answer = ask({ cmd: "legal", position });
    expect(Object.keys(answer)).toEqual(["moves"]);
    const moves = answer.moves as { move: string; position: Json; trace: Json[] }[];
    // HB-1: 12 pits with two stones, two directions each.
    expect(moves).toHaveLength(24);
    const names = moves.map((m) => m.move);
    expect(names).toEqual([...names].sort());
    for (const m of moves) {
      expect(Object.keys(m)).toEqual(["move", "position", "trace"]);
      expect(m.position.toMove).toBe("N");
      expect(m.trace[0]).toMatchObject({ op: "lift" });
      // The position leads on: it is accepted back by the engine.
      expect(ask({ cmd: "outcome", position: m.position })).toEqual({ outcome: null });
    }
  });

  it("agrees with apply", () => {
    const position = initialPosition("husbao-bis");
    const moves = ask({ cmd: "legal", position }).moves as Json[];
    for (const m of moves) {
      expect(ask({ cmd: "apply", position, move: m.move })).toEqual({
        position: m.position,
        trace: m.trace,
      });
    }
  });

  it("cuts the list at limit and says so only when cut", () => {
    const position = initialPosition("husbao");
    const all = ask({ cmd: "legal", position }).moves as Json[];
    const cut = ask({ cmd: "legal", position, limit: 5 });
    expect(cut.truncated).toBe(true);
    expect(cut.moves).toEqual(all.slice(0, 5));
    expect(ask({ cmd: "legal", position, limit: 0 })).toEqual({ moves: [], truncated: true });
    expect(ask({ cmd: "legal", position, limit: all.length })).toEqual({ moves: all });
    expect(ask({ cmd: "legal", position, limit: all.length + 1 })).toEqual({ moves: all });
    expect(ask({ cmd: "legal", position, limit: 1e300 })).toEqual({ moves: all });
    expect(DEFAULT_LEGAL_LIMIT).toBe(100_000);
  });

  it.each([-1, 1.5, "5", null, true, [], {}])("refuses limit %j", (limit) => {
    const position = initialPosition("husbao");
    expect(errorOf(ask({ cmd: "legal", position, limit }))).toMatchObject({
      code: "bad-request",
      field: "limit",
    });
  });

  it("answers an empty list when the game is over", () => {
    expect(ask({ cmd: "legal", position: FINISHED_HUSBAO })).toEqual({ moves: [] });
  });
});

describe("apply", () => {
  it("plays a move and gives its trace", () => {
    const position = initialPosition("husbao");
    const answer = ask({ cmd: "apply", position, move: "B4+" });
    expect(Object.keys(answer)).toEqual(["position", "trace"]);
    const trace = answer.trace as Json[];
    expect(trace[0]).toEqual({ op: "lift", pit: "B4", n: 2 });
    expect(trace[1]).toEqual({ op: "sow", pit: "B5" });
    expect((answer.position as Json).toMove).toBe("N");
  });

  it("refuses an illegal move, naming the rule", () => {
    const position = initialPosition("husbao");
    const e = errorOf(ask({ cmd: "apply", position, move: "B5+" }));
    expect(e.code).toBe("illegal-move");
    expect(e.rule).toBe("CORE-4");
    expect(e.message).toContain("CORE-4");
  });

  it("refuses a move in a finished game", () => {
    expect(errorOf(ask({ cmd: "apply", position: FINISHED_HUSBAO, move: "A1+" })).code).toBeTypeOf(
      "string",
    );
  });

  it.each([undefined, 3, null, ["B4+"]])("refuses move %j", (move) => {
    const position = initialPosition("husbao");
    expect(errorOf(ask({ cmd: "apply", position, move }))).toMatchObject({
      code: "bad-request",
      field: "move",
    });
  });

  it("refuses gibberish in the move notation", () => {
    const position = initialPosition("husbao");
    expect(errorOf(ask({ cmd: "apply", position, move: "Z9?" })).code).toBeTypeOf("string");
  });
});

describe("outcome", () => {
  it("is null while the game goes on", () => {
    expect(ask({ cmd: "outcome", position: initialPosition("bao-de") })).toEqual({ outcome: null });
  });

  it("names winner, reason and score at the end (HB-7)", () => {
    const answer = ask({ cmd: "outcome", position: FINISHED_HUSBAO });
    const outcome = answer.outcome as Json;
    expect(Object.keys(outcome)).toEqual(["winner", "reason", "score"]);
    expect(outcome.winner).toBe("N");
    expect(outcome.reason).toContain("HB-7");
    expect(outcome.score).toEqual({ S: 8, N: 40 });
  });
});

describe("positions the engine refuses", () => {
  const start = (): Json => initialPosition("husbao");
  const pits = (p: Json): Record<string, number[]> => p.pits as Record<string, number[]>;

  it.each(["legal", "apply", "outcome"])("%s needs a position", (cmd) => {
    expect(errorOf(ask({ cmd, move: "B4+" }))).toMatchObject({ field: "position" });
    expect(errorOf(ask({ cmd, position: 5, move: "B4+" }))).toMatchObject({ field: "position" });
    expect(errorOf(ask({ cmd, position: [], move: "B4+" }))).toMatchObject({ field: "position" });
  });

  it("names position.game when the game is missing or unknown", () => {
    const p = start();
    delete p.game;
    expect(errorOf(ask({ cmd: "outcome", position: p }))).toMatchObject({
      field: "position.game",
    });
    expect(errorOf(ask({ cmd: "outcome", position: { ...p, game: "go" } }))).toMatchObject({
      code: "unknown-game",
      field: "position.game",
    });
  });

  it("passes the game's complaint through: wrong total (CORE-6)", () => {
    const p = start();
    pits(p).A[0] = 3;
    expect(errorOf(ask({ cmd: "legal", position: p }))).toMatchObject({
      code: "bad-position",
      rule: "CORE-6",
    });
  });

  it("passes the game's complaint through: negative count, wrong shape, bad side", () => {
    const negative = start();
    pits(negative).A[0] = -2;
    pits(negative).A[1] = 6;
    expect(errorOf(ask({ cmd: "legal", position: negative })).code).toBe("bad-position");

    const short = start();
    pits(short).B = [2, 2, 2, 2, 0, 0, 0];
    expect(errorOf(ask({ cmd: "legal", position: short })).field).toMatch(/^position\.pits/);

    const side = { ...start(), toMove: "E" };
    expect(errorOf(ask({ cmd: "apply", position: side, move: "B4+" })).field).toBe(
      "position.toMove",
    );

    const badOption = { ...start(), options: { direction: "up", maxStages: 200 } };
    expect(errorOf(ask({ cmd: "legal", position: badOption })).field).toBe(
      "position.options.direction",
    );
  });
});

describe("requests the engine refuses", () => {
  it.each([
    ["{", "bad-json"],
    ["not json", "bad-json"],
    ['{"cmd":"games"', "bad-json"],
    ["[1,2]", "bad-request"],
    ["42", "bad-request"],
    ['"games"', "bad-request"],
    ["null", "bad-request"],
    ["{}", "bad-request"],
    ['{"id":1}', "bad-request"],
    ['{"cmd":"move"}', "unknown-command"],
    ['{"cmd":"GAMES"}', "unknown-command"],
    ['{"cmd":7}', "unknown-command"],
    ['{"cmd":null}', "unknown-command"],
    ['{"cmd":"constructor"}', "unknown-command"],
    ['{"cmd":"__proto__"}', "unknown-command"],
    ['{"cmd":"toString"}', "unknown-command"],
  ])("answers %s with %s", (line, code) => {
    const answer = ask(line);
    expect(Object.keys(answer).filter((k) => k !== "id")).toEqual(["error"]);
    const e = errorOf(answer);
    expect(e.code).toBe(code);
    expect(e.message.length).toBeGreaterThan(0);
  });

  it("does not take cmd from the prototype", () => {
    expect(errorOf(ask('{"__proto__":{"cmd":"games"}}')).code).toBe("bad-request");
  });

  it("ignores blank lines", () => {
    for (const line of ["", " ", "\t", "  \r"]) expect(handleRequestLine(line)).toBeNull();
  });

  it("refuses an over-long line without parsing it", () => {
    const line = `{"cmd":"games","pad":"${"x".repeat(MAX_LINE_LENGTH)}"}`;
    expect(errorOf(ask(line)).code).toBe("line-too-long");
    // Just under the bound is read normally.
    const fits = `{"cmd":"games","pad":"${"x".repeat(MAX_LINE_LENGTH - 40)}"}`;
    expect(ask(fits).games).toBeDefined();
  });

  it("answers a deeply nested request", () => {
    const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    const answer = ask(`{"cmd":"games","id":${deep}}`);
    // Whether or not the id can be echoed, the answer is one well-formed line.
    expect(answer.games ?? answer.error).toBeDefined();
    expect(ask(`{"id":${deep}}`).error).toBeDefined();
  });
});

describe("id", () => {
  it.each([1, "a", null, 0, false, [1, { x: 2 }], { nested: ["y"] }, 1.5, ""])(
    "echoes id %j first",
    (id) => {
      const answer = ask({ cmd: "games", id });
      expect(Object.keys(answer)[0]).toBe("id");
      expect(answer.id).toEqual(id);
    },
  );

  it("echoes the id on errors too", () => {
    const answer = ask({ id: "q7", cmd: "initial", game: "nope" });
    expect(Object.keys(answer)).toEqual(["id", "error"]);
    expect(answer.id).toBe("q7");
    expect(ask({ id: 3, cmd: "dance" })).toMatchObject({
      id: 3,
      error: { code: "unknown-command" },
    });
  });

  it("has no id when the request had none", () => {
    expect("id" in ask({ cmd: "games" })).toBe(false);
    expect("id" in ask("{")).toBe(false);
  });

  it("writes U+2028 and U+2029 escaped so that the answer stays one line for every reader", () => {
    const line = handleRequestLine(JSON.stringify({ cmd: "games", id: "a\u2028b\u2029c" }));
    expect(line).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(line ?? "").id).toBe("a\u2028b\u2029c");
  });
});
