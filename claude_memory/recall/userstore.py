"""The user-level store: preferences that belong to the person, not the project.

``~/.claude/memory/`` (``$CLAUDE_MEMORY_USER_ROOT`` moves it): the same layout and the same
writer (``memory_write.py --root <user root>``), outside every repository, so never committed.
Recall reads it beside the project's store; when both speak about the same memory (same
category and id, or the same title) the project's wins, and the project's memories come first.
``memory_index.py --promote ID`` moves a memory from the project to the user store and
``--demote ID`` back (:mod:`claude_memory.cli.transfer`).

Standard library only (``os``): it runs on every prompt (the rest only when the user store exists).
"""

import os

__all__ = ["USER_ROOT_ENV", "user_root", "combine", "render_both"]

USER_ROOT_ENV = "CLAUDE_MEMORY_USER_ROOT"


def user_root(environ=None) -> str:
    env = os.environ if environ is None else environ
    given = env.get(USER_ROOT_ENV)
    if given:
        return os.path.abspath(os.path.expanduser(given))
    return os.path.join(os.path.expanduser("~"), ".claude", "memory")


def _key_title(title: str) -> str:
    return " ".join(title.casefold().split())


def combine(project: list, user: list, limit: int) -> tuple[list, list]:
    """(project entries, user entries) to inject: the project's first, then the user's that the
    project does not already cover (same category and id, or same title), ``limit`` in all."""
    taken = {(e[0], e[2]) for e in project}
    titles = {_key_title(e[3]) for e in project}
    extra = [e for e in user if (e[0], e[2]) not in taken and _key_title(e[3]) not in titles]
    project = project[:limit]
    return project, extra[: max(0, limit - len(project))]


def render_both(project: list, user: list, project_prefix: str, user_prefix: str, budget: int | None = None, *,
                notes: dict[str, str] | None = None) -> str:
    """One ``<project-memory>`` block holding both lists (each with its own path prefix), within
    ``budget`` characters (``render.DEFAULT_CHARS`` when None; the user's share is what is left);
    ``notes`` (such as "may be stale") for the project's entries."""
    from claude_memory.recall.render import CLOSE, DEFAULT_CHARS, MIN_CHARS, render

    budget = DEFAULT_CHARS if budget is None else budget
    block = render(project, project_prefix, budget, notes=notes) if project else render([], project_prefix, budget)
    if not user:
        return block
    left = max(MIN_CHARS, budget - len(block))
    user_lines = render(user, user_prefix, left).split("\n")[2:-1]  # between the intro and the close
    body = block.split("\n")[:-1]
    return "\n".join(body + user_lines + [CLOSE])
