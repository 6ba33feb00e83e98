import Geometry

/// Morphing one path into another the way a shape layer animates its `path`: every stored point
/// moves on a straight line from its place in the first path to its place in the second.
///
/// That only makes sense between paths with the same structure, so ``compatibility(_:_:checkingOrientation:)``
/// names the first reason two paths are not morphable, and ``align(_:_:accuracy:)`` rewrites two
/// paths into compatible ones.
public enum PathMorph {
    /// Why `a` and `b` cannot be morphed, or nil when they can. Checks, in order:
    /// 1. the number of subpaths;
    /// 2. the number of elements (reporting where the verb sequences first diverge);
    /// 3. the kind of every element (`move`, `line`, `quadratic`, `cubic`, `close`) — so a
    ///    closed subpath is never paired with an open one;
    /// 4. when `checkingOrientation`, the direction of every closed subpath (the sign of its
    ///    area; a subpath of zero area in either path is not judged). Open subpaths have no
    ///    orientation to check.
    public static func compatibility(_ a: Path, _ b: Path, checkingOrientation: Bool = true) -> MorphIncompatibility? {
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
        guard checkingOrientation else { return nil }
        let moves = va.indices.filter { va[$0] == .move }
        for (i, (sa, sb)) in zip(a.subpaths, b.subpaths).enumerated() where sa.closed {
            let areaA = SignedArea.of(sa), areaB = SignedArea.of(sb)
            guard areaA != 0, areaB != 0, (areaA > 0) != (areaB > 0) else { continue }
            return .orientation(subpath: i, element: moves[i],
                                first: areaA > 0 ? .counterClockwise : .clockwise,
                                second: areaB > 0 ? .counterClockwise : .clockwise)
        }
        return nil
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
