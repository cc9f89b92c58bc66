/**
 * Every kind of `kete engine` answer (src/engine/answers.ts) against the
 * specification's own examples (docs/spec/engine-protocol.md, "Requests and
 * answers" and "Trace"; docs/spec/engine-search.md, "Request and answer"):
 * the example answers are read from the documents as templates (`P`, `T`,
 * `n`, `…` stand for any position, trace, number, text), each request of the
 * tables is sent, and its typed answer must have the template's keys in the
 * template's order, survive `encodeAnswer` unchanged, and be told apart by
 * `answerKind` as the command it answers (issue 31).
 */
import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { ANSWER_KEYS } from "../../src/engine/index.js";
import {
  answerKind,
  encodeAnswer,
  handleRequest,
  handleRequestLine,
  type Answer,
  type AnswerKey,
  type AnswerOf,
  type Command,
  type ErrorAnswer,
  type OutcomeAnswer,
} from "../../src/engine/index.js";
import { FINISHED_HUSBAO } from "./fixtures.js";
import type { Json } from "./helpers.js";

const SPEC = readFileSync(new URL("../../docs/spec/engine-protocol.md", import.meta.url), "utf8");
const SEARCH_SPEC = readFileSync(
  new URL("../../docs/spec/engine-search.md", import.meta.url),
  "utf8",
);

// ------------------------------------------------------------ the templates

/** A spec example read as a pattern: an object's keys in order, or what a leaf may be. */
type Template =
  | { readonly t: "object"; readonly open: boolean; readonly entries: [string, Template][] }
  | { readonly t: "array"; readonly item: Template | null }
  | { readonly t: "leaf"; readonly kinds: readonly LeafKind[] };
type LeafKind = "string" | "number" | "null" | "true" | "object" | "array";

/** What a placeholder of the spec stands for. */
const PLACEHOLDERS: Readonly<Record<string, LeafKind>> = {
  P: "object",
  P2: "object",
  T: "array",
  n: "number",
  N: "number",
  null: "null",
  true: "true",
};

function tokens(text: string): string[] {
  const out: string[] = [];
  const re = /\s*("(?:[^"\\]|\\.)*"|[{}[\]:,|]|…[^,}\]]*|[A-Za-z0-9+.-]+)/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) out.push(m[1] ?? "");
  if (re.lastIndex !== 0 && re.lastIndex < text.trimEnd().length)
    throw new Error(`cannot read the template at ${text.slice(re.lastIndex)}`);
  return out;
}

/** Reads one template (markdown's `\|` already unescaped). */
function template(text: string): Template {
  const ts = tokens(text);
  let i = 0;
  const peek = (): string => ts[i] ?? "";
  const take = (want?: string): string => {
    const t = ts[i++] ?? "";
    if (want !== undefined && t !== want) throw new Error(`expected ${want}, read ${t} in ${text}`);
    return t;
  };
  const leaf = (t: string): LeafKind => {
    if (t.startsWith('"')) return "string";
    if (/^-?[0-9]+$/.test(t)) return "number";
    const kind = PLACEHOLDERS[t];
    if (kind === undefined) throw new Error(`unknown placeholder ${t} in ${text}`);
    return kind;
  };
  const value = (): Template => {
    const t = take();
    if (t === "{") {
      const entries: [string, Template][] = [];
      let open = false;
      while (peek() !== "}") {
        if (peek().startsWith("…")) {
          take();
          open = true;
        } else {
          const key = JSON.parse(take()) as string;
          take(":");
          entries.push([key, value()]);
        }
        if (peek() === ",") take(",");
      }
      take("}");
      return { t: "object", open, entries };
    }
    if (t === "[") {
      const item = peek() === "]" ? null : value();
      while (peek() !== "]") take();
      take("]");
      return { t: "array", item };
    }
    const kinds = [leaf(t)];
    while (peek() === "|") {
      take("|");
      kinds.push(leaf(take()));
    }
    return { t: "leaf", kinds };
  };
  const out = value();
  if (i !== ts.length) throw new Error(`left over in ${text}: ${ts.slice(i).join(" ")}`);
  return out;
}

function kindOf(v: unknown): LeafKind | "false" {
  if (v === null) return "null";
  if (v === true) return "true";
  if (v === false) return "false";
  if (Array.isArray(v)) return "array";
  if (typeof v === "object") return "object";
  return typeof v === "number" ? "number" : "string";
}

/** Where `value` departs from the template, or null when it matches. */
function mismatch(tpl: Template, value: unknown, at = "answer"): string | null {
  if (tpl.t === "leaf") {
    return (tpl.kinds as readonly string[]).includes(kindOf(value))
      ? null
      : `${at}: ${kindOf(value)}, the spec has ${tpl.kinds.join(" or ")}`;
  }
  if (tpl.t === "array") {
    if (!Array.isArray(value)) return `${at}: not an array`;
    if (tpl.item === null) return null;
    for (const [k, item] of value.entries()) {
      const bad = mismatch(tpl.item, item, `${at}[${k}]`);
      if (bad !== null) return bad;
    }
    return null;
  }
  if (kindOf(value) !== "object") return `${at}: not an object`;
  const object = value as Json;
  if (!tpl.open) {
    const keys = Object.keys(object).join(",");
    const want = tpl.entries.map(([k]) => k).join(",");
    if (keys !== want) return `${at}: keys ${keys}, the spec has ${want}`;
  }
  for (const [k, t] of tpl.entries) {
    const bad = mismatch(t, object[k], `${at}.${k}`);
    if (bad !== null) return bad;
  }
  return null;
}

