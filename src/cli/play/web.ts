/**
 * `kete play --web`: the terminal's view of the game (`PlayView`) as the web
 * page's `WebState`, so both say the same things, and the feed that hands it
 * to the live push whenever the session redraws (and every second, for the
 * clocks). `replay`'s boards become the archive's frames the same way.
 */
import QRCode from "qrcode";
import type { Scheduler } from "../../board/index.js";
import type { Game, Side } from "../../games/index.js";
import type { LedState } from "../../protocol/index.js";
import { ok, type Result } from "../../shared/index.js";
import {
  drawingOf,
  LiveHub,
  startWebServer,
  type WebBody,
  type WebLed,
  type WebLegendItem,
  type WebServer,
} from "../../web/index.js";
import { needsText, outcomeReason } from "./messages.js";
import { LED_ROLES, legendEntries } from "../../controller/index.js";
import { CATALOGUES, english, type Translator } from "../../i18n/index.js";
import { ledCode, moveList, sideWord, type PlayView } from "./view.js";
import type { CliError } from "../errors.js";

/** The LED as the page draws it, with its meaning from the game's legend, or null when off. */
function webLed(led: LedState | undefined, legend: readonly WebLegendItem[]): WebLed | null {
  if (led === undefined || led.pattern === "off") return null;
  const code = ledCode(led).trim();
  const meaning = legend.find((e) => e.code === code)?.meaning ?? `${led.colour} ${led.pattern}`;
  return { colour: led.colour, pattern: led.pattern, code, meaning };
}

/** Whole seconds: the page shows m:ss, and a state that differs only below a second is not sent again. */
function seconds(ms: Readonly<Record<Side, number>>): Record<Side, number> {
  return Object.fromEntries(
    Object.entries(ms).map(([side, t]) => [side, Math.max(0, Math.floor(t / 1000) * 1000)]),
  );
}

/**
 * The page's own words in the players' language (issue 32): its labels, and
 * the view's words it fills in itself (the clocks run on in the page).
 */
const PAGE_WORDS = [
  "web.liveGame",
  "web.connecting",
  "web.toMove",
  "web.mistakeBy",
  "web.restored",
  "web.putBack",
  "web.connection",
  "web.gameOverPly",
  "web.notServing",
  "web.stopped",
  "web.reconnecting",
  "web.lights",
  "web.moves",
  "web.messages",
  "web.howToRead",
  "web.readCount",
  "web.readRing",
  "web.readHatched",
  "web.readFault",
  "web.stones",
  "web.gems",
  "web.led",
  "web.unsettled",
  "web.sensorFault",
  "web.gameOver",
  "web.winsPlayer",
  "web.hole.black",
  "web.hole.white",
  "web.hole.empty",
  "web.hole.unreadable",
  "view.aDraw",
  "view.timeLeft",
  "view.reserve",
  "view.off",
  "view.inHand",
  "view.nextStone",
  "view.mayGoTo",
  "view.lastLands",
  "list.or",
  "list.separator",
] as const;

/** The page's words in `tr`'s language, as templates the page fills in. */
export function pageWords(tr: Translator): Record<string, string> {
  return Object.fromEntries(PAGE_WORDS.map((id) => [id, CATALOGUES[tr.lang][id] ?? ""]));
}

