/**
 * `kete play --game glassperlenspiel` killed mid-turn and resumed (issue 13
 * point 4), on a fake clock: the killed process's hand held gems by tag; the
 * resumed board lacks exactly those gems, kete names them (by tag) in the
 * set-up it asks for, the players put them back, the game goes on to its
 * GB-6/GB-7 result and `replay --verify` re-judges the whole journal exactly.
 * And a move taken up again in the same process (the opponent touched the
 * board mid-turn, GB-2, and restored it): the mover's hand holds again the
 * very gems it held at that point of the sowing, not just as many beads.
 */
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { standingOf } from "../../src/cli/play/recorder.js";
import { journalAt, live, play, records, settings, verified } from "./play-harness.js";

describe("a Glassperlenspiel game killed mid-turn", () => {
  for (const seed of [3, 6])
    it(`seed ${seed}: resumes with the gems the killed hand held named by tag, finishes, and verifies exactly`, async () => {
      const s = settings("glassperlenspiel", { seed, pace: 0.5, mistakeRate: 0.1, noise: true });
      const h = await live(s);
      const { session } = h;
      // Two moves stand and the third is being sown: kete has judged a reading
      // of it, and the hand holds gems as well as stones.
      const midTurn = () =>
        session.moves.length >= 2 &&
        session.controller.view.moving &&
        session.sim!.hand.heldGems.length > 0 &&
        session.sim!.hand.heldStones > 0;
      expect(await h.until(midTurn)).toBe(true);
      const heldGems = [...session.sim!.hand.heldGems];
      // What a SIGKILL leaves: the file as it is now, nothing more.
      const dir = mkdtempSync(join(tmpdir(), "kete-glass-killed-"));
      const killed = join(dir, basename(session.journalPath));
      copyFileSync(session.journalPath, killed);
      session.pause();
      await h.finish();

      const atKill = journalAt(killed);
      expect(records(atKill, "pause")).toHaveLength(0);
      const standing = standingOf(atKill, killed);
      if (!standing.ok) throw new Error(standing.error.message);
      // The journal was cut inside a sowing that carries gems.
      const lastMove = records(atKill, "move").at(-1)!;
      const cutAfter = atKill.records.slice(atKill.records.indexOf(lastMove) + 1);
      expect(cutAfter.some((r) => r.kind === "decision" && r.decision.verdict === "progress")).toBe(
        true,
      );

      const again = await play({ ...s, resume: killed, gamesDir: dir, seed: 5 });
      expect(again.code).toBe(0);
      expect(again.out).toMatch(/resumed .* at ply \d+\n/);
      expect(again.out).toMatch(/game over: ((South|North) wins|draw) — .*\(GB-[67]\)/);
      const j = again.journal;
      // The resumed board lacked the gems the killed hand held: kete named each by tag.
      const resumedAt = j.records.findIndex(
        (x) => x.kind === "command" && x.command.type === "resume",
      );
      const setup = j.records
        .slice(resumedAt)
        .find((x) => x.kind === "decision" && x.decision.type === "setup");
      if (setup?.kind !== "decision") throw new Error("no set-up asked for after the resume");
      const needs = setup.decision.needs as { pit: string; need: number }[];
      for (const gem of heldGems) {
        expect(needs.some((n) => n.pit.endsWith(`:${gem}`) && n.need === 1)).toBe(true);
      }
      expect(again.out).toMatch(new RegExp(`put ${heldGems[0]!} in [AB][1-5]`));
      // The moves of the first session stand, and the game's plies run on.
      const moves = records(j, "move");
      expect(moves.slice(0, standing.value.moves.length).map((m) => m.move)).toEqual(
        standing.value.moves,
      );
      expect(moves.map((m) => m.ply)).toEqual(moves.map((_, k) => k + 1));
      expect(records(j, "result")).toHaveLength(1);
      const v = verified(j);
      expect(v.mismatch).toBeNull();
      expect(v.decisions).toBeGreaterThan(0);
    });
});

describe("a Glassperlenspiel move taken up again after the opponent touched the board", () => {
  for (const seed of [6, 9])
    it(`seed ${seed}: the hand holds the same gems again, the move is the one planned, the game verifies`, async () => {
      const s = settings("glassperlenspiel", { seed, pace: 0.5 });
      const h = await live(s);
      const { session } = h;
      const sim = session.sim!;
      const view = () => session.controller.view;
      // A pit of the side not to move that holds a plain stone: the intruder takes it out.
      const intruded = (): string | null => {
        const side = view().toMove === "S" ? "B" : "A";
        const pit = [1, 2, 3, 4, 5]
          .map((k) => `${side}${k}`)
          .find((p) => sim.physical.count(p) > 0);
        return pit ?? null;
      };
      const midTurn = () =>
        session.moves.length >= 2 &&
        view().moving &&
        sim.hand.heldGems.length > 0 &&
        intruded() !== null;
      expect(await h.until(midTurn)).toBe(true);
      const mover = view().toMove!;
      const plies = session.moves.length;
      const gems = [...sim.hand.heldGems];
      const pit = intruded()!;
      sim.physical.setCount(pit, sim.physical.count(pit) - 1);
      // GB-2: only the mover touches the board; the intruder restores, the mover sows on.
      expect(await h.until(() => view().phase === "mistake")).toBe(true);
      expect(view().erring).not.toBe(mover);
      const took = await h.until(() => session.moves.length > plies);
      expect(took).toBe(true);
      const j = journalAt(session.journalPath);
      const mistake = records(j, "mistake").at(-1)!;
      expect(mistake.message).toMatch(/GB-2/);
      const move = records(j, "move")[plies]!;
      expect(move.side).toBe(mover);
      for (const gem of gems) expect(move.move).toContain(gem);
      // The whole game then runs to its result and re-judges exactly.
      expect(await h.finish()).toBe(0);
      const done = journalAt(session.journalPath);
      expect(records(done, "result")).toHaveLength(1);
      expect(records(done, "mistake")).toHaveLength(1);
      const v = verified(done);
      expect(v.mismatch).toBeNull();
    });
});
