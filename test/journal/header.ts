/** The journal header the journal tests start from: a simulated HusBao game, Ana v Ben. */
import type { JournalHeader, JournalRecord } from "../../src/journal/records.js";

export function husbaoHeader(options: Record<string, unknown>): JournalHeader {
  return {
    kind: "header",
    format: "kete-journal",
    version: 1,
    gameId: "t1",
    game: "husbao",
    options,
    initial: { game: "husbao", toMove: "S" },
    players: { S: "Ana", N: "Ben" },
    board: { id: "sim", geometry: "4x8", simulated: true },
    settings: { onMistake: "retry", guidance: true },
    startedAt: "2026-11-22T01:34:05.000Z",
  };
}

/** South's first move of that game, B3+, with its times. */
export const FIRST_MOVE: JournalRecord = {
  kind: "move",
  t: 1500,
  ply: 1,
  side: "S",
  move: "B3+",
  trace: [],
  position: {},
  startedAt: 1000,
};
