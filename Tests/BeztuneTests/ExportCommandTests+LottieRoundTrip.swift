import DataFiles
import Foundation
import Testing
import _TestSupport

/// Issue 24's round trip: what `export` writes, `fit-profile --lottie`, `fit --frame` and
/// `fit --select` read back to the fitted profile.
extension ExportCommandTests {
    /// cubic-bezier(c[0], c[1], c[2], c[3]) at `x` (``ReferenceEasing/cubicBezier(x1:y1:x2:y2:at:)``).
    static func cubicBezier(_ c: [Double], at x: Double) -> Double {
        ReferenceEasing.cubicBezier(x1: c[0], y1: c[1], x2: c[2], y2: c[3], at: x)
    }

    /// timing.csv's cubic-bezier rows by parameter: start, end and (x1, y1, x2, y2).
    func cubicBezierTimings(_ file: URL) throws -> [String: (start: Double, end: Double, curve: [Double])] {
        let t = try CSVTable(contentsOf: file)
        var out: [String: (start: Double, end: Double, curve: [Double])] = [:]
        for row in t.rows.indices {
            func value(_ name: String) throws -> Double { try t.double(row: row, column: t.columnIndex(name)) }
            #expect(t.rows[row][try t.columnIndex("timing")] == "cubic-bezier")
            out[t.rows[row][try t.columnIndex("parameter")]] = (try value("start"), try value("end"),
                                                                try ["x1", "y1", "x2", "y2"].map(value))
        }
        return out
    }

