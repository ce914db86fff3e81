"""A read-only browser of a store: one self-contained HTML page.

``render_page(rows, ...)`` builds the page from :func:`claude_memory.listing.rows`: an overview
(counts per category and status, memories that may be stale or were never recalled when that is
known, the latest changes), then every memory with its fields, its history of changes and the
exact commands to update, retire or restore it; filters by category, tag and status and a
search box.

Safety: every piece of store text goes through :func:`html.escape` into element text or quoted
attributes; nothing from the store reaches a script, a URL or ``innerHTML``. The page carries a
Content-Security-Policy that allows no network at all (``default-src 'none'``) and only its own
inline script (by hash), so even a mistake here could not load or run anything else. The script
only shows and hides articles; filters can also be given in the URL fragment
(``page.html#category=decision&status=active&tag=db&q=kafka``) to share a view.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import unicodedata
from collections import Counter
from typing import Callable, Iterable

from claude_memory.core.categories import CATEGORIES
from claude_memory.store.lifecycle import STATUSES
from claude_memory.store.merge import LIFECYCLE_FIELDS

__all__ = ["render_page", "search_text"]

_LATEST = 15

_CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#f6f6f8}
header{background:#20232a;color:#fff;padding:12px 20px}header h1{margin:0;font-size:20px}
main{padding:16px 20px;max-width:1100px}
section.overview{display:flex;flex-wrap:wrap;gap:16px}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin-bottom:12px}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#eee}.num{text-align:right}
.controls{position:sticky;top:0;background:#f6f6f8;padding:8px 0;display:flex;gap:10px;flex-wrap:wrap;z-index:1}
.controls input[type=search]{min-width:260px}
article.memory h3{margin:0 0 4px;font-size:16px;overflow-wrap:anywhere}
.meta{color:#555;font-size:12px}.badge{display:inline-block;border-radius:3px;padding:0 5px;font-size:12px}
.s-active{background:#d8f5d8}.s-retired{background:#f8d8d8}.s-archived{background:#e4e4e4}
.warn{background:#fff1c2}
dl{margin:4px 0}dt{font-weight:600}dd{margin:0 0 4px 16px;white-space:pre-wrap;overflow-wrap:anywhere}
pre{background:#f0f0f3;padding:6px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;margin:2px 0}
details{margin-top:6px}[hidden]{display:none!important}
"""

_JS = """
(function(){
var d=document,arts=Array.prototype.slice.call(d.querySelectorAll('article.memory'));
var fc=d.getElementById('f-category'),fs=d.getElementById('f-status'),ft=d.getElementById('f-tag'),
    q=d.getElementById('q'),shown=d.getElementById('shown');
function norm(s){return (s||'').normalize('NFC').toLowerCase();}
function apply(){
  var c=fc.value,s=fs.value,t=ft.value,words=norm(q.value).split(/\\s+/).filter(Boolean),n=0;
  arts.forEach(function(a){
    var ok=(!c||a.dataset.category===c)&&(!s||a.dataset.status===s)&&
      (!t||a.dataset.tags.split(' ').indexOf(t)>=0)&&
      words.every(function(w){return a.dataset.text.indexOf(w)>=0;});
    a.hidden=!ok;if(ok)n++;});
  shown.textContent=n+' of '+arts.length+' memories shown';
}
function fromHash(){
  var h=location.hash.replace(/^#/,''),p={};
  h.split('&').forEach(function(kv){var i=kv.indexOf('=');if(i>0){
    try{p[decodeURIComponent(kv.slice(0,i))]=decodeURIComponent(kv.slice(i+1).replace(/\\+/g,' '));}catch(e){}}});
  function set(el,v){if(v===undefined)return;for(var i=0;i<el.options.length;i++){
    if(el.options[i].value===v){el.value=v;return;}}}
  set(fc,p.category);set(fs,p.status);set(ft,p.tag);if(p.q!==undefined)q.value=p.q;
  apply();
}
[fc,fs,ft].forEach(function(el){el.addEventListener('change',apply);});
q.addEventListener('input',apply);
window.addEventListener('hashchange',fromHash);
fromHash();
d.body.setAttribute('data-ready','1');
})();
"""


def _e(value: object) -> str:
    """Escaped text for element content or a double-quoted attribute."""
    return html.escape("" if value is None else str(value), quote=True)


