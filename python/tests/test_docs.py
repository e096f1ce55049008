"""The Python code of the book's Python chapter and of the READMEs runs as written."""

import pathlib
import re

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
DOCS = [REPO / "docs" / "src" / "python.md", REPO / "README.md", REPO / "python" / "README.md"]


def blocks():
    for path in DOCS:
        for i, code in enumerate(re.findall(r"```python\n(.*?)```", path.read_text(), re.S)):
            yield pytest.param(code, id=f"{path.relative_to(REPO)}#{i}")


@pytest.mark.parametrize("code", list(blocks()))
def test_documented_python_runs(code):
    exec(compile(code, "<docs>", "exec"), {})


def test_every_document_has_python():
    for path in DOCS:
        assert "```python" in path.read_text(), path