/** The backticked pieces of a markdown table cell, `\|` unescaped. */
function codes(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? "").replace(/\\\|/g, "|"));
}

/** The rows of the first table after `heading`, as cells. */
function table(doc: string, heading: string): string[][] {
  const from = doc.indexOf(heading);
  if (from < 0) throw new Error(`no section ${heading}`);
  const lines = doc.slice(from).split("\n");
  const start = lines.findIndex((l) => l.startsWith("|"));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(line.split(/(?<!\\)\|/).slice(1, -1));
  }
  return rows;
}

/** The spec's example position (engine-protocol.md, "Position (`P`)"). */
function specPosition(): Json {
  const block = /## Position[^\n]*\n+```json\n([\s\S]*?)```/.exec(SPEC);
  if (block === null) throw new Error("no position example in the spec");
  return JSON.parse(block[1] ?? "") as Json;
}

// ------------------------------------------------------------ the requests

/** The table's request template made a request: placeholders given values. */
function request(text: string, position: Json): Json {
  const filled = text
    .replace(/\bP\b/g, JSON.stringify(position))
    .replace(/\{…[^}]*\}/g, "{}")
    .replace(/"limit":N/, '"limit":1')
    .replace(/"nodes":N/, '"nodes":200')
    .replace(/"depth":D/, '"depth":1')
    .replace(/"level":L/, '"level":1')
    .replace(/"seed":S/, '"seed":7');
  return JSON.parse(filled) as Json;
}

/** A clock that moves 50 ms each time it is read: an `ms` search ends after a few reads. */
function tickingClock(): () => number {
  let t = 0;
  return () => (t += 50);
}

/** The answer, checked to go through `encodeAnswer` and out as one line unchanged. */
function answered(req: Json): Answer {
  const context = { now: tickingClock() };
  const answer = handleRequest(req, undefined, context);
  const line = encodeAnswer(answer);
  expect(JSON.parse(line)).toEqual(answer);
  const withId = encodeAnswer(answer, { value: 42 });
  expect(withId.startsWith('{"id":42,')).toBe(true);
  expect(JSON.parse(withId)).toEqual({ id: 42, ...answer });
  expect(
    handleRequestLine(JSON.stringify({ id: 42, ...req }), undefined, {
      now: tickingClock(),
    }),
  ).toBe(withId);
  return answer;
}

// ------------------------------------------------------------ the tests

describe("the answers of engine-protocol.md's table", () => {
  const rows = table(SPEC, "## Requests and answers");
  const position = specPosition();

  it("reads every row: each command once, the legal limit and both outcomes", () => {
    const commands = rows.map((r) => request(codes(r[0] ?? "")[0] ?? "", position).cmd);
    expect(commands).toEqual(["games", "initial", "legal", "legal", "apply", "outcome"]);
  });

  for (const [i, row] of rows.entries()) {
    const [req = "", ans = ""] = row.map((c) => c.trim());
    it(`answers ${codes(req)[0]} as ${ans.slice(0, 40)}…`, () => {
      const asked = request(codes(req)[0] ?? "", position);
      const cmd = asked.cmd as Command;
      // A row that does not begin with an answer adds to the row before (the limit).
      const templates = ans.startsWith("`{")
        ? codes(ans).filter((c) => c.startsWith("{"))
        : codes(ans)
            .filter((c) => c.includes(":"))
            .map((c) => `{${c}}`);
      expect(templates.length).toBeGreaterThan(0);
      if (cmd === "outcome") {
        // `{"outcome":null}` while the game goes on, the second template once it is over.
        const going = answered(asked);
        expect(encodeAnswer(going)).toBe(templates[0]);
        const over = answered({ ...asked, position: FINISHED_HUSBAO });
        expect(answerKind(over)).toBe("outcome");
        expect(mismatch(template(templates[1] ?? ""), over)).toBeNull();
        return;
      }
      if (cmd === "apply") asked.move = firstMove(position);
      const answer = answered(asked);
      expect(answerKind(answer)).toBe(cmd);
      const prior = rows[i - 1]?.[1]?.trim() ?? "";
      const tpl = ans.startsWith("`{")
        ? template(templates[0] ?? "")
        : extend(template(codes(prior)[0] ?? ""), template(templates[0] ?? ""));
      expect(mismatch(tpl, answer)).toBeNull();
    });
  }
});

function firstMove(position: Json): string {
  const legal = handleRequest({ cmd: "legal", position, limit: 1 });
  const move = legal.moves?.[0]?.move;
  if (move === undefined) throw new Error("the spec's position has no move");
  return move;
}

