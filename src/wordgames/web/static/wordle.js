// The Wordle page: one board, played two ways. "Play" guesses a hidden word (POST /api/wordle/new,
// /guess); "Follow" enters a game played elsewhere, word by word with the colours it got. Either
// way the analysis panel (POST /api/wordle/analyse) describes the board shown: the words left, the
// strategy's next guess and why.
"use strict";
navigation("wordle");

const $ = id => document.getElementById(id);
const CLASS = {g: "g", y: "y", ".": "b"};
const COLOUR = {g: "green", y: "yellow", ".": "grey"};
const SQUARE = {g: "\u{1F7E9}", y: "\u{1F7E8}", ".": "\u2B1B"};
const NEXT_MARK = {".": "y", y: "g", g: "."};
const RANK = {".": 1, y: 2, g: 3};
const PRAISE = ["Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew"];
const FLIP_MS = 250, FLIP_LENGTH_MS = 500;   // wordle.css's wd-flip: one tile after another
const HOW = {
  play: "Guess the hidden word: type a word on your keyboard or the keys above, then Enter. " +
        "Green: right letter, right place. Yellow: in the word, elsewhere. Grey: not in the word. " +
        "Analysis shows the words left and the best next guess.",
  follow: "Enter a game you played elsewhere: type a word, tap its tiles until they show the " +
          "colours you got (grey, yellow, green), then Enter. The analysis follows the board.",
};

let info = {word_length: 5, max_guesses: 6, strategies: [], default_strategy: "optimal", hard_rule: "nyt"};
const boards = {play: newBoard(), follow: newBoard()};
let mode = "play";
let busy = false;              // a row is on its way to the server or turning over
const analysisOpen = {play: false, follow: true};
let analysisSeq = 0;           // answers to older analysis requests are dropped

function newBoard() {
  // rows: [{word, pattern}] played; typing: the letters of the row being typed; marks: their colours
  // (follow mode); game: the hidden-answer game (play mode)
  return {rows: [], typing: "", marks: [], game: null, over: false, won: false, message: ""};
}
function board() { return boards[mode]; }
function hardMode(b) { return b.game ? b.game.hard : $("hard").checked; }
function movesOf(b) { return b.rows.map(r => ({guess: r.word, feedback: r.pattern})); }
function say(text) { board().message = text; $("message").textContent = text; }
function motion() { return !matchMedia("(prefers-reduced-motion: reduce)").matches; }

// the board --------------------------------------------------------------------------------------
function drawBoard(revealRow = -1, focusTile = -1) {
  const b = board(), n = info.word_length;
  const rows = [];
  for (let r = 0; r < info.max_guesses; r++) {
    const row = el("div", {class: "wd-row", role: "group"});
    row.style.setProperty("--letters", n);
    if (r < b.rows.length) {
      const {word, pattern} = b.rows[r];
      row.setAttribute("aria-label", `Guess ${r + 1}: ` +
        [...word].map((ch, i) => `${ch.toUpperCase()} ${COLOUR[pattern[i]]}`).join(", "));
      [...word].forEach((ch, i) => {
        const tile = el("div", {class: `wd-tile scored ${CLASS[pattern[i]]}`, "aria-hidden": "true"}, ch);
        if (r === revealRow && motion()) { tile.classList.add("flip"); tile.style.setProperty("--i", i); }
        row.append(tile);
      });
    } else if (r === b.rows.length && !b.over) {
      row.classList.add("current");
      row.id = "current-row";
      row.setAttribute("aria-label", `Guess ${r + 1}, being typed: ${b.typing.toUpperCase() || "empty"}`);
      for (let i = 0; i < n; i++) row.append(typingTile(b, i, i === focusTile));
    } else {
      row.setAttribute("aria-label", `Guess ${r + 1}: empty`);
      for (let i = 0; i < n; i++) row.append(el("div", {class: "wd-tile", "aria-hidden": "true"}));
    }
    rows.push(row);
  }
  $("board").replaceChildren(...rows);
  const focus = document.querySelector("#current-row .focus-me");
  if (focus) focus.focus();
}

