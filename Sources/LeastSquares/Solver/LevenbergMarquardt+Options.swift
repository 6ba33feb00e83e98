extension LevenbergMarquardt {
    /// How the parameters are scaled (Moré §6).
    public enum Scaling: Sendable, Equatable {
        /// Dⱼ = running maximum of the Jacobian column norms (MINPACK `mode = 1`).
        case jacobianColumns
        /// Fixed positive Dⱼ (MINPACK `mode = 2`), one per parameter.
        case fixed([Double])
    }

    /// Tolerances, budget, trust region, loss and acceleration. The defaults reproduce the plain
    /// solver: no robust loss, no acceleration, an unlimited radius.
    public struct Options: Sendable, Equatable {
        /// ftol ≥ 0: stop when the actual and predicted relative reductions of ‖f‖² are both
        /// at most ftol (and ρ ≤ 2). 0 turns the test off, its machine-precision form included.
        public var functionTolerance: Double
        /// xtol ≥ 0: stop when Δ ≤ xtol·‖D x‖, i.e. the relative error of D x is at most about xtol.
        public var parameterTolerance: Double
        /// gtol ≥ 0: stop when maxⱼ |Jⱼᵀf| / (‖Jⱼ‖·‖f‖) ≤ gtol (over the free parameters).
        public var gradientTolerance: Double
        /// The most residual evaluations (the start, and the probes of the geodesic
        /// acceleration, included).
        public var maxEvaluations: Int
        /// Δ₀ = factor·‖D x₀‖ (or factor when that is zero). MINPACK recommends 100 and says to
        /// try smaller values when that fails; 1 is the default here because 100 (and anything
        /// from about 20 up) lets the first step of NIST BoxBOD from start 1 jump onto the
        /// b₂ → ∞ plateau where J loses rank, while every factor from 0.1 to 10 solves all 54
        /// StRD runs to the same digits.
        public var initialStepFactor: Double
        /// Δ_max > 0: the trust-region radius never exceeds it, so no step is longer than
        /// ‖D p‖ ≤ Δ_max (the `maxStep` of other solvers; Ceres' `max_trust_region_radius`).
        /// Measured in the scaled norm ‖D p‖ — with `.fixed([1, …, 1])` scaling it is the
        /// Euclidean step length. A step the secular equation leaves longer (it meets Δ to 10 %)
        /// is shortened to Δ_max, so the cap is exact (for the velocity: an accelerated step
        /// v + ½a can be up to (1 + α/4)·Δ_max, see ``GeodesicAcceleration``). Default +∞.
        public var maximumRadius: Double
        public var scaling: Scaling
        /// Singular values of J·D⁻¹ at or below this fraction of the largest count as zero in
        /// the Gauss–Newton step (rank deficiency).
        public var rankCutoff: Double
        /// After convergence, up to this many Gauss–Newton refinement steps (0 turns it off).
        ///
        /// Near the minimum ‖r‖² is flat to second order, so once the remaining error δ in the
        /// parameters only changes ‖r‖² by less than its rounding error (δ/σ ≲ 1e-7 in units of
        /// the standard error), trust-region tests on ‖r‖² can no longer tell better from worse
        /// and the iteration stops there. The Gauss–Newton step −J⁺r depends on r only linearly,
        /// so it keeps converging down to the rounding of r itself. A refinement step is taken
        /// while the steps stay below 1e-4·‖D x‖ and above ε·‖D x‖, give finite residuals and
        /// match the linear model, ‖r(x + p) − r − J p‖ ≤ ‖J p‖, and while the step length keeps
        /// reaching new lows (three steps without a 10 % improvement end it: the rounding floor).
        /// The result is the visited point with the shortest Gauss–Newton step — the best
        /// estimate of the stationary point Jᵀr = 0 — so a refinement can never end worse than it
        /// started by that measure. The status is the convergence status that preceded it. With
        /// a robust loss the steps use the corrected r̃, J̃; with bounds they move the free
        /// parameters only and stop at a step that would leave the box.
        public var refinementSteps: Int
        /// The robust loss applied to each residual (``RobustLoss``); `.trivial` is plain least
        /// squares.
        public var loss: RobustLoss
        /// Geodesic acceleration (``GeodesicAcceleration``), or nil for none.
        public var geodesicAcceleration: GeodesicAcceleration?
        /// Which implementation computes the SVDs and products of each iteration and the
        /// covariance (``LinearAlgebraBackend``): LAPACK where it exists, else the pure-Swift
        /// routines. Both give the same fits to rounding; the NIST StRD and Moré–Garbow–Hillstrom
        /// suites are run through both.
        public var linearAlgebra: LinearAlgebraBackend

        /// Defaults that aim at full double precision: ftol = xtol = 1e-15, gtol = 0, up to 2000
        /// residual evaluations, step factor 1, no radius limit, Jacobian-column scaling, rank
        /// cutoff 1e-14, up to 100 refinement steps, the trivial loss, no acceleration, the
        /// platform's default linear algebra.
        public init(functionTolerance: Double = 1e-15, parameterTolerance: Double = 1e-15,
                    gradientTolerance: Double = 0, maxEvaluations: Int = 2000,
                    initialStepFactor: Double = 1, maximumRadius: Double = .infinity,
                    scaling: Scaling = .jacobianColumns,
                    rankCutoff: Double = 1e-14, refinementSteps: Int = 100,
                    loss: RobustLoss = .trivial,
                    geodesicAcceleration: GeodesicAcceleration? = nil,
                    linearAlgebra: LinearAlgebraBackend = .platformDefault) {
            self.functionTolerance = functionTolerance
            self.parameterTolerance = parameterTolerance
            self.gradientTolerance = gradientTolerance
            self.maxEvaluations = maxEvaluations
            self.initialStepFactor = initialStepFactor
            self.maximumRadius = maximumRadius
            self.scaling = scaling
            self.rankCutoff = rankCutoff
            self.refinementSteps = refinementSteps
            self.loss = loss
            self.geodesicAcceleration = geodesicAcceleration
            self.linearAlgebra = linearAlgebra
        }
    }
}
