// The playground (`cargo xtask playground`): an editor whose text is checked as you type by the
// npm package `cescacs` (WebAssembly), its diagnostics listed and underlined, quick fixes applied
// with a click, and the game viewer of `cescacs html` (cescacs/viewer.js) beside it, following
// the cursor; moves are played on its board by clicking, and written into the text by the
// library's game model (`addMove`). Every change is one step of undo and redo; the text and the
// settings are kept in the browser (localStorage), and Share puts the text in the page's
// address. Everything is loaded from the page's own folder: nothing else is fetched.
import * as cescacs from './cescacs/browser.js';

const $ = (id) => document.getElementById(id);
const text = $('text');
const mirror = $('mirror');
const problems = $('problems');
const summary = $('summary');
const status = $('status');
const level = $('level');
const view = $('view');
const gameList = $('games');
$('board-host').innerHTML = cescacs.viewerBoard();
const warnings = view.querySelector('input[data-toggle="warnings"]');

// What is kept in the browser: the text, and the settings (level, board flipped, warnings).
const KEPT_TEXT = 'cescacs-playground:text';
const KEPT_SETTINGS = 'cescacs-playground:settings';
const settings = { level: 'rules', flip: false, warnings: true };
try {
  Object.assign(settings, JSON.parse(localStorage.getItem(KEPT_SETTINGS) ?? '{}'));
} catch {
  // Settings that cannot be read are the defaults.
}
if ([...level.options].some((o) => o.value === settings.level)) level.value = settings.level;
if (warnings) warnings.checked = settings.warnings !== false;
function keepSettings() {
  try {
    localStorage.setItem(KEPT_SETTINGS, JSON.stringify(settings));
  } catch {
    // Storage refused (private mode, full): the settings last as long as the page.
  }
}

// What the last check took (ms), for the page's user and its browser test; `upToDate` once
// the text shown is the text checked.
const timings = { checks: 0, upToDate: false, waited: null, check: 0, list: 0, viewer: 0, total: 0, sinceEdit: null };
window.playground = timings;

let name = 'untitled.ctl-pgn';
let diagnostics = [];
let lineStarts = [0];
let textBytes = 0;
let shown = null; // the chunk the viewer shows: { start, end, handle }
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

// The string index of the UTF-8 byte offset `byte` of `s` (the inverse of `utf8Length`).
function indexOfByte(s, byte) {
  let n = 0;
  let i = 0;
  while (i < s.length && n < byte) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
    i++;
  }
  return i;
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

// Scrolls the editor to show the cursor's line, a third down.
function revealCursor() {
  const line = text.value.slice(0, text.selectionStart).split('\n').length - 1;
  text.scrollTop = Math.max(0, line * LINE - text.clientHeight / 3);
}

// What a fix does, in words, quoting the text it changes (or, for an insertion, the word
// before it, its end when it is long): Insert `:` after `@W`, Replace `x` with `×`, Remove `+`.
function fixLabel(f) {
  const value = text.value;
  const [from, to] = [indexOfByte(value, f.span.start), indexOfByte(value, f.span.end)];
  const old = value.slice(from, to).trim();
  const replacement = f.replacement.trim();
  if (!old) {
    const word = /\S+$/.exec(value.slice(Math.max(0, from - 40), from))?.[0];
    const after = !word ? '' : word.length > 12 ? ` after \`…${word.slice(-10)}\`` : ` after \`${word}\``;
    return `Insert \`${replacement}\`${after}`;
  }
  if (!replacement) return `Remove \`${old}\``;
  return `Replace \`${old}\` with \`${replacement}\``;
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
      fix.textContent = d.data.fixes.map(fixLabel).join(', ');
      fix.title = 'Apply the quick fix';
      li.append(' ', fix);
    }
    return li;
  });
  problems.replaceChildren(...items);
  const s = result.summary;
  const more = result.omitted ? ` (${result.omitted} more not listed)` : '';
  summary.textContent = `${s.games} game${s.games === 1 ? '' : 's'}, ${s.plies} plies: ${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}${more}`;
  gameList.closest('label').hidden = s.games < 2;
}

