// Draws a WebState (src/web/state.ts) as SVG: each pit, cup or hole as a
// circle at its x/y with its count (or its marble, its gems), its LED as a
// coloured ring PLUS a pattern (dashed: blink, double: fast blink, dotted:
// pulse) PLUS its two-letter code, an unsettled place hatched and marked "~",
// a faulty one marked "!". Never colour alone.
//
// Test hooks: every place has data-place, data-count (a number or empty),
// data-led (the LED code or empty), data-unsettled ("true"/"false") and
// data-faulty; the <svg> root has data-role="board" and data-seq.

const SVG = "http://www.w3.org/2000/svg";

/** The LED colours as drawn (readable on the wooden pit colour). */
const LED_COLOURS = {
  red: "#d62728",
  green: "#2ca02c",
  blue: "#1f5fd6",
  yellow: "#e6b800",
  cyan: "#17becf",
  magenta: "#c219c2",
  white: "#f4f4f4",
};

/** How each marble a hole holds is drawn: its fill and its letter (PROTOCOL.md §5.3). */
const MARBLE_LOOK = {
  black: { fill: "#111", letter: "b" },
  white: { fill: "#fafafa", letter: "w" },
  neutral: { fill: "#c8102e", letter: "n" },
  marble: { fill: "#8a8f98", letter: "x" },
};

function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The hatching of unsettled places, and the wood's gradient. */
function defs() {
  const d = el("defs", {});
  const hatch = el("pattern", {
    id: "kete-hatch",
    width: 8,
    height: 8,
    patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)",
  });
  hatch.append(el("rect", { width: 8, height: 8, fill: "#c99a5b" }));
  hatch.append(el("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#5a3a14", "stroke-width": 3 }));
  d.append(hatch);
  return d;
}

/** The LED ring: colour, and a pattern that says the same without colour. */
function ledRing(p, led) {
  const g = el("g", { class: "led", "aria-hidden": "true" });
  const colour = LED_COLOURS[led.colour] ?? "#888";
  const base = { cx: p.x, cy: p.y, fill: "none", stroke: colour };
  if (led.pattern === "fast") {
    g.append(el("circle", { ...base, r: p.r + 3, "stroke-width": 3 }));
    g.append(el("circle", { ...base, r: p.r + 8, "stroke-width": 3 }));
  } else if (led.pattern === "blink") {
    g.append(el("circle", { ...base, r: p.r + 5, "stroke-width": 5, "stroke-dasharray": "7 5" }));
  } else if (led.pattern === "pulse") {
    g.append(
      el("circle", {
        ...base,
        r: p.r + 5,
        "stroke-width": 5,
        "stroke-dasharray": "1 6",
        "stroke-linecap": "round",
      }),
    );
  } else {
    g.append(el("circle", { ...base, r: p.r + 5, "stroke-width": 5 }));
  }
  // A dark edge keeps a white or yellow ring visible on the light background.
  g.prepend(
    el("circle", {
      cx: p.x,
      cy: p.y,
      r: p.r + 5,
      fill: "none",
      stroke: "#333",
      "stroke-width": 7,
      opacity: 0.35,
    }),
  );
  return g;
}

/**
 * The page's words in English; a state in another language (`kete play
 * --lang`, issue 32) carries its own in `state.words` (the same ids as
 * src/i18n's catalogues, `{{placeholders}}` filled in here).
 */
export const ENGLISH = {
  "web.liveGame": "kete · live game",
  "web.connecting": "connecting…",
  "web.toMove": "◀ to move",
  "web.mistakeBy": "Mistake by {{side}}",
  "web.restored": "board restored ({{policy}})",
  "web.putBack": "put back: {{needs}} (+ add stones, − take away) · then: {{policy}}",
  "web.connection": "board {{link}} · ply {{ply}}",
  "web.gameOverPly": "game over · ply {{ply}}",
  "web.notServing": "kete is not serving this game",
  "web.stopped": "kete stopped",
  "web.reconnecting": "connection lost; reconnecting…",
  "web.stones": "{{count}} stones",
  "web.gems": "gems {{gems}}",
  "web.led": "{{meaning}} (LED {{colour}} {{pattern}}, {{code}})",
  "web.unsettled": "unsettled",
  "web.sensorFault": "sensor fault",
  "web.gameOver":
    "Game over: {{who}} · {{first}} {{firstScore}} – {{second}} {{secondScore}} · {{reason}}",
  "web.winsPlayer": "{{side}} ({{player}}) wins",
  "web.hole.black": "black",
  "web.hole.white": "white",
  "web.hole.empty": "empty",
  "web.hole.neutral": "neutral marble",
  "web.hole.marble": "marble",
  "web.hole.unreadable": "unreadable",
  "view.aDraw": "a draw",
  "view.timeLeft": "{{time}} left",
  "view.reserve": "{{count}} in reserve",
  "view.off": "{{count}} off",
  "view.inHand": "in hand {{count}}",
  "view.nextStone": "next stone {{places}}",
  "view.mayGoTo": "may go to {{places}}",
  "view.lastLands": "last lands {{place}}",
  "list.or": "{{head}} or {{last}}",
  "list.separator": ", ",
};

