/**
 * A learner at the board (issue 28): a player who knows none of the rules
 * and does each act only where the LEDs say, as README's LED tables for
 * Glassperlenspiel and Abalone promise. Before every physical act the
 * learner looks at the lights kete shows now (`Controller.ledPlan`); the act
 * is *guided* when its place shows the role the table gives for it:
 *
 * | game | act | place | lit as |
 * |---|---|---|---|
 * | Glassperlenspiel | lift a bead of the start pit | the pit | green pulse (`legalStart`) |
 * | | drop a bead | the pit | cyan blink or cyan steady (`nextStone`, `lastStone`) |
 * | | take a gem | its place | yellow fast (`captureFrom`) |
 * | | drop a taken gem | the mover's cup | yellow blink (`capturedTo`) |
 * | Abalone | start a move (lift or push the first marble) | its hole | green pulse (`legalStart`) |
 * | | lift a further marble of the move | the hole it goes to | cyan blink (`nextStone`) |
 * | | set a marble down | the hole | cyan blink (`nextStone`) |
 *
 * The learner plays a random legal move the lights allow, in the ways hands
 * do (Glassperlenspiel: a pit's beads lifted one at a time, the captures in
 * any order, sometimes every gem lifted before any is dropped; Abalone: a
 * line rolled at once, carried front first with pauses, or its marbles all
 * lifted then set down), on a board with noise (unsettled flicker, the
 * board's periodic snapshots repeating a reading). A move that ends part way
 * through a longer Abalone move is made to stand by the quiet moment, a
 * button (either) or the opponent's first act. In some games one mistake is
 * injected, which kete must name with its rule at the wrong reading.
 */
import { expect } from "vitest";
import type { LegalMove, Position, TraceStep } from "../../src/games/core/types.js";
import { LED_SCHEME, type LedRole } from "../../src/controller/leds.js";
import { DEFAULT_QUIET_MS } from "../../src/controller/tracking.js";
import { ri as gri, sendGems, startGlass, stepActs } from "./glass-board.js";
import { GLASS } from "./glass-games.js";
import { ABALONE, KINDS, attempt, type Kind as AbaloneKind } from "./abalone-games.js";
import { HOLES, sendHex, setHole, startHex, transfers } from "./abalone-board.js";
import type { Session } from "./harness.js";

/** Whether `place` shows one of `roles` now. */
export function shows(s: Session, place: string, roles: readonly LedRole[]): boolean {
  const led = s.controller.ledPlan().get(place);
  if (led === undefined || led.pattern === "off") return false;
  return roles.some(
    (r) => LED_SCHEME[r].pattern === led.pattern && LED_SCHEME[r].colour === led.colour,
  );
}

/** An injected mistake and how kete named it. */
export interface Injected {
  readonly kind: string;
  readonly rule: string;
  readonly named: string | null;
  readonly message: string;
}

export interface LearnerReport {
  readonly games: number;
  readonly plies: number;
  readonly steps: number;
  readonly guided: number;
  /** The first few acts the lights did not show. */
  readonly unguided: string[];
  /** Every look kete showed before the learner's acts (`green pulse`, …). */
  readonly looks: ReadonlySet<string>;
  /** Mistakes or sensor faults kete called in correct play. */
  readonly falseMistakes: string[];
  readonly injected: Injected[];
}

class Tally {
  steps = 0;
  guided = 0;
  readonly unguided: string[] = [];
  readonly looks = new Set<string>();
  constructor(private readonly s: () => Session | null) {}
  check(ok: boolean, what: string): void {
    const s = this.s();
    if (s !== null) {
      for (const led of s.controller.ledPlan().values()) {
        if (led.pattern !== "off") this.looks.add(`${led.colour} ${led.pattern}`);
      }
    }
    this.steps++;
    if (ok) this.guided++;
    else if (this.unguided.length < 20) this.unguided.push(what);
  }
}

function shuffle<T>(xs: T[], random: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
  }
  return xs;
}

function pick<T>(xs: readonly T[], random: () => number): T | undefined {
  return xs[Math.floor(random() * xs.length)];
}

