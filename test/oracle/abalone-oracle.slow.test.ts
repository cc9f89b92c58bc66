// The Abalone oracle's perft at depth 3 from the daisies (seconds, so in
// `npm run test:slow`); depths 1–2 are in abalone-oracle.test.ts.
import { expect, test } from "vitest";
import { abInitial, abPerft } from "./abalone-oracle.js";

test("AB-1 perft depth 3 from the daisies", () => {
  expect(abPerft(abInitial({ start: "belgian-daisy" }), 3)).toBe(149322);
  expect(abPerft(abInitial({ start: "german-daisy" }), 3)).toBe(493480);
});
