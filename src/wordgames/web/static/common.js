// Shared by every page: the site header, JSON calls whose errors read as words, inline error
// display, a small element builder and a scroll box for wide tables. See docs/web.md.
"use strict";

const PAGES = [["/wordle", "Wordle"], ["/hangman", "Hangman"],
               ["/guillotine", "La Ghigliottina"], ["/results", "Results"]];

// The skip link and the site header, put first in <body>; `here` is the page's name ("wordle").
function navigation(here) {
  const nav = el("nav", {"aria-label": "Main"}, el("a", {class: "brand", href: "/"}, "wordgames"));
  for (const [href, label] of PAGES) {
    const a = el("a", {href}, label);
    if (href === "/" + here) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  const main = document.querySelector("main");
  if (main && !main.id) main.id = "main";
  document.body.prepend(el("a", {class: "skip", href: "#main"}, "Skip to content"),
                        el("header", {class: "site"}, nav));
}

// What a failed request means, in words a player can act on (the server's own one-line error
// when it sent one).
function describeFailure(status, data) {
  if (data && typeof data.error === "string" && data.error) return data.error;
  if (status === 413) return "that request is too large for the server";
  if (status === 503) return "the server cannot do that with this build";
  if (status >= 500) return `the server failed (HTTP ${status}); its log says why`;
  return `the request failed (HTTP ${status})`;
}

// POST `body` as JSON (GET when body is undefined); resolves to the answer, or throws an Error
// whose message is one readable line (and whose .status is the HTTP status, 0 when unreachable).
async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    throw Object.assign(new Error("could not reach the server: is `wordgames serve` still running?"),
                        {status: 0});
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw Object.assign(new Error(describeFailure(response.status, data)), {status: response.status});
  }
  return data;
}

// Show an error (an Error, a string) in its box, or clear the box with null. Give the box
// role="alert" in the HTML so a screen reader reads it out.
function showError(box, error) {
  if (typeof box === "string") box = document.getElementById(box);
  if (!box) return;
  box.textContent = error ? String(error.message || error) : "";
}

// Run `work` (async), its errors shown in `box`; resolves to its result, or null when it failed.
async function guarded(box, work) {
  showError(box, null);
  try { return await work(); } catch (e) { showError(box, e); return null; }
}

// An element: el("td", {class: "num", "aria-label": "..."}, child, "text", ...). Attributes
// with a dash (data-*, aria-*) and "for" are set as attributes, the others as properties.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.includes("-") || k === "for" || k === "role") node.setAttribute(k, v === true ? "" : v);
    else node[k] = v;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// A table in a box that scrolls sideways on its own (keyboard-focusable, named for screen readers).
function scrollBox(table, label) {
  return el("div", {class: "table-scroll", tabIndex: 0, role: "region", "aria-label": label}, table);
}

// A table from a header row and rows of cells; a header given as {text, num: true} is right-aligned
// with its column. Returned in its scroll box.
function dataTable(label, headers, rows) {
  const nums = headers.map(h => typeof h === "object" && h.num);
  const head = el("tr", {}, headers.map((h, i) =>
    el("th", {scope: "col", class: nums[i] ? "num" : ""}, typeof h === "object" ? h.text : h)));
  const body = rows.map(r => el("tr", {}, r.map((cell, i) =>
    el("td", {class: nums[i] ? "num" : ""}, cell))));
  return scrollBox(el("table", {}, el("thead", {}, head), el("tbody", {}, body)), label);
}

function fmt(x, digits = 3) { return x === null || x === undefined ? "" : Number(x).toFixed(digits); }
function plural(n, word, many) { return `${n} ${n === 1 ? word : (many || word + "s")}`; }
