import Geometry

/// The area of the symmetric difference of two regions bounded by closed polygons,
///
///     |A △ B| = ∫∫ |[x ∈ A] − [x ∈ B]| dx dy,
///
/// computed exactly (up to rounding) by a sweep over horizontal slabs, with no polygon clipping
/// and so none of clipping's degenerate cases (shared vertices, overlapping edges, touching
/// outlines):
/// 1. Slabs lie between consecutive distinct vertex y values, so every non-horizontal edge that
///    meets a slab spans it, and its x is linear in y there.
/// 2. Within a slab the edges keep their left-to-right order except where two of them cross; the
///    crossing heights (the inversions between the orders at the slab's bottom and top, found by an
///    insertion sort) split it further.
/// 3. In a sub-slab without crossings, at each height y the integrand is a step function of x whose
///    steps are the edges, in a fixed order, so ∫|[A] − [B]| dx is a sum of gaps between edges —
///    linear in y. Its integral over the sub-slab is therefore exact by the midpoint rule: the
///    height times the value at the middle height.
/// Membership is by the nonzero winding rule (SVG's default `fill-rule`): a point is in a region
/// when the edges of its polygons wind around it a non-zero number of times, counted along the
/// horizontal line through it (+1 per upward edge, −1 per downward one, to its left). For a simple
/// polygon of either orientation that is plain inside/outside.
///
/// Cost O((n + m)·log(n + m) + Σ k log k) for n + m vertices and k edges per slab (four for two
/// convex outlines).
public enum SymmetricDifference {
    /// |A △ B| for the closed polygons through `a` and `b` (each closed back to its first vertex);
    /// NaN when a coordinate is not finite.
    public static func area(_ a: [Point], _ b: [Point]) -> Double {
        area(polygons: [a], [b])
    }

    /// |A △ B| for regions bounded by several closed polygons each (nonzero rule over all of them).
    public static func area(polygons a: [[Point]], _ b: [[Point]]) -> Double {
        guard (a + b).allSatisfy({ $0.allSatisfy({ $0.isFinite }) }) else { return .nan }
        var edges: [Edge] = []
        for p in a { add(p, polygon: 0, to: &edges) }
        for p in b { add(p, polygon: 1, to: &edges) }
        return sweep(edges)
    }

    /// |A △ B| for two closed paths, each flattened to a polygon within `tolerance`
    /// (`Flattening`, guaranteed): the result is within `bound` = 2·tolerance·(perimeter of A +
    /// perimeter of B) of the exact area (each outline moves by at most the tolerance, sweeping at
    /// most a band of that width on either side along its length). Every subpath of a path is
    /// closed and counts (nonzero rule).
    ///
    /// `progress`, when given, is called now and then (every 4096 slabs) with the fraction of the
    /// sweep done.
    public static func area(_ a: Path, _ b: Path, tolerance: Double,
                            progress: ((Double) -> Void)? = nil) -> (area: Double, bound: Double) {
        let flattening = Flattening(tolerance: tolerance)
        let fa = flattening.flatten(a), fb = flattening.flatten(b)
        var perimeter = 0.0
        for p in fa.polylines + fb.polylines { perimeter += length(p.points) }
        let polygonsA = fa.polylines.map({ $0.points }), polygonsB = fb.polylines.map({ $0.points })
        guard (polygonsA + polygonsB).allSatisfy({ $0.allSatisfy({ $0.isFinite }) }) else { return (.nan, 2 * tolerance * perimeter) }
        var edges: [Edge] = []
        for p in polygonsA { add(p, polygon: 0, to: &edges) }
        for p in polygonsB { add(p, polygon: 1, to: &edges) }
        return (sweep(edges, progress: progress), 2 * tolerance * perimeter)
    }

    static func length(_ polygon: [Point]) -> Double {
        guard polygon.count > 1 else { return 0 }
        var l = 0.0
        for i in polygon.indices { l += polygon[i].distance(to: polygon[(i + 1) % polygon.count]) }
        return l
    }

