import DataFiles
import Foundation
import Testing
import _TestSupport

/// `beztune export`, `fit-profile`'s settings.csv and platform springs, replaying a profile with
/// `frames --profile-dir`, and the pose in `model`: the binary run as a user runs it.
@Suite("beztune export and replay")
struct ExportCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let timingContract = ["parameter", "start", "end", "timing", "x1", "y1", "x2", "y2", "omega", "zeta", "v0", "rms"]
    static let timingExtras = ["method", "start_stderr", "end_stderr", "x1_stderr", "y1_stderr", "x2_stderr", "y2_stderr",
                               "omega_stderr", "zeta_stderr", "v0_stderr", "reduced_chi2", "distance_rms", "status"]
    static let springColumns = ["duration", "ca_mass", "ca_stiffness", "ca_damping", "ca_initial_velocity", "ca_settling_duration",
                                "swiftui_response", "swiftui_damping_fraction", "swiftui_duration", "swiftui_bounce",
                                "android_stiffness", "android_damping_ratio"]

    func run(_ arguments: [String], in folder: TemporaryFolder) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: folder.url)
    }

    /// The numbers of SVG path data, in order.
    func numbers(_ pathData: some StringProtocol) -> [Double] {
        pathData.split(whereSeparator: { " ,MCLZmclz".contains($0) }).compactMap { Double($0) }
    }

    /// The `d` attribute of the `<path id="ID">` in an SVG document.
    func pathData(_ svg: String, id: String) -> String? {
        guard let start = svg.range(of: "<path id=\"\(id)\" d=\"") else { return nil }
        return svg[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    func expectClose(_ a: [Double], _ b: [Double], relative: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.count == b.count && !a.isEmpty, "\(what): \(a.count) against \(b.count) numbers", sourceLocation: sourceLocation)
        let scale = max(1, b.map(abs).max() ?? 1)
        for (x, y) in zip(a, b) {
            #expect(abs(x - y) <= relative * scale, "\(what): \(x) against \(y)", sourceLocation: sourceLocation)
        }
    }

    /// Keyframes drawn by the ball itself (`beztune model`: yFactor 1 → 0.8, topYFactor 1 → 0.6
    /// through `timing`) as path-data files, and their manifest (`keys.csv`).
    func ballKeyframes(in folder: TemporaryFolder, timing: String, progress: [Double]) throws {
        var manifest = "progress,file\n"
        for (i, x) in progress.enumerated() {
            let r = try run(["model", "--name", "ball", "--set", "yFactor=0.8", "--set", "topYFactor=0.6",
                             "--timing", timing, "--progress", String(x)], in: folder)
            #expect(r.status == 0, "\(r.stderr)")
            try r.stdout.write(to: folder.file("k\(i).path"), atomically: true, encoding: .utf8)
            manifest += "\(x),k\(i).path\n"
        }
        try manifest.write(to: folder.file("keys.csv"), atomically: true, encoding: .utf8)
    }

    /// A fresh folder holding ``ballKeyframes(in:timing:progress:)`` at `intervals` + 1 evenly
    /// spaced progress values (cubic-bezier(0.3,0.1,0.2,1) unless `timing` says otherwise) and
    /// what `fit-profile --keyframes keys.csv` with `arguments` wrote; the run succeeded.
    func fittedProfile(timing: String = "cubic-bezier(0.3,0.1,0.2,1)", intervals: Int,
                       _ arguments: [String]) throws -> (folder: TemporaryFolder, run: BinaryRunner.Result) {
        let folder = try TemporaryFolder()
        try ballKeyframes(in: folder, timing: timing, progress: (0...intervals).map { Double($0) / Double(intervals) })
        let r = try run(["fit-profile", "--keyframes", "keys.csv"] + arguments, in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        return (folder, r)
    }

    /// The number written as `"name": NUMBER` in a JSON text, read by Swift's correctly rounded
    /// `Double(String)` (Foundation's JSON parser on Linux is not correctly rounded).
    func jsonNumber(_ text: some StringProtocol, _ name: String) -> Double? {
        guard let r = text.range(of: "\"\(name)\": ") else { return nil }
        return Double(text[r.upperBound...].prefix { "0123456789.eE+-".contains($0) })
    }

    func column(_ table: CSVTable, _ name: String) throws -> [Double] {
        let c = try table.columnIndex(name)
        return try table.rows.indices.map { try table.double(row: $0, column: c, allowNonFinite: true) }
    }

    // MARK: - model and the pose

    @Test("model --set tx, ty, scale, rotation: P′ = t + s·R(θ)·P, flipped into SVG space, at every progress")
    func modelPose() throws {
        let folder = try TemporaryFolder()
        let plain = try run(["model", "--name", "ball", "--format", "csv"], in: folder)
        let posed = try run(["model", "--name", "ball", "--set", "tx=10", "--set", "ty=20", "--set", "scale=2",
                             "--set", "rotation=0.5", "--format", "csv"], in: folder)
        #expect(plain.status == 0 && posed.status == 0, "\(posed.stderr)")
        let p = try CSVTable(parsing: plain.stdout, source: "plain"), q = try CSVTable(parsing: posed.stdout, source: "posed")
        let (x, y, u, v) = (try column(p, "x"), try column(p, "y"), try column(q, "x"), try column(q, "y"))
        #expect(x.count == 13 && u.count == 13)
        let (c, s) = (cos(0.5), sin(0.5))
        for i in x.indices {
            #expect(abs(u[i] - (10 + 2 * (c * x[i] - s * y[i]))) <= 1e-12 * 200)
            #expect(abs(v[i] - (20 + 2 * (s * x[i] + c * y[i]))) <= 1e-12 * 200)
        }
        // The model's own names do the same; the pose holds at progress 0 too.
        let named = try run(["model", "--name", "ball", "--set", "poseX=10", "--set", "poseY=20", "--set", "poseScale=2",
                             "--set", "poseRotation=0.5", "--format", "csv"], in: folder)
        #expect(named.stdout == posed.stdout)
        let start = try run(["model", "--name", "ball", "--set", "tx=10", "--set", "yFactor=0.5", "--progress", "0", "--y-up"], in: folder)
        #expect(start.stdout.hasPrefix("M10 0 "), "\(start.stdout)")
    }

    @Test("export --model with --set and a pose writes the outline 'beztune model' prints, in SVG space")
    func stillShape() throws {
        let folder = try TemporaryFolder()
        let set = ["--set", "yFactor=0.8", "--set", "topYFactor=0.6", "--set", "tx=100", "--set", "ty=-200", "--set", "rotation=0.25"]
        let r = try run(["export", "--model", "ball", "--format", "svg", "--out", "ball.svg"] + set, in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "wrote ball.svg (svg, one outline, 1 s)\n")
        let svg = try String(contentsOf: folder.file("ball.svg"), encoding: .utf8)
        let model = try run(["model", "--name", "ball"] + set, in: folder)
        #expect(pathData(svg, id: "outline") == model.stdout.trimmingCharacters(in: .newlines))
    }

    // MARK: - fit results

    @Test("export --fit: a posed fit's values and standard errors, the outline the model draws at them; a batch row")
    func fitResult() throws {
        let folder = try TemporaryFolder()
        let target = Self.root.appendingPathComponent("examples/squash-0.5.svg").path
        let free = "xFactor,yFactor,topYFactor,tx,ty"
        let f = try run(["fit", "--target", target, "--free", free, "--csv", "fit.csv"], in: folder)
        #expect(f.status == 0, "\(f.stderr)")
        let csv = try CSVTable(contentsOf: folder.file("fit.csv"))
        let names = free.split(separator: ",").map(String.init)
        let values = try names.map { try column(csv, $0)[0] }
        let errors = try names.map { try column(csv, $0 + "_stderr")[0] }

        let j = try run(["export", "--fit", "fit.csv", "--free", free, "--format", "json", "--out", "fit.json"], in: folder)
        #expect(j.status == 0, "\(j.stderr)")
        let document = try String(contentsOf: folder.file("fit.json"), encoding: .utf8)
        #expect(document.contains("\"format\": \"beztune-animation\""))
        #expect(document.contains("\"model\": \"ball\""))
        let parts = document.components(separatedBy: "\"standardErrors\"")
        #expect(parts.count == 2)
        let modelNames = ["xFactor", "yFactor", "topYFactor", "poseX", "poseY"]
        for (k, name) in modelNames.enumerated() {
            #expect(jsonNumber(parts[0], name) == values[k], "\(name)")
            #expect(jsonNumber(parts[1], name) == errors[k], "\(name) standard error")
        }
        #expect(jsonNumber(parts[0], "radius") == 50)

        let s = try run(["export", "--fit", "fit.csv", "--free", free, "--format", "svg", "--out", "fit.svg"], in: folder)
        #expect(s.status == 0, "\(s.stderr)")
        let svg = try String(contentsOf: folder.file("fit.svg"), encoding: .utf8)
        let sets = zip(["xFactor", "yFactor", "topYFactor", "tx", "ty"], values).flatMap { ["--set", "\($0)=\($1)"] }
        let model = try run(["model", "--name", "ball"] + sets, in: folder)
        #expect(pathData(svg, id: "outline") == model.stdout.trimmingCharacters(in: .newlines))

        // A batch CSV: the manifest's columns pass over; --row picks the data row.
        let header = "file,note,xFactor,yFactor,topYFactor,k,xFactor_stderr,yFactor_stderr,topYFactor_stderr,k_stderr,rms,status\n"
        let batch = header + "a.svg,first,1.1,0.9,0.8,0.55,0.01,0.02,0.03,nan,1,converged_ftol\n"
            + "b.svg,second,1.2,0.7,0.6,0.56,0.04,0.05,0.06,0.07,1,converged_ftol\n"
        try batch.write(to: folder.file("batch.csv"), atomically: true, encoding: .utf8)
        let b = try run(["export", "--fit", "batch.csv", "--row", "2", "--format", "json", "--out", "row2.json"], in: folder)
        #expect(b.status == 0, "\(b.stderr)")
        let row2 = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("row2.json"))) as? [String: Any])
        let p2 = try #require(row2["parameters"] as? [String: Double])
        #expect(p2["xFactor"] == 1.2 && p2["yFactor"] == 0.7 && p2["topYFactor"] == 0.6 && p2["k"] == 0.56)
        #expect((row2["standardErrors"] as? [String: Double])?["k"] == 0.07)
        let b1 = try run(["export", "--fit", "batch.csv", "--row", "1", "--format", "json", "--out", "row1.json"], in: folder)
        #expect(b1.status == 0, "\(b1.stderr)")
        let row1 = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("row1.json"))) as? [String: Any])
        #expect((row1["standardErrors"] as? [String: Any])?["k"] is NSNull, "a nan standard error is null")
    }

    // MARK: - profiles: settings, springs, replay, every format

    @Test("fit-profile --timing spring --duration: settings.csv, timing.csv's columns unmoved, springs in platform terms by closed forms")
    func springProfile() throws {
        let duration = 0.5
        let (folder, r) = try fittedProfile(timing: "spring(10,0.4)", intervals: 12,
                                            ["--free", "yFactor,topYFactor", "--timing", "spring", "--joint", "--samples", "120",
                                             "--duration", String(duration), "--size", "64x64", "--out", "spring"])
        #expect(r.stdout.contains("springs over 0.5 s (--duration):"))
        #expect(r.stdout.contains("wrote profile.csv, timing.csv, settings.csv, 13 frames, contact.png and profile.png to spring"))

        let settings = try CSVTable(contentsOf: folder.file("spring/settings.csv"))
        #expect(settings.header == ["setting", "value"])
        let pairs = settings.rows.map { ($0[0], $0[1]) }
        for (key, value) in [("model", "ball"), ("free", "yFactor,topYFactor"), ("set", "radius=50"), ("timing", "spring"),
                             ("joint", "true"), ("duration", "0.5"), ("samples", "120"), ("size", "64x64")] {
            #expect(pairs.contains { $0 == (key, value) }, "settings.csv has \(key),\(value)")
        }
        #expect(!pairs.contains { $0.0 == "set" && ($0.1.hasPrefix("yFactor=") || $0.1.hasPrefix("topYFactor=")) }, "free parameters are not held")

        let timing = try CSVTable(contentsOf: folder.file("spring/timing.csv"))
        #expect(timing.header == Self.timingContract + Self.timingExtras + Self.springColumns)
        #expect(timing.rows.count == 4)
        for row in timing.rows.indices {
            func value(_ name: String) throws -> Double { try timing.double(row: row, column: timing.columnIndex(name)) }
            let (omega, zeta, v0) = (try value("omega"), try value("zeta"), try value("v0"))
            let omegaS = omega / duration  // radians per second
            #expect(try value("duration") == duration)
            #expect(try value("ca_mass") == 1)
            #expect(abs(try value("ca_stiffness") - omegaS * omegaS) <= 1e-12 * omegaS * omegaS)
            #expect(abs(try value("ca_damping") - 2 * zeta * omegaS) <= 1e-12 * omegaS)
            #expect(abs(try value("ca_initial_velocity") - v0 / duration) <= 1e-12 * max(1, abs(v0)))
            #expect(abs(try value("swiftui_response") - 2 * Double.pi * duration / omega) <= 1e-12)
            #expect(try value("swiftui_damping_fraction") == zeta)
            #expect(try value("swiftui_duration") == (try value("swiftui_response")))
            #expect(abs(try value("swiftui_bounce") - (1 - zeta)) <= 1e-15)  // ζ ≈ 0.4 < 1
            #expect(try value("android_stiffness") == (try value("ca_stiffness")))
            #expect(try value("android_damping_ratio") == zeta)
            // Our settling duration: the last time the spring released at 0 with velocity v is
            // 1e-3 from its end. Underdamped closed form x(t) = 1 − e^{−ζωt}(cos ω_d t + ((ζω − v)/ω_d) sin ω_d t).
            let settling = try value("ca_settling_duration")
            let wd = omegaS * (1 - zeta * zeta).squareRoot(), v = v0 / duration
            func distance(_ t: Double) -> Double {
                abs(exp(-zeta * omegaS * t) * (cos(wd * t) + (zeta * omegaS - v) / wd * sin(wd * t)))
            }
            #expect(abs(distance(settling) - 1e-3) <= 1e-9, "distance from the end at settlingDuration")
            for i in 1...2000 {
                let t = settling * (1 + Double(i) / 200)
                #expect(distance(t) < 1e-3 + 1e-12, "still 1e-3 away at \(t) s after settling at \(settling) s")
                if distance(t) >= 1e-3 + 1e-12 { break }
            }
        }

        // Replay: at each keyframe's progress the frame's values are profile.csv's, joint by default.
        let profile = try CSVTable(contentsOf: folder.file("spring/profile.csv"))
        for (method, suffix) in [(nil, "_joint"), ("two-stage", "_timing"), ("joint", "_joint")] as [(String?, String)] {
            let out = "replay-\(method ?? "default")"
            let f = try run(["frames", "--profile-dir", "spring", "--count", "13", "--size", "32x32", "--out", out]
                            + (method.map { ["--method", $0] } ?? []), in: folder)
            #expect(f.status == 0, "\(f.stderr)")
            let frames = try CSVTable(contentsOf: folder.file("\(out)/frames.csv"))
            #expect(try column(frames, "progress") == column(profile, "progress"))
            for name in ["yFactor", "topYFactor"] {
                expectClose(try column(frames, name), try column(profile, name + suffix), relative: 1e-12, "\(out) \(name)")
            }
            #expect(try column(frames, "radius").allSatisfy { $0 == 50 })
        }
    }

    @Test("replaying a cubic-bezier profile: export's outlines at each keyframe are the model's at profile.csv's values (1e-12); every format")
    func replayAndFormats() throws {
        let folder = try fittedProfile(intervals: 8, ["--free", "yFactor,topYFactor", "--timing", "cubic-bezier",
                                                      "--samples", "120", "--size", "64x64", "--out", "profile"]).folder
        let profile = try CSVTable(contentsOf: folder.file("profile/profile.csv"))
        let progress = try column(profile, "progress")
        let y = try column(profile, "yFactor_timing"), top = try column(profile, "topYFactor_timing")
        for (j, p) in progress.enumerated() {
            let e = try run(["export", "--profile-dir", "profile", "--format", "svg", "--progress", String(p), "--out", "frame.svg"], in: folder)
            #expect(e.status == 0, "\(e.stderr)")
            #expect(e.stdout.hasPrefix("timings: two-stage (fit-profile ran without --joint)\nwrote frame.svg (svg, the frame at progress "), "\(e.stdout)")
            let svg = try String(contentsOf: folder.file("frame.svg"), encoding: .utf8)
            let model = try run(["model", "--name", "ball", "--set", "yFactor=\(y[j])", "--set", "topYFactor=\(top[j])"], in: folder)
            expectClose(numbers(try #require(pathData(svg, id: "outline"))), numbers(model.stdout), relative: 1e-12, "keyframe \(j)")
        }

        // Every format: one file each, its first lines, and what export says.
        let firstLines: [(String, String, String)] = [
            ("svg", "frames.svg", "<?xml"), ("svg-animated", "anim.svg", "<?xml"), ("css", "squash.css", "/* BezierTune export"),
            ("swift-uikit", "Squash.swift", "// BezierTune export (swift-uikit)"), ("swiftui", "SquashShape.swift", "// BezierTune export (swiftui)"),
            ("lottie", "squash.json", "{"), ("json", "squash.beztune.json", "{"),
        ]
        for (format, file, start) in firstLines {
            let e = try run(["export", "--profile-dir", "profile", "--format", format, "--out", file], in: folder)
            #expect(e.status == 0, "\(format): \(e.stderr)")
            #expect(e.stdout.hasPrefix("timings: two-stage (fit-profile ran without --joint)\nwrote \(file) (\(format)"), "\(format): \(e.stdout)")
            let text = try String(contentsOf: folder.file(file), encoding: .utf8)
            #expect(text.hasPrefix(start), "\(format) starts with \(start): \(text.prefix(80))")
        }
        let frames = try String(contentsOf: folder.file("frames.svg"), encoding: .utf8)
        #expect(pathData(frames, id: "frame-0060") != nil && pathData(frames, id: "frame-0061") == nil, "61 frames at 60 per second over 1 s")
        let lottie = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("squash.json"))) as? [String: Any])
        #expect(lottie["fr"] as? Double == 60 && lottie["op"] as? Double == 60)
        let e = try run(["export", "--profile-dir", "profile", "--format", "lottie", "--fps", "30", "--duration", "2", "--out", "slow.json"], in: folder)
        #expect(e.status == 0, "\(e.stderr)")
        let slow = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("slow.json"))) as? [String: Any])
        #expect(slow["fr"] as? Double == 30 && slow["op"] as? Double == 60)
        // Per-parameter timings: the keyframe formats say how many keyframes keep them within 1e-3.
        let css = try run(["export", "--profile-dir", "profile", "--format", "css", "--out", "again.css"], in: folder)
        #expect(css.stdout.contains(" keyframes within ") && css.stdout.contains("(tolerance 0.001)"), "\(css.stdout)")

        // A looser tolerance: fewer keyframes, still within it.
        func keyframes(_ stdout: String) -> (count: Int, deviation: Double)? {
            let words = stdout.split(separator: " ")
            guard let k = words.firstIndex(of: "keyframes"), k + 2 < words.count,
                  let n = Int(words[k - 1]), let d = Double(words[k + 2]) else { return nil }
            return (n, d)
        }
        let loose = try run(["export", "--profile-dir", "profile", "--format", "css", "--tolerance", "0.01", "--out", "loose.css"], in: folder)
        let tight = try #require(keyframes(css.stdout)), relaxed = try #require(keyframes(loose.stdout))
        #expect(relaxed.count <= tight.count && relaxed.deviation <= 0.01 && tight.deviation <= 0.001, "\(css.stdout) \(loose.stdout)")
        let named = try run(["export", "--profile-dir", "profile", "--format", "swiftui", "--type-name", "PressShape", "--out", "Press.swift"], in: folder)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try String(contentsOf: folder.file("Press.swift"), encoding: .utf8).contains("struct PressShape: Shape {"))

        // The json document plays back as the folder does, and writes itself again unchanged.
        let d = try run(["export", "--document", "squash.beztune.json", "--format", "json", "--out", "again.json"], in: folder)
        #expect(d.status == 0, "\(d.stderr)")
        #expect(try Data(contentsOf: folder.file("again.json")) == Data(contentsOf: folder.file("squash.beztune.json")))
        let viaFolder = try run(["frames", "--profile-dir", "profile", "--count", "5", "--size", "32x32", "--out", "a"], in: folder)
        let viaDocument = try run(["frames", "--document", "squash.beztune.json", "--count", "5", "--size", "32x32", "--out", "b"], in: folder)
        #expect(viaFolder.status == 0 && viaDocument.status == 0, "\(viaFolder.stderr) \(viaDocument.stderr)")
        let a = try CSVTable(contentsOf: folder.file("a/frames.csv")), b = try CSVTable(contentsOf: folder.file("b/frames.csv"))
        #expect(a.header == b.header)
        for name in ["yFactor", "topYFactor"] { expectClose(try column(a, name), try column(b, name), relative: 1e-15, name) }
        // fit refuses the document with one line.
        let fit = try run(["fit", "--target", "squash.beztune.json"], in: folder)
        expectFailure(fit, status: 1, mentioning: ["squash.beztune.json", "a BezierTune animation document", "beztune export --document"])
    }

    @Test("the binary's Lottie export of a fitted profile: schema-valid, and python-lottie at 50 frames (between keyframes) within 1e-3 of the size of the binary's svg frames")
    func lottieAgainstPythonLottie() throws {
        let folder = try fittedProfile(intervals: 8, ["--free", "yFactor,topYFactor", "--timing", "spring",
                                                      "--samples", "120", "--size", "64x64", "--out", "profile"]).folder
        // 49 frames per second over 1 s: Lottie frames 0…49 are the svg export's frames 0…49.
        for (format, file) in [("lottie", "anim.json"), ("svg", "frames.svg")] {
            let e = try run(["export", "--profile-dir", "profile", "--format", format, "--fps", "49", "--out", file], in: folder)
            #expect(e.status == 0, "\(e.stderr)")
        }
        let venv = try BinaryRunner.runTool("/bin/bash", [Self.root.appendingPathComponent("scripts/setup-reference-venv.sh").path])
        let python = venv.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let check = Self.root.appendingPathComponent("Tests/InterchangeTests/Resources/lottie_check.py").path
        let c = try BinaryRunner.runTool(python, [check, folder.file("anim.json").path] + (0...49).map { String($0) })
        #expect(c.status == 0, "lottie_check.py: \(c.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(c.stdout.utf8)) as? [String: Any])
        #expect((result["errors"] as? [Any])?.isEmpty == true, "schema errors: \(result["errors"] ?? "")")
        #expect(result["fr"] as? Double == 49 && result["op"] as? Double == 49)
        let frames = try #require(result["frames"] as? [[[String: Any]]])
        #expect(frames.count == 50)
        let svg = try String(contentsOf: folder.file("frames.svg"), encoding: .utf8)
        let viewBox = numbers(try #require(svg.components(separatedBy: "viewBox=\"").dropFirst().first?.split(separator: "\"").first))
        let size = max(viewBox[2], viewBox[3]) / 1.1  // the viewBox is the box grown by 5 % of the size on each side
        var worst = 0.0
        for (i, subpaths) in frames.enumerated() {
            let d = try #require(pathData(svg, id: String(format: "frame-%04d", i)))
            let expected = numbers(d)
            // Lottie's vertices v with tangents i, o (relative): segment j is v[j], v[j]+o[j], v[j+1]+i[j+1], v[j+1].
            let shape = try #require(subpaths.first)
            let v = try #require(shape["v"] as? [[Double]]), ins = try #require(shape["i"] as? [[Double]])
            let outs = try #require(shape["o"] as? [[Double]])
            var got = v[0]
            for j in v.indices {
                let k = (j + 1) % v.count
                got += [v[j][0] + outs[j][0], v[j][1] + outs[j][1], v[k][0] + ins[k][0], v[k][1] + ins[k][1], v[k][0], v[k][1]]
            }
            #expect(got.count == expected.count, "frame \(i): \(got.count) against \(expected.count) coordinates")
            for q in stride(from: 0, to: min(got.count, expected.count) - 1, by: 2) {
                worst = max(worst, hypot(got[q] - expected[q], got[q + 1] - expected[q + 1]) / size)
            }
        }
        #expect(worst <= 1e-3 * (1 + 1e-6), "python-lottie's frames are \(worst) of the size from the binary's svg frames")
        #expect(worst > 0, "between keyframes the export approximates the model")
        print("export lottie: python-lottie within \(worst) of the size of the svg frames at 50 frames")
    }

    @Test("a hand-written linear profile folder replays its straight line: yFactor 1 → 0.8 is 0.9 at progress 0.5")
    func handWrittenProfile() throws {
        let folder = try TemporaryFolder()
        for (name, text) in ExportBadInputs.linearProfile {
            try FileManager.default.createDirectory(at: folder.file("p"), withIntermediateDirectories: true)
            try text.write(to: folder.file("p/\(name)"), atomically: true, encoding: .utf8)
        }
        let e = try run(["export", "--profile-dir", "p", "--format", "svg", "--progress", "0.5", "--out", "half.svg"], in: folder)
        #expect(e.status == 0, "\(e.stderr)")
        let model = try run(["model", "--name", "ball", "--set", "yFactor=0.9"], in: folder)
        let svg = try String(contentsOf: folder.file("half.svg"), encoding: .utf8)
        expectClose(numbers(try #require(pathData(svg, id: "outline"))), numbers(model.stdout), relative: 1e-15, "progress 0.5")
    }

    @Test("frames --profile-dir P --out P is refused (exit 1, naming fit-profile's file): the folder is fit-profile's, its files the replay's inputs, never removed as stale outputs")
    func replayIntoItsOwnFolder() throws {
        let folder = try fittedProfile(intervals: 6, ["--free", "yFactor", "--timing", "cubic-bezier",
                                                      "--samples", "60", "--size", "32x32", "--out", "p"]).folder
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.file("p").path).sorted()
        let profile = try Data(contentsOf: folder.file("p/profile.csv"))
        let f = try run(["frames", "--profile-dir", "p", "--count", "3", "--size", "32x32", "--out", "p"], in: folder)
        expectFailure(f, status: 1, mentioning: ["p/contact.png", "beztune fit-profile wrote it"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("p").path).sorted() == before)
        #expect(try Data(contentsOf: folder.file("p/profile.csv")) == profile)
    }

    // MARK: - bad input

    @Test("each bad input of export, replay and the pose exits non-zero with one line, leaving no file",
          arguments: ExportBadInputs.rows)
    func badInput(_ row: BadInput) throws {
        try BadInputTable.check(row)
    }
}

enum ExportBadInputs {
    static let usage: Int32 = 2
    static let runtime: Int32 = 1

    /// A minimal valid profile folder: yFactor 1 → 0.8, linear.
    static let linearProfile: [(String, String)] = [
        ("settings.csv", "setting,value\nmodel,ball\nfree,yFactor\nset,radius=50\ntiming,linear\njoint,false\nduration,1\n"),
        ("timing.csv", "parameter,start,end,timing,x1,y1,x2,y2,omega,zeta,v0,rms,method\nyFactor,1,0.8,linear,,,,,,,,0,two-stage\n"),
        ("profile.csv", "progress,yFactor\n0,1\n1,0.8\n"),
    ]

    /// The profile folder `p` without the files named.
    static func profile(without missing: [String] = [], replacing: [String: String] = [:]) -> [BadInput.Fixture] {
        [.folder("p")] + linearProfile.filter { !missing.contains($0.0) }.map { .text("p/\($0.0)", replacing[$0.0] ?? $0.1) }
    }

    static let fitCSV = "xFactor,yFactor,topYFactor,k,xFactor_stderr,yFactor_stderr,topYFactor_stderr,k_stderr,rms,status\n"
    static let twoRows = fitCSV + "1.1,0.9,0.8,0.55,0,0,0,0,1,converged_ftol\n1.2,0.8,0.7,0.55,0,0,0,0,1,converged_ftol\n"
    static let export = ["export", "--model", "ball", "--out", "x.svg"]

    static let rows: [BadInput] = [
        // MARK: export — options
        BadInput("export: unknown format", export + ["--format", "png"], status: usage,
                 mentions: ["--format 'png'", "unknown export format", "svg, svg-animated, css, swift-uikit, swiftui, lottie, json"]),
        BadInput("export: no format", export, status: usage, mentions: ["missing --format FORMAT"]),
        BadInput("export: no output", ["export", "--model", "ball", "--format", "svg"], status: usage, mentions: ["missing --out FILE"]),
        BadInput("export: no input", ["export", "--format", "svg", "--out", "x.svg"], status: usage,
                 mentions: ["missing input", "--model MODEL", "--fit FIT.csv", "--profile-dir DIR", "--document FILE"]),
        BadInput("export: zero duration", export + ["--format", "svg", "--duration", "0"], status: usage, mentions: ["--duration '0'", "positive"]),
        BadInput("export: negative duration", export + ["--format", "svg", "--duration", "-1"], status: usage, mentions: ["--duration '-1'"]),
        BadInput("export: NaN duration", export + ["--format", "svg", "--duration", "nan"], status: usage, mentions: ["--duration 'nan'"]),
        BadInput("export: infinite duration", export + ["--format", "svg", "--duration", "inf"], status: usage, mentions: ["--duration 'inf'"]),
        BadInput("export: frame rate 0", export + ["--format", "svg", "--fps", "0"], status: usage, mentions: ["--fps '0'", "frames per second"]),
        BadInput("export: frame rate above 1000", export + ["--format", "lottie", "--fps", "1001"], status: usage, mentions: ["--fps '1001'"]),
        BadInput("export: NaN frame rate", export + ["--format", "lottie", "--fps", "nan"], status: usage, mentions: ["--fps 'nan'"]),
        BadInput("export: more than a million frames", ["export", "--profile-dir", "p", "--format", "svg", "--fps", "1000", "--duration", "2000", "--out", "x.svg"],
                 files: profile(), status: usage, mentions: ["more than 1000000 frames"]),
        BadInput("export: --progress with css", export + ["--format", "css", "--progress", "0.5"], status: usage,
                 mentions: ["--progress applies to --format svg only"]),
        BadInput("export: progress out of range", export + ["--format", "svg", "--progress", "1.5"], status: usage, mentions: ["--progress '1.5'", "[0, 1]"]),
        BadInput("export: zero tolerance", export + ["--format", "css", "--tolerance", "0"], status: usage, mentions: ["--tolerance '0'", "(0, 1)"]),
        BadInput("export: tolerance 1", export + ["--format", "css", "--tolerance", "1"], status: usage, mentions: ["--tolerance '1'"]),
        BadInput("export: NaN tolerance", export + ["--format", "css", "--tolerance", "nan"], status: usage, mentions: ["--tolerance 'nan'"]),
        BadInput("export: a Swift type name starting with a digit", export + ["--format", "swiftui", "--type-name", "9Ball"], status: usage,
                 mentions: ["--type-name '9Ball'", "letters, digits and _"]),
        BadInput("export: --type-name with css", export + ["--format", "css", "--type-name", "Ball"], status: usage,
                 mentions: ["--type-name applies to --format swift-uikit and swiftui only"]),
        BadInput("export: --method without a profile", export + ["--format", "svg", "--method", "joint"], status: usage,
                 mentions: ["--method goes with --profile-dir DIR"]),
        BadInput("export: unknown method", ["export", "--profile-dir", "p", "--format", "svg", "--method", "best", "--out", "x.svg"],
                 files: profile(), status: usage, mentions: ["--method 'best'", "two-stage, joint"]),
        BadInput("export: --model with --profile-dir", ["export", "--profile-dir", "p", "--model", "ball", "--format", "svg", "--out", "x.svg"],
                 files: profile(), status: usage, mentions: ["--model cannot be used with --profile-dir DIR"]),
        BadInput("export: two inputs", ["export", "--profile-dir", "p", "--document", "d.json", "--format", "svg", "--out", "x.svg"],
                 files: profile(), status: usage, mentions: ["--profile-dir and --document cannot be used together"]),
        BadInput("export: --row without --fit", export + ["--format", "svg", "--row", "2"], status: usage, mentions: ["--row goes with --fit"]),
        BadInput("export: a parameter outside its bounds", export + ["--format", "svg", "--set", "yFactor=-1"], status: usage, mentions: ["yFactor"]),
        BadInput("export: unknown parameter", export + ["--format", "svg", "--set", "wobble=1"], status: usage, mentions: ["wobble"]),
        BadInput("export: a scene", ["export", "--model", "loading", "--format", "svg", "--out", "x.svg"], status: usage,
                 mentions: ["loading is a scene"]),
        BadInput("export: output in a missing folder", ["export", "--model", "ball", "--format", "svg", "--out", "nowhere/x.svg"],
                 status: runtime, mentions: ["nowhere/x.svg"]),
        // MARK: export — profile folders
        BadInput("export: no such profile folder", ["export", "--profile-dir", "p", "--format", "svg", "--out", "x.svg"],
                 status: runtime, mentions: ["p: no such folder"]),
        BadInput("export: profile folder without settings.csv", ["export", "--profile-dir", "p", "--format", "css", "--out", "x.css"],
                 files: profile(without: ["settings.csv"]), status: runtime, mentions: ["p: no settings.csv", "fit-profile"]),
        BadInput("export: profile folder without timing.csv", ["export", "--profile-dir", "p", "--format", "css", "--out", "x.css"],
                 files: profile(without: ["timing.csv"]), status: runtime, mentions: ["p: no timing.csv"]),
        BadInput("export: profile folder without profile.csv", ["export", "--profile-dir", "p", "--format", "css", "--out", "x.css"],
                 files: profile(without: ["profile.csv"]), status: runtime, mentions: ["p: no profile.csv"]),
        BadInput("export: settings.csv without a duration", ["export", "--profile-dir", "p", "--format", "css", "--out", "x.css"],
                 files: profile(replacing: ["settings.csv": "setting,value\nmodel,ball\nfree,yFactor\n"]), status: runtime,
                 mentions: ["settings.csv", "duration"]),
        BadInput("export: settings.csv of an unknown model", ["export", "--profile-dir", "p", "--format", "css", "--out", "x.css"],
                 files: profile(replacing: ["settings.csv": "setting,value\nmodel,blob\nfree,yFactor\nduration,1\n"]), status: runtime,
                 mentions: ["settings.csv line 2", "blob"]),
        BadInput("export: timing.csv names a parameter that is not free", ["export", "--profile-dir", "p", "--format", "css", "--out", "x.css"],
                 files: profile(replacing: ["timing.csv": "parameter,start,end,timing,x1,y1,x2,y2,omega,zeta,v0,rms,method\nxFactor,1,0.8,linear,,,,,,,,0,two-stage\n"]),
                 status: runtime, mentions: ["timing.csv line 2", "'xFactor' is not a free parameter"]),
        BadInput("export: timing.csv with a bad cubic-bezier", ["export", "--profile-dir", "p", "--format", "css", "--out", "x.css"],
                 files: profile(replacing: ["timing.csv": "parameter,start,end,timing,x1,y1,x2,y2,omega,zeta,v0,rms,method\nyFactor,1,0.8,cubic-bezier,2,0,0.5,1,,,,0,two-stage\n"]),
                 status: runtime, mentions: ["timing.csv line 2"]),
        BadInput("export: --method joint without joint rows", ["export", "--profile-dir", "p", "--format", "css", "--method", "joint", "--out", "x.css"],
                 files: profile(), status: runtime, mentions: ["p/timing.csv has no joint rows"]),
        // MARK: export — outputs that would not be finite (issue 44)
    ] + [("svg", "x.svg"), ("svg-animated", "x.svg"), ("css", "x.css"), ("swift-uikit", "X.swift"), ("swiftui", "X.swift"),
         ("lottie", "x.json"), ("json", "x.json")].map { format, file in
        // A value given on the command line: the options' mistake (2); the same from a file: 1.
        BadInput("export \(format): a pose scale of 1e308", ["export", "--model", "ball", "--set", "scale=1e308", "--format", format, "--out", file],
                 status: usage, mentions: ["has a coordinate inf", "the export formats hold finite coordinates up to 1000000000000000 in magnitude"])
    } + [("svg", "x.svg"), ("css", "x.css"), ("swift-uikit", "X.swift"), ("lottie", "x.json")].map { format, file in
        BadInput("export \(format): a document whose pose scale is 1e308", ["export", "--document", "d.json", "--format", format, "--out", file],
                 files: [.text("d.json", """
                     {"format": "beztune-animation", "model": "ball", "pose": {"poseScale": 1e308},
                      "timings": {"yFactor": {"keyframes": [[0, 1], [1, 0.8]], "timings": ["ease-out"]}}}
                     """)],
                 status: runtime, mentions: ["d.json", "has a coordinate", "up to 1000000000000000 in magnitude"])
    } + [
        BadInput("export lottie: a radius of 5e18 (was a trap converting the size to Int)",
                 ["export", "--model", "ball", "--set", "radius=5e18", "--format", "lottie", "--out", "x.json"],
                 status: usage, mentions: ["has a coordinate", "up to 1000000000000000"]),
        BadInput("export: --type-name a Swift keyword", ["export", "--model", "ball", "--format", "swiftui", "--type-name", "class", "--out", "X.swift"],
                 status: usage, mentions: ["'class' is a Swift keyword"]),
        BadInput("export: --type-name a name the file uses", ["export", "--model", "ball", "--format", "swift-uikit", "--type-name", "CGPath", "--out", "X.swift"],
                 status: usage, mentions: ["'CGPath' is a name the generated file uses"]),
        BadInput("export: --type-name Path in SwiftUI", ["export", "--model", "ball", "--format", "swiftui", "--type-name", "Path", "--out", "X.swift"],
                 status: usage, mentions: ["'Path' is a name the generated file uses"]),
        BadInput("export: settings.csv with two duration rows", ["export", "--profile-dir", "p", "--format", "svg", "--out", "x.svg"],
                 files: profile(replacing: ["settings.csv": "setting,value\nmodel,ball\nfree,yFactor\nset,radius=50\ntiming,linear\njoint,false\nduration,1\nduration,2\n"]),
                 status: runtime, mentions: ["settings.csv line 8", "a second 'duration' row"]),
        BadInput("export: settings.csv holding a parameter twice", ["export", "--profile-dir", "p", "--format", "svg", "--out", "x.svg"],
                 files: profile(replacing: ["settings.csv": "setting,value\nmodel,ball\nfree,yFactor\nset,radius=50\nset,radius=40\ntiming,linear\njoint,false\nduration,1\n"]),
                 status: runtime, mentions: ["settings.csv line 5", "a second value for 'radius'"]),
        BadInput("fit: a Lottie file without a shape layer is the file's problem (1)", ["fit", "--target", "n.json", "--frame", "0"],
                 files: [.text("n.json", #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"ip":0,"op":30,"st":0,"ks":{}}]}"#)],
                 status: runtime, mentions: ["n.json: no shape layer (ty 4) to read"]),
        BadInput("fit: an SVG shape moved beyond double precision", ["fit", "--target", "t.svg"],
                 files: [.text("t.svg", #"<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(1e308)"><circle r="50"/></g></svg>"#)],
                 status: runtime, mentions: ["t.svg", "line 1", "double precision cannot hold its size"]),
        BadInput("export: --fps in hexadecimal", ["export", "--model", "ball", "--format", "lottie", "--fps", "0x1e", "--out", "x.json"],
                 status: usage, mentions: ["'0x1e' is not a decimal number (hexadecimal is not accepted)"]),
        BadInput("export: --tolerance in hexadecimal", ["export", "--model", "ball", "--format", "css", "--tolerance", "0x1p-3", "--out", "x.css"],
                 status: usage, mentions: ["'0x1p-3' is not a decimal number"]),
        BadInput("fit-profile: --frames in hexadecimal", ["fit-profile", "--lottie", "a.json", "--frames", "0x0:0x1e:0x1p2", "--out", "p"],
                 status: usage, mentions: ["'0x0' is not a decimal number"]),
        // MARK: export — fit results and documents
        BadInput("export: missing fit CSV", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 status: runtime, mentions: ["fit.csv", "no such file"]),
        BadInput("export: a fit CSV of another model", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", "squash,squash_stderr,rms\n0.5,0.1,1\n")], status: runtime,
                 mentions: ["fit.csv", "(squash) are not the free parameters of model ball (xFactor, yFactor, topYFactor, k)"]),
        BadInput("export: not a fit CSV", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", "x,y\n0,0\n")], status: runtime, mentions: ["fit.csv: no parameter columns"]),
        BadInput("export: a batch CSV without --row", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", twoRows)], status: runtime, mentions: ["fit.csv: 2 data rows", "--row N"]),
        BadInput("export: --row beyond the data", ["export", "--fit", "fit.csv", "--row", "3", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", twoRows)], status: runtime, mentions: ["--row 3 but the file has 2 data rows"]),
        BadInput("export: --row 0", ["export", "--fit", "fit.csv", "--row", "0", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", twoRows)], status: usage, mentions: ["--row '0'"]),
        BadInput("export: a failed fit's row", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", fitCSV + ",,,,,,,,,error\n")], status: runtime, mentions: ["fit.csv line 2", "status error"]),
        BadInput("export: a fit value that is not a number", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", fitCSV + "abc,0.9,0.8,0.55,0,0,0,0,1,converged_ftol\n")], status: runtime,
                 mentions: ["fit.csv line 2", "'xFactor'", "not a number"]),
        BadInput("export: a negative standard error", ["export", "--fit", "fit.csv", "--format", "svg", "--out", "x.svg"],
                 files: [.text("fit.csv", fitCSV + "1.1,0.9,0.8,0.55,-1,0,0,0,1,converged_ftol\n")], status: runtime,
                 mentions: ["fit.csv line 2", "xFactor_stderr"]),
        BadInput("export: a document that is not JSON", ["export", "--document", "d.json", "--format", "svg", "--out", "x.svg"],
                 files: [.text("d.json", "M0 0 L1 1")], status: runtime, mentions: ["d.json: not a JSON document"]),
        BadInput("export: a JSON file that is not a document", ["export", "--document", "d.json", "--format", "svg", "--out", "x.svg"],
                 files: [.text("d.json", "{\"v\": \"5.7.0\", \"fr\": 60}")], status: runtime, mentions: ["d.json", "no \"format\" key"]),
        BadInput("export: missing document", ["export", "--document", "d.json", "--format", "svg", "--out", "x.svg"],
                 status: runtime, mentions: ["d.json"]),
        // MARK: frames, fit-profile, model, fit
        BadInput("frames: nothing to draw", ["frames", "--out", "fr"], status: usage,
                 mentions: ["missing what to draw: give --model MODEL, --profile-dir DIR or --document FILE"]),
        BadInput("frames: --set with --profile-dir", ["frames", "--profile-dir", "p", "--set", "yFactor=0.5", "--out", "fr"],
                 files: profile(), status: usage, mentions: ["--set cannot be used with --profile-dir DIR"]),
        BadInput("frames: profile folder without settings.csv", ["frames", "--profile-dir", "p", "--out", "fr"],
                 files: profile(without: ["settings.csv"]), status: runtime, mentions: ["p: no settings.csv"]),
        BadInput("frames: --method joint without joint rows", ["frames", "--profile-dir", "p", "--method", "joint", "--out", "fr"],
                 files: profile(), status: runtime, mentions: ["no joint rows"]),
        BadInput("frames: a document that is not one", ["frames", "--document", "d.json", "--out", "fr"],
                 files: [.text("d.json", "[1, 2]")], status: runtime, mentions: ["d.json", "expected a BezierTune document"]),
        BadInput("fit-profile: zero duration", ["fit-profile", "--keyframes", "k.csv", "--duration", "0", "--out", "p"],
                 status: usage, mentions: ["--duration '0'"]),
        BadInput("fit-profile: NaN duration", ["fit-profile", "--keyframes", "k.csv", "--duration", "nan", "--out", "p"],
                 status: usage, mentions: ["--duration 'nan'"]),
        BadInput("model: a pose on a scene", ["model", "--name", "loading", "--set", "tx=5"], status: usage,
                 mentions: ["poseX: a scene (loading) takes no pose"]),
        BadInput("model: a pose scale below 0", ["model", "--name", "ball", "--set", "scale=-1"], status: usage, mentions: ["poseScale"]),
        BadInput("fit-profile: a BezierTune document as a keyframe", ["fit-profile", "--keyframes", "k.csv", "--timing", "linear", "--out", "p"],
                 files: [.text("k.csv", "progress,file\n0,a.path\n1,d.json\n"), .text("a.path", "M0 0 L1 0 L1 1 Z"),
                         .text("d.json", "{\"format\": \"beztune-animation\", \"version\": 1}")], status: runtime,
                 mentions: ["k.csv line 3: ", "d.json: a BezierTune animation document"]),
        BadInput("fit: a BezierTune document as the target", ["fit", "--target", "d.json"],
                 files: [.text("d.json", "{\"format\": \"beztune-animation\", \"version\": 1}")], status: runtime,
                 mentions: ["d.json: a BezierTune animation document", "beztune export --document d.json --format svg"]),
    ]
}
