import DataFiles
import Foundation
import Testing
import _TestSupport

/// Issue 33, part one: `fit-profile --timing per-interval` — the designer's keys, one easing per
/// interval shared by the whole shape, and exports that carry exactly those keys.
@Suite("beztune: per-interval easing, the designer's keys back")
struct PerIntervalProfileTests {
    /// The ball's outline (radius 50, k = 4/3(√2 − 1)) with x multiplied by `xFactor` and y by
    /// `yFactor` about its bottom point, as a Lottie path value: y-down, tangents relative.
    static func ballShape(xFactor: Double, yFactor: Double) -> (v: [[Double]], i: [[Double]], o: [[Double]]) {
        let r = 50.0, h = 4 * (2.0.squareRoot() - 1) / 3 * r
        let v: [(Double, Double)] = [(0, 0), (r, r), (0, 2 * r), (-r, r)]
        let o: [(Double, Double)] = [(h, 0), (0, h), (-h, 0), (0, -h)]
        func down(_ p: (Double, Double)) -> [Double] { [p.0 * xFactor, -p.1 * yFactor] }
        return (v.map(down), o.map { down((-$0.0, -$0.1)) }, o.map(down))
    }

    static func json(_ a: [[Double]]) -> String { "[" + a.map { "[\($0[0]),\($0[1])]" }.joined(separator: ",") + "]" }

    /// The designer's keys: frame, xFactor, yFactor, and the easing out of the key.
    static let keys: [(frame: Double, x: Double, y: Double, easing: [Double]?)] = [
        (0, 1, 1, [0.333, 0, 0.2, 1]), (12, 1.2, 1.3, [0.6, 0.1, 0.4, 0.9]), (30, 0.9, 0.8, nil),
    ]

    /// A Bodymovin-style file: one shape layer at (200, 300), its path keyed at frames 0, 12, 30
    /// with two different easings, `op` 31 (After Effects writes one past the last key), 30 fps.
    static var bodymovin: String {
        let k = keys.map { key -> String in
            let s = ballShape(xFactor: key.x, yFactor: key.y)
            var text = "{\"t\":\(key.frame),\"s\":[{\"c\":true,\"v\":\(json(s.v)),\"i\":\(json(s.i)),\"o\":\(json(s.o))}]"
            if let e = key.easing { text += ",\"o\":{\"x\":[\(e[0])],\"y\":[\(e[1])]},\"i\":{\"x\":[\(e[2])],\"y\":[\(e[3])]}" }
            return text + "}"
        }
        return """
            {"v":"5.7.4","fr":30,"ip":0,"op":31,"w":400,"h":400,"layers":[{"ty":4,"ind":1,"nm":"Ball","ip":0,"op":31,"st":0,\
            "ks":{"p":{"a":0,"k":[200,300,0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]},"r":{"a":0,"k":0},\
            "o":{"a":0,"k":100}},"shapes":[{"ty":"sh","ks":{"a":1,"k":[\(k.joined(separator: ","))]}},\
            {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """
    }

    @Test("three keys, two easings, op one past the last key, a layer position: the keys, easings and shapes come back, no pose options")
    func designersKeys() throws {
        let folder = try TemporaryFolder()
        try Self.bodymovin.write(to: folder.file("three.json"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["fit-profile", "--lottie", "three.json", "--timing", "per-interval", "--size", "32x32",
                                      "--out", "p"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("intervals.csv") && r.stdout.contains("pose_found"), "\(r.stdout)")
        // intervals.csv: the keys at frames 0, 12, 30 of the 0…30 span, the drawn easings.
        let intervals = try CSVTable(contentsOf: folder.file("p/intervals.csv"))
        #expect(intervals.header.prefix(12) == ["interval", "from", "to", "timing", "x1", "y1", "x2", "y2", "frames", "rms",
                                                "max_distance", "status"])
        #expect(intervals.rows.count == 2)
        for (row, (from, to, easing, frames)) in [(0.0, 0.4, Self.keys[0].easing!, 11), (0.4, 1.0, Self.keys[1].easing!, 17)].enumerated() {
            func value(_ name: String) throws -> Double { try intervals.double(row: row, column: intervals.columnIndex(name)) }
            let (a, b) = (try value("from"), try value("to"))
            #expect(abs(a - from) < 1e-12 && abs(b - to) < 1e-12)
            #expect(intervals.rows[row][try intervals.columnIndex("frames")] == "\(frames)")
            #expect(intervals.rows[row][try intervals.columnIndex("status")].hasPrefix("converged_"))
            for (name, drawn) in zip(["x1", "y1", "x2", "y2"], easing) {
                let fitted = try value(name)
                #expect(abs(fitted - drawn) < 1e-6, "interval \(row + 1) \(name): \(fitted), drawn \(drawn)")
            }
            let rms = try value("rms"), presetDistance = try value("preset_distance")
            #expect(rms < 1e-9)
            #expect(["linear", "ease", "ease-in", "ease-out", "ease-in-out", "swiftui-spring"]
                .contains(intervals.rows[row][try intervals.columnIndex("preset")]))
            #expect(presetDistance > 0.1, "no preset is the drawn curve")
        }

