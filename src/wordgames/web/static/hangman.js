// Hangman page: one board of tiles, the lives and a letter keyboard, in three modes.
//  - You guess: a phrase from GET /api/hangman/info's `puzzles` is hidden here and played by the
//    letter keys (or the physical keyboard); then the computer can play the same phrase.
//  - Computer guesses: POST /api/hangman/play, its steps replayed one guess at a time.
//  - Help with a board: the board built by clicking (blanks, word breaks, letters, wrong
//    letters), sent to POST /api/hangman/assist for the next letter.
"use strict";
navigation("hangman");
const $ = id => document.getElementById(id);
const ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const STEP_MS = 700;  // between the computer's guesses: slow enough to follow
// What a solver's stage means, for the solvers that have more than one. As on the command line,
// a stage named after its solver (posterior's only one) says nothing and is never shown, and a
// game's steps name the stage only where the solver switches to it.
const STAGES = {
  seed: {"1": "stage 1: the fixed letter order, until a miss or enough letters show",
         "2": "stage 2: the letters of the language model's best phrase"},
  baseline: {vowels: "a vowel first", fill: "completing the word it is surest of",
             frequency: "the most frequent letter left"},
};
const stageText = (solver, stage) =>
  !stage || stage === solver ? null : (STAGES[solver] || {})[stage] || `stage ${stage}`;

const state = {
  mode: "play", info: null, lives: 3,
  play: {puzzle: null, next: 0, right: new Set(), wrong: [], over: false, result: null},
  watch: {game: null, shown: 0, timer: null, yours: null},
  help: {tiles: [], selected: -1, wrong: new Set(), pending: null, advice: null},
};

const isLetter = ch => /^[a-z]$/.test(ch);
const context = () => ({category: $("category").value.trim() || null, domain: $("domain").checked});
// a percentage that never rounds a near-certainty up to a certainty, nor a long shot down to none
function percent(p) {
  if (p === null || p === undefined) return "";
  const x = 100 * p;
  return x > 99 && x < 100 ? ">99%" : x > 0 && x < 1 ? "<1%" : `${Math.round(x)}%`;
}

// ---- drawing ---------------------------------------------------------------------------------
// `cells`: [{ch, hidden, fresh, missed}] in phrase order; spaces split the words, which wrap
// as wholes. `clickable`: tiles are buttons (the board builder).
function drawBoard(cells, clickable = false) {
  const words = [];
  let word = null;
  cells.forEach((c, i) => {
    if (c.ch === " ") { word = null; if (clickable) words.push(tile(c, i, clickable, "space")); return; }
    if (!word) { word = el("span", {class: "hm-word"}); words.push(word); }
    word.append(tile(c, i, clickable));
  });
  $("board").replaceChildren(...words);
  if (!cells.length) $("board").append(el("p", {class: "muted small hm-empty"},
    state.mode === "help" ? "The board is empty: add blanks and word breaks." : ""));
}

function tile(c, index, clickable, kind) {
  kind = kind || (c.hidden ? "blank" : isLetter(c.ch) ? "letter" : "punct");
  const classes = ["hm-tile", kind, c.fresh && "fresh", c.missed && "missed",
                   clickable && index === state.help.selected && "selected"].filter(Boolean);
  const shown = kind === "blank" ? "" : kind === "space" ? "␣" : c.ch;
  const name = kind === "blank" ? "hidden letter" : kind === "space" ? "word break"
    : kind === "letter" ? c.ch.toUpperCase() : `"${c.ch}"`;
  if (!clickable) {
    return el("span", {class: classes.join(" "), role: "img", "aria-label": name}, shown);
  }
  return el("button", {type: "button", class: classes.join(" "), "data-index": index,
    "aria-label": `tile ${index + 1}: ${name}`, "aria-pressed": String(index === state.help.selected),
    onclick: () => clickTile(index)}, shown);
}

// `known(letter)`: "hit", "miss" or ""; `enabled(letter)`: whether a click does something.
function drawKeys(known, enabled, suggest = null) {
  $("keys").replaceChildren(...ROWS.map(row => el("div", {class: "hm-row"}, [...row].map(ch => {
    const k = known(ch);
    const label = ch.toUpperCase() + (k === "hit" ? ", in the phrase" : k === "miss" ? ", not in the phrase" : "")
      + (ch === suggest ? ", suggested" : "");
    return el("button", {type: "button", class: ["hm-key", k, ch === suggest && "suggest"].filter(Boolean).join(" "),
      "data-key": ch, "aria-label": label, disabled: !enabled(ch), onclick: () => pressLetter(ch)},
      ch.toUpperCase());
  }))));
}