def search_text(row: dict) -> str:
    """What the search box matches: title, tags, id, category and every field's text, in the
    script's normal form (NFC, lower case)."""
    parts = [row["title"], row["id"], row["category"], " ".join(row["tags"]),
             json.dumps(row["record"].get("content") or {}, ensure_ascii=False)]
    return unicodedata.normalize("NFC", " ".join(parts)).lower()


def _value(value: object) -> str:
    """A field value as nested HTML (dicts as definition lists, lists as bullets)."""
    if isinstance(value, dict):
        if not value:
            return "<em>(empty)</em>"
        return "<dl>" + "".join(f"<dt>{_e(k)}</dt><dd>{_value(v)}</dd>" for k, v in value.items()) + "</dl>"
    if isinstance(value, list):
        if not value:
            return "<em>(none)</em>"
        return "<ul>" + "".join(f"<li>{_value(v)}</li>" for v in value) + "</ul>"
    return _e(value)


def _history(changes: list) -> str:
    if not changes:
        return "<p class=meta>No changes recorded since it was created.</p>"
    rows = []
    for c in reversed(changes):
        c = c if isinstance(c, dict) else {"summary": c}
        detail = ""
        if c.get("field"):
            detail = f"{_e(c.get('field'))}: {_e(c.get('old_value'))} &rarr; {_e(c.get('new_value'))}"
        rows.append(f"<tr><td>{_e(c.get('date'))}</td><td>{_e(c.get('summary'))}</td><td>{detail}</td></tr>")
    return "<table><tr><th>when</th><th>change</th><th>field</th></tr>" + "".join(rows) + "</table>"


def _flag(row: dict) -> str:
    from claude_memory.store.listing import facts

    return " &middot; ".join('<span class="badge warn">may be stale</span>' if bit == "may be stale" else _e(bit)
                             for bit in facts(row))


def _article(row: dict, commands: dict[str, str]) -> str:
    doc = row["record"]
    facts = [("category", row["category"]), ("id", row["id"]), ("created", row["created_at"]),
             ("updated", row["updated_at"]), ("times updated", row["times_updated"]),
             ("confidence", doc.get("confidence")), ("tags", ", ".join(row["tags"]) or "-")]
    for key in LIFECYCLE_FIELDS:
        if doc.get(key):
            facts.append((key.replace("_", " "), doc.get(key)))
    if doc.get("related_files"):
        facts.append(("related files", ", ".join(str(p) for p in doc["related_files"])))
    cmds = "".join(f"<dt>{_e(name)}</dt><dd><pre>{_e(line)}</pre></dd>" for name, line in commands.items())
    flag = _flag(row)
    return (
        f'<article class="memory card" id="{_e("m-" + row["folder"] + "-" + row["id"])}" '
        f'data-category="{_e(row["category"])}" data-status="{_e(row["status"])}" '
        f'data-tags="{_e(" ".join(row["tags"]))}" data-text="{_e(search_text(row))}">'
        f'<h3>{_e(row["title"])}</h3>'
        f'<div class="meta"><span class="badge s-{_e(row["status"])}">{_e(row["status"])}</span> '
        f'{_e(row["category"])} &middot; {_e(row["path"])} &middot; updated {_e(row["updated_at"])}'
        f'{(" &middot; " + flag) if flag else ""}</div>'
        f'<details open><summary>fields</summary><table>'
        + "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in facts)
        + f'</table>{_value(doc.get("content") or {})}</details>'
        f'<details><summary>history of changes ({len(doc.get("changes") or [])})</summary>'
        f'{_history(doc.get("changes") or [])}</details>'
        f'<details><summary>commands</summary><dl>{cmds}</dl></details>'
        "</article>"
    )


