import DataFiles
import Foundation
import Testing
import _TestSupport

/// `--pixels-per-unit S` on `error`, `fit`, `fit-profile` and `magnify`, and the players' handle
/// constants by name: every `_px` figure is S × its unit twin, and fit-profile's replayed-outline
/// distances are recomputed here from the exported outline and the keyframes' own points.
@Suite("beztune --pixels-per-unit")
struct PixelsPerUnitCommandTests {
    static let twins = ["max_radial_error", "min_radial_error", "max_abs_radial_error", "rms_radial_error",
                        "rms_radial_error_angle", "arc_length_error"]

    @Test("error --radius 20 --pixels-per-unit 3: each _px column is exactly 3 × its _abs column, appended after k_input")
    func errorColumns() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["error", "--k", "1/1.8", "--segments", "4", "--radius", "20", "--pixels-per-unit", "3",
                                      "--csv", folder.file("e.csv").path])
        #expect(r.status == 0, "\(r.stderr)")
        let csv = try CSVTable(contentsOf: folder.file("e.csv"))
        #expect(Array(csv.header.suffix(8)) == ["k_input", "pixels_per_unit"] + Self.twins.map { $0 + "_px" })
        #expect(csv.rows.count == 1 && csv.header.filter { $0.hasSuffix("_px") }.count == 6)
        #expect(try csv.double(row: 0, column: csv.columnIndex("pixels_per_unit")) == 3)
        for name in Self.twins {
            let px = try csv.double(row: 0, column: csv.columnIndex(name + "_px"))
            let abs = try csv.double(row: 0, column: csv.columnIndex(name + "_abs"))
            #expect(px == 3 * abs, "\(name)")
        }
        // The max radial error of 1/1.8 at n = 4 in closed form: above the midpoint factor the
        // quarter arc is farthest out at t = 1/2, B(1/2) = (P0 + 3P1 + 3P2 + P3)/8 =
        // ((4 + 3k)/8, (4 + 3k)/8), so |B| − 1 = (4 + 3k)·√2/8 − 1; × radius 20 × 3 pixels.
        let k = 1 / 1.8
        let closed = (4 + 3 * k) * 2.0.squareRoot() / 8 - 1
        let px = try csv.double(row: 0, column: csv.columnIndex("max_radial_error_px"))
        #expect(Swift.abs(px - 60 * closed) <= 1e-13)
    }

    @Test("error --pixels-per-unit 1,2,3: one row per scale, the ellipse distance too, the table likewise")
    func errorScales() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["error", "--k", "lottie-web", "--k", "lottie-ios", "--radius", "20", "--sx", "1.2", "--sy", "0.8",
                                      "--pixels-per-unit", "1,2,3", "--csv", folder.file("e.csv").path])
        #expect(r.status == 0, "\(r.stderr)")
        let csv = try CSVTable(contentsOf: folder.file("e.csv"))
        #expect(csv.rows.count == 6 && csv.header.last == "ellipse_max_distance_px")
        let label = try csv.columnIndex("k_input")
        #expect(csv.rows.map { $0[label] } == ["lottie-web", "lottie-web", "lottie-web", "lottie-ios", "lottie-ios", "lottie-ios"])
        for row in 0..<6 {
            let s = try csv.double(row: row, column: csv.columnIndex("pixels_per_unit"))
            #expect(s == Double(row % 3 + 1))
            for name in Self.twins + ["ellipse_max_distance"] {
                #expect(try csv.double(row: row, column: csv.columnIndex(name + "_px")) == s * csv.double(row: row, column: csv.columnIndex(name + "_abs")))
            }
        }
        #expect(try csv.double(row: 0, column: csv.columnIndex("k")) == 0.5519)
        #expect(try csv.double(row: 3, column: csv.columnIndex("k")) == 0.55228)
        // lottie-web's max |radial error| (mpmath, Tests/ArcErrorTests/Resources/reference-player-handles.py)
        // × radius 20 × 2 pixels per unit.
        let px = try csv.double(row: 1, column: csv.columnIndex("max_abs_radial_error_px"))
        #expect(Swift.abs(px - 0.00020404441081079156154 * 40) <= 40 * 8 * Double.ulpOfOne)  // as in PlayerHandleConstantTests
        #expect(r.stdout.split(separator: "\n").count == 7 && r.stdout.contains("pixels_per_unit"))
        // Without --pixels-per-unit nothing changes: no _px column.
        let plain = try BinaryRunner.run(["error", "--k", "lottie-web", "--radius", "20", "--csv", folder.file("p.csv").path])
        #expect(plain.status == 0)
        let p = try CSVTable(contentsOf: folder.file("p.csv"))
        #expect(p.header.last == "k_input" && !p.header.contains { $0.hasSuffix("_px") })
    }

    @Test("fit --pixels-per-unit 2.5: rms_px, max_distance_px, hausdorff_px are 2.5 × the unit figures, last in the CSV and printed")
    func fit() throws {
        let folder = try TemporaryFolder()
        let model = try BinaryRunner.run(["model", "--name", "ball", "--set", "xFactor=1.1", "--set", "yFactor=0.8"])
        let r = try BinaryRunner.run(["fit", "--path", model.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--radius", "40",
                                      "--free", "xFactor,yFactor", "--samples", "120", "--pixels-per-unit", "2.5",
                                      "--csv", folder.file("f.csv").path])
        #expect(r.status == 0, "\(r.stderr)")
        let csv = try CSVTable(contentsOf: folder.file("f.csv"))
        #expect(Array(csv.header.suffix(7)) == ["model", "radius", "held", "pixels_per_unit", "rms_px", "max_distance_px", "hausdorff_px"])
        let value = { (name: String) throws -> Double in try csv.double(row: 0, column: csv.columnIndex(name)) }
        #expect(try value("pixels_per_unit") == 2.5)
        for name in ["rms", "max_distance", "hausdorff"] {
            #expect(try value(name + "_px") == 2.5 * value(name), "\(name)")
            let printed = r.stdout.split(separator: "\n").first { $0.hasPrefix(name + "_px ") }
            let expected = String(format: "%.6g", 2.5 * (try value(name)))
            #expect(printed.map { $0.split(separator: " ").last == Substring(expected) } == true, "\(name): \(r.stdout)")
        }
    }

    @Test("magnify --radius 20 --pixels-per-unit 3: the legend gives max |e| in length units and device pixels")
    func magnify() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["magnify", "--k", "lottie-web", "--radius", "20", "--pixels-per-unit", "3",
                                      "--out", folder.file("m.svg").path, "--size", "200x200"])
        #expect(r.status == 0, "\(r.stderr)")
        // mpmath's max |e| of 0.5519 (reference-player-handles.py) × 20, × 3.
        let e = 0.00020404441081079156154
        #expect(r.stdout.contains("k lottie-web = 0.5519: max |e| \(String(format: "%.4g", e))"), "\(r.stdout)")
        #expect(r.stdout.contains("\(String(format: "%.4g", 20 * e)) at radius 20, \(String(format: "%.4g", 60 * e)) px at 3 px/unit"), "\(r.stdout)")
    }

    /// Keyframe j: points on an ellipse with semi-axes (a, b), bottom at the origin (model space,
    /// y-up), CSV x,y. The axes change non-linearly in progress, so a linear profile misses.
    static func keyframe(a: Double, b: Double, count: Int = 60) -> [(x: Double, y: Double)] {
        (0..<count).map { i in
            let t = 2 * Double.pi * Double(i) / Double(count)
            return (a * sin(t), b - b * cos(t))
        }
    }

    /// The cubic path data `export --format svg` writes (absolute M, C, Z), y flipped back to
    /// model space, flattened to a polyline of `perCubic` chords per cubic.
    static func outline(svg: String, perCubic: Int = 4000) throws -> [(x: Double, y: Double)] {
        let start = try #require(svg.range(of: " d=\""))
        let end = try #require(svg[start.upperBound...].firstIndex(of: "\""))
        var spaced = ""
        for c in svg[start.upperBound..<end] { spaced += "MCZ".contains(c) ? " \(c) " : c == "," ? " " : String(c) }
        let tokens = spaced.split(separator: " ").map(String.init)
        var points: [(x: Double, y: Double)] = []
        var current = (x: 0.0, y: 0.0)
        var i = 0
        func point() throws -> (x: Double, y: Double) {
            defer { i += 2 }
            return (try #require(Double(tokens[i])), -(try #require(Double(tokens[i + 1]))))
        }
        while i < tokens.count {
            let command = tokens[i]
            i += 1
            switch command {
            case "M":
                current = try point()
                points.append(current)
            case "C":
                let (c1, c2, p) = (try point(), try point(), try point())
                for s in 1...perCubic {
                    let t = Double(s) / Double(perCubic), u = 1 - t
                    points.append((u * u * u * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x,
                                   u * u * u * current.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y))
                }
                current = p
            case "Z":
                continue
            default:
                Issue.record("unexpected path token \(command)")
                return points
            }
        }
        return points
    }

    /// The distance from `q` to the polyline (each chord a segment).
    static func distance(_ q: (x: Double, y: Double), to polyline: [(x: Double, y: Double)]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(polyline, polyline.dropFirst()) {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length2 = dx * dx + dy * dy
            let t = length2 == 0 ? 0 : min(1, max(0, ((q.x - a.x) * dx + (q.y - a.y) * dy) / length2))
            let (ex, ey) = (a.x + t * dx - q.x, a.y + t * dy - q.y)
            best = min(best, (ex * ex + ey * ey).squareRoot())
        }
        return best
    }

    @Test("fit-profile: profile_max and profile_max_px recomputed from the exported replayed outline and the keyframes' points")
    func fitProfile() throws {
        let folder = try TemporaryFolder()
        let axes: [(progress: Double, a: Double, b: Double)] = [(0, 50, 50), (0.5, 62, 36), (1, 64, 34)]
        var manifest = "progress,file\n"
        for (j, k) in axes.enumerated() {
            let points = Self.keyframe(a: k.a, b: k.b)
            try ("x,y\n" + points.map { "\($0.x),\($0.y)" }.joined(separator: "\n") + "\n")
                .write(to: folder.file("k\(j).csv"), atomically: true, encoding: .utf8)
            manifest += "\(k.progress),k\(j).csv\n"
        }
        try manifest.write(to: folder.file("keys.csv"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", "keys.csv", "--radius", "50", "--free", "xFactor,yFactor",
                                      "--timing", "linear", "--pixels-per-unit", "3", "--out", "out"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let profile = try CSVTable(contentsOf: folder.file("out/profile.csv"))
        #expect(Array(profile.header.suffix(6)) == ["status", "file", "pixels_per_unit", "profile_max", "profile_rms_px", "profile_max_px"])
        let value = { (row: Int, name: String) throws -> Double in try profile.double(row: row, column: profile.columnIndex(name)) }
        var overall = 0.0, sum = 0.0, count = 0
        for (j, k) in axes.enumerated() {
            let e = try BinaryRunner.run(["export", "--profile-dir", "out", "--progress", "\(k.progress)", "--format", "svg",
                                          "--out", "f\(j).svg"], in: folder.url)
            #expect(e.status == 0, "\(e.stderr)")
            let polyline = try Self.outline(svg: String(contentsOf: folder.file("f\(j).svg"), encoding: .utf8))
            let d = Self.keyframe(a: k.a, b: k.b).map { Self.distance($0, to: polyline) }
            let maximum = d.max() ?? .nan
            let rms = (d.map { $0 * $0 }.reduce(0, +) / Double(d.count)).squareRoot()
            overall = max(overall, maximum)
            sum += d.map { $0 * $0 }.reduce(0, +)
            count += d.count
            #expect(try value(j, "progress") == k.progress)
            // The chords of 4000 per cubic are within ~1e-7 of the curve; the profile's distances
            // are to certified nearest points.
            #expect(Swift.abs(try value(j, "profile_max") - maximum) <= 1e-6 * max(1, maximum), "keyframe \(j)")
            #expect(Swift.abs(try value(j, "profile_max_px") - 3 * maximum) <= 3e-6 * max(1, maximum), "keyframe \(j)")
            #expect(Swift.abs(try value(j, "profile_rms") - rms) <= 1e-6 * max(1, rms), "keyframe \(j)")
            #expect(try value(j, "profile_rms_px") == 3 * value(j, "profile_rms"))
            #expect(try value(j, "profile_max_px") == 3 * value(j, "profile_max"))
        }
        #expect(overall > 0.1, "the linear profile should miss the middle keyframe")
        // The table's overall lines: over every keyframe's points.
        let line = { (name: String) -> Double? in
            r.stdout.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        let printedMax = try #require(line("profile_max_px"))
        #expect(Swift.abs(printedMax - 3 * overall) <= 1e-5 * 3 * overall)
        let printedRMS = try #require(line("profile_rms_px"))
        let rms = (sum / Double(count)).squareRoot()
        #expect(Swift.abs(printedRMS - 3 * rms) <= 1e-5 * 3 * rms)
        #expect(r.stdout.contains("progress  profile_rms  profile_max  profile_rms_px  profile_max_px"))
    }
}
