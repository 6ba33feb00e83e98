import _CLibc
import _Numerics

/// What "best handle factor" means: each criterion defines the symmetric k (k₁ = k₂) it selects
/// for an arc of angle θ.
public enum HandleCriterion: String, CaseIterable, Sendable {
    /// B(½) on the circle: k = 4/3·tan(θ/4) (Goldapp 1991; cairo, kurbo). 4/3(√2 − 1) for 90°.
    case midpoint
    /// Minimax radial error: the k at which max e = −min e (equioscillation: the interior maximum
    /// at t* equals the depth of the midpoint dip), found by Brent's method on
    /// F(k) = e(t*; k) + e(½; k) over [k_curvature, k_midpoint], where F < 0 at the left end
    /// (c₀ = 0: no interior maximum, midpoint inside) and F > 0 at the right (midpoint on the
    /// circle). 0.5519150244935106 for 90° (Spencer Mortensen). For short arcs (n ≳ 2000 segments)
    /// both ends of the bracket are rounding noise (the errors are below 1e-16) and the sign
    /// change can vanish; the factor is then k_midpoint·(1 − 1.0341e-4·θ⁴), the leading term of
    /// its expansion (the constant fitted to the solved factors at n = 64…256; the term is
    /// below 4e-15 relative where it is used, so the fit's 5 digits give full precision).
    case minimax
    /// Least squares radial error uniformly in t: the k minimising ∫₀¹ e(t)² dt, as the root of
    /// dI/dk = ∫₀¹ e·(∂p/∂k)/|B| dt (p = |B|² − 1), so the root is located to full precision
    /// rather than to the √ε of a minimiser.
    case l2
    /// Area between curve and radii equals the sector's (closed form, see ``CircularArc/areaError``).
    case area
    /// Arc length equals rθ: root of (L(k) − θ) by Brent's method.
    case arclength
    /// Curvature at the ends equals 1/r: c₀ = 0, k = 2a/(b + √(b² + 3)); (√7 − 1)/3 for 90°.
    case curvature

    /// The criterion's handle factor for an arc of angle θ (0 < θ ≤ π).
    public func handle(angle: Double) -> Double {
        handle(for: CircularArc(angle: angle, handle: 1))
    }

    /// The criterion's handle factor for one of n equal segments of a circle.
    public func handle(segments: Int) -> Double {
        handle(for: CircularArc(segments: segments, handle: 1))
    }

    /// The handle factor for `arc`'s angle (its own handles are ignored).
    public func handle(for arc: CircularArc) -> Double {
        switch self {
        case .midpoint: return arc.midpointHandle
        case .curvature: return arc.curvatureMatchingHandle
        case .area: return arc.areaPreservingHandle
        case .minimax: return arc.minimaxHandle
        case .l2: return arc.leastSquaresHandle
        case .arclength: return arc.arcLengthPreservingHandle
        }
    }
}

extension CircularArc {
    /// 4/3·tan(θ/4), with tan(θ/4) = a/(1 + b), in double-double and rounded once.
    var midpointHandle: Double { ((exactSinHalfAngle * 4) / ((exactCosHalfAngle + 1) * 3)).value }

    var minimaxHandle: Double {
        let lo = curvatureMatchingHandle, hi = midpointHandle
        let f = { (k: Double) -> Double in
            let forms = SymmetricArcForms(self.with(handle: k))
            let sStar = 2 * forms.c0 / (3 * forms.bigC)
            let peak = sStar > 0 && sStar < 0.25 ? sStar * sStar * forms.c0 / 3 : 0
            let dip = forms.midpointExcess
            return RadialErrorMath.radialError(fromExcess: peak) + RadialErrorMath.radialError(fromExcess: dip)
        }
        if let k = BrentRoot.root(of: f, from: lo, to: hi) { return BrentRoot.nearestDouble(to: k, of: f) }
        let theta2 = angle * angle
        return hi * (1 - 1.0341e-4 * theta2 * theta2)
    }

    /// The fixed 2×16-point Gauss–Legendre rule on [0, ½] used inside the 1-D solvers: a
    /// deterministic, smooth function of k (an adaptive rule would jump as its partition changes).
    private func integrateHalf(_ f: (Double) -> Double) -> Double {
        let nodes = ArcIntegrals.FastRule.nodes, weights = ArcIntegrals.FastRule.weights
        var sum = 0.0
        for i in nodes.indices {
            let t = nodes[i]
            // Two panels [0, ¼] and [¼, ½].
            sum += 0.5 * weights[i] * (f(0.5 * t) + f(0.25 + 0.5 * t))
        }
        return 2 * sum
    }

    var leastSquaresHandle: Double {
        let a = sinHalfAngle, b = cosHalfAngle
        // dI/dk with I(k) = ∫₀¹ e² dt = 2∫₀^½ e² dt; ∂e/∂k = (∂p/∂k)/(2|B|), p = s²(c₀ − C·s).
        let derivative = { (k: Double) -> Double in
            let arc = self.with(handle: k)
            let (q0, q1, _) = arc.radialCoefficients
            let c0 = q0, cc = 2 * q0 - q1
            // ∂c₀/∂k = 18k + 12ab; ∂Q₁/∂k = 72ab − 36k(1 − 2a²); ∂C/∂k = 2∂c₀/∂k − ∂Q₁/∂k.
            let dc0 = 18 * k + 12 * a * b
            let dq1 = 72 * a * b - 36 * k * (1 - 2 * a * a)
            let dcc = 2 * dc0 - dq1
            return self.integrateHalf { t in
                let s = t * (1 - t)
                let p = s * s * (c0 - cc * s)
                let e = RadialErrorMath.radialError(fromExcess: p)
                return e * s * s * (dc0 - dcc * s) / Swift.max(0, 1 + p).squareRoot()
            }
        }
        let k = BrentRoot.solve(derivative, from: 0.5 * curvatureMatchingHandle, to: 1.5 * midpointHandle)
        return BrentRoot.nearestDouble(to: k, of: derivative)
    }

    var arcLengthPreservingHandle: Double {
        // (L − θ)/θ as a function of k.
        let f = { (k: Double) -> Double in
            let forms = SymmetricArcForms(self.with(handle: k))
            // Near the root every sum cancels by construction: the whole series where it
            // converges fast, else its first two terms exactly and the rest by the rule.
            if let series = ArcLengthSeries.relativeLengthError(forms, largestBound: 0x1p-2) { return series }
            let theta2 = forms.exactThetaSquared.value
            guard ArcLengthSeries.splits(forms) else {
                return self.integrateHalf { t in
                    let u = forms.speedSquaredExcess(s: t * (1 - t)) / theta2
                    return u / (1 + Swift.max(0, 1 + u).squareRoot())
                }
            }
            return ArcLengthSeries.leadingTerms(forms) + self.integrateHalf { t in
                ArcLengthSeries.remainder(forms.speedSquaredExcess(s: t * (1 - t)) / theta2)
            }
        }
        let k = BrentRoot.solve(f, from: 0.5 * curvatureMatchingHandle, to: 1.5 * midpointHandle)
        return BrentRoot.nearestDouble(to: k, of: f)
    }
}
