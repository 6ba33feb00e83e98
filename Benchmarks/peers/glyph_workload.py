#!/usr/bin/env python3
"""The real-outline flattening workload: the outlines of the glyphs listed in glyphs.txt (beside this
file) from the DejaVu fonts Debian's fonts-dejavu-core installs, read with fontTools, every
quadratic elevated to its exact cubic (P0, P0 + 2/3(P1 - P0), P2 + 2/3(P1 - P2), P2) and lines
left out, in list order, scaled to an em of 100 units (the random workload's box is [0, 100)^2),
the first 100,000 cubics written in the common workload format (little-endian float64, 8 per curve:
x0 y0 x1 y1 x2 y2 x3 y3) that beztune-bench and every peer read.

usage: glyph_workload.py OUT.f64                 write the workload from glyphs.txt
       glyph_workload.py --write-list [COUNT]    (re)write glyphs.txt: glyphs with a curve, taken
                                                 round-robin from the fonts in glyph order, until
                                                 COUNT cubics (default 100,000)
Prints one line: the glyph and cubic counts."""
import os
import struct
import sys

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

here = os.path.dirname(os.path.abspath(__file__))
fonts_dir = "/usr/share/fonts/truetype/dejavu"
fonts = ["DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSansMono.ttf",
         "DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSansMono-Bold.ttf"]
list_file = os.path.join(here, "glyphs.txt")
curves_wanted = 100_000


class CubicPen(BasePen):
    """Collects a glyph's curves as cubics (quadratics elevated), scaled by `scale`."""

    def __init__(self, glyph_set, scale):
        super().__init__(glyph_set)
        self.scale = scale
        self.cubics = []

    def _moveTo(self, p):
        pass

    def _lineTo(self, p):
        pass

    def _curveToOne(self, p1, p2, p3):
        p0 = self._getCurrentPoint()
        self.cubics.append([c * self.scale for p in (p0, p1, p2, p3) for c in p])

    def _qCurveToOne(self, p1, p2):
        p0 = self._getCurrentPoint()
        c1 = (p0[0] + 2 / 3 * (p1[0] - p0[0]), p0[1] + 2 / 3 * (p1[1] - p0[1]))
        c2 = (p2[0] + 2 / 3 * (p1[0] - p2[0]), p2[1] + 2 / 3 * (p1[1] - p2[1]))
        self.cubics.append([c * self.scale for p in (p0, c1, c2, p2) for c in p])


def glyph_cubics(font, name):
    pen = CubicPen(font.getGlyphSet(), 100 / font["head"].unitsPerEm)
    font.getGlyphSet()[name].draw(pen)
    return pen.cubics


def open_fonts():
    return {f: TTFont(os.path.join(fonts_dir, f)) for f in fonts}


def write_list(count):
    opened = open_fonts()
    orders = {f: opened[f].getGlyphOrder() for f in fonts}
    position = {f: 0 for f in fonts}
    chosen, total = [], 0
    while total < count and any(position[f] < len(orders[f]) for f in fonts):
        for f in fonts:
            while position[f] < len(orders[f]):
                name = orders[f][position[f]]
                position[f] += 1
                n = len(glyph_cubics(opened[f], name))
                if n > 0:
                    chosen.append((f, name))
                    total += n
                    break
    with open(list_file + ".tmp", "w") as out:
        out.write("# font glyph: the real-outline flattening workload (glyph_workload.py), in order\n")
        for f, name in chosen:
            out.write(f"{f} {name}\n")
    os.replace(list_file + ".tmp", list_file)
    print(f"{len(chosen)} glyphs, {total} cubics -> {list_file}")


def write_workload(path):
    opened = open_fonts()
    cubics, glyphs = [], 0
    with open(list_file) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            font, name = line.split()
            if font not in opened:
                sys.exit(f"glyph_workload: {list_file}: unknown font {font}")
            cubics += glyph_cubics(opened[font], name)
            glyphs += 1
            if len(cubics) >= curves_wanted:
                break
    if len(cubics) < curves_wanted:
        sys.exit(f"glyph_workload: {list_file} gives only {len(cubics)} cubics, {curves_wanted} needed")
    data = b"".join(struct.pack("<8d", *c) for c in cubics[:curves_wanted])
    with open(path + ".tmp", "wb") as out:
        out.write(data)
    os.replace(path + ".tmp", path)
    print(f"glyph workload {path}: {glyphs} glyphs, {curves_wanted} cubics")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--write-list":
        write_list(int(sys.argv[2]) if len(sys.argv) > 2 else curves_wanted)
    elif len(sys.argv) == 2:
        write_workload(sys.argv[1])
    else:
        sys.exit(__doc__)