function drawLives(wrong) {
  const lives = state.lives, left = Math.max(0, lives - wrong);
  const hearts = [];
  for (let i = 0; i < lives; i++) hearts.push(el("span", {class: i < left ? "hm-heart" : "hm-heart lost"}, i < left ? "♥" : "♡"));
  $("lives").replaceChildren(...hearts, el("span", {class: "hm-lives-text"}, `${left} of ${plural(lives, "life", "lives")} left`));
  $("lives").setAttribute("aria-label", `${left} of ${lives} lives left`);
}

function drawWrong(letters) {
  $("wrong-letters").textContent = letters.length ? `Wrong: ${letters.map(c => c.toUpperCase()).join(" ")}` : "";
}

function say(text) { $("status").textContent = text; }

function showCategory(category) {
  $("shown-category").hidden = !category;
  $("shown-category").textContent = category ? `Category: ${category}` : "";
}

// ---- modes -----------------------------------------------------------------------------------
const MODES = ["play", "watch", "help"];
function setMode(mode) {
  state.mode = mode;
  for (const m of MODES) {
    const tab = $(`tab-${m}`);
    tab.setAttribute("aria-selected", String(m === mode));
    tab.tabIndex = m === mode ? 0 : -1;
    $(`panel-${m}`).hidden = m !== mode;
  }
  stopWatching();
  showError("error", null);
  $("advice").hidden = mode !== "help" || !state.help.advice;
  $("log").hidden = mode !== "watch" || !state.watch.game;
  $("board-text").hidden = mode !== "help";
  // the category a player types matters to the solver, not to a phrase the page hides
  $("category").closest("label").hidden = mode === "play";
  draw();
}

function draw() {
  if (state.mode === "play") drawPlay();
  else if (state.mode === "watch") drawWatch();
  else drawHelp();
}

for (const m of MODES) $(`tab-${m}`).onclick = () => setMode(m);
$("tab-play").parentElement.addEventListener("keydown", e => {
  const i = MODES.indexOf(state.mode);
  const j = e.key === "ArrowRight" ? (i + 1) % 3 : e.key === "ArrowLeft" ? (i + 2) % 3 : -1;
  if (j < 0) return;
  e.preventDefault();
  setMode(MODES[j]);
  $(`tab-${MODES[j]}`).focus();
});

// ---- You guess -------------------------------------------------------------------------------
function newPuzzle() {
  const puzzles = state.info ? state.info.puzzles : [];
  const p = state.play;
  if (!puzzles.length) {
    p.puzzle = null;
    say("This server has no phrase set to hide a phrase from: try Computer guesses.");
    return;
  }
  p.puzzle = puzzles[p.next % puzzles.length];
  p.next += 1;
  p.right = new Set(); p.wrong = []; p.over = false; p.result = null; p.fresh = null;
  $("rematch").hidden = true;
  say("Pick a letter.");
  drawPlay();
}

function drawPlay() {
  const p = state.play;
  if (!p.puzzle) { drawBoard([]); drawKeys(() => "", () => false); drawLives(0); drawWrong([]); showCategory(null); return; }
  const lost = p.over && !p.result.won;
  drawBoard([...p.puzzle.phrase].map(ch => {
    const hidden = isLetter(ch) && !p.right.has(ch);
    return {ch, hidden: hidden && !lost, missed: hidden && lost, fresh: ch === p.fresh};
  }));
  showCategory(p.puzzle.category);
  drawKeys(ch => p.right.has(ch) ? "hit" : p.wrong.includes(ch) ? "miss" : "",
           ch => !p.over && !p.right.has(ch) && !p.wrong.includes(ch));
  drawLives(p.wrong.length);
  drawWrong(p.wrong);
}

