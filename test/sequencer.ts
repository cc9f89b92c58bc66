/**
 * The order vitest starts the test files in: the longest first, so that no
 * long file starts last and runs alone while the other workers sit idle.
 *
 * vitest orders by the durations of the last run on this machine, which a
 * fresh clone (CI) does not have; it then falls back to file size, which put
 * the 30 s emulated-firmware game among the last files and made the run wait
 * for it. Here a file's weight is its last duration when vitest has one, else
 * its duration in test/durations.json (measured here, refreshed with
 * test/durations.mjs), else 0; ties keep vitest's own order.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

function hints(): Readonly<Record<string, number>> {
  try {
    const parsed: unknown = JSON.parse(
      readFileSync(new URL("./durations.json", import.meta.url), "utf8"),
    );
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {}; // no hints: vitest's own order
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const hint = hints();
    const root = this.ctx.config.root;
    const weight = new Map<TestSpecification, number>();
    for (const spec of base) {
      const file = relative(root, spec.moduleId);
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      weight.set(spec, last !== undefined ? last.duration / 1000 : (hint[file] ?? 0));
    }
    // Array.prototype.sort is stable: equal weights keep the base order.
    return base.sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0));
  }
}