// a tile of the row being typed: in follow mode a typed letter is a button that changes colour
function typingTile(b, i, focus) {
  const ch = b.typing[i];
  if (!ch) return el("div", {class: "wd-tile", "aria-hidden": "true"});
  if (mode !== "follow") return el("div", {class: "wd-tile filled", "aria-hidden": "true"}, ch);
  const mark = b.marks[i] || ".";
  const tile = el("button", {
    type: "button", class: `wd-tile filled scored ${CLASS[mark]}${focus ? " focus-me" : ""}`,
    "data-index": i, "aria-label": `Letter ${i + 1}, ${ch.toUpperCase()}: ${COLOUR[mark]}. Press to change its colour.`,
  }, ch);
  tile.addEventListener("click", () => {
    b.marks[i] = NEXT_MARK[b.marks[i] || "."];
    drawBoard(-1, i);
  });
  tile.addEventListener("keydown", e => {   // Enter plays the row, as anywhere on the board
    if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); press("enter"); }
  });
  return tile;
}

function shake() {
  const row = $("current-row");
  if (!row || !motion()) return;
  row.classList.remove("shake");
  void row.offsetWidth;  // restart the animation
  row.classList.add("shake");
}

function revealed() {
  const wait = motion() ? (info.word_length - 1) * FLIP_MS + FLIP_LENGTH_MS : 0;
  return new Promise(resolve => setTimeout(resolve, wait));
}

// the keyboard -----------------------------------------------------------------------------------
const KEY_ROWS = ["qwertyuiop", "asdfghjkl", "EzxcvbnmB"];

function drawKeyboard() {
  $("keyboard").replaceChildren(...KEY_ROWS.map((letters, r) => {
    const row = el("div", {class: "keyrow"});
    if (r === 1) row.append(el("span", {class: "spacer"}));
    for (const k of letters) {
      const key = k === "E" ? "enter" : k === "B" ? "backspace" : k;
      const label = {enter: "Enter", backspace: "\u232B"}[key] || k;
      const button = el("button", {
        type: "button", "data-key": key, class: key.length > 1 ? "wide" : "",
        "aria-label": {enter: "Enter: play the word", backspace: "Delete the last letter"}[key],
      }, label);
      button.addEventListener("click", () => press(key));
      row.append(button);
    }
    if (r === 1) row.append(el("span", {class: "spacer"}));
    return row;
  }));
}

// each letter's best colour so far on the board shown
function colourKeyboard() {
  const known = {};
  for (const {word, pattern} of board().rows) {
    [...word].forEach((ch, i) => {
      if (!known[ch] || RANK[pattern[i]] > RANK[known[ch]]) known[ch] = pattern[i];
    });
  }
  for (const button of $("keyboard").querySelectorAll("button[data-key]")) {
    const key = button.dataset.key;
    if (key.length > 1) continue;
    const mark = known[key];
    button.className = mark ? CLASS[mark] : "";
    button.setAttribute("aria-label", mark
      ? `${key}, ${{g: "in the word, placed", y: "in the word", ".": "not in the word"}[mark]}` : key);
  }
}

// typing, from either keyboard -------------------------------------------------------------------
function press(key) {
  const b = board();
  if (busy || b.over || b.rows.length >= info.max_guesses) return;
  if (mode === "play" && !b.game) return;
  showError("error", null);
  if (key === "enter") { submit(); return; }
  if (key === "backspace") {
    b.typing = b.typing.slice(0, -1);
    b.marks.length = b.typing.length;
  } else if (/^[a-z]$/.test(key) && b.typing.length < info.word_length) {
    b.typing += key;
    b.marks.push(".");
  } else {
    return;
  }
  drawBoard();
}

document.addEventListener("keydown", e => {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const target = e.target;
  if (target.closest && target.closest("input[type=text], select, textarea")) return;
  const key = e.key.toLowerCase();
  if (key === "enter") {
    if (["BUTTON", "A", "SUMMARY"].includes(target.tagName)) return;  // Enter presses that control
    e.preventDefault();
    press("enter");
  } else if (key === "backspace") {
    e.preventDefault();
    press("backspace");
  } else if (/^[a-z]$/.test(key)) {
    press(key);
  }
});

