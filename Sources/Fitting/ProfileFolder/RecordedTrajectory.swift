import LeastSquares

/// One row of a `fit-profile` folder's `timing.csv` read back: a free parameter's fitted
/// trajectory by one method, with how its fit ended and how far the method's profile is from the
/// keyframes' points.
public struct RecordedTrajectory: Sendable {
    /// The parameter's name, as given in the free list.
    public let parameter: String
    public let method: TrajectoryFit.Method
    public let trajectory: ParameterTrajectory
    /// The `status` column as written: a ``TerminationStatus`` name, or empty where none was
    /// recorded (a `keyframes` timing, which is not solved; a two-stage row of a folder written
    /// before two-stage statuses were recorded).
    public let status: String
    /// The `distance_rms` column: the RMS distance of every keyframe's points to the method's
    /// profile (nil when empty).
    public let distanceRMS: Double?

    public init(parameter: String, method: TrajectoryFit.Method, trajectory: ParameterTrajectory, status: String,
                distanceRMS: Double?) {
        (self.parameter, self.method, self.trajectory, self.status, self.distanceRMS) =
            (parameter, method, trajectory, status, distanceRMS)
    }

    /// False when the recorded status says the fit did not converge (a status is converged when
    /// it starts with `converged_`); true when converged or when no status was recorded.
    public var isUsable: Bool { status.isEmpty || status.hasPrefix("converged_") }
}
