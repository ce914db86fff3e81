"""memory_index.py --html: a self-contained page, checked as text and in a real headless Chromium
(Debian's ``chromium``): it loads, filters, searches, and hostile store text stays text.
Screenshots are saved under the test's tmp_path (printed with -s)."""

from __future__ import annotations

import html.parser
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from claude_memory import store
from claude_memory.store import html_view, listing
from claude_memory.guard.advice import script_command
from store_helpers import create, make_doc

SCRIPT = "memory_index.py"
HOSTILE_TITLE = '<script>document.title="pwned"</script><img src=x onerror="document.title=\'pwned\'">'
HOSTILE_TEXT = '</textarea></pre></dl><b id="injected">bold</b><iframe src="https://example.com/"></iframe>'


@pytest.fixture
def page(run_script, memory_root, tmp_path) -> Path:
    ctx = store.open_store(memory_root)
    create(ctx)
    create(ctx, id="use-kafka", title="Use Kafka for events", tags=["events", "kafka"])
    create(ctx, "runbook", "fix-deploy", "Fix a failing deploy", tags=["deploy"])
    create(ctx, "preference", "tabs", "Préférer les tabulations ünd Ümlaute", tags=["style"])
    content = {**make_doc()["content"], "context": HOSTILE_TEXT}
    create(ctx, id="hostile", title=HOSTILE_TITLE, content=content, tags=["evil"])
    create(ctx, id="old-choice", title="An old choice")
    store.change_status(ctx, "delete", target=str(memory_root / "decisions" / "old-choice.json"), reason="replaced")
    out = tmp_path / "memory.html"
    res = run_script(SCRIPT, "--html", str(out))
    assert res.returncode == 0 and "6 memories" in res.stdout, res.stderr
    return out


class _Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def _tags(text: str) -> list[tuple[str, dict]]:
    p = _Tags()
    p.feed(text)
    return p.tags


def test_page_is_self_contained_and_escapes_store_text(page):
    text = page.read_text(encoding="utf-8")
    tags = _tags(text)
    assert [t for t, _ in tags].count("script") == 1  # only the page's own script
    assert not [t for t, _ in tags if t in ("img", "iframe", "link", "b")]
    assert not any(k.startswith("on") for _, attrs in tags for k in attrs)  # no event handlers at all
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", text)  # nothing fetched
    assert "default-src 'none'" in text
    assert html_view.html.escape(HOSTILE_TITLE) in text
    assert "Préférer les tabulations ünd Ümlaute" in text
    for command in ("--action update --target .claude/memory/decisions/use-kafka.json",
                    "--action delete --target .claude/memory/decisions/use-kafka.json",
                    "--action restore --target .claude/memory/decisions/old-choice.json"):
        assert command in text


def test_overview_counts_and_known_facts(memory_root):
    ctx = store.open_store(memory_root)
    create(ctx)
    create(ctx, id="b", title="B")
    rows = listing.rows(memory_root)
    plain = html_view.render_page(rows, title="t", generated_at="now", script=script_command,
                                  commands_for=listing.commands_for)
    assert "Not known: nothing records recall counts" in plain
    for r in rows:
        r["recalled"], r["may_be_stale"] = (0, True) if r["id"] == "b" else (4, False)
    known = html_view.render_page(rows, title="t", generated_at="now", script=script_command,
                                  commands_for=listing.commands_for)
    assert "Never recalled (1)" in known and "Possibly stale (1)" in known and "recalled 4x" in known
    # "b" created at or after new_since is new, not yet "never recalled"
    created = next(r["created_at"] for r in rows if r["id"] == "b")
    for new_since, never in ((created, 0), ("2999-01-01T00:00:00Z", 1)):
        page = html_view.render_page(rows, title="t", generated_at="now", script=script_command,
                                     commands_for=listing.commands_for, new_since=new_since)
        assert f"Never recalled ({never})" in page and f"memories created since {new_since[:10]} are new" in page


# --- a real browser -------------------------------------------------------------------------

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed "
                                    "(apt-get install chromium; ./dev.sh installs it when it can)")


def _chromium(tmp_path: Path, url: str, *extra: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
            "--disable-default-apps", f"--user-data-dir={profile}", "--hide-scrollbars", *extra, url]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def _dom(tmp_path: Path, page: Path, fragment: str = "") -> str:
    return _chromium(tmp_path, page.as_uri() + fragment, "--dump-dom").stdout


def _shown(dom: str) -> set[str]:
    """The ids of the articles the page's script left visible."""
    return {attrs["id"] for tag, attrs in _tags(dom) if tag == "article" and "hidden" not in attrs}


@needs_chromium
def test_in_chromium_loads_filters_and_searches(page, tmp_path):
    all_ids = {"m-decisions-use-postgres", "m-decisions-use-kafka", "m-runbooks-fix-deploy", "m-preferences-tabs",
               "m-decisions-hostile", "m-decisions-old-choice"}
    dom = _dom(tmp_path, page)
    assert 'data-ready="1"' in dom  # the script ran under the page's own CSP
    assert _shown(dom) == all_ids and "6 of 6 memories shown" in dom
    assert _shown(_dom(tmp_path, page, "#category=runbook")) == {"m-runbooks-fix-deploy"}
    assert _shown(_dom(tmp_path, page, "#status=retired")) == {"m-decisions-old-choice"}
    assert _shown(_dom(tmp_path, page, "#tag=kafka")) == {"m-decisions-use-kafka"}
    searched = _dom(tmp_path, page, "#q=KAFKA%20events")
    assert _shown(searched) == {"m-decisions-use-kafka"} and "1 of 6 memories shown" in searched
    assert _shown(_dom(tmp_path, page, "#q=%C3%BCmlaute")) == {"m-preferences-tabs"}  # non-English, any case
    assert _shown(_dom(tmp_path, page, "#category=decision&status=active&q=kafka")) == {"m-decisions-use-kafka"}
    assert _shown(_dom(tmp_path, page, "#category=runbook&q=kafka")) == set()


@needs_chromium
def test_in_chromium_hostile_text_stays_text(page, tmp_path):
    dom = _dom(tmp_path, page)
    tags = _tags(dom)
    assert "<title>Project memory" in dom and "pwned" not in re.search(r"<title>(.*?)</title>", dom).group(1)
    assert not [t for t, a in tags if t in ("img", "iframe") or a.get("id") == "injected"]
    assert [t for t, _ in tags].count("script") == 1
    assert html_view.html.escape(HOSTILE_TITLE, quote=False) in dom


@needs_chromium
def test_in_chromium_screenshots(page, tmp_path):
    shots = {}
    for name, fragment in (("overview", ""), ("filtered", "#category=decision&status=active"),
                           ("search", "#q=deploy")):
        shot = tmp_path / f"screenshot-{name}.png"
        _chromium(tmp_path, page.as_uri() + fragment, f"--screenshot={shot}", "--window-size=1280,1600")
        assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
        shots[name] = shot.read_bytes()
        print(f"screenshot: {shot}")
    assert shots["overview"] != shots["filtered"] != shots["search"]  # the filters change what is drawn
    keep = os.environ.get("CLAUDE_MEMORY_SCREENSHOTS")
    if keep:  # optionally keep them beyond pytest's tmp_path (CI artefacts)
        Path(keep).mkdir(parents=True, exist_ok=True)
        for name, data in shots.items():
            (Path(keep) / f"memory-html-{name}.png").write_bytes(data)