        // The Lottie export carries exactly the three keys, their easings and shapes.
        let e = try BinaryRunner.run(["export", "--profile-dir", "p", "--format", "lottie", "--out", "back.json"], in: folder.url)
        #expect(e.status == 0, "\(e.stderr)")
        #expect(e.stdout.contains("3 keyframes"), "\(e.stdout)")
        let back = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("back.json"))) as? [String: Any])
        #expect(back["fr"] as? Double == 30 && back["op"] as? Double == 30)
        let layer = try #require((back["layers"] as? [[String: Any]])?.first)
        let group = try #require((layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
        let path = try #require(group.first { $0["ty"] as? String == "sh" }?["ks"] as? [String: Any])
        let keyframes = try #require(path["k"] as? [[String: Any]])
        #expect(keyframes.count == 3)
        for (k, key) in Self.keys.enumerated() {
            let t = try #require(keyframes[k]["t"] as? Double)
            #expect(abs(t / 30 - key.frame / 30) < 1e-9, "key \(k) at frame \(t)")
            let shape = try #require((keyframes[k]["s"] as? [[String: Any]])?.first)
            let drawn = Self.ballShape(xFactor: key.x, yFactor: key.y)
            for (field, want) in [("v", drawn.v), ("i", drawn.i), ("o", drawn.o)] {
                let got = try #require(shape[field] as? [[Double]])
                #expect(got.count == want.count)
                for (a, b) in zip(got, want) {
                    #expect(abs(a[0] - b[0]) < 1e-6 * 100 && abs(a[1] - b[1]) < 1e-6 * 100, "key \(k) \(field): \(a) against \(b)")
                }
            }
            if let easing = key.easing {
                let o = try #require(keyframes[k]["o"] as? [String: [Double]]), i = try #require(keyframes[k]["i"] as? [String: [Double]])
                let got = [o["x"]?.first, o["y"]?.first, i["x"]?.first, i["y"]?.first].compactMap { $0 }
                #expect(got.count == 4 && zip(got, easing).allSatisfy { abs($0 - $1) < 1e-6 }, "key \(k): \(got)")
            }
        }
        // The other keyframe formats carry exactly the keys too.
        for (format, file) in [("css", "a.css"), ("swift-uikit", "A.swift"), ("svg-animated", "a.svg")] {
            let x = try BinaryRunner.run(["export", "--profile-dir", "p", "--format", format, "--out", file], in: folder.url)
            #expect(x.status == 0 && x.stdout.contains(" 3 keyframes"), "\(format): \(x.stdout) \(x.stderr)")
        }
        let uikit = try String(contentsOf: folder.file("A.swift"), encoding: .utf8)
        #expect(uikit.contains("let keyTimes: [Double] = [0.0, 0.4, 1.0]"), "\(uikit.prefix(3000))")
    }

    @Test("frames only at the keys: each interval keeps linear timing and says so")
    func emptyIntervals() throws {
        let folder = try TemporaryFolder()
        try Self.bodymovin.write(to: folder.file("three.json"), atomically: true, encoding: .utf8)
        // --frames 0:30:30 steps over frame 12, a key: it is added.
        let r = try BinaryRunner.run(["fit-profile", "--lottie", "three.json", "--frames", "0:30:30", "--timing", "per-interval",
                                      "--size", "32x32", "--out", "p"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("interval 1 (progress 0 to 0.4) has no keyframe between its keys: it keeps linear timing"), "\(r.stderr)")
        let intervals = try CSVTable(contentsOf: folder.file("p/intervals.csv"))
        #expect(intervals.rows.map { $0[3] } == ["linear", "linear"])
        let profile = try CSVTable(contentsOf: folder.file("p/profile.csv"))
        #expect(profile.rows.count == 3)
    }

    @Test("bad input: a manifest without a key column, fewer than two keys, --joint: exit 1 or 2, one line, nothing written")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let examples = root.appendingPathComponent("examples")
        let manifest = try String(contentsOf: examples.appendingPathComponent("squash-keyframes.csv"), encoding: .utf8)
        let lines = manifest.split(separator: "\n").map(String.init)
        // The manifest's files are named relative to it: copies beside the variants.
        try manifest.write(to: folder.file("nokey.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: examples.appendingPathComponent("keyframes"), to: folder.file("keyframes"))
        let header = lines[0] + ",key"
        let oneKey = [header] + lines.dropFirst().enumerated().map { $1 + ($0 == 0 ? ",1" : ",0") }
        try oneKey.joined(separator: "\n").write(to: folder.file("onekey.csv"), atomically: true, encoding: .utf8)
        let badKey = [header] + lines.dropFirst().enumerated().map { $1 + ($0 == 0 ? ",yes" : ",1") }
        try badKey.joined(separator: "\n").write(to: folder.file("badkey.csv"), atomically: true, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (["--keyframes", "nokey.csv", "--timing", "per-interval"], 1, "needs a 'key' column"),
            (["--keyframes", "onekey.csv", "--timing", "per-interval"], 1, "1 row has key 1: a per-interval profile needs at least two keys"),
            (["--keyframes", "badkey.csv", "--timing", "per-interval"], 1, "column 'key': expected 1"),
            (["--keyframes", "onekey.csv", "--timing", "per-interval", "--joint"], 2, "--joint needs a timing with unknowns"),
        ]
        for (arguments, status, message) in cases {
            let r = try BinaryRunner.run(["fit-profile"] + arguments + ["--out", "out"], in: folder.url)
            #expect(r.status == status && r.errorLines.count == 1 && r.stderr.contains(message), "\(arguments): \(r.status) \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("out").path))
        }
    }
}
