"use strict";
// Hot-seat: several seats of one game in one browser, one seat at a time. The seats' links are
// in the address's fragment (#british=TOKEN&french=TOKEN), which the browser never sends. When
// the seat on screen has nothing left to decide and another seat here has, a full-screen
// hand-over replaces the whole page (the previous seat's page leaves the DOM) and only after
// "continue" is the next seat's page built, from that seat's own payload.
const seats = [...new URLSearchParams(location.hash.slice(1))].filter(([seat, token]) => seat && token);
const tokens = Object.fromEntries(seats);
const root = document.getElementById("hotseat");
let current = null, handing = false, busy = false, again = false;
const LOG_LINES = 40;  // the last lines of the seat's log shown

async function payload(seat) {
  const response = await fetch(`/api/seat/${tokens[seat]}`);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error);
  return data;
}

function handOver(seat) {
  // Everything of the previous seat leaves the page; then the hand-over screen, and nothing else.
  handing = true;
  current = null;
  document.title = "sog — hot-seat";
  const go = el("button", { id: "continue", class: "primary", text: "continue" });
  go.addEventListener("click", () => { handing = false; current = seat; root.replaceChildren(); refresh(); });
  root.replaceChildren(el("div", { id: "handover", "data-seat": seat },
    el("h1", { text: `Pass to ${seat}` }), el("p", { text: `${seat}: press to continue when the others cannot see the screen.` }), go));
}

function request(state, r) {
  const [choices] = choiceControls(r, (body) => answer(state.seat, body));  // choices.js
  return el("div", { class: "request", "data-request": r.id }, el("div", { class: "prompt", text: r.prompt }), choices);
}

function showSeat(state) {
  const view = state.view, others = state.waiting_for.filter((s) => s !== state.seat);
  document.title = `sog — ${view.scenario} — ${state.seat}`;
  const outcome = state.outcome ? `Game over: ${state.outcome.winner ? state.outcome.winner + " wins" : "no winner"} (${state.outcome.reason})` : "";
  const waiting = state.over ? "" : others.length ? `waiting for: ${others.join(", ")}` : state.requests.length ? "" : "waiting for the game";
  const log = el("div", { id: "hs-log" }, ...state.events.filter((e) => e.text).slice(-LOG_LINES).map((e) => el("div", { text: e.text })));
  root.replaceChildren(
    el("header", {}, el("h1", { text: view.scenario }), el("span", { id: "hs-seat", text: `seat ${state.seat}` }),
      el("span", { id: "hs-when", text: `turn ${view.turn}${view.step ? " · " + view.step : ""}` }),
      // In this tab, not a new one: no page of this seat stays open behind the next one's.
      el("a", { href: `/replay/${tokens[state.seat]}`, text: `replay (as ${state.seat} sees it)` })),
    el("div", { class: "hotseat-layout" },
      el("div", {}, el("section", {}, el("img", { id: "hs-table", alt: "the table", src: `/api/seat/${tokens[state.seat]}/table.svg?e=${state.cursor}` })),
        el("section", {}, el("h2", { text: "Log" }), log)),
      el("div", {}, el("section", { id: "hs-decide" }, el("h2", { text: "Decisions" }),
        el("div", { id: "hs-outcome", text: outcome }), ...state.requests.map((r) => request(state, r)),
        el("p", { id: "hs-waiting", class: "waiting", text: waiting }), el("p", { id: "hs-error", class: "error" })))));
  log.scrollTop = log.scrollHeight;
}

async function answer(seat, body) {
  for (const b of root.querySelectorAll(".request button")) b.disabled = true;
  const response = await fetch(`/api/seat/${tokens[seat]}/answer`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) {
    const error = (await response.json()).error;
    await refresh();
    const shown = document.getElementById("hs-error");
    if (shown) shown.textContent = error;
    return;
  }
  refresh();
}

function nextSeat(waiting) {
  // The next seat here that has a decision open, after the current one in the fragment's order.
  const order = seats.map(([seat]) => seat), start = current === null ? -1 : order.indexOf(current);
  for (let i = 1; i <= order.length; i++) {
    const seat = order[(start + i) % order.length];
    if (waiting.includes(seat)) return seat;
  }
  return null;
}

async function refresh() {
  if (handing) return;
  if (busy) { again = true; return; }
  busy = true;
  try {
    if (!seats.length) {
      root.replaceChildren(el("main", {}, el("p", { class: "error", text: "no seats: open this page from the lobby's hot-seat link" })));
      return;
    }
    const state = await payload(current === null ? seats[0][0] : current);
    if (current === null || !state.requests.length) {
      const next = nextSeat(state.waiting_for);
      if (next !== null && next !== current) { handOver(next); return; }
      if (current === null) current = seats[0][0];
    }
    showSeat(current === state.seat ? state : await payload(current));
  } catch (e) {
    root.replaceChildren(el("main", {}, el("p", { class: "error", text: String(e.message || e) })));
  } finally {
    busy = false;
    if (again) { again = false; refresh(); }
  }
}

function connect() {
  if (!seats.length) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${seats[0][1]}`);
  socket.onmessage = () => refresh();
  socket.onclose = () => setTimeout(connect, 2000);
}

refresh();
connect();
