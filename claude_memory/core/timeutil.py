"""RFC 3339 UTC timestamps (``2026-05-01T10:00:00Z``)."""

from __future__ import annotations

from datetime import datetime, timezone

__all__ = ["now_utc", "format_ts", "parse_ts", "now_ts"]


def now_utc() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def format_ts(dt: datetime) -> str:
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def now_ts() -> str:
    return format_ts(now_utc())


def parse_ts(value: str) -> datetime:
    """Parse an RFC 3339 timestamp (``Z`` or an offset); the result is aware, in UTC."""
    if not isinstance(value, str):
        raise ValueError(f"not a timestamp: {value!r}")
    v = value.strip()
    if v.endswith(("Z", "z")):
        v = v[:-1] + "+00:00"
    dt = datetime.fromisoformat(v)
    if dt.tzinfo is None:
        raise ValueError(f"timestamp {value!r} has no time zone")
    return dt.astimezone(timezone.utc)
