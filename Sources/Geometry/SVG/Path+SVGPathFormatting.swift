import _Support

extension Path {
    /// The path as SVG path data in absolute commands, one per stored verb, separated by single
    /// spaces, each letter followed directly by its first number: `Mx y`, `Lx y`, `Qx1 y1 x y`,
    /// `Cx1 y1 x2 y2 x y`, `Z` (no y flip), e.g. `M1 2 L4 2 L4 6 Z`.
    ///
    /// Each coordinate is written in the shortest form that reads back to the same Double
    /// (Swift's `description`, which is shortest-round-trip), without a trailing ".0" on
    /// integral values: `3`, `-0`, `0.1`, `1e-05`, `1.5e+300`, `5e-324` — all valid SVG 2
    /// numbers. So for a finite path `try Path(svgPathData: path.svgPathData) == path`, with
    /// every coordinate's bit pattern (including the sign of zero) preserved.
    ///
    /// Non-finite coordinates are written `nan`, `inf` and `-inf`; such data does not parse
    /// (those spellings are not numbers in the grammar). Check `isFinite` first when the text
    /// must be read back.
    public var svgPathData: String {
        var out = ""
        out.reserveCapacity(verbs.count * 16 + xs.count * 24)
        var k = 0
        for verb in verbs {
            if !out.isEmpty { out += " " }
            switch verb {
            case .move: out += "M"
            case .line: out += "L"
            case .quadratic: out += "Q"
            case .cubic: out += "C"
            case .close: out += "Z"
            }
            for i in k..<(k + verb.pointCount) {
                if i > k { out += " " }
                out += ShortestDecimal.format(xs[i])
                out += " "
                out += ShortestDecimal.format(ys[i])
            }
            k += verb.pointCount
        }
        return out
    }
}
