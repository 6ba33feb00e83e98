import CSV
import Deform
import Fitting
import Interchange
import _Support

/// A `fit-profile` output folder read back for replay (`frames --profile-dir`,
/// `export --profile-dir`): DIR/settings.csv (``ProfileSettings``), DIR/timing.csv
/// (``ProfileTimingTable``) and DIR/profile.csv (``ProfileKeyframeTable``), and for a
/// `per-interval` profile DIR/intervals.csv (``ProfileIntervalTable``). A folder without any of
/// the three is refused naming the file.
///
/// The replayed parameter p at progress x is the chosen method's fitted trajectory: for a
/// parametric timing the two-keyframe track start → end through the fitted easing
/// (``KeyframeTrack/init(from:to:timing:)``, start + (end − start)·y(x), exact at both ends), for
/// `keyframes` the linear track through the keyframe values, for `per-interval` the track through
/// the keys with each interval's easing; the other parameters keep their held values.
package struct FittedProfile: Sendable {
    /// The folder the tables came from, as messages name it.
    package let folder: String
    /// The model, free and held parameters, duration and recorded options.
    package let settings: ProfileSettings
    /// The progress values every export keeps: the keyframes' (`profile.csv`), or a
    /// per-interval profile's keys (`intervals.csv`).
    package let keyframeTimes: [Double]
    /// Each method's trajectories, in free-parameter order.
    package let trajectories: [TrajectoryFit.Method: [RecordedTrajectory]]
    /// The first keyframe fit that did not converge (``ProfileKeyframeTable/firstUnconvergedKeyframe``):
    /// the two-stage timings are fitted to the keyframe fits' values and rest on it.
    package let unconvergedKeyframe: (location: String, status: String)?

    /// The profile in the tables of a `fit-profile` folder (`settings.csv`, `timing.csv`,
    /// `profile.csv`, and a per-interval profile's `intervals.csv`), `folder` naming them in
    /// messages (`FOLDER/timing.csv`).
    package init(folder: String, settings settingsTable: CSVTable, timing timingTable: CSVTable, profile profileTable: CSVTable,
                 intervals intervalTable: CSVTable?) throws(ProfileFolderError) {
        let settings = try ProfileSettings(reading: settingsTable)
        let keyframes = try ProfileKeyframeTable(reading: profileTable)
        // A per-interval profile's intervals (an optional file: other profiles have none).
        let intervals = try intervalTable.map { t throws(ProfileFolderError) in try ProfileIntervalTable.read(t) }
        self.folder = folder
        self.settings = settings
        // A per-interval profile is replayed with exactly its keys; the others through every
        // keyframe's progress.
        unconvergedKeyframe = keyframes.firstUnconvergedKeyframe
        trajectories = try ProfileTimingTable.read(timingTable, setup: settings.setup, keyframes: keyframes, intervals: intervals)
        let keyed = trajectories.values.contains { $0.contains { $0.trajectory.kind == .perInterval } }
        keyframeTimes = keyed ? intervals.map { [$0[0].from] + $0.map({ $0.to }) } ?? keyframes.progress : keyframes.progress
    }

    /// The method replayed and why (``replay(method:requireConvergence:)``).
    public struct Choice: Sendable {
        public let method: TrajectoryFit.Method
        /// Why this method, for a line of output: `joint (converged_ftol; distance_rms 0.5 ≤
        /// two-stage 0.77)`, `two-stage (the joint fit did not converge: max_evaluations)`, …
        public let reason: String
    }

    /// Which method to replay: `method` when given; else the joint timings when `timing.csv` has
    /// them, every joint row converged and the joint `distance_rms` is at most the two-stage one,
    /// otherwise the two-stage timings.
    ///
    /// With `requireConvergence` (an export), a chosen method whose fit of any parameter did not
    /// converge is refused, naming the parameter, the method, the status and the alternative (a
    /// status is converged when it starts with `converged_`; a row without a status — a
    /// `keyframes` timing, or a two-stage row written before statuses were — is accepted).
    package func choice(method given: TrajectoryFit.Method?, requireConvergence: Bool) throws(ProfileFolderError) -> Choice {
        let timingFile = "\(folder)/\(ProfileTimingTable.fileName)"
        let choice: Choice
        if let given {
            _ = try fits(of: given)
            choice = Choice(method: given, reason: "\(given.rawValue) (--method)")
        } else if let joint = trajectories[.joint] {
            let failed = joint.first { !$0.isUsable }
            let jointDistance = joint.first?.distanceRMS, twoStageDistance = trajectories[.twoStage]?.first?.distanceRMS
            if let failed {
                choice = Choice(method: .twoStage, reason: "two-stage (the joint fit did not converge: \(failed.status))")
            } else if trajectories[.twoStage] == nil {
                choice = Choice(method: .joint, reason: "joint (the only timings in \(ProfileTimingTable.fileName))")
            } else if let j = jointDistance, let t = twoStageDistance, !(j <= t) {
                choice = Choice(method: .twoStage, reason: "two-stage (its distance_rms \(Self.format(t)) < joint \(Self.format(j)))")
            } else {
                var compared = ""
                if let j = jointDistance, let t = twoStageDistance {
                    compared = "; distance_rms \(Self.format(j)) ≤ two-stage \(Self.format(t))"
                }
                choice = Choice(method: .joint, reason: "joint (\(joint.first?.status ?? "")\(compared))")
            }
        } else {
            choice = Choice(method: .twoStage, reason: "two-stage (fit-profile ran without --joint)")
        }
        guard requireConvergence else { return choice }
        let other: TrajectoryFit.Method = choice.method == .joint ? .twoStage : .joint
        let alternative = usable(other) ? "use --method \(other.rawValue)"
            : "fit the profile again (fit-profile --bound, --timing or --max-evaluations)"
        if let failed = trajectories[choice.method]?.first(where: { !$0.isUsable }) {
            throw ProfileFolderError("\(timingFile): the \(choice.method.rawValue) timing of \(failed.parameter) did not converge (\(failed.status)); \(alternative)")
        }
        if choice.method == .twoStage, let keyframe = unconvergedKeyframe {
            throw ProfileFolderError("\(keyframe.location): that keyframe's fit did not converge (\(keyframe.status)) and the two-stage timings are fitted to it; \(alternative)")
        }
        return choice
    }

    /// True when `method`'s timings are in the folder and every one of their fits converged (the
    /// two-stage ones with every keyframe fit).
    func usable(_ method: TrajectoryFit.Method) -> Bool {
        guard let fits = trajectories[method], fits.allSatisfy({ $0.isUsable }) else { return false }
        return method == .joint || unconvergedKeyframe == nil
    }

    /// `method`'s trajectories; a folder without them (fit-profile ran without --joint) refused.
    func fits(of method: TrajectoryFit.Method) throws(ProfileFolderError) -> [RecordedTrajectory] {
        guard let fits = trajectories[method] else {
            throw ProfileFolderError("\(folder)/\(ProfileTimingTable.fileName) has no \(method.rawValue) rows (fit-profile ran without --joint); use --method two-stage")
        }
        return fits
    }

    /// The fitted animation of `method` over `duration` seconds (default the profile's).
    package func animation(method: TrajectoryFit.Method, duration: Double?) throws(ProfileFolderError) -> ShapeAnimation {
        let fits = try fits(of: method)
        let setup = settings.setup
        var tracks: [String: KeyframeTrack] = [:]
        for (k, recorded) in fits.enumerated() {
            let trajectory = recorded.trajectory
            let track: KeyframeTrack
            if let timing = trajectory.timingFunction {
                track = KeyframeTrack(from: trajectory.start, to: trajectory.end, timing: timing)
            } else if trajectory.kind == .perInterval {
                track = try ProfileFolderError.reading("\(folder)/\(ProfileIntervalTable.fileName)") { () throws(TimingError) in
                    try KeyframeTrack(keyframes: trajectory.keyframes, timings: trajectory.intervalEasings)
                }
            } else {
                track = try ProfileFolderError.reading("\(folder)/\(ProfileKeyframeTable.fileName)") { () throws(TimingError) in
                    try KeyframeTrack(keyframes: trajectory.keyframes)
                }
            }
            tracks[setup.modelName(ofFree: k)] = track
        }
        let profile = try ProfileFolderError.reading(folder) { () throws(ModelInputError) in
            try ProgressProfile(base: setup.parameters, tracks: tracks)
        }
        return try ProfileFolderError.reading(folder) { () throws(ExportError) in
            try ShapeAnimation(model: setup.model, profile: profile, duration: duration ?? settings.duration,
                               keyframeTimes: keyframeTimes)
        }
    }

    /// Six significant digits, for a reason's figures.
    static func format(_ v: Double) -> String { PrintfDecimal.significant(v, digits: 6) }
}
