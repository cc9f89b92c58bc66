/**
 * The LED plan: a pure function from what the controller knows now to the
 * light of every pit, in one fixed colour scheme (`LED_SCHEME`, the same
 * table as `hardware/led-scheme.json`; a test keeps them equal).
 *
 * | role | light | when |
 * |---|---|---|
 * | legalStart | green pulse | turn start only: pits a turn may start from (Bao's namua: where a seed may be placed); within a turn only the opponent's, while the turn's end is pending (a stop in the nyumba, `guide.nextStarts`) |
 * | nextStone | cyan blink | the pit the next stone belongs in (both neighbours while the direction is open) |
 * | lastStone | cyan steady | where the last stone in hand will land if the hand is sown on |
 * | liftNext | cyan fast | within a turn, the hand empty: lift this whole pit and sow on (a relay; Bao: a safari from the nyumba, a takasa after a placement; `guide.liftNext`) |
 * | liftPart | blue fast | within a turn: lift only part of this pit, as many as the screen says (Bao's taxed nyumba, two seeds, BK-11; `guide.liftPart`, a trace lift of fewer stones than the pit holds) |
 * | captureFrom | yellow fast | the pit(s) to capture from (captures in any order, Glassperlenspiel's gems: every one still to take) |
 * | capturedTo | yellow blink | where the captured stones go (the landing pit, lifted with them; Bao: the kichwa receiving the first captured seed, `guide.captureSowsInto` with one pit; Glassperlenspiel: the mover's cup from the moment a capture is due until every gem taken is in it) |
 * | kichwaChoice | yellow pulse | Bao: both kichwa while the player may choose either (`guide.captureSowsInto`, two pits; not used by four-row games) |
 * | mistakeExcess | magenta fast | a mistake: this pit holds too many stones |
 * | mistakeMissing | magenta blink | a mistake: this pit holds too few stones |
 * | setupWrong | magenta steady | setting up: the pit does not hold its starting count yet |
 * | winner | green steady | game over: the winner's pits |
 * | draw | white steady | game over, a draw: every pit |
 * | sensorFault | white fast | the pit's sensor cannot be read |
 * | linkLost | blue pulse | the link is down or just back: play on; a disturbed board is put right, then confirm |
 * | computerMove | blue blink | kete's turn (`kete play --computer`, computer.ts): the pit of kete's next act, for the person who sows for kete — its start pit to lift, then each pit a stone goes into, the pits to capture from; shown with guidance on or off, and instead of every guidance light in kete's turn (nothing is lit while kete is still choosing) |
 * | hintStart | green fast | a hint (computer.ts), before the turn begins: lift this pit, kete's best start |
 * | hintNext | green blink | a hint: the hint's first stone goes here (its direction) |
 * | obstacle | blue steady | Abalone AB-9.4: an obstacle, a hole no marble enters (`RuleBook.marked`); any other light of the hole shows instead |
 * | trap | white blink | Abalone AB-9.5: a trap, where a pushed opponent marble leaves the game and no own marble goes |
 *
 * In a turn whose changes happen at once (an Abalone move, all its steps
 * free): legalStart lights the marbles some move takes, nextStone the holes
 * the moves still possible fill (a lifted marble: where its lines may go),
 * and lastStone, before the turn starts, the holes the last move changed;
 * while a move that is part way through a longer one is pending,
 * legalStart lights the opponent's starts (`guide.nextStarts`).
 *
 * Guidance off (referee only): no legalStart/nextStone/lastStone/capture
 * lights; mistakes, setting up, results, sensor faults and the link still
 * show, and so do kete's move (the person sowing for kete must see it) and a
 * hint asked for (`--hints off` is what keeps hints out of a game).
 */
import type { LedColour, LedPattern, LedState } from "../protocol/index.js";
import type { PitNeed } from "./restore.js";
import { placeOfReading } from "../shared/index.js";
import type { TurnGuide } from "./tracking.js";

export const LED_ROLES = [
  "legalStart",
  "nextStone",
  "lastStone",
  "liftNext",
  "liftPart",
  "captureFrom",
  "capturedTo",
  "kichwaChoice",
  "mistakeExcess",
  "mistakeMissing",
  "setupWrong",
  "winner",
  "draw",
  "sensorFault",
  "linkLost",
  "computerMove",
  "hintStart",
  "hintNext",
  "obstacle",
  "trap",
] as const;
export type LedRole = (typeof LED_ROLES)[number];

export const LED_SCHEME: Readonly<
  Record<LedRole, { readonly colour: LedColour; readonly pattern: LedPattern }>
> = {
  legalStart: { colour: "green", pattern: "pulse" },
  nextStone: { colour: "cyan", pattern: "blink" },
  lastStone: { colour: "cyan", pattern: "steady" },
  liftNext: { colour: "cyan", pattern: "fast" },
  liftPart: { colour: "blue", pattern: "fast" },
  captureFrom: { colour: "yellow", pattern: "fast" },
  capturedTo: { colour: "yellow", pattern: "blink" },
  kichwaChoice: { colour: "yellow", pattern: "pulse" },
  mistakeExcess: { colour: "magenta", pattern: "fast" },
  mistakeMissing: { colour: "magenta", pattern: "blink" },
  setupWrong: { colour: "magenta", pattern: "steady" },
  winner: { colour: "green", pattern: "steady" },
  draw: { colour: "white", pattern: "steady" },
  sensorFault: { colour: "white", pattern: "fast" },
  linkLost: { colour: "blue", pattern: "pulse" },
  // Blue is the family of the link to kete; blink: act on this pit now.
  computerMove: { colour: "blue", pattern: "blink" },
  // Green: your moves; fast: take stones out (lift), blink: put a stone here.
  hintStart: { colour: "green", pattern: "fast" },
  hintNext: { colour: "green", pattern: "blink" },
  // The board's own places the rules mark (Abalone AB-9.4, AB-9.5), under every other light.
  obstacle: { colour: "blue", pattern: "steady" },
  trap: { colour: "white", pattern: "blink" },
};

