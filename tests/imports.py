"""Which packages a package's modules import: for the tests that keep the layers apart."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def foreign_imports(package: str, allowed: set[str]) -> list[str]:
    """Imports in `package`'s modules of anything but the standard library and `allowed`."""
    allowed = set(sys.stdlib_module_names) | allowed | {package}
    files = sorted((ROOT / package).glob("*.py"))
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