/** The mistakes and sensor faults kete called since event `from`: their rule ("fault") and message. */
function problemsFrom(s: Session, from: number): { rule: string; message: string }[] {
  return s.events
    .slice(from)
    .flatMap((e) =>
      e.type === "mistake"
        ? [{ rule: e.rule, message: e.message }]
        : e.type === "sensor-fault"
          ? [{ rule: "fault", message: e.message }]
          : [],
    );
}

// ------------------------------------------------------------------ Glassperlenspiel

type Unit = { readonly name: string; readonly delta: number };
interface GlassAct {
  readonly kind: "lift" | "sow" | "take" | "drop";
  readonly place: string;
  readonly units: readonly Unit[];
}

const GLASS_ROLES: Readonly<Record<GlassAct["kind"], readonly LedRole[]>> = {
  lift: ["legalStart"],
  sow: ["nextStone", "lastStone"],
  take: ["captureFrom"],
  drop: ["capturedTo"],
};

/** A move's acts as a hand makes them: the lift bead by bead, the captures in any order. */
function glassActs(m: LegalMove<Position>, random: () => number): GlassAct[] {
  const out: GlassAct[] = [];
  for (const st of m.trace) {
    if (st.op === "capture") continue;
    const acts = stepActs(st);
    if (st.op === "lift") {
      for (const a of shuffle(acts, random)) out.push({ kind: "lift", place: st.pit, units: a });
    } else out.push({ kind: "sow", place: st.pit, units: acts[0] ?? [] });
  }
  const caps = m.trace
    .filter((st): st is TraceStep & { op: "capture" } => st.op === "capture")
    .map((st) => {
      const [take, drop] = stepActs(st);
      return {
        take: { kind: "take", place: st.pit, units: take ?? [] } as const,
        drop: { kind: "drop", place: st.to ?? "", units: drop ?? [] } as const,
      };
    });
  shuffle(caps, random);
  if (caps.length > 1 && random() < 0.35) {
    for (const c of caps) out.push(c.take);
    for (const c of shuffle(caps.slice(), random)) out.push(c.drop);
  } else for (const c of caps) out.push(c.take, c.drop);
  return out;
}

function applyUnits(b: number[], units: readonly Unit[]): void {
  for (const u of units) b[gri(u.name)] = (b[gri(u.name)] as number) + u.delta;
}

/** A settled reading, with the noise of a real board around it. */
function sendGlass(s: Session, b: readonly number[], random: () => number): void {
  if (random() < 0.3) {
    const j = b.slice();
    const k = Math.floor(random() * j.length);
    j[k] =
      k < 12 ? Math.max(0, (j[k] as number) + (random() < 0.5 ? 1 : -1)) : 1 - (j[k] as number);
    sendGems(s, j, false);
  }
  sendGems(s, b);
  if (random() < 0.15) sendGems(s, b);
}

const ROW = { S: ["A1", "A2", "A3", "A4", "A5"], N: ["B1", "B2", "B3", "B4", "B5"] } as const;
const CIRCUIT = [...ROW.S, "B5", "B4", "B3", "B2", "B1"];
const GEMS = ["S1", "S2", "S3", "S4", "S5", "N1", "N2", "N3", "N4", "N5"];

/**
 * One mistake in move `m` (acts `acts`) from board `b`: the boards a learner
 * makes, the last one wrong, and the rule kete must cite; null when the
 * move offers none of the kinds.
 */