function guess(ch) {
  const p = state.play;
  if (!p.puzzle || p.over || p.right.has(ch) || p.wrong.includes(ch)) return;
  const count = [...p.puzzle.phrase].filter(c => c === ch).length;
  if (count) { p.right.add(ch); p.fresh = ch; } else { p.wrong.push(ch); p.fresh = null; }
  const letters = new Set([...p.puzzle.phrase].filter(isLetter));
  const won = [...letters].every(c => p.right.has(c));
  const lost = p.wrong.length >= state.lives;
  const L = ch.toUpperCase();
  if (won || lost) {
    p.over = true;
    p.result = {won, wrong: p.wrong.length, guesses: p.right.size + p.wrong.length};
    say(won ? `You found it with ${plural(p.wrong.length, "wrong letter")}!`
            : `Out of lives. The phrase was: ${p.puzzle.phrase.toUpperCase()}`);
    $("rematch").hidden = false;
  } else {
    say(count ? `${L} is in the phrase (${plural(count, "tile")}).` : `No ${L}. ${plural(state.lives - p.wrong.length, "life", "lives")} left.`);
  }
  drawPlay();
}

$("new-puzzle").onclick = newPuzzle;
$("rematch").onclick = () => {
  const p = state.play;
  state.watch.yours = {phrase: p.puzzle.phrase, ...p.result};
  $("phrase").value = p.puzzle.phrase;
  $("category").value = p.puzzle.category || "";
  setMode("watch");
  watch();
};

// ---- Computer guesses ------------------------------------------------------------------------
function stopWatching() {
  clearTimeout(state.watch.timer);
  state.watch.timer = null;
  $("skip").hidden = true;
}

async function watch() {
  stopWatching();
  const phrase = $("phrase").value;
  if (state.watch.yours && state.watch.yours.phrase !== phrase.trim().toLowerCase()) state.watch.yours = null;
  const g = await guarded("error", () => api("/api/hangman/play",
    {phrase, solver: $("solver").value, ...context()}));
  if (!g) return;
  state.watch.game = g;
  state.watch.shown = 0;
  $("log").hidden = false;
  $("skip").hidden = false;
  drawWatch();
  tick();
}

function tick() {
  const w = state.watch;
  if (w.shown >= w.game.steps.length) { stopWatching(); return; }
  w.timer = setTimeout(() => { w.shown += 1; drawWatch(); tick(); }, STEP_MS);
}

$("play").onclick = watch;
$("phrase").addEventListener("keydown", e => { if (e.key === "Enter") watch(); });
$("skip").onclick = () => { stopWatching(); state.watch.shown = state.watch.game.steps.length; drawWatch(); };

function drawWatch() {
  const w = state.watch, g = w.game;
  if (!g) { drawBoard([]); drawKeys(() => "", () => false); drawLives(0); drawWrong([]); showCategory(null); say(""); return; }
  const n = w.shown, steps = g.steps, done = n >= steps.length;
  const board = done ? g.final : steps[n].board;
  const played = steps.slice(0, n);
  const right = new Set(played.filter(s => s.hit).map(s => s.guess));
  const wrong = played.filter(s => !s.hit).map(s => s.guess);
  const last = played[n - 1];
  const lost = done && !g.won;
  drawBoard([...board].map((ch, i) => {
    const hidden = ch === "_";
    return {ch: hidden ? g.phrase[i] : ch, hidden: hidden && !lost, missed: hidden && lost,
            fresh: last && last.hit && ch === last.guess};
  }));
  showCategory(g.category);
  drawKeys(ch => right.has(ch) ? "hit" : wrong.includes(ch) ? "miss" : "", () => false);
  drawLives(wrong.length);
  drawWrong(wrong);
  if (done) {
    let text = `The computer ${g.won ? "won" : "lost"} with ${plural(g.wrong, "wrong letter")} in ${plural(g.guesses, "guess", "guesses")}.`;
    if (w.yours) text += ` You ${w.yours.won ? "won" : "lost"} with ${plural(w.yours.wrong, "wrong letter")}.`;
    say(text);
  } else if (last) {
    say(`Guess ${n}: ${last.guess.toUpperCase()} ${last.hit ? "is in the phrase" : "is not in the phrase"}.`);
  } else {
    say("The computer is thinking...");
  }
  drawSteps(played, g.solver, g.steps);
}

