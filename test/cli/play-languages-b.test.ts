/**
 * Issue 32: a whole game of Hus with `--lang de` and of Glassperlenspiel
 * with `--lang ro` on the live view (play-languages.ts).
 */
import { describe, it } from "vitest";
import { CASES, playInLanguage } from "./play-languages.js";

describe("kete play --lang: a whole game in the player's language", () => {
  for (const c of CASES.filter((x) => x.lang === "de" || x.lang === "ro")) {
    it(
      `--lang ${c.lang}: ${c.game} from the first move to the result`,
      () => playInLanguage(c),
      60_000,
    );
  }
});