/** The words `id` of the state's language (else English), `values` filled in. */
export function say(state, id, values = {}) {
  const template = state?.words?.[id] ?? ENGLISH[id] ?? id;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k) => String(values[k] ?? ""));
}

/** `B5 or B6`, `B5, B6 or B7` in the state's language. */
export function anyOf(state, items) {
  if (items.length <= 1) return items[0] ?? "";
  const head = items.slice(0, -1).join(say(state, "list.separator"));
  return say(state, "list.or", { head, last: items[items.length - 1] });
}

/** One place: its circle, ring, count or marble or gems, code and marks. */
function place(p, state) {
  const led = p.led ?? null;
  const g = el("g", {
    class: "place",
    "data-place": p.name,
    "data-count": p.count === null || p.count === undefined ? "" : p.count,
    "data-led": led === null ? "" : led.code,
    "data-unsettled": p.unsettled ? "true" : "false",
    "data-faulty": p.faulty ? "true" : "false",
  });
  const described = [
    p.name,
    p.hole !== undefined
      ? say(state, `web.hole.${p.hole ?? "unreadable"}`)
      : say(state, "web.stones", { count: p.count ?? "?" }),
    p.gems && p.gems.length > 0 ? say(state, "web.gems", { gems: p.gems.join(" ") }) : "",
    led === null
      ? ""
      : say(state, "web.led", {
          meaning: led.meaning ?? "",
          colour: led.colour,
          pattern: led.pattern,
          code: led.code,
        }),
    p.unsettled ? say(state, "web.unsettled") : "",
    p.faulty ? say(state, "web.sensorFault") : "",
  ].filter((s) => s !== "");
  g.append(el("title", {}, described.join(", ")));
  if (led !== null) g.append(ledRing(p, led));
  const own = p.owner === state.sides[0] ? "#caa06a" : p.owner === null ? "#c8a474" : "#bb8f58";
  g.append(
    el("circle", {
      cx: p.x,
      cy: p.y,
      r: p.r,
      fill: p.unsettled ? "url(#kete-hatch)" : own,
      stroke: p.faulty ? "#b00020" : "#6b4a22",
      "stroke-width": p.faulty ? 3 : 1.5,
      "stroke-dasharray": p.faulty ? "4 3" : "none",
    }),
  );
  g.append(el("text", { x: p.x, y: p.y - p.r + 9, class: "name" }, p.name));
  if (p.hole !== undefined) {
    // Black, white, the neutral marble (AB-9.6), a single-colour one (AB-9.2).
    const marble = MARBLE_LOOK[p.hole];
    if (marble !== undefined) {
      g.append(
        el("circle", {
          cx: p.x,
          cy: p.y,
          r: p.r - 6,
          fill: marble.fill,
          stroke: "#222",
          "stroke-width": 1.5,
          class: `marble ${p.hole}`,
        }),
      );
      g.append(el("text", { x: p.x, y: p.y + 5, class: `marble-letter ${p.hole}` }, marble.letter));
    } else if (p.hole === null) {
      g.append(el("text", { x: p.x, y: p.y + 6, class: "count" }, "?"));
    }
  } else {
    const count = p.count === null ? "?" : String(p.count);
    const gems = p.gems ?? [];
    g.append(el("text", { x: p.x, y: p.y + (gems.length > 0 ? 0 : 5), class: "count" }, count));
    if (gems.length > 0) {
      const points = p.name.endsWith("C")
        ? ` =${gems.reduce((a, t) => a + Number(t.slice(1)), 0)}`
        : "";
      g.append(el("text", { x: p.x, y: p.y + 13, class: "gems" }, gems.join(" ") + points));
    }
  }
  // The code inside the pit, under the count (above the circle where gems take that room).
  if (led !== null) {
    const y = p.gems && p.gems.length > 0 ? p.y - p.r - 6 : p.y + p.r - 5;
    g.append(el("text", { x: p.x, y, class: "code" }, led.code));
  }
  const marks = `${p.unsettled ? "~" : ""}${p.faulty ? "!" : ""}`;
  if (marks !== "")
    g.append(el("text", { x: p.x + p.r - 2, y: p.y - p.r + 10, class: "mark" }, marks));
  return g;
}

