"""The type stubs of the native module (`rayscan/_rayscan.pyi`) declare everything it
has: every public class, function and constant, and every public method and attribute
of each class, so that editors and type checkers see the whole API."""

import ast
import pathlib

import rayscan
from rayscan import _rayscan

STUBS = pathlib.Path(rayscan.__file__).with_name("_rayscan.pyi")


def declared():
    """{class name or "": set of names} declared in the stubs, with base classes'."""
    tree = ast.parse(STUBS.read_text())
    names = {"": set()}
    bases = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    members.add(item.target.id)
            names[node.name] = members
            bases[node.name] = [b.id for b in node.bases if isinstance(b, ast.Name)]
            names[""].add(node.name)
        elif isinstance(node, ast.FunctionDef):
            names[""].add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[""].add(node.target.id)
    for cls, parents in bases.items():
        for parent in parents:
            names[cls] |= names.get(parent, set())
    return names


def test_the_stubs_declare_every_public_name_of_the_native_module():
    stubs = declared()
    module = {n for n in dir(_rayscan) if not n.startswith("_")}
    assert module - stubs[""] == set()
    for name in module:
        cls = getattr(_rayscan, name)
        if not isinstance(cls, type) or issubclass(cls, BaseException):
            continue
        public = {m for m in dir(cls) if not m.startswith("_")}
        assert public - stubs[name] == set(), name
