"""Stop hook: decide whether this turn produced memories worth saving.

``decide(payload)`` reads only what is new in the transcript since the session's
cursor, scores it per category, writes a context file per triggered category and
records a pending capture (:mod:`claude_memory.triage.pending`) that the next
prompt hands to the plugin's saver subagent. It never blocks the stop: a blocking
Stop hook is shown as a red "Stop hook error" and, in ``claude -p``, replaces the
printed answer. Nothing is ever printed (the answer holds at most the operations-log note).

- ``stop_hook_active: true`` (Claude is already continuing because of a block):
  ``None``, nothing read or written. The next triage skips the save flow itself
  (see :func:`claude_memory.triage.transcript.drop_save_flow`), so there is no save loop.
- ``triage.enabled: false``, or a category with ``enabled: false`` or
  ``auto_capture: false``: not triggered.
- The last assistant message is often not on disk yet: it is taken from the
  payload's ``last_assistant_message`` and remembered (by checksum) so it is not
  scored again when it reaches the file.
- The config is read first: memory off, triage off or no category that may trigger answers
  ``None`` at once, before the transcript is looked at.
- The transcript is waited for only while something says it is coming, and never long: one being
  written (empty, or ending mid-line, and changed within ``TRANSCRIPT_WAIT_SECONDS``) for up to
  that long, then read up to its last whole line; a missing one for up to ``MISSING_WAIT_SECONDS``
  only. The CLI queues its transcript writes and flushes them every 100 ms, so a persisted
  session's file is there by then even on a first turn the model answered at once; one still
  missing never comes (``--no-session-persistence`` names a path it never writes, and the hook
  input does not say so). A folder, FIFO or device there: ``None`` at once. Anything
  unexpected: the edge fails open.
Standard library only, and lean: ``os`` strings, no pathlib/json/re/typing on the
path of a stop that triggers nothing (``re`` comes only when a cue's literal gate passes).
"""

from __future__ import annotations

import os
import sys
import zlib

from claude_memory.hooks import edge as hook_edge
from claude_memory.core.categories import CATEGORIES
from claude_memory.core.config import hook_config
from claude_memory.core.layout import staging_path
from claude_memory.core.privacy import capture_paused, memory_enabled
from claude_memory.triage import cursor as cursors
from claude_memory.triage.transcript import ASSISTANT_TEXT, Event, drop_save_flow, read_tail

__all__ = ["decide", "main", "enabled_categories", "thresholds", "transcript_state"]

#: How much of the assistant's last text the cursor keeps (to read the next prompt against it).
_PRIOR_TEXT_CHARS = 4_000


def enabled_categories(config: dict) -> list[str]:
    """Categories that may trigger: enabled and auto-captured, in the canonical order (``config`` is
    checked by :mod:`claude_memory.core.config`, so it has the defaults' shape and types)."""
    if not config["triage"]["enabled"]:
        return []
    cats = config["categories"]
    return [name for name in CATEGORIES if cats[name]["enabled"] and cats[name]["auto_capture"]]


def thresholds(config: dict) -> dict[str, float]:
    return dict(config["triage"]["thresholds"])


def _max_context_bytes(config: dict) -> int:
    return config["triage"]["max_context_bytes"]


#: The longest the Stop hook waits for a transcript that is being written (and how recently it must have
#: changed to count as being written).
TRANSCRIPT_WAIT_SECONDS = 3.0
#: The longest it waits for a transcript that is not there yet: the CLI flushes its queued transcript
#: writes every 100 ms (``FLUSH_INTERVAL_MS`` of the pinned CLI), so this is five flushes. A stop without
#: session persistence costs at most this (nothing at all with memory or triage off).
MISSING_WAIT_SECONDS = 0.5
_POLL_SECONDS = 0.05
#: :func:`transcript_state` answers: read it; wait for a write in flight; wait briefly for a first
#: flush; nothing to read and nothing coming
READY, WRITING, MISSING, ABSENT = "ready", "writing", "missing", "absent"
#: what :func:`_look` found at the path
NO_FILE, REGULAR, OTHER = "no file", "regular file", "other"


def transcript_state(found: str, size: int, ends_whole: bool, age: float) -> str:
    """What a transcript's state on disk says: ``found`` (:data:`NO_FILE`, :data:`REGULAR` or
    :data:`OTHER`: a folder, FIFO or device, which no write of the CLI turns into a transcript),
    its ``size``, whether its last byte is a newline (``ends_whole``), and ``age``, the seconds since it
    last changed. See :data:`READY`."""
    if found == NO_FILE:
        return MISSING
    if found != REGULAR:
        return ABSENT
    if size > 0 and ends_whole:
        return READY
    if age <= TRANSCRIPT_WAIT_SECONDS:
        return WRITING
    return READY if size > 0 else ABSENT  # a torn last line nobody finishes: its whole lines are read


