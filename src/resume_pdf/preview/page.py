"""The one page the preview serves, and the state its script receives over Server-Sent
Events. Everything is inline (style and script under a per-response nonce), so the page
makes no third-party request and the Content-Security-Policy can refuse everything else.
User text reaches the page only as JSON that the script puts into `textContent`, never as
markup.
"""

from __future__ import annotations

import html
import json
from typing import Any
from urllib.parse import urlencode

from ..errors import Problem, Severity
from ..model.resume import MAX_PAGES
from ..paths import as_typed
from .events import Shown
from .views import PAGE_SIZES, TWIN_FORMATS, View

ZOOMS = ("fit", "50", "75", "100", "125", "150", "200")
BUDGETS = (*(str(n) for n in range(1, MAX_PAGES + 1)), "any")  # all that --pages takes


def csp(nonce: str) -> str:
    return (
        "default-src 'none'; "
        f"script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
        "img-src 'self'; connect-src 'self'; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"
    )


def problem_line(problem: Problem) -> tuple[str, str]:
    """(`FILE:LINE:COL`, the whole line as the command line prints it) for copying."""
    loc = problem.location
    where = f"{as_typed(loc.file)}:{loc.line}:{loc.column}" if loc else ""
    tag = problem.severity.value
    parts = [p for p in (where, problem.field) if p]
    text = ": ".join([*parts, f"{tag}: {problem.message}"])
    return where, text + (f"\n  hint: {problem.hint}" if problem.hint else "")


def problems_json(problems: tuple[Problem, ...]) -> list[dict[str, str]]:
    out = []
    for problem in problems:
        where, text = problem_line(problem)
        out.append({"where": where, "text": text, "severity": problem.severity.value})
    return out


def result_line(state: Shown) -> str:
    """The result line of `build`: pages, tightened or grown, time; or why it failed."""
    if state.failed:
        errors = sum(p.severity is Severity.ERROR for p in state.problems)
        kept = "; the pages shown are the last good build" if state.good else ""
        return f"build failed: {errors} error{'s' * (errors != 1)}{kept}"
    if state.good is None:
        return "building…"
    result = state.good.result
    line = f"{result.pages} page{'s' * (result.pages != 1)}"
    line += f", {result.fit_note}" if result.fit_note else ""
    line += f", built from {result.source_format} format" if result.source_format else ""
    return line + f", {result.seconds:.2f} s"


def single_state(state: Shown, query: str) -> dict[str, Any]:
    """What the single view's script shows: pages, result line, problems."""
    good = state.good
    problems = state.problems if state.failed else (good.result.warnings if good else ())
    pages = []
    if good:
        for n, (w, h) in enumerate(good.sizes, 1):
            pages.append({"src": f"/page.png?{query}&gen={good.gen}&n={n}", "w": w, "h": h})
    return {
        "gen": state.gen,
        "failed": state.failed,
        "line": result_line(state),
        "problems": problems_json(problems),
        "pages": pages,
    }


def compare_state(states: list[tuple[str, Shown, str]]) -> dict[str, Any]:
    """Page 1 of every style: (style, its state, its view's query) each."""
    tiles = []
    for style, state, query in states:
        single = single_state(state, query)
        tiles.append(
            {
                "style": style,
                "href": f"/?{query}",
                "line": single["line"],
                "failed": single["failed"],
                "problems": single["problems"][:3] if state.failed else [],
                "pages": single["pages"][:1],
            }
        )
    return {"tiles": tiles}


def document(
    *,
    nonce: str,
    token: str,
    mode: str,
    view: View,
    styles: tuple[str, ...],
    variants: tuple[str, ...],
    command: str,
    title: str,
    languages: tuple[str, ...] = (),
) -> str:
    """The page: controls that are URL parameters, the equivalent command, the downloads,
    and an empty stage the script fills from the event stream."""
    query = urlencode([("token", token), *view.query()])
    boot = {"events": f"/events?{query}&mode={mode}", "token": token, "mode": mode}
    downloads = " ".join(  # enabled by the script once a build has succeeded
        f'<a class="download" data-href="/download?{_a(query)}&amp;format={fmt}" download'
        f' aria-disabled="true">{fmt.upper()}</a>'
        for fmt in ("pdf", *TWIN_FORMATS)
    )
    other = "single" if mode == "compare" else "compare"
    switch = (
        f'<a id="switch" href="{"/" if mode == "compare" else "/compare"}?{_a(query)}">'
        f"{'one style' if mode == 'compare' else 'compare styles'}</a>"
    )
    return TEMPLATE.format(
        nonce=nonce,
        title=html.escape(title),
        mode=mode,
        other=other,
        token=_a(token),
        style=_select("style", "style", styles, view.style, "the résumé's"),
        variant=_select("variant", "variant", variants, view.variant, "base"),
        size=_select("page size", "page-size", PAGE_SIZES, view.page_size, "the résumé's"),
        pages=_select("pages", "pages", BUDGETS, _str(view.pages), "the résumé's"),
        letter=_select("document", "letter", ("1",), "1" if view.letter else None, "résumé"),
        language=_select("language", "lang", languages[1:], view.language, languages[0])
        if languages
        else "",
        zoom=_select("zoom", "zoom", ZOOMS, None, None),
        command=html.escape(command),
        downloads=downloads,
        switch=switch,
        boot=json.dumps(boot).replace("<", "\\u003c").replace("&", "\\u0026"),
        script=SCRIPT,
        css=CSS,
    )


