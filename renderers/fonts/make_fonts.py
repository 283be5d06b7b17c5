"""Build the fonts shipped in this folder from Debian's Noto packages (a maintainer's tool, not run
by the bot; it needs fontTools: `pip install fonttools`).

    apt-get download fonts-noto-core fonts-noto-cjk
    for deb in *.deb; do dpkg-deb -x "$deb" noto; done
    python renderers/fonts/make_fonts.py noto

Noto Sans (Latin, Greek, Cyrillic), Hebrew and Arabic are kept whole and only lose their hinting.
Noto Sans CJK is cut down to the characters of the common national sets (GB 2312, JIS X 0208,
KS X 1001 and Big5 level 1: about 10,500 Han characters, 2,350 Hangul syllables, kana, and the
arrows, maths signs and shapes Noto Sans lacks), which
keeps the wheel ~3 MB lighter than the whole font; a rarer character gets a fallback box. It also
writes coverage.json, the code points each file draws, so the renderers pick a font per character
without reading font tables at run time.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = Path(__file__).parent
NOTO = "usr/share/fonts/truetype/noto"
CJK = "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
CJK_FACE = 2  # Noto Sans CJK SC: every face maps every code point; SC has the simplified forms
WHOLE = [
    "NotoSans-Regular.ttf",
    "NotoSans-Bold.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansHebrew-Bold.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansArabic-Bold.ttf",
]


def national_sets() -> set[int]:
    """The code points of the everyday CJK character sets, read off Python's own codecs."""
    chars: set[str] = set()
    for codec, leads, trails in (
        ("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF)),
        ("euc_jp", range(0xA1, 0xF5), range(0xA1, 0xFF)),
        ("euc_kr", range(0xA1, 0xFE), range(0xA1, 0xFF)),
        ("big5", range(0xA4, 0xC7), [*range(0x40, 0x7F), *range(0xA1, 0xFF)]),
    ):
        for lead in leads:
            for trail in trails:
                with contextlib.suppress(UnicodeDecodeError):
                    chars.update(bytes([lead, trail]).decode(codec))
    points = {ord(char) for char in chars}
    symbols = {
        *range(0x2190, 0x2300),
        *range(0x2460, 0x2500),
        *range(0x25A0, 0x2700),
    }  # arrows, maths, shapes
    return points | symbols | set(range(0x3000, 0x3100)) | set(range(0xFF00, 0xFFEF))  # kana, full width


def options(*, keep_layout: bool) -> subset.Options:
    chosen = subset.Options()
    chosen.hinting = False
    chosen.notdef_outline = True
    chosen.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, licence
    chosen.layout_features = ["*"] if keep_layout else []
    return chosen


def build(source: Path, font: TTFont, name: str, unicodes: set[int], *, keep_layout: bool) -> list[int]:
    subsetter = subset.Subsetter(options(keep_layout=keep_layout))
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    font.save(HERE / name)
    return sorted(font.getBestCmap())


def ranges(points: list[int]) -> list[list[int]]:
    """Sorted code points as [first, last] runs: a compact coverage table."""
    runs: list[list[int]] = []
    for point in points:
        if runs and point == runs[-1][1] + 1:
            runs[-1][1] = point
        else:
            runs.append([point, point])
    return runs


def main(root: Path) -> None:
    coverage = {}
    for name in WHOLE:
        font = TTFont(root / NOTO / name)
        coverage[name] = ranges(build(root, font, name, set(font.getBestCmap()), keep_layout=True))
    cjk = TTCollection(root / CJK).fonts[CJK_FACE]
    coverage["NotoSansCJK-Subset.otf"] = ranges(
        build(root, cjk, "NotoSansCJK-Subset.otf", national_sets(), keep_layout=False)
    )
    (HERE / "coverage.json").write_text(json.dumps(coverage, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
