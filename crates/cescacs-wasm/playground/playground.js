// The playground (`cargo xtask playground`): an editor whose text is checked as you type by the
// npm package `cescacs` (WebAssembly), its diagnostics listed and underlined, quick fixes applied
// with a click, and the game viewer of `cescacs html` (cescacs/viewer.js) beside it, following
// the cursor. Everything is loaded from the page's own folder: nothing else is fetched.
import * as cescacs from './cescacs/index.js';

const $ = (id) => document.getElementById(id);
const text = $('text');
const mirror = $('mirror');
const problems = $('problems');
const summary = $('summary');
const status = $('status');
const level = $('level');
const view = $('view');
$('board-host').innerHTML = cescacs.viewerBoard();

// What the last check took (ms), for the page's user and its browser test; `upToDate` once
// the text shown is the text checked.
const timings = { checks: 0, upToDate: false, waited: null, check: 0, list: 0, viewer: 0, total: 0, sinceEdit: null };
window.playground = timings;

let name = 'untitled.ctl-pgn';
let diagnostics = [];
let lineStarts = [0];
let textBytes = 0;
let shown = null; // the piece the viewer shows: { start, end, handle }
let timer = 0;
let editedAt = null;

// The UTF-8 length of `s` up to the index `end` (what the module's byte offsets count); a lone
// surrogate is written U+FFFD, three bytes, as the module reads it.
function utf8Length(s, end) {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

// Where each line starts (a textarea's value breaks lines with `\n` only).
function starts(s) {
  const out = [0];
  for (let at = s.indexOf('\n'); at >= 0; at = s.indexOf('\n', at + 1)) out.push(at + 1);
  return out;
}

// A diagnostic's range as string indices (its columns are UTF-16, JavaScript's own).
function indices(d, length) {
  const at = (p) => Math.min((lineStarts[Math.min(p.line, lineStarts.length - 1)] ?? 0) + p.character, length);
  return [at(d.range.start), at(d.range.end)];
}

const escapeHtml = (s) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

// The editor does not wrap lines, so that line N is always at N line heights: the text behind
// it (the mirror, where the diagnostics are underlined) holds only the lines in view, and is
// drawn again as the editor scrolls, whatever the size of the text.
const LINE = 21; // px: the editor's `line-height`
const PAD = 8; // px: its padding
let drawn = '';

function underline() {
  const value = text.value;
  const first = Math.max(0, Math.floor((text.scrollTop - PAD) / LINE) - 2);
  const last = Math.min(lineStarts.length - 1, first + Math.ceil(text.clientHeight / LINE) + 4);
  // The marks of each line in view: [from, to, diagnostic, kind] in columns (UTF-16).
  const marks = new Map();
  diagnostics.forEach((d, i) => {
    const { start, end } = d.range;
    for (let line = Math.max(start.line, first); line <= Math.min(end.line, last); line++) {
      const from = line === start.line ? start.character : 0;
      const to = line === end.line ? end.character : Infinity;
      if (!marks.has(line)) marks.set(line, []);
      marks.get(line).push([from, to, i, d.severity === 1 ? 'error' : 'warning']);
    }
  });
  const out = [];
  for (let line = first; line <= last; line++) {
    const s = value.slice(lineStarts[line], line + 1 < lineStarts.length ? lineStarts[line + 1] - 1 : value.length);
    let done = 0;
    for (const [from, to, i, kind] of (marks.get(line) ?? []).sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
      const a = Math.max(Math.min(from, s.length), done);
      const b = Math.max(Math.min(to, s.length), a);
      out.push(escapeHtml(s.slice(done, a)));
      // An empty range (or one past the line's end) still shows where it is.
      out.push(`<mark class="${kind}" data-i="${i}">${b > a ? escapeHtml(s.slice(a, b)) : ' '}</mark>`);
      done = b;
    }
    out.push(escapeHtml(s.slice(done)), '\n');
  }
  const html = out.join('');
  const box = mirror.firstElementChild;
  box.style.paddingTop = `${PAD + first * LINE}px`;
  // Room for the editor's scroll bar too, so that both scroll as far.
  box.style.height = `${PAD * 2 + lineStarts.length * LINE + 32}px`;
  box.style.minWidth = `${text.scrollWidth}px`;
  if (html !== drawn) {
    box.innerHTML = html;
    drawn = html;
  }
  mirror.scrollTop = text.scrollTop;
  mirror.scrollLeft = text.scrollLeft;
}

// Moves the cursor to diagnostic `i`, selecting its range, and scrolls the editor to it.
function reach(i) {
  const [from, to] = indices(diagnostics[i], text.value.length);
  text.focus({ preventScroll: true });
  text.setSelectionRange(from, to);
  text.scrollTop = Math.max(0, diagnostics[i].range.start.line * LINE - text.clientHeight / 3);
  underline();
  follow();
}

// What a fix does, in words: an empty span is an insertion, an empty replacement a deletion.
function fixLabel(f) {
  if (f.span.start === f.span.end) return `insert ${f.replacement}`;
  if (!f.replacement) return 'delete';
  return `replace with ${f.replacement}`;
}

function list(result) {
  const items = diagnostics.map((d, i) => {
    const li = document.createElement('li');
    li.className = d.severity === 1 ? 'error' : 'warning';
    li.dataset.code = d.code;
    li.dataset.i = String(i);
    const where = document.createElement('button');
    where.type = 'button';
    where.className = 'at';
    where.textContent = `${d.range.start.line + 1}:${d.range.start.character + 1}`;
    where.title = 'Go to it in the text';
    const code = document.createElement('b');
    code.className = 'code';
    code.textContent = d.code;
    const message = document.createElement('span');
    message.className = 'message';
    message.textContent = d.message;
    li.append(where, ' ', code, ' ', message);
    for (const help of d.data.help) {
      const h = document.createElement('div');
      h.className = 'help';
      h.textContent = `help: ${help}`;
      li.append(h);
    }
    if (d.data.fixes.length) {
      const fix = document.createElement('button');
      fix.type = 'button';
      fix.className = 'fix';
      fix.textContent = `Fix: ${d.data.fixes.map(fixLabel).join(', ')}`;
      fix.title = 'Apply the quick fix';
      li.append(' ', fix);
    }
    return li;
  });
  problems.replaceChildren(...items);
  const s = result.summary;
  const more = result.omitted ? ` (${result.omitted} more not listed)` : '';
  summary.textContent = `${s.games} game${s.games === 1 ? '' : 's'}, ${s.plies} plies: ${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}${more}`;
}

problems.addEventListener('click', (e) => {
  const li = e.target.closest('li[data-i]');
  if (!li) return;
  const i = Number(li.dataset.i);
  if (e.target.closest('button.fix')) {
    setText(cescacs.applyFixes(text.value, diagnostics[i].data.fixes), `fixed ${diagnostics[i].code}`);
    return;
  }
  reach(i);
});

// The viewer shows the piece of the text under the cursor (a game from its `[Variant` tag to
// the next one), at the last move before the cursor.
function follow(force) {
  const value = text.value;
  const at = utf8Length(value, text.selectionStart);
  const outside = !shown || at < shown.start || (at >= shown.end && shown.end < textBytes);
  if (force || outside) {
    const page = cescacs.viewer(value, { at, name });
    if (shown) shown.handle.destroy();
    $('sections').innerHTML = page.sections;
    $('notes').innerHTML = page.notes;
    const handle = window.CescacsViewer.mount(view, page.games, { hash: false });
    shown = { start: page.start, end: page.end, handle };
  }
  shown.handle.goToOffset(at);
}

function recheck() {
  timer = 0;
  const t0 = performance.now();
  const value = text.value;
  let result;
  try {
    result = cescacs.check(value, { level: level.value });
  } catch (e) {
    status.textContent = `Not checked: ${e.message}`;
    return;
  }
  const t1 = performance.now();
  diagnostics = result.diagnostics;
  lineStarts = starts(value);
  textBytes = utf8Length(value, value.length);
  list(result);
  underline();
  const t2 = performance.now();
  // The diagnostics are shown: the time since the edit stops here; the board follows.
  timings.sinceEdit = editedAt === null ? null : t2 - editedAt;
  timings.waited = editedAt === null ? null : t0 - editedAt;
  editedAt = null;
  follow(true);
  const t3 = performance.now();
  timings.checks += 1;
  timings.check = t1 - t0;
  timings.list = t2 - t1;
  timings.viewer = t3 - t2;
  timings.total = t3 - t0;
  status.textContent = `Checked in ${timings.total.toFixed(0)} ms`;
  lastDone = performance.now();
  timings.upToDate = !timer;
}

// An edit is checked at once (once the browser has taken it), and edits that come while a check
// is due are checked together, no sooner than a pause after the last check (half its time, 10
// to 40 ms): a fast typist on a large text is not checked at every key.
let lastDone = 0;
text.addEventListener('input', () => {
  timings.upToDate = false;
  if (editedAt === null) editedAt = performance.now();
  if (timer) return;
  const pause = Math.min(40, Math.max(10, timings.total / 2));
  timer = setTimeout(recheck, Math.max(0, lastDone + pause - performance.now()));
});
let scrolled = 0;
text.addEventListener('scroll', () => {
  mirror.scrollTop = text.scrollTop;
  mirror.scrollLeft = text.scrollLeft;
  if (!scrolled) scrolled = requestAnimationFrame(() => { scrolled = 0; underline(); });
});
for (const type of ['keyup', 'mouseup', 'focus']) {
  text.addEventListener(type, () => {
    if (!timer) follow();
  });
}

function setText(value, done) {
  text.value = value;
  clearTimeout(timer);
  editedAt = null;
  recheck();
  if (done) status.textContent = `${status.textContent} (${done})`;
}

async function open(file) {
  name = file.name;
  setText(await file.text(), `opened ${file.name}`);
}

$('open').addEventListener('change', (e) => {
  if (e.target.files[0]) open(e.target.files[0]);
});
const editor = $('editor');
editor.addEventListener('dragover', (e) => {
  e.preventDefault();
  editor.classList.add('drop');
});
editor.addEventListener('dragleave', () => editor.classList.remove('drop'));
editor.addEventListener('drop', (e) => {
  e.preventDefault();
  editor.classList.remove('drop');
  if (e.dataTransfer.files[0]) open(e.dataTransfer.files[0]);
});
level.addEventListener('change', () => recheck());

$('format').addEventListener('click', () => {
  try {
    setText(cescacs.format(text.value), 'formatted');
  } catch (e) {
    status.textContent = `Not formatted: ${e.message}`;
  }
});
$('from-app').addEventListener('click', () => {
  const read = cescacs.fromApp(text.value);
  if (read.text !== null) setText(read.text, 'read from the app\'s format');
  else status.textContent = `Not an app move list: ${read.diagnostics.map((d) => d.message)[0] ?? ''}`;
});
$('to-app').addEventListener('click', () => {
  let games;
  try {
    games = cescacs.toApp(text.value);
  } catch (e) {
    status.textContent = `Not converted: ${e.message}`;
    return;
  }
  const out = games.map((g) => {
    if (g.text === null) return `// game ${g.game}: not converted: ${g.diagnostics.map((d) => d.message).join('; ')}`;
    const dropped = g.dropped.length ? `// game ${g.game}: left out: ${g.dropped.join(', ')}\n` : '';
    return dropped + g.text;
  });
  show('For the app', out.join('\n\n'));
});

function show(title, value) {
  $('output-title').textContent = title;
  $('output-text').value = value;
  $('output').hidden = false;
}
$('output-close').addEventListener('click', () => { $('output').hidden = true; });

async function copy(value, what) {
  try {
    await navigator.clipboard.writeText(value);
    status.textContent = `Copied ${what}`;
  } catch {
    status.textContent = `Could not copy ${what}`;
  }
}
$('output-copy').addEventListener('click', () => copy($('output-text').value, 'the app\'s text'));
$('copy-pdtl').addEventListener('click', () => {
  const pdtl = view.querySelector('#pdtl');
  if (pdtl && pdtl.value) copy(pdtl.value, 'the PDTL');
});

recheck();
document.documentElement.dataset.ready = 'true';
