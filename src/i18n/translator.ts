/**
 * The player's language (issue 32): a message (`Message`: an id and its
 * parameters) in words, through i18next with the catalogues of this folder
 * (`catalogues/*.ts`, one per language, the same ids in each; plural forms
 * by i18next's suffixes `_one`, `_few`, `_many`, `_other`, as the language's
 * `Intl.PluralRules` has them). Pure: the catalogues are modules, nothing is
 * read at run time, and i18next is initialised synchronously.
 */
import i18next from "i18next";
import { isMessage, type Message, type MessageParam } from "../shared/index.js";
import de from "./catalogues/de.js";
import en from "./catalogues/en.js";
import pl from "./catalogues/pl.js";
import ro from "./catalogues/ro.js";
import sw from "./catalogues/sw.js";

/** The languages kete speaks, English first (the fallback). */
export const LANGUAGES = ["en", "pl", "de", "sw", "ro"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's catalogue: message id → text with `{{placeholders}}`. */
export const CATALOGUES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en,
  pl,
  de,
  sw,
  ro,
};

/** The language's own name, for `--help` and the docs. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: "English",
  pl: "polski",
  de: "Deutsch",
  sw: "Kiswahili",
  ro: "română",
};

export function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

const engine = i18next.createInstance();
void engine.init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: CATALOGUES[l] }])),
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  // Plain text for a terminal and for the web page's textContent: nothing to escape.
  interpolation: { escapeValue: false },
});

/** Messages in one language. */
export interface Translator {
  readonly lang: Language;
  /** The message in words. */
  text(m: Message): string;
  /** One id with its parameters in words (`t("view.toMove", { side: "South" })`). */
  t(id: string, params?: Readonly<Record<string, MessageParam>>): string;
  /** A side's name (`S` → South, Południe …), else `fallback`. */
  side(side: string, fallback?: string): string;
  /** Whether the catalogue has the id (in any plural form). */
  has(id: string): boolean;
}

const made = new Map<Language, Translator>();

/** The translator for `lang` (one per language, kept). */
export function translator(lang: Language = "en"): Translator {
  const known = made.get(lang);
  if (known !== undefined) return known;
  const t = engine.getFixedT(lang);
  const has = (id: string): boolean => engine.exists(id, { lng: lang });
  const value = (p: MessageParam): string | number => {
    if (typeof p === "string" || typeof p === "number") return p;
    if (isMessage(p)) return self.text(p);
    const items = p.list.map((x) => (typeof x === "string" ? x : self.text(x)));
    if (items.length <= 1) return items[0] ?? "";
    if (p.join === "none") return items.join(t("list.separator"));
    if (p.join === "semicolon") return items.join("; ");
    return t(`list.${p.join}`, {
      head: items.slice(0, -1).join(t("list.separator")),
      last: items[items.length - 1],
    });
  };
  const self: Translator = {
    lang,
    has,
    t: (id, params) => {
      const values: Record<string, string | number> = {};
      for (const [k, p] of Object.entries(params ?? {})) values[k] = value(p);
      return t(id, values);
    },
    text: (m) => self.t(m.id, m.params),
    side: (side, fallback) => {
      const id = `side.${side}`;
      return has(id) ? t(id) : (fallback ?? side);
    },
  };
  made.set(lang, self);
  return self;
}

/** English, the language of the journal, the developers' errors and every test that reads words. */
export const english: Translator = translator("en");
