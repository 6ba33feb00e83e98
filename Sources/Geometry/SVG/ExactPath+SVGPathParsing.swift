extension ExactPath {
    /// SVG path data read once into both the drawn path — `Path(svgPathData:arcs:)`, each arc as
    /// the cubics `arcs` asks for — and the exact path, in which every arc that was drawn as
    /// cubics is kept as the exact elliptical arc of SVG 1.1 F.6.5 (`EllipticalArc(svgFrom:…)`).
    /// Arcs that F.6.2 omits (equal end points) or draws as a straight line (a zero radius, a
    /// centre form that overflows) are the same in both.
    ///
    /// - Throws: `SVGPathError` at the first byte that does not fit the grammar.
    public static func parsing(svgPathData: String, arcs: SVGArcApproximation) throws(SVGPathError) -> (path: Path, exact: ExactPath) {
        if case .tolerance(let t) = arcs { precondition(t > 0, "ExactPath.parsing(svgPathData:arcs:) needs a positive tolerance") }
        var parser = SVGPathParser(text: svgPathData, arcs: arcs)
        let path = try parser.parse()
        return (path, ExactPath(path, replacing: parser.arcRuns))
    }
}