/** The template of a row before, with the keys a following row adds. */
function extend(base: Template, more: Template): Template {
  if (base.t !== "object" || more.t !== "object") throw new Error("not objects");
  return { ...base, entries: [...base.entries, ...more.entries] };
}

describe("the traces of engine-protocol.md's tables", () => {
  const cases = [
    { heading: "## Trace (`T`)", game: "husbao-bis" },
    { heading: "### Glassperlenspiel traces", game: "glassperlenspiel" },
    { heading: "### Abalone traces", game: "abalone" },
  ];
  for (const { heading, game } of cases) {
    it(`every step of ${game}'s legal moves is one of "${heading}"'s steps`, () => {
      const byOp = new Map<string, Template>();
      for (const row of table(SPEC, heading)) {
        const example = codes(row[0] ?? "")[0] ?? "";
        const op = (JSON.parse(example) as { op: string }).op;
        byOp.set(op, template(example));
      }
      let position = (handleRequest({ cmd: "initial", game }).position ?? {}) as Json;
      const seen = new Set<string>();
      for (let ply = 0; ply < 6; ply++) {
        const legal = answered({ cmd: "legal", position, limit: 40 });
        expect(answerKind(legal)).toBe("legal");
        for (const move of legal.moves ?? []) {
          for (const step of move.trace) {
            seen.add(step.op);
            const tpl = byOp.get(step.op);
            expect(tpl, `${game}: step ${step.op} is not in the spec`).toBeDefined();
            expect(mismatch(tpl!, step, `${move.move} ${step.op}`)).toBeNull();
          }
        }
        const next = legal.moves?.at(-1);
        if (next === undefined) break;
        const applied = answered({ cmd: "apply", position, move: next.move });
        expect(answerKind(applied)).toBe("apply");
        expect(applied.position).toEqual(next.position);
        expect(applied.trace).toEqual(next.trace);
        position = next.position as Json;
      }
      // The sowing tables' ops are met, not only one kind. No marble goes off in
      // Abalone's first plies: the spec's own E5E6 push-off is checked against its
      // trace in test/oracle/abalone-oracle.test.ts.
      expect(seen.size).toBeGreaterThanOrEqual(game === "abalone" ? 1 : 2);
    });
  }
});

describe("the answers of engine-search.md's table", () => {
  const position = specPosition();
  for (const row of table(SEARCH_SPEC, "## Request and answer")) {
    const [req = "", ans = ""] = row.map((c) => c.trim());
    it(`answers ${codes(req)[0]}`, () => {
      const answer = answered(request(codes(req)[0] ?? "", position));
      expect(answerKind(answer)).toBe("search");
      // "the same": the rows after the first answer as the first does.
      const example = (cell: string): string | undefined =>
        codes(cell).find((c) => c.startsWith("{"));
      const first = table(SEARCH_SPEC, "## Request and answer")[0]?.[1] ?? "";
      expect(mismatch(template(example(ans) ?? example(first) ?? ""), answer)).toBeNull();
    });
  }
});

describe("error answers", () => {
  const shape = template(/`(\{"error":\{"code":"…","message":"…"\}\})`/.exec(SPEC)?.[1] ?? "");

  it('are written as the spec\'s {"error":{"code","message"}}, "rule" and "field" only when named', () => {
    const unknown = answered({ cmd: "castle" });
    expect(answerKind(unknown)).toBe("error");
    expect(mismatch(shape, { error: { code: "x", message: "y" } })).toBeNull();
    const { field, ...bare } = unknown.error ?? { code: "", message: "" };
    expect(field).toBe("cmd");
    expect(mismatch(shape, { error: bare })).toBeNull();
    const noJson = handleRequestLine("{");
    expect(mismatch(shape, JSON.parse(noJson ?? "null"))).toBeNull();
    const illegal = answered({
      cmd: "apply",
      position: FINISHED_HUSBAO,
      move: "B3+",
    });
    expect(answerKind(illegal)).toBe("error");
    expect(Object.keys(illegal.error ?? {})).toEqual(
      ["code", "message", "rule", "field"].filter((k) => Object.hasOwn(illegal.error ?? {}, k)),
    );
  });
});

describe("the answer types", () => {
  it("list every key an answer has in ANSWER_KEYS, error beside them", () => {
    expectTypeOf<(typeof ANSWER_KEYS)[number] | "error">().toEqualTypeOf<AnswerKey>();
    expectTypeOf<AnswerOf["outcome"]>().toEqualTypeOf<OutcomeAnswer>();
    const kinds: Record<Command, Answer> = {
      games: { games: [] },
      initial: { position: {} },
      legal: { moves: [], truncated: true },
      apply: { position: {}, trace: [{ op: "sow", pit: "B4" }] },
      outcome: { outcome: null },
      search: { best: "B3+", score: 0, depth: 1, nodes: 1, pv: ["B3+"], captures: 0 },
    };
    for (const [cmd, answer] of Object.entries(kinds)) {
      expect(answerKind(answer)).toBe(cmd);
      expect(JSON.parse(encodeAnswer(answer))).toEqual(answer);
    }
    const error: ErrorAnswer = { error: { code: "illegal-move", message: "…" } };
    expect(answerKind(error)).toBe("error");
  });
});
