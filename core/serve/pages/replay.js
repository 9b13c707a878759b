"use strict";
// The replay viewer: the table at each point of a game and its events, stepped through by
// event and by turn, forward and back. The same script runs in the served pages (/replay: an
// uploaded log; /replay/TOKEN: a seat's view of its game so far) and in the file that
// `sog replay LOG --html FILE` writes (its frames inline, in #replay-data).
let viewer = null;  // the viewer on the page: its go(), for the keys

function stopsOf(data) {
  // One stop per event with a line of text; a frame without any is one stop of its own.
  const stops = [];
  data.frames.forEach((frame, f) => {
    if (!frame.events.length) stops.push({ frame: f, event: null, turn: frame.turn, step: frame.step });
    for (const event of frame.events) stops.push({ frame: f, event, turn: event.turn, step: event.step });
  });
  return stops;
}

function button(id, text, title, action) {
  const b = el("button", { id, text, title, type: "button" });
  b.addEventListener("click", action);
  return b;
}

function showReplay(root, data) {
  const stops = stopsOf(data);
  const urls = data.pictures.map((svg) => "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg));
  const turns = [...new Set(stops.map((s) => s.turn))];
  const firstOf = (turn) => stops.findIndex((s) => s.turn === turn);
  let at = 0;
  const picture = el("img", { id: "replay-picture", alt: "the table" });
  const turnText = el("span", { id: "replay-turn" }), indexText = el("span", { id: "replay-index" });
  const slider = el("input", { id: "replay-slider", type: "range", min: turns[0], max: turns[turns.length - 1], step: 1,
                               "aria-label": "turn" });
  const list = el("ol", { id: "replay-events" });
  const go = (i) => {
    at = Math.max(0, Math.min(stops.length - 1, i));
    const stop = stops[at], frame = data.frames[stop.frame];
    picture.src = urls[frame.picture];
    picture.dataset.picture = frame.picture;
    turnText.textContent = `turn ${stop.turn}${stop.step ? " · " + stop.step : ""}`;
    indexText.textContent = `event ${at + 1} of ${stops.length}`;
    slider.value = stop.turn;
    for (const item of list.querySelectorAll(".current")) item.classList.remove("current");
    const item = list.children[at];
    item.classList.add("current");
    item.scrollIntoView({ block: "nearest" });
  };
  const nextTurn = () => {
    const i = stops.findIndex((s) => s.turn > stops[at].turn);
    go(i < 0 ? stops.length - 1 : i);
  };
  const previousTurn = () => {
    const earlier = turns.filter((t) => t < stops[at].turn);
    go(earlier.length ? firstOf(earlier[earlier.length - 1]) : 0);
  };
  stops.forEach((stop, i) => {
    const item = el("li", { "data-index": i, "data-turn": stop.turn, text: stop.event ? stop.event.text.trim() : "(the table)" });
    item.addEventListener("click", () => go(i));
    list.append(item);
  });
  slider.addEventListener("input", () => {
    const turn = Number(slider.value), i = stops.findIndex((s) => s.turn >= turn);
    go(i < 0 ? stops.length - 1 : i);
  });
  const outcome = data.outcome ? `result: ${data.outcome.winner ? data.outcome.winner + " wins" : "no winner"} (${data.outcome.reason})`
    : (data.over ? "game over" : "the game goes on");
  const about = `${data.title} · ${data.level}${data.options.length ? " + " + data.options.join(", ") : ""} · ` +
    ({ log: "the whole log", spectator: "as the spectators saw it" }[data.shown] || `as ${data.seat} saw it`) + ` · ${outcome}`;
  root.replaceChildren(
    el("p", { id: "replay-about", class: "status", text: about }),
    el("div", { class: "replay-controls" },
      button("replay-first", "|◀ first", "first event (Home)", () => go(0)),
      button("replay-prev-turn", "◀◀ turn", "previous turn (Page Up, ↑)", previousTurn),
      button("replay-prev", "◀ event", "previous event (←)", () => go(at - 1)),
      button("replay-next", "event ▶", "next event (→)", () => go(at + 1)),
      button("replay-next-turn", "turn ▶▶", "next turn (Page Down, ↓)", nextTurn),
      button("replay-last", "last ▶|", "last event (End)", () => go(stops.length - 1)),
      el("label", { class: "replay-slider" }, "turn ", slider), turnText, indexText),
    el("div", { class: "replay-layout" }, el("section", { class: "replay-table" }, picture),
      el("section", { class: "replay-list" }, el("h2", { text: "Events" }), list)));
  viewer = { go: (i) => go(i), at: () => at, last: stops.length - 1, nextTurn, previousTurn };
  go(0);
}

const KEYS = {
  ArrowRight: () => viewer.go(viewer.at() + 1), ArrowLeft: () => viewer.go(viewer.at() - 1),
  ArrowDown: () => viewer.nextTurn(), PageDown: () => viewer.nextTurn(),
  ArrowUp: () => viewer.previousTurn(), PageUp: () => viewer.previousTurn(),
  Home: () => viewer.go(0), End: () => viewer.go(viewer.last),
};

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (!viewer || !KEYS[event.key] || event.altKey || event.ctrlKey || event.metaKey) return;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  event.preventDefault();
  KEYS[event.key]();
});

async function shown(response) {
  // The frames of a response, or its error shown.
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: `the server answered ${response.status}` }; }
  if (!response.ok) { $("replay-error").textContent = data.error; return; }
  $("replay-error").textContent = "";
  showReplay($("viewer"), data);
}

function startReplay() {
  const inline = document.getElementById("replay-data");
  if (inline) { showReplay($("viewer"), JSON.parse(inline.textContent)); return; }
  const token = location.pathname.split("/")[2];
  if (token) {
    $("upload-box").hidden = true;
    fetch(`/api/replay/${token}`).then(shown);
    return;
  }
  $("upload").addEventListener("submit", (event) => {
    event.preventDefault();
    const file = $("log-file").files[0];
    if (!file) { $("replay-error").textContent = "choose a log file first"; return; }
    $("replay-error").textContent = "reading the log…";
    fetch("/api/replay", { method: "POST", headers: { "Content-Type": "text/plain" }, body: file }).then(shown);
  });
}
startReplay();
