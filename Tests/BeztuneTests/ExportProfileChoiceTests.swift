import Foundation
import Testing
import _TestSupport

/// Which timings `export --profile-dir` replays, and its refusal of a fit that did not converge:
/// hand-written profile folders (settings.csv, timing.csv, profile.csv) whose two methods end
/// yFactor at different values, so the exported end frame says which was used.
@Suite("export --profile-dir: the timings chosen and failed fits refused")
struct ExportProfileChoiceTests {
    /// A row of timing.csv: yFactor from 1 to `end` on a linear timing, by `method`.
    static func row(_ method: String, end: Double, distance: Double, status: String) -> String {
        "yFactor,1,\(end),linear,,,,,,,,0.001,\(method),\(distance),\(status)"
    }

    /// A profile folder with these timing rows, the middle keyframe's fit ending with
    /// `keyframeStatus`.
    static func folder(_ rows: [String], keyframeStatus: String = "converged_ftol") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try "setting,value\nmodel,ball\nfree,yFactor\nduration,1\n".write(to: folder.file("settings.csv"), atomically: true, encoding: .utf8)
        try "progress,status,file\n0,converged_ftol,a.svg\n0.5,\(keyframeStatus),b.svg\n1,converged_xtol,c.svg\n"
            .write(to: folder.file("profile.csv"), atomically: true, encoding: .utf8)
        let header = "parameter,start,end,timing,x1,y1,x2,y2,omega,zeta,v0,rms,method,distance_rms,status"
        try ([header] + rows).joined(separator: "\n").appending("\n")
            .write(to: folder.file("timing.csv"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The end frame the export draws, and `beztune model`'s ball at yFactor = `end`.
    static func endFrame(_ folder: TemporaryFolder, _ extra: [String] = []) throws -> (BinaryRunner.Result, String?) {
        let out = folder.file("end.svg")
        let r = try BinaryRunner.run(["export", "--profile-dir", folder.url.path, "--format", "svg", "--progress", "1",
                                      "--out", out.path] + extra)
        let text = try? String(contentsOf: out, encoding: .utf8)
        let d = text?.components(separatedBy: " d=\"").dropFirst().first?.components(separatedBy: "\"").first
        return (r, d)
    }

    static func ball(yFactor: Double) throws -> String {
        let r = try BinaryRunner.run(["model", "--name", "ball", "--set", "yFactor=\(yFactor)"])
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("joint used when it converged and is at least as close; two-stage when it is farther or failed")
    func choice() throws {
        let cases: [(rows: [String], end: Double, reason: String)] = [
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_ftol"),
              Self.row("joint", end: 0.7, distance: 0.5, status: "converged_xtol")], 0.7,
             "timings: joint (converged_xtol; distance_rms 0.5 ≤ two-stage 0.7)"),
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_ftol"),
              Self.row("joint", end: 0.7, distance: 0.9, status: "converged_ftol")], 0.8,
             "timings: two-stage (its distance_rms 0.7 < joint 0.9)"),
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_ftol"),
              Self.row("joint", end: 0.7, distance: 0.5, status: "max_evaluations")], 0.8,
             "timings: two-stage (the joint fit did not converge: max_evaluations)"),
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_gtol")], 0.8,
             "timings: two-stage (fit-profile ran without --joint)"),
        ]
        for c in cases {
            let folder = try Self.folder(c.rows)
            let (r, d) = try Self.endFrame(folder)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.split(separator: "\n").first.map(String.init) == c.reason)
            #expect(d == (try Self.ball(yFactor: c.end)), "\(c.reason)")
        }
    }

    @Test("a chosen timing that did not converge: exit 1, one line naming parameter, method, status and the alternative; nothing written")
    func refusal() throws {
        let cases: [(rows: [String], extra: [String], message: String)] = [
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_ftol"),
              Self.row("joint", end: 0.7, distance: 0.5, status: "max_evaluations")], ["--method", "joint"],
             "the joint timing of yFactor did not converge (max_evaluations); use --method two-stage"),
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "max_evaluations"),
              Self.row("joint", end: 0.7, distance: 0.9, status: "converged_ftol")], [],
             "the two-stage timing of yFactor did not converge (max_evaluations); use --method joint"),
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "max_evaluations")], [],
             "the two-stage timing of yFactor did not converge (max_evaluations); fit the profile again"),
        ]
        for c in cases {
            let folder = try Self.folder(c.rows)
            let before = try folder.contents()
            let (r, d) = try Self.endFrame(folder, c.extra)
            #expect(r.status == 1)
            #expect(r.errorLines.count == 1, "\(r.stderr)")
            #expect(r.stderr.contains("timing.csv: " + c.message), "\(r.stderr)")
            #expect(d == nil)
            #expect(try folder.contents() == before)
        }
    }

    @Test("two-stage timings rest on the keyframe fits: one that did not converge refuses them, naming the keyframe")
    func failedKeyframe() throws {
        let cases: [(rows: [String], extra: [String], message: String)] = [
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_ftol"),
              Self.row("joint", end: 0.7, distance: 0.5, status: "converged_ftol")], ["--method", "two-stage"],
             "profile.csv line 3 (b.svg): that keyframe's fit did not converge (max_evaluations) and the two-stage timings are fitted to it; use --method joint"),
            ([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_ftol")], [],
             "profile.csv line 3 (b.svg): that keyframe's fit did not converge (max_evaluations) and the two-stage timings are fitted to it; fit the profile again"),
        ]
        for c in cases {
            let folder = try Self.folder(c.rows, keyframeStatus: "max_evaluations")
            let (r, d) = try Self.endFrame(folder, c.extra)
            #expect(r.status == 1 && r.errorLines.count == 1 && d == nil, "\(r.stderr)")
            #expect(r.stderr.contains(c.message), "\(r.stderr)")
        }
        // The joint fit does not rest on them: its export goes on.
        let folder = try Self.folder([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_ftol"),
                                      Self.row("joint", end: 0.7, distance: 0.5, status: "converged_ftol")], keyframeStatus: "max_evaluations")
        let (r, d) = try Self.endFrame(folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(d == (try Self.ball(yFactor: 0.7)))
    }

    @Test("a parameter with two rows of one method is refused naming the line")
    func duplicateRow() throws {
        let folder = try Self.folder([Self.row("two-stage", end: 0.8, distance: 0.7, status: "converged_ftol"),
                                      Self.row("two-stage", end: 0.7, distance: 0.7, status: "converged_ftol")])
        let (r, _) = try Self.endFrame(folder)
        #expect(r.status == 1)
        #expect(r.stderr.contains("timing.csv line 3") && r.stderr.contains("a second two-stage row for 'yFactor'"), "\(r.stderr)")
    }
}