function glassMistake(
  p: Position,
  m: LegalMove<Position>,
  acts: readonly GlassAct[],
  start: readonly number[],
  random: () => number,
): { kind: string; rule: string; boards: number[][] } | null {
  const mover = p.toMove as "S" | "N";
  const other = mover === "S" ? "N" : "S";
  const caps = acts.filter((a) => a.kind === "take").length;
  const rule = caps > 1 ? "GB-4" : "GB-3";
  const b = start.slice();
  const boards: number[][] = [];
  const upTo = (n: number) => {
    for (const a of acts.slice(0, n)) {
      applyUnits(b, a.units);
      boards.push(b.slice());
    }
  };
  const kind =
    caps > 0
      ? (pick(["wrong-gem", "wrong-cup"], random) as string)
      : (pick(["skipped-pit", "out-of-turn"], random) as string);
  if (kind === "out-of-turn") {
    const pit = ROW[other].find((x) => (b[gri(x)] as number) > 0);
    if (pit === undefined) return null;
    b[gri(pit)] = (b[gri(pit)] as number) - 1;
    return { kind, rule: "GB-2", boards: [b.slice()] };
  }
  if (kind === "skipped-pit") {
    const first = acts.findIndex((a) => a.kind === "sow");
    const lift = m.trace[0];
    const sow = acts[first];
    if (sow === undefined || lift?.op !== "lift") return null;
    upTo(first);
    let past = CIRCUIT[(CIRCUIT.indexOf(sow.place) + 1) % 10] as string;
    if (past === lift.pit) past = CIRCUIT[(CIRCUIT.indexOf(past) + 1) % 10] as string;
    const unit = sow.units[0] as Unit;
    const r = gri(unit.name.replace(sow.place, past));
    b[r] = (b[r] as number) + 1;
    boards.push(b.slice());
    return { kind, rule: "GB-2", boards };
  }
  // Captures: some made right first (part way through a chain), then the wrong act.
  const firstTake = acts.findIndex((a) => a.kind === "take");
  const done = firstTake + 2 * Math.floor(random() * caps);
  upTo(Math.min(done, acts.length - 2));
  const next = acts.slice(boards.length).find((a) => a.kind === "take");
  if (kind === "wrong-cup" && next !== undefined) {
    applyUnits(b, next.units);
    boards.push(b.slice());
    const gem = (next.units[0] as Unit).name.split(":")[1] as string;
    b[gri(`${other}C:${gem}`)] = 1;
    boards.push(b.slice());
    return { kind, rule, boards };
  }
  // A gem no capture takes: one in the mover's own row or cup (not one this
  // move just put there: taking that out again is only holding it).
  const own = [...ROW[mover], `${mover}C`].flatMap((place) =>
    GEMS.map((g) => `${place}:${g}`).filter((r) => b[gri(r)] === 1 && start[gri(r)] === 1),
  );
  const gem = pick(own, random);
  if (gem === undefined) return null;
  b[gri(gem)] = 0;
  boards.push(b.slice());
  return { kind: "wrong-gem", rule, boards };
}

const capturesOf = (m: LegalMove<Position>) => m.trace.filter((t) => t.op === "capture").length;

/** A random legal move, the one taking most gems of a few draws: chains come up often. */
function capturingMove(p: Position, random: () => number): LegalMove<Position> | null {
  let best = GLASS.randomMove(p, random);
  for (let i = 0; i < 5 && best !== null; i++) {
    const m = GLASS.randomMove(p, random);
    if (m !== null && capturesOf(m) > capturesOf(best)) best = m;
  }
  return best;
}

/** Plays `games` learner games of Glassperlenspiel. */
export function glassLearner(
  games: number,
  random: () => number,
  injectShare = 0.3,
  maxPlies = 40,
  from: Position | null = null,
): LearnerReport {
  let session: Session | null = null;
  const tally = new Tally(() => session);
  const falseMistakes: string[] = [];
  const injected: Injected[] = [];
  let plies = 0;
  for (let g = 0; g < games; g++) {
    const init = GLASS.initial();
    if (!init.ok) throw new Error(init.error.message);
    let p = from ?? init.value;
    const s = startGlass(GLASS, p);
    session = s;
    const injectAt = random() < injectShare ? Math.floor(random() * maxPlies) : -1;
    const played: string[] = [];
    for (let ply = 0; ply < maxPlies; ply++) {
      const m = capturingMove(p, random);
      if (m === null) break;
      const what = `glass game ${g} ply ${ply} ${m.move}`;
      const acts = glassActs(m, random);
      const before = Array.from(GLASS.sensorView(p).counts);
      // Injections wait a while for a capture, and longer for a chain (GB-4).
      const takes = acts.filter((a) => a.kind === "take").length;
      const waits =
        (takes === 0 && ply < injectAt + 12 && random() < 0.7) ||
        (takes === 1 && ply < injectAt + 20 && random() < 0.6);
      const wrong =
        injectAt >= 0 && ply >= injectAt && !waits
          ? glassMistake(p, m, acts, before, random)
          : null;
      if (wrong !== null) {
        let named: { rule: string; message: string } | null = null;
        let at = -1;
        for (let i = 0; i < wrong.boards.length && named === null; i++) {
          const from = s.events.length;
          sendGems(s, wrong.boards[i] as number[]);
          named = problemsFrom(s, from)[0] ?? null;
          at = i;
        }
        const n = named;
        const rightPlace = at === wrong.boards.length - 1;
        injected.push({
          kind: wrong.kind,
          rule: wrong.rule,
          named: n !== null && rightPlace ? n.rule : null,
          message: n === null ? "(nothing)" : `${rightPlace ? "" : "early: "}${n.message}`,
        });
        break;
      }
      const b = before.slice();
      const from = s.events.length;
      for (const a of acts) {
        tally.check(shows(s, a.place, GLASS_ROLES[a.kind]), `${what}: ${a.kind} ${a.place}`);
        applyUnits(b, a.units);
        sendGlass(s, b, random);
      }
      for (const e of problemsFrom(s, from)) falseMistakes.push(`${what}: ${e.message}`);
      if (falseMistakes.length > 0) break;
      played.push(m.move);
      p = m.position;
    }
    const moves = s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
    if (falseMistakes.length === 0) expect(moves, `glass game ${g}`).toEqual(played);
    s.controller.close();
    plies += played.length;
    if (falseMistakes.length > 0) break;
  }
  return {
    games,
    plies,
    steps: tally.steps,
    guided: tally.guided,
    unguided: tally.unguided,
    looks: tally.looks,
    falseMistakes,
    injected,
  };
}

