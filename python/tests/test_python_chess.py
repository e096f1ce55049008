"""python-chess's own tests of its core module, run against rayscan.

python-chess (GPL-3.0) ships its tests in its sdist. This test downloads that sdist at
test time (never into the repository), takes ``test.py``, gives it ``rayscan`` where it
imports ``chess``, and runs the test cases of the core module: every one must pass,
but those that need another module of python-chess (``chess.polyglot``,
``chess.variant`` …), which fail on a stand-in that names the module. The Python chapter
of the book lists the outcome; this test checks the list against the run, and with
``RAYSCAN_BLESS=1`` writes it.
"""

import os
import pathlib
import re
import subprocess
import sys
import tarfile
import types
import unittest

import pytest

import rayscan

VERSION = "1.11.2"
CORE = [
    "SquareTestCase",
    "MoveTestCase",
    "PieceTestCase",
    "BoardTestCase",
    "LegalMoveGeneratorTestCase",
    "BaseBoardTestCase",
    "SquareSetTestCase",
]
CHAPTER = pathlib.Path(__file__).resolve().parents[2] / "docs" / "src" / "python.md"
BEGIN = "<!-- python-chess-core -->"
END = "<!-- /python-chess-core -->"
# What each module a test may need does, for the chapter.
MODULES = {
    "engine": "talking to UCI and XBoard engines",
    "gaviota": "Gaviota endgame tablebases",
    "pgn": "reading and writing PGN games",
    "polyglot": "Polyglot opening books and their Zobrist hashes",
    "svg": "drawing boards as SVG",
    "syzygy": "Syzygy endgame tablebases",
    "variant": "chess variants (atomic, crazyhouse …), which rayscan does not play",
}


class NeedsModule(Exception):
    """A test used a module of python-chess that rayscan does not provide."""


class _MissingName(type):
    """What a stand-in module hands out: a class (so that `except chess.syzygy.X` and
    decorators naming it still load) that raises `NeedsModule` when used."""

    def __call__(cls, *args, **kwargs):
        raise NeedsModule(cls.module)

    def __getattr__(cls, name):
        raise NeedsModule(cls.module)


class _Missing(types.ModuleType):
    """A stand-in for a python-chess module: any use of its names raises `NeedsModule`
    naming it."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _MissingName(name, (Exception,), {"module": self.__name__})


def _sdist(directory):
    """python-chess's sdist, downloaded from PyPI into `directory` (once)."""
    found = sorted(directory.glob(f"chess-{VERSION}.tar.gz"))
    if not found:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:",
             "--no-deps", f"chess=={VERSION}", "-d", str(directory)],
            check=True, timeout=300,
        )
        found = sorted(directory.glob(f"chess-{VERSION}.tar.gz"))
    assert found, f"pip download left no chess-{VERSION}.tar.gz in {directory}"
    return found[0]


def _test_module(sdist):
    """python-chess's test.py as a module whose `chess` is rayscan (with stand-ins)."""
    with tarfile.open(sdist) as tar:
        member = tar.getmember(f"chess-{VERSION}/test.py")
        source = tar.extractfile(member).read().decode()
    chess = types.SimpleNamespace(**{k: v for k, v in vars(rayscan).items() if not k.startswith("__")})
    for name in MODULES:
        setattr(chess, name, _Missing(f"chess.{name}"))
    # Its `import chess` and `import chess.X` lines: the names come from `chess` above.
    source = re.sub(r"(?m)^import chess(\.\w+)?$", "pass", source)
    module = types.ModuleType("python_chess_test")
    module.__dict__["chess"] = chess
    exec(compile(source, f"chess-{VERSION}/test.py", "exec"), module.__dict__)
    return module


def _run(module):
    """{(class, test): None if passed, else the python-chess module it needs, or the
    failure's text}."""
    outcome = {}

    class Result(unittest.TestResult):
        def addSuccess(self, test):
            outcome[_key(test)] = None

        def addFailure(self, test, err):
            outcome[_key(test)] = self._explain(test, err)

        def addError(self, test, err):
            outcome[_key(test)] = self._explain(test, err)

        def _explain(self, test, err):
            if isinstance(err[1], NeedsModule):
                return f"needs {err[1]}"
            return self._exc_info_to_string(err, test)

    loader = unittest.TestLoader()
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(getattr(module, name)) for name in CORE)
    suite.run(Result())
    return outcome


def _key(test):
    return (type(test).__name__, test._testMethodName)


def _chapter_text(outcome):
    """The chapter's list of what passes and what is not run, from the outcome."""
    passed = [k for k, v in outcome.items() if v is None]
    needs = {k: v for k, v in outcome.items() if v is not None and v.startswith("needs ")}
    lines = [
        BEGIN,
        f"Of the {len(outcome)} tests of python-chess {VERSION}'s core module (`test.py`'s "
        f"{', '.join(f'`{c}`' for c in CORE)}), **{len(passed)} pass against rayscan**, run "
        "unchanged but for its `import chess` (`python/tests/test_python_chess.py`, which "
        "writes this list). The others need another module of python-chess:",
        "",
    ]
    for (cls, test), why in sorted(needs.items()):
        module = why.split()[-1]
        lines.append(f"- `{cls}.{test}` {why}: {MODULES[module.split('.')[-1]]}.")
    lines.append("")
    lines.append("The tests that pass, by class:")
    lines.append("")
    for cls in CORE:
        names = sorted(t for c, t in passed if c == cls)
        lines.append(f"- `{cls}` ({len(names)}): {', '.join(names)}.")
    lines.append(END)
    return "\n".join(lines)


@pytest.fixture(scope="module")
def outcome(tmp_path_factory):
    cache = os.environ.get("RAYSCAN_PYCHESS_SDIST")
    directory = pathlib.Path(cache) if cache else tmp_path_factory.mktemp("sdist")
    directory.mkdir(parents=True, exist_ok=True)
    return _run(_test_module(_sdist(directory)))


def test_every_core_test_passes_but_those_needing_other_modules(outcome):
    assert len(outcome) == 113, sorted(outcome)
    failed = {k: v for k, v in outcome.items() if v is not None and not v.startswith("needs ")}
    report = "\n\n".join(f"{c}.{t}:\n{why}" for (c, t), why in sorted(failed.items()))
    assert not failed, f"{len(failed)} of python-chess's core tests fail:\n{report}"


def test_the_python_chapter_lists_what_the_run_found(outcome):
    text = CHAPTER.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    written = _chapter_text(outcome)
    if os.environ.get("RAYSCAN_BLESS") == "1":
        CHAPTER.write_text(text[:start] + written + text[end:])
        return
    assert text[start:end] == written, (
        "docs/src/python.md's list of python-chess's core tests is not this run's; "
        "run the Python tests with RAYSCAN_BLESS=1 to write it"
    )
