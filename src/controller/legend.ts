/**
 * The legend of the LED plan: which lights a game can show and what each
 * asks of the player, in words, for the terminal's legend and the web view's
 * (a light's code, `CB`, is the protocol's colour and pattern letters).
 */
import type { Game, Options } from "../games/index.js";
import { english } from "../i18n/index.js";
import { msg, type Message } from "../shared/index.js";
import { LED_COLOURS, LED_PATTERNS } from "../protocol/index.js";
import { LED_ROLES, LED_SCHEME, type LedRole } from "./leds.js";

/** One light of a legend: its code, colour, pattern and meaning. */
export interface LegendEntry {
  readonly code: string;
  readonly colour: string;
  readonly pattern: string;
  /** In English (the journal's and the tests' language). */
  readonly meaning: string;
  /** The same as a message, for the player's language. */
  readonly words: Message;
}

/**
 * On the Abalone board some lights speak of marbles and holes (LED plan,
 * leds.ts): their words are the catalogue's `led.hex.<role>`, the others'
 * `led.<role>` (src/i18n/catalogues).
 */
const HEX_ROLES: ReadonlySet<LedRole> = new Set([
  "legalStart",
  "nextStone",
  "lastStone",
  "mistakeExcess",
  "mistakeMissing",
  "hintStart",
  "hintNext",
]);

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
    const words = roleWords(r, hex);
    return {
      code: `${LED_COLOURS[led.colour]}${LED_PATTERNS[led.pattern]}`,
      colour: led.colour,
      pattern: led.pattern,
      meaning: english.text(words),
      words,
    };
  });
}

function roleWords(r: LedRole, hex: boolean): Message {
  return msg(hex && HEX_ROLES.has(r) ? `led.hex.${r}` : `led.${r}`);
}