// ------------------------------------------------------------------ Abalone

const ABALONE_RULE: Readonly<Record<AbaloneKind, string>> = {
  "line-of-four": "AB-2",
  "own-off": "AB-3",
  "bad-push": "AB-5",
  "broadside-occupied": "AB-4",
  "wrong-side": "AB-2",
};

type Style = "roll" | "front-first" | "lift-all";

/** An unsettled snapshot of `b` with `holes` moving (a hand on the marbles). */
function touch(s: Session, b: readonly number[], holes: readonly number[]): void {
  sendHex(
    s,
    b,
    false,
    holes.map((h) => HOLES[h] as string),
  );
}

/**
 * The order a learner lifts every marble of a move in (`lift-all`): at
 * random, but only a marble whose hole to go to is free by then (it blinks):
 * a line's marbles from the front, a broadside's in any order.
 */
function liftOrder<T extends { readonly from: number; readonly to: number }>(
  ts: readonly T[],
  random: () => number,
): T[] {
  const left = ts.slice();
  const out: T[] = [];
  while (left.length > 0) {
    const free = left.filter((t) => !left.some((u) => u.from === t.to));
    const t = pick(free.length > 0 ? free : left, random) as T;
    left.splice(left.indexOf(t), 1);
    out.push(t);
  }
  return out;
}

/** Plays the marbles of `m` from `p` in `style`, checking the lights before every act. */
function playAbaloneMove(
  s: Session,
  p: Position,
  m: LegalMove<Position>,
  style: Style,
  tally: Tally,
  what: string,
  random: () => number,
): void {
  const b = Array.from(ABALONE.sensorView(p).counts);
  const ts = transfers(b, m.move);
  if (style === "roll") {
    const first = HOLES.indexOf(m.move.slice(0, 2));
    tally.check(shows(s, HOLES[first] as string, ["legalStart"]), `${what}: start ${HOLES[first]}`);
    const touched = [...new Set(ts.flatMap((t) => (t.to >= 0 ? [t.from, t.to] : [t.from])))];
    const j = b.slice();
    for (const h of touched) if (random() < 0.5) setHole(j, h, "e");
    touch(s, j, touched);
    for (const t of ts) setHole(b, t.from, "e");
    for (const t of ts) if (t.to >= 0) setHole(b, t.to, t.colour);
    touch(s, b, touched);
    sendHex(s, b);
    return;
  }
  const order = style === "front-first" ? ts : liftOrder(ts, random);
  const setDown = (t: (typeof ts)[number], last: boolean) => {
    if (t.to < 0) return;
    tally.check(shows(s, HOLES[t.to] as string, ["nextStone"]), `${what}: set down ${HOLES[t.to]}`);
    setHole(b, t.to, t.colour);
    touch(s, b, [t.to]);
    sendHex(s, b);
    // A hand resting between marbles (shorter than the quiet moment).
    if (!last && random() < 0.5) sendHex(s, b, true, [], 400 + Math.floor(random() * 1000));
  };
  order.forEach((t, i) => {
    // The first marble: a start (green pulse); a further one: the hole it goes to (cyan blink).
    const cue =
      i === 0
        ? shows(s, HOLES[t.from] as string, ["legalStart"])
        : t.to >= 0 && shows(s, HOLES[t.to] as string, ["nextStone"]);
    tally.check(cue, `${what}: lift ${HOLES[t.from]}${i === 0 ? "" : ` for ${HOLES[t.to]}`}`);
    setHole(b, t.from, "e");
    touch(s, b, [t.from]);
    sendHex(s, b);
    if (style === "front-first") setDown(t, i === order.length - 1);
  });
  if (style === "lift-all") {
    const downs = ts.filter((t) => t.to >= 0);
    downs.forEach((t, i) => setDown(t, i === downs.length - 1));
  }
}

