"use strict";
// The lobby: choose a scenario, its rules and who plays each seat; create; show the links.
let catalogue = null;

function scenario() { return catalogue.scenarios.find((s) => s.id === $("scenario").value); }
function system() { return catalogue.systems.find((s) => s.name === scenario().system); }

function showScenario() {
  const s = scenario(), sys = system();
  $("scenario-info").textContent = `${sys ? sys.title : s.system} · sides: ` +
    s.sides.map((side) => `${side.name} (${side.ships.join(", ")})`).join("; ") +
    (s.max_turns ? ` · ${s.max_turns} turns` : "");
  $("level").replaceChildren(...(sys ? sys.levels : [s.level]).map((l) => el("option", { value: l, text: l })));
  $("level").value = s.level;
  const options = $("options");
  options.replaceChildren(el("div", { text: "Optional rules (the scenario's are ticked):" }));
  for (const opt of sys ? sys.options : []) {
    const box = el("input", { type: "checkbox", value: opt.name, "data-own": s.options.includes(opt.name) ? "1" : "" });
    box.checked = s.options.includes(opt.name);
    options.append(el("label", { title: `${opt.summary} (levels: ${opt.levels.join(", ") || "all"})`, "data-option": opt.name,
                                 "data-levels": opt.levels.join(" ") }, box, " " + opt.name));
  }
  showLevel();
  $("ship-ids").replaceChildren(...(sys ? sys.ships : []).map((d) => el("option", { value: d.id, text: d.name })));
  $("fleets").replaceChildren(...s.sides.map((side) => el("label", {},
    `${side.name}: ships, comma-separated (empty: ${side.ships.join(", ")}) `,
    el("input", { "data-fleet": side.id, list: "ship-ids", size: "50" }))));
  $("attach").replaceChildren(...(sys ? sys.attachments : []).map((a) => el("label", { title: a.summary },
    `${a.kind} (SHIP=ID,ID; ... of ${a.documents.map((d) => d.id).join(", ")}) `,
    el("input", { "data-attach": a.kind, size: "50" }))));
  const seats = $("seats");
  seats.replaceChildren();
  for (const side of s.sides) {
    for (const seat of side.seats) {
      const select = el("select", { "data-seat": seat });
      select.append(el("option", { value: catalogue.human, text: "a person (secret link)" }));
      for (const bot of sys ? sys.bots : ["random"]) select.append(el("option", { value: bot, text: `bot: ${bot}` }));
      seats.append(el("label", {}, `${seat} (${side.name}) `, select));
    }
  }
}

function showSystem() {
  const shown = catalogue.scenarios.filter((s) => s.system === $("system").value);
  $("scenario").replaceChildren(...shown.map((s) => el("option", { value: s.id, text: `${s.name} (${s.id})` })));
  showScenario();
}

function showLevel() {
  // Only the optional rules the chosen level allows are offered; one it does not is unticked
  // (a scenario's own is then left out of the game) and ticked again if the level comes back.
  const level = $("level").value;
  for (const label of $("options").querySelectorAll("label[data-option]")) {
    const box = label.querySelector("input");
    const allowed = !label.dataset.levels || label.dataset.levels.split(" ").includes(level);
    const off = label.style.display === "none";
    if (!allowed && !off) { box.dataset.was = box.checked ? "1" : ""; box.checked = false; }
    if (allowed && off && "was" in box.dataset) { box.checked = box.dataset.was === "1"; delete box.dataset.was; }
    label.style.display = allowed ? "" : "none";  // (the stylesheet's display would outrank the hidden attribute)
  }
}

async function create() {
  $("error").textContent = "";
  const s = scenario();
  const body = { scenario: s.id, level: $("level").value, options: [], blocked: [], seats: {} };
  for (const box of $("options").querySelectorAll("input[type=checkbox]")) {
    if (box.checked && !box.dataset.own) body.options.push(box.value);
    if (!box.checked && box.dataset.own) body.blocked.push(box.value);
  }
  for (const select of $("seats").querySelectorAll("select")) body.seats[select.dataset.seat] = select.value;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if ($("points").value !== "") body.points_limit = Number($("points").value);
  const ids = (text) => text.split(",").map((t) => t.trim()).filter((t) => t);
  for (const input of $("fleets").querySelectorAll("input")) {
    if (ids(input.value).length) (body.fleets = body.fleets || {})[input.dataset.fleet] = ids(input.value);
  }
  for (const input of $("attach").querySelectorAll("input")) {
    for (const part of input.value.split(";").filter((p) => p.includes("="))) {
      const [ship, list] = part.split("=");
      body.attach = body.attach || {};
      (body.attach[ship.trim()] = body.attach[ship.trim()] || {})[input.dataset.attach] = ids(list);
    }
  }
  if ($("settings").value.trim()) {
    try { body.settings = JSON.parse($("settings").value); } catch (e) { $("error").textContent = `settings: ${e.message}`; return; }
  }
  const response = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { $("error").textContent = data.error; return; }
  const links = $("links");
  links.replaceChildren();
  const replays = $("replays");
  replays.replaceChildren("Replays, each link's view of the game so far:");
  const add = (name, url, token) => {
    const full = new URL(url, location.href).href;
    links.append(el("li", { "data-link": name }, el("a", { href: full, target: "_blank", text: name }), el("input", { value: full, readonly: "" })));
    replays.append(" ", el("a", { href: `/replay/${token}`, target: "_blank", class: "replay", "data-link": name, text: name }));
  };
  for (const [seat, link] of Object.entries(data.seats)) add(`seat ${seat}`, link.url, link.token);
  add("spectators", data.spectator.url, data.spectator.token);
  const humans = Object.entries(data.seats);
  $("hotseat").replaceChildren();
  if (humans.length >= 2) {
    const fragment = humans.map(([seat, link]) => `${encodeURIComponent(seat)}=${encodeURIComponent(link.token)}`).join("&");
    $("hotseat").append(el("a", { id: "hotseat-link", href: `/hotseat#${fragment}`, target: "_blank",
                                  text: "play all human seats in this browser (hot-seat)" }));
  }
  $("created").hidden = false;
}

async function start() {
  const response = await fetch("/api/scenarios");
  catalogue = await response.json();
  // The systems that have scenarios (a scenario names its system), each listing its own.
  const systems = [...new Set(catalogue.scenarios.map((s) => s.system))];
  const title = (name) => (catalogue.systems.find((s) => s.name === name) || { title: name }).title;
  $("system").replaceChildren(...systems.map((name) => el("option", { value: name, text: title(name) })));
  $("system").addEventListener("change", showSystem);
  $("scenario").addEventListener("change", showScenario);
  showSystem();
  $("level").addEventListener("change", showLevel);
  $("create").addEventListener("click", create);
}
start();
