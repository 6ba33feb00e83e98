import Deform
import LeastSquares

/// The residuals of the joint profile fit and their exact Jacobian.
///
/// Unknowns Θ: for each free parameter k, θₖ = (startₖ, endₖ, timing parameters…) of its
/// ``ParameterTrajectory``. At keyframe j (progress xⱼ) the free values are
/// pⱼₖ = pₖ(xⱼ; θₖ), and the residuals are that keyframe's signed orthogonal distances
/// (``DistanceResiduals``, warm-started per keyframe) at those values, all keyframes stacked.
/// Jacobian by the chain rule: ∂r/∂θₖₗ = (∂r/∂pⱼₖ)·(∂pₖ(xⱼ)/∂θₖₗ), the first factor
/// ``DistanceResiduals``' exact Jacobian, the second the trajectory's gradient.
final class JointProfileResiduals {
    let kind: ProfileTimingKind
    let progress: [Double]
    let keyframes: [DistanceResiduals]
    let freeCount: Int
    let perParameter: Int
    let offsets: [Int]
    let residualCount: Int

    init(setup: FitSetup, keyframes: [ProfileKeyframe], kind: ProfileTimingKind, parallel: Bool) {
        self.kind = kind
        progress = keyframes.map({ $0.progress })
        self.keyframes = keyframes.map {
            DistanceResiduals(setup: setup, targets: $0.target.points, outline: nil, symmetricWeight: 0,
                              samplesPerSegment: 1, parallel: parallel)
        }
        freeCount = setup.freeCount
        perParameter = kind.unknownCount
        var offsets: [Int] = [], total = 0
        for k in keyframes {
            offsets.append(total)
            total += k.target.points.count
        }
        self.offsets = offsets
        residualCount = total
    }

    var unknownCount: Int { freeCount * perParameter }

    /// The free values at keyframe j and their gradients with respect to each θₖ.
    func freeValues(_ Θ: [Double], keyframe j: Int) -> (values: [Double], gradients: [[Double]]) {
        var values: [Double] = [], gradients: [[Double]] = []
        for k in 0..<freeCount {
            let θ = Array(Θ[(k * perParameter)..<((k + 1) * perParameter)])
            let (v, g) = ParameterTrajectory.valueAndGradient(kind: kind, unknowns: θ, at: progress[j])
            values.append(v)
            gradients.append(g)
        }
        return (values, gradients)
    }

    func residuals(_ Θ: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(residualCount)
        for j in keyframes.indices {
            let x = freeValues(Θ, keyframe: j).values
            guard x.allSatisfy({ $0.isFinite }) else {
                return [Double](repeating: .nan, count: residualCount)
            }
            out += keyframes[j].residuals(x)
        }
        return out
    }

    func jacobian(_ Θ: [Double]) -> Matrix {
        let m = residualCount, n = unknownCount
        var jacobian = Matrix(rows: m, columns: n)
        for j in keyframes.indices {
            let (x, gradients) = freeValues(Θ, keyframe: j)
            guard x.allSatisfy({ $0.isFinite }) else { return Matrix(rows: m, columns: n, repeating: .nan) }
            let local = keyframes[j].jacobian(x)
            let rows = local.rows, offset = offsets[j]
            for k in 0..<freeCount {
                for l in 0..<perParameter {
                    let g = gradients[k][l], column = k * perParameter + l
                    for r in 0..<rows {
                        jacobian.elements[offset + r + column * m] = local.elements[r + k * rows] * g
                    }
                }
            }
        }
        return jacobian
    }
}
