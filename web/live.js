// The live page: follows the game over server-sent events (/events) and
// draws each state it gets (board.js). Every state drawn is kept in
// window.keteDrawn for the browser tests: { seq, ply, counts, leds,
// mistake, sentAt, drawnAt }.
import { clockText, drawBoard, drawLegend, outcomeText } from "./board.js";

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
  const parts = [
    `${nameOf(state, side)} · ${state.players[side] ?? ""}`,
    `${clockText(clockOf(state, side))}${state.clocks.kind === "left" ? " left" : ""}`,
  ];
  if (state.reserve !== null && (side === "S" || side === "N"))
    parts.push(`${state.reserve[side]} in reserve`);
  if (state.off !== null) parts.push(`${state.off[side] ?? 0} off`);
  const moving = state.outcome === null && state.toMove === side;
  box.textContent = parts.join(" · ") + (moving ? "  ◀ to move" : "");
  box.classList.toggle("to-move", moving);
}

function handLine(state) {
  const hand = [];
  if (state.inHand !== null && state.inHand > 0) hand.push(`in hand ${state.inHand}`);
  const marbles = state.geometry === "hex61";
  if (state.nextStone.length > 0) {
    hand.push(`${marbles ? "may go to" : "next stone"} ${state.nextStone.join(" or ")}`);
  }
  if (state.lastLands !== null) hand.push(`last lands ${state.lastLands}`);
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
  head.textContent = `Mistake by ${nameOf(state, m.side)}`;
  const rule = document.createElement("p");
  rule.textContent = mistakeText(m);
  const restore = document.createElement("p");
  restore.dataset.role = "restore";
  restore.textContent =
    m.restore === ""
      ? `board restored (${m.policy})`
      : `put back: ${m.restore} (+ add stones, − take away) · then: ${m.policy}`;
  box.append(head, rule, restore);
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
  $("connection").textContent = `board ${state.link} · ply ${state.ply}`;
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
      $("connection").textContent = `game over · ply ${state.ply}`;
    }
  });
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) {
      $("connection").textContent =
        last === null ? "kete is not serving this game" : "kete stopped";
    } else $("connection").textContent = "connection lost; reconnecting…";
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
