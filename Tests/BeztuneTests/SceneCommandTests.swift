import Foundation
import DataFiles
import Testing
import _TestSupport

@Suite("beztune model and frames: the seed scenes")
struct SceneCommandTests {
    /// The numbers of SVG path data (commands dropped).
    func numbers(_ svg: String) -> [Double] {
        svg.split(whereSeparator: { " MCLZ\n".contains($0) }).map { Double($0)! }
    }

    /// Stored point i of `--y-up` output.
    func point(_ svg: String, _ i: Int) -> (x: Double, y: Double) {
        let v = numbers(svg)
        return (v[2 * i], v[2 * i + 1])
    }

    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        let r = try BinaryRunner.run(arguments)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(arguments): \(r.stderr)")
        return r
    }

    @Test("--list shows every scene's parameters with defaults, bounds and the seed track in the description")
    func list() throws {
        let r = try run(["model", "--list"])
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ").map(String.init) }
        let counts = Dictionary(grouping: rows, by: { $0[0] }).mapValues(\.count)
        #expect(counts == ["ball": 20, "fallingLine": 9, "loading": 19, "bubbleReveal": 3, "plumBlossom": 3, "ellipse": 2])
        let squash = try #require(rows.first { $0[0] == "fallingLine" && $0[1] == "squash" })
        #expect(Array(squash[2...4]) == ["1", "0", "10"])
        #expect(r.stdout.contains("seed: 1 → 0.8"))
        let level = try #require(rows.first { $0[1] == "waterLevel" })
        #expect(Array(level[0...4]) == ["loading", "waterLevel", "0", "0", "1"])
    }

    @Test("model --name fallingLine: the seed's frames by progress, --set moving a target or a size")
    func fallingLine() throws {
        // Points: ball 0…12 (top 6), thin line 13, 14, thick line 15…18.
        let start = try run(["model", "--name", "fallingLine", "--progress", "0", "--y-up"]).stdout
        #expect(point(start, 6) == (0, 100) && point(start, 13) == (0, 100) && point(start, 14) == (0, 200))
        let end = try run(["model", "--name", "fallingLine", "--y-up"]).stdout  // progress defaults to 1
        #expect(point(end, 6) == (0, 80) && point(end, 14) == (0, 80))
        #expect(point(end, 15) == (-5, 80) && point(end, 16) == (-5, 50) && point(end, 17) == (5, 50))
        let deeper = try run(["model", "--name", "fallingLine", "--set", "squash=0.7", "--set", "thickLineWidth=20", "--y-up"]).stdout
        #expect(abs(point(deeper, 6).y - 70) < 1e-12 && point(deeper, 16) == (-10, 50))
        // Flipped to SVG's y-down by default.
        let svg = try run(["model", "--name", "fallingLine", "--progress", "0"]).stdout
        #expect(point(svg, 14) == (0, -200))
        #expect(svg.contains("Z M0 -100 L0 -200 M"), "the thin line is its own subpath")
    }

    @Test("--timing warps a scene's whole timeline: ease-in at ½ is the seed's frame at ease-in(½)")
    func groupTiming() throws {
        let warped = numbers(try run(["model", "--name", "bubbleReveal", "--progress", "0.5", "--timing", "easeIn", "--y-up"]).stdout)
        let linear = numbers(try run(["model", "--name", "bubbleReveal", "--progress", "0.5", "--y-up"]).stdout)
        #expect(linear[6] == 525, "the right anchor: radius 25 + 500")
        // The radius is 25 + 1000·easeIn(½), ease-in(½) ≈ 0.3153: well short of 525.
        #expect(warped[6] > 25 + 1000 * 0.31 && warped[6] < 25 + 1000 * 0.32)
        // A spring overshoots; the group clamps to the last frame instead of extrapolating.
        let spring = numbers(try run(["model", "--name", "bubbleReveal", "--progress", "0.3", "--timing", "spring(20,0.2)", "--y-up"]).stdout)
        #expect(spring[6] <= 1025)
    }

    @Test("model --name loading --format csv: 32 control points; plumBlossom and bubbleReveal by progress")
    func otherScenes() throws {
        let csv = try run(["model", "--name", "loading", "--progress", "0.84", "--format", "csv"]).stdout
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 33)
        // Water line at step 5: y = 0; left control point (index 30) 10 above it.
        let left = lines[31].split(separator: ",")
        #expect(abs(Double(left[1])! + 100.0 / 6) < 1e-9 && abs(Double(left[2])! - 10) < 1e-9)
        let blossom = try run(["model", "--name", "plumBlossom", "--progress", "1", "--y-up"]).stdout
        #expect(blossom.hasPrefix("M-320 0 L-568 "))
        let small = try run(["model", "--name", "plumBlossom", "--progress", "0", "--set", "width=400", "--y-up"]).stdout
        #expect(abs(point(small, 8).x - 200) < 1e-9 && abs(point(small, 8).y - 200) < 1e-9, "the middle bump's top at (w/2, w/2)")
    }

    @Test("bad input for a scene: one line naming the parameter and what is valid, exit 2")
    func badInput() throws {
        expectFailure(try BinaryRunner.run(["model", "--name", "loading", "--set", "waterLevel=2"]), status: 2,
                      mentioning: ["waterLevel = 2 is outside its bounds [0, 1]"])
        expectFailure(try BinaryRunner.run(["model", "--name", "loading", "--set", "water=1"]), status: 2,
                      mentioning: ["unknown parameter 'water' for model 'loading'", "waterLevel", "expansion"])
        expectFailure(try BinaryRunner.run(["model", "--name", "plumBlossom", "--set", "morph=nan"]), status: 2,
                      mentioning: ["morph = nan is not a finite number"])
        expectFailure(try BinaryRunner.run(["model", "--name", "fallingLine", "--progress", "1.5"]), status: 2,
                      mentioning: ["'1.5'", "--progress", "[0, 1]"])
        expectFailure(try BinaryRunner.run(["model", "--name", "bubble"]), status: 2,
                      mentioning: ["unknown model 'bubble'", "bubbleReveal", "plumBlossom"])
        expectFailure(try BinaryRunner.run(["model", "--name", "bubbleReveal", "--timing", "bounce"]), status: 2,
                      mentioning: ["unknown timing function 'bounce'"])
    }

    @Test("frames --model loading: the seed's animation, every parameter per frame in frames.csv")
    func frames() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("loading").path
        _ = try run(["frames", "--model", "loading", "--count", "5", "--size", "120x120", "--out", out])
        let table = try CSVTable(contentsOf: URL(fileURLWithPath: out + "/frames.csv"))
        #expect(table.rows.count == 5 && table.header.contains("waterLevel") && table.header.contains("expansion"))
        let x = try table.columnIndex("expansion"), g = try table.columnIndex("circleScale")
        #expect(try table.double(row: 0, column: x) == 0)
        #expect(try table.double(row: 4, column: x) == 1)
        #expect(try table.double(row: 1, column: g) == 1, "progress 0.25: the circle is grown")
        #expect(FileManager.default.fileExists(atPath: out + "/contact.png"))
    }

    @Test("frames draw a scene part by part: regions filled, lines stroked only, parts of zero size left out")
    func paints() throws {
        let folder = try TemporaryFolder()
        _ = try run(["frames", "--model", "fallingLine", "--count", "1", "--format", "svg", "--out", folder.file("f").path])
        let svg = try String(contentsOf: folder.file("f/frame_0000.svg"), encoding: .utf8)
        let shapes = svg.components(separatedBy: "<path ").dropFirst().filter { $0.contains("stroke:rgb(0%,44.7") }
        // Progress 0: the ball (filled) and the thin line (stroke only); the thick line has no length yet.
        #expect(shapes.count == 2)
        #expect(shapes.filter { $0.contains("fill-opacity:0.18") }.count == 1)
        #expect(shapes.filter { $0.contains("fill:none") }.count == 1)
    }
}
