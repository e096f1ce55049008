"""The package's build backend: maturin's, with the compile shown on the terminal.

pip runs a build backend with its output captured, and shows it only with ``-v``: a
build from clean spends a minute or two compiling the native module with cargo behind
a spinner that says nothing. Where pip runs in a terminal, this says what is being
compiled and how long it takes, and copies cargo's lines there as it goes. Elsewhere (CI,
output to a pipe or a file) it is maturin's backend unchanged. Everything but
``build_wheel`` and ``build_editable`` is maturin's own.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from typing import Any, Iterator, Mapping

import maturin
from maturin import *  # noqa: F401,F403 (the rest of the PEP 517 interface)

ESTIMATE = "about a minute and a half on two cores from clean, seconds once built"


# What maturin says of this very backend: it only works through maturin's.
UNSAID = "`build-backend` in pyproject.toml is not set to `maturin`"


@contextlib.contextmanager
def _terminal() -> Iterator[Any]:
    """The terminal pip runs in, for writing, with what the build writes to standard
    error (cargo's `Compiling …` lines, maturin's) copied there line by line; ``None``
    where there is no terminal."""
    try:
        tty = open("/dev/tty", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
    except OSError:
        yield None
        return
    with tty:
        sys.stderr.flush()
        saved = os.dup(2)
        read, write = os.pipe()

        def copy() -> None:
            with os.fdopen(read, encoding="utf-8", errors="replace") as lines:
                for line in lines:
                    if UNSAID not in line:
                        tty.write(line)
                        tty.flush()

        copier = threading.Thread(target=copy, daemon=True)
        copier.start()
        try:
            os.dup2(write, 2)
            os.close(write)
            yield tty
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            copier.join(timeout=10)


def _shown(build, *args: Any) -> str:
    with _terminal() as tty:
        if tty is None:
            return build(*args)
        print(f"\nrayscan: compiling the native module with cargo ({ESTIMATE})", file=tty, flush=True)
        start = time.monotonic()
        name = build(*args)
        print(f"rayscan: compiled in {time.monotonic() - start:.0f} s", file=tty, flush=True)
        return name


def build_wheel(
    wheel_directory: str,
    config_settings: Mapping[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    return _shown(maturin.build_wheel, wheel_directory, config_settings, metadata_directory)


def build_editable(
    wheel_directory: str,
    config_settings: Mapping[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    return _shown(maturin.build_editable, wheel_directory, config_settings, metadata_directory)
