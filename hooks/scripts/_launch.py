"""Shared launcher for the thin entry scripts in this folder.

Each script is two lines: ``from _launch import run`` and ``run("module")``.
This puts the plugin root on ``sys.path`` (so the scripts work from any working
directory), optionally makes the write path's dependencies importable, and
hands ``sys.argv[1:]`` to the module's ``main(argv) -> int``.

Every hook starts here, so this file imports only what the interpreter has already
loaded or builds in (``importlib`` would add ``importlib`` and ``warnings`` to each hook's
start-up). Start-up settings for these short processes:

- The cyclic garbage collector's first generation runs after :data:`GC_THRESHOLD` new objects
  instead of 700: a hook lives for milliseconds, and a pass over the tables it has just read
  cost up to a millisecond of a prompt. Long runs (an import of thousands of memories) still
  collect, less often.
- The package ``claude_memory`` is found by :func:`_own_finder` (the path of a module from its
  name), and under ``PYTHONDONTWRITEBYTECODE`` (many containers set it) its modules still get
  their ``__pycache__`` on first import, so a hook does not compile them again on every run;
  every other module is left to the variable. Bytecode a plugin folder cannot hold (a read-only
  install) goes to ``${CLAUDE_PLUGIN_DATA}/pycache`` (:func:`spare_cache`); without that variable
  each run compiles, with no error.
"""

import gc
import marshal
import os
import sys

