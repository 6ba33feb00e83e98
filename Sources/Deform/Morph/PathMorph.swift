import Geometry

/// Morphing one path into another the way a shape layer animates its `path`: every stored point
/// moves on a straight line from its place in the first path to its place in the second.
///
/// That only makes sense between paths with the same structure, so
/// ``compatibility(_:_:checkingOrientation:checkingSegmentTurning:)`` names the first reason two paths are not morphable, and ``align(_:_:accuracy:)`` rewrites two
/// paths into compatible ones.
public enum PathMorph {
    /// Why `a` and `b` cannot be morphed, or nil when they can. Checks, in order:
    /// 1. the number of subpaths;
    /// 2. the number of elements (reporting where the verb sequences first diverge);
    /// 3. the kind of every element (`move`, `line`, `quadratic`, `cubic`, `close`) — so a
    ///    closed subpath is never paired with an open one;
    /// 4. when `checkingOrientation`, the direction of every closed subpath (the sign of its
    ///    area; a subpath of zero area in either path is not judged). Open subpaths have no
    ///    orientation to check;
    /// 5. when `checkingSegmentTurning` (off by default), the way every curved element turns
    ///    (``segmentTurning(_:)``): an arc that bends clockwise in one path and counter-clockwise
    ///    in the other is straightened on the way — a bump of an outline turns into a dent. A
    ///    wave that is meant to flip (a water line's S-curve) has an inflection and is not
    ///    judged; a bump meant to become a dent is, so the check is the caller's choice (the
    ///    plum-blossom outlines ask for it: ``PlumBlossomModel/morphProblem(start:end:)``).
    public static func compatibility(_ a: Path, _ b: Path, checkingOrientation: Bool = true,
                                     checkingSegmentTurning: Bool = false) -> MorphIncompatibility? {
        let va = a.verbs, vb = b.verbs
        let divergence = firstDivergence(va, vb)
        let kindA = divergence < va.count ? va[divergence] : nil
        let kindB = divergence < vb.count ? vb[divergence] : nil
        if a.subpathCount != b.subpathCount {
            return .subpathCount(first: a.subpathCount, second: b.subpathCount, element: divergence)
        }
        if va.count != vb.count {
            return .elementCount(first: va.count, second: vb.count, element: divergence,
                                 firstKind: kindA, secondKind: kindB)
        }
        if let ka = kindA, let kb = kindB {
            return .elementKind(element: divergence, first: ka, second: kb)
        }
        let moves = va.indices.filter { va[$0] == .move }
        for (i, (sa, sb)) in zip(a.subpaths, b.subpaths).enumerated() where checkingOrientation && sa.closed {
            let areaA = SignedArea.of(sa), areaB = SignedArea.of(sb)
            guard areaA != 0, areaB != 0, (areaA > 0) != (areaB > 0) else { continue }
            return .orientation(subpath: i, element: moves[i],
                                first: areaA > 0 ? .counterClockwise : .clockwise,
                                second: areaB > 0 ? .counterClockwise : .clockwise)
        }
        guard checkingSegmentTurning else { return nil }
        let turnsA = segmentTurning(a), turnsB = segmentTurning(b)
        for i in va.indices {
            guard let ta = turnsA[i], let tb = turnsB[i], ta != tb else { continue }
            return .segmentTurning(element: i, kind: va[i], first: ta, second: tb)
        }
        return nil
    }

    /// For every element of `path`, the way it turns when it is a quadratic or cubic that bends
    /// one way only, else nil. With the element's control points P₀ (the current point) … Pₙ
    /// and the legs dⱼ = Pⱼ₊₁ − Pⱼ, a quadratic turns by the sign of d₀ × d₁, a cubic by the
    /// common sign of d₀ × d₁ and d₁ × d₂ (a convex control polygon: no inflection). Counter-
    /// clockwise is positive in y-up model space. A cross product within 1e-9·|dⱼ||dⱼ₊₁| of 0
    /// (a straight leg, a zero-length handle, a line promoted to a cubic) or of the other sign
    /// (an S-curve) gives nil: such elements are not judged.
    public static func segmentTurning(_ path: Path) -> [Orientation?] {
        var out: [Orientation?] = []
        out.reserveCapacity(path.verbs.count)
        let xs = path.xs, ys = path.ys
        var k = 0
        var current = Point.zero, start = Point.zero
        func sign(_ u: Point, _ v: Point) -> Double {
            let c = u.x * v.y - u.y * v.x
            let scale = (u.x * u.x + u.y * u.y).squareRoot() * (v.x * v.x + v.y * v.y).squareRoot()
            return abs(c) > 1e-9 * scale ? (c > 0 ? 1 : -1) : 0
        }
        for verb in path.verbs {
            var turn: Orientation?
            switch verb {
            case .move:
                current = Point(xs[k], ys[k])
                start = current
            case .line:
                current = Point(xs[k], ys[k])
            case .quadratic:
                let p1 = Point(xs[k], ys[k]), p2 = Point(xs[k + 1], ys[k + 1])
                let s = sign(p1 - current, p2 - p1)
                if s != 0 { turn = s > 0 ? .counterClockwise : .clockwise }
                current = p2
            case .cubic:
                let p1 = Point(xs[k], ys[k]), p2 = Point(xs[k + 1], ys[k + 1]), p3 = Point(xs[k + 2], ys[k + 2])
                let s1 = sign(p1 - current, p2 - p1), s2 = sign(p2 - p1, p3 - p2)
                if s1 != 0 && s1 == s2 { turn = s1 > 0 ? .counterClockwise : .clockwise }
                current = p3
            case .close:
                current = start
            }
            out.append(turn)
            k += verb.pointCount
        }
        return out
    }

    /// The in-between path at `t` (0 gives `a`, 1 gives `b`, exactly): every stored coordinate
    /// interpolated linearly, a + t(b − a) for t < ½ and b − (1 − t)(b − a) otherwise. `t` may
    /// leave [0, 1] (overshooting timing functions extrapolate).
    ///
    /// - Parameter checkingOrientation: false morphs closed subpaths that run opposite ways, as
    ///   Core Animation does (the in-between then collapses through zero area).
    /// - Throws: the first ``MorphIncompatibility`` when the paths are not compatible.
    public static func interpolate(_ a: Path, _ b: Path, t: Double, checkingOrientation: Bool = true)
        throws(MorphIncompatibility) -> Path
    {
        if let problem = compatibility(a, b, checkingOrientation: checkingOrientation) { throw problem }
        var xs = a.xs, ys = a.ys
        for i in xs.indices {
            xs[i] = ParameterVector.lerp(a.xs[i], b.xs[i], t)
            ys[i] = ParameterVector.lerp(a.ys[i], b.ys[i], t)
        }
        return Path(verbs: a.verbs, xs: xs, ys: ys)
    }

    /// The first index at which two verb sequences differ, or the shorter one's count.
    static func firstDivergence(_ a: [Path.Verb], _ b: [Path.Verb]) -> Int {
        let n = min(a.count, b.count)
        return (0..<n).first { a[$0] != b[$0] } ?? n
    }
}
