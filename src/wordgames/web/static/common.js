// Shared by every page: the navigation bar, JSON calls that show the server's one-line errors.
"use strict";

function navigation(here) {
  const pages = [["/", "wordgames"], ["/wordle", "Wordle"], ["/hangman", "Hangman"],
                 ["/guillotine", "La Ghigliottina"], ["/results", "Results"]];
  const header = document.createElement("header");
  for (const [href, label] of pages) {
    const a = document.createElement("a");
    a.href = href; a.textContent = label;
    if (href === "/") a.className = "brand";
    else if (href === "/" + here) a.className = "here";
    header.appendChild(a);
  }
  document.body.prepend(header);
}

// POST (or GET when body is undefined) a JSON API; resolves to the answer or throws its error line.
async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  }
  return data;
}

function showError(element, error) { element.textContent = error ? String(error.message || error) : ""; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else if (k.startsWith("data-")) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function fmt(x, digits = 3) { return x === null || x === undefined ? "" : Number(x).toFixed(digits); }