    /// A non-horizontal polygon edge with y0 < y1; `winding` is +1 when the polygon runs upward
    /// along it, −1 when downward.
    struct Edge {
        var x0, y0, x1, y1: Double
        var winding: Int
        var polygon: Int

        @inline(__always)
        func x(at y: Double) -> Double {
            if y == y0 { return x0 }
            if y == y1 { return x1 }
            return x0 + (y - y0) * ((x1 - x0) / (y1 - y0))
        }
    }

    static func add(_ polygon: [Point], polygon index: Int, to edges: inout [Edge]) {
        guard polygon.count >= 2 else { return }
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            if p.y == q.y { continue }
            if p.y < q.y {
                edges.append(Edge(x0: p.x, y0: p.y, x1: q.x, y1: q.y, winding: 1, polygon: index))
            } else {
                edges.append(Edge(x0: q.x, y0: q.y, x1: p.x, y1: p.y, winding: -1, polygon: index))
            }
        }
    }

    /// ∫ |[x ∈ A] − [x ∈ B]| dx along the horizontal line at height y (every edge spans y).
    static func widthOfDifference(_ active: [Edge], at y: Double) -> Double {
        var crossings = active.map { (x: $0.x(at: y), winding: $0.winding, polygon: $0.polygon) }
        crossings.sort { $0.x < $1.x }
        var wa = 0, wb = 0
        var width = 0.0
        for i in crossings.indices {
            if crossings[i].polygon == 0 { wa += crossings[i].winding } else { wb += crossings[i].winding }
            if i + 1 < crossings.count && (wa != 0) != (wb != 0) {
                width += crossings[i + 1].x - crossings[i].x
            }
        }
        return width
    }

    /// The sweep of the type's documentation over the edges of both polygons.
    static func sweep(_ input: [Edge], progress: ((Double) -> Void)? = nil) -> Double {
        var edges = input
        guard !edges.isEmpty else { return 0 }
        var heights = edges.flatMap { [$0.y0, $0.y1] }
        heights.sort()
        var unique: [Double] = [heights[0]]
        for y in heights.dropFirst() where y != unique[unique.count - 1] { unique.append(y) }
        edges.sort { $0.y0 < $1.y0 }

        var total = 0.0
        var active: [Edge] = []
        var next = 0
        for k in 0..<(unique.count - 1) {
            if let progress, k % 4096 == 0 { progress(Double(k) / Double(unique.count - 1)) }
            let ya = unique[k], yb = unique[k + 1]
            active.removeAll { $0.y1 <= ya }
            while next < edges.count && edges[next].y0 <= ya {
                if edges[next].y1 > ya { active.append(edges[next]) }
                next += 1
            }
            guard !active.isEmpty else { continue }
            // Crossing heights inside the slab: inversions of the order at ya against that at yb.
            var order = active.map { ($0.x(at: ya), $0.x(at: yb)) }
            order.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
            var cuts: [Double] = [ya, yb]
            var i = 1
            while i < order.count {
                var j = i
                while j > 0 && order[j - 1].1 > order[j].1 {
                    let (l, r) = (order[j - 1], order[j])
                    let gap0 = r.0 - l.0, gap1 = r.1 - l.1  // gap0 ≥ 0 > gap1
                    let y = ya + (yb - ya) * (gap0 / (gap0 - gap1))
                    if y > ya && y < yb { cuts.append(y) }
                    order.swapAt(j - 1, j)
                    j -= 1
                }
                i += 1
            }
            if cuts.count > 2 { cuts.sort() }
            for c in 0..<(cuts.count - 1) where cuts[c + 1] > cuts[c] {
                let ym = 0.5 * (cuts[c] + cuts[c + 1])
                total += (cuts[c + 1] - cuts[c]) * widthOfDifference(active, at: ym)
            }
        }
        return total
    }

}