// a click on a button does not take the focus away from the board (the physical keyboard's Enter
// then still plays the row); a keyboard user's Tab still reaches every button
document.querySelector("main").addEventListener("mousedown", e => {
  if (e.target.closest("button")) e.preventDefault();
});

function submit() {
  const b = board();
  if (b.typing.length < info.word_length) {
    shake();
    showError("error", `Type all ${info.word_length} letters first.`);
    return;
  }
  return mode === "play" ? submitPlay(b) : submitFollow(b);
}

async function submitPlay(b) {
  busy = true;
  try {
    const r = await api("/api/wordle/guess", {game: b.game.id, guess: b.typing});
    b.rows.push({word: r.guess, pattern: r.pattern});
    b.typing = ""; b.marks = [];
    b.over = r.over; b.won = r.won;
    drawBoard(b.rows.length - 1);
    await revealed();
    colourKeyboard();
    if (r.won) say(`${PRAISE[r.turn - 1] || "Solved"}! Solved in ${r.turn}.`);
    else if (r.over) say(`Not solved: the word was ${r.answer.toUpperCase()}.`);
    else say(`${plural(r.words_left, "word")} left after ${plural(r.turn, "guess", "guesses")}.`);
    if (r.over) showResult();
    if (analysisOpen.play) analyse();
  } catch (e) {
    shake();
    showError("error", e);
  } finally {
    busy = false;
  }
}

async function submitFollow(b) {
  const move = {word: b.typing, pattern: b.marks.join("")};
  busy = true;
  let answer = null;
  try {
    answer = await analysisOf([...movesOf(b), {guess: move.word, feedback: move.pattern}], hardMode(b));
  } catch (e) {
    if (e.status !== 503) {  // 503: the colours are fine, the strategy's search ran out of time
      busy = false;
      shake();
      showError("error", e);
      return;
    }
    showError("analysis-error", e);
    clearAnalysis();
  }
  b.rows.push(move);
  b.typing = ""; b.marks = [];
  b.won = move.pattern === "g".repeat(info.word_length);
  b.over = b.won || b.rows.length >= info.max_guesses;
  drawBoard(b.rows.length - 1);
  await revealed();
  colourKeyboard();
  busy = false;
  if (answer) {
    showAnalysis(answer);
    say(answer.solved ? `Solved in ${answer.turn}.`
                      : `${plural(answer.words_left, "word")} left after ${plural(b.rows.length, "guess", "guesses")}.`);
  }
  if (b.over) showResult();
}

// the end of a game: the result and the share grid ----------------------------------------------
function shareText(b) {
  const score = b.won ? b.rows.length : "X";
  const lines = b.rows.map(r => [...r.pattern].map(m => SQUARE[m]).join(""));
  return `wordgames Wordle ${score}/${info.max_guesses}${hardMode(b) ? "*" : ""}\n\n${lines.join("\n")}`;
}

function showResult() {
  const b = board();
  $("result").hidden = !b.over;
  if (!b.over) return;
  $("result-line").textContent = b.won
    ? `Solved in ${plural(b.rows.length, "guess", "guesses")}${hardMode(b) ? " in hard mode" : ""}.`
    : `Not solved in ${info.max_guesses} guesses.`;
  // the grid drawn with squares (an emoji font is not everywhere); the emoji text is what is copied
  const text = shareText(b);
  $("share-grid").dataset.text = text;
  $("share-grid").setAttribute("aria-label", `Share grid: ${text.split("\n")[0]}, ${plural(b.rows.length, "row")}`);
  $("share-grid").replaceChildren(el("div", {}, text.split("\n")[0]),
    ...b.rows.map(r => el("div", {class: "squares"}, [...r.pattern].map(m => el("span", {class: "mini " + CLASS[m]})))));
  $("share-copy").hidden = true;
  $("again").textContent = mode === "play" ? "New game" : "Clear the board";
}

