/**
 * The legend of the LED plan: which lights a game can show and what each
 * asks of the player, in words, for the terminal's legend and the web view's
 * (a light's code, `CB`, is the protocol's colour and pattern letters).
 */
import type { Game, Options } from "../games/index.js";
import { LED_COLOURS, LED_PATTERNS } from "../protocol/index.js";
import { LED_ROLES, LED_SCHEME, type LedRole } from "./leds.js";

/** One light of a legend: its code, colour, pattern and meaning. */
export interface LegendEntry {
  readonly code: string;
  readonly colour: string;
  readonly pattern: string;
  readonly meaning: string;
}

/** What each light means, in the legend (a role without words here is named by its role). */
const ROLE_WORDS: Partial<Record<LedRole, string>> = {
  legalStart: "start",
  nextStone: "next stone",
  lastStone: "last lands",
  liftNext: "lift on",
  liftPart: "lift part",
  captureFrom: "capture from",
  capturedTo: "captured to",
  kichwaChoice: "kichwa choice",
  mistakeExcess: "too many",
  mistakeMissing: "too few",
  setupWrong: "set up",
  winner: "winner",
  draw: "draw",
  sensorFault: "sensor fault",
  linkLost: "link lost",
  computerMove: "kete's move",
  hintStart: "hint",
  hintNext: "hint's way",
  obstacle: "obstacle (AB-9.4)",
  trap: "trap (AB-9.5)",
};

/** On the Abalone board the same lights speak of marbles and holes (LED plan, leds.ts). */
const HEX_WORDS: Partial<Record<LedRole, string>> = {
  legalStart: "may move",
  nextStone: "may go",
  lastStone: "last move",
  mistakeExcess: "no marble here",
  mistakeMissing: "marble missing",
  hintStart: "hint: move",
  hintNext: "hint: to",
};

/**
 * The lights a game can show, from what its rules have (its `RuleBook`): a
 * relay lifts on (CORE-3), captures on pits light where from and where to, Bao's kichwa
 * (BK-5) its choice, a reserve (BK-9) the taxed nyumba's part lift (BK-11).
 * Every game has the start, the way, the last stone, the mistakes, setting up,
 * the result, faults, the link, kete's move and hints.
 */
export function legendRoles(game: Game, options: Options): readonly LedRole[] {
  const book = game.ruleBook(options);
  // Captures are lit where stones are sown (pits with successors); Abalone's capture
  // (AB-5) pushes a marble off the board, with no place to light.
  const sown = game.layout.successors.some((next) => next.length > 0);
  const captures = book.capture !== null && sown;
  const has: Record<LedRole, boolean> = {
    legalStart: true,
    nextStone: true,
    lastStone: true,
    liftNext: book.relay !== null,
    liftPart: book.placement !== null,
    captureFrom: captures,
    capturedTo: captures,
    kichwaChoice: book.capturedSowing !== null,
    mistakeExcess: true,
    mistakeMissing: true,
    setupWrong: true,
    winner: true,
    draw: true,
    sensorFault: true,
    linkLost: true,
    computerMove: true,
    hintStart: true,
    hintNext: true,
    obstacle: (book.marked ?? []).some((m) => m.kind === "obstacle"),
    trap: (book.marked ?? []).some((m) => m.kind === "trap"),
  };
  return LED_ROLES.filter((r) => has[r]);
}

/** Each light `roles` can show: its code, colour, pattern and words (`hex`: marbles and holes). */
export function legendEntries(roles: readonly LedRole[] = LED_ROLES, hex = false): LegendEntry[] {
  return roles.map((r) => {
    const led = LED_SCHEME[r];
    return {
      code: `${LED_COLOURS[led.colour]}${LED_PATTERNS[led.pattern]}`,
      colour: led.colour,
      pattern: led.pattern,
      meaning: roleWords(r, hex),
    };
  });
}

function roleWords(r: LedRole, hex: boolean): string {
  return (
    (hex ? HEX_WORDS[r] : undefined) ??
    ROLE_WORDS[r] ??
    r.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)
  );
}
