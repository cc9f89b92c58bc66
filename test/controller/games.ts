/**
 * Simulated games for the controller tests: random legal moves
 * (`game.randomMove` with `seededRandom`) performed stone by stone as noisy
 * snapshot streams through a `Controller` on a fake link.
 */
import { expect } from "vitest";
import { findGame } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/random.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { NOISY } from "./streams.js";
import { playMove, startSession } from "./harness.js";

export interface GameConfig {
  readonly game: string;
  readonly options: Readonly<Record<string, unknown>>;
}

export const CONFIGS: readonly GameConfig[] = [
  { game: "husbao", options: {} },
  { game: "husbao", options: { direction: "cw" } },
  { game: "husbao", options: { direction: "ccw", maxStages: 8 } },
  { game: "husbao-bis", options: {} },
  { game: "husbao-bis", options: { direction: "cw", maxStages: 5 } },
  { game: "husbao-front", options: {} },
  { game: "husbao-front", options: { direction: "ccw" } },
  { game: "hus", options: {} },
  { game: "hus", options: { direction: "ccw" } },
  { game: "hus", options: { capture: "optional", maxStages: 12 } },
  { game: "bao-de", options: {} },
  { game: "bao-de", options: { direction: "cw", maxStages: 5 } },
  { game: "bao-de", options: { capture: "optional", maxStages: 8 } },
];

export function label(c: GameConfig): string {
  const o = Object.entries(c.options).map(([k, v]) => `${k}=${String(v)}`);
  return o.length ? `${c.game} (${o.join(", ")})` : c.game;
}

/** Plays `games` random games of a config; returns the plies played. Fails on any false mistake. */
export function playGames(c: GameConfig, games: number, seed: number, maxPlies = 60): number {
  const game = findGame(c.game) as Game<Position>;
  const random = seededRandom(seed);
  let plies = 0;
  for (let g = 0; g < games; g++) {
    const init = game.initial(c.options);
    if (!init.ok) throw new Error(init.error.message);
    let p = init.value;
    if (random() < 0.5) {
      const flipped = game.parsePosition({ ...game.positionToJSON(p), toMove: "N" });
      if (flipped.ok) p = flipped.value;
    }
    const s = startSession(game, p, c.options);
    const played: string[] = [];
    for (let ply = 0; ply < maxPlies; ply++) {
      const m = game.randomMove(p, random);
      if (m === null) break;
      playMove(s, game, p, m, random, NOISY);
      played.push(m.move);
      p = m.position;
    }
    const bad = s.events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");
    expect(bad, `${label(c)} game ${g}`).toEqual([]);
    const moves = s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
    expect(moves, `${label(c)} game ${g}`).toEqual(played);
    if (game.outcome(p) !== null) expect(s.controller.state).toBe("session.over");
    s.controller.close();
    plies += played.length;
  }
  return plies;
}
