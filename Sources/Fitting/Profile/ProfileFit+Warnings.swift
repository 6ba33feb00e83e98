import LeastSquares
import _Support

extension ProfileFit {
    /// One line per fit of the profile that did not converge (its status is not `converged_…`),
    /// in the order they were made: each keyframe's own fit (named by its label, else
    /// `keyframe N` in progress order), each parameter's two-stage trajectory, then the joint fit
    /// once (one solve for every parameter). Empty when everything converged. The results of a
    /// failed fit are the last point the solver reached; these lines are what a caller shows so
    /// that they are not taken for converged ones.
    public var warnings: [String] {
        var out: [String] = []
        for (j, fit) in keyframeFits.enumerated() where !fit.converged {
            out.append("the fit of \(keyframes[j].name(index: j)) did not converge (\(fit.status.rawValue))")
        }
        if intervals.isEmpty {
            for t in twoStage where !t.converged {
                out.append("the two-stage trajectory of \(t.parameter) did not converge (\(t.status?.rawValue ?? "no status"))")
            }
        }
        // A per-interval profile: each interval's easing, once for every parameter; and an
        // interval with nothing to fit, which keeps linear timing.
        for (i, interval) in intervals.enumerated() {
            let name = "interval \(i + 1) (progress \(ShortestDecimal.format(interval.from)) to \(ShortestDecimal.format(interval.to)))"
            if !interval.isFitted {
                out.append("\(name) has no keyframe between its keys: it keeps linear timing")
            } else if !interval.converged {
                out.append("the easing of \(name) did not converge (\(interval.status?.rawValue ?? "no status"))")
            }
        }
        if let joint, !joint.converged {
            let names = joint.trajectories.map({ $0.parameter }).joined(separator: ", ")
            out.append("the joint fit of \(names) did not converge (\(joint.status.rawValue))")
        }
        return out
    }
}
