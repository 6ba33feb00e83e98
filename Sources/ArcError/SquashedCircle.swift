import _CLibc
import Geometry
import _Numerics

/// How far the non-uniformly scaled Bézier circle is from a true ellipse.
///
/// The circle is drawn with n equal segments of handle factor k (segment j spans polar angles
/// [jθ, (j + 1)θ], θ = 2π/n), then every point is mapped by (x, y) ↦ (sx·x, sy·y) — the seed's
/// "regular squash", which maps control points and hence curves exactly. The figure is the
/// largest orthogonal (not radial) distance from a point of the squashed curve to the ellipse
/// with semi-axes sx·r, sy·r, over all segments and t, relative to r (multiply by r for
/// absolute units).
///
/// Method: for each segment, |d(t)| (the signed distance of ``Ellipse/signedDistance(to:excess:)``,
/// with the excess (x/sx)² + (y/sy)² − 1 = |B|² − 1 taken from the factored radial polynomial)
/// is sampled at `samplesPerSegment` + 1 equally spaced t; every sample that is not below its
/// neighbours brackets a local maximum, refined by golden-section search on |d| to a t-bracket
/// of 1e-10 (the value is then exact to ~1e-20 relative, the maximum being quadratic). With
/// sx = sy = 1 this is max |e(t)|.
public struct SquashedCircle: Sendable {
    public var segments: Int
    public var handle: Double
    public var scaleX: Double
    public var scaleY: Double
    public var samplesPerSegment: Int

    /// The largest sx/sy and sy/sx taken, 1e12: far beyond any squash, and far inside where the
    /// distance computations' squares and fourth powers of the ratio would underflow (they stay
    /// right, against brute force, to 1e50; at 1e100 they do not).
    public static let largestAspectRatio = 1e12

    /// Finite positive factors whose ratio is within ``largestAspectRatio`` (a programmer error
    /// otherwise: `beztune` checks user input before it gets here).
    public init(segments: Int, handle: Double, scaleX: Double, scaleY: Double, samplesPerSegment: Int = 32) {
        precondition(segments >= 2 && handle > 0 && scaleX > 0 && scaleY > 0 && samplesPerSegment >= 4
                     && scaleX.isFinite && scaleY.isFinite
                     && scaleX / scaleY <= SquashedCircle.largestAspectRatio && scaleY / scaleX <= SquashedCircle.largestAspectRatio,
                     "SquashedCircle: invalid parameters")
        (self.segments, self.handle, self.scaleX, self.scaleY) = (segments, handle, scaleX, scaleY)
        self.samplesPerSegment = samplesPerSegment
    }

    /// max over the squashed curve of the orthogonal distance to the ellipse, relative to r.
    ///
    /// The distance is homogeneous in (sx, sy), so it is computed for both divided by the power
    /// of two at or below the larger (exact) and scaled back: squash factors near 1e308 do not
    /// overflow, nor do factors near 1e-308 underflow, on the way to a representable result.
    public var maximumDistanceToEllipse: Double {
        let arc = CircularArc(segments: segments, handle: handle)
        let larger = Swift.max(scaleX, scaleY)
        let unit = Double(sign: .plus, exponent: larger.exponent, significand: 1)
        let scaleX = self.scaleX / unit, scaleY = self.scaleY / unit
        let ellipse = Ellipse(semiAxisX: scaleX, semiAxisY: scaleY)
        let base = arc.bezier
        var best = 0.0
        for j in 0..<segments {
            let phi = 2 * Double.pi * Double(j) / Double(segments)
            let c = cos(phi), s = sin(phi)
            func distance(_ t: Double) -> Double {
                let q = base.point(at: t)
                let point = Point(scaleX * (c * q.x - s * q.y), scaleY * (s * q.x + c * q.y))
                return abs(ellipse.signedDistance(to: point, excess: arc.squaredRadiusExcess(at: t)))
            }
            let m = samplesPerSegment
            let values = (0...m).map { distance(Double($0) / Double(m)) }
            for i in 0...m {
                let left = i > 0 ? values[i - 1] : -1, right = i < m ? values[i + 1] : -1
                guard values[i] >= left && values[i] >= right && values[i] > 0 else { continue }
                let lo = Double(Swift.max(i - 1, 0)) / Double(m), hi = Double(Swift.min(i + 1, m)) / Double(m)
                // Golden-section search to a bracket of 1e-10 (the distance is unimodal there).
                best = Swift.max(best, values[i], GoldenSection.maximum(of: distance, from: lo, to: hi, width: 1e-10).value)
            }
        }
        return best * unit
    }
}