/** Plays `games` learner games of Abalone (the three starts in turn). */
export function abaloneLearner(
  games: number,
  random: () => number,
  injectShare = 0.4,
  maxPlies = 20,
): LearnerReport {
  let session: Session | null = null;
  const tally = new Tally(() => session);
  const falseMistakes: string[] = [];
  const injected: Injected[] = [];
  const starts = ["standard", "belgian-daisy", "german-daisy"];
  let plies = 0;
  for (let g = 0; g < games; g++) {
    const options = { start: starts[g % starts.length] as string };
    const init = ABALONE.initial(options);
    if (!init.ok) throw new Error(init.error.message);
    let p = init.value;
    const s = startHex(ABALONE, p, options);
    session = s;
    const injectAt = random() < injectShare ? Math.floor(random() * maxPlies) : -1;
    const kind = KINDS[g % KINDS.length] as AbaloneKind;
    const earlier = new Set<string>([Array.from(ABALONE.sensorView(p).counts).join("")]);
    const played: string[] = [];
    let pending = false;
    const press = () =>
      s.link.emit({ type: "button", button: random() < 0.5 ? 1 : 2, action: "press" });
    for (let ply = 0; ply < maxPlies; ply++) {
      const m = ABALONE.randomMove(p, random);
      if (m === null) break;
      const what = `abalone game ${g} ply ${ply} ${m.move}`;
      const wrong = injectAt >= 0 && ply >= injectAt ? attempt(p, kind, random, earlier) : null;
      if (wrong !== null) {
        if (pending) press();
        const from = s.events.length;
        const j = wrong.slice();
        touch(s, j, []);
        sendHex(s, wrong);
        if (kind === "own-off") press();
        const [first] = problemsFrom(s, from);
        injected.push({
          kind,
          rule: ABALONE_RULE[kind],
          named: first?.rule ?? null,
          message: first?.message ?? "(nothing)",
        });
        pending = false;
        break;
      }
      const pushes = m.trace.some((t) => t.op === "capture");
      const style: Style = pushes
        ? "roll"
        : (pick(["roll", "front-first", "lift-all"] as const, random) as Style);
      const from = s.events.length;
      playAbaloneMove(s, p, m, style, tally, `${what} (${style})`, random);
      for (const e of problemsFrom(s, from)) falseMistakes.push(`${what} (${style}): ${e.message}`);
      if (falseMistakes.length > 0) break;
      played.push(m.move);
      p = m.position;
      earlier.add(Array.from(ABALONE.sensorView(p).counts).join(""));
      pending = (s.controller.game?.turn.pendingSince ?? null) !== null;
      if (pending) {
        // The move stands by the quiet moment, a button, or the opponent's first act.
        const way = random();
        if (way < 0.3)
          sendHex(s, Array.from(ABALONE.sensorView(p).counts), true, [], DEFAULT_QUIET_MS);
        else if (way < 0.6) press();
        pending = (s.controller.game?.turn.pendingSince ?? null) !== null;
      }
    }
    if (pending) press();
    const moves = s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
    if (falseMistakes.length === 0) expect(moves, `abalone game ${g}`).toEqual(played);
    s.controller.close();
    plies += played.length;
    if (falseMistakes.length > 0) break;
  }
  return {
    games,
    plies,
    steps: tally.steps,
    guided: tally.guided,
    unguided: tally.unguided,
    looks: tally.looks,
    falseMistakes,
    injected,
  };
}