PLUGIN_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: objects allocated (net) before a first-generation collection (Python's default is 700)
GC_THRESHOLD = 50_000


def spare_cache(environ=os.environ) -> str | None:
    """Where the plugin's bytecode goes when the plugin's own folders cannot hold it (a read-only
    install): ``${CLAUDE_PLUGIN_DATA}/pycache``, or None without that variable."""
    data = environ.get("CLAUDE_PLUGIN_DATA")
    return os.path.join(data, "pycache") if data else None


def _own_finder(root: str = PLUGIN_ROOT, package: str = "claude_memory", spare: str | None = None):
    """A finder for ``package`` and its modules under ``root`` (installed first on ``sys.meta_path``).

    It computes a module's file from its name (one or two ``stat`` calls) instead of letting the
    path finder list and cache each folder of the package (about 0.06 ms a package and 0.01 ms
    a module of every hook's start-up), and its loader writes the module's bytecode even when
    ``sys.dont_write_bytecode`` is set (lifted only while one of these modules is compiled).
    Anything it does not find is left to the usual finders.

    ``spare`` (:func:`spare_cache`): when bytecode cannot be written beside the plugin's sources,
    the loader creates that folder and writes it there; from then on (the folder exists) these
    modules' bytecode is read and written there (``sys.pycache_prefix``, set only while one of
    them is loaded)."""
    import _frozen_importlib_external as bootstrap  # the import system's own module: already loaded

    in_use = spare if spare and os.path.isdir(spare) else None
    magic, tag, loads, sep = bootstrap.MAGIC_NUMBER, sys.implementation.cache_tag, marshal.loads, os.sep

    def pyc_beside(source: str) -> str | None:
        """The ``__pycache__`` file beside ``source`` (what :func:`read_pyc` reads), or None when the
        bytecode lives elsewhere (the spare cache, ``PYTHONPYCACHEPREFIX``)."""
        if in_use is not None or sys.pycache_prefix is not None:
            return None
        head, _, tail = source.rpartition(sep)
        return f"{head}{sep}__pycache__{sep}{tail[:-3]}.{tag}.pyc"

    def read_pyc(source: str, pyc: str):
        """The code of ``source`` from ``pyc`` when that is current (the checks the usual loader makes
        for a timestamp-based pyc: magic number, flags, the source's mtime and size), read in one
        ``os.read``; None when anything differs (the usual way then)."""
        try:
            st = os.stat(source)
            fd = os.open(pyc, os.O_RDONLY)
        except OSError:
            return None
        try:
            data = os.read(fd, os.fstat(fd).st_size)
        except OSError:
            return None
        finally:
            os.close(fd)
        if (len(data) < 16 or data[:4] != magic or data[4:8] != b"\0\0\0\0"
                or int.from_bytes(data[8:12], "little") != int(st.st_mtime) & 0xFFFFFFFF
                or int.from_bytes(data[12:16], "little") != st.st_size & 0xFFFFFFFF):
            return None
        try:
            code = loads(memoryview(data)[16:])
        except (EOFError, ValueError, TypeError):
            return None
        if sys.flags.verbose:  # what ``python -v`` says for the usual loader
            print(f"# code object from {pyc!r}", file=sys.stderr)
        return code

    class OwnSourceLoader(bootstrap.SourceFileLoader):
        pyc: str | None = None  # set by the finder: :func:`pyc_beside`

        def get_code(self, fullname):
            if self.pyc is not None:
                code = read_pyc(self.path, self.pyc)
                if code is not None:
                    return code
            was, prefix = sys.dont_write_bytecode, sys.pycache_prefix
            sys.dont_write_bytecode = False
            if in_use:
                sys.pycache_prefix = in_use
            try:
                return super().get_code(fullname)
            finally:
                sys.dont_write_bytecode, sys.pycache_prefix = was, prefix

        def set_data(self, path, data, *, _mode=0o666):
            super().set_data(path, data, _mode=_mode)  # never raises: a failed write is just not there
            if spare and not in_use and not os.path.exists(path):
                prefix = sys.pycache_prefix
                try:
                    os.makedirs(spare, mode=0o700, exist_ok=True)
                    sys.pycache_prefix = spare
                    super().set_data(bootstrap.cache_from_source(self.path), data, _mode=_mode)
                except OSError:
                    pass
                finally:
                    sys.pycache_prefix = prefix

    prefix = package + "."
    isdir, isfile, spec_at = os.path.isdir, os.path.isfile, bootstrap.spec_from_file_location

    class OwnFinder:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name != package and not name.startswith(prefix):
                return None
            base = os.path.join(root, *name.split("."))
            if isdir(base):
                origin, search = os.path.join(base, "__init__.py"), [base]
            else:
                origin, search = base + ".py", None
            if not isfile(origin):
                return None
            loader = OwnSourceLoader(name, origin)
            loader.pyc = pyc_beside(origin)
            spec = spec_at(name, origin, loader=loader, submodule_search_locations=search)
            if loader.pyc is not None:
                spec.cached = loader.pyc  # spares cache_from_source
            return spec

        @staticmethod
        def invalidate_caches():
            pass

    return OwnFinder, OwnSourceLoader


def _cache_self(loader_class) -> None:
    """This file was imported before the finder existed: write its bytecode too (under the variable)."""
    spec = globals().get("__spec__")
    if spec is not None and spec.origin and spec.cached and not os.path.exists(spec.cached):
        try:
            loader_class(spec.name, spec.origin).get_code(spec.name)
        except (OSError, ImportError, SyntaxError, ValueError):
            pass


def run(module: str, *, needs_deps: bool = False) -> None:
    gc.set_threshold(GC_THRESHOLD)
    finder, loader = _own_finder(spare=spare_cache())
    sys.meta_path.insert(0, finder)
    if sys.dont_write_bytecode:
        _cache_self(loader)
    if PLUGIN_ROOT not in sys.path:
        sys.path.insert(0, PLUGIN_ROOT)
    if needs_deps:
        from claude_memory.core.deps import require_deps

        code = require_deps(os.path.basename(sys.argv[0]) or module)
        if code:
            raise SystemExit(code)
    __import__(module)
    main = sys.modules[module].main
    exit_now(main(sys.argv[1:]))


def exit_now(code) -> None:
    """End the process with ``code`` as soon as ``main`` has returned: flush the standard streams and
    ``os._exit``, skipping the interpreter's shutdown (module teardown, collections, ~2 ms, a fifth of
    a bare start). Nothing the plugin does needs it: files are written in ``with`` blocks, through
    ``os.write`` or the atomic writer, locks are released before ``main`` returns, and it registers
    no ``atexit`` handler and starts no thread (the background builders are detached processes).
    An exception out of ``main`` (a usage error's ``SystemExit``) still takes the usual way out, and
    so does a stream that cannot be flushed (a closed pipe)."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        raise SystemExit(code) from None
    os._exit(code if isinstance(code, int) else (0 if code is None else 1))