/** The page's state for a frame of the terminal's view, in `tr`'s language (default English). */
export function webBody(view: PlayView, game: Game, tr: Translator = english): WebBody {
  const drawing = drawingOf(game.layout);
  const hex = view.hex !== undefined && view.hex !== null;
  const legend = legendEntries(view.legend ?? LED_ROLES, hex).map(
    ({ code, colour, pattern, words }) => ({ code, colour, pattern, meaning: tr.text(words) }),
  );
  const holes = view.hex?.holes ?? null;
  const gems = view.gems;
  const faulty = view.faulty ?? new Set<string>();
  const places = drawing.places.map((p, i) => {
    const hole = holes === null ? undefined : (holes[i] ?? null);
    const count =
      hole !== undefined
        ? hole === null
          ? null
          : hole === "empty"
            ? 0
            : 1
        : view.counts.get(p.name);
    const here = gems !== undefined && gems.size > 0 ? gems.get(p.name) : undefined;
    return {
      ...p,
      count: count ?? null,
      ...(here === undefined ? {} : { gems: here }),
      ...(hole === undefined ? {} : { hole }),
      led: webLed(view.leds.get(p.name), legend),
      unsettled: view.unsettled.has(p.name),
      faulty: faulty.has(p.name) || count === null,
    };
  });
  const sides = view.sides ?? game.layout.sides;
  const left = view.timeLeft ?? null;
  const m = view.mistake ?? null;
  return {
    game: { id: game.id, title: view.title },
    geometry: game.layout.geometry,
    view: { width: drawing.width, height: drawing.height },
    places,
    sides,
    sideNames: Object.fromEntries(sides.map((s) => [s, sideWord(view, s, tr)])),
    players: view.players,
    toMove: view.toMove,
    ply: view.ply,
    inHand: view.inHand,
    nextStone: view.nextStone,
    lastLands: view.lastLands,
    moves: view.moves,
    moveList: moveList(view.moves, view.firstSide, sides[0]),
    reserve: view.reserve,
    off: view.hex === undefined || view.hex === null ? null : view.hex.off,
    clocks:
      left === null
        ? { kind: "used", ms: seconds(view.clocks) }
        : { kind: "left", ms: seconds(left) },
    status: view.status,
    mistake:
      m === null
        ? null
        : {
            side: m.side,
            rule: m.rule,
            message: m.text === undefined ? m.message : tr.text(m.text),
            policy: tr.t(`policy.${m.policy}`),
            restore: needsText(m.needs),
          },
    messages: view.messages,
    link: view.link,
    outcome:
      view.outcome === undefined || view.outcome === null
        ? null
        : {
            winner: view.outcome.winner,
            reason: outcomeReason(view.outcome, tr),
            score: view.outcome.score,
          },
    legend,
    ...(tr.lang === "en" ? {} : { lang: tr.lang, words: pageWords(tr) }),
  };
}

/** Update rate of the clocks when nothing else changes. */
const CLOCK_TICK_MS = 1000;

/** Hands the session's view to the live push: on every redraw, and every second for the clocks. */
export class WebFeed {
  private cancel: () => void;

  constructor(
    private readonly hub: LiveHub,
    private readonly game: Game,
    private readonly view: () => PlayView,
    /** The session's time (the game's clocks run on it; a fake one in tests). */
    private readonly scheduler: Scheduler,
    /** The players' language. */
    private readonly tr: Translator = english,
  ) {
    this.cancel = this.tick();
  }

  private tick(): () => void {
    return this.scheduler.schedule(() => {
      this.request();
      this.cancel = this.tick();
    }, CLOCK_TICK_MS);
  }

  /** The view changed (or may have): the hub builds the state once the event being handled is done. */
  request(): void {
    this.hub.request(() => webBody(this.view(), this.game, this.tr));
  }

  /** The last state now (the game is over), and no more ticks. */
  finish(): void {
    this.cancel();
    this.hub.request(() => webBody(this.view(), this.game, this.tr));
    this.hub.flush();
  }
}

/** The live page's server and its push, while a game runs. */
export interface PlayWeb {
  readonly hub: LiveHub;
  readonly server: WebServer;
}

/**
 * Starts the live page's server (`--web`, `--host`) and says where to open
 * it on `say` (standard output, before the game): the link, with its token and a QR code for a
 * phone when it listens beyond this machine.
 */
export async function startPlayWeb(
  web: { readonly port: number; readonly host: string },
  say: (line: string) => void,
): Promise<Result<PlayWeb, CliError>> {
  const hub = new LiveHub();
  const server = await startWebServer({ host: web.host, port: web.port, live: hub, archive: null });
  if (!server.ok) {
    await hub.close();
    return server;
  }
  say(`web: ${server.value.url}`);
  if (server.value.token !== null) {
    const qr = await QRCode.toString(server.value.url, { type: "terminal", small: true }).catch(
      () => null,
    );
    if (qr !== null) say(qr.trimEnd());
    say("web: open the link above (or scan it) on the phone; it holds the access token");
  }
  return ok({ hub, server: server.value });
}
