import Deform
import Foundation
import Geometry
import Interchange

/// The animations the export tests write, each a kind of input `beztune export` takes.
enum ExportFixtures {
    static func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingFunction {
        .cubicBezier(try! CubicBezierTiming(x1: x1, y1: y1, x2: x2, y2: y2))
    }

    static func spring(_ w: Double, _ z: Double, _ v0: Double = 0) -> TimingFunction {
        .spring(try! SpringTiming(omega: w, zeta: z, initialVelocity: v0))
    }

    static func ball(_ values: [String: Double] = [:]) -> ParameterVector {
        var p = BallModel().defaultParameters
        for (name, value) in values.sorted(by: { $0.key < $1.key }) { try! p.set(name, to: value) }
        return p
    }

    /// The README's fitted profile: the pressed membrane's squash, each factor on its own
    /// cubic-bezier (two-stage fit), nine keyframes.
    static var perParameter: ShapeAnimation {
        let base = ball(["radius": 50])
        let tracks: [String: KeyframeTrack] = [
            "yFactor": KeyframeTrack(from: 1, to: 0.120836, timing: cubic(0.452194, 0.0131038, 0.0965694, 1.11313)),
            "topYFactor": KeyframeTrack(from: 1, to: 0.723355, timing: cubic(0.38865, -0.0115537, 0.261478, 0.999765)),
            "xFactor": KeyframeTrack(from: 1, to: 1.58178, timing: cubic(0.493276, -0.0459178, 0.231615, 0.934675)),
        ]
        let profile = try! ProgressProfile(base: base, tracks: tracks)
        return try! ShapeAnimation(model: CatalogModel.ball, profile: profile, duration: 1,
                                   keyframeTimes: (0...8).map { Double($0) / 8 })
    }

    /// One shared cubic-bezier on the squash factors: the keyframes stay the fitted ones.
    static var sharedCubic: ShapeAnimation {
        let start = ball(), end = ball(["xFactor": 1.2, "yFactor": 0.8, "topYFactor": 0.6])
        let profile = ProgressProfile(start: start, end: end, timing: cubic(0.4, 0, 0.2, 1))
        return try! ShapeAnimation(model: CatalogModel.ball, profile: profile, duration: 0.8,
                                   keyframeTimes: (0...8).map { Double($0) / 8 })
    }

    /// One shared spring, moving at the start and not settled at progress 1 (a jump there).
    static var sharedSpring: ShapeAnimation {
        let start = ball(), end = ball(["xFactor": 1.3, "yFactor": 0.7])
        let profile = ProgressProfile(start: start, end: end, timing: spring(14, 0.35, 3))
        return try! ShapeAnimation(model: CatalogModel.ball, profile: profile, duration: 1.2)
    }

    /// The posed ball with per-parameter timings of every kind: a spring, a cubic-bezier with
    /// overshoot, the piecewise-linear `keyframes` kind, and the handle factor k (the outline is
    /// then not affine in the parameters), rotated, scaled and moved.
    static var posedMixed: ShapeAnimation {
        let model = CatalogModel.posed(.ball)
        var base = model.defaultParameters
        for (name, value) in [("radius", 40.0), ("poseX", 120), ("poseY", -30), ("poseScale", 1.5), ("poseRotation", 0.3)] {
            try! base.set(name, to: value)
        }
        let tracks: [String: KeyframeTrack] = [
            "yFactor": KeyframeTrack(from: 1, to: 0.6, timing: spring(18, 0.45, 2)),
            "xFactor": KeyframeTrack(from: 1, to: 1.35, timing: cubic(0.3, -0.4, 0.6, 1.5)),
            "k": try! KeyframeTrack(keyframes: [.init(time: 0, value: 0.5523), .init(time: 0.3, value: 0.7),
                                                .init(time: 0.7, value: 0.45), .init(time: 1, value: 0.5523)]),
            "topYFactor": KeyframeTrack(from: 1, to: 0.5, timing: .linear),
        ]
        let profile = try! ProgressProfile(base: base, tracks: tracks)
        return try! ShapeAnimation(model: model, profile: profile, duration: 1.5, keyframeTimes: [0, 0.25, 0.5, 0.75, 1],
                                   standardErrors: [("yFactor", 0.004), ("xFactor", .nan)])
    }

    /// A still shape, posed: a fit result.
    static var still: ShapeAnimation {
        let model = CatalogModel.posed(.ball)
        var p = model.defaultParameters
        for (name, value) in [("xFactor", 1.09), ("yFactor", 0.436), ("topYFactor", 0.84), ("k", 0.91), ("poseX", 3), ("poseY", 4)] {
            try! p.set(name, to: value)
        }
        return try! ShapeAnimation(model: model, parameters: p, standardErrors: [("xFactor", 0.0014), ("k", 0.0046)])
    }

    static let all: [(name: String, animation: ShapeAnimation)] = [
        ("per-parameter", perParameter), ("shared-cubic", sharedCubic), ("shared-spring", sharedSpring),
        ("posed-mixed", posedMixed), ("still", still),
    ]
}

/// The largest distance between corresponding stored points of two paths of one structure.
func pointDistance(_ a: Path, _ b: Path) -> Double {
    precondition(a.verbs == b.verbs, "different path structures")
    var d = 0.0
    for i in a.xs.indices { d = max(d, hypot(a.xs[i] - b.xs[i], a.ys[i] - b.ys[i])) }
    return d
}

/// Runs a program; its standard output and error and exit status.
func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data(), errData = Data()
    group.enter()
    DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.enter()
    DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// The repository's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The test bundle's Resources folder.
let exportResources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

/// The reference venv's python (scripts/setup-reference-venv.sh, which makes it when missing).
func referencePython() throws -> String {
    let r = try run("/bin/bash", [repositoryRoot.appendingPathComponent("scripts/setup-reference-venv.sh").path])
    guard r.status == 0 else { throw ReferenceError("reference venv: \(r.err)") }
    return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
}

struct ReferenceError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
