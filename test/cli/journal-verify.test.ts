/**
 * `kete replay --verify` checks the records a reader trusts, not only the
 * decisions (issue 32): a move record edited from the move played to
 * another fails, as does an edited position or result; `kete export` prints
 * no such record silently.
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportOutcome } from "../../src/cli/export.js";
import { folderArchive } from "../../src/cli/serve.js";
import { verifyJournal } from "../../src/cli/play/verify.js";
import { verificationText } from "../../src/cli/replay.js";
import { findGame } from "../../src/games/index.js";
import { encodeRecord, type Journal, type JournalRecord } from "../../src/journal/index.js";
import { play, records, settings } from "./play-harness.js";

const hus = findGame("hus")!;

/** A whole game of Hus on the fake clock, with a mistake or two (retry). */
async function wholeGame(): Promise<Journal> {
  const r = await play(settings("hus", { seed: 22, mistakeRate: 0.1 }));
  expect(r.code).toBe(0);
  return r.journal;
}

/** The journal with one record replaced (the n-th of its kind). */
function edited<K extends JournalRecord["kind"]>(
  j: Journal,
  kind: K,
  n: number,
  change: (r: Extract<JournalRecord, { kind: K }>) => JournalRecord,
): Journal {
  let seen = -1;
  const out = j.records.map((r) => {
    if (r.kind !== kind) return r;
    seen++;
    return seen === n ? change(r as Extract<JournalRecord, { kind: K }>) : r;
  });
  return { ...j, records: out };
}

/** A legal first move other than the one played. */
function otherFirstMove(j: Journal, played: string): string {
  const start = hus.parsePosition(j.header.initial);
  if (!start.ok) throw new Error(start.error.message);
  const other = hus.legal(start.value, 500).moves.find((m) => m.move !== played);
  if (other === undefined) throw new Error("no other move");
  return other.move;
}

describe("replay --verify re-derives the records (issue 32)", () => {
  it("the journal as written verifies, moves, mistakes and result included", async () => {
    const j = await wholeGame();
    expect(records(j, "move").length).toBeGreaterThan(4);
    expect(records(j, "result")).toHaveLength(1);
    const v = verifyJournal(j);
    expect(v.mismatch).toBeNull();
    expect(verificationText(v, "g")).toMatch(/every move, mistake and result record follows/);
  });

  it("a move record edited to another legal move fails, naming the ply and both moves", async () => {
    const j = await wholeGame();
    const played = records(j, "move")[0]!.move;
    const other = otherFirstMove(j, played);
    const bad = edited(j, "move", 0, (r) => ({ ...r, move: other }));
    const v = verifyJournal(bad);
    expect(v.mismatch).not.toBeNull();
    expect(v.mismatch?.record).toBe(
      `the move record of ply 1: the journal says ${other}, its readings give ${played}`,
    );
    expect(verificationText(v, "g")).toMatch(/^MISMATCH in the move record of ply 1/);
  });

  it("an edited position after a move, or an edited result, fails too", async () => {
    const j = await wholeGame();
    const moved = edited(j, "move", 2, (r) => ({ ...r, position: { ...r.position, toMove: "S" } }));
    expect(verifyJournal(moved).mismatch?.record).toMatch(/^the move record of ply 3/);
    const result = records(j, "result")[0]!;
    const flipped = result.winner === "S" ? "N" : "S";
    const won = edited(j, "result", 0, (r) => ({ ...r, winner: flipped }));
    expect(verifyJournal(won).mismatch?.record).toMatch(/^the result record at t=/);
    // A move record removed: the readings still give it.
    let dropped = false;
    const fewer = {
      ...j,
      records: j.records.filter((r) => {
        if (r.kind !== "move" || dropped) return true;
        dropped = true;
        return false;
      }),
    };
    expect(verifyJournal(fewer).mismatch).not.toBeNull();
  });

  it("kete export refuses an unverified record, and --unverified prints it tagged", async () => {
    const j = await wholeGame();
    const played = records(j, "move")[0]!.move;
    const other = otherFirstMove(j, played);
    const bad = edited(j, "move", 0, (r) => ({ ...r, move: other }));
    const refused = exportOutcome(bad, "g.jsonl", { format: "text", unverified: false });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(/^kete export: g\.jsonl does not verify/);
    expect(refused.stderr).toContain(`the journal says ${other}, its readings give ${played}`);
    const forced = exportOutcome(bad, "g.jsonl", { format: "text", unverified: true });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`[Verified "no: the move record of ply 1`);
    expect(forced.stdout).toContain(`1. ${other}`);
    expect(forced.stderr).toMatch(/warning: g\.jsonl does not verify/);
    const good = exportOutcome(j, "g.jsonl", { format: "text", unverified: false });
    expect(good.code).toBe(0);
    expect(good.stdout).toContain(`1. ${played}`);
    expect(good.stdout).not.toContain("Verified");
  });

  it("kete serve's export link tags an unverified record as --unverified does", async () => {
    const j = await wholeGame();
    const played = records(j, "move")[0]!.move;
    const bad = edited(j, "move", 0, (r) => ({ ...r, move: otherFirstMove(j, played) }));
    const dir = mkdtempSync(join(tmpdir(), "kete-archive-"));
    const text = [bad.header, ...bad.records].map(encodeRecord).join("");
    writeFileSync(join(dir, "edited.kete.jsonl"), text);
    const archive = folderArchive(dir);
    const out = archive.exported("edited", "text");
    expect(out?.ok && out.value).toContain('[Verified "no: the move record of ply 1');
  });
});