export const LED_OFF: LedState = { pattern: "off" };

export function roleLed(role: LedRole): LedState {
  const r = LED_SCHEME[role];
  return { pattern: r.pattern, colour: r.colour };
}

/** What the LED plan is computed from (see `controllerView` in machine.ts). */
export interface LedInput {
  /** Every place with an LED (the game's layout, or the board's geometry). */
  readonly pits: readonly string[];
  readonly guidance: boolean;
  readonly mode: "idle" | "setup" | "turn" | "restoring" | "penalty" | "over" | "link-lost";
  readonly guide: TurnGuide | null;
  /** Setting up, restoring, a takeback or a wrong penalty: the stones each pit needs. */
  readonly needs: readonly PitNeed[];
  readonly winnerPits: readonly string[];
  readonly draw: boolean;
  readonly faultyPits: readonly string[];
  /** Kete's turn (computer.ts): the pits of kete's next act (empty between acts); null in anyone else's. */
  readonly computer?: readonly string[] | null;
  /** A hint in force (computer.ts): its start pit(s) and the pit of its first stone; null without. */
  readonly hint?: { readonly start: readonly string[]; readonly next: readonly string[] } | null;
  /** Places the rules mark for the whole game (`RuleBook.marked`: Abalone's obstacles and traps). */
  readonly marked?: readonly { readonly place: string; readonly kind: "obstacle" | "trap" }[];
}

/** Pit → light, for every pit of the board (unlit pits are `off`). */
export function ledPlan(input: LedInput): Map<string, LedState> {
  const plan = new Map<string, LedState>(input.pits.map((p) => [p, LED_OFF]));
  // Names may be readings of a place (`A3:S4`): the place's LED shows them.
  const set = (pits: readonly string[], role: LedRole) => {
    for (const p of pits) {
      const place = placeOfReading(p);
      if (plan.has(place)) plan.set(place, roleLed(role));
    }
  };
  // Marked places all game long, under the mode's lights (not over a result or a lost link).
  if (input.mode !== "link-lost" && input.mode !== "over") {
    for (const m of input.marked ?? []) set([m.place], m.kind);
  }
  switch (input.mode) {
    case "link-lost":
      set(input.pits, "linkLost");
      return plan;
    case "setup":
      set(
        input.needs.map((n) => n.pit),
        "setupWrong",
      );
      break;
    case "restoring":
    case "penalty":
      set(
        input.needs.filter((n) => n.need < 0).map((n) => n.pit),
        "mistakeExcess",
      );
      set(
        input.needs.filter((n) => n.need > 0).map((n) => n.pit),
        "mistakeMissing",
      );
      break;
    case "turn": {
      const g = input.guide;
      // Kete's turn: only kete's next act, whatever the guidance (the person sows for kete).
      if (input.computer !== undefined && input.computer !== null) {
        set(input.computer, "computerMove");
        break;
      }
      const hint = input.hint ?? null;
      if (!input.guidance || g === null) {
        if (hint !== null) {
          set(hint.next, "hintNext");
          set(hint.start, "hintStart");
        }
        break;
      }
      // A stop pending (Bao's nyumba): the opponent's starts, their first act accepts it.
      set(g.nextStarts, "legalStart");
      set(g.lastStone, "lastStone");
      // Mid-turn lifts have lights of their own, never the start-of-turn
      // pulse (issue 18): the whole pit (relay, safari, takasa), or only
      // part of it (a taxed nyumba). Fast is "take stones out" throughout
      // the scheme (capture, too many).
      set(g.liftNext, "liftNext");
      set(g.liftPart, "liftPart");
      set(g.starts, "legalStart");
      set(g.capturedTo, "capturedTo");
      set(g.captureFrom, "captureFrom");
      set(g.nextStone, "nextStone");
      // After (or before) a capture into the hand, the kichwa shows over the next-stone light.
      set(g.captureSowsInto, g.captureSowsInto.length > 1 ? "kichwaChoice" : "capturedTo");
      // A hint over the starts: kete's best start, and where its first stone goes.
      if (hint !== null) {
        set(hint.next, "hintNext");
        set(hint.start, "hintStart");
      }
      break;
    }
    case "over":
      if (input.draw) set(input.pits, "draw");
      else set(input.winnerPits, "winner");
      break;
    case "idle":
      break;
  }
  set(input.faultyPits, "sensorFault");
  return plan;
}

function sameLed(a: LedState, b: LedState): boolean {
  if (a.pattern === "off" || b.pattern === "off") return a.pattern === b.pattern;
  return a.pattern === b.pattern && a.colour === b.colour;
}

/** The entries of `next` that differ from `shown` (what the board must be sent). */
export function ledChanges(
  shown: ReadonlyMap<string, LedState>,
  next: ReadonlyMap<string, LedState>,
): { pit: string; led: LedState }[] {
  const out: { pit: string; led: LedState }[] = [];
  for (const [pit, led] of next) {
    const was = shown.get(pit);
    if (was === undefined || !sameLed(was, led)) out.push({ pit, led });
  }
  return out;
}
