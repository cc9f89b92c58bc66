/**
 * A simulated club board's game as journal records (header, a reading now
 * and then, the moves, a mistake now and then, the result): what the club
 * tests and `npm run bench -- club` publish, many boards at once, without
 * running a controller for each. Pure: the moves are the game's own, drawn
 * from a seeded random.
 */
import { findGame, type Position } from "../games/index.js";
import type { JournalHeader, JournalRecord } from "../journal/index.js";
import { seededRandom } from "../shared/index.js";

export interface SimulatedGameOptions {
  readonly gameId: string;
  readonly seed: number;
  /** A game id of kete's (default `hus`). */
  readonly game?: string;
  readonly players?: Readonly<Record<string, string>>;
  /** Stop after this many moves with an agreed draw when the game has not ended (default 40). */
  readonly maxPlies?: number;
  /** Milliseconds between moves on the game's clock (default 2000). */
  readonly moveMs?: number;
  readonly startedAt?: string;
}

export interface SimulatedGame {
  readonly header: JournalHeader;
  readonly records: readonly JournalRecord[];
  /** The moves, in order. */
  readonly moves: readonly string[];
}

export function simulatedGame(o: SimulatedGameOptions): SimulatedGame {
  const game = findGame(o.game ?? "hus");
  if (game === undefined) throw new Error(`no game ${o.game ?? "hus"}`);
  const start = game.initial();
  if (!start.ok) throw new Error(start.error.message);
  const [a, b] = game.layout.sides;
  const players = o.players ?? { [a]: "Amani", [b]: "Baraka" };
  const header: JournalHeader = {
    kind: "header",
    format: "kete-journal",
    version: 1,
    gameId: o.gameId,
    game: game.id,
    options: { ...start.value.options },
    initial: game.positionToJSON(start.value),
    players,
    board: { id: "simulated", geometry: game.layout.geometry, simulated: true },
    settings: { onMistake: "retry", guidance: true },
    startedAt: o.startedAt ?? "2026-11-29T19:00:00.000Z",
  };
  const random = seededRandom(o.seed);
  const step = o.moveMs ?? 2000;
  const records: JournalRecord[] = [];
  const moves: string[] = [];
  let position: Position = start.value;
  let t = 0;
  const max = o.maxPlies ?? 40;
  while (moves.length < max && game.outcome(position) === null) {
    const next = game.randomMove(position, random);
    if (next === null) break;
    t += step;
    records.push({ kind: "snapshot", t: t - step / 2, counts: game.sensorView(position).counts });
    if (random() < 0.05) {
      records.push({
        kind: "mistake",
        t: t - step / 4,
        side: position.toMove,
        rule: null,
        message: "a stone dropped in the wrong pit (simulated)",
        policy: "retry",
      });
    }
    records.push({
      kind: "move",
      t,
      ply: moves.length + 1,
      side: position.toMove,
      move: next.move,
      trace: [],
      position: game.positionToJSON(next.position),
      startedAt: t - step / 2,
    });
    moves.push(next.move);
    position = next.position;
  }
  const outcome = game.outcome(position);
  records.push({
    kind: "result",
    t: t + 1,
    winner: outcome?.winner ?? null,
    reason: outcome?.reason ?? "agreed draw (simulated)",
    score: { ...(outcome?.score ?? { [a]: 0, [b]: 0 }) },
  });
  return { header, records, moves };
}