def _overview(rows: list[dict], new_since: str | None = None) -> str:
    counts = Counter((r["category"], r["status"]) for r in rows)
    head = "<tr><th>category</th>" + "".join(f"<th>{s}</th>" for s in STATUSES) + "</tr>"
    body = "".join("<tr><td>" + _e(c) + "</td>" +
                   "".join(f'<td class="num">{counts.get((c, s), 0)}</td>' for s in STATUSES) + "</tr>"
                   for c in CATEGORIES)
    total = "<tr><th>all</th>" + "".join(
        f'<th class="num">{sum(counts.get((c, s), 0) for c in CATEGORIES)}</th>' for s in STATUSES) + "</tr>"
    active = [r for r in rows if r["status"] == "active"]

    def listing(title: str, items: list[dict] | None, unknown: str, note: str = "") -> str:
        if items is None:
            return f'<div class="card"><h2>{title}</h2><p class=meta>{unknown}</p></div>'
        lis = "".join(f'<li><a href="#{_e("m-" + r["folder"] + "-" + r["id"])}">{_e(r["title"])}</a> '
                      f'<span class=meta>({_e(r["category"])})</span></li>' for r in items[:50])
        return (f'<div class="card"><h2>{title} ({len(items)})</h2>' + (f"<p class=meta>{_e(note)}</p>" if note else "")
                + f'<ul>{lis or "<li>none</li>"}</ul></div>')

    known_recall = any(r.get("recalled") is not None for r in rows)
    known_stale = any(r.get("may_be_stale") is not None for r in rows)
    # a memory created since ``new_since`` is new: it has not had the time to be recalled
    never = [r for r in active if r.get("recalled") == 0
             and not (new_since and str(r.get("created_at") or "") >= new_since)] if known_recall else None
    stale = [r for r in active if r.get("may_be_stale")] if known_stale else None
    changes = []
    for r in rows:
        for c in r["record"].get("changes") or []:
            if isinstance(c, dict):
                changes.append((str(c.get("date") or ""), r, str(c.get("summary") or "")))
        changes.append((str(r["created_at"] or ""), r, "created"))
    changes.sort(key=lambda x: x[0], reverse=True)
    latest = "".join(f'<tr><td>{_e(d)}</td><td><a href="#{_e("m-" + r["folder"] + "-" + r["id"])}">'
                     f'{_e(r["title"])}</a></td><td>{_e(s)}</td></tr>' for d, r, s in changes[:_LATEST])
    return (
        '<section class="overview" id="overview">'
        f'<div class="card"><h2>Memories per category and status</h2><table>{head}{body}{total}</table></div>'
        + listing("Possibly stale", stale, "Not known: nothing records staleness for this store yet.")
        + listing("Never recalled", never, "Not known: nothing records recall counts for this store yet.",
                  f"memories created since {new_since[:10]} are new and not listed" if new_since else "")
        + f'<div class="card"><h2>Latest changes</h2><table><tr><th>when</th><th>memory</th><th>change</th></tr>'
        f'{latest or "<tr><td colspan=3>none</td></tr>"}</table></div>'
        "</section>"
    )


def _select(id: str, label: str, values: Iterable[str]) -> str:
    opts = "".join(f'<option value="{_e(v)}">{_e(v)}</option>' for v in values)
    return f'<label>{label} <select id="{id}"><option value="">all</option>{opts}</select></label>'


def render_page(rows: list[dict], *, title: str, generated_at: str,
                script: Callable[..., str], commands_for: Callable[[dict, Callable[..., str]], dict],
                new_since: str | None = None) -> str:
    """The whole page (a string). ``script`` renders a command line, ``commands_for`` the
    commands of a row (see :func:`claude_memory.listing.commands_for`). ``new_since`` (a timestamp as
    the records write it): memories created since are new, not listed as never recalled."""
    tags = sorted({t for r in rows for t in r["tags"]})
    categories = [c for c in CATEGORIES if any(r["category"] == c for r in rows)] or list(CATEGORIES)
    digest = base64.b64encode(hashlib.sha256(_JS.encode("utf-8")).digest()).decode("ascii")
    csp = f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'; img-src 'none'; " \
          "form-action 'none'; base-uri 'none'"
    articles = "".join(_article(r, commands_for(r, script)) for r in rows)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        '<meta name="referrer" content="no-referrer">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>"
        f'<header><h1>{_e(title)}</h1><div class="meta" style="color:#ccc">{len(rows)} memories &middot; '
        f"generated {_e(generated_at)} &middot; read-only: change memories with the commands shown</div></header>"
        f"<main>{_overview(rows, new_since)}"
        '<h2 id="memories">Memories</h2><div class="controls">'
        + _select("f-category", "category", categories) + _select("f-status", "status", STATUSES)
        + _select("f-tag", "tag", tags)
        + '<label>search <input id="q" type="search" placeholder="words in titles, tags and fields"></label>'
        f'<span id="shown" class="meta">{len(rows)} of {len(rows)} memories shown</span></div>'
        f'<div id="list">{articles or "<p>No memories yet.</p>"}</div></main>'
        f"<script>{_JS}</script></body></html>\n"
    )

