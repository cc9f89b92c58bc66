/**
 * The player's language from the system locale (issue 32), as POSIX orders
 * the variables: `LC_ALL`, then `LC_MESSAGES`, then `LANG`; the first one set
 * decides (`pl_PL.UTF-8` → pl). A locale kete does not speak, `C`, `POSIX` or
 * none at all: English.
 */
import { isLanguage, type Language } from "./translator.js";

export function languageOfLocale(env: Readonly<Record<string, string | undefined>>): Language {
  for (const name of ["LC_ALL", "LC_MESSAGES", "LANG"]) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    const code = (value.split(/[_.@-]/)[0] ?? "").toLowerCase();
    return isLanguage(code) ? code : "en";
  }
  return "en";
}