/** A fresh <svg> of `state`'s board (data-role="board", data-seq). */
export function boardSvg(state) {
  const pad = 24;
  const svg = el("svg", {
    viewBox: `${-pad} ${-pad} ${state.view.width + 2 * pad} ${state.view.height + 2 * pad}`,
    role: "img",
    "aria-label": `${state.game.title}: the board`,
    "data-role": "board",
    "data-seq": state.seq,
    "data-geometry": state.geometry,
    class: `board geometry-${state.geometry.replace(/[^a-z0-9]/gi, "")}`,
  });
  svg.append(defs());
  svg.append(
    el("rect", {
      x: -pad / 2,
      y: -pad / 2,
      width: state.view.width + pad,
      height: state.view.height + pad,
      rx: 18,
      class: "wood",
    }),
  );
  for (const p of state.places) svg.append(place(p, state));
  return svg;
}

/** Replaces what `container` shows with `state`'s board. */
export function drawBoard(container, state) {
  container.replaceChildren(boardSvg(state));
}

/**
 * The lights of this game in words (state.legend), each with its ring drawn
 * as on the board; the ones lit now first, marked "lit" (data-lit="true").
 */
export function drawLegend(container, state) {
  const lit = new Set(state.places.filter((p) => p.led !== null).map((p) => p.led.code));
  const entries = [...(state.legend ?? [])].sort(
    (a, b) => Number(lit.has(b.code)) - Number(lit.has(a.code)),
  );
  container.replaceChildren(
    ...entries.map((e) => {
      const li = document.createElement("li");
      li.dataset.code = e.code;
      li.dataset.lit = lit.has(e.code) ? "true" : "false";
      const svg = el("svg", { viewBox: "-14 -14 28 28", class: "swatch", "aria-hidden": "true" });
      svg.append(ledRing({ x: 0, y: 0, r: 4 }, e));
      const words = document.createElement("span");
      words.textContent = `${e.meaning} (${e.code})`;
      li.append(svg, words);
      return li;
    }),
  );
}

/** `1:05`: minutes and seconds. */
export function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** `South wins 40–24 (HB-7: …)` or `draw …`. */
export function outcomeText(state) {
  const o = state.outcome;
  if (o === null) return "";
  const name = (side) => state.sideNames[side] ?? side;
  const [a, b] = state.sides;
  const who =
    o.winner === null
      ? say(state, "view.aDraw")
      : say(state, "web.winsPlayer", {
          side: name(o.winner),
          player: state.players[o.winner] ?? "",
        });
  return say(state, "web.gameOver", {
    who,
    first: name(a),
    firstScore: o.score[a] ?? 0,
    second: name(b),
    secondScore: o.score[b] ?? 0,
    reason: o.reason,
  });
}

/**
 * Brings `svg` (drawn by boardSvg from `before`) to `state`, replacing only
 * the places that changed: a page of many boards (the club night's) redraws
 * a few pits per move instead of whole boards. A board of another shape is
 * drawn afresh. Returns the <svg> now showing `state`.
 */
export function updateBoardSvg(svg, before, state) {
  if (
    svg === null ||
    before === null ||
    before.geometry !== state.geometry ||
    before.places.length !== state.places.length ||
    before.sides[0] !== state.sides[0]
  ) {
    return boardSvg(state);
  }
  svg.setAttribute("data-seq", state.seq);
  svg.setAttribute("aria-label", `${state.game.title}: the board`);
  const groups = svg.querySelectorAll("g.place");
  state.places.forEach((p, i) => {
    const old = before.places[i];
    const g = groups[i];
    if (g === undefined) return;
    if (JSON.stringify(old) !== JSON.stringify(p)) g.replaceWith(place(p, state));
  });
  return svg;
}
