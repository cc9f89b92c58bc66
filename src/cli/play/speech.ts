/**
 * Spoken cues (`kete play --speak`, issue 32): mistakes, kete's move and the
 * result said aloud by a speech engine the system has (Debian's `espeak-ng`),
 * in the players' language's voice, for players who watch the board rather
 * than the screen. The engine runs as a child process per utterance, never
 * waited for: one at a time, in order, and when the players are faster than
 * the voice only the newest few wait (an old cue is no use). An engine that
 * is missing or fails is said once, and the game goes on silent.
 */
import { spawn } from "node:child_process";
import type { Language, Translator } from "../../i18n/index.js";

/** A running utterance: tells once when it is over (`error`: it could not start). */
export interface SpeechProcess {
  on(event: "exit", listener: (code: number | null) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

/** Starts the engine on one utterance (injected: tests give a fake, never real audio). */
export type SpeechSpawn = (command: string, args: readonly string[]) => SpeechProcess;

/** The engine kete speaks with, and its voice per language (espeak-ng's voice names). */
export const SPEECH_COMMAND = "espeak-ng";
const VOICES: Readonly<Record<Language, string>> = {
  en: "en",
  pl: "pl",
  de: "de",
  sw: "sw",
  ro: "ro",
};

/** Cues waiting while one is said; beyond this the oldest is dropped. */
const QUEUE = 3;

/** `espeak-ng` as a child process, its output ignored. */
export const spawnSpeech: SpeechSpawn = (command, args) =>
  spawn(command, [...args], { stdio: "ignore" });

export class Speaker {
  private readonly waiting: string[] = [];
  private speaking = false;
  private silent = false;

  constructor(
    /** The players' language: the voice, and the words of the warning. */
    private readonly tr: Translator,
    private readonly start: SpeechSpawn,
    /** Says, once, that the engine cannot be used (the log or the message list). */
    private readonly warn: (line: string) => void,
  ) {}

  /** Says `text` after what is being said (never blocks; nothing once the engine failed). */
  say(text: string): void {
    if (this.silent || text.trim() === "") return;
    this.waiting.push(text);
    if (this.waiting.length > QUEUE) this.waiting.shift();
    this.next();
  }

  private next(): void {
    if (this.speaking || this.silent) return;
    const text = this.waiting.shift();
    if (text === undefined) return;
    this.speaking = true;
    let over = false;
    const done = (failed: string | null) => {
      if (over) return;
      over = true;
      this.speaking = false;
      if (failed !== null) this.stop(failed);
      else this.next();
    };
    let child: SpeechProcess;
    try {
      child = this.start(SPEECH_COMMAND, ["-v", VOICES[this.tr.lang], "--", text]);
    } catch (e) {
      done(e instanceof Error ? e.message : String(e));
      return;
    }
    child.on("error", (e) => done(e.message));
    child.on("exit", (code) => done(code === 0 ? null : `it exited with ${code ?? "a signal"}`));
  }

  private stop(why: string): void {
    if (this.silent) return;
    this.silent = true;
    this.waiting.length = 0;
    const missing = /ENOENT/.test(why);
    this.warn(
      missing
        ? this.tr.t("speak.missing", { command: SPEECH_COMMAND })
        : this.tr.t("speak.failed", { command: SPEECH_COMMAND, why }),
    );
  }
}