$("share").addEventListener("click", async () => {
  const text = shareText(board());
  try {
    await navigator.clipboard.writeText(text);
    say("Copied the share grid.");
  } catch (e) {  // no clipboard (an insecure origin, a refusal): the text to copy by hand
    $("share-text").value = text;
    $("share-copy").hidden = false;
    $("share-text").select();
    say("Copy the text below: this browser did not let the page copy it.");
  }
});
$("again").addEventListener("click", () => (mode === "play" ? newGame() : clearFollow()));

// the hidden-answer game ------------------------------------------------------------------------
async function newGame() {
  const g = await guarded("error", () => api("/api/wordle/new", {hard: $("hard").checked}));
  if (!g) return;
  boards.play = {...newBoard(), game: {id: g.game, hard: g.mode === "hard"}};
  if (mode !== "play") return;
  $("result").hidden = true;
  drawBoard();
  colourKeyboard();
  say(`New ${g.mode} game: ${g.words_left} possible words, ${g.max_guesses} guesses.`);
  $("board").focus({preventScroll: true});
  if (analysisOpen.play) analyse();
}
$("new-game").addEventListener("click", newGame);

$("hint").addEventListener("click", () => {
  analysisOpen.play = !analysisOpen.play;
  showPanel();
  if (analysisOpen.play) analyse();
});

$("hard").addEventListener("change", () => {
  const b = board();
  if (mode === "follow") { analyse(); return; }
  if (!b.game || b.rows.length === 0 || b.over) newGame();
  else say(`Hard mode ${$("hard").checked ? "starts" : "ends"} with your next game.`);
});

// following a game played elsewhere -------------------------------------------------------------
function clearFollow() {
  boards.follow = newBoard();
  redraw();
  analyse();
}
$("clear").addEventListener("click", clearFollow);
$("undo").addEventListener("click", () => {
  const b = boards.follow;
  if (busy || !b.rows.length) return;
  const last = b.rows.pop();
  b.typing = last.word; b.marks = [...last.pattern];
  b.over = b.won = false;
  redraw();
  analyse();
});

// the analysis of the board shown --------------------------------------------------------------
function analysisOf(moves, hard) {
  return api("/api/wordle/analyse", {moves, hard, strategy: $("strategy").value || info.default_strategy, top: 10});
}

async function analyse() {
  const b = board(), seq = ++analysisSeq;
  const answer = await guarded("analysis-error", () => analysisOf(movesOf(b), hardMode(b)));
  if (seq !== analysisSeq || b !== board()) return;
  if (answer) showAnalysis(answer);
  else clearAnalysis();
}

// no analysis of this board (its error is shown): nothing of an older board's stays on view
function clearAnalysis() {
  $("left").textContent = "";
  $("suggestion-box").hidden = true;
  $("candidates-box").hidden = true;
}
$("strategy").addEventListener("change", analyse);

function squares(pattern) {
  return el("span", {class: "squares", role: "img", "aria-label": [...pattern].map(m => COLOUR[m]).join(", ")},
    [...pattern].map(m => el("span", {class: "mini " + CLASS[m]})));
}

function showAnalysis(a) {
  const b = board();
  showError("analysis-error", null);
  $("analysis-title").textContent = b.rows.length
    ? `Analysis after ${b.rows.map(r => r.word.toUpperCase()).join(", ")}`
    : "Analysis before the first guess";
  const hardNote = a.mode === "hard" ? " (hard mode)" : "";
  if (a.solved) {
    $("left").textContent = `Solved in ${a.turn}: ${a.answer.toUpperCase()}.`;
    $("suggestion-box").hidden = true;
  } else {
    $("left").textContent = `${plural(a.words_left, "word")} left${hardNote}.`;
    showSuggestion(a);
  }
  const some = a.words_left > a.candidates.length;
  $("candidates-box").hidden = a.solved;
  $("candidates-summary").textContent = some
    ? `The first ${a.candidates.length} of the ${a.words_left} words left` : `The ${plural(a.words_left, "word")} left`;
  $("candidates").textContent = a.candidates.join(" ") + (some ? " …" : "");
}

