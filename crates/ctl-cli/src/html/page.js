// The page of `cescacs html`: steps through the positions written by the command (the JSON in
// #data: for each game its nodes, one per position, and the SVG of each of its pieces).
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const games = JSON.parse(document.getElementById("data").textContent);
  // A node: [id, label, pieces, pdtl, from, to, prev, next, alts, up, app pdtl].
  const ID = 0, LABEL = 1, PIECES = 2, PDTL = 3, FROM = 4, TO = 5, PREV = 6, NEXT = 7, ALTS = 8, UP = 9, APP_PDTL = 10;
  const boards = Array.from(document.querySelectorAll(".board svg"));
  const picker = document.getElementById("picker");
  const pdtl = document.getElementById("pdtl");
  const appPdtl = document.getElementById("app-pdtl");
  const now = document.getElementById("now");
  const sections = Array.from(document.querySelectorAll("section.game"));
  const byId = new Map();
  games.forEach(function (g, gi) {
    g.nodes.forEach(function (n, ni) { byId.set(n[ID], [gi, ni]); });
  });
  // The centre of each hex of a board: the mean of its polygon's corners.
  const centres = boards.map(function (svg) {
    const m = new Map();
    svg.querySelectorAll("polygon.hex").forEach(function (p) {
      const xy = p.getAttribute("points").split(" ").map(function (c) { return c.split(",").map(Number); });
      let x = 0, y = 0;
      xy.forEach(function (c) { x += c[0]; y += c[1]; });
      m.set(p.dataset.hex, [x / xy.length, y / xy.length]);
    });
    return m;
  });
  // The static last-move overlays of the SVG are not used: the page marks hexes by class.
  boards.forEach(function (svg) {
    svg.querySelectorAll(".last-move").forEach(function (e) { e.remove(); });
  });
  const templates = games.map(function (g) {
    const t = {};
    Object.keys(g.pieces).forEach(function (letter) {
      const holder = document.createElementNS(SVG, "g");
      holder.innerHTML = g.pieces[letter];
      t[letter] = holder.firstElementChild;
    });
    return t;
  });
  let state = { g: 0, n: 0, flip: false };

  function visible() { return state.flip ? 1 : 0; }

  function draw(svg, c, g, node) {
    const layer = svg.querySelector("g.pieces");
    layer.replaceChildren();
    if (!node) return;
    node[PIECES].split(" ").forEach(function (p) {
      if (!p) return;
      const hex = p.slice(0, -1), letter = p.slice(-1);
      const t = templates[g][letter], at = c.get(hex);
      if (!t || !at) return;
      const e = t.cloneNode(true);
      e.setAttribute("data-hex", hex);
      e.setAttribute("transform", "translate(" + at[0].toFixed(2) + " " + at[1].toFixed(2) + ")");
      const title = e.querySelector("title");
      if (title) title.textContent += " on " + hex;
      layer.appendChild(e);
    });
    svg.querySelectorAll("polygon.hex.from, polygon.hex.to, polygon.hex.ref").forEach(function (p) {
      p.classList.remove("from", "to", "ref");
    });
    if (node[FROM]) mark(svg, node[FROM], "from");
    if (node[TO]) mark(svg, node[TO], "to");
  }

  function mark(svg, hex, cls) {
    const p = svg.querySelector('polygon.hex[data-hex="' + hex + '"]');
    if (p) p.classList.add(cls);
  }

  function show(g, n, focus) {
    const game = games[g];
    const node = game && game.nodes[n];
    state.g = g;
    state.n = node ? n : 0;
    sections.forEach(function (s, i) { s.hidden = i !== g; });
    if (picker) picker.value = String(g);
    const v = visible();
    // `hidden` is an attribute of SVG elements, not a property.
    boards.forEach(function (svg, i) { svg.toggleAttribute("hidden", i !== v); });
    draw(boards[v], centres[v], g, node);
    const section = sections[g];
    if (section) {
      section.querySelectorAll("a.mv.current").forEach(function (a) {
        a.classList.remove("current");
        a.removeAttribute("aria-current");
      });
      const link = section.querySelector('a.mv[data-n="' + state.n + '"]');
      if (link) {
        link.classList.add("current");
        link.setAttribute("aria-current", "step");
        if (focus) link.focus({ preventScroll: true });
        if (link.scrollIntoView) link.scrollIntoView({ block: "nearest" });
      }
    }
    pdtl.value = node ? node[PDTL] : "";
    appPdtl.value = node ? node[APP_PDTL] : "";
    now.textContent = node ? (node[LABEL] ? "After " + node[LABEL] : "Start position") : "No position";
    if (node && location.hash !== "#" + node[ID]) {
      history.replaceState(null, "", "#" + node[ID]);
    }
    const t = targets();
    document.querySelectorAll(".controls button[data-go]").forEach(function (b) {
      if (b.dataset.go in t) b.disabled = t[b.dataset.go] === null;
    });
  }

  // Where each control leads from the current node (null: nowhere).
  function targets() {
    const nodes = games[state.g] ? games[state.g].nodes : [];
    const node = nodes[state.n];
    if (!node) return { home: null, prev: null, next: null, end: null, down: null, up: null };
    let end = state.n;
    while (nodes[end][NEXT] !== null) end = nodes[end][NEXT];
    // Down: the next variation replacing the current move, else the first one replacing the
    // next move. Up: the move of the parent line the variation replaces.
    let down = null;
    const prev = node[PREV] !== null ? nodes[node[PREV]] : null;
    if (prev) {
      const siblings = [prev[NEXT]].concat(prev[ALTS]);
      const i = siblings.indexOf(state.n);
      if (i >= 0 && i + 1 < siblings.length) down = siblings[i + 1];
    }
    if (down === null && node[ALTS].length) down = node[ALTS][0];
    let up = null;
    if (node[UP] !== null) {
      const from = nodes[node[UP]];
      up = from[NEXT] !== null ? from[NEXT] : node[UP];
    }
    return {
      home: state.n === 0 ? null : 0,
      prev: node[PREV],
      next: node[NEXT],
      end: end === state.n ? null : end,
      down: down,
      up: up,
    };
  }

  function go(where) {
    if (where === "flip") {
      state.flip = !state.flip;
      const b = document.querySelector('button[data-go="flip"]');
      if (b) b.setAttribute("aria-pressed", String(state.flip));
      show(state.g, state.n, false);
      return;
    }
    const to = targets()[where];
    if (to !== null && to !== undefined) show(state.g, to, false);
  }

  // The fragment as text: a malformed escape (`#%`, `#%E0%A4%A`) is no move of the page, not an
  // error of its script.
  function fragment() {
    const raw = location.hash.slice(1);
    try {
      return decodeURIComponent(raw);
    } catch (e) {
      return raw;
    }
  }

  function fromHash() {
    const id = fragment();
    const at = byId.get(id);
    if (at) {
      show(at[0], at[1], false);
      return true;
    }
    const m = /^g(\d+)$/.exec(id);
    if (m && games[Number(m[1]) - 1]) {
      show(Number(m[1]) - 1, 0, false);
      return true;
    }
    return false;
  }

  const KEYS = { ArrowRight: "next", ArrowLeft: "prev", Home: "home", End: "end", ArrowDown: "down", ArrowUp: "up" };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    const where = KEYS[e.key];
    if (!where) return;
    e.preventDefault();
    const before = state.n;
    go(where);
    // Keep the keyboard focus on the current move when it was on a move.
    if (state.n !== before && t && t.classList && t.classList.contains("mv")) {
      const link = sections[state.g].querySelector('a.mv[data-n="' + state.n + '"]');
      if (link) link.focus({ preventScroll: true });
    }
  });
  document.querySelectorAll(".controls button[data-go]").forEach(function (b) {
    b.addEventListener("click", function () { go(b.dataset.go); });
  });
  window.addEventListener("hashchange", fromHash);
  document.addEventListener("click", function (e) {
    const a = e.target.closest && e.target.closest("a.mv, a.moveref");
    if (!a) return;
    // A link to the current fragment fires no hashchange: show it anyway.
    const id = a.getAttribute("href").slice(1);
    const at = byId.get(id);
    if (at) {
      e.preventDefault();
      show(at[0], at[1], false);
    }
  });
  document.querySelectorAll("button.hexref").forEach(function (b) {
    b.addEventListener("click", function () {
      // The hex is shown on the position the comment speaks of.
      const comment = b.closest("p.comment[data-at]");
      if (comment && Number(comment.dataset.at) !== state.n) show(state.g, Number(comment.dataset.at), false);
      const svg = boards[visible()];
      const hex = b.dataset.hex;
      svg.querySelectorAll("polygon.hex.ref").forEach(function (p) { p.classList.remove("ref"); });
      mark(svg, hex, "ref");
      now.textContent = "Hex " + hex + " highlighted";
    });
  });
  if (picker) {
    picker.addEventListener("change", function () { show(Number(picker.value), 0, false); });
  }
  // Each Copy button copies the field before it.
  function copier(button, field) {
    button.addEventListener("click", function () {
      field.select();
      const done = function () { button.textContent = "Copied"; setTimeout(function () { button.textContent = "Copy"; }, 1500); };
      const fallback = function () {
        try { if (document.execCommand("copy")) done(); } catch (err) { /* the text stays selected */ }
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, fallback);
      } else {
        fallback();
      }
    });
  }
  copier(document.getElementById("copy"), pdtl);
  copier(document.getElementById("copy-app"), appPdtl);
  // Printing: one diagram of the position before each run of comments.
  window.addEventListener("beforeprint", function () {
    const svg = boards[0];
    sections.forEach(function (s, gi) {
      let last = null;
      s.querySelectorAll("p.comment[data-at]").forEach(function (c) {
        const n = Number(c.dataset.at);
        if (n === last && c.previousElementSibling && c.previousElementSibling.matches("p.comment")) return;
        last = n;
        const copy = svg.cloneNode(true);
        copy.removeAttribute("class");
        copy.removeAttribute("hidden");
        draw(copy, centres[0], gi, games[gi].nodes[n]);
        const box = document.createElement("div");
        box.className = "print-board";
        box.appendChild(copy);
        c.parentNode.insertBefore(box, c);
      });
    });
  });
  window.addEventListener("afterprint", function () {
    document.querySelectorAll(".print-board").forEach(function (e) { e.remove(); });
  });
  if (!fromHash()) show(0, 0, false);
})();
