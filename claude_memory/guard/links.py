"""Which store a hard-linked file shares its inode with (a Write through a hard link, issue 14).

Loaded only when the file a tool would write has more than one link, so the common Write
never compiles it. Standard library ``os`` only.
"""

from __future__ import annotations

import os

__all__ = ["store_sharing_inode"]


def store_sharing_inode(st: os.stat_result, roots) -> str | None:
    """The first of ``roots`` holding a file with ``st``'s device and inode, else None."""
    if (st.st_mode & 0o170000) != 0o100000:  # only regular files are memories
        return None
    for root in roots:
        stack = [root]
        while stack:
            folder = stack.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                    elif entry.inode() == st.st_ino and entry.stat(follow_symlinks=False).st_dev == st.st_dev:
                        return root
                except OSError:
                    continue
    return None
