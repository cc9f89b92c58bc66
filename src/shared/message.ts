/**
 * A message for a player as data (issue 32): a catalogue id and its
 * parameters, never words. The layers that decide what to say (the
 * controller, the games' outcomes) build these; the i18n layer turns them
 * into the player's language (`src/i18n`), so a pure layer needs no language.
 */

/** A list of values said as one (`B5 or B6`, `B5, B6 or B7`). */
export interface MessageList {
  readonly list: readonly (string | Message)[];
  /** The word that joins its last item (`none`: the separator only, `B3 +1, C4 -1`; `semicolon`: `; `). */
  readonly join: "or" | "and" | "none" | "semicolon";
}

/** One parameter: plain text (a pit name, a move), a number (plural forms follow it), a message or a list. */
export type MessageParam = string | number | Message | MessageList;

export interface Message {
  /** The catalogue id (`view.toMove`, `mistake.wrongPit` …). */
  readonly id: string;
  readonly params?: Readonly<Record<string, MessageParam>>;
}

/** `msg("view.toMove", { side: … })`. */
export function msg(id: string, params?: Readonly<Record<string, MessageParam>>): Message {
  return params === undefined ? { id } : { id, params };
}

/**
 * Words that have no catalogue id (a game's own English reason, a
 * developer's error): said as they are in every language.
 */
export function verbatim(text: string): Message {
  return { id: "verbatim", params: { text } };
}

/** `B5 or B6`: values joined by "or" in the player's language. */
export function anyOf(list: readonly (string | Message)[]): MessageList {
  return { list, join: "or" };
}

/** `B2 and B3`: values joined by "and" in the player's language. */
export function allOf(list: readonly (string | Message)[]): MessageList {
  return { list, join: "and" };
}

/** `B3 +1, C4 -1`: values separated by commas only. */
export function listOf(list: readonly (string | Message)[]): MessageList {
  return { list, join: "none" };
}

/** Whether a parameter is a message (not text, a number or a list). */
export function isMessage(p: MessageParam): p is Message {
  return typeof p === "object" && "id" in p;
}

/** Whether two parameters are the same data (the same words in every language). */
function sameParam(a: MessageParam, b: MessageParam): boolean {
  if (typeof a !== "object" || typeof b !== "object") return a === b;
  if (isMessage(a) || isMessage(b)) return isMessage(a) && isMessage(b) && sameMessage(a, b);
  if (a.join !== b.join || a.list.length !== b.list.length) return false;
  for (let i = 0; i < a.list.length; i++) {
    const x = a.list[i] as string | Message;
    const y = b.list[i] as string | Message;
    if (!sameParam(x, y)) return false;
  }
  return true;
}

/**
 * Whether two messages are the same data: the same id and parameters (so
 * the same words in every language), compared without putting either into words.
 */
export function sameMessage(a: Message, b: Message): boolean {
  if (a === b) return true;
  if (a.id !== b.id) return false;
  const pa = a.params ?? {};
  const pb = b.params ?? {};
  const keys = Object.keys(pa);
  if (keys.length !== Object.keys(pb).length) return false;
  for (const k of keys) {
    const y = pb[k];
    if (y === undefined || !sameParam(pa[k] as MessageParam, y)) return false;
  }
  return true;
}
