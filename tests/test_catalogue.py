"""The message catalogue is complete: every text the code says (through `tr`, `trn`, `N_`, a
refusal or an engine's IllegalAction) has an entry in every shipped language, with the same
placeholders, and no language keeps entries nothing says any more."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from catalogue import (
    ENGLISH,
    catalogue_key,
    catalogues,
    entry_forms,
    language,
    listing,
    plural_rule,
    speaking,
    tr,
    trn,
)
from tests.imports import modules_of

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "renderers", "bot", "computer", "catalogue", "tutor", "league")
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
                context = next((k.value for k in node.keywords if k.arg == "context"), None)
                literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
                if literal and context is not None and not isinstance(context, ast.Constant):
                    # a literal text's context is a literal too (a word and context both chosen
                    # at run time are marked where they are defined, with N_(word, context=...))
                    unsayable.append(f"{where}:{node.lineno}")
                elif literal:
                    key = catalogue_key(first.value, context.value if context is not None else None)
                    said.setdefault(key, f"{where}:{node.lineno}")
                elif isinstance(first, ast.JoinedStr | ast.BinOp) or (
                    isinstance(first, ast.Call) and called_name(first) == "format"
                ):
                    unsayable.append(f"{where}:{node.lineno}")
    return said, unsayable


def placeholders(template: str) -> set[str]:
    template = template.rsplit("::", 1)[-1]  # a key's context is no part of its text
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_text_the_code_says_is_in_every_language_with_its_placeholders():
    said, _ = said_in_code()
    assert len(said) > 50
    for lang, entries in catalogues().items():
        if lang == ENGLISH:
            continue
        missing = [f"{where}: {text!r}" for text, where in said.items() if text not in entries]
        assert not missing, f"{lang} lacks {len(missing)} texts:\n" + "\n".join(missing[:40])
        for text in said:
            for form in entry_forms(entries[text]):
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
            for form in entry_forms(entries[key]):
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
            placeholders(f) != placeholders(text) for f in entry_forms(german[text])
        ):
            print(f"placeholders differ  {at}: {text!r}")
    for at in unsaid:
        if at.startswith(prefix):
            print(f"not a literal template  {at}")


@pytest.mark.parametrize("count", [1, 2])
def test_counts_choose_their_form(count):
    english = trn("{count} card", "{count} cards", count, count=count)
    assert english == (f"{count} card" if count == 1 else f"{count} cards")


def test_a_count_has_the_forms_its_languages_plural_rule_names():
    """Each form is chosen by the language's CLDR plural category: an entry holds exactly those."""
    for lang, entries in catalogues().items():
        categories = set(plural_rule(lang).tags) | {"other"}  # "other" is always there
        for text, entry in entries.items():
            if isinstance(entry, dict):
                assert set(entry) == categories, (lang, text, sorted(entry))


def test_a_third_language_with_more_plural_forms_needs_only_its_entries():
    """Polish has four plural categories; its files alone would make counts right."""
    polish = {
        "{count} card": {
            "one": "{count} karta",
            "few": "{count} karty",
            "many": "{count} kart",
            "other": "{count} karty",
        }
    }
    catalogues()["pl"] = polish
    try:
        with speaking("pl"):
            said = [trn("{count} card", "{count} cards", n, count=n) for n in (1, 2, 5, 22, 25)]
    finally:
        del catalogues()["pl"]
    assert said == ["1 karta", "2 karty", "5 kart", "22 karty", "25 kart"]


def test_a_context_tells_apart_two_uses_of_one_english_text():
    catalogues()["de"]["ship::small"] = "kleines"
    try:
        with speaking("de"):
            assert (tr("small", context="ship"), tr("small")) == ("kleines", "klein")
        assert tr("small", context="ship") == "small"  # English is the text itself
    finally:
        del catalogues()["de"]["ship::small"]
