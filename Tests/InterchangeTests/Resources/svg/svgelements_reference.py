"""The independent check of the SVG reader's outlines: svgelements (PyPI, pinned in
Tests/References/requirements.txt) reads each design-tool document of cases.json, and every
expected outline and every outline the reader wrote must match its geometry within 1e-9 of the
outline's size.

    python svgelements_reference.py CASES_JSON OURS_DIR [--expect-failure]

For each case outline k of document i, OURS_DIR/i-k.path holds the reader's outline as path
data (M, L, Q, C, Z, shortest round-trip numbers, written by SVGDesignToolSuiteTests). Three
outlines are compared, all in the outer document's user units:

  S  svgelements' reading of the document: the shapes inside the elements named by the case's
     "reference" ids (an id, or id@k for its k-th copy in svgelements' tree), each shape's own
     segments (exact elliptical arcs) mapped by its composed transform and then by the inverse of
     the outer viewport transform (svgelements maps to width/height; the reader keeps user units);
  E  the expected outline written in cases.json: pieces of path data (parsed by svgelements, arcs
     exact), each mapped by a list of transform functions this script multiplies out itself
     (translate, scale, rotate, skewX, skewY, matrix, and viewbox: SVG 1.1 §7.8);
  O  the reader's outline.

E against S and O against S must have the same subpaths in order, each with the same closedness,
start point and orientation (sign of the enclosed area), and lie within 1e-9 of the size (the
diagonal of S's bounding box) of each other both ways: every sampled point of one is that close
to the other (the nearest point found by Newton's method on svgelements' own point(t)).

Where svgelements 1.9.6 is known to differ from the specification, the document is first
rewritten into an equivalent form it reads correctly, each rewrite a rule of the specification:
- it ignores a <symbol>'s viewBox: every <use> of a <symbol> becomes what SVG 1.1 §5.6 defines it
  to be (a <g> with the use's attributes and its transform followed by translate(x, y), holding
  an <svg> with the use's width and height, default 100%, and the symbol's viewBox and
  preserveAspectRatio);
- it ignores x and y of a nested <svg> without a viewBox: such an <svg> with numeric width and
  height gets viewBox="0 0 width height", which SVG 1.1 §7.9 makes the same coordinate system;
- it maps arcs wrongly under a skew: shapes are read in their own coordinates and the transform
  is applied to points, never to arcs.
Not used in the documents, because svgelements does not read them as the specification says:
percentages on a nested <svg>, mm, cm and pt units (it rounds their factors), and the SVG 2
"auto" of an ellipse's rx and ry. The Swift tests check those against closed forms.

Exit status 0 when every comparison holds; 1 otherwise, and (with --expect-failure, the test
that the comparison can fail) 1 when any case's O still matches.
"""
import copy
import io
import json
import math
import os
import sys
import xml.etree.ElementTree as ET

import svgelements as se

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
RELATIVE_TOLERANCE = 1e-9
SAMPLES_PER_PIECE = 8
TARGET_SAMPLES_PER_PIECE = 32


# MARK: The document through svgelements