def _look(path: str) -> tuple[str, int, bool, float]:
    """``(found, size, ends_whole, age)`` of ``path`` for :func:`transcript_state`."""
    import stat
    import time

    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            return OTHER, 0, False, 0.0
        ends_whole = False
        if st.st_size > 0:
            with open(path, "rb") as fh:
                fh.seek(st.st_size - 1)
                ends_whole = fh.read(1) == b"\n"
    except FileNotFoundError:
        return NO_FILE, 0, False, 0.0
    except (OSError, ValueError):
        return OTHER, 0, False, 0.0
    return REGULAR, st.st_size, ends_whole, time.time() - st.st_mtime


def _wait_for_transcript(path: str, *, sleep=None, clock=None) -> bool:
    """True when ``path`` has something to read. Polls (``sleep``, default :func:`time.sleep`) only while
    :func:`transcript_state` says it is coming: at most ``MISSING_WAIT_SECONDS`` while it is missing,
    ``TRANSCRIPT_WAIT_SECONDS`` in all (``clock``: :func:`time.monotonic`)."""
    import time

    sleep = time.sleep if sleep is None else sleep
    clock = time.monotonic if clock is None else clock
    start = clock()
    while True:
        found, size, ends_whole, age = _look(path)
        state = transcript_state(found, size, ends_whole, age)
        if state in (READY, ABSENT):
            return state == READY
        if clock() - start >= (MISSING_WAIT_SECONDS if state == MISSING else TRANSCRIPT_WAIT_SECONDS):
            return size > 0  # still mid-line: its whole lines are read
        sleep(_POLL_SECONDS)


def decide(payload: dict, *, dry_run: bool = False) -> dict | None:
    """The Stop answer for ``payload`` (see the module docstring). ``dry_run``: read the transcript and the
    cursor as a real stop would, but write nothing (no cursor, no staging folder, no context files); the
    answer's ``triage_rows`` hold (category, score, context file it would write)."""
    if payload.get("stop_hook_active") is True or capture_paused():
        return None
    transcript = payload.get("transcript_path")
    if not isinstance(transcript, str) or not transcript:
        return None
    cwd = payload.get("cwd") if isinstance(payload.get("cwd"), str) else None
    root = cursors.memory_root(cwd)
    config = hook_config(root if os.path.isdir(root) else None, ("triage", "categories", "enabled"))
    categories = enabled_categories(config) if memory_enabled(config) else []
    if not categories or not _wait_for_transcript(transcript):  # the config first: off means no wait at all
        return None

    key = cursors.session_key(payload.get("session_id"))
    staging = staging_path(root) if dry_run else cursors.staging_folder(root)
    cursor_file = cursors.cursor_path(staging, key)
    cursor = cursors.load_cursor(cursor_file)
    st = os.stat(transcript)
    head = cursors.head_checksum(transcript)
    offset = cursors.resume_offset(cursor, inode=st.st_ino, size=st.st_size, head=head)
    resumed = offset > 0

    # Seek to the cursor; never read the whole file (bounded to the last 8 MB on a first run).
    tail = read_tail(transcript, offset)
    events, in_flow = drop_save_flow(tail.events, bool(cursor.get("in_save_flow")) if resumed else False)
    events, last_crc = _with_last_message(events, payload.get("last_assistant_message"),
                                          cursor.get("last_message") if resumed else None, in_flow)

    prior = cursor.get("prior_text") if resumed and isinstance(cursor.get("prior_text"), str) else ""
    if not events:
        # Nothing new (a repeated stop): keep the cursor, skip scoring and its regexes entirely.
        if not dry_run and (not resumed or tail.end != offset):
            cursors.save_cursor(cursor_file, {**cursor, "offset": tail.end, "inode": st.st_ino, "size": tail.size,
                                              "head": head, "in_save_flow": in_flow, "last_message": last_crc,
                                              **({} if resumed else {"metrics": {}, "prior_text": "", "support": {},
                                                                        "prior_options": [], "options_open": False,
                                                                        "edited": False})})
        return None

    from claude_memory.triage.scoring import (activity_metrics, edited_last, last_assistant_text, merge_metrics,
                                              score_all)

    options = _words(cursor.get("prior_options")) if resumed else []
    kept_open = resumed and cursor.get("options_open") is True
    metrics = merge_metrics(cursor.get("metrics") if resumed else None, activity_metrics(events))
    edited = resumed and cursor.get("edited") is True
    scores = score_all(events, metrics, prior_text=prior, carried=_carried(cursor) if resumed else None,
                       prior_options=options, prior_open=kept_open, prior_edited=edited)
    limits = thresholds(config)
    triggered = [c for c in categories if scores[c].score >= limits[c]]

    answer = None
    if triggered:
        answer = _defer(triggered, scores, events, config, staging, key, write=not dry_run)
        if "session_summary" in triggered:
            metrics = {}
    if dry_run:
        return answer
    record = {
        "offset": tail.end, "inode": st.st_ino, "size": tail.size, "head": head, "metrics": metrics,
        "in_save_flow": in_flow, "last_message": last_crc,
        "prior_text": _private_tail(last_assistant_text(events) or prior),
        # a category that triggered starts over: what supported it is in its memory now
        "support": {c: score.support for c, score in scores.items() if score.support and c not in triggered},
    }
    # what is still on offer to choose from: short words, redacted like the text
    offer, kept_open = scores["decision"].offer
    record["prior_options"], record["options_open"] = _words(_private_tail(" ".join(offer)).split()), kept_open
    record["edited"] = edited_last(events, edited)  # the last exchange changed a file: "no, ..." corrects it
    cursors.save_cursor(cursor_file, record)
    return answer