problems.addEventListener('click', (e) => {
  const li = e.target.closest('li[data-i]');
  if (!li) return;
  const i = Number(li.dataset.i);
  if (e.target.closest('button.fix')) {
    const d = diagnostics[i];
    const at = indexOfByte(text.value, d.data.fixes[0].span.start);
    change(cescacs.applyFixes(text.value, d.data.fixes), `fixed ${d.code}`, at);
    return;
  }
  reach(i);
});

// The viewer shows the chunk of the text under the cursor (a game from its `[Variant` tag to
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
    const handle = window.CescacsViewer.mount(view, page.games, {
      hash: false,
      flip: settings.flip,
      onFlip: (flipped) => {
        settings.flip = flipped;
        keepSettings();
      },
      legalMoves: (pdtl) => cescacs.moves(pdtl),
      onMove: played,
    });
    shown = { start: page.start, end: page.end, firstGame: page.firstGame, handle };
    showGame();
  }
  shown.handle.goToOffset(at);
}

// A move picked on the board, at the position the viewer shows: written into its game by the
// library (its line, or a new variation there), the cursor put on it.
function played(move, where) {
  let added;
  try {
    added = cescacs.addMove(text.value, { at: where.at, move: move.text });
  } catch (e) {
    status.textContent = `Not played: ${e.message}`;
    return;
  }
  const at = indexOfByte(added.text, added.at);
  if (added.added === 'none') {
    text.setSelectionRange(at, at);
    revealCursor();
    follow();
    status.textContent = `${move.text} is there already`;
    return;
  }
  change(added.text, `played ${move.text}${added.added === 'variation' ? ' (a variation)' : ''}`, at);
  revealCursor();
}

// The game picker: the games of the text (players, result, event), listed when it is opened;
// until then it holds the game shown.
let listed = null;
function gameLabel(number, tags) {
  const tag = (name) => tags.find((t) => t.name === name)?.value;
  const players = tag('White') && tag('Black') ? `${tag('White')} – ${tag('Black')}` : tag('Title') ?? `game ${number}`;
  const more = [tag('Result'), tag('Event')].filter((v) => v && v !== '?').join(', ');
  return `${number}. ${players}${more ? ` (${more})` : ''}`;
}
function showGame() {
  if (!shown) return;
  const at = String(shown.start);
  if (listed === text.value) {
    const options = [...gameList.options];
    const current = options.filter((o) => Number(o.value) <= shown.start).pop() ?? options[0];
    if (current) gameList.value = current.value;
    return;
  }
  const title = $('sections').querySelector('section.game h2')?.textContent ?? `game ${shown.firstGame}`;
  gameList.replaceChildren(new Option(`${shown.firstGame}. ${title}`, at));
  gameList.value = at;
}
function listGames() {
  if (listed === text.value) return;
  let games;
  try {
    games = cescacs.games(text.value);
  } catch {
    return;
  }
  gameList.replaceChildren(...games.map((g) => new Option(gameLabel(g.game, g.tags), String(g.start))));
  listed = text.value;
  showGame();
}
for (const type of ['pointerdown', 'focus', 'keydown']) gameList.addEventListener(type, listGames);
gameList.addEventListener('change', () => {
  const at = indexOfByte(text.value, Number(gameList.value));
  text.setSelectionRange(at, at);
  revealCursor();
  follow();
});

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
  keepSoon();
}

// The text kept in the browser a moment after it changes (a shared text too, once it is
// edited: the address then loses it, and a reload opens the text as it is now).
let keeping = 0;
let keptValue = null;
function keepSoon() {
  clearTimeout(keeping);
  keeping = setTimeout(keep, 500);
}
function keep() {
  clearTimeout(keeping);
  const value = text.value;
  if (shared !== null && shared !== value) {
    shared = null;
    history.replaceState(null, '', location.pathname + location.search);
  }
  if (value === keptValue) return;
  try {
    localStorage.setItem(KEPT_TEXT, value);
    keptValue = value;
  } catch {
    status.textContent = 'The text is too large to be kept in the browser: save it with your editor';
  }
}
// Leaving the page keeps the text at once.
window.addEventListener('pagehide', keep);

