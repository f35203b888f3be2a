// Wordle page: a hidden-answer game (POST /api/wordle/new, /guess) and the analysis of any game
// (POST /api/wordle/analyse), shown as the words left, the next guess and why.
"use strict";
navigation("wordle");

const $ = id => document.getElementById(id);
let info = null;
let game = null;           // the hidden-answer game: {id, moves: [{guess, feedback}], over}
let follow = [];           // the followed game's moves
let tileMarks = [];        // the colours being clicked in, "." "y" "g"

function tiles(word, marks) {
  return [...word].map((ch, i) => el("div", {class: "tile " + ({g: "g", y: "y", ".": "b"}[marks[i]] || "")}, ch));
}

function drawBoard(board, moves) {
  board.replaceChildren();
  for (const m of moves) board.append(...tiles(m.guess, m.feedback));
}

function settings() { return {hard: $("hard").checked, strategy: $("strategy").value}; }

function showAnalysis(a) {
  $("analysis").hidden = false;
  if (a.solved) {
    $("left").textContent = `Solved: ${a.answer.toUpperCase()}`;
    $("suggestion").textContent = "";
    $("why").tBodies[0].replaceChildren(); $("best").tBodies[0].replaceChildren();
    return;
  }
  $("left").textContent = `${a.words_left} word${a.words_left === 1 ? "" : "s"} left`;
  const s = a.suggestion;
  $("suggestion").replaceChildren("Next guess (", a.strategy, "): ",
    el("strong", {id: "suggested-word"}, s.word.toUpperCase()),
    ` - expected words left ${fmt(s.expected_left, 2)}, worst case ${s.worst_case}, ` +
    `${fmt(s.bits, 2)} bits, ${s.patterns} colour patterns`);
  $("why-word").textContent = s.word.toUpperCase();
  $("why").tBodies[0].replaceChildren(...s.cells.map(c => el("tr", {},
    el("td", {class: "squares", title: c.squares}, ...[...c.pattern].map(m => el("span", {class: "mini " + ({g: "g", y: "y", ".": "b"}[m])}))), el("td", {class: "num"}, c.count),
    el("td", {}, c.words.join(" ") + (c.count > c.words.length ? " ..." : "")))));
  $("best").tBodies[0].replaceChildren(...a.best.map(b => el("tr", {},
    el("td", {}, b.word), el("td", {class: "num"}, fmt(b.expected_left, 2)),
    el("td", {class: "num"}, b.worst_case), el("td", {class: "num"}, fmt(b.bits, 2)),
    el("td", {class: "num"}, b.patterns), el("td", {}, b.could_be_answer ? "yes" : ""))));
  $("candidates").textContent = a.words_left <= a.candidates.length
    ? "Words left: " + a.candidates.join(" ") : `First of the words left: ${a.candidates.join(" ")} ...`;
}

async function analyse(moves, errorBox) {
  showError(errorBox, null);
  try {
    const a = await api("/api/wordle/analyse", {moves, ...settings(), top: 10});
    showAnalysis(a);
    return a;
  } catch (e) { showError(errorBox, e); return null; }
}

// the hidden-answer game ------------------------------------------------------------------------
$("new-game").onclick = async () => {
  showError($("play-error"), null);
  try {
    const g = await api("/api/wordle/new", {hard: $("hard").checked});
    game = {id: g.game, moves: [], over: false};
    drawBoard($("board"), []);
    $("status").textContent = `New ${g.mode} game: ${g.words_left} possible words, ${g.max_guesses} guesses.`;
    for (const id of ["guess-input", "guess-button", "hint-button"]) $(id).disabled = false;
    $("guess-input").value = ""; $("guess-input").focus();
  } catch (e) { showError($("play-error"), e); }
};

async function playGuess() {
  if (!game || game.over) return;
  showError($("play-error"), null);
  try {
    const r = await api("/api/wordle/guess", {game: game.id, guess: $("guess-input").value});
    game.moves.push({guess: r.guess, feedback: r.pattern});
    drawBoard($("board"), game.moves);
    $("guess-input").value = "";
    if (r.won) $("status").textContent = `Solved in ${r.turn}!`;
    else if (r.over) $("status").textContent = `Not solved: the word was ${r.answer.toUpperCase()}.`;
    else $("status").textContent = `${r.words_left} word${r.words_left === 1 ? "" : "s"} left after ${r.turn} guess${r.turn === 1 ? "" : "es"}.`;
    game.over = r.over;
    if (r.over) for (const id of ["guess-input", "guess-button", "hint-button"]) $(id).disabled = true;
  } catch (e) { showError($("play-error"), e); }
}
$("guess-button").onclick = playGuess;
$("guess-input").addEventListener("keydown", e => { if (e.key === "Enter") playGuess(); });

$("hint-button").onclick = async () => {
  if (!game) return;
  const a = await analyse(game.moves, $("play-error"));
  if (a && !a.solved) $("guess-input").value = a.suggestion.word;
};

// following a game ------------------------------------------------------------------------------
function drawTiles() {
  const word = $("follow-word").value.trim().toLowerCase();
  const length = info ? info.word_length : 5;
  tileMarks = Array.from({length}, (_, i) => tileMarks[i] || ".");
  $("follow-tiles").replaceChildren(...tileMarks.map((m, i) => {
    // an empty slot stays white (five grey squares read as one block)
    const colour = word[i] ? {g: "g", y: "y", ".": "b"}[m] : "";
    const t = el("div", {class: "tile click " + colour, "data-index": i}, word[i] || "");
    t.onclick = () => {
      tileMarks[i] = {".": "y", y: "g", g: "."}[tileMarks[i]];
      $("follow-feedback").value = tileMarks.join("");
      drawTiles();
    };
    return t;
  }));
}
$("follow-word").addEventListener("input", drawTiles);
$("follow-feedback").addEventListener("input", () => {
  const text = $("follow-feedback").value.toLowerCase();
  if (/^[gy.]*$/.test(text)) { tileMarks = [...text]; drawTiles(); }
});

$("follow-add").onclick = async () => {
  const move = {guess: $("follow-word").value.trim().toLowerCase(),
                feedback: $("follow-feedback").value.trim() || tileMarks.join("")};
  const a = await analyse([...follow, move], $("follow-error"));
  if (!a) return;
  follow.push(move);
  drawBoard($("follow-board"), follow.map(m => ({guess: m.guess, feedback: m.feedback})));
  $("follow-word").value = ""; $("follow-feedback").value = ""; tileMarks = []; drawTiles();
};
$("follow-undo").onclick = () => { follow.pop(); drawBoard($("follow-board"), follow); analyse(follow, $("follow-error")); };
$("follow-reset").onclick = () => { follow = []; drawBoard($("follow-board"), follow); analyse(follow, $("follow-error")); };

api("/api/wordle/info").then(i => {
  info = i;
  $("lists").textContent = `${i.answers} answers, ${i.guesses} allowed guesses, hard mode rule ${i.hard_rule}`;
  $("strategy").replaceChildren(...i.strategies.map(s => el("option", {value: s, selected: s === i.default_strategy}, s)));
  drawTiles();
  analyse([], $("follow-error"));
}).catch(e => showError($("play-error"), e));