def _words(value) -> list[str]:
    """A list of short words from the cursor (anything else: none)."""
    if not isinstance(value, list):
        return []
    return [w for w in value if isinstance(w, str) and 0 < len(w) <= 60][:64]


def _carried(cursor: dict) -> dict:
    """The cursor's supporting cues of earlier triages (category -> class -> value), numbers only."""
    support = cursor.get("support")
    if not isinstance(support, dict):
        return {}
    return {c: {k: float(v) for k, v in classes.items() if isinstance(k, str) and isinstance(v, (int, float))}
            for c, classes in support.items() if isinstance(c, str) and isinstance(classes, dict)}


def _private_tail(text: str) -> str:
    """The end of ``text`` as the cursor keeps it in the staging place: redacted whole, then cut
    (cutting first could keep a secret's body without the part that identifies it). Importing
    the redactor costs no regex: a text without a trigger word costs a few substring searches."""
    if not text:
        return ""
    from claude_memory.core.redact import redact_text

    return redact_text(text)[0][-_PRIOR_TEXT_CHARS:]


def _with_last_message(events: list[Event], message, stored_crc, in_flow: bool) -> tuple[list[Event], int | None]:
    """Add the payload's last assistant message unless it is already in the tail or was scored before;
    drop a tail event that repeats the message scored at the previous stop."""
    if stored_crc is not None:
        events = [e for e in events
                  if not (e.kind == ASSISTANT_TEXT and zlib.crc32(e.text.encode("utf-8", "replace")) == stored_crc)]
    if not isinstance(message, str) or not message.strip():
        return events, stored_crc
    crc = zlib.crc32(message.encode("utf-8", "replace"))
    if in_flow or crc == stored_crc:
        return events, stored_crc
    if not any(e.kind == ASSISTANT_TEXT and e.text == message for e in events[-20:]):
        events = events + [Event(ASSISTANT_TEXT, message[:20_000], spoken=True)]
    return events, crc


def _defer(triggered: list[str], scores: dict, events: list[Event], config: dict, staging: str,
           key: str, write: bool = True) -> dict:
    """Write the context files and the pending capture; the next prompt saves them (no block).
    The answer carries only the operations-log note (nothing is printed); with ``write`` false,
    nothing is written and the answer's ``triage_rows`` say what would be."""
    from claude_memory.triage.pending import write_pending
    from claude_memory.triage.context import render_context, write_context
    from claude_memory.triage.reason import triage_data

    cats = config.get("categories") if isinstance(config.get("categories"), dict) else {}
    max_bytes = _max_context_bytes(config)
    rows = []
    for category in triggered:
        spec = cats.get(category) if isinstance(cats.get(category), dict) else {}
        text = render_context(scores[category], spec.get("description", ""), events, max_bytes=max_bytes)
        folder = os.path.join(staging, key)
        path = write_context(folder, category, text) if write else os.path.join(folder, f"context-{category}.md")
        rows.append((category, scores[category].score, str(path)))
    if not write:
        return {"triage_rows": rows}
    write_pending(staging, key, triage_data(rows)["categories"])
    return {hook_edge.LOG_KEY: {"categories": [row[0] for row in rows], "deferred": True}}


def dry_run(payload: dict) -> str:
    """``--dry-run``: the ``<triage_data>`` block the Stop hook would act on for ``payload`` (an empty
    category list when nothing would trigger), with nothing changed on disk."""
    from claude_memory.triage.reason import triage_data_block

    answer = decide(payload, dry_run=True) or {}
    return triage_data_block(answer.get("triage_rows") or []) + "\n"


def main(argv=None) -> int:
    if argv and "--dry-run" in argv:
        return _main_dry_run()
    return hook_edge.run_hook("memory_triage", decide, sys.stdin)


def _main_dry_run() -> int:
    """``--dry-run`` outside :func:`hook_edge.run_hook`: no operations-log line either (nothing changes on disk)."""
    try:
        payload = hook_edge.read_payload(sys.stdin)
        if payload is not None:
            sys.stdout.write(dry_run(payload))
    except Exception as exc:  # noqa: BLE001 - report, never raise
        print(f"claude-memory: memory_triage --dry-run failed: {type(exc).__name__}: {exc}", file=sys.stderr)
    return 0
