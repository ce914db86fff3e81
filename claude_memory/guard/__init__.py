"""Guards that keep Claude's file tools and Bash out of the memory store.

``paths`` decides whether a tool path resolves into the memory root (file
system aware: symlinks, ``..``, case-insensitive volumes). ``shell`` splits a
Bash command line into simple commands; ``bash`` decides, without touching the
disk, whether those commands would write, move or delete inside the store.

Standard library only, and cheap to import: the write guard runs before every
file edit and every Bash command.
"""

__all__ = ["paths", "shell", "bash", "advice", "links", "layout_check"]
