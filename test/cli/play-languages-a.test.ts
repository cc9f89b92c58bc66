/**
 * Issue 32: a whole game of Bao la kiswahili with `--lang sw` and of HusBao
 * with `--lang pl` on the live view (play-languages.ts), and HusBao's log
 * off a terminal in Polish.
 */
import { describe, expect, it } from "vitest";
import { play, settings } from "./play-harness.js";
import { CASES, playInLanguage } from "./play-languages.js";

describe("kete play --lang: a whole game in the player's language", () => {
  for (const c of CASES.filter((x) => x.lang === "sw" || x.lang === "pl")) {
    it(
      `--lang ${c.lang}: ${c.game} from the first move to the result`,
      () => playInLanguage(c),
      60_000,
    );
  }
  it("--lang pl off a terminal: the log says the game in Polish", async () => {
    const result = await play(
      settings("husbao", { lang: "pl", mistakeRate: 0.08, seed: 4, live: false }),
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      "nowa gra HusBao (podstawowe): Amani (Południe) przeciw Baraka (Północ)",
    );
    expect(result.out).toMatch(/półruch 1 {2}Południe \(Amani\) {2}\S/);
    expect(result.out).toContain("koniec gry: wygrywa");
    expect(result.out).not.toMatch(/\bply \d|game over|new game of/);
  }, 60_000);
});
