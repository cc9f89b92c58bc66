// The club night's page (kete serve --event): every board of the event live
// over server-sent events (/event/events), each a small board in the grid;
// a click (or #board=NAME) shows that board large. Standings by round and
// each round's export from the results. Every tile drawn is kept in
// window.keteEventDrawn for the browser tests and the bench:
// { board, moves, sentAt, drawnAt }.
import { clockText, drawBoard, outcomeText, updateBoardSvg } from "./board.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);

/** Every tile drawn, oldest first (test hook). */
window.keteEventDrawn = [];

/** The newest tile of each board: { board, round, gameId, archiveId, state }. */
const boards = new Map();
/** Each tile's parts, made once: { tile, head, top, svg, bottom, line }. */
const tiles = new Map();
let standings = null;

function byName(a, b) {
  return a.localeCompare(b, "en", { numeric: true });
}

function playerText(state, side) {
  const name = state.sideNames[side] ?? side;
  const ms = state.clocks.ms[side] ?? 0;
  const clock = `${clockText(ms)}${state.clocks.kind === "left" ? " left" : ""}`;
  const moving = state.outcome === null && state.toMove === side ? " ◀" : "";
  return `${name} · ${state.players[side] ?? ""} · ${clock}${moving}`;
}

function tileOf(name) {
  const known = tiles.get(name);
  if (known !== undefined) return known;
  const tile = document.createElement("article");
  tile.className = "tile";
  tile.dataset.board = name;
  tile.tabIndex = 0;
  tile.setAttribute("role", "link");
  const open = () => (location.hash = `board=${encodeURIComponent(name)}`);
  tile.addEventListener("click", open);
  tile.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      open();
    }
  });
  const head = document.createElement("h3");
  const top = document.createElement("p");
  top.className = "player";
  const bottom = document.createElement("p");
  bottom.className = "player";
  const line = document.createElement("p");
  line.className = "status";
  line.dataset.role = "tile-status";
  tile.append(head, top, bottom, line);
  const grid = $("grid");
  const after = [...grid.children].find((t) => byName(t.dataset.board, name) > 0) ?? null;
  grid.insertBefore(tile, after);
  const parts = { tile, head, top, svg: null, bottom, line };
  tiles.set(name, parts);
  return parts;
}

/** Draws board `b`'s tile; `before` is the state it showed (null: none). */
function drawTile(b, before) {
  const s = b.state;
  const t = tileOf(b.board);
  t.head.textContent = `${b.board}${b.round === null ? "" : ` · round ${b.round}`}`;
  const [near, far] = s.sides;
  t.top.textContent = playerText(s, far);
  t.bottom.textContent = playerText(s, near);
  t.line.textContent =
    s.outcome !== null ? outcomeText(s) : `${s.game.title.split(" — ")[0]} · ply ${s.ply}`;
  const svg = updateBoardSvg(t.svg, before, s);
  if (svg !== t.svg) {
    if (t.svg === null) t.top.after(svg);
    else t.svg.replaceWith(svg);
    t.svg = svg;
  }
  t.tile.classList.toggle("over", s.outcome !== null);
  t.tile.classList.toggle("mistake", s.mistake !== null);
  t.tile.dataset.moves = String(s.moves.length);
  window.keteEventDrawn.push({
    board: b.board,
    moves: s.moves.length,
    sentAt: s.sentAt,
    drawnAt: Date.now(),
  });
}

function focused() {
  const m = /^#board=(.+)$/.exec(location.hash);
  return m === null ? null : decodeURIComponent(m[1]);
}

