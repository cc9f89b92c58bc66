/**
 * Issue 32: `kete play --lang sw|pl|de|ro` shows a whole game in that
 * language (play-languages-a/-b.test.ts). A whole simulated game with slips
 * (mistakes, restored) on the live view of a terminal: the frames carry the
 * language's words, each mistake its rule id, the result at the end; no
 * message id and none of the English words of the view is left.
 */
import { expect } from "vitest";
import { CATALOGUES, type Language } from "../../src/i18n/index.js";
import { fakeHost, play, settings } from "./play-harness.js";

/** One game per language, in its sources' language where there is one. */
export const CASES: readonly {
  lang: Language;
  game: string;
  words: readonly string[];
  seed: number;
}[] = [
  // Bao la kiswahili: the Swahili terms (kete for the seeds, kichwa).
  { lang: "sw", game: "bao-kiswahili", words: ["zamu ya", "taa:", "kete", "Kusini"], seed: 3 },
  // HusBao: the Polish booklet's dołek, kamień.
  { lang: "pl", game: "husbao", words: ["ruch:", "diody:", "Południe", "Północ"], seed: 4 },
  // Hus: the German rule sheet's Mulde, Stein.
  { lang: "de", game: "hus", words: ["am Zug", "Züge:", "Süd", "Nord"], seed: 4 },
  // Glassperlenspiel: the Romanian article's pietre, bijuterie, găuri.
  { lang: "ro", game: "glassperlenspiel", words: ["la mutare:", "LED-uri:", "Sud"], seed: 8 },
];

/** The ids of the English catalogue (a leftover id would show as itself). */
const IDS = Object.keys(CATALOGUES.en).map((id) => id.replace(/_(one|other)$/, ""));

/** English words of the view, status and log that every translation replaces. */
const ENGLISH =
  /\b(to move|in hand|next stone|last lands|game over|restore the board|board restored|moves:|LEDs:|belongs in|wins|South|North)\b/;

const RULE_ID = /\((?:CORE|HB|HUS|BDE|BK|GB|AB)-[\d.]+\)/;

/** Plays case `c` on a live view and checks every frame (see the file comment). */
export async function playInLanguage(c: (typeof CASES)[number]): Promise<void> {
  const lines = new Set<string>();
  const mistakes = new Set<string>();
  let frames = 0;
  const h = fakeHost();
  const host = {
    ...h.host,
    screen: {
      draw: (text: string) => {
        frames++;
        const frame = text.split("\n");
        frame.forEach((l, i) => {
          lines.add(l);
          // A mistake, with the line it wraps onto.
          const next = frame[i + 1] ?? "";
          if (l.startsWith("  ! "))
            mistakes.add(next.startsWith("    ") ? `${l} ${next.trim()}` : l);
        });
      },
      done: () => undefined,
      size: () => ({ columns: 80, rows: 40 }),
    },
  };
  const s = settings(c.game, { lang: c.lang, mistakeRate: 0.08, seed: c.seed, pace: 0.02 });
  const result = await play(s, { ...h, host });
  expect(result.code).toBe(0);
  expect(frames).toBeGreaterThan(50);
  const all = [...lines];
  const text = all.join("\n");
  expect(c.words.filter((w) => !text.includes(w))).toEqual([]);
  // The result, in words of the language, with its score.
  const over = CATALOGUES[c.lang]["view.over"]!.split(":")[0]!;
  expect(text.includes(over)).toBe(true);
  // Mistakes were made and said, each with its rule id.
  expect(mistakes.size).toBeGreaterThan(0);
  expect([...mistakes].filter((m) => RULE_ID.test(m)).length).toBeGreaterThan(0);
  // Nothing left in English, no message id shown as itself.
  expect(all.filter((l) => ENGLISH.test(l))).toEqual([]);
  expect(all.filter((l) => IDS.some((id) => l.includes(id)))).toEqual([]);
}
