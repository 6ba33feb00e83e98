import DataFiles
import Foundation
import Testing
import _TestSupport

/// Issue 33, parts two and three: a Lottie animation's progress runs from its first to its last
/// keyframe (not ip to op), its frame rate and key span give the profile's duration and the
/// exports' frame rate, and a shape drawn away from the model's origin gets its pose found.
@Suite("beztune: Lottie key times as designed, the pose found")
struct LottieKeyTimesTests {
    /// The ball's outline with every y multiplied by `yFactor`, as a Lottie path value
    /// (``PerIntervalProfileTests/ballShape(xFactor:yFactor:)``).
    static func ballShape(yFactor: Double) -> String {
        let s = PerIntervalProfileTests.ballShape(xFactor: 1, yFactor: yFactor)
        let json = PerIntervalProfileTests.json
        return "{\"c\":true,\"v\":\(json(s.v)),\"i\":\(json(s.i)),\"o\":\(json(s.o))}"
    }

    /// A Bodymovin-style file: one shape layer at `position` whose path is keyed at frames 0 and
    /// 30 (yFactor 1 → 1.3, easing cubic-bezier(0.333, 0, 0.2, 1)), `op` 31 as After Effects
    /// writes it, at `fr` frames per second.
    static func bodymovin(position: (Double, Double), fr: Double) -> String {
        """
        {"v":"5.7.4","fr":\(fr),"ip":0,"op":31,"w":400,"h":400,"layers":[{"ty":4,"ind":1,"nm":"Ball","ip":0,"op":31,"st":0,\
        "ks":{"p":{"a":0,"k":[\(position.0),\(position.1),0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]},\
        "r":{"a":0,"k":0},"o":{"a":0,"k":100}},"shapes":[{"ty":"sh","ks":{"a":1,"k":[\
        {"t":0,"s":[\(ballShape(yFactor: 1))],"o":{"x":[0.333],"y":[0]},"i":{"x":[0.2],"y":[1]}},\
        {"t":30,"s":[\(ballShape(yFactor: 1.3))]}]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """
    }

    func write(_ text: String, _ name: String, in folder: TemporaryFolder) throws {
        try text.write(to: folder.file(name), atomically: true, encoding: .utf8)
    }

    @Test("keys at frames 0 and 30, op 31, drawn at (120, 260): the drawn easing and end come back, no pose options; duration and frame rate from the file")
    func keyedSpan() throws {
        let folder = try TemporaryFolder()
        try write(Self.bodymovin(position: (120, 260), fr: 24), "ae.json", in: folder)
        let r = try BinaryRunner.run(["fit-profile", "--lottie", "ae.json", "--free", "yFactor", "--timing", "cubic-bezier",
                                      "--samples", "240", "--size", "32x32", "--out", "p"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("pose_found"), "\(r.stdout)")
        let t = try CSVTable(contentsOf: folder.file("p/timing.csv"))
        func value(_ name: String) throws -> Double { try t.double(row: 0, column: t.columnIndex(name)) }
        let (start, end) = (try value("start"), try value("end"))
        #expect(abs(start - 1) < 1e-7 && abs(end - 1.3) < 1e-7, "\(t.rows[0])")
        for (name, drawn) in [("x1", 0.333), ("y1", 0), ("x2", 0.2), ("y2", 1)] {
            let fitted = try value(name)
            #expect(abs(fitted - drawn) < 1e-5, "\(name) \(fitted), drawn \(drawn)")
        }
        // 31 keyframes, frame f at progress f/30 (not f/31).
        let profile = try CSVTable(contentsOf: folder.file("p/profile.csv"))
        #expect(profile.rows.count == 31)
        #expect(try profile.double(row: 30, column: profile.columnIndex("progress")) == 1)
        #expect(abs(try profile.double(row: 15, column: profile.columnIndex("progress")) - 0.5) < 1e-15)
        // The replay: 30 frames at 24 per second, the pose held where the layer puts the ball.
        let settings = try CSVTable(contentsOf: folder.file("p/settings.csv"))
        var rows: [String: [String]] = [:]
        for row in settings.rows { rows[row[0], default: []].append(row[1]) }
        #expect(rows["duration"] == ["1.25"] && rows["frame_rate"] == ["24"], "\(rows)")
        let poseX = try #require(rows["set"]?.first { $0.hasPrefix("poseX=") }), poseY = try #require(rows["set"]?.first { $0.hasPrefix("poseY=") })
        let (x, y) = (try #require(Double(poseX.dropFirst(6))), try #require(Double(poseY.dropFirst(6))))
        #expect(abs(x - 120) < 1e-8 && abs(y + 260) < 1e-8, "\(x), \(y)")

        // The Lottie export keeps the file's frame rate and span: fr 24, keys from 0 to 30, the
        // ball back at the layer's place.
        let e = try BinaryRunner.run(["export", "--profile-dir", "p", "--format", "lottie", "--out", "back.json"], in: folder.url)
        #expect(e.status == 0, "\(e.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("back.json"))) as? [String: Any])
        #expect(json["fr"] as? Double == 24 && json["op"] as? Double == 30, "fr \(json["fr"] ?? "none"), op \(json["op"] ?? "none")")
        // --fps still wins.
        let f = try BinaryRunner.run(["export", "--profile-dir", "p", "--format", "lottie", "--fps", "60", "--out", "back60.json"], in: folder.url)
        #expect(f.status == 0, "\(f.stderr)")
        let json60 = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("back60.json"))) as? [String: Any])
        #expect(json60["fr"] as? Double == 60 && json60["op"] as? Double == 75)
        // And read back: the same easing, still with no pose options.
        let again = try BinaryRunner.run(["fit-profile", "--lottie", "back.json", "--free", "yFactor", "--timing", "cubic-bezier",
                                          "--samples", "240", "--size", "32x32", "--out", "again"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        let t2 = try CSVTable(contentsOf: folder.file("again/timing.csv"))
        for name in ["x1", "y1", "x2", "y2", "end"] {
            let a = try t.double(row: 0, column: t.columnIndex(name)), b = try t2.double(row: 0, column: t2.columnIndex(name))
            #expect(abs(a - b) < 2e-3, "\(name): \(a) then \(b)")
        }
    }

    @Test("--frames outside the keyed span, and fit without pose options on a shape drawn elsewhere")
    func framesAndPose() throws {
        let folder = try TemporaryFolder()
        try write(Self.bodymovin(position: (120, 260), fr: 30), "ae.json", in: folder)
        let r = try BinaryRunner.run(["fit-profile", "--lottie", "ae.json", "--frames", "0:31", "--free", "yFactor", "--out", "p"], in: folder.url)
        #expect(r.status == 2 && r.errorLines.count == 1 && r.stderr.contains("frame 31 is outside the keyframes' frames 0 to 30"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("p").path))
        // fit at a frame: the pose is found and reported, its columns in the CSV.
        let fit = try BinaryRunner.run(["fit", "--target", "ae.json", "--frame", "30", "--free", "yFactor", "--csv", "f.csv"], in: folder.url)
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains("pose_found       tx,ty,scale") || fit.stdout.contains("pose_found       tx,ty"), "\(fit.stdout)")
        let csv = try CSVTable(contentsOf: folder.file("f.csv"))
        #expect(abs(try csv.double(row: 0, column: csv.columnIndex("yFactor")) - 1.3) < 1e-8)
        #expect(abs(try csv.double(row: 0, column: csv.columnIndex("tx")) - 120) < 1e-8)
        #expect(abs(try csv.double(row: 0, column: csv.columnIndex("ty")) + 260) < 1e-8)
    }
}
