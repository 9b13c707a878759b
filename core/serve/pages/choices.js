"use strict";
// The controls answering a request, shared by the seat's page and the hot-seat page: a number
// field for a range, a list when there are many choices, else a button per choice.
const MANY = 24; // more choices than this: a list to pick from instead of buttons

function choiceControls(request, send, { marked = null, current = null, point = null, shown = null } = {}) {
  // ``send(body)`` answers; ``marked`` is the index of the current answer, ``current`` a number
  // answer's current value. A page showing sketches passes ``point(button, request, choice,
  // note)`` (wire a button's sketch) and ``shown(choice, note)`` (the list's chosen one).
  // Returns [the controls, the line where a sketch's text goes].
  const note = el("div", { class: "sketch-text", "aria-live": "polite" });
  const choices = el("div", { class: "choices" });
  if (request.number) {
    const n = request.number;
    const input = el("input", { type: "number", min: n.min, max: n.max, step: n.step, value: typeof current === "number" ? current : n.min });
    const go = el("button", { text: `answer (${n.min} to ${n.max}${n.unit ? " " + n.unit : ""})` });
    go.addEventListener("click", () => send({ request_id: request.id, answer: Number(input.value) }));
    choices.append(input, go);
  } else if (request.choices.length > MANY) {
    const select = el("select", { "data-request": request.id });
    for (const choice of request.choices) select.append(el("option", { value: choice.index, text: choice.label }));
    if (marked !== null) select.value = String(marked);
    if (shown) {
      const selected = () => shown(request.choices[Number(select.value)], note);
      select.addEventListener("change", selected);
      select.addEventListener("focus", selected);
    }
    const go = el("button", { text: "choose" });
    go.addEventListener("click", () => send({ request_id: request.id, choice: Number(select.value) }));
    choices.append(select, go);
  } else {
    for (const choice of request.choices) {
      const button = el("button", { text: choice.label, "data-request": request.id, "data-choice": choice.index,
        class: choice.index === marked ? "current" : "" });
      button.addEventListener("click", () => send({ request_id: request.id, choice: choice.index }));
      if (point) point(button, request, choice, note);
      choices.append(button);
    }
  }
  return [choices, note];
}
