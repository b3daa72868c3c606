// The site of `cescacs html` (crates/ctl-cli/src/html/site.js), after the viewer's script in
// the site's one shared script, and after `CescacsSite` (the board with its controls and the
// standard pieces, written by the command): on a game page, the board is drawn and the games'
// positions, deflated and base64-encoded on the page, are read and the viewer mounted; on the
// index, the table sorts by a column and a search box keeps the games whose row holds every
// word.
"use strict";
(function (global) {
  const doc = global.document;
  if (!doc) return;
  const site = global.CescacsSite;

  const viewer = doc.querySelector("section.viewer[data-drawn-by-script]");
  if (viewer && site) viewer.innerHTML = site.viewer;
  const packed = doc.getElementById("packed");
  if (packed && site) {
    const bytes = Uint8Array.from(global.atob(packed.textContent.trim()), function (c) {
      return c.charCodeAt(0);
    });
    const text = new global.Response(
      new global.Blob([bytes]).stream().pipeThrough(new global.DecompressionStream("deflate-raw"))
    ).text();
    text.then(function (json) {
      const games = JSON.parse(json);
      // The pieces drawn as every standard game draws them are written once, here.
      games.forEach(function (g) {
        Object.keys(site.pieces).forEach(function (letter) {
          if (!(letter in g.pieces)) g.pieces[letter] = site.pieces[letter];
        });
      });
      global.CescacsViewer.mount(doc, games);
      doc.documentElement.dataset.mounted = "true";
    });
  }

  const table = doc.querySelector("table.games");
  if (!table) return;
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const search = doc.getElementById("search");
  const count = doc.getElementById("shown");
  // Each row's text, once, for the search.
  const texts = rows.map(function (r) { return r.textContent.toLowerCase(); });
  function filter() {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    rows.forEach(function (r, i) {
      const keep = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
      r.hidden = !keep;
      shown += keep ? 1 : 0;
    });
    if (count) count.textContent = String(shown);
  }
  if (search) {
    search.addEventListener("input", filter);
    filter();
  }
  // A cell sorts by its `data-sort` value when it has one (numbers), else by its text.
  function key(row, column) {
    const cell = row.cells[column];
    const value = cell.dataset.sort !== undefined ? cell.dataset.sort : cell.textContent;
    const number = Number(value);
    return value !== "" && !Number.isNaN(number) ? number : value.toLowerCase();
  }
  const place = new Map(rows.map(function (r, i) { return [r, i]; }));
  table.querySelectorAll("th[data-column]").forEach(function (th) {
    const button = th.querySelector("button");
    button.addEventListener("click", function () {
      const column = Number(th.dataset.column);
      const ascending = th.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("th[aria-sort]").forEach(function (other) {
        other.removeAttribute("aria-sort");
      });
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const keys = new Map(rows.map(function (r) { return [r, key(r, column)]; }));
      const order = rows.slice().sort(function (a, b) {
        const x = keys.get(a), y = keys.get(b);
        // Numbers before text; equal keys keep the collection's order.
        const by = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : typeof x === "number" ? -1 : 1;
        return (ascending ? by : -by) || place.get(a) - place.get(b);
      });
      body.append.apply(body, order);
    });
  });
})(typeof window !== "undefined" ? window : globalThis);
