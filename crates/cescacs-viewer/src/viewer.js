// The game viewer of C'escacs (crates/cescacs-viewer): one script for the pages of `cescacs
// html` and the playground. `CescacsViewer.mount(root, games, options)` steps through the
// positions of the games whose sections and board are inside `root` (`games`: for each game its
// nodes, one per position, the SVG of each of its pieces, and optionally `at`, where each node's
// move starts in the file). A page of `cescacs html` (its games in <script id="data">) is
// mounted as soon as this script runs, read-only: a host that knows the legal moves (the
// playground, through the npm package) passes `legalMoves` and `onMove`, and the board is
// played on by clicking a piece, then one of the hexes it can go to.
"use strict";
(function (global) {
  const SVG = "http://www.w3.org/2000/svg";
  // A node: [id, label, pieces, pdtl, from, to, prev, next, alts, up, app pdtl, King in check].
  const ID = 0, LABEL = 1, PIECES = 2, PDTL = 3, FROM = 4, TO = 5, PREV = 6, NEXT = 7, ALTS = 8, UP = 9, APP_PDTL = 10, CHECK = 11;
  const KEYS = { ArrowRight: "next", ArrowLeft: "prev", Home: "home", End: "end", ArrowDown: "down", ArrowUp: "up", f: "flip", "?": "keys", h: "help" };
  // The panels a button of the options shows and hides.
  const PANELS = { keys: "keys", help: "help" };
  let mounted = 0;

  // Mounts a viewer on `root` (an element or the document). Options: `hash` (default true: the
  // URL fragment names the position shown), `keys` (default true: the page's keys step),
  // `flip` (default false: Black at the bottom) and `onFlip(flipped)` (told when it changes),
  // `legalMoves(pdtl)` (the legal moves of a position, each `{ from, to, text }` at least: the
  // npm package's `moves`) and `onMove(move, { game, node, at })` (a move picked on the board,
  // at the position shown; `at` is the node's `at`); without them the board is read-only.
  // Gives `{ show(game, node), goToOffset(byte), destroy(), state }`; mount again after the
  // sections change (destroy the old viewer first).
  function mount(root, games, options) {
    options = Object.assign({ hash: true, keys: true, flip: false }, options || {});
    const doc = root.nodeType === 9 ? root : root.ownerDocument;
    const win = doc.defaultView;
    const host = root.nodeType === 9 ? root.documentElement : root;
    const find = function (selector) { return root.querySelector(selector); };
    const boards = Array.from(root.querySelectorAll(".board svg"));
    const viewer = find(".viewer");
    const picker = find("#picker");
    const pdtl = find("#pdtl");
    const appPdtl = find("#app-pdtl");
    const now = find("#now");
    const warnings = find('input[data-toggle="warnings"]');
    const sections = Array.from(root.querySelectorAll("section.game"));
    const listeners = [];
    const on = function (target, type, handler) {
      target.addEventListener(type, handler);
      listeners.push([target, type, handler]);
    };
    const byId = new Map();
    games.forEach(function (g, gi) {
      g.nodes.forEach(function (n, ni) { byId.set(n[ID], [gi, ni]); });
    });
    // Each game's nodes in the order of the text, for an editor's cursor.
    const byOffset = games.map(function (g) {
      if (!g.at) return [];
      return g.at.map(function (at, n) { return [at, n]; }).sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    });
    // The centre of each hex of a board (the mean of its polygon's corners) and its radius.
    const centres = boards.map(function (svg) {
      const m = new Map();
      svg.querySelectorAll("polygon.hex").forEach(function (p) {
        const xy = p.getAttribute("points").split(" ").map(function (c) { return c.split(",").map(Number); });
        let x = 0, y = 0;
        xy.forEach(function (c) { x += c[0]; y += c[1]; });
        x /= xy.length;
        y /= xy.length;
        let r = 0;
        xy.forEach(function (c) { r = Math.max(r, Math.hypot(c[0] - x, c[1] - y)); });
        m.set(p.dataset.hex, [x, y, r]);
      });
      return m;
    });
    // The static last-move overlays of the SVG are not used: the viewer marks hexes by class.
    // Each board gets its own red glow for a King in check.
    const mark = "cescacs-check-" + (mounted++);
    boards.forEach(function (svg, i) {
      svg.querySelectorAll(".last-move, .check, radialGradient.check-glow").forEach(function (e) { e.remove(); });
      glow(svg, mark + "-" + i);
    });
    const templates = games.map(function (g) {
      const t = {};
      Object.keys(g.pieces).forEach(function (letter) {
        const holder = doc.createElementNS(SVG, "g");
        holder.innerHTML = g.pieces[letter];
        t[letter] = holder.firstElementChild;
      });
      return t;
    });
    const state = { g: 0, n: 0, flip: !!options.flip };
    const flipButton = find('button[data-go="flip"]');
    if (flipButton) flipButton.setAttribute("aria-pressed", String(state.flip));
    // Playing on the board: the piece picked (its hex and its moves), and the chooser of the
    // moves that share an origin and a destination.
    const playable = typeof options.legalMoves === "function" && typeof options.onMove === "function";
    const boardBox = find(".board");
    if (boardBox) boardBox.classList.toggle("playable", playable);
    let pick = null;
    let chooser = null;
    const legal = new Map();

    function visible() { return state.flip ? 1 : 0; }

    function draw(svg, c, g, node) {
      const layer = svg.querySelector("g.pieces");
      layer.replaceChildren();
      svg.querySelectorAll(".check").forEach(function (e) { e.remove(); });
      svg.querySelectorAll("polygon.hex.from, polygon.hex.to, polygon.hex.ref, polygon.hex.picked, polygon.hex[data-target]").forEach(function (p) {
        p.classList.remove("from", "to", "ref", "picked");
        p.removeAttribute("data-target");
      });
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
      if (node[FROM]) markHex(svg, node[FROM], "from");
      if (node[TO]) markHex(svg, node[TO], "to");
      const king = node[CHECK] && c.get(node[CHECK]);
      if (king) {
        // Under the pieces, over the hex: the King's hex glows red.
        const e = doc.createElementNS(SVG, "circle");
        e.setAttribute("class", "check");
        e.setAttribute("data-hex", node[CHECK]);
        e.setAttribute("cx", king[0].toFixed(2));
        e.setAttribute("cy", king[1].toFixed(2));
        e.setAttribute("r", king[2].toFixed(2));
        e.setAttribute("fill", "url(#" + svg.querySelector("radialGradient.check-glow").id + ")");
        e.setAttribute("pointer-events", "none");
        layer.parentNode.insertBefore(e, layer);
      }
    }

    function markHex(svg, hex, cls) {
      const p = svg.querySelector('polygon.hex[data-hex="' + hex + '"]');
      if (p) p.classList.add(cls);
    }

    function show(g, n, focus) {
      const game = games[g];
      const node = game && game.nodes[n];
      if (g !== state.g || n !== state.n) drop();
      state.g = g;
      state.n = node ? n : 0;
      sections.forEach(function (s, i) { s.hidden = i !== g; });
      if (picker) picker.value = String(g);
      const v = visible();
      // `hidden` is an attribute of SVG elements, not a property.
      boards.forEach(function (svg, i) { svg.toggleAttribute("hidden", i !== v); });
      if (boards[v]) {
        draw(boards[v], centres[v], g, node);
        if (pick) markPick(boards[v]);
      }
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
          reveal(link);
        }
      }
      if (pdtl) pdtl.value = node ? node[PDTL] : "";
      if (appPdtl) appPdtl.value = node ? node[APP_PDTL] : "";
      if (now) now.textContent = node ? (node[LABEL] ? "After " + node[LABEL] : "Start position") : "No position";
      if (options.hash && node && win.location.hash !== "#" + node[ID]) {
        win.history.replaceState(null, "", "#" + node[ID]);
      }
      const t = targets();
      root.querySelectorAll(".controls button[data-go]").forEach(function (b) {
        if (b.dataset.go in t) b.disabled = t[b.dataset.go] === null;
      });
    }

    // Scrolls the current move into view, below the board when the board stays on top of
    // the moves (a narrow window).
    function reveal(link) {
      if (!link.scrollIntoView) return;
      let margin = "";
      if (viewer && win.getComputedStyle(viewer).position === "sticky") {
        const b = viewer.getBoundingClientRect(), l = link.getBoundingClientRect();
        if (b.left < l.right && l.left < b.right) margin = Math.ceil(b.height + 8) + "px";
      }
      link.style.scrollMarginTop = margin;
      link.scrollIntoView({ block: "nearest" });
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
        if (flipButton) flipButton.setAttribute("aria-pressed", String(state.flip));
        show(state.g, state.n, false);
        if (options.onFlip) options.onFlip(state.flip);
        return;
      }
      if (where in PANELS) {
        const panel = find("#" + PANELS[where]);
        if (!panel) return;
        panel.hidden = !panel.hidden;
        const b = find('button[data-go="' + where + '"]');
        if (b) b.setAttribute("aria-expanded", String(!panel.hidden));
        return;
      }
      const to = targets()[where];
      if (to !== null && to !== undefined) show(state.g, to, false);
    }

    // The fragment as text: a malformed escape (`#%`, `#%E0%A4%A`) is no move of the page, not
    // an error of its script.
    function fragment() {
      const raw = win.location.hash.slice(1);
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

    // Shows the position after the last move that starts at or before the byte `offset` of the
    // file, in the game that holds it.
    function goToOffset(offset) {
      let g = -1;
      byOffset.forEach(function (nodes, i) { if (nodes.length && nodes[0][0] <= offset) g = i; });
      if (g < 0) g = 0;
      const nodes = byOffset[g] || [];
      let lo = 0, hi = nodes.length - 1, n = 0;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (nodes[mid][0] <= offset) { n = nodes[mid][1]; lo = mid + 1; } else { hi = mid - 1; }
      }
      if (g !== state.g || n !== state.n) show(g, n, false);
    }

    // The legal moves of the position shown, asked of the host once per node.
    function movesHere() {
      const game = games[state.g];
      const node = game && game.nodes[state.n];
      if (!node) return [];
      const key = state.g + ":" + state.n;
      if (!legal.has(key)) {
        // A host that cannot read the position (a game in letters of its own) gives null.
        let moves = null;
        try {
          moves = options.legalMoves(node[PDTL]) || null;
        } catch (e) {
          moves = null;
        }
        legal.set(key, moves);
      }
      return legal.get(key);
    }

    // A hex clicked: a target of the piece picked plays there; a piece of the side to move
    // is picked (its targets marked); anything else drops the pick.
    function clickHex(hex) {
      if (pick) {
        const here = pick.moves.filter(function (m) { return m.to === hex; });
        if (here.length === 1) {
          play(here[0]);
          return;
        }
        if (here.length > 1) {
          choose(here);
          return;
        }
      }
      const known = movesHere();
      const from = (known || []).filter(function (m) { return m.from === hex; });
      drop();
      if (!from.length) {
        if (now) now.textContent = known ? "No move from " + hex + " here" : "This position cannot be played on here";
        return;
      }
      pick = { from: hex, moves: from };
      markPick(boards[visible()]);
      const targets = new Set(from.map(function (m) { return m.to; }));
      if (now) now.textContent = hex + ": " + targets.size + " hex" + (targets.size === 1 ? "" : "es") + " to go to";
    }

    function markPick(svg) {
      if (!svg || !pick) return;
      markHex(svg, pick.from, "picked");
      pick.moves.forEach(function (m) {
        const p = svg.querySelector('polygon.hex[data-hex="' + m.to + '"]');
        if (p) p.setAttribute("data-target", "");
      });
    }

    // The moves that share the origin and destination picked, one button each.
    function choose(moves) {
      if (chooser) chooser.remove();
      chooser = doc.createElement("div");
      chooser.className = "chooser";
      chooser.setAttribute("role", "group");
      chooser.setAttribute("aria-label", "Which move?");
      const title = doc.createElement("span");
      title.textContent = "Which move?";
      chooser.appendChild(title);
      moves.forEach(function (m) {
        const b = doc.createElement("button");
        b.type = "button";
        b.setAttribute("data-move", m.text);
        b.textContent = m.text;
        chooser.appendChild(b);
      });
      const cancel = doc.createElement("button");
      cancel.type = "button";
      cancel.className = "cancel";
      cancel.textContent = "Cancel";
      chooser.appendChild(cancel);
      if (boardBox) boardBox.insertAdjacentElement("afterend", chooser);
      chooser.querySelector("button").focus({ preventScroll: true });
    }

    function play(m) {
      const game = games[state.g];
      const at = game && game.at ? game.at[state.n] : null;
      const where = { game: state.g, node: state.n, at: at };
      drop();
      options.onMove(m, where);
    }

    // Forgets the piece picked and closes the chooser.
    function drop() {
      pick = null;
      if (chooser) {
        chooser.remove();
        chooser = null;
      }
      const svg = boards[visible()];
      if (!svg) return;
      svg.querySelectorAll("polygon.hex.picked, polygon.hex[data-target]").forEach(function (p) {
        p.classList.remove("picked");
        p.removeAttribute("data-target");
      });
    }

    if (options.keys) {
      on(doc, "keydown", function (e) {
        if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
        const t = e.target;
        if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
        if (e.key === "Escape" && pick) {
          drop();
          return;
        }
        const where = KEYS[e.key];
        if (!where) return;
        e.preventDefault();
        const before = state.n;
        go(where);
        // Keep the keyboard focus on the current move when it was on a move.
        if (state.n !== before && t && t.classList && t.classList.contains("mv") && sections[state.g]) {
          const link = sections[state.g].querySelector('a.mv[data-n="' + state.n + '"]');
          if (link) link.focus({ preventScroll: true });
        }
      });
    }
    if (options.hash) on(win, "hashchange", fromHash);
    on(root, "click", function (e) {
      const target = e.target.closest ? e.target : e.target.parentElement;
      if (!target) return;
      const button = target.closest(".controls button[data-go], .options button[data-go]");
      if (button) {
        go(button.dataset.go);
        return;
      }
      const choice = target.closest(".chooser button[data-move]");
      if (choice) {
        const m = pick && pick.moves.filter(function (x) { return x.text === choice.dataset.move; })[0];
        if (m) play(m);
        return;
      }
      if (target.closest(".chooser button.cancel")) {
        drop();
        return;
      }
      const hex = playable && target.closest(".board svg [data-hex]");
      if (hex) {
        clickHex(hex.getAttribute("data-hex"));
        return;
      }
      const hexref = target.closest("button.hexref");
      if (hexref) {
        // The hex is shown on the position the comment speaks of.
        const comment = hexref.closest("p.comment[data-at]");
        if (comment && Number(comment.dataset.at) !== state.n) show(state.g, Number(comment.dataset.at), false);
        const svg = boards[visible()];
        const hex = hexref.dataset.hex;
        svg.querySelectorAll("polygon.hex.ref").forEach(function (p) { p.classList.remove("ref"); });
        markHex(svg, hex, "ref");
        if (now) now.textContent = "Hex " + hex + " highlighted";
        return;
      }
      const copy = target.closest("#copy, #copy-app");
      if (copy) {
        copied(copy, copy.id === "copy" ? pdtl : appPdtl);
        return;
      }
      const a = target.closest("a.mv, a.moveref");
      if (!a) return;
      // A link to the current fragment fires no hashchange: show it anyway.
      const at = byId.get(a.getAttribute("href").slice(1));
      if (at) {
        e.preventDefault();
        show(at[0], at[1], false);
      }
    });
    on(root, "change", function (e) {
      if (picker && e.target === picker) show(Number(picker.value), 0, false);
      if (warnings && e.target === warnings) host.classList.toggle("hide-warnings", !warnings.checked);
    });
    if (warnings) {
      // The switch is offered where there are warnings to hide.
      const label = warnings.closest("label") || warnings;
      label.hidden = !root.querySelector(".note.warning");
      host.classList.toggle("hide-warnings", !warnings.checked);
    }
    // A Copy button copies the field before it.
    function copied(button, field) {
      if (!field) return;
      field.select();
      const done = function () { button.textContent = "Copied"; win.setTimeout(function () { button.textContent = "Copy"; }, 1500); };
      const fallback = function () {
        try { if (doc.execCommand("copy")) done(); } catch (err) { /* the text stays selected */ }
      };
      if (win.navigator.clipboard && win.isSecureContext) {
        win.navigator.clipboard.writeText(field.value).then(done, fallback);
      } else {
        fallback();
      }
    }
    // Printing: one diagram of the position before each run of comments.
    on(win, "beforeprint", function () {
      const svg = boards[0];
      if (!svg) return;
      sections.forEach(function (s, gi) {
        let last = null;
        s.querySelectorAll("p.comment[data-at]").forEach(function (c) {
          const n = Number(c.dataset.at);
          if (n === last && c.previousElementSibling && c.previousElementSibling.matches("p.comment")) return;
          last = n;
          const copy = svg.cloneNode(true);
          copy.removeAttribute("class");
          copy.removeAttribute("hidden");
          // Its own glow: a gradient is not drawn from a hidden picture.
          copy.querySelector("radialGradient.check-glow").id = mark + "-print-" + gi + "-" + n;
          draw(copy, centres[0], gi, games[gi].nodes[n]);
          const box = doc.createElement("div");
          box.className = "print-board";
          box.appendChild(copy);
          c.parentNode.insertBefore(box, c);
        });
      });
    });
    on(win, "afterprint", function () {
      root.querySelectorAll(".print-board").forEach(function (e) { e.remove(); });
    });
    if (!(options.hash && fromHash())) show(0, 0, false);
    return {
      state: state,
      show: function (g, n) { show(g, n, false); },
      goToOffset: goToOffset,
      destroy: function () {
        drop();
        listeners.forEach(function (l) { l[0].removeEventListener(l[1], l[2]); });
        listeners.length = 0;
      },
    };
  }

  // A radial gradient, red up to where a piece's disc ends and clear at the hex's corners, in
  // the board's <defs>.
  function glow(svg, id) {
    let defs = svg.querySelector("defs");
    if (!defs) {
      defs = svg.ownerDocument.createElementNS(SVG, "defs");
      svg.insertBefore(defs, svg.firstChild);
    }
    const g = svg.ownerDocument.createElementNS(SVG, "radialGradient");
    g.setAttribute("id", id);
    g.setAttribute("class", "check-glow");
    [["0", "#ff0000", "1"], ["0.7", "#e60000", "1"], ["0.9", "#c00000", "0.6"], ["1", "#9e0000", "0"]].forEach(function (s) {
      const stop = svg.ownerDocument.createElementNS(SVG, "stop");
      stop.setAttribute("offset", s[0]);
      stop.setAttribute("stop-color", s[1]);
      stop.setAttribute("stop-opacity", s[2]);
      g.appendChild(stop);
    });
    defs.appendChild(g);
  }

  global.CescacsViewer = { mount: mount };
  const data = global.document && global.document.getElementById("data");
  if (data && data.type === "application/json") mount(global.document, JSON.parse(data.textContent));
})(typeof window !== "undefined" ? window : this);