def rewrite_symbol_uses(path):
    """The document as a file object, with each <use> of a <symbol> replaced per SVG 1.1 §5.6."""
    with open(path, "rb") as f:
        data = f.read()
    tree = ET.ElementTree(ET.fromstring(data))
    root = tree.getroot()
    by_id = {}
    for e in root.iter():
        if "id" in e.attrib and e.attrib["id"] not in by_id:
            by_id[e.attrib["id"]] = e
    parents = {c: p for p in root.iter() for c in p}
    changed = False
    for svg in root.iter("{%s}svg" % SVG_NS):
        if svg is root or "viewBox" in svg.attrib:
            continue
        try:
            w, h = float(svg.attrib["width"]), float(svg.attrib["height"])
        except (KeyError, ValueError):
            continue
        svg.set("viewBox", "0 0 %r %r" % (w, h))
        changed = True
    for use in list(root.iter("{%s}use" % SVG_NS)):
        href = use.attrib.get("href", use.attrib.get("{%s}href" % XLINK_NS))
        if not href or not href.startswith("#"):
            continue
        target = by_id.get(href[1:])
        if target is None or target.tag != "{%s}symbol" % SVG_NS:
            continue
        g = ET.Element("{%s}g" % SVG_NS)
        for k, v in use.attrib.items():
            if k in ("x", "y", "width", "height", "href", "{%s}href" % XLINK_NS):
                continue
            g.set(k, v)
        x, y = use.attrib.get("x", "0"), use.attrib.get("y", "0")
        g.set("transform", (use.attrib.get("transform", "") + " translate(%s %s)" % (x, y)).strip())
        svg = ET.SubElement(g, "{%s}svg" % SVG_NS)
        svg.set("width", use.attrib.get("width", "100%"))
        svg.set("height", use.attrib.get("height", "100%"))
        for k in ("viewBox", "preserveAspectRatio"):
            if k in target.attrib:
                svg.set(k, target.attrib[k])
        for child in target:
            svg.append(copy.deepcopy(child))
        parent = parents[use]
        index = list(parent).index(use)
        parent.remove(use)
        parent.insert(index, g)
        changed = True
    if not changed:
        return io.BytesIO(data)
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    out = io.BytesIO()
    tree.write(out, encoding="utf-8", xml_declaration=True)
    out.seek(0)
    return out


def parse_document(path):
    root = se.SVG.parse(rewrite_symbol_uses(path), reify=False)
    viewport = se.Matrix(root.viewbox_transform) if root.viewbox is not None else se.Matrix()
    return root, ~viewport


def find_elements(root, reference):
    """The elements of svgelements' tree with this id ("id" or "id@k" for the k-th), or for
    "class:NAME:k" the k-th element of svgelements class NAME (for shapes without an id)."""
    if reference.startswith("class:"):
        _, name, index = reference.split(":")
        found = [e for e in root.elements() if type(e).__name__ == name]
        k = int(index)
        return found[k:k + 1]
    name, _, index = reference.partition("@")
    found = [e for e in root.elements() if getattr(e, "id", None) == name]
    if index:
        k = int(index)
        return found[k:k + 1]
    return found


def shapes_in(element):
    if isinstance(element, se.Shape):
        return [element]
    return [e for e in element.select() if isinstance(e, se.Shape)]


class Piece:
    """One drawing segment t in [0, 1] -> point, in document coordinates: a line or Bézier
    evaluated from svgelements' control points (Bernstein form), an arc by svgelements' own
    point(t), then the affine map."""

    def __init__(self, segment, maps):
        m = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        for n in maps:
            m = multiply([n.a, n.b, n.c, n.d, n.e, n.f], m)
        self.m = m
        self.arc = segment if isinstance(segment, se.Arc) else None
        if self.arc is not None:
            # svgelements' own parameterisation (its Arc.npoint without numpy), called directly:
            # Arc.point tries to import numpy on every call.
            self.arc_start_t = segment.get_start_t()
        if isinstance(segment, se.CubicBezier):
            self.control = [segment.start, segment.control1, segment.control2, segment.end]
        elif isinstance(segment, se.QuadraticBezier):
            self.control = [segment.start, segment.control, segment.end]
        elif self.arc is None:
            self.control = [segment.start, segment.end]
        if self.arc is None:
            self.control = [(float(p.x), float(p.y)) for p in self.control]

    def point(self, t):
        if self.arc is not None:
            if t == 0:
                p = self.arc.start
            elif t == 1:
                p = self.arc.end
            else:
                p = self.arc.point_at_t(self.arc_start_t + self.arc.sweep * t)
            x, y = p.x, p.y
        else:
            c = self.control
            u = 1 - t
            if len(c) == 2:
                x, y = u * c[0][0] + t * c[1][0], u * c[0][1] + t * c[1][1]
            elif len(c) == 3:
                b0, b1, b2 = u * u, 2 * u * t, t * t
                x = b0 * c[0][0] + b1 * c[1][0] + b2 * c[2][0]
                y = b0 * c[0][1] + b1 * c[1][1] + b2 * c[2][1]
            else:
                b0, b1, b2, b3 = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
                x = b0 * c[0][0] + b1 * c[1][0] + b2 * c[2][0] + b3 * c[3][0]
                y = b0 * c[0][1] + b1 * c[1][1] + b2 * c[2][1] + b3 * c[3][1]
        a, b, cc, d, e, f = self.m
        return (a * x + cc * y + e, b * x + d * y + f)