def _str(value: object) -> str | None:
    return None if value is None else str(value)


def _a(text: str) -> str:
    return html.escape(text, quote=True)


def _select(label: str, name: str, values: tuple[str, ...], chosen: str | None, empty) -> str:
    labels = {"1": "cover letter"} if name == "letter" else {}
    options = [f'<option value="">{html.escape(empty)}</option>'] if empty else []
    if chosen is not None and chosen not in values:
        values = (*values, chosen)
    for v in values:
        shown = labels.get(v, v + (" %" if name == "zoom" and v != "fit" else ""))
        selected = " selected" if v == chosen else ""
        options.append(f'<option value="{_a(v)}"{selected}>{html.escape(shown)}</option>')
    return (
        f'<label class="c-{name}">{html.escape(label)} <select name="{name}" id="c-{name}">'
        + "".join(options)
        + "</select></label>"
    )


TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title} — resume-pdf preview</title>
<style nonce="{nonce}">{css}</style></head>
<body class="{mode}" data-gen="0">
<header>
<form id="controls" method="get" action="">
<input type="hidden" name="token" value="{token}">
{style} {variant} {language} {size} {pages} {letter} {zoom}
<noscript><button>show</button></noscript>
</form>
<div class="row">{switch} <span class="single-only">download: {downloads}</span></div>
<div class="row single-only"><code id="command">{command}</code>
<button type="button" id="copy-command">copy</button></div>
<div class="row single-only"><span id="line">building…</span></div>
</header>
<section id="problems" hidden><p id="banner"></p><ul id="list"></ul></section>
<main id="stage"></main>
<script type="application/json" id="boot">{boot}</script>
<script nonce="{nonce}">{script}</script>
</body></html>
"""

CSS = """
body{margin:0;font:14px system-ui,sans-serif;background:#e8e8ea;color:#222}
header{position:sticky;top:0;z-index:2;background:#fafafa;border-bottom:1px solid #ccc;
padding:6px 10px}
header label{margin-right:8px;white-space:nowrap}
.row{margin-top:4px}
a.download[aria-disabled]{color:#888;cursor:default}
code{font:12px ui-monospace,monospace;background:#eee;padding:1px 4px;user-select:all}
.compare .single-only,.compare .c-style{display:none}
#problems{position:fixed;left:0;right:0;bottom:0;z-index:3;background:#fff8f0f0;
border-top:2px solid #c60;padding:4px 10px;max-height:40vh;overflow:auto;
box-shadow:0 -2px 6px #0003}
#problems.ok{background:#fffde8f0;border-color:#cb0}
#problems ul{margin:0;padding-left:0;list-style:none}
#problems li{margin:3px 0;font:12px ui-monospace,monospace;white-space:pre-wrap}
#problems li.error .tag{color:#b00;font-weight:bold}
#problems li.warning .tag{color:#960;font-weight:bold}
#problems button{font-size:11px;margin-right:6px}
#banner{margin:2px 0;font-weight:bold}
#stage{padding:16px;display:flex;flex-direction:column;align-items:safe center;gap:16px}
#stage img.page{height:auto;max-width:none;flex:none;background:#fff;
box-shadow:0 1px 4px #0004;transition:opacity .2s}
#stage.stale img.page{opacity:.35;filter:grayscale(1)}
.compare #stage{flex-direction:row;flex-wrap:wrap;align-items:flex-start;
justify-content:center}
.tile{display:flex;flex-direction:column;gap:4px;width:min(290px,44vw);color:inherit;text-decoration:none}
.tile img{width:100%;height:auto;background:#fff;box-shadow:0 1px 4px #0004}
.tile.failed img{opacity:.35;filter:grayscale(1)}
.tile .name{font-weight:bold}
.tile .line{font-size:12px;color:#444}
.tile .bad{font:11px ui-monospace,monospace;color:#b00;white-space:pre-wrap}
"""

SCRIPT = r"""
"use strict";
const boot = JSON.parse(document.getElementById("boot").textContent);
const dpr = Math.min(4, Math.max(1, Math.round((window.devicePixelRatio || 1) * 4) / 4));
const stage = document.getElementById("stage");
const form = document.getElementById("controls");
const zoomSelect = document.getElementById("c-zoom");
const url = new URL(location.href);
zoomSelect.value = url.searchParams.get("zoom") || "fit";
if (!zoomSelect.value) zoomSelect.value = "fit";  // a zoom= the control does not offer
let last = null;

function copy(text, button) {
  const done = () => {
    button.textContent = "copied";
    setTimeout(() => { button.textContent = "copy"; }, 900);
  };
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => {});
}
document.getElementById("copy-command").addEventListener("click", e =>
  copy(document.getElementById("command").textContent, e.target));

form.addEventListener("change", e => {
  if (e.target === zoomSelect) {
    url.searchParams.set("zoom", zoomSelect.value);
    history.replaceState(null, "", url);
    if (last) sizePages(last);
    return;
  }
  const next = new URL(location.pathname, location.href);
  for (const [k, v] of new FormData(form)) if (v !== "") next.searchParams.set(k, v);
  location.assign(next);
});

function fitScale(p) {
  // the whole page in the window below the controls, never above its natural size
  const pad = 32;
  const wide = stage.clientWidth - pad;
  const high = window.innerHeight - document.querySelector("header").offsetHeight - pad;
  return Math.max(0.05, Math.min(1, wide / p.w, high / p.h));
}

function sizePages(state) {
  const zoom = zoomSelect.value;
  state.pages.forEach((p, i) => {
    const img = stage.children[i];
    if (!img) return;
    const scale = zoom === "fit" ? fitScale(p) : Number(zoom) / 100;
    img.style.width = (p.w * scale) + "px";  // the height follows (height: auto)
    img.style.aspectRatio = p.w + " / " + p.h;
  });
}
window.addEventListener("resize", () => { if (last) sizePages(last); });

function swap(img, src, after) {
  if (img.dataset.src === src) { after(); return; }
  const next = new Image();
  next.onload = () => { img.src = src; img.dataset.src = src; after(); };
  next.onerror = after;
  next.src = src;
}

function showProblems(state) {
  const box = document.getElementById("problems");
  const list = document.getElementById("list");
  list.replaceChildren();
  box.hidden = state.problems.length === 0;
  box.className = state.failed ? "" : "ok";
  document.getElementById("banner").textContent = state.failed
    ? (state.pages.length ? "This save has problems: the pages below are the last good build."
                          : "This save has problems; nothing has built yet.")
    : "Warnings:";
  for (const p of state.problems) {
    const li = document.createElement("li");
    li.className = p.severity;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "copy";
    button.addEventListener("click", () => copy(p.text, button));
    const where = document.createElement("code");
    where.className = "where";
    where.textContent = p.where;
    const text = document.createElement("span");
    text.textContent = p.where ? p.text.slice(p.where.length) : p.text;
    li.append(button, where, text);
    list.append(li);
  }
}

function enableDownloads(state) {
  if (!state.pages.length) return;  // nothing built yet: a download would fail
  for (const a of document.querySelectorAll("a.download[aria-disabled]")) {
    a.href = a.dataset.href;
    a.removeAttribute("aria-disabled");
  }
}

function showSingle(state) {
  last = state;
  enableDownloads(state);
  document.getElementById("line").textContent = state.line;
  showProblems(state);
  stage.classList.toggle("stale", state.failed);
  let pending = state.pages.length;
  const settled = () => { if (--pending <= 0) document.body.dataset.gen = state.gen; };
  state.pages.forEach((p, i) => {
    let img = stage.children[i];
    if (!img) {
      img = document.createElement("img");
      img.className = "page";
      img.alt = "page " + (i + 1);
      stage.append(img);
    }
    img.width = p.w;
    img.height = p.h;
    swap(img, p.src + "&dpr=" + dpr, settled);
  });
  while (stage.children.length > state.pages.length) stage.lastChild.remove();
  sizePages(state);
  if (!state.pages.length) document.body.dataset.gen = state.gen;
}

function tile(t) {
  let box = document.getElementById("tile-" + t.style);
  if (!box) {
    box = document.createElement("a");
    box.className = "tile";
    box.id = "tile-" + t.style;
    const name = document.createElement("span");
    name.className = "name";
    const line = document.createElement("span");
    line.className = "line";
    const bad = document.createElement("span");
    bad.className = "bad";
    const img = document.createElement("img");
    img.alt = "page 1 in " + t.style;
    box.append(name, line, bad, img);
    stage.append(box);
  }
  box.href = t.href;
  box.classList.toggle("failed", t.failed);
  const [name, line, bad, img] = box.children;
  name.textContent = t.style;
  line.textContent = t.line;
  bad.textContent = t.problems.map(p => p.text).join("\n");
  if (t.pages.length) {
    img.width = t.pages[0].w;
    img.height = t.pages[0].h;
    swap(img, t.pages[0].src + "&dpr=" + (dpr / 2) + "", () => {});
  }
}

function showCompare(state) {
  state.tiles.forEach(tile);
  document.body.dataset.gen = (Number(document.body.dataset.gen) || 0) + 1;
}

const events = new EventSource(boot.events);
events.addEventListener("state", e => {
  const state = JSON.parse(e.data);
  if (boot.mode === "compare") showCompare(state); else showSingle(state);
});
"""