function drawSteps(played, solver, steps) {
  const staged = new Set(steps.map(s => s.stage)).size > 1;  // the column stays put as steps show
  const headers = ["#", "guess, its probability", "the phrase it believed"];
  if (staged) headers.push("why");
  const rows = played.map((s, i) => {
    const row = [i + 1,
      el("span", {}, `${s.guess.toUpperCase()} ${s.hit ? "✓" : "✗"} `,
         el("span", {class: "hm-prob"}, s.hit ? percentOrScore(s.probability, solver) : `wrong, ${percentOrScore(s.probability, solver)}`)),
      el("span", {class: "hm-belief"}, s.prediction,
         s.reason ? el("span", {class: "muted small"}, ` (${s.reason})`) : null)];
    if (staged) row.push(i && s.stage === played[i - 1].stage ? "" : stageText(solver, s.stage) || "");
    return row;
  });
  $("steps").replaceChildren(dataTable("The computer's guesses", headers, rows));
}

// the posterior solver's scores are probabilities; the seed solver's are word counts
function percentOrScore(x, solver) {
  if (x === null || x === undefined) return "";
  return solver === "seed" ? `${x} word${x === 1 ? "" : "s"}` : percent(x);
}

// ---- Help with a board -----------------------------------------------------------------------
const boardText = () => state.help.tiles.map(t => t.ch).join("");

function drawHelp() {
  const h = state.help;
  drawBoard(h.tiles.map(t => ({ch: t.ch, hidden: t.ch === "_"})), true);
  showCategory(null);
  const shown = new Set(h.tiles.map(t => t.ch).filter(isLetter));
  drawKeys(ch => shown.has(ch) ? "hit" : h.wrong.has(ch) ? "miss" : "", () => true, h.pending);
  drawLives(h.wrong.size);
  drawWrong([...h.wrong].sort());
  $("board-text").textContent = h.tiles.length ? `The board as sent: ${boardText()}` : "";
  $("not-in").hidden = !h.pending;
  if (h.pending) $("not-in").textContent = `${h.pending.toUpperCase()} is not in it`;
}

function addTile(ch) {
  const h = state.help;
  if (ch === "_" && h.selected >= 0 && isLetter(h.tiles[h.selected].ch)) {
    h.tiles[h.selected].ch = "_";  // a letter shown by mistake, hidden again
  } else {
    if (ch === " " && (!h.tiles.length || h.tiles[h.tiles.length - 1].ch === " ")) return;
    h.tiles.push({ch});
    h.selected = -1;
  }
  drawHelp();
}

function deleteTile() {
  const h = state.help;
  if (h.selected >= 0) { h.tiles.splice(h.selected, 1); h.selected = -1; } else h.tiles.pop();
  drawHelp();
}

function clickTile(i) {
  const h = state.help, t = h.tiles[i];
  if (h.pending && (t.ch === "_" || t.ch === h.pending)) {
    // following the suggestion: each click shows (or hides again) the suggested letter there
    t.ch = t.ch === "_" ? h.pending : "_";
    h.selected = -1;
  } else {
    h.selected = h.selected === i ? -1 : i;
  }
  drawHelp();
  focusTile(i);
}

function focusTile(i) {
  const b = document.querySelector(`#board [data-index='${i}']`);
  if (b) b.focus();
}

// a letter key in help mode: fill the selected tile, else mark the letter guessed wrong
function helpLetter(ch) {
  const h = state.help;
  const onBoard = h.tiles.some(t => t.ch === ch);
  if (h.selected >= 0 && h.tiles[h.selected].ch !== " " && (isLetter(h.tiles[h.selected].ch) || h.tiles[h.selected].ch === "_")) {
    h.tiles[h.selected].ch = ch;
    h.wrong.delete(ch);
    const next = h.selected + 1;  // typing a word fills its tiles left to right
    h.selected = next < h.tiles.length && (h.tiles[next].ch === "_" || isLetter(h.tiles[next].ch)) ? next : -1;
    drawHelp();
    if (h.selected >= 0) focusTile(h.selected);
    return;
  }
  if (onBoard) {
    showError("error", `${ch.toUpperCase()} is on the board, so it cannot be a wrong letter: select its tile and press + Blank to hide it`);
    return;
  }
  showError("error", null);
  if (h.wrong.has(ch)) h.wrong.delete(ch); else h.wrong.add(ch);
  if (ch === h.pending) h.pending = null;
  drawHelp();
}

