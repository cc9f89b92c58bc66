// The archive: every recorded game (/api/games), and one game replayed move
// by move (/api/games/:id): a slider and the keys ←, →, Home, End, the
// position after each step drawn as on the live page (board.js).
import { drawBoard, drawLegend } from "./board.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);

function cell(row, text) {
  const td = document.createElement("td");
  if (text instanceof Node) td.append(text);
  else td.textContent = text;
  row.append(td);
}

/** `2026-11-22 03:34` in the browser's time zone. */
function when(iso) {
  if (iso === null) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

async function fetchJson(path) {
  const res = await fetch(path, { credentials: "same-origin" });
  if (!res.ok) throw new Error((await res.text()).trim() || `${res.status}`);
  return res.json();
}

async function showList() {
  $("list").hidden = false;
  const body = $("games").querySelector("tbody");
  let games;
  try {
    games = await fetchJson("/api/games");
  } catch (e) {
    $("connection").textContent = String(e.message);
    return;
  }
  $("connection").textContent =
    games.length === 0 ? "no games recorded yet" : `${games.length} games`;
  body.replaceChildren(
    // Newest first; the journals that cannot be read after them.
    ...[
      ...games.filter((g) => g.error === null).reverse(),
      ...games.filter((g) => g.error !== null),
    ].map((g) => {
      const row = document.createElement("tr");
      row.dataset.game = g.id;
      cell(row, when(g.startedAt));
      if (g.error === null) {
        const a = document.createElement("a");
        a.href = `/archive?game=${encodeURIComponent(g.id)}`;
        a.textContent = g.game ?? "?";
        cell(row, a);
      } else cell(row, g.game ?? g.id);
      cell(row, g.players);
      cell(row, String(g.moves));
      cell(row, g.error === null ? g.result : `unreadable: ${g.error}`);
      if (g.error !== null) row.classList.add("unreadable");
      return row;
    }),
  );
}

async function showGame(id) {
  $("replay").hidden = false;
  let game;
  try {
    game = await fetchJson(`/api/games/${encodeURIComponent(id)}`);
  } catch (e) {
    $("connection").textContent = String(e.message);
    return;
  }
  document.title = `kete · ${game.title}`;
  $("title").textContent = game.title;
  const slider = $("slider");
  const last = game.frames.length - 1;
  slider.max = String(last);
  const exp = (format) => `/api/games/${encodeURIComponent(id)}/export?format=${format}`;
  $("export-text").href = exp("text");
  $("export-json").href = exp("json");
  const outcome = $("outcome");
  outcome.hidden = game.result === null;
  outcome.textContent = game.result ?? "";
  const show = (i) => {
    const at = Math.max(0, Math.min(last, i));
    slider.value = String(at);
    const state = game.frames[at];
    drawBoard($("board-box"), state);
    drawLegend($("lights"), state);
    $("frame").textContent = `${at} / ${last}`;
    $("status").textContent = game.notes[at] ?? "";
    $("moves").textContent = state.moveList === "" ? "—" : state.moveList;
    $("connection").textContent = game.result === null ? "unfinished" : "";
  };
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    const now = Number(slider.value);
    const to =
      e.key === "ArrowRight"
        ? now + 1
        : e.key === "ArrowLeft"
          ? now - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    show(to);
  });
  show(0);
}

const id = new URLSearchParams(location.search).get("game");
if (id === null) void showList();
else void showGame(id);