def subpaths_of(segments, maps):
    """[(start, closed, [Piece])] from svgelements segments."""
    out = []
    for seg in segments:
        if isinstance(seg, se.Move):
            out.append([None, False, []])
            out[-1][0] = Piece(se.Line(seg.end, seg.end), maps).point(0)
        elif isinstance(seg, se.Close):
            if out:
                out[-1][1] = True
                if seg.start is not None and seg.end is not None and seg.start != seg.end:
                    out[-1][2].append(Piece(se.Line(seg.start, seg.end), maps))
        else:
            if not out:
                out.append([Piece(se.Line(seg.start, seg.start), maps).point(0), False, []])
            out[-1][2].append(Piece(seg, maps))
    return [tuple(s) for s in out if s[2]]


def svgelements_outline(root, inverse_viewport, references):
    subpaths = []
    for reference in references:
        elements = find_elements(root, reference)
        if len(elements) != 1:
            raise ValueError("svgelements has %d elements for reference '%s'" % (len(elements), reference))
        for shape in shapes_in(elements[0]):
            segments = list(shape.segments(transformed=False))
            subpaths += subpaths_of(segments, [se.Matrix(shape.transform), inverse_viewport])
    return subpaths


# MARK: The expected outline

def multiply(m, n):
    """m·n for 3x3 affine matrices [a, b, c, d, e, f] in SVG's convention (n applied first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f]


def function_matrix(op):
    name, args = op[0], op[1:]
    if name == "matrix":
        return list(args)
    if name == "translate":
        return [1, 0, 0, 1, args[0], args[1] if len(args) > 1 else 0]
    if name == "scale":
        return [args[0], 0, 0, args[1] if len(args) > 1 else args[0], 0, 0]
    if name == "rotate":
        r = math.radians(args[0])
        m = [math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0]
        if len(args) == 3:
            cx, cy = args[1], args[2]
            m = multiply(multiply([1, 0, 0, 1, cx, cy], m), [1, 0, 0, 1, -cx, -cy])
        return m
    if name == "skewX":
        return [1, 0, math.tan(math.radians(args[0])), 1, 0, 0]
    if name == "skewY":
        return [1, math.tan(math.radians(args[0])), 0, 1, 0, 0]
    if name == "viewbox":
        # [x, y, width, height, min-x, min-y, vb-width, vb-height, align, meet|slice]: SVG 1.1 §7.8.
        x, y, w, h, mx, my, vw, vh, align, mode = args
        sx, sy = w / vw, h / vh
        if align != "none":
            s = max(sx, sy) if mode == "slice" else min(sx, sy)
            sx = sy = s
        tx, ty = -mx * sx, -my * sy
        free_x, free_y = w - vw * sx, h - vh * sy
        if "xMid" in align:
            tx += free_x / 2
        elif "xMax" in align:
            tx += free_x
        if "YMid" in align:
            ty += free_y / 2
        elif "YMax" in align:
            ty += free_y
        return multiply([1, 0, 0, 1, x, y], [sx, 0, 0, sy, tx, ty])
    raise ValueError("unknown transform function %r" % name)


class AffineMap:
    def __init__(self, m):
        self.m = m
        self.a, self.b, self.c, self.d, self.e, self.f = m

    def point_in_matrix_space(self, p):
        a, b, c, d, e, f = self.m
        return se.Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f)


def expected_outline(pieces):
    subpaths = []
    for piece in pieces:
        m = [1, 0, 0, 1, 0, 0]
        for op in piece.get("transforms", []):
            m = multiply(m, function_matrix(op))
        subpaths += subpaths_of(list(se.Path(piece["d"]).segments(transformed=False)), [AffineMap(m)])
    return subpaths


def our_outline(path_data):
    return subpaths_of(list(se.Path(path_data).segments(transformed=False)), [])


# MARK: Comparing outlines

def samples(pieces, per_piece):
    out = []
    for k, piece in enumerate(pieces):
        for j in range(per_piece + 1):
            t = j / per_piece
            out.append((k, t, piece.point(t)))
    return out


class SampleGrid:
    """The samples of one outline in square cells, to find those near a query point quickly."""

    def __init__(self, grid):
        self.grid = grid
        xs = [p[0] for _, _, p in grid]
        ys = [p[1] for _, _, p in grid]
        extent = max(max(xs) - min(xs), max(ys) - min(ys), 1e-300)
        self.cell = extent / 64
        # The largest gap between consecutive samples of a piece.
        self.gap = max([math.hypot(p[0] - q[0], p[1] - q[1])
                        for (k, _, p), (l, _, q) in zip(grid, grid[1:]) if k == l] or [0.0])
        self.cells = {}
        for item in grid:
            key = (math.floor(item[2][0] / self.cell), math.floor(item[2][1] / self.cell))
            self.cells.setdefault(key, []).append(item)

    def near(self, q):
        """Every sample within (distance of the nearest sample + the largest gap) of q."""
        cx, cy = math.floor(q[0] / self.cell), math.floor(q[1] / self.cell)
        best = math.inf
        ring = 0
        while True:
            for i in range(cx - ring, cx + ring + 1):
                for j in range(cy - ring, cy + ring + 1):
                    if max(abs(i - cx), abs(j - cy)) != ring:
                        continue
                    for _, _, p in self.cells.get((i, j), ()):
                        best = min(best, math.hypot(p[0] - q[0], p[1] - q[1]))
            if best < math.inf and (ring - 1) * self.cell > best:
                break
            ring += 1
            if ring > 200000:
                break
        radius = best + self.gap
        reach = int(math.ceil(radius / self.cell)) + 1
        out = []
        if (2 * reach + 1) ** 2 > 4 * len(self.cells):
            candidates = self.grid
        else:
            candidates = [item for i in range(cx - reach, cx + reach + 1) for j in range(cy - reach, cy + reach + 1)
                          for item in self.cells.get((i, j), ())]
        for item in candidates:
            p = item[2]
            if math.hypot(p[0] - q[0], p[1] - q[1]) <= radius:
                out.append(item)
        return out


def nearest_distance(pieces, grid, q):
    """The distance from q to the pieces: the closest sample of each piece near q, and Newton's
    method on f(t) = (P(t) - q)·P'(t) (central differences of P) from that sample on the three
    pieces whose samples come closest (so ties at a shared end point, also across the joint that
    closes a subpath, are all refined)."""
    best = {}
    for k, t, p in grid.near(q):
        d = math.hypot(p[0] - q[0], p[1] - q[1])
        if k not in best or d < best[k][1]:
            best[k] = (t, d)
    ranked = sorted(best.items(), key=lambda item: item[1][1])
    result = ranked[0][1][1]
    for k, (t, _) in ranked[:3]:
        piece = pieces[k]
        h = 1e-6
        for _ in range(60):
            p, p1, p0 = piece.point(t), piece.point(t + h), piece.point(t - h)
            d1 = ((p1[0] - p0[0]) / (2 * h), (p1[1] - p0[1]) / (2 * h))
            d2 = ((p1[0] - 2 * p[0] + p0[0]) / (h * h), (p1[1] - 2 * p[1] + p0[1]) / (h * h))
            r = (p[0] - q[0], p[1] - q[1])
            f = r[0] * d1[0] + r[1] * d1[1]
            fp = d1[0] * d1[0] + d1[1] * d1[1] + r[0] * d2[0] + r[1] * d2[1]
            if fp <= 0:
                break
            new_t = min(1.0, max(0.0, t - f / fp))
            if abs(new_t - t) < 1e-14:
                t = new_t
                break
            t = new_t
        p = piece.point(t)
        result = min(result, math.hypot(p[0] - q[0], p[1] - q[1]))
    return result


def signed_area(grid):
    area = 0.0
    for (_, _, p), (_, _, q) in zip(grid, grid[1:] + grid[:1]):
        area += p[0] * q[1] - q[0] * p[1]
    return area / 2


def compare(a, b, size):
    """The largest deviation between outlines a and b, or a message why they differ in kind."""
    if len(a) != len(b):
        return None, "%d subpaths against %d" % (len(a), len(b))
    worst = 0.0
    for n, ((start_a, closed_a, pieces_a), (start_b, closed_b, pieces_b)) in enumerate(zip(a, b)):
        if closed_a != closed_b:
            return None, "subpath %d is %s in one and %s in the other" % (
                n + 1, "closed" if closed_a else "open", "closed" if closed_b else "open")
        worst = max(worst, math.hypot(start_a[0] - start_b[0], start_a[1] - start_b[1]))
        grid_a = samples(pieces_a, TARGET_SAMPLES_PER_PIECE)
        grid_b = samples(pieces_b, TARGET_SAMPLES_PER_PIECE)
        cells_a, cells_b = SampleGrid(grid_a), SampleGrid(grid_b)
        for _, _, q in samples(pieces_a, SAMPLES_PER_PIECE):
            worst = max(worst, nearest_distance(pieces_b, cells_b, q))
        for _, _, q in samples(pieces_b, SAMPLES_PER_PIECE):
            worst = max(worst, nearest_distance(pieces_a, cells_a, q))
        if closed_a:
            area_a, area_b = signed_area(grid_a), signed_area(grid_b)
            if abs(area_a) > 1e-6 * size * size and (area_a > 0) != (area_b > 0):
                return None, "subpath %d runs the other way round" % (n + 1)
    return worst, None


def bounding_diagonal(outline):
    xs, ys = [], []
    for _, _, pieces in outline:
        for _, _, p in samples(pieces, TARGET_SAMPLES_PER_PIECE):
            xs.append(p[0])
            ys.append(p[1])
    return math.hypot(max(xs) - min(xs), max(ys) - min(ys))


def main(argv):
    if len(argv) < 3:
        print(__doc__.splitlines()[0])
        print("usage: svgelements_reference.py CASES_JSON OURS_DIR [--expect-failure]")
        return 2
    cases_path, ours_dir = argv[1], argv[2]
    expect_failure = "--expect-failure" in argv[3:]
    folder = os.path.dirname(os.path.abspath(cases_path))
    with open(cases_path) as f:
        cases = json.load(f)["documents"]
    failures, expected_failures, still_matching, checked = 0, 0, 0, 0
    for i, document in enumerate(cases):
        root, inverse_viewport = parse_document(os.path.join(folder, document["file"]))
        for k, case in enumerate(document.get("outlines", [])):
            label = "%s select=%s" % (document["file"], case.get("select"))
            try:
                s = svgelements_outline(root, inverse_viewport, case["reference"])
                e = expected_outline(case["expected"])
                with open(os.path.join(ours_dir, "%d-%d.path" % (i, k))) as f:
                    o = our_outline(f.read())
                size = bounding_diagonal(s)
                limit = RELATIVE_TOLERANCE * size
                de, why_e = compare(e, s, size)
                do, why_o = compare(o, s, size)
            except (ValueError, OSError, KeyError, IndexError) as error:
                print("FAIL %s: %s" % (label, error))
                failures += 1
                continue
            checked += 1
            ok_e = why_e is None and de <= limit
            ok_o = why_o is None and do <= limit
            status = "ok  " if ok_e and ok_o else "FAIL"
            print("%s %s: expected-svgelements %s, ours-svgelements %s (size %.6g, limit %.3g)" % (
                status, label, why_e or "%.3g" % de, why_o or "%.3g" % do, size, limit))
            if not (ok_e and ok_o):
                failures += 1
            if not ok_e:
                expected_failures += 1
            if ok_o:
                still_matching += 1
    print("%d outlines checked against svgelements %s" % (checked, se.SVGELEMENTS_VERSION if hasattr(se, "SVGELEMENTS_VERSION") else ""))
    if expect_failure:
        # Every perturbed outline must be caught; the expected outlines must still hold.
        return 0 if still_matching == 0 and expected_failures == 0 and checked > 0 else 1
    return 0 if failures == 0 and checked > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
