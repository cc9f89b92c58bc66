/**
 * Issue 32: a whole game of Abalone (whose source is Romanian) with `--lang
 * ro` on the live view: the hexagon's frames say whose move it is, the
 * marbles pushed off, the lights and the result in Romanian, with no English
 * word of the view and no message id left. (The virtual players make no
 * slips on the Abalone board: its mistakes are play-languages-a/-b's and
 * test/i18n/outcomes.test.ts's.) And HusBao's log off a terminal in Polish.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../src/i18n/index.js";
import { fakeHost, play, settings } from "./play-harness.js";

const IDS = Object.keys(CATALOGUES.en).map((id) => id.replace(/_(one|few|other)$/, ""));
const ENGLISH =
  /\b(to move|may go to|last move|game over|moves:|LEDs:|wins|Black|White|off\b|marble)\b/;

describe("kete play --lang ro: Abalone", () => {
  it("a whole game from the first push to the result, in Romanian", async () => {
    const lines = new Set<string>();
    let frames = 0;
    const h = fakeHost();
    const host = {
      ...h.host,
      screen: {
        draw: (text: string) => {
          frames++;
          for (const l of text.split("\n")) lines.add(l);
        },
        done: () => undefined,
        size: () => ({ columns: 80, rows: 30 }),
      },
    };
    const s = settings("abalone", {
      lang: "ro",
      seed: 3,
      first: "b",
      players: { b: "Amani", w: "Baraka" },
      options: { noPushLimit: 10 },
    });
    const result = await play(s, { ...h, host });
    expect(result.code).toBe(0);
    expect(frames).toBeGreaterThan(20);
    const all = [...lines];
    const text = all.join("\n");
    const words = [
      "la mutare: Negru",
      "la mutare: Alb",
      "împinse afară",
      "LED-uri:",
      "joc încheiat",
    ];
    expect(words.filter((w) => !text.includes(w))).toEqual([]);
    expect(text).toMatch(/AB-[67]/);
    expect(all.filter((l) => ENGLISH.test(l))).toEqual([]);
    expect(all.filter((l) => IDS.some((id) => l.includes(id)))).toEqual([]);
  }, 60_000);

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
