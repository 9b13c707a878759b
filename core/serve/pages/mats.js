"use strict";
// The mats panel (each ship's mat as the game system gives it: tracks as rows of boxes, facts
// as lines, what only the ship's seat sees marked) and the "this turn" panel (what the seat
// was told of the turn, grouped by step).

function trackRow(entry) {
  const size = Math.max(0, Math.min(Number(entry.size) || 0, 200));
  const marked = Math.max(0, Math.min(Number(entry.marked) || 0, size));
  const boxes = el("span", { class: "boxes", role: "img", "aria-label": `${marked} of ${size}` });
  for (let i = 0; i < size; i++) boxes.append(el("span", { class: i < marked ? "box marked" : "box" }));
  return el("div", { class: "entry track" + (entry.own ? " own" : ""), "data-name": entry.name },
    el("span", { class: "entry-name", text: entry.name }), boxes, el("span", { class: "count", text: `${marked}/${size}` }));
}

function factRow(entry) {
  const value = typeof entry.value === "string" ? entry.value : JSON.stringify(entry.value);
  return el("div", { class: "entry fact" + (entry.own ? " own" : ""), "data-name": entry.name },
    el("span", { class: "entry-name", text: entry.name }), el("span", { class: "value", text: value }));
}

function pieceColour(ship) {
  // The fill of the piece's outline in the picture, to tie a mat to its piece.
  const svg = tableSvg();
  const outline = svg && pieceOutlines(svg).find((o) => o.ship === ship);
  return outline ? outline.element.getAttribute("fill") : "transparent";
}

function showMats(state) {
  const box = $("mats");
  box.replaceChildren();
  const ships = Object.values(state.view.ships);
  const own = (ship) => state.seat !== null && ship.seat === state.seat;
  ships.sort((a, b) => Number(own(b)) - Number(own(a)));
  for (const ship of ships) {
    const entries = (state.mats && state.mats[ship.id]) || [];
    const status = ship.status && ship.status !== "in-play" ? ` · ${ship.status}` : "";
    const head = el("div", { class: "name" },
      el("span", { class: "swatch", style: `background:${pieceColour(ship.id)}` }),
      el("span", { text: `${ship.name} — ${ship.side}${own(ship) ? " (yours)" : ""}${status}` }));
    const mat = el("div", { class: "mat" + (own(ship) ? " own" : ""), "data-ship": ship.id }, head);
    for (const entry of entries.filter((e) => e.kind === "track")) mat.append(trackRow(entry));
    const facts = entries.filter((e) => e.kind === "fact");
    if (facts.length) mat.append(el("div", { class: "facts" }, ...facts.map(factRow)));
    if (entries.some((e) => e.own)) mat.append(el("div", { class: "legend-own", text: "highlighted: only you see it" }));
    head.addEventListener("click", () => toggleArcs(ship.id));
    box.append(mat);
  }
}

function showTurn(state, events) {
  // The events of the current turn (else of the last one that told anything), by step.
  const turn = state.view.turn;
  const told = (t) => events.filter((e) => e.turn === t && e.text && e.text.trim() && e.text.trim() !== `Turn ${t}`);
  let shown = told(turn), title = `Turn ${turn}`;
  if (!shown.length && turn > 1 && told(turn - 1).length) { shown = told(turn - 1); title = `Turn ${turn - 1} (last turn)`; }
  $("turn-title").textContent = title;
  const box = $("this-turn");
  box.replaceChildren();
  let group = null, step;
  for (const event of shown) {
    if (!group || event.step !== step) {
      step = event.step;
      group = el("div", { class: "step", "data-step": step || "" }, el("div", { class: "step-name", text: step || "" }));
      box.append(group);
    }
    group.append(el("div", { class: "told", text: event.text.trim() }));
  }
  if (!shown.length) box.append(el("p", { class: "status", text: "nothing yet" }));
}