async function assist() {
  const h = state.help;
  h.pending = null;  // the last suggestion was followed (or not): the next one replaces it
  drawHelp();
  const a = await guarded("error", () => api("/api/hangman/assist", {
    board: boardText(), wrong: [...h.wrong].join(""), solver: $("solver").value, top: 10, ...context()}));
  if (!a) return;
  h.pending = a.guess;
  h.advice = a;
  h.selected = -1;
  const p = a.probability === null ? "" : a.solver === "seed" ? "" : ` (${percent(a.probability)} likely in the phrase)`;
  say(`Try ${a.guess.toUpperCase()}${p}. If it shows, click its tiles; if not, press "${a.guess.toUpperCase()} is not in it".`);
  const stage = stageText(a.solver, a.stage);
  $("stage").hidden = !stage;
  $("stage").textContent = stage ? `Chosen by ${stage}.` : "";
  $("reason").hidden = !a.reason;  // the listed phrase that decided it, if one did
  $("reason").textContent = a.reason ? `From the phrase lists: ${a.reason}.` : "";
  $("predictions").replaceChildren(...a.predictions.map(pr => el("li", {},
    el("span", {class: "hm-phrase"}, pr.phrase), " ",
    pr.probability === null ? "" : el("span", {class: "muted"}, percent(pr.probability)))));
  const scale = Math.max(...a.letters.map(l => l.probability), 1e-9);
  $("letters").replaceChildren(dataTable("Letters most likely in the phrase",
    ["letter", {text: a.solver === "seed" ? "words it fills" : "probability", num: true}, ""],
    a.letters.slice(0, 10).map(l => [l.letter.toUpperCase(), percentOrScore(l.probability, a.solver),
      el("span", {class: "bar", style: `width:${Math.round(8 * l.probability / scale * 10) / 10}rem`, "aria-hidden": "true"})])));
  $("advice").hidden = false;
  drawHelp();
}

for (const b of document.querySelectorAll("[data-add]")) b.onclick = () => addTile(b.dataset.add);
$("delete").onclick = deleteTile;
$("clear").onclick = () => {
  Object.assign(state.help, {tiles: [], selected: -1, wrong: new Set(), pending: null, advice: null});
  $("advice").hidden = true;
  $("typed").value = "";
  say("");
  drawHelp();
};
$("typed").addEventListener("input", () => {
  const text = $("typed").value.toLowerCase().replace(/\s+/g, " ");
  state.help.tiles = [...text].map(ch => ({ch}));
  state.help.selected = -1;
  drawHelp();
});
$("assist").onclick = assist;
$("not-in").onclick = () => { const ch = state.help.pending; helpLetter(ch); assist(); };

// ---- keys ------------------------------------------------------------------------------------
function pressLetter(ch) {
  if (state.mode === "play") guess(ch);
  else if (state.mode === "help") helpLetter(ch);
}

document.addEventListener("keydown", e => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest("input, select, textarea, summary")) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (isLetter(key) && state.mode !== "watch") { e.preventDefault(); pressLetter(key); return; }
  if (state.mode !== "help") return;
  const adds = {"_": "_", "?": "_", "/": " ", "'": "'", "-": "-", ",": ",", "&": "&"};
  if (key in adds) { e.preventDefault(); addTile(adds[key]); }
  else if (key === "Backspace" || key === "Delete") { e.preventDefault(); deleteTile(); }
  else if (key === "Escape") { state.help.selected = -1; drawHelp(); }
});

// ---- start -----------------------------------------------------------------------------------
guarded("error", () => api("/api/hangman/info")).then(i => {
  if (!i) { draw(); return; }
  state.info = i;
  state.lives = i.lives;
  $("lives-rule").textContent = ["first", "second", "third", "fourth", "fifth"][i.lives - 1] || `${i.lives}th`;
  $("solver").replaceChildren(...i.solvers.map(s => el("option", {value: s, selected: s === i.default_solver}, s)));
  $("domain-label").hidden = !i.domain;
  $("domain").checked = i.domain;
  $("categories").replaceChildren(...i.categories.map(c => el("option", {value: c.replaceAll("_", " ")})));
  state.play.next = Math.floor(Math.random() * Math.max(1, i.puzzles.length));
  newPuzzle();
});
setMode("play");
