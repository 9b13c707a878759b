"use strict";
// The table picture on a seat's page: the server's SVG put inline (to scale, fitted to the
// panel), each piece's arcs shown on demand, and a choice's sketch drawn over it. Shapes come
// in table mm (y up) and are mapped with the payload's frame, as the server draws the table.

const Table = {
  frame: { margin: 40, width: 900, height: 900 },
  ships: {},           // ship id -> its view (for its pose), from the last payload
  shownArcs: new Set(), // ship ids whose arcs the person asked to see
  allArcs: false,
  onPick: null,         // (request id, choice index) when a ghost on the table is clicked
};
const DEFAULT_BASE = { width: 40, length: 80 }; // mm, when the picture has no outline for a piece

function tableXY(x, y) {
  // The picture's coordinates of a table point (mm, y up).
  const f = Table.frame;
  return [x + f.margin, f.height - y + f.margin];
}

function svgPoints(points) {
  return points.map(([x, y]) => tableXY(x, y).map((v) => v.toFixed(1)).join(",")).join(" ");
}

function tableSvg() {
  return document.querySelector("#board svg");
}

async function loadTable(url) {
  // Fetch the picture and put it inline (so shapes can be drawn over it); keep what was shown.
  const response = await fetch(url);
  if (!response.ok) return;
  const doc = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
  const picture = doc.documentElement;
  if (picture.nodeName !== "svg") return;
  picture.removeAttribute("width");
  picture.removeAttribute("height");
  picture.setAttribute("preserveAspectRatio", "xMidYMin meet");
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", "the table");
  const svg = document.importNode(picture, true);
  svg.append(svgEl("g", { id: "answers", "pointer-events": "none" }), svgEl("g", { id: "overlay", "pointer-events": "none" }),
    svgEl("g", { id: "ghosts" }));
  $("board").replaceChildren(svg);
  for (const outline of pieceOutlines(svg)) {
    outline.element.classList.add("piece");
    outline.element.addEventListener("click", () => toggleArcs(outline.ship));
  }
  showArcs();
}

function polygonCorners(element) {
  return (element.getAttribute("points") || "").trim().split(/\s+/).map((p) => p.split(",").map(Number));
}

function pieceOutlines(svg) {
  // Each piece's outline in the picture: the polygon marked with its ship, else the one whose
  // centre is where the view puts the ship.
  const found = [];
  const polygons = [...svg.querySelectorAll("polygon")].filter((p) => !p.closest(".arcs, #overlay, #ghosts"));
  for (const [id, ship] of Object.entries(Table.ships)) {
    let element = polygons.find((p) => p.dataset.ship === id);
    if (!element && ship.pose) {
      const [sx, sy] = tableXY(ship.pose.x, ship.pose.y);
      element = polygons.find((p) => {
        const corners = polygonCorners(p);
        if (corners.length !== 4) return false;
        const cx = corners.reduce((a, c) => a + c[0], 0) / 4, cy = corners.reduce((a, c) => a + c[1], 0) / 4;
        return Math.hypot(cx - sx, cy - sy) < 1;
      });
    }
    if (element) found.push({ ship: id, element });
  }
  return found;
}

function baseSize(ship) {
  // A piece's base (mm): the sides of its outline in the picture, or a default.
  const svg = tableSvg();
  const outline = svg && pieceOutlines(svg).find((o) => o.ship === ship);
  if (!outline) return DEFAULT_BASE;
  const c = polygonCorners(outline.element);
  const a = Math.hypot(c[1][0] - c[0][0], c[1][1] - c[0][1]), b = Math.hypot(c[2][0] - c[1][0], c[2][1] - c[1][1]);
  return { width: Math.min(a, b), length: Math.max(a, b) };
}

function showArcs() {
  for (const group of document.querySelectorAll("#board g.arcs")) {
    const shown = Table.allArcs || Table.shownArcs.has(group.dataset.ship);
    if (shown) group.removeAttribute("display"); else group.setAttribute("display", "none");
  }
}

function toggleArcs(ship) {
  if (Table.shownArcs.has(ship)) Table.shownArcs.delete(ship); else Table.shownArcs.add(ship);
  showArcs();
}