    @Test("""
        Lottie round trip: a fitted cubic-bezier profile exported as Lottie is read back by fit-profile --lottie \
        (timing curves within 1e-3, trajectories within 2D, D the export's keyframe deviation) and fit --frame \
        (a keyframe to 1e-10, a frame between keyframes within 2D); its svg frames by fit --select to 1e-10
        """)
    func lottieRoundTrip() throws {
        let folder = try fittedProfile(intervals: 8, ["--free", "yFactor,topYFactor", "--timing", "cubic-bezier",
                                                      "--samples", "120", "--size", "32x32", "--out", "profile"]).folder
        let fitted = try cubicBezierTimings(folder.file("profile/timing.csv"))
        #expect(fitted.keys.sorted() == ["topYFactor", "yFactor"])
        /// The fitted profile's value of `parameter` at progress x.
        func trajectory(_ parameter: String, _ x: Double) throws -> Double {
            let t = try #require(fitted[parameter])
            return t.start + (t.end - t.start) * Self.cubicBezier(t.curve, at: x)
        }

        // The export: D is its largest deviation from the model, as a fraction of the size.
        let e = try run(["export", "--profile-dir", "profile", "--format", "lottie", "--out", "anim.json"], in: folder)
        #expect(e.status == 0, "\(e.stderr)")
        let words = e.stdout.split(separator: " ")
        let within = try #require(words.firstIndex(of: "within"), "\(e.stdout)")
        let deviation = try #require(Double(words[within + 1]), "\(e.stdout)")
        #expect(deviation > 0 && deviation <= 1e-3, "\(e.stdout)")
        // An outline within D of the size (2r) has each point within 2D·r of the model's; each
        // factor moves an anchor by at least r per unit (yFactor the side anchors, topYFactor the
        // top), so a factor read back from it is off by about 2D at most.
        let parameterTolerance = 2 * deviation

        // The layer's position places the model's origin (its bottom point) in the composition:
        // Lottie is y-down, model space y-up, so the pose is tx = p.x, ty = −p.y.
        let lottie = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("anim.json"))) as? [String: Any])
        let layer = try #require((lottie["layers"] as? [[String: Any]])?.first)
        let position = try #require(((layer["ks"] as? [String: Any])?["p"] as? [String: Any])?["k"] as? [Double])
        let pose = ["--set", "tx=\(position[0])", "--set", "ty=\(-position[1])"]
        #expect(lottie["fr"] as? Double == 60 && lottie["op"] as? Double == 60)
        let text = try String(contentsOf: folder.file("anim.json"), encoding: .utf8)
        #expect(text.contains("{\"t\":30,") && !text.contains("{\"t\":11,"), "frame 30 is a keyframe (progress 0.5), 11 is not")

        // fit-profile --lottie on every third frame, keyframes and frames between them.
        let back = try run(["fit-profile", "--lottie", "anim.json", "--frames", "0:60:3", "--free", "yFactor,topYFactor",
                            "--timing", "cubic-bezier", "--size", "32x32", "--out", "back"] + pose, in: folder)
        #expect(back.status == 0, "\(back.stderr)")
        let recovered = try cubicBezierTimings(folder.file("back/timing.csv"))
        #expect(recovered.keys.sorted() == fitted.keys.sorted())
        var worstCurve = 0.0, worstValue = 0.0
        for (name, a) in fitted {
            let b = try #require(recovered[name])
            for i in 0...1000 {
                let x = Double(i) / 1000
                let (ya, yb) = (Self.cubicBezier(a.curve, at: x), Self.cubicBezier(b.curve, at: x))
                worstCurve = max(worstCurve, abs(ya - yb))
                worstValue = max(worstValue, abs((a.start + (a.end - a.start) * ya) - (b.start + (b.end - b.start) * yb)))
            }
        }
        #expect(worstCurve <= 1e-3, "timing curves read back \(worstCurve) apart")

        // Without pose options: the pose is found on the first frame and shared, the layer's
        // position to 1e-9, and the same timings as with the pose given.
        let found = try run(["fit-profile", "--lottie", "anim.json", "--frames", "0:60:3", "--free", "yFactor,topYFactor",
                             "--timing", "cubic-bezier", "--size", "32x32", "--out", "found"], in: folder)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("pose_found"), "\(found.stdout)")
        let settings = try String(contentsOf: folder.file("found/settings.csv"), encoding: .utf8)
        for (name, want) in [("poseX", position[0]), ("poseY", -position[1])] {
            let line = try #require(settings.split(separator: "\n").first { $0.hasPrefix("set,\(name)=") }, "\(settings)")
            let got = try #require(Double(line.dropFirst("set,\(name)=".count)))
            #expect(abs(got - want) <= 1e-9, "\(name) \(got), the layer's \(want)")
        }
        let withoutPose = try cubicBezierTimings(folder.file("found/timing.csv"))
        for (name, a) in recovered {
            let b = try #require(withoutPose[name])
            for (x, y) in zip(a.curve + [a.start, a.end], b.curve + [b.start, b.end]) { #expect(abs(x - y) <= 1e-6, "\(name): \(a) and \(b)") }
        }
        #expect(worstValue <= parameterTolerance, "trajectories read back \(worstValue) apart (tolerance \(parameterTolerance))")

        // fit --frame: frame 30 is a keyframe, the model itself; frame 11 lies between keyframes.
        for (frame, tolerance) in [(30, 1e-10), (11, parameterTolerance)] {
            let f = try run(["fit", "--target", "anim.json", "--frame", "\(frame)", "--free", "yFactor,topYFactor",
                             "--csv", "f\(frame).csv"] + pose, in: folder)
            #expect(f.status == 0, "\(f.stderr)")
            let t = try CSVTable(contentsOf: folder.file("f\(frame).csv"))
            for name in ["yFactor", "topYFactor"] {
                let got = try t.double(row: 0, column: t.columnIndex(name)), want = try trajectory(name, Double(frame) / 60)
                #expect(abs(got - want) <= tolerance, "frame \(frame) \(name): \(got) against the profile's \(want)")
            }
        }

        // The svg export's frames are the model at each frame: fit --select frame-NNNN reads them back.
        let s = try run(["export", "--profile-dir", "profile", "--format", "svg", "--out", "frames.svg"], in: folder)
        #expect(s.status == 0, "\(s.stderr)")
        for frame in [11, 30, 47] {
            let id = String(format: "frame-%04d", frame)
            let f = try run(["fit", "--target", "frames.svg", "--select", id, "--free", "yFactor,topYFactor", "--csv", "\(id).csv"], in: folder)
            #expect(f.status == 0, "\(f.stderr)")
            let t = try CSVTable(contentsOf: folder.file("\(id).csv"))
            for name in ["yFactor", "topYFactor"] {
                let got = try t.double(row: 0, column: t.columnIndex(name)), want = try trajectory(name, Double(frame) / 60)
                #expect(abs(got - want) <= 1e-10, "\(id) \(name): \(got) against the profile's \(want)")
            }
        }
        print("lottie round trip: export deviation \(deviation) of the size; timing curves \(worstCurve) apart, trajectories \(worstValue)")
    }
}
