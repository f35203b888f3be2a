// La Ghigliottina page: five clues -> POST /api/guillotine/solve -> a verdict (an answer, or "no
// confident answer" below the threshold chosen on training games), the answers with their
// confidence, and per clue the evidence in words with its source. An untrained build gets a
// banner saying what to build instead of a ranking. The solver's notes are for developers
// (`wordgames guillotine solve --verbose`), not shown here.
"use strict";
navigation("guillotine");
const $ = id => document.getElementById(id);
const clueInputs = () => [...document.querySelectorAll(".clue")];
const SHOWN = 3;  // answers shown as cards before "more answers"
let last = null;  // the last answer, kept for "show the ranking anyway"

function percent(p) {
  if (p === null || p === undefined) return "";
  const x = 100 * p;
  return x > 99 && x < 100 ? ">99%" : x > 0 && x < 1 ? "<1%" : `${Math.round(x)}%`;
}

// The evidence of an answer as [{clue, text, source}]: the service's `links` (real evidence only);
// from a service without them, its raw `evidence` less the vector cosines, which link nothing.
function linksOf(answer) {
  if (Array.isArray(answer.links)) return answer.links;
  return Object.entries(answer.evidence || {})
    .filter(([, text]) => text && !/cosine/i.test(text))
    .map(([clue, text]) => ({clue, text, source: ""}));
}

function evidenceList(answer, clues) {
  const links = linksOf(answer);
  const order = [...clues, ...links.map(l => l.clue).filter(c => !clues.includes(c))];
  const items = [...new Set(order)].map(clue => {
    const mine = links.filter(l => l.clue === clue);
    if (!mine.length) {
      return el("li", {class: "gl-none"}, el("strong", {}, clue), " ",
                el("span", {class: "muted"}, "no evidence found"));
    }
    return el("li", {}, el("strong", {}, clue), " ", ...mine.flatMap((l, i) => [
      i ? "; " : "", el("span", {class: "gl-arrow", "aria-hidden": "true"}, "→ "),
      el("span", {class: "gl-text", lang: "it"}, `“${l.text}”`),
      l.source ? el("span", {class: "gl-source"}, ` (${l.source})`) : ""]));
  });
  return el("ul", {class: "gl-evidence"}, items);
}

function answerItem(answer, index, clues) {
  const linked = answer.linked ?? new Set(linksOf(answer).map(l => l.clue)).size;
  const conf = Math.max(0, Math.min(1, answer.confidence));
  const details = el("details", {id: `evidence-${index}`, open: index === 0},
    el("summary", {}, `Evidence: ${linked} of ${clues.length} clues linked`),
    evidenceList(answer, clues));
  return el("li", {class: "gl-answer", id: `answer-${index}`},
    el("div", {class: "gl-head"},
      el("span", {class: "gl-rank"}, `${index + 1}.`),
      el("span", {class: "gl-word", lang: "it"}, answer.word),
      el("span", {class: "gl-conf"},
        el("span", {class: "gl-meter", "aria-hidden": "true"},
          el("span", {style: `width:${(100 * conf).toFixed(1)}%`})),
        el("span", {}, `${percent(answer.confidence)} confidence`))),
    details);
}

function showAnswers(r, untrained) {
  const top = r.answers[0];
  let verdict, note = "";
  if (!top) {
    verdict = "No answer found";
  } else if (untrained) {
    verdict = "Untrained ranking";
    note = "Hand-set weights, not trained on past games: the confidences are not calibrated.";
  } else if (r.confident === false && r.threshold === null) {
    // a solver without a threshold chosen on training games (its confidence is not calibrated)
    verdict = `Best answer: ${top.word}`;
    note = `${percent(top.confidence)} confidence; no confidence threshold was chosen for this solver on training games.`;
  } else if (r.confident === false) {
    verdict = "No confident answer";
    note = r.message || `The best guess, ${top.word}, has ${percent(top.confidence)} confidence`
      + (r.threshold === null || r.threshold === undefined ? "." : `, below the threshold of ${percent(r.threshold)}.`);
  } else {
    verdict = `Answer: ${top.word}`;
    note = `${percent(top.confidence)} confidence`
      + (r.threshold === null || r.threshold === undefined ? "." : ` (an answer needs ${percent(r.threshold)}).`);
  }
  $("verdict").textContent = verdict;
  $("verdict-note").textContent = note;
  // the first few answers as cards, the long tail folded away
  const items = r.answers.map((a, i) => answerItem(a, i, r.clues));
  const more = items.splice(SHOWN);
  $("answers").replaceChildren(...items);
  $("more").hidden = !more.length;
  $("more-count").textContent = plural(more.length, "more answer");
  $("more-answers").start = SHOWN + 1;
  $("more-answers").replaceChildren(...more);
  $("result").hidden = false;
}

async function solve() {
  const clues = clueInputs().map(i => i.value);
  $("banner").hidden = true;
  $("result").hidden = true;
  $("timing").textContent = "Solving...";
  const r = await guarded("error", () => api("/api/guillotine/solve", {clues, solver: $("solver").value, top: 10}));
  $("timing").textContent = r ? `${fmt(r.seconds, 2)} s` : "";
  if (!r) return;
  last = r;
  if (r.trained === false) {
    $("banner-text").textContent = r.message
      || "This build has no weighting model trained on past games, so its ranking is a guess.";
    $("show-anyway").hidden = !r.answers.length;
    $("banner").hidden = false;
    return;
  }
  showAnswers(r, false);
}

$("clues-form").addEventListener("submit", e => { e.preventDefault(); solve(); });
$("show-anyway").onclick = () => { $("show-anyway").hidden = true; showAnswers(last, true); };

// five clues pasted into one field ("a, b, c, d, e" or "a b c d e") fill the five fields
clueInputs()[0].addEventListener("paste", e => {
  const text = (e.clipboardData || window.clipboardData).getData("text");
  const parts = (text.includes(",") ? text.split(",") : text.split(/\s+/)).map(s => s.trim()).filter(Boolean);
  if (parts.length !== clueInputs().length) return;
  e.preventDefault();
  clueInputs().forEach((input, i) => { input.value = parts[i]; });
});

guarded("error", () => api("/api/guillotine/info")).then(i => {
  if (!i) return;
  $("solver").replaceChildren(...i.solvers.map(s => el("option", {value: s, selected: s === i.default_solver}, s)));
});
