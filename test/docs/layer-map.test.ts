/**
 * docs/architecture.md's layer table is what ESLint enforces and what the
 * source imports (issue 31): regenerate it with `npm run docs:layers`.
 */
import { describe, expect, it } from "vitest";
import { LAYERS, TYPES_ONLY } from "../../eslint.config.js";
import { cells, importsInSource, layerTable, tableInPage } from "./layer-map.js";

describe("the layer map in docs/architecture.md", () => {
  it("equals the lint's LAYERS and the imports in src (npm run docs:layers)", () => {
    const page = tableInPage();
    expect(page, "docs/architecture.md lost its layers:begin/end marks").not.toBeNull();
    expect(cells(page ?? "")).toEqual(cells(layerTable()));
  });

  it("no layer imports what the lint forbids (the table's two columns agree)", () => {
    const layers = LAYERS;
    const typesOnly = TYPES_ONLY;
    for (const [layer, used] of importsInSource()) {
      for (const other of used) {
        expect(
          [...(layers[layer] ?? []), ...(typesOnly[layer] ?? [])],
          `${layer} → ${other}`,
        ).toContain(other);
      }
    }
  });
});
