import _CLibc
import Geometry
import _Support

/// An ellipse of semi-axes `rx` and `ry` centred at the origin (model space, y-up), drawn
/// closely enough to stand for the exact conic: ``segmentCount`` cubics, each the midpoint-exact
/// cubic of an arc of φ = 2π/N of the unit circle, scaled by (rx, ry).
///
/// The unit circle's arc from θ₀ to θ₁ = θ₀ + φ is drawn with P₀ = (cos θ₀, sin θ₀),
/// P₁ = P₀ + κ·(−sin θ₀, cos θ₀), P₂ = P₃ − κ·(−sin θ₁, cos θ₁), P₃ = (cos θ₁, sin θ₁),
/// κ = 4/3·tan(φ/4) (its midpoint on the circle; Goldapp 1991, "Approximation of circular arcs
/// by cubic polynomials"). Its radius never falls below 1 and exceeds it by at most
/// ``radialErrorBound`` (the midpoint-exact error, which scales as φ⁶: 2.7e-4 for a quarter, about
/// 1e-11 for N = 64); an affine image of the circle is the ellipse, so every point of the model
/// lies within max(rx, ry)·``radialErrorBound`` of the exact ellipse. The first point is the
/// bottom (0, −ry); the path runs counter-clockwise (y-up) and closes there.
///
/// Parameters: [0] `rx`, [1] `ry`, model units, default 50, [0, ∞). ∂P/∂rx = (uₓ, 0),
/// ∂P/∂ry = (0, u_y) for the unit circle's stored point u. Both together scale it uniformly.
/// It has no pose of its own: `fit` frees the translation (and a `rotation` named by the user)
/// through ``PosedModel``.
public struct EllipseModel: DeformModel {
    public init() {}

    /// Cubics per full turn.
    public static let segmentCount = 64

    public var name: String { "ellipse" }
    public var summary: String {
        "an ellipse of semi-axes rx, ry centred at the origin, as \(Self.segmentCount) midpoint-exact cubics (within \(PrintfDecimal.scientific(Self.radialErrorBound, digits: 1)) of its larger semi-axis of the exact ellipse)"
    }

    public static let specs: [ParameterSpec] = [
        ParameterSpec(name: "rx", defaultValue: 50, lower: 0, upper: .infinity, doc: "semi-axis along x, model units"),
        ParameterSpec(name: "ry", defaultValue: 50, lower: 0, upper: .infinity, doc: "semi-axis along y, model units"),
    ]

    public var parameters: [ParameterSpec] { Self.specs }
    public var defaultFree: [String]? { ["rx", "ry"] }

    public static let verbs: [Path.Verb] = [.move] + Array(repeating: .cubic, count: segmentCount) + [.close]
    public var verbs: [Path.Verb] { Self.verbs }

    /// κ = 4/3·tan(φ/4), φ = 2π/N.
    public static let handle = 4.0 / 3 * tan(Double.pi / (2 * Double(segmentCount)))

    /// The unit circle's stored points: the bottom, then (P₁, P₂, P₃) of every arc; the last P₃
    /// is the bottom again, exactly.
    static let unitPoints: [(x: Double, y: Double)] = {
        let n = segmentCount, phi = 2 * Double.pi / Double(n), k = handle
        func angle(_ i: Int) -> Double { -Double.pi / 2 + Double(i) * phi }
        var points: [(x: Double, y: Double)] = [(0, -1)]
        for i in 0..<n {
            let a = angle(i), b = angle(i + 1)
            let p0 = i == 0 ? (x: 0.0, y: -1.0) : (x: cos(a), y: sin(a))
            let p3 = i == n - 1 ? (x: 0.0, y: -1.0) : (x: cos(b), y: sin(b))
            points.append((p0.x - k * sin(a), p0.y + k * cos(a)))
            points.append((p3.x + k * sin(b), p3.y - k * cos(b)))
            points.append(p3)
        }
        return points
    }()

    /// The midpoint-exact cubic's largest radial excess over an arc of φ = 2π/N of the unit
    /// circle, |B(t)| − 1 at 2001 evenly spaced t (the excess is smooth, symmetric about t = ½
    /// and zero at 0, ½ and 1, with one peak in each half, which that sampling resolves; the
    /// tests check it against mpmath).
    public static let radialErrorBound: Double = {
        let phi = 2 * Double.pi / Double(segmentCount), k = handle
        // The arc from −φ/2 to φ/2, symmetric about the x axis.
        let c = cos(phi / 2), s = sin(phi / 2)
        let p0 = (x: c, y: -s), p1 = (x: c + k * s, y: -s + k * c)
        let p2 = (x: c + k * s, y: s - k * c), p3 = (x: c, y: s)
        var worst = 0.0
        for j in 0...2000 {
            let t = Double(j) / 2000, u = 1 - t
            let x = u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x
            let y = u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y
            worst = Swift.max(worst, (x * x + y * y).squareRoot() - 1)
        }
        return worst
    }()

    public func fillControlPoints(parameters p: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        precondition(p.count == Self.specs.count, "not an ellipse parameter vector")
        precondition(xs.count == pointCount && ys.count == pointCount, "ellipse has \(pointCount) stored points")
        let rx = p.value(at: 0), ry = p.value(at: 1)
        for (i, u) in Self.unitPoints.enumerated() {
            xs[i] = rx * u.x
            ys[i] = ry * u.y
        }
    }

    public func fillJacobian(parameters p: ParameterVector, into j: inout ControlPointJacobian) {
        precondition(j.pointCount == pointCount && j.parameterCount >= 2, "the ellipse Jacobian is \(pointCount) points by at least 2 columns")
        for (i, u) in Self.unitPoints.enumerated() {
            (j[2 * i, 0], j[2 * i + 1, 0]) = (u.x, 0)
            (j[2 * i, 1], j[2 * i + 1, 1]) = (0, u.y)
        }
    }

    public func nonIdentifiableSets(at parameters: ParameterVector) -> [NonIdentifiableSet] { [] }

    public func uniformScaleSets(at parameters: ParameterVector) -> [[String]] { [["rx", "ry"]] }
}
