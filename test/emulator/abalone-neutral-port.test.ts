/**
 * A whole game of the neutral-marble variant (AB-9.6, issue 29 point 3) with
 * `kete play --port` against the Abalone image built with the neutral
 * marble's inductive switches (build/kete_abalone_n.hex, `holes=bwn`) on the
 * emulated Mega: 61 TMAG5273 with their noise, offsets and the marbles'
 * rocking, and the LDC0851 chain that feels the aluminium ball
 * (src/emulator/ldc0851.ts). The game starts at the variant's start
 * (`neutral: "E5"`, `neutralOff: "counts"`) with a move limit of two moves
 * each (AB-7); each side seeks to push the neutral marble, so its readings `n`
 * are followed through a push, hole by hole. Before their moves the hands
 * slip as `Game.slip` makes them (the neutral marble moved by hand, AB-9.6; a
 * broadside into a marble, AB-4; …) and put the board back once kete has
 * named the slip. kete names every slip with its rule and calls no other
 * mistake, no sensor fault; the journal verifies.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import type { LegalMove, Position, Slip } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/index.js";
import {
  ABALONE,
  escape,
  printedTimes,
  startPortGame,
  traceOf,
  verifiedJournal,
} from "./abalone-port-game.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware(
  "test/emulator/abalone-neutral-port.test.ts",
  "abalone-neutral",
);
const haveSocat = socatAvailable();
const dir = mkdtempSync(join(tmpdir(), "kete-neutral-port-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The plies: two moves each (AB-7's `moveLimit`), the game's end. */
const PLIES = 4;
/** The plies before whose move the hand slips. */
const SLIPS = new Set([1, 2, 3]);

const initial = ABALONE.initial({ neutral: "E5", neutralOff: "counts", moveLimit: PLIES / 2 });
if (!initial.ok) throw new Error(initial.error.message);
const START = ABALONE.positionToJSON(initial.value) as {
  readonly cells: Readonly<Record<string, string>>;
};

/** Whether a move pushes the neutral marble (a hole of its trace comes to hold `n`). */
const pushesNeutral = (p: Position, move: string): boolean =>
  traceOf(p, move).some((s) => s.op === "hole" && s.to === "n");

/** How many pushes of the neutral marble the side that just moved would have if it moved again. */
function pushesAfter(q: Position): number {
  const json = ABALONE.positionToJSON(q);
  const again = ABALONE.parsePosition({ ...json, toMove: json.toMove === "b" ? "w" : "b" });
  if (!again.ok) return 0;
  return ABALONE.legal(again.value, 5000).moves.filter((m) => pushesNeutral(again.value, m.move))
    .length;
}

/**
 * The ply's move: a push of the neutral marble if there is one (AB-9.6);
 * otherwise the move after which the mover would have the most such pushes.
 */
function choose(p: Position): LegalMove<Position> {
  const moves = ABALONE.legal(p, 5000).moves;
  const push = moves.find((m) => pushesNeutral(p, m.move));
  if (push !== undefined) return push;
  let best = moves[0];
  let most = -1;
  for (const m of moves) {
    const n = pushesAfter(m.position);
    if (n > most) [best, most] = [m, n];
  }
  if (best === undefined) throw new Error("no legal move");
  return best;
}

/** kete's line for a mistake it calls: `! Black: AB-9.6: … — retry`. */
const CALLED = /! (Black|White): .*/g;

/** The hand's way back from a slip: its steps undone, last first. */
const undo = (slip: Slip) =>
  [...slip.steps].reverse().map((s) => (s.op === "hole" ? { ...s, from: s.to, to: s.from } : s));

describe.skipIf(hex === null || !haveSocat)(
  "kete play --port: the neutral-marble game (AB-9.6) against the emulated holes=bwn image",
  { timeout: 180_000 },
  () => {
    it("the neutral marble pushed and followed, every slip named with its rule, no other mistake; the journal verifies", async () => {
      const start = ABALONE.parsePosition(START);
      if (!start.ok) throw new Error(start.error.message);
      const random = seededRandom(29);
      const g = await startPortGame(hex!, START, dir, 29);
      const k = g.kete;
      const slipped: string[] = [];
      const played: string[] = [];
      let neutralPushes = 0;
      try {
        await k.printed(/board set up\n/, 60_000);
        expect(k.stdout()).not.toMatch(/AB-9\.6: the neutral marble/); // not refused: holes=bwn
        let p = start.value;
        for (let ply = 1; ply <= PLIES; ply++) {
          const slip = SLIPS.has(ply) ? (ABALONE.slip?.(p, random) ?? null) : null;
          if (slip !== null) {
            slipped.push(slip.rule);
            await g.hand(slip.steps, 100 + ply);
            await printedTimes(k, CALLED, slipped.length);
            const said = k.stdout().match(CALLED) ?? [];
            expect(said[slipped.length - 1], slip.what).toContain(`${slip.rule}`);
            await g.hand(undo(slip), 200 + ply);
            await printedTimes(k, /board restored/, slipped.length);
          }
          const m = choose(p);
          if (pushesNeutral(p, m.move)) neutralPushes++;
          played.push(`${m.move}${pushesNeutral(p, m.move) ? " (pushes n)" : ""}`);
          await g.hand(traceOf(p, m.move), ply);
          await k.printed(new RegExp(`ply ${ply} .*${escape(m.move)}`), 60_000);
          p = m.position;
        }
        expect(ABALONE.outcome(p)?.reason).toMatch(/^AB-7/);
        await k.printed(/game over: /, 30_000);
        expect(await k.exited).toBe(0);
        expect(k.stderr()).toBe("");
        expect(k.stdout()).not.toMatch(/sensor fault/i);
        expect(neutralPushes, "the neutral marble pushed").toBeGreaterThan(0);
        expect(slipped.length, "slips injected").toBeGreaterThan(0);
        expect(slipped).toContain("AB-9.6");
        const { journal, said } = await verifiedJournal(g.games);
        expect(journal.header.board).toMatchObject({ simulated: false, geometry: "hex61" });
        expect(journal.header.options).toMatchObject({ neutral: "E5", neutralOff: "counts" });
        // Zero false mistakes: exactly the slips, each with the rule it breaks.
        const named = journal.records.flatMap((r) => (r.kind === "mistake" ? [r.rule] : []));
        expect(named).toEqual(slipped);
        expect(journal.records.filter((r) => r.kind === "move")).toHaveLength(PLIES);
        expect(journal.records.filter((r) => r.kind === "result")).toHaveLength(1);
        expect(said).toMatch(/^verified: \d+ decisions/);
        console.log(
          `neutral game at the port: moves ${played.join(", ")}; slips ${slipped.join(", ")}, named ${named.join(", ")}; ${said.trim()}`,
        );
      } finally {
        await g.stop();
      }
    });
  },
);