function ghost(shape, attrs = {}) {
  // A translucent base the size of the ship's, where the pose puts it, its bow marked.
  const base = baseSize(shape.ship);
  const [x, y] = tableXY(shape.x, shape.y);
  const w = base.width, l = base.length;
  return svgEl("g", { class: "ghost", transform: `rotate(${shape.heading} ${x.toFixed(1)} ${y.toFixed(1)})`, ...attrs },
    svgEl("rect", { x: (x - w / 2).toFixed(1), y: (y - l / 2).toFixed(1), width: w.toFixed(1), height: l.toFixed(1) }),
    svgEl("polyline", { points: `${(x - 6).toFixed(1)},${(y - l / 2 + 10).toFixed(1)} ${x.toFixed(1)},${(y - l / 2).toFixed(1)} ${(x + 6).toFixed(1)},${(y - l / 2 + 10).toFixed(1)}` }));
}

function shapeNodes(shape) {
  // The SVG of one sketch shape (path, pose, area, line); unknown kinds draw nothing.
  const points = Array.isArray(shape.points) ? shape.points : [];
  if (shape.kind === "path" && points.length > 1) return [svgEl("polyline", { class: "sketch-path", points: svgPoints(points) })];
  if (shape.kind === "pose" && Number.isFinite(shape.x) && Number.isFinite(shape.y)) return [ghost(shape)];
  if (shape.kind === "area" && points.length > 2) return [svgEl("polygon", { class: `sketch-area ${shape.role || ""}`, points: svgPoints(points) })];
  if (shape.kind === "line" && points.length > 1) {
    const nodes = [svgEl("polyline", { class: `sketch-line ${shape.role || ""}`, points: svgPoints(points) })];
    if (shape.label) {
      const [ax, ay] = tableXY(...points[0]), [bx, by] = tableXY(...points[points.length - 1]);
      const label = svgEl("text", { class: "sketch-label", x: ((ax + bx) / 2).toFixed(1), y: ((ay + by) / 2 - 6).toFixed(1), "text-anchor": "middle" });
      label.textContent = shape.label;
      nodes.push(label);
    }
    return nodes;
  }
  return [];
}

function drawSketch(sketch, layer = "overlay") {
  // Draw one choice's sketch over the table (or clear it with null).
  const overlay = document.getElementById(layer);
  if (!overlay) return;
  overlay.replaceChildren();
  for (const shape of (sketch && sketch.shapes) || []) overlay.append(...shapeNodes(shape));
}

function drawAnswers(answered) {
  // The sketches of the seat's own current answers of the open round, faint: where its
  // pieces will go if it keeps them.
  drawSketch({ shapes: answered.filter((e) => e.answer_index !== null).flatMap((e) => {
    const sketch = e.choices[e.answer_index].sketch;
    return sketch ? sketch.shapes : [];
  }) }, "answers");
}

function isPlacement(request) {
  // A request whose every choice is sketched as a pose alone (where to set a piece down).
  return request.choices.length > 1 && request.choices.every((c) => c.sketch && c.sketch.shapes.length &&
    c.sketch.shapes.every((s) => s.kind === "pose"));
}

function drawGhosts(requests, onHover) {
  // The places a placement request offers, each a dot on the table: hovering one draws its
  // ghost, clicking it chooses it.
  const layer = document.getElementById("ghosts");
  if (!layer) return;
  layer.replaceChildren();
  const request = requests.find(isPlacement);
  if (!request) return;
  for (const choice of request.choices) {
    for (const shape of choice.sketch.shapes) {
      const [x, y] = tableXY(shape.x, shape.y);
      const title = svgEl("title");
      title.textContent = choice.label;
      const node = svgEl("g", { class: "pick", "data-request": request.id, "data-choice": choice.index },
        svgEl("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 4.5 }), title);
      node.addEventListener("mouseenter", () => onHover(request, choice));
      node.addEventListener("mouseleave", () => onHover(request, null));
      node.addEventListener("click", () => Table.onPick && Table.onPick(request.id, choice.index));
      layer.append(node);
    }
  }
}
