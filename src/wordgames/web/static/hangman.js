// Hangman page: the next letter for a board (POST /api/hangman/assist) and a solver's game on a
// phrase (POST /api/hangman/play).
"use strict";
navigation("hangman");
const $ = id => document.getElementById(id);
// the category and the in-domain LM, as every request sends them
const context = () => ({category: $("category").value.trim() || null, domain: $("domain").checked});

async function assist() {
  showError($("assist-error"), null);
  try {
    const a = await api("/api/hangman/assist",
      {board: $("board").value, wrong: $("wrong").value, solver: $("solver").value, top: 10, ...context()});
    $("advice").hidden = false;
    $("letter").textContent = a.guess.toUpperCase();
    $("letter-p").textContent = a.probability === null ? `(${a.stage})`
      : `(probability ${fmt(a.probability)}, ${a.stage}; ${a.lives_left} of ${a.lives} lives left)`;
    $("predictions").tBodies[0].replaceChildren(...a.predictions.map(p => el("tr", {},
      el("td", {class: "phrase"}, p.phrase), el("td", {class: "num"}, fmt(p.probability)))));
    $("letters").tBodies[0].replaceChildren(...a.letters.slice(0, 10).map(l => el("tr", {},
      el("td", {}, l.letter), el("td", {class: "num"}, fmt(l.probability)),
      el("td", {}, el("span", {class: "bar", style: `width:${Math.round(200 * l.probability)}px`})))));
  } catch (e) { showError($("assist-error"), e); $("advice").hidden = true; }
}
$("assist").onclick = assist;
for (const id of ["board", "wrong"]) $(id).addEventListener("keydown", e => { if (e.key === "Enter") assist(); });

$("play").onclick = async () => {
  showError($("play-error"), null);
  try {
    const g = await api("/api/hangman/play", {phrase: $("phrase").value, solver: $("solver").value, ...context()});
    $("outcome").textContent = `${g.solver}: ${g.won ? "won" : "lost"} with ${g.wrong} wrong of ${g.lives} lives, ${g.guesses} guesses: ${g.final}`;
    $("steps").hidden = false;
    $("steps").tBodies[0].replaceChildren(...g.steps.map((s, i) => el("tr", {},
      el("td", {class: "num"}, i + 1), el("td", {class: "phrase"}, s.board), el("td", {}, s.wrong),
      el("td", {}, s.guess + (s.hit ? "" : " (wrong)")), el("td", {class: "num"}, fmt(s.probability)),
      el("td", {}, s.prediction))));
  } catch (e) { showError($("play-error"), e); }
};

api("/api/hangman/info").then(i => {
  $("solver").replaceChildren(...i.solvers.map(s => el("option", {value: s, selected: s === i.default_solver}, s)));
  $("rules").textContent = `${i.lives} lives; LM of collection ${i.collection}`;
  $("domain-label").hidden = !i.domain;
  $("domain").checked = i.domain;
  $("categories").replaceChildren(...i.categories.map(c => el("option", {value: c.replaceAll("_", " ")})));
}).catch(e => showError($("assist-error"), e));