function showSuggestion(a) {
  const s = a.suggestion, word = s.word.toUpperCase();
  $("suggestion-box").hidden = false;
  $("suggestion").replaceChildren(`The ${a.strategy} strategy's next guess: `,
    el("strong", {id: "suggested-word", class: "big"}, word));
  $("suggestion-stats").textContent =
    `It leaves ${fmt(s.expected_left, 2)} words on average and ${s.worst_case} at worst, ` +
    `over ${plural(s.patterns, "colour pattern")} (${fmt(s.bits, 2)} bits of information). ` +
    (s.could_be_answer ? "It could be the answer." : "It cannot be the answer: it is played to sort the words left.");
  $("why-title").textContent = `Why ${word}: the words left by the colours it would get`;
  $("why").replaceChildren(dataTable(`Words left per colour pattern of ${word}`,
    ["Colours", {text: "Words left", num: true}, "Which"],
    s.cells.map(c => [squares(c.pattern), c.count,
      c.words.join(" ") + (c.count > c.words.length ? ` and ${c.count - c.words.length} more` : "")])));
  const head = el("tr", {}, ["#", "Guess", "Avg. left", "Worst", "Bits", "Patterns", "Possible answer"]
    .map((h, i) => el("th", {scope: "col", class: i >= 2 && i <= 5 ? "num" : ""}, h)));
  const rows = a.best.map((g, i) => el("tr", {class: g.word === s.word ? "chosen" : ""},
    el("td", {class: "num"}, i + 1), el("td", {}, g.word.toUpperCase()),
    el("td", {class: "num"}, fmt(g.expected_left, 2)), el("td", {class: "num"}, g.worst_case),
    el("td", {class: "num"}, fmt(g.bits, 2)), el("td", {class: "num"}, g.patterns),
    el("td", {}, g.could_be_answer ? "yes" : "no")));
  $("best").replaceChildren(scrollBox(el("table", {}, el("thead", {}, head), el("tbody", {}, rows)),
    "Best guesses by expected words left"));
  const rank = a.suggestion_rank;
  $("ranking-note").textContent = rank === undefined ? ""
    : rank === 1 ? `${word} is also first in this one-step ranking.`
    : `${word} is number ${rank} in this one-step ranking. ${a.ranking_note || ""}`;
}

$("use-suggestion").addEventListener("click", () => {
  const b = board(), word = $("suggested-word").textContent.toLowerCase();
  if (b.over || busy) return;
  b.typing = word.slice(0, info.word_length);
  b.marks = Array.from(b.typing, () => ".");
  drawBoard();
  $("board").focus({preventScroll: true});
  say(mode === "play" ? `${word.toUpperCase()} is typed: press Enter to play it.`
                      : `${word.toUpperCase()} is typed: tap its tiles to the colours you got, then Enter.`);
});

// modes ------------------------------------------------------------------------------------------
function showPanel() {
  $("analysis").hidden = !analysisOpen[mode];
  $("hint").setAttribute("aria-expanded", String(analysisOpen.play));
  $("hint").classList.toggle("on", analysisOpen.play);
}

function redraw() {
  for (const node of document.querySelectorAll("[data-mode]")) node.hidden = node.dataset.mode !== mode;
  $("how").textContent = HOW[mode];
  drawBoard();
  colourKeyboard();
  showResult();
  showPanel();
  $("message").textContent = board().message;
  showError("error", null);
}

for (const radio of document.querySelectorAll("input[name=mode]")) {
  radio.addEventListener("change", () => {
    if (!radio.checked) return;
    mode = radio.value;
    redraw();
    if (analysisOpen[mode]) analyse();
  });
}

// start ------------------------------------------------------------------------------------------
$("board").tabIndex = -1;  // focused after a new game, so the physical keyboard plays
drawKeyboard();
redraw();
guarded("error", async () => {
  info = await api("/api/wordle/info");
  $("strategy").replaceChildren(...info.strategies.map(s =>
    el("option", {value: s, selected: s === info.default_strategy}, s)));
  $("how").title = `${info.answers} answers, ${info.guesses} words allowed as guesses; ` +
                   `hard mode rule: ${info.hard_rule}`;
  drawBoard();
  await newGame();
});
