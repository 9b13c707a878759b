"use strict";
// A seat's page (or the spectators'): the table, the ships, the decisions, the log; live.
const token = location.pathname.split("/").pop();
let cursor = 0, busy = false, again = false, socket = null, retry = 500;

function summary(value) {
  // A compact text for a view's value: numbers and words as they are, lists counted.
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) {
    if (value.length && value.every((v) => v && typeof v === "object" && "counters" in v)) {
      return `${value.filter((v) => v.counters.length || (v.markers && v.markers.length)).length} of ${value.length} boxes marked`;
    }
    return value.length && value.every((v) => typeof v !== "object" || v === null) ? value.map(summary).join(", ") : `${value.length} item(s)`;
  }
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k}: ${typeof v === "object" && v !== null ? summary(v) : v}`).join("; ");
  }
  return String(value);
}

const MANY = 24; // more choices than this: a list to pick from instead of buttons
const SKIP = new Set(["id", "ship", "name", "side", "seat", "ext", "attached"]);

function showShips(state) {
  const ships = $("ships");
  ships.replaceChildren();
  for (const ship of Object.values(state.view.ships)) {
    const own = state.seat !== null && ship.seat === state.seat;
    const list = el("dl");
    for (const [key, value] of Object.entries(ship)) {
      if (SKIP.has(key)) continue;
      const shown = key === "pose" ? `(${value.x.toFixed(0)}, ${value.y.toFixed(0)}) ${value.heading.toFixed(0)}°` : summary(value);
      list.append(el("dt", { text: key.replace(/_/g, " ") }), el("dd", { text: shown }));
    }
    ships.append(el("div", { class: "ship" + (own ? " own" : ""), "data-ship": ship.id },
      el("div", { class: "name", text: `${ship.name} — ${ship.side}${own ? " (yours)" : ""}` }), list));
  }
}

function showRequests(state) {
  const box = $("requests");
  box.replaceChildren();
  for (const request of state.requests) {
    const choices = el("div", { class: "choices" });
    if (request.number) {
      const n = request.number;
      const input = el("input", { type: "number", min: n.min, max: n.max, step: n.step, value: n.min });
      const go = el("button", { text: `answer (${n.min} to ${n.max}${n.unit ? " " + n.unit : ""})` });
      go.addEventListener("click", () => send({ request_id: request.id, answer: Number(input.value) }));
      choices.append(input, go);
    } else if (request.choices.length > MANY) {
      const select = el("select", { "data-request": request.id });
      for (const choice of request.choices) select.append(el("option", { value: choice.index, text: choice.label }));
      const go = el("button", { text: "choose" });
      go.addEventListener("click", () => send({ request_id: request.id, choice: Number(select.value) }));
      choices.append(select, go);
    } else {
      for (const choice of request.choices) {
        const button = el("button", { text: choice.label, "data-request": request.id, "data-choice": choice.index });
        button.addEventListener("click", () => send({ request_id: request.id, choice: choice.index }));
        choices.append(button);
      }
    }
    box.append(el("div", { class: "request", "data-request": request.id }, el("div", { class: "prompt", text: request.prompt }), choices));
  }
  for (const [id, value] of Object.entries(state.view.answered || {})) {  // own answers of this round
    box.append(el("p", { class: "status answered", text: `answered ${id}: ${typeof value === "string" ? value : JSON.stringify(value)}` }));
  }
  const others = state.waiting_for.filter((seat) => seat !== state.seat);
  $("waiting").textContent = state.over ? "" : others.length ? `waiting for: ${others.join(", ")}` :
    state.requests.length ? "" : "waiting for the game";
  $("outcome").textContent = state.outcome ? `Game over: ${state.outcome.winner ? state.outcome.winner + " wins" : "no winner"} (${state.outcome.reason})` : "";
}

function show(state) {
  const view = state.view;
  document.title = `sog — ${view.scenario}`;
  $("title").textContent = view.scenario;
  $("who").textContent = state.role === "spectator" ? "spectator" : `seat ${state.seat}`;
  $("when").textContent = `turn ${view.turn}${view.step ? " · " + view.step : ""}`;
  $("svg").src = `/api/seat/${token}/table.svg?e=${state.cursor}`;
  showShips(state);
  showRequests(state);
  const log = $("log");
  for (const event of state.events) {
    if (event.text) log.append(el("div", { text: event.text }));
  }
  log.scrollTop = log.scrollHeight;
}

async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    const response = await fetch(`/api/seat/${token}?since=${cursor}`);
    const state = await response.json();
    if (!response.ok) { $("error").textContent = state.error; return; }
    cursor = state.cursor;
    show(state);
  } finally {
    busy = false;
    if (again) { again = false; refresh(); }
  }
}

async function send(body) {
  $("error").textContent = "";
  for (const b of $("requests").querySelectorAll("button")) b.disabled = true;
  const response = await fetch(`/api/seat/${token}/answer`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) $("error").textContent = (await response.json()).error;
  refresh();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
  socket.onopen = () => { $("live").textContent = "live"; retry = 500; };
  socket.onmessage = () => refresh();
  socket.onclose = () => {
    $("live").textContent = "reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

refresh();
connect();
