"""The message catalogue is complete: every text the code says (through `tr`, `trn`, `N_`, a
refusal or an engine's IllegalAction) has an entry in every shipped language, with the same
placeholders, and no language keeps entries nothing says any more."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from catalogue import ENGLISH, catalogues, language, listing, speaking, tr, trn
from tests.imports import modules_of

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "renderers", "bot", "computer", "catalogue", "tutor")
SAYING = {"tr", "trn", "N_", "IllegalAction", "MatchError", "StaleClick"}


def called_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def said_in_code() -> tuple[dict[str, str], list[str]]:
    """Every text the code gives the catalogue (text: where), and the calls that give it
    something it can't look up (an f-string or a concatenation)."""
    said, unsayable = {}, []
    for package in PACKAGES:
        for path in modules_of(package):
            where = str(path.relative_to(ROOT))
            for node in ast.walk(ast.parse(path.read_text(), where)):
                if not isinstance(node, ast.Call):
                    continue
                if called_name(node) == "Option":  # a game option's description and choice labels
                    given = node.args[3:5] + [
                        k.value for k in node.keywords if k.arg in {"description", "labels"}
                    ]
                    for value in given:
                        for text in ast.walk(value):
                            if isinstance(text, ast.Constant) and isinstance(text.value, str):
                                said.setdefault(text.value, f"{where}:{node.lineno}")
                if not (called_name(node) in SAYING and node.args):
                    continue
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    said.setdefault(first.value, f"{where}:{node.lineno}")
                elif isinstance(first, ast.JoinedStr | ast.BinOp) or (
                    isinstance(first, ast.Call) and called_name(first) == "format"
                ):
                    unsayable.append(f"{where}:{node.lineno}")
    return said, unsayable


def placeholders(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def forms(entry: str | list[str]) -> list[str]:
    return entry if isinstance(entry, list) else [entry]


def test_every_text_the_code_says_is_in_every_language_with_its_placeholders():
    said, _ = said_in_code()
    assert len(said) > 50
    for lang, entries in catalogues().items():
        if lang == ENGLISH:
            continue
        missing = [f"{where}: {text!r}" for text, where in said.items() if text not in entries]
        assert not missing, f"{lang} lacks {len(missing)} texts:\n" + "\n".join(missing[:40])
        for text in said:
            for form in forms(entries[text]):
                assert placeholders(form) == placeholders(text), (lang, text, form)


def test_texts_are_given_to_the_catalogue_whole():
    """An f-string, a sum or a formatted string can't be looked up: it must be a template with
    values (or a constant marked with N_)."""
    _, unsayable = said_in_code()
    assert not unsayable, "\n".join(unsayable)


def test_no_language_keeps_entries_nothing_says():
    said, _ = said_in_code()
    keyed = set(catalogues()[ENGLISH])
    for lang, entries in catalogues().items():
        stale = sorted(set(entries) - set(said) - keyed)
        assert not stale, (lang, stale[:20])


def test_each_text_has_one_entry_in_its_language():
    """A text several areas say lives in `common.json`, so two files can't translate it apart."""
    for folder in (ROOT / "catalogue").iterdir():
        if folder.is_dir() and not folder.name.startswith("_"):
            where: dict[str, str] = {}
            for file in sorted(folder.glob("*.json")):
                for text in json.loads(file.read_text(encoding="utf-8")):
                    assert text not in where, (folder.name, text, where.get(text), file.name)
                    where[text] = file.name


def test_keyed_texts_are_in_every_language_with_the_same_placeholders():
    english = catalogues()[ENGLISH]
    for lang, entries in catalogues().items():
        assert set(english) <= set(entries), (lang, sorted(set(english) - set(entries)))
        for key, template in english.items():
            for form in forms(entries[key]):
                assert placeholders(form) == placeholders(template), (lang, key)


def test_speaking_chooses_the_language_and_english_fills_in():
    assert tr("{rest} and {last}", rest="A, B", last="C") == "A, B and C"
    with speaking("de"):
        assert listing(["A", "B", "C"]) == "A, B und C"
        with speaking("xx"):  # not shipped: English
            assert listing(["A", "B"]) == "A and B"
    assert language("de") == "de" and language("en-GB") == ENGLISH


if __name__ == "__main__":  # python -m tests.test_catalogue [path prefix]: what's still missing there
    import sys

    prefix = sys.argv[1] if len(sys.argv) > 1 else ""
    found, unsaid = said_in_code()
    german = catalogues()["de"]
    for text, at in found.items():
        if at.startswith(prefix) and text not in german:
            print(f"missing  {at}: {text!r}")
        elif at.startswith(prefix) and any(
            placeholders(f) != placeholders(text) for f in forms(german[text])
        ):
            print(f"placeholders differ  {at}: {text!r}")
    for at in unsaid:
        if at.startswith(prefix):
            print(f"not a literal template  {at}")


@pytest.mark.parametrize("count", [1, 2])
def test_counts_choose_their_form(count):
    english = trn("{count} card", "{count} cards", count, count=count)
    assert english == (f"{count} card" if count == 1 else f"{count} cards")
