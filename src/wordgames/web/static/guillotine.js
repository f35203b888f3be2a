// La Ghigliottina page: five clues -> the top answers (POST /api/guillotine/solve); a click on an
// answer opens its per-clue evidence.
"use strict";
navigation("guillotine");
const $ = id => document.getElementById(id);

function evidenceRow(answer, clues, index) {
  const items = clues.map(c => el("li", {}, el("strong", {}, c), ": ",
    answer.evidence[c] ? answer.evidence[c] : el("span", {class: "muted"}, "no link found")));
  return el("tr", {class: "evidence", id: `evidence-${index}`, hidden: true},
    el("td", {}), el("td", {colSpan: 4}, el("ul", {}, ...items)));
}

$("solve").onclick = async () => {
  showError($("error"), null);
  const clues = [...document.querySelectorAll(".clue")].map(i => i.value);
  try {
    const r = await api("/api/guillotine/solve", {clues, solver: $("solver").value, top: 10});
    $("timing").textContent = `${fmt(r.seconds, 3)} s`;
    const rows = [];
    r.answers.forEach((a, i) => {
      const linked = r.clues.filter(c => a.evidence[c]).length;
      const row = el("tr", {class: "answer", id: `answer-${i}`},
        el("td", {class: "num"}, i + 1), el("td", {}, el("strong", {}, a.word)),
        el("td", {class: "num"}, fmt(a.confidence)), el("td", {class: "num"}, fmt(a.score)),
        el("td", {}, `${linked} of ${r.clues.length}`));
      const ev = evidenceRow(a, r.clues, i);
      row.onclick = () => { ev.hidden = !ev.hidden; };
      rows.push(row, ev);
    });
    $("answers").hidden = false;
    $("answers").tBodies[0].replaceChildren(...rows);
    $("notes").replaceChildren(...r.notes.map(n => el("li", {}, n)));
  } catch (e) { showError($("error"), e); }
};
for (const input of document.querySelectorAll(".clue")) {
  input.addEventListener("keydown", e => { if (e.key === "Enter") $("solve").click(); });
}

api("/api/guillotine/info").then(i => {
  $("solver").replaceChildren(...i.solvers.map(s => el("option", {value: s, selected: s === i.default_solver}, s)));
}).catch(e => showError($("error"), e));
