/**
 * The catalogues of the player's language (issue 32): every message id of
 * the English catalogue exists in every other one, in every plural form the
 * language has (its `Intl.PluralRules` categories), with the same
 * placeholders; no catalogue has an id English lacks; every id the code
 * asks for exists. The system locale picks the language.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CATALOGUES,
  LANGUAGES,
  languageOfLocale,
  translator,
  type Language,
} from "../../src/i18n/index.js";
import { LED_ROLES } from "../../src/controller/index.js";
import { allOf, anyOf, msg } from "../../src/shared/index.js";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseId = (id: string) => id.replace(PLURAL, "");
const placeholders = (text: string) =>
  new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] as string));

/** Each base id's forms (`` for a message without plural forms) and placeholders. */
function shape(lang: Language): Map<string, { forms: Set<string>; names: Set<string> }> {
  const out = new Map<string, { forms: Set<string>; names: Set<string> }>();
  for (const [id, text] of Object.entries(CATALOGUES[lang])) {
    const base = baseId(id);
    const s = out.get(base) ?? { forms: new Set<string>(), names: new Set<string>() };
    s.forms.add(id === base ? "" : id.slice(base.length + 1));
    for (const n of placeholders(text)) s.names.add(n);
    out.set(base, s);
  }
  return out;
}

const en = shape("en");

describe("the message catalogues", () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every English id, in each of the language's plural forms, with the same placeholders`, () => {
      const mine = shape(lang);
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const problems: string[] = [];
      for (const [id, want] of en) {
        const got = mine.get(id);
        if (got === undefined) {
          problems.push(`${id}: missing`);
          continue;
        }
        const plural = [...want.forms].some((f) => f !== "");
        const forms = [...got.forms];
        // A plural message has every form the language needs; a plain one may be plain or plural.
        if (plural || !got.forms.has("")) {
          for (const c of categories)
            if (!got.forms.has(c)) problems.push(`${id}: no plural form _${c}`);
          const extra = forms.filter((f) => f !== "" && !categories.includes(f as never));
          if (extra.length > 0) problems.push(`${id}: forms the language lacks: ${extra}`);
        }
        // The game's own English sentence passes through in English (`{{english}}`);
        // the other languages say it by its place and rule instead.
        const names = want.names.has("english")
          ? new Set(["english", "place", "rule"])
          : want.names;
        const unknown = [...got.names].filter((n) => !names.has(n));
        if (unknown.length > 0) problems.push(`${id}: placeholders English lacks: ${unknown}`);
        if (!want.names.has("english")) {
          const lost = [...want.names].filter((n) => !got.names.has(n) && n !== "count");
          if (lost.length > 0) problems.push(`${id}: placeholders left out: ${lost}`);
        }
      }
      for (const id of mine.keys()) if (!en.has(id)) problems.push(`${id}: not in English`);
      expect(problems).toEqual([]);
    });
  }

  it('has every id the code asks for (msg("…"), t("…"))', () => {
    const ids = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith(".ts")) {
          const text = readFileSync(path, "utf8");
          for (const m of text.matchAll(/\b(?:msg|t)\(\s*"([a-zA-Z]+\.[\w.-]+)"/g))
            ids.add(m[1] as string);
        }
      }
    };
    walk("src");
    expect(ids.size).toBeGreaterThan(50);
    const missing = [...ids].filter((id) => !en.has(id));
    expect(missing).toEqual([]);
  });

  it("names every light of the LED plan (led.<role>) and every side", () => {
    const missing = [...LED_ROLES.map((r) => `led.${r}`), "side.S", "side.N", "side.b", "side.w"];
    expect(missing.filter((id) => !en.has(id))).toEqual([]);
  });

  it("says plurals, lists and nested messages in each language", () => {
    const said = (lang: Language, n: number) =>
      translator(lang).text(msg("n.stones", { count: n }));
    expect([1, 2, 5].map((n) => said("en", n))).toEqual(["1 stone", "2 stones", "5 stones"]);
    expect([1, 2, 5, 22].map((n) => said("pl", n))).toEqual([
      "1 kamień",
      "2 kamienie",
      "5 kamieni",
      "22 kamienie",
    ]);
    expect([1, 2, 20].map((n) => said("ro", n))).toEqual(["1 piatră", "2 pietre", "20 de pietre"]);
    expect([1, 3].map((n) => said("de", n))).toEqual(["1 Stein", "3 Steine"]);
    const next = msg("next.stone", { places: anyOf(["B5", "B6", "B7"]) });
    expect(translator("en").text(next)).toBe("the next stone belongs in B5, B6 or B7");
    expect(translator("de").text(next)).toBe("der nächste Stein gehört in B5, B6 oder B7");
    expect(translator("sw").text(msg("kete.lifted", { places: "A1" }))).toBe("A1 limechukuliwa");
    const both = msg("mistake.severalLifts", { places: allOf(["B2", "B3"]), rule: "CORE-1" });
    expect(translator("pl").text(both)).toContain("B2 i B3");
    expect(translator("pl").text(both)).toContain("(CORE-1)");
    expect(translator("ro").side("b")).toBe("Negru");
    expect(translator("sw").side("x", "X")).toBe("X");
  });

  it("takes the language from the system locale: LC_ALL, then LC_MESSAGES, then LANG", () => {
    expect(languageOfLocale({})).toBe("en");
    expect(languageOfLocale({ LANG: "pl_PL.UTF-8" })).toBe("pl");
    expect(languageOfLocale({ LANG: "de_DE.UTF-8", LC_MESSAGES: "sw_TZ" })).toBe("sw");
    expect(languageOfLocale({ LANG: "de_DE", LC_MESSAGES: "sw_TZ", LC_ALL: "ro_RO.UTF-8" })).toBe(
      "ro",
    );
    expect(languageOfLocale({ LC_ALL: "", LANG: "de_AT@euro" })).toBe("de");
    expect(languageOfLocale({ LANG: "C.UTF-8" })).toBe("en");
    expect(languageOfLocale({ LANG: "fr_FR.UTF-8" })).toBe("en");
  });
});
