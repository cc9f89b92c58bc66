/**
 * The perft counts README.md states, read from its text: the table under
 * "## perft" (a row per game and options, a column per depth), the sentence
 * after it with deeper Bao la kiswahili counts, and the leaves column of the
 * benchmark's perft table. test/docs/perft.test.ts checks each against the engine
 * (perft.slow.test.ts the counts above FAST_LEAVES).
 */
import { parseOptionAssignments } from "../../src/cli/options.js";
import { findGame } from "../../src/games/index.js";

export interface PerftClaim {
  readonly game: string;
  /** `name=value` as `kete perft --option` takes them. */
  readonly options: readonly string[];
  readonly depth: number;
  readonly leaves: number;
  /** Where the README says it, for messages. */
  readonly source: string;
}

/** `husbao`, `` `bao-de` (`direction=cw`) `` or `hus (capture=optional)`: game and options. */
export function parseGameCell(cell: string): { game: string; options: string[] } {
  const m = /^`?([a-z0-9-]+)`?(?:\s*\((.*)\))?$/.exec(cell.trim());
  if (m === null) throw new Error(`README perft: cannot read the game cell '${cell}'`);
  const options = (m[2] ?? "")
    .split(",")
    .map((o) => o.trim().replace(/^`|`$/g, ""))
    .filter((o) => o !== "");
  return { game: m[1] ?? "", options };
}

/** `1,073,496` → 1073496; an empty cell is null (the README states no count there). */
export function parseCount(cell: string): number | null {
  const text = cell.trim();
  if (text === "") return null;
  if (!/^\d{1,3}(,\d{3})*$/.test(text)) throw new Error(`README perft: '${cell}' is not a count`);
  return Number(text.replaceAll(",", ""));
}

function cellsOf(line: string): string[] {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
}

/** The markdown table that starts at the first line after `from` matching `header`. */
function tableAfter(readme: string, from: string, header: RegExp): string[][] {
  const lines = readme.slice(readme.indexOf(from)).split("\n");
  const start = lines.findIndex((l) => header.test(l));
  if (readme.indexOf(from) < 0 || start < 0) {
    throw new Error(`README perft: no table after '${from}'`);
  }
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith("|")) break;
    rows.push(cellsOf(line));
  }
  return rows;
}

/** The table under "## perft": header `game (options) | 1 | 2 | …`. */
export function depthTableClaims(readme: string): PerftClaim[] {
  const [header, , ...rows] = tableAfter(readme, "\n## perft", /^\|\s*game/);
  const depths = (header ?? []).slice(1).map((h) => Number(h.trim()));
  if (depths.length === 0 || depths.some((d) => !Number.isInteger(d))) {
    throw new Error(`README perft: the table's columns are not depths: ${header?.join("|")}`);
  }
  return rows.flatMap(([gameCell = "", ...cells]) => {
    const { game, options } = parseGameCell(gameCell);
    return cells.flatMap((cell, i) => {
      const leaves = parseCount(cell);
      const depth = depths[i] ?? NaN;
      return leaves === null ? [] : [{ game, options, depth, leaves, source: "perft table" }];
    });
  });
}

/** The cells of the "## perft" table left empty (a count the README does not state). */
export function emptyDepthCells(readme: string): string[] {
  const [header, , ...rows] = tableAfter(readme, "\n## perft", /^\|\s*game/);
  const depths = (header ?? []).slice(1).map((h) => h.trim());
  return rows.flatMap(([gameCell = "", ...cells]) =>
    cells.flatMap((cell, i) =>
      cell.trim() === "" ? [`${gameCell.trim()} depth ${depths[i]}`] : [],
    ),
  );
}

/** "Deeper, from the Bao la kiswahili start: 4,874 · … (depths 6–11)." */
export function deeperClaims(readme: string): PerftClaim[] {
  const m = /Deeper, from the Bao la kiswahili start:\s*([\d,·\s]+?)\s*\(depths (\d+)–(\d+)\)/.exec(
    readme,
  );
  if (m === null)
    throw new Error("README perft: no 'Deeper, from the Bao la kiswahili start' line");
  const counts = (m[1] ?? "").split("·").map((c) => parseCount(c.replace(/\s+/g, "")));
  const from = Number(m[2]);
  const to = Number(m[3]);
  if (counts.length !== to - from + 1 || counts.some((c) => c === null)) {
    throw new Error(`README perft: ${counts.length} counts for depths ${from}–${to}`);
  }
  return counts.map((leaves, i) => ({
    game: "bao-kiswahili",
    options: [],
    depth: from + i,
    leaves: leaves ?? NaN,
    source: "deeper line",
  }));
}

/** The benchmark's "Engine: perft from the initial position" table: game, depth, leaves. */
export function benchTableClaims(readme: string): PerftClaim[] {
  const [header, , ...rows] = tableAfter(
    readme,
    "### Engine: perft from the initial position",
    /^\|\s*game/,
  );
  const column = (name: string): number => {
    const i = (header ?? []).findIndex((h) => h.trim() === name);
    if (i < 0) throw new Error(`README perft: the benchmark table has no '${name}' column`);
    return i;
  };
  const [g, d, l] = [column("game"), column("depth"), column("leaves")];
  return rows.map((cells) => {
    const { game, options } = parseGameCell(cells[g] ?? "");
    const leaves = parseCount(cells[l] ?? "");
    if (leaves === null) throw new Error(`README perft: no leaves for ${cells[g]}`);
    return { game, options, depth: Number(cells[d]), leaves, source: "benchmark table" };
  });
}

/** Every perft count the README states. */
export function readmePerftClaims(readme: string): PerftClaim[] {
  return [...depthTableClaims(readme), ...deeperClaims(readme), ...benchTableClaims(readme)];
}

export function describeClaim(c: PerftClaim): string {
  const options = c.options.length === 0 ? "" : ` (${c.options.join(", ")})`;
  return `${c.game}${options} depth ${c.depth} = ${c.leaves.toLocaleString("en-US")}`;
}

/** The largest count checked in every run. */
export const FAST_LEAVES = 3_000_000;

/** game.perft from the initial position; each (game, options, depth) counted once. */
const counted = new Map<string, number>();
export function enginePerft(c: PerftClaim): number {
  const key = `${c.game} ${c.options.join(" ")} ${c.depth}`;
  const known = counted.get(key);
  if (known !== undefined) return known;
  const game = findGame(c.game);
  if (game === undefined) throw new Error(`README perft: no game '${c.game}'`);
  const options = parseOptionAssignments(game, c.options);
  if (!options.ok) throw new Error(options.error.message);
  const start = game.initial(options.value);
  if (!start.ok) throw new Error(start.error.message);
  const nodes = game.perft(start.value, c.depth);
  counted.set(key, nodes);
  return nodes;
}
