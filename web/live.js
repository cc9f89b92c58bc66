// The live page: follows the game over server-sent events (/events) and
// draws each state it gets (board.js). Every state drawn is kept in
// window.keteDrawn for the browser tests: { seq, ply, counts, leds,
// mistake, sentAt, drawnAt }.
import { anyOf, clockText, drawBoard, drawLegend, outcomeText, say } from "./board.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);

/** Every state drawn, oldest first (test hook). */
window.keteDrawn = [];

let last = null;
let receivedAt = 0;

function nameOf(state, side) {
  return state.sideNames[side] ?? side;
}

/** The clock of `side` now: the state's, run on locally for the side to move. */
function clockOf(state, side) {
  const ms = state.clocks.ms[side] ?? 0;
  if (state.outcome !== null || state.toMove !== side) return ms;
  const run = Date.now() - receivedAt;
  return state.clocks.kind === "left" ? ms - run : ms + run;
}

function playerLine(box, state, side) {
  const time = clockText(clockOf(state, side));
  const parts = [
    `${nameOf(state, side)} · ${state.players[side] ?? ""}`,
    state.clocks.kind === "left" ? say(state, "view.timeLeft", { time }) : time,
  ];
  if (state.reserve !== null && (side === "S" || side === "N"))
    parts.push(say(state, "view.reserve", { count: state.reserve[side] }));
  if (state.off !== null) parts.push(say(state, "view.off", { count: state.off[side] ?? 0 }));
  const moving = state.outcome === null && state.toMove === side;
  box.textContent = parts.join(" · ") + (moving ? `  ${say(state, "web.toMove")}` : "");
  box.classList.toggle("to-move", moving);
}

function handLine(state) {
  const hand = [];
  if (state.inHand !== null && state.inHand > 0)
    hand.push(say(state, "view.inHand", { count: state.inHand }));
  const marbles = state.geometry === "hex61";
  if (state.nextStone.length > 0) {
    const places = anyOf(state, state.nextStone);
    hand.push(say(state, marbles ? "view.mayGoTo" : "view.nextStone", { places }));
  }
  if (state.lastLands !== null) hand.push(say(state, "view.lastLands", { place: state.lastLands }));
  return hand.join(" · ");
}

/** The mistake in one line, with its rule id (said once: the message often names it already). */
function mistakeText(m) {
  if (m === null) return null;
  return m.rule === null || m.message.includes(m.rule) ? m.message : `${m.rule}: ${m.message}`;
}

function drawMistake(state) {
  const box = $("mistake");
  const m = state.mistake;
  box.hidden = m === null;
  box.replaceChildren();
  if (m === null) return;
  const head = document.createElement("strong");
  head.textContent = say(state, "web.mistakeBy", { side: nameOf(state, m.side) });
  const rule = document.createElement("p");
  rule.textContent = mistakeText(m);
  const restore = document.createElement("p");
  restore.dataset.role = "restore";
  restore.textContent =
    m.restore === ""
      ? say(state, "web.restored", { policy: m.policy })
      : say(state, "web.putBack", { needs: m.restore, policy: m.policy });
  box.append(head, rule, restore);
}

/** The page's fixed words (headings, the reading guide) in the state's language, once it has one. */
function words(state) {
  if (state.words === undefined) return;
  document.documentElement.lang = state.lang ?? "en";
  for (const node of document.querySelectorAll("[data-words]")) {
    const text = state.words[node.dataset.words];
    if (text !== undefined && text !== "") node.textContent = text;
  }
}

function drawState(state) {
  last = state;
  receivedAt = Date.now();
  document.title = `kete · ${state.game.title}`;
  $("title").textContent = state.game.title;
  drawBoard($("board-box"), state);
  drawLegend($("lights"), state);
  const [near, far] = state.sides;
  playerLine($("player-far"), state, far);
  playerLine($("player-near"), state, near);
  $("status").textContent = state.status;
  $("hand").textContent = handLine(state);
  drawMistake(state);
  $("moves").textContent = state.moveList === "" ? "—" : state.moveList;
  const list = $("messages");
  list.replaceChildren(
    ...state.messages.slice(-8).map((m) => {
      const li = document.createElement("li");
      li.textContent = m;
      return li;
    }),
  );
  const outcome = $("outcome");
  outcome.hidden = state.outcome === null;
  outcome.textContent = outcomeText(state);
  $("connection").textContent = say(state, "web.connection", { link: state.link, ply: state.ply });
  words(state);
  const counts = {};
  const leds = {};
  for (const p of state.places) {
    counts[p.name] = p.count;
    leds[p.name] = p.led === null ? "" : p.led.code;
  }
  window.keteDrawn.push({
    seq: state.seq,
    ply: state.moves.length,
    counts,
    leds,
    mistake: mistakeText(state.mistake),
    sentAt: state.sentAt,
    drawnAt: Date.now(),
  });
}

function follow() {
  const source = new EventSource("/events");
  source.addEventListener("state", (e) => {
    let state;
    try {
      state = JSON.parse(e.data);
    } catch {
      return;
    }
    drawState(state);
    // The game is over: the server stops; the last state stays on the page.
    if (state.outcome !== null) {
      source.close();
      $("connection").textContent = say(state, "web.gameOverPly", { ply: state.ply });
    }
  });
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) {
      $("connection").textContent =
        last === null ? say(last, "web.notServing") : say(last, "web.stopped");
    } else $("connection").textContent = say(last, "web.reconnecting");
  });
}

// The running clocks between states.
setInterval(() => {
  if (last === null || last.outcome !== null) return;
  const [near, far] = last.sides;
  playerLine($("player-far"), last, far);
  playerLine($("player-near"), last, near);
}, 1000);

follow();
