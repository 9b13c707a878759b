"use strict";
// A seat's page (or the spectators'): the table, the decisions with their sketches, the mats,
// this turn, the log; live. Everything shown comes from the seat's payload: a reload asks for
// it again from the start of the log and shows the same page.
const token = location.pathname.split("/").pop();
document.getElementById("replay-link").href = `/replay/${token}`;  // this seat's view of the game so far
let cursor = 0, busy = false, again = false, socket = null, retry = 500, shownAt = -1;
const events = [];          // what this page was sent of the log, in order
const changing = new Set(); // own answered requests whose choices are open again (a view toggle)
let last = null;            // the last payload
let hovered = null;         // the choice under the pointer or focused: [request id, index]

function describe(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function hoverable(node, request, choice, note) {
  // Hovering or focusing a choice draws its sketch on the table and says it beside the choice.
  const on = () => { hovered = [request.id, choice.index]; drawSketch(choice.sketch); note.textContent = choice.sketch ? choice.sketch.text : ""; };
  const off = () => { hovered = null; drawSketch(null); note.textContent = ""; };
  node.addEventListener("mouseenter", on);
  node.addEventListener("focus", on);
  node.addEventListener("mouseleave", off);
  node.addEventListener("blur", off);
}

function sketchChosen(choice, note) {
  // A choice picked in a list: its sketch drawn on the table and told.
  drawSketch(choice.sketch);
  note.textContent = choice.sketch ? choice.sketch.text : "";
}

function choicesOf(request, marked = null, current = null) {
  // The controls answering ``request`` (choices.js), each choice's sketch shown when pointed at.
  return choiceControls(request, send, { marked, current, point: hoverable, shown: sketchChosen });
}

function answeredEntry(entry) {
  // An own answer of the open round: what it is, and a "change" opening the choices again.
  const chosen = entry.answer_index === null ? describe(entry.answer) : entry.choices[entry.answer_index].label;
  const line = el("div", { class: "given" }, el("span", { text: "your answer: " }), el("strong", { class: "current-answer", text: chosen }));
  const box = el("div", { class: "answered", "data-request": entry.id }, el("div", { class: "prompt", text: entry.prompt }), line);
  if (!entry.changeable) {
    box.classList.add("fixed");
    line.append(el("span", { class: "status", text: "(the only choice)" }));
    return box;
  }
  const open = changing.has(entry.id);
  const toggle = el("button", { class: "change", text: open ? "keep it" : "change" });
  toggle.addEventListener("click", () => {
    if (changing.has(entry.id)) changing.delete(entry.id); else changing.add(entry.id);
    showRequests(last);
  });
  line.append(toggle);
  if (open) box.append(...choicesOf(entry, entry.answer_index, entry.answer));
  return box;
}

function showRequests(state) {
  const box = $("requests");
  box.replaceChildren();
  drawSketch(null);
  for (const request of state.requests) {
    box.append(el("div", { class: "request", "data-request": request.id },
      el("div", { class: "prompt", text: request.prompt }), ...choicesOf(request)));
  }
  const answered = state.answered || [];
  for (const id of [...changing]) if (!answered.some((e) => e.id === id)) changing.delete(id);
  if (answered.length) {
    box.append(el("h3", { text: "Your answers (until the reveal)" }), ...answered.map(answeredEntry));
  }
  const still = hovered && box.querySelector(`button[data-request="${CSS.escape(hovered[0])}"][data-choice="${hovered[1]}"]`);
  if (still) still.dispatchEvent(new Event("mouseenter")); else hovered = null; // still pointed at, drawn again
  drawAnswers(answered);
  drawGhosts(state.requests, (request, choice) => {
    drawSketch(choice && choice.sketch);
    const note = document.querySelector(`.request[data-request="${CSS.escape(request.id)}"] .sketch-text`);
    if (note) note.textContent = choice && choice.sketch ? choice.sketch.text : "";
  });
  const others = state.waiting_for.filter((seat) => seat !== state.seat);
  $("waiting").textContent = state.over ? "" : others.length ? `waiting for: ${others.join(", ")}` :
    state.requests.length ? "" : "waiting for the game";
  $("outcome").textContent = state.outcome ? `Game over: ${state.outcome.winner ? state.outcome.winner + " wins" : "no winner"} (${state.outcome.reason})` : "";
}

async function show(state) {
  const view = state.view;
  last = state;
  document.title = `sog — ${view.scenario}`;
  $("title").textContent = view.scenario;
  $("who").textContent = state.role === "spectator" ? "spectator" : `seat ${state.seat}`;
  if (state.role === "spectator") $("hint").textContent = "click a ship to show its arcs";
  $("when").textContent = `turn ${view.turn}${view.step ? " · " + view.step : ""}`;
  Table.frame = state.frame;
  Table.ships = view.ships;
  if (shownAt !== state.cursor) {
    shownAt = state.cursor;
    await loadTable(`/api/seat/${token}/table.svg?e=${state.cursor}`);
  }
  showRequests(state);
  showMats(state);
  const log = $("log");
  for (const event of state.events) {
    events.push(event);
    if (event.text) log.append(el("div", { text: event.text }));
  }
  log.scrollTop = log.scrollHeight;
  showTurn(state, events);
}

async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    const response = await fetch(`/api/seat/${token}?since=${cursor}`);
    const state = await response.json();
    if (!response.ok) { $("error").textContent = state.error; return; }
    cursor = state.cursor;
    await show(state);
  } finally {
    busy = false;
    if (again) { again = false; refresh(); }
  }
}

async function send(body) {
  $("error").textContent = "";
  for (const b of $("requests").querySelectorAll("button")) b.disabled = true;
  const response = await fetch(`/api/seat/${token}/answer`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (response.ok) changing.delete(body.request_id);
  else $("error").textContent = (await response.json()).error;
  shownAt = -1; // the answer may change what the seat's picture shows
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

Table.onPick = (requestId, index) => send({ request_id: requestId, choice: index });
$("all-arcs").addEventListener("change", (e) => { Table.allArcs = e.target.checked; showArcs(); });
refresh();
connect();