// An edit is checked at once (once the browser has taken it), and edits that come while a check
// is due are checked together, no sooner than a pause after the last check (half its time, 10
// to 40 ms): a fast typist on a large text is not checked at every key.
let lastDone = 0;
text.addEventListener('input', () => {
  steps.typed();
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

// Undo and redo: every change of the text is one step, kept as the stretch it replaced (a large
// text costs only its changed parts): typing a run of characters is one step, and so is each
// change the page makes (a file opened, Format, a quick fix, a move played on the board). The
// browser's own undo is not used: it forgets what a script writes into the text.
const steps = {
  done: [],
  undone: [],
  last: text.value,
  // The step being typed, and when it was last typed into.
  typing: null,
  typedAt: 0,
  // The difference between two texts: where it starts, what it removed, what it inserted.
  // Compared a block at a time first (a string comparison is the engine's own, much faster
  // than a loop over characters: a key typed into a large text compares it all).
  diff(a, b) {
    const BLOCK = 4096;
    const max = Math.min(a.length, b.length);
    let at = 0;
    while (at + BLOCK <= max && a.slice(at, at + BLOCK) === b.slice(at, at + BLOCK)) at += BLOCK;
    while (at < max && a.charCodeAt(at) === b.charCodeAt(at)) at++;
    let ea = a.length;
    let eb = b.length;
    while (ea - BLOCK >= at && eb - BLOCK >= at && a.slice(ea - BLOCK, ea) === b.slice(eb - BLOCK, eb)) {
      ea -= BLOCK;
      eb -= BLOCK;
    }
    while (ea > at && eb > at && a.charCodeAt(ea - 1) === b.charCodeAt(eb - 1)) {
      ea--;
      eb--;
    }
    return { at, removed: a.slice(at, ea), inserted: b.slice(at, eb) };
  },
  push(step) {
    this.done.push(step);
    if (this.done.length > 1000) this.done.shift();
    this.undone = [];
    this.last = text.value;
    this.buttons();
  },
  // What the browser did to the text (typing, pasting, cutting, dropping).
  typed() {
    const step = this.diff(this.last, text.value);
    if (!step.removed && !step.inserted) return;
    const now = performance.now();
    const run = this.typing;
    if (run && this.done[this.done.length - 1] === run && !step.removed && now - this.typedAt < 1500 &&
        step.at === run.at + run.inserted.length && !/\n/.test(step.inserted)) {
      run.inserted += step.inserted;
      run.after = [text.selectionStart, text.selectionEnd];
      this.last = text.value;
      this.undone = [];
      this.buttons();
    } else {
      step.label = 'typing';
      step.after = [text.selectionStart, text.selectionEnd];
      this.push(step);
      this.typing = step;
    }
    this.typedAt = now;
  },
  // A change the page makes, `label` saying what it is; the cursor goes to `cursor`.
  change(value, label, cursor) {
    const step = this.diff(text.value, value);
    if (!step.removed && !step.inserted) return false;
    step.label = label;
    text.value = value;
    const at = Math.min(cursor ?? step.at + step.inserted.length, value.length);
    text.setSelectionRange(at, at);
    step.after = [at, at];
    this.typing = null;
    this.push(step);
    return true;
  },
  undo() {
    const step = this.done.pop();
    if (!step) return null;
    const v = text.value;
    text.value = v.slice(0, step.at) + step.removed + v.slice(step.at + step.inserted.length);
    text.setSelectionRange(step.at, step.at + step.removed.length);
    this.undone.push(step);
    this.settle();
    return step;
  },
  redo() {
    const step = this.undone.pop();
    if (!step) return null;
    const v = text.value;
    text.value = v.slice(0, step.at) + step.inserted + v.slice(step.at + step.removed.length);
    text.setSelectionRange(...step.after);
    this.done.push(step);
    this.settle();
    return step;
  },
  settle() {
    this.last = text.value;
    this.typing = null;
    this.buttons();
  },
  buttons() {
    $('undo').disabled = !this.done.length;
    $('redo').disabled = !this.undone.length;
  },
};

// The text changed by the page: one step of undo, checked at once.
function change(value, done, cursor) {
  if (!steps.change(value, done, cursor)) {
    status.textContent = `Nothing changed (${done})`;
    return;
  }
  checkNow(done);
}

function checkNow(done) {
  clearTimeout(timer);
  timer = 0;
  editedAt = null;
  recheck();
  if (done) status.textContent = `${status.textContent} (${done})`;
}

function undo() {
  const step = steps.undo();
  if (!step) status.textContent = 'Nothing to undo';
  else {
    revealCursor();
    checkNow(`undone: ${step.label}`);
  }
}

function redo() {
  const step = steps.redo();
  if (!step) status.textContent = 'Nothing to redo';
  else {
    revealCursor();
    checkNow(`redone: ${step.label}`);
  }
}

// Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y), in the editor and anywhere on the page but in another
// field; the browser's Undo and Redo (its menus) take the same steps.
function undoKey(e) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? redo : undo;
  if (key === 'y' && !e.shiftKey) return redo;
  return null;
}
text.addEventListener('keydown', (e) => {
  const act = undoKey(e);
  if (!act) return;
  e.preventDefault();
  act();
});
text.addEventListener('beforeinput', (e) => {
  if (e.inputType !== 'historyUndo' && e.inputType !== 'historyRedo') return;
  e.preventDefault();
  (e.inputType === 'historyUndo' ? undo : redo)();
});
document.addEventListener('keydown', (e) => {
  const t = e.target;
  if (t === text || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable))) return;
  const act = undoKey(e);
  if (!act) return;
  e.preventDefault();
  act();
});
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
steps.buttons();