function drawFocus() {
  const name = focused();
  const b = name === null ? undefined : boards.get(name);
  $("focus").hidden = b === undefined;
  $("grid").hidden = b !== undefined;
  if (b === undefined) return;
  const s = b.state;
  $("focus-title").textContent =
    `${b.board}${b.round === null ? "" : ` · round ${b.round}`}: ${s.game.title}`;
  const [near, far] = s.sides;
  $("focus-far").textContent = playerText(s, far);
  $("focus-near").textContent = playerText(s, near);
  drawBoard($("focus-board"), s);
  const outcome = $("focus-outcome");
  outcome.hidden = s.outcome === null;
  outcome.textContent = outcomeText(s);
  $("focus-status").textContent =
    s.mistake === null ? s.status : `${s.status} · mistake: ${s.mistake.message}`;
  $("focus-moves").textContent = s.moveList === "" ? "—" : s.moveList;
  $("focus-replay").href = `/archive?game=${encodeURIComponent(b.archiveId)}`;
}

function cell(row, tag, text) {
  const c = document.createElement(tag);
  c.textContent = text;
  row.append(c);
}

function points(n) {
  return n === undefined
    ? "–"
    : n === 0.5
      ? "½"
      : Number.isInteger(n)
        ? String(n)
        : `${Math.floor(n)}½`;
}

function drawStandings() {
  const table = $("standings");
  const rounds = new Set(standings?.rounds ?? []);
  for (const b of boards.values()) if (b.round !== null) rounds.add(b.round);
  const sorted = [...rounds].sort((a, b) => a - b);
  $("rounds").replaceChildren(
    ...sorted.map((r) => {
      const li = document.createElement("li");
      li.dataset.round = String(r);
      const text = document.createElement("a");
      text.href = `/api/event/rounds/${r}/export?format=text`;
      text.textContent = "text";
      text.dataset.role = "round-export";
      const json = document.createElement("a");
      json.href = `/api/event/rounds/${r}/export?format=json`;
      json.textContent = "json";
      li.append(`Round ${r}: the games in one file · `, text, " · ", json);
      return li;
    }),
  );
  if (standings === null || standings.rows.length === 0) return;
  $("no-standings").hidden = true;
  table.hidden = false;
  const headRow = document.createElement("tr");
  cell(headRow, "th", "Player");
  for (const r of standings.rounds) cell(headRow, "th", `R${r}`);
  cell(headRow, "th", "Points");
  table.querySelector("thead").replaceChildren(headRow);
  table.querySelector("tbody").replaceChildren(
    ...standings.rows.map((row) => {
      const tr = document.createElement("tr");
      tr.dataset.player = row.player;
      cell(tr, "th", row.player);
      for (const r of standings.rounds) cell(tr, "td", points(row.byRound[String(r)]));
      cell(tr, "td", points(row.total));
      return tr;
    }),
  );
}

function follow() {
  const source = new EventSource("/event/events");
  source.addEventListener("open", () => {
    $("connection").textContent = `${boards.size} boards`;
  });
  source.addEventListener("board", (e) => {
    let b;
    try {
      b = JSON.parse(e.data);
    } catch {
      return;
    }
    const before = boards.get(b.board);
    boards.set(b.board, b);
    drawTile(b, before?.state ?? null);
    const known = before !== undefined;
    if (b.board === focused()) drawFocus();
    if (!known) drawStandings();
    $("connection").textContent = `${boards.size} boards`;
  });
  source.addEventListener("standings", (e) => {
    try {
      standings = JSON.parse(e.data);
    } catch {
      return;
    }
    drawStandings();
  });
  source.addEventListener("error", () => {
    $("connection").textContent =
      source.readyState === EventSource.CLOSED ? "kete stopped" : "connection lost; reconnecting…";
  });
}

$("back").addEventListener("click", (e) => {
  e.preventDefault();
  history.pushState(null, "", location.pathname + location.search);
  drawFocus();
});
window.addEventListener("hashchange", drawFocus);
fetch("/api/event", { credentials: "same-origin" })
  .then((r) => (r.ok ? r.json() : null))
  .then((e) => {
    if (e === null) return;
    document.title = `kete · ${e.event}`;
    $("title").textContent = `kete · ${e.event}`;
  })
  .catch(() => undefined);
follow();
