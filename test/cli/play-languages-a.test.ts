/**
 * Issue 32: a whole game of Bao la kiswahili with `--lang sw` and of HusBao
 * with `--lang pl` on the live view (play-languages.ts).
 */
import { describe, it } from "vitest";
import { CASES, playInLanguage } from "./play-languages.js";

describe("kete play --lang: a whole game in the player's language", () => {
  for (const c of CASES.filter((x) => x.lang === "sw" || x.lang === "pl")) {
    it(
      `--lang ${c.lang}: ${c.game} from the first move to the result`,
      () => playInLanguage(c),
      60_000,
    );
  }
});