// A file opened shows its first game, in the editor and on the board.
async function open(file) {
  name = file.name;
  const value = await file.text();
  if (!steps.change(value, `opened ${file.name}`, 0)) {
    text.setSelectionRange(0, 0);
  }
  text.scrollTop = 0;
  text.scrollLeft = 0;
  checkNow(`opened ${file.name}`);
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
level.addEventListener('change', () => {
  settings.level = level.value;
  keepSettings();
  recheck();
});
if (warnings) {
  warnings.addEventListener('change', () => {
    settings.warnings = warnings.checked;
    keepSettings();
  });
}

$('format').addEventListener('click', () => {
  let formatted;
  try {
    formatted = cescacs.format(text.value);
  } catch (e) {
    status.textContent = `Not formatted: ${e.message}`;
    return;
  }
  // The cursor stays in the same game.
  const at = Math.min(text.selectionStart, formatted.length);
  change(formatted, 'formatted', at);
});
$('from-app').addEventListener('click', () => {
  const read = cescacs.fromApp(text.value);
  if (read.text !== null) change(read.text, 'read from the app\'s format', 0);
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

// Share: the text, compressed (deflate) and written in base64url, becomes the page's address
// (`#text=…`), which is copied; opening that address opens the text.
const SHARED = /^#text=([A-Za-z0-9_-]*)$/;
let shared = null; // the text the address holds, until it is edited
async function pack(value) {
  const stream = new Blob([value]).stream().pipeThrough(new CompressionStream('deflate'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
async function unpack(packed) {
  const binary = atob(packed.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Response(stream).text();
}
$('share').addEventListener('click', async () => {
  const value = text.value;
  const hash = `#text=${await pack(value)}`;
  history.replaceState(null, '', hash);
  shared = value;
  try {
    await navigator.clipboard.writeText(location.href);
    status.textContent = `Link copied (${location.href.length} characters)`;
  } catch {
    status.textContent = 'The link is in the address bar (it could not be copied)';
  }
});
// The text of a shared address, or null.
async function sharedText() {
  const m = SHARED.exec(location.hash);
  if (!m) return null;
  try {
    return await unpack(m[1]);
  } catch {
    status.textContent = 'The address holds no text that can be read';
    return null;
  }
}
window.addEventListener('hashchange', async () => {
  const value = await sharedText();
  if (value === null || value === text.value) return;
  shared = value;
  change(value, 'opened the shared text', 0);
  text.scrollTop = 0;
});

// The text at the start: a shared address's, else the one kept, else the sample.
const first = await sharedText();
let kept = null;
try {
  kept = localStorage.getItem(KEPT_TEXT);
} catch {
  kept = null;
}
if (first !== null) shared = first;
const start = first ?? kept;
if (start !== null && start !== text.value) {
  text.value = start;
  steps.settle();
}
text.setSelectionRange(0, 0);
recheck();
document.documentElement.dataset.ready = 'true';
