"""Builds the logo fonts in apps/server/assets/fonts/ (DESIGN 5, text-to-logo).

Noto Sans CJK SC and Noto Serif CJK SC (SIL Open Font License 1.1) cut down
to what a logo needs: every character of GB 2312 (the 6,763 common
Simplified Chinese characters), printable ASCII, Latin-1 letters and CJK
punctuation. The result is WOFF (zlib), which opentype.js reads.

Usage (fontTools installed, the Noto CJK .ttc files from any Noto CJK
release, e.g. Debian's fonts-noto-cjk):
  python3 apps/server/scripts/subset-cjk-fonts.py /usr/share/fonts/opentype/noto
"""

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

OUT = Path(__file__).resolve().parent.parent / "assets" / "fonts"

# Simplified Chinese is face 2 in the Noto CJK collections (JP, KR, SC, TC, HK).
SC_FACE = 2
SOURCES = {
    "NotoSansCJKsc-Bold.woff": "NotoSansCJK-Bold.ttc",
    "NotoSerifCJKsc-Bold.woff": "NotoSerifCJK-Bold.ttc",
}


def characters() -> str:
    chars = [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA0, 0x100)]
    for hi in range(0xA1, 0xF8):
        for lo in range(0xA1, 0xFF):
            try:
                chars.append(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return "".join(dict.fromkeys(chars))


def main() -> None:
    source_dir = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto")
    OUT.mkdir(parents=True, exist_ok=True)
    text = characters()
    for target, source in SOURCES.items():
        font = TTCollection(str(source_dir / source)).fonts[SC_FACE]
        options = subset.Options()
        options.flavor = "woff"
        options.layout_features = ["kern", "liga", "palt"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.hinting = False
        options.desubroutinize = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        subset.save_font(font, str(OUT / target), options)
        print(f"{target}: {len(text)} characters, {(OUT / target).stat().st_size} bytes")


if __name__ == "__main__":
    main()
