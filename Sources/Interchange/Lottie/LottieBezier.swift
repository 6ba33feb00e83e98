import Geometry

/// One subpath in the players' form: per vertex its point and the absolute positions of its in
/// and out control points, and whether the last vertex joins the first.
///
/// Drawn as the players draw it (lottie-web `SVGElementsRenderer`/`CVShapeData`, lottie-ios
/// `BezierPath`): a move to vertex 0, then for each next vertex k the cubic from vertex k − 1
/// with control points out(k − 1) and in(k), and when closed the cubic from the last vertex back
/// to vertex 0 with out(last) and in(0). Every segment is a cubic, also where its control points
/// sit on its ends (the players draw those as cubics too).
struct LottieBezier: Sendable {
    var vertices: [Point]
    var inPoints: [Point]
    var outPoints: [Point]
    var closed: Bool

    /// Appends the subpath, mapped by `transform`, to `path`.
    func append(to path: inout Path, transform m: AffineTransform) {
        guard let first = vertices.first else { return }
        path.move(to: m.apply(to: first))
        for k in vertices.indices.dropFirst() {
            path.cubic(to: m.apply(to: vertices[k]), control1: m.apply(to: outPoints[k - 1]),
                       control2: m.apply(to: inPoints[k]))
        }
        if closed {
            let last = vertices.count - 1
            path.cubic(to: m.apply(to: first), control1: m.apply(to: outPoints[last]),
                       control2: m.apply(to: inPoints[0]))
            path.close()
        }
    }

    // MARK: Lottie shape data

    /// The numbers per vertex when a shape is flattened for interpolation: v, i, o (x and y each).
    static let numbersPerVertex = 6

    /// The shape `{"c": closed, "v": [[x, y], …], "i": […], "o": […]}` as its numbers
    /// (vₓ, v_y, iₓ, i_y, oₓ, o_y per vertex; `i` and `o` relative to their vertex, as in the
    /// file) and its closed flag. A keyframe's `s` is an array holding one such shape.
    static func numbers(_ node: LottieNode, inKeyframe: Bool) throws(LottieError) -> (numbers: [Double], closed: Bool) {
        var shape = node
        if inKeyframe {
            let items = try node.elements("a shape keyframe's value")
            guard items.count == 1 else {
                throw node.fail("a shape keyframe's value must be an array of one shape, not \(items.count)")
            }
            shape = items[0]
        }
        _ = try shape.requireObject("a shape")
        let closed = try shape.member("c").map { (c) throws(LottieError) in try c.flag("the closed flag c") } ?? false
        let v = try points(shape.require("v", "the shape's vertices"))
        let i = try points(shape.require("i", "the shape's in tangents"))
        let o = try points(shape.require("o", "the shape's out tangents"))
        guard i.count == v.count, o.count == v.count else {
            throw shape.fail("the shape has \(v.count) vertices but \(i.count) in and \(o.count) out tangents")
        }
        var out: [Double] = []
        out.reserveCapacity(numbersPerVertex * v.count)
        for k in v.indices {
            out += [v[k].x, v[k].y, i[k].x, i[k].y, o[k].x, o[k].y]
        }
        return (out, closed)
    }

    private static func points(_ node: LottieNode) throws(LottieError) -> [Point] {
        var out: [Point] = []
        for e in try node.elements("a list of points") {
            let xy = try e.numbers("a point", minimum: 2)
            guard xy.count == 2 else { throw e.fail("a point must be [x, y], not \(xy.count) numbers") }
            out.append(Point(xy[0], xy[1]))
        }
        return out
    }

    /// The subpath of flattened numbers (relative tangents made absolute).
    init(numbers x: [Double], closed: Bool) {
        let n = x.count / Self.numbersPerVertex
        vertices = []
        inPoints = []
        outPoints = []
        for k in 0..<n {
            let b = Self.numbersPerVertex * k
            let v = Point(x[b], x[b + 1])
            vertices.append(v)
            inPoints.append(Point(v.x + x[b + 2], v.y + x[b + 3]))
            outPoints.append(Point(v.x + x[b + 4], v.y + x[b + 5]))
        }
        self.closed = closed
    }

    init(vertices: [Point], inPoints: [Point], outPoints: [Point], closed: Bool) {
        (self.vertices, self.inPoints, self.outPoints, self.closed) = (vertices, inPoints, outPoints, closed)
    }
}
