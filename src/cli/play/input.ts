/**
 * What a person does to `kete play` besides moving stones: keys typed at the
 * prompt (a move for the keyboard player, Ctrl-C), signals (SIGINT,
 * SIGTERM, SIGHUP: a terminal closed, an SSH session dropped) and an output
 * closed under it (`kete play | head`), all of which pause the game
 * resumably.
 */
import type { EventEmitter } from "node:events";

/** The prompt's line after some keys, the lines entered, and whether Ctrl-C was among them. */
export interface Typed {
  readonly line: string;
  readonly entered: readonly string[];
  readonly interrupt: boolean;
}

/**
 * The longest line the prompt takes: a four-row move is a few characters,
 * a Glassperlenspiel move names every bead of its pit and each gem taken
 * (`A1:` and up to ten stones and ten gems, `/` and up to five four-character
 * captures: 54).
 */
export const MAX_LINE = 64;

/**
 * Applies typed characters to the prompt's line: Enter submits a non-blank
 * line, Backspace deletes, printable characters are added upper-cased, Ctrl-C
 * interrupts; anything else is ignored.
 */
export function typeKeys(line: string, chunk: string): Typed {
  const entered: string[] = [];
  let interrupt = false;
  let text = line;
  for (const ch of chunk) {
    if (ch === "\u0003") interrupt = true;
    else if (ch === "\r" || ch === "\n") {
      if (text.trim().length > 0) entered.push(text);
      text = "";
    } else if (ch === "\u007f") text = text.slice(0, -1);
    else if (ch >= " " && text.length < MAX_LINE) text += ch.toUpperCase();
  }
  return { line: text, entered, interrupt };
}

/** What a key typed at an empty prompt asks of kete (issue 16): a hint, or what kete thinks. */
export type HotKey = "hint" | "thoughts";

/**
 * A key that is a request, not typing: `h` (or `?`) a hint, `t` what kete
 * thinks, pressed alone at an empty prompt. `places`: the places a typed
 * move may start with (the keyboard player's game), whose first letters stay
 * typing (Abalone's row `H`); `?` always asks for a hint.
 */
export function hotKey(line: string, chunk: string, places: readonly string[]): HotKey | null {
  if (line !== "" || chunk.length !== 1) return null;
  const k = chunk.toLowerCase();
  if (k === "?") return "hint";
  if (places.some((p) => p.toLowerCase().startsWith(k))) return null;
  return k === "h" ? "hint" : k === "t" ? "thoughts" : null;
}

/** The process's signals, as far as pausing is concerned. */
export type SignalSource = Pick<NodeJS.Process, "on" | "off">;

/** The signals that pause a game: Ctrl-C, `kill`, and a terminal that hung up. */
export const PAUSE_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Calls `pause` on SIGINT, SIGTERM, SIGHUP (the terminal or SSH session is
 * gone), or an error writing the output (it was closed: `kete play | head`), so the journal ends with a pause record and
 * the game stays resumable. Returns the function that stops listening.
 */
export function watchInterrupts(
  signals: SignalSource,
  output: EventEmitter,
  pause: (why: string) => void,
): () => void {
  const handlers = PAUSE_SIGNALS.map((signal) => [signal, () => pause(PAUSE_WHY[signal])] as const);
  const onOutput = () => pause(OUTPUT_CLOSED);
  for (const [signal, on] of handlers) signals.on(signal, on);
  output.on("error", onOutput);
  return () => {
    for (const [signal, on] of handlers) signals.off(signal, on);
    output.off("error", onOutput);
  };
}

/** Why a game paused, said on its last line and in its journal's pause record (issue 32). */
export const PAUSE_WHY: Readonly<Record<(typeof PAUSE_SIGNALS)[number], string>> = {
  SIGINT: "interrupted (Ctrl-C, SIGINT)",
  SIGTERM: "stopped (SIGTERM)",
  SIGHUP: "the terminal closed (SIGHUP)",
};

/** An output that could not be written any more (`kete play | head`). */
export const OUTPUT_CLOSED = "the output was closed";

/** A terminal's input in raw mode (what `process.stdin` is on a TTY). */
export interface RawInput extends EventEmitter {
  setRawMode(on: boolean): unknown;
  resume(): unknown;
  pause(): unknown;
}

/**
 * Hands every chunk typed on a raw terminal to `onKeys`; returns the function
 * that gives the terminal back as it was.
 */
export function watchKeys(input: RawInput, onKeys: (chunk: string) => void): () => void {
  const onData = (chunk: Buffer | string) =>
    onKeys(typeof chunk === "string" ? chunk : chunk.toString("utf8"));
  input.setRawMode(true);
  input.on("data", onData);
  input.resume();
  return () => {
    input.off("data", onData);
    input.setRawMode(false);
    input.pause();
  };
}
