/**
 * web/board.js carries English words for pages whose state brings none (an
 * archived game): they must be the English catalogue's, and every hole a
 * hex61 reading can hold (PROTOCOL.md §5.3: empty, black, white, neutral,
 * a presence-only marble) must have its words in every catalogue.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES, LANGUAGES } from "../../src/i18n/index.js";
import { MARBLE_COLOURS } from "../../src/shared/index.js";
// @ts-expect-error: the page's plain JavaScript module has no types
import { ENGLISH } from "../../web/board.js";

describe("the web page's own words", () => {
  it("are the English catalogue's", () => {
    for (const [id, text] of Object.entries(ENGLISH as Record<string, string>)) {
      expect(CATALOGUES.en[id], id).toBe(text);
    }
  });

  it("name every hole content in every language", () => {
    const holes = ["empty", "unreadable", ...Object.keys(MARBLE_COLOURS)];
    for (const lang of LANGUAGES) {
      for (const hole of holes)
        expect(CATALOGUES[lang][`web.hole.${hole}`], `${lang} ${hole}`).toBeTruthy();
    }
    for (const hole of holes)
      expect((ENGLISH as Record<string, string>)[`web.hole.${hole}`], hole).toBeTruthy();
  });
});
