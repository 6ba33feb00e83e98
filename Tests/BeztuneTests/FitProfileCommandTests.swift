import Foundation
import DataFiles
import Render
import Testing
import _TestSupport

@Suite("beztune fit-profile")
struct FitProfileCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let contract = ["parameter", "start", "end", "timing", "x1", "y1", "x2", "y2", "omega", "zeta", "v0", "rms"]

    /// Keyframes drawn by the ball itself (`beztune model`: yFactor 1 → 0.8, topYFactor 1 → 0.6
    /// through `timing`) as path-data files, and their manifest; returns the manifest's path.
    func ballKeyframes(in folder: TemporaryFolder, timing: String, progress: [Double]) throws -> String {
        var manifest = "progress,file,note\n"
        for (i, x) in progress.enumerated() {
            let r = try BinaryRunner.run(["model", "--name", "ball", "--set", "yFactor=0.8", "--set", "topYFactor=0.6",
                                          "--timing", timing, "--progress", String(x)])
            #expect(r.status == 0, "\(r.stderr)")
            try r.stdout.write(to: folder.file("k\(i).path"), atomically: true, encoding: .utf8)
            manifest += "\(x),k\(i).path,keyframe \(i)\n"
        }
        try manifest.write(to: folder.file("keys.csv"), atomically: true, encoding: .utf8)
        return folder.file("keys.csv").path
    }

    func value(_ table: CSVTable, _ row: Int, _ column: String) throws -> Double {
        try table.double(row: row, column: table.columnIndex(column))
    }

    @Test("a cubic-bezier profile drawn by the ball: control points to 1e-6, two-stage and joint; every output")
    func cubicBezier() throws {
        let folder = try TemporaryFolder()
        let manifest = try ballKeyframes(in: folder, timing: "cubic-bezier(0.3,0.1,0.2,1)", progress: (0...10).map { Double($0) / 10 })
        let out = folder.file("out").path
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", manifest, "--model", "ball", "--free", "yFactor,topYFactor",
                                      "--timing", "cubic-bezier", "--joint", "--samples", "120", "--out", out, "--size", "200x200"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.contains("two-stage") && r.stdout.contains("joint") && r.stdout.contains("x1="))
        let timing = try CSVTable(contentsOf: folder.file("out/timing.csv"))
        #expect(Array(timing.header.prefix(12)) == Self.contract)
        #expect(timing.header.contains("method") && timing.header.contains("x1_stderr"))
        #expect(timing.rows.count == 4)
        let truth: [String: [Double]] = ["yFactor": [1, 0.8, 0.3, 0.1, 0.2, 1], "topYFactor": [1, 0.6, 0.3, 0.1, 0.2, 1]]
        var methods: [String] = []
        for row in timing.rows.indices {
            let name = timing.string(row: row, column: 0)
            methods.append(timing.string(row: row, column: try timing.columnIndex("method")))
            #expect(timing.string(row: row, column: 3) == "cubic-bezier")
            for (k, column) in ["start", "end", "x1", "y1", "x2", "y2"].enumerated() {
                #expect(abs(try value(timing, row, column) - truth[name]![k]) <= 1e-6, "\(name) \(column)")
            }
            for column in ["omega", "zeta", "v0", "omega_stderr"] {
                #expect(timing.string(row: row, column: try timing.columnIndex(column)).isEmpty)
            }
            #expect(try value(timing, row, "rms") < 1e-8)
        }
        #expect(methods == ["two-stage", "two-stage", "joint", "joint"])

        let profile = try CSVTable(contentsOf: folder.file("out/profile.csv"))
        #expect(profile.header == ["progress", "yFactor", "yFactor_stderr", "yFactor_timing", "yFactor_joint",
                                   "topYFactor", "topYFactor_stderr", "topYFactor_timing", "topYFactor_joint",
                                   "fit_rms", "profile_rms", "joint_rms", "status", "file",
                                   "pixels_per_unit", "profile_max", "profile_rms_px", "profile_max_px",
                                   "joint_max", "joint_rms_px", "joint_max_px"])
        #expect(profile.rows.count == 11)
        #expect(try value(profile, 10, "progress") == 1)
        #expect(profile.string(row: 10, column: 13) == "k10.path")
        let (fitted, curve) = (try value(profile, 5, "topYFactor"), try value(profile, 5, "topYFactor_timing"))
        #expect(abs(fitted - curve) < 1e-8)

        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.file("out/frames").path).sorted()
        #expect(frames == (0...10).map { String(format: "frame_%04d.png", $0) })
        let frame = try RasterImage(png: Data(contentsOf: folder.file("out/frames/frame_0003.png")))
        #expect(frame.width == 200 && frame.height == 200)
        let chart = try RasterImage(png: Data(contentsOf: folder.file("out/profile.png")))
        #expect(chart.width == 800 && chart.height == 640)  // one 320-pixel panel per parameter
        _ = try RasterImage(png: Data(contentsOf: folder.file("out/contact.png")))
    }

    @Test("a spring profile drawn by the ball: omega, zeta, v0 to 1e-6; keyframes and linear timings")
    func springAndOthers() throws {
        let folder = try TemporaryFolder()
        let manifest = try ballKeyframes(in: folder, timing: "spring(10,0.4)", progress: (0...12).map { Double($0) / 12 })
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", manifest, "--free", "yFactor,topYFactor", "--timing", "spring",
                                      "--joint", "--samples", "120", "--out", folder.file("spring").path])
        #expect(r.status == 0, "\(r.stderr)")
        let timing = try CSVTable(contentsOf: folder.file("spring/timing.csv"))
        #expect(timing.rows.count == 4)
        for row in timing.rows.indices {
            #expect(timing.string(row: row, column: 3) == "spring")
            for (column, truth) in [("omega", 10.0), ("zeta", 0.4), ("v0", 0)] {
                #expect(abs(try value(timing, row, column) - truth) <= 1e-6, "\(column)")
            }
            #expect(timing.string(row: row, column: try timing.columnIndex("x1")).isEmpty)
        }
        // Keyframes: the curve through the keyframe values, rms 0, no timing parameters.
        let k = try BinaryRunner.run(["fit-profile", "--keyframes", manifest, "--free", "yFactor,topYFactor", "--timing", "keyframes",
                                      "--samples", "60", "--out", folder.file("keyframes").path])
        #expect(k.status == 0, "\(k.stderr)")
        let kt = try CSVTable(contentsOf: folder.file("keyframes/timing.csv"))
        #expect(kt.rows.count == 2 && kt.rows.allSatisfy { $0[3] == "keyframes" && $0[11] == "0" && $0[4...10].allSatisfy(\.isEmpty) })
        let l = try BinaryRunner.run(["fit-profile", "--keyframes", manifest, "--free", "yFactor", "--timing", "linear",
                                      "--samples", "60", "--out", folder.file("linear").path])
        #expect(l.status == 0, "\(l.stderr)")
        let lt = try CSVTable(contentsOf: folder.file("linear/timing.csv"))
        #expect(lt.rows.count == 1 && lt.rows[0][3] == "linear")
        #expect(try value(lt, 0, "rms") > 1e-3)
    }

    @Test("the example press (a membrane model, not the ball) fits with every output")
    func example() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", Self.root.appendingPathComponent("examples/squash-keyframes.csv").path,
                                      "--model", "ball", "--free", "yFactor,topYFactor,xFactor", "--timing", "cubic-bezier",
                                      "--samples", "240", "--out", folder.file("press").path])
        #expect(r.status == 0, "\(r.stderr)")
        let timing = try CSVTable(contentsOf: folder.file("press/timing.csv"))
        #expect(timing.rows.map { $0[0] } == ["yFactor", "topYFactor", "xFactor"])
        // The press flattens the top (topYFactor < 1) and widens the ball (xFactor > 1).
        #expect(try value(timing, 1, "end") < 0.8)
        #expect(try value(timing, 2, "end") > 1.2)
        for row in timing.rows.indices {
            let x1 = try value(timing, row, "x1"), x2 = try value(timing, row, "x2")
            #expect(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1)
        }
        let profile = try CSVTable(contentsOf: folder.file("press/profile.csv"))
        #expect(profile.rows.count == 9)
    }

    /// Runs a failing command and checks one line on stderr and that `out` was not created.
    func expectRefused(_ arguments: [String], out: URL, status: Int32, mentioning fragments: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try BinaryRunner.run(["fit-profile"] + arguments + ["--out", out.path])
        expectFailure(r, status: status, mentioning: fragments, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: out.path), "no output folder", sourceLocation: sourceLocation)
    }

    @Test("bad manifests and options: one-line errors naming the row, exit 1 (files) or 2 (usage), nothing written")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let manifest = try ballKeyframes(in: folder, timing: "ease", progress: [0, 0.2, 0.4, 0.6, 0.8, 1])
        let out = folder.file("out")
        func write(_ text: String) throws -> String {
            try text.write(to: folder.file("bad.csv"), atomically: true, encoding: .utf8)
            return folder.file("bad.csv").path
        }
        let rows = ["0,k0.path", "0.2,k1.path", "0.4,k2.path", "0.6,k3.path", "0.8,k4.path", "1,k5.path"]
        func manifestWith(_ change: (inout [String]) -> Void, header: String = "progress,file") throws -> String {
            var r = rows
            change(&r)
            return try write(([header] + r).joined(separator: "\n") + "\n")
        }
        try expectRefused(["--keyframes", try manifestWith({ _ in }, header: "time,file")], out: out, status: 1,
                          mentioning: ["bad.csv", "missing column 'progress'"])
        try expectRefused(["--keyframes", try manifestWith { $0[2] = "0.4,missing.svg" }], out: out, status: 1,
                          mentioning: ["bad.csv line 4", "missing.svg", "does not exist"])
        try expectRefused(["--keyframes", try manifestWith { $0[3] = "0.2,k3.path" }], out: out, status: 1,
                          mentioning: ["bad.csv line 5 (k3.path)", "progress 0.2 repeats", "line 3 (k1.path)"])
        try expectRefused(["--keyframes", try manifestWith { $0[4] = "1.5,k4.path" }], out: out, status: 1,
                          mentioning: ["bad.csv line 6 (k4.path)", "progress 1.5 is outside [0, 1]"])
        try expectRefused(["--keyframes", try manifestWith { $0[1] = "nan,k1.path" }], out: out, status: 1,
                          mentioning: ["bad.csv line 3 (k1.path)", "progress nan is outside [0, 1]"])
        try expectRefused(["--keyframes", try manifestWith { $0[1] = "soon,k1.path" }], out: out, status: 1,
                          mentioning: ["bad.csv line 3", "'soon' is not a number"])
        try expectRefused(["--keyframes", try manifestWith { $0.removeLast() }], out: out, status: 1,
                          mentioning: ["bad.csv", "5 keyframes", "cubic-bezier", "6 unknowns", "give at least 6 keyframes"])
        try expectRefused(["--keyframes", try manifestWith { $0 = Array($0.prefix(4)) }, "--timing", "spring"], out: out, status: 1,
                          mentioning: ["4 keyframes", "spring", "give at least 5 keyframes"])
        try "not a path".write(to: folder.file("junk.path"), atomically: true, encoding: .utf8)
        try expectRefused(["--keyframes", try manifestWith { $0[2] = "0.4,junk.path" }], out: out, status: 1,
                          mentioning: ["bad.csv line 4 (junk.path)", "invalid path data"])
        try expectRefused(["--keyframes", manifest, "--timing", "bounce"], out: out, status: 2,
                          mentioning: ["'bounce'", "--timing", "cubic-bezier, spring, linear, keyframes"])
        try expectRefused(["--keyframes", manifest, "--timing", "keyframes", "--joint"], out: out, status: 2,
                          mentioning: ["--joint needs a timing with unknowns"])
        try expectRefused(["--keyframes", manifest, "--free", "yFactor,wobble"], out: out, status: 2,
                          mentioning: ["unknown parameter 'wobble'"])
        try expectRefused(["--keyframes", folder.file("none.csv").path], out: out, status: 1, mentioning: ["none.csv"])
        let missing = try BinaryRunner.run(["fit-profile", "--out", out.path])
        expectFailure(missing, status: 2, mentioning: ["missing --keyframes MANIFEST"])
    }
}
