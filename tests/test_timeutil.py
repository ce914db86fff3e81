"""RFC 3339 UTC timestamps."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claude_memory.store.models import TIMESTAMP_PATTERN
from claude_memory.core.timeutil import format_ts, now_ts, now_utc, parse_ts

UTC = timezone.utc


def test_now_is_utc_to_the_second():
    now = now_utc()
    assert now.tzinfo is UTC and now.microsecond == 0
    assert re.search(TIMESTAMP_PATTERN, now_ts())
    assert abs(parse_ts(now_ts()) - datetime.now(UTC)) < timedelta(minutes=1)


@pytest.mark.parametrize("dt,expected", [
    (datetime(2026, 5, 1, 10, 0, 0, tzinfo=UTC), "2026-05-01T10:00:00Z"),
    (datetime(2026, 5, 1, 10, 0, 0, 999999, tzinfo=UTC), "2026-05-01T10:00:00Z"),  # truncated, not rounded
    (datetime(2026, 5, 1, 12, 0, 0, tzinfo=timezone(timedelta(hours=2))), "2026-05-01T10:00:00Z"),
    (datetime(2026, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1))), "2025-12-31T23:30:00Z"),
    (datetime(2026, 5, 1, 10, 0, 0), "2026-05-01T10:00:00Z"),  # naive is taken as UTC
])
def test_format_ts(dt, expected):
    assert format_ts(dt) == expected


@pytest.mark.parametrize("text,expected", [
    ("2026-05-01T10:00:00Z", datetime(2026, 5, 1, 10, tzinfo=UTC)),
    ("2026-05-01T10:00:00z", datetime(2026, 5, 1, 10, tzinfo=UTC)),
    ("2026-05-01T10:00:00+00:00", datetime(2026, 5, 1, 10, tzinfo=UTC)),
    ("2026-05-01T12:00:00+02:00", datetime(2026, 5, 1, 10, tzinfo=UTC)),
    ("2026-05-01T05:30:00-04:30", datetime(2026, 5, 1, 10, tzinfo=UTC)),
    ("  2026-05-01T10:00:00Z\n", datetime(2026, 5, 1, 10, tzinfo=UTC)),
    ("2026-05-01T10:00:00.250Z", datetime(2026, 5, 1, 10, 0, 0, 250000, tzinfo=UTC)),
])
def test_parse_ts(text, expected):
    parsed = parse_ts(text)
    assert parsed == expected and parsed.utcoffset() == timedelta(0)


@pytest.mark.parametrize("bad", ["2026-05-01T10:00:00", "2026-05-01", "yesterday", "", "2026-02-30T00:00:00Z",
                                 "2026-05-01T25:00:00Z", None, 1714557600, b"2026-05-01T10:00:00Z"])
def test_parse_ts_rejects(bad):
    with pytest.raises(ValueError):
        parse_ts(bad)


@given(st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31),
                    timezones=st.sampled_from([UTC, timezone(timedelta(hours=5, minutes=30)), timezone(timedelta(hours=-8))])))
def test_round_trip(dt):
    text = format_ts(dt)
    assert re.search(TIMESTAMP_PATTERN, text)
    assert parse_ts(text) == dt.replace(microsecond=0)
    assert format_ts(parse_ts(text)) == text


def test_text_order_is_time_order():
    times = [datetime(2025, 12, 31, 23, 59, 59, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC),
             datetime(2026, 1, 1, 0, 0, 1, tzinfo=UTC), datetime(2026, 10, 1, tzinfo=UTC)]
    texts = [format_ts(t) for t in times]
    assert sorted(texts) == texts
