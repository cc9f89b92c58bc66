/** Shared helpers for the engine handler tests. */
import { handleRequestLine, type GameList } from "../../src/engine/index.js";

export type Json = Record<string, unknown>;

/** Sends one request (a JSON value, or a raw line) and parses the one answer line. */
export function ask(request: unknown, gameList?: GameList): Json {
  const line = typeof request === "string" ? request : JSON.stringify(request);
  const answer = handleRequestLine(line, gameList);
  if (answer === null) throw new Error(`no answer to ${line}`);
  if (answer.includes("\n")) throw new Error(`answer spans lines: ${answer}`);
  const parsed: unknown = JSON.parse(answer);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error(`answer is not an object: ${answer}`);
  }
  return parsed as Json;
}

/** The `error` of an answer, failing the test when there is none. */
export function errorOf(answer: Json): {
  code: string;
  message: string;
  rule?: string;
  field?: string;
} {
  const e = answer.error;
  if (typeof e !== "object" || e === null)
    throw new Error(`expected an error: ${JSON.stringify(answer)}`);
  return e as { code: string; message: string; rule?: string; field?: string };
}

export function initialPosition(game: string, options?: Json): Json {
  const answer = ask({ cmd: "initial", game, ...(options === undefined ? {} : { options }) });
  if (!("position" in answer)) throw new Error(`no initial position: ${JSON.stringify(answer)}`);
  return answer.position as Json;
}
