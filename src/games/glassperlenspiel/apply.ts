/**
 * Playing one move given in notation: the start (GB-2, GB-5), the beads it
 * names (move identity: exactly the pit's beads), and the gems it says it
 * takes (GB-3/GB-4: exactly a set the indirect chain may take, written in
 * ascending order; none for a direct chain or none), each refusal citing its rule.
 */
import { err, type Result } from "../../shared/index.js";
import type { Played } from "../core/types.js";
import { findChain, prepareChoices, take, takeDirect } from "./captures.js";
import { GEM_TAGS, PLACES, STONE, beadName } from "./geometry.js";
import { parseMove, type GlassMove } from "./notation.js";
import { keyOf, type GlassPosition } from "./position.js";
import { startFault } from "./refusal.js";
import type { Sower } from "./sowing.js";
import { materialize, sowerOf } from "./turn.js";
import type { GameError } from "../core/errors.js";

function illegal(rule: string, message: string): Result<never, GameError> {
  return err("illegal-move", message, { rule, field: "move" });
}

function beadsWords(s: Sower, pit: number): string {
  const parts: string[] = [];
  const stones = s.stones[pit] as number;
  if (stones > 0) parts.push(`${stones} stone${stones === 1 ? "" : "s"}`);
  for (let g = 0; g < GEM_TAGS.length; g++) {
    if (((s.masks[pit] as number) & (1 << g)) !== 0) parts.push(GEM_TAGS[g] as string);
  }
  return parts.join(", ");
}

/** Move identity: the beads named are exactly the pit's, each gem once. */
function beadsFault(s: Sower, m: GlassMove, move: string): Result<never, GameError> | null {
  let stones = 0;
  let mask = 0;
  let twice = false;
  for (const bead of m.beads) {
    if (bead === STONE) stones++;
    else if ((mask & (1 << bead)) !== 0) twice = true;
    else mask |= 1 << bead;
  }
  if (!twice && stones === s.stones[m.start] && mask === s.masks[m.start]) return null;
  const pit = PLACES[m.start] as string;
  return illegal(
    "GB-2",
    `${move} sows ${m.beads.map(beadName).join(" ")}, but ${pit} holds ${beadsWords(s, m.start)}: a move names every bead of its pit once, in sowing order (GB-2)`,
  );
}

/** The gems the move says it takes: exactly one set the chain may take, ascending. */
function takenFault(s: Sower, m: GlassMove, move: string): Result<never, GameError> | null {
  const codes = m.taken.map((t) => (t.place << 4) | t.gem);
  if (s.chain === 0 || s.direct) {
    if (codes.length === 0) return null;
    return illegal(
      "GB-3",
      `${move} names gems taken after '/', but its last bead makes no indirect capture (GB-3)`,
    );
  }
  const due = s.fixed + s.pick;
  if (codes.length !== due) {
    const written =
      due === 0 ? "no gem (the opponent has none), so no '/'" : `${due} gem${due === 1 ? "" : "s"}`;
    // One indirect capture is GB-3's (compulsory); a chain of them GB-4's.
    const rule = s.chain === 1 ? "GB-3" : "GB-4";
    return illegal(
      rule,
      `${move} takes ${codes.length} gem${codes.length === 1 ? "" : "s"}; its indirect chain of ${s.chain} capture${s.chain === 1 ? "" : "s"} takes ${written} (${rule})`,
    );
  }
  const free = Array.from(s.entries.subarray(s.fixed, s.entryCount));
  const fixed = Array.from(s.entries.subarray(0, s.fixed));
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] as number;
    const entry = `${PLACES[code >> 4] as string}${GEM_TAGS[code & 15] as string}`;
    if (i > 0 && code <= (codes[i - 1] as number)) {
      return illegal(
        "GB-3",
        `${move} lists ${entry} out of order: the gems taken are written once each, in ascending order (GB-3)`,
      );
    }
    if (!free.includes(code) && !fixed.includes(code)) {
      return illegal(
        "GB-3",
        `${move} takes ${entry}, which is not there to take: an indirect capture takes a gem from the opponent's pits, from their cup only when their pits hold none (GB-3)`,
      );
    }
  }
  const left = fixed.find((code) => !codes.includes(code));
  if (left !== undefined) {
    return illegal(
      "GB-3",
      `${move} leaves ${GEM_TAGS[left & 15] as string} in ${PLACES[left >> 4] as string} and takes from the cup: the cup is taken from only when the opponent's pits hold no gem (GB-3)`,
    );
  }
  return null;
}

export function applyMove(p: GlassPosition, move: string): Played<GlassPosition> {
  const parsed = parseMove(move);
  if (!parsed.ok) return parsed;
  const m = parsed.value;
  const s = sowerOf(p);
  const fault = startFault(p, s, m.start);
  if (fault !== null) return illegal(fault.rule, fault.message);
  const beads = beadsFault(s, m, move);
  if (beads !== null) return beads;
  s.begin(m.start);
  m.beads.forEach((bead, d) => s.drop(d, bead));
  findChain(s);
  prepareChoices(s);
  const taken = takenFault(s, m, move);
  if (taken !== null) return taken;
  if (s.direct && s.chain > 0) {
    takeDirect(s);
  } else {
    for (const t of m.taken) take(s, t.place, t.gem);
  }
  const done = materialize(s, p, keyOf(p));
  return { ok: true, value: { position: done.position, trace: done.trace } };
}
