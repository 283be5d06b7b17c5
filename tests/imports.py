"""Which packages a package's modules import: for the tests that keep the layers apart."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path


def modules_of(package: str) -> list[Path]:
    """Every module file of `package` and of its subpackages, in every folder of their import paths
    (a game registered by `tests.sixth_game` adds its own folders)."""
    found, pending = [], [importlib.import_module(package)]
    while pending:
        module = pending.pop(0)
        for folder in map(Path, module.__path__):
            found += sorted(folder.glob("*.py"))
            pending += [
                importlib.import_module(f"{module.__name__}.{sub.name}")
                for sub in sorted(folder.iterdir())
                if sub.is_dir() and sub.name != "__pycache__" and any(sub.rglob("*.py"))
            ]
    return found


def foreign_imports(package: str, allowed: set[str]) -> list[str]:
    """Imports in `package`'s modules of anything but the standard library and `allowed`."""
    allowed = set(sys.stdlib_module_names) | allowed | {package}
    files = modules_of(package)
    assert files, f"no modules in {package}"
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [node.module]
            else:
                continue
            found += [f"{path.name} imports {name}" for name in names if name.split(".")[0] not in allowed]
    return found
