import Foundation
import Testing
import _TestSupport

@Suite("beztune model")
struct ModelCommandTests {
    /// The numbers of SVG path data (commands dropped).
    func numbers(_ svg: String) -> [Double] {
        svg.split(whereSeparator: { " MCZ\n".contains($0) }).map { Double($0)! }
    }

    /// The rest circle's 13 stored points in model space (y-up): radius 50, k = 4/3(√2 − 1),
    /// from the bottom counter-clockwise.
    var circle: [(Double, Double)] {
        let r = 50.0, h = 4.0 / 3.0 * (2.0.squareRoot() - 1) * r
        return [(0, 0), (h, 0), (r, r - h), (r, r), (r, r + h), (h, 2 * r), (0, 2 * r),
                (-h, 2 * r), (-r, r + h), (-r, r), (-r, r - h), (-h, 0), (0, 0)]
    }

    func expectPoints(_ svg: String, _ expected: [(Double, Double)], flipped: Bool = true,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(svg.hasPrefix("M0 0 C") && svg.hasSuffix(" Z\n"), sourceLocation: sourceLocation)
        let v = numbers(svg)
        #expect(v.count == 26, sourceLocation: sourceLocation)
        guard v.count == 26 else { return }
        for (i, (x, y)) in expected.enumerated() {
            #expect(abs(v[2 * i] - x) < 1e-12 && abs(v[2 * i + 1] - (flipped ? -y : y)) < 1e-12,
                    "point \(i): (\(v[2 * i]), \(v[2 * i + 1])) vs (\(x), \(y))", sourceLocation: sourceLocation)
        }
    }

    @Test("--list prints every parameter with default, bounds and description")
    func list() throws {
        let r = try BinaryRunner.run(["model", "--list"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].split(separator: " ", omittingEmptySubsequences: true)
                == ["model", "parameter", "default", "lower", "upper", "description"])
        #expect(lines.filter { $0.hasPrefix("ball ") }.count == 20)
        let radius = lines.first { $0.contains(" radius ") }!.split(separator: " ").map(String.init)
        #expect(Array(radius[0...4]) == ["ball", "radius", "50", "0", "inf"])
        let k = lines.first { $0.hasPrefix("ball ") && $0.split(separator: " ")[1] == "k" }!.split(separator: " ").map(String.init)
        #expect(Array(k[1...4]) == ["k", "0.5522847498307935", "0", "2"])
        let top = lines.first { $0.contains("topYFactor") }!.split(separator: " ").map(String.init)
        #expect(Array(top[1...4]) == ["topYFactor", "yFactor", "0", "10"], "an override's default is its parent")
        for name in ["xFactor", "yFactor", "leftXFactor", "bottomYFactor", "topRightHandleFactor", "bottomLeftHandleFactor"] {
            #expect(r.stdout.contains(" \(name) "))
        }
    }

    @Test("progress 0 prints the exact circle, flipped to y-down SVG unless --y-up")
    func restShape() throws {
        let r = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0", "--set", "yFactor=0.5"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        expectPoints(r.stdout, circle)
        let up = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0", "--y-up"])
        expectPoints(up.stdout, circle, flipped: false)
    }

    @Test("--set topYFactor=0.6 at progress 0.5 squashes only the top anchor and its handles, by 0.8")
    func topSquash() throws {
        let r = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0.5", "--set", "topYFactor=0.6"])
        #expect(r.status == 0)
        var expected = circle
        for i in 5...7 { expected[i].1 *= 0.8 }
        expectPoints(r.stdout, expected)
    }

    @Test("--set yFactor=0.8 squashes everything (progress defaults to 1); a timing function shapes the way there")
    func globalSquashAndTiming() throws {
        let r = try BinaryRunner.run(["model", "--name", "ball", "--set", "yFactor=0.8", "--set", "xFactor=1.2"])
        expectPoints(r.stdout, circle.map { (1.2 * $0.0, 0.8 * $0.1) })
        // ease at 0.5 is 0.8024033875848570: y factor 1 − 0.2·0.8024…
        let eased = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0.5", "--set", "yFactor=0.8", "--timing", "ease"])
        let f = 1 - 0.2 * 0.80240338758485699057
        expectPoints(eased.stdout, circle.map { ($0.0, f * $0.1) })
        let bezier = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0.5", "--set", "yFactor=0.8",
                                           "--timing", "cubic-bezier(0.25, 0.1, 0.25, 1)"])
        #expect(bezier.stdout == eased.stdout)
        let spring = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0.2", "--set", "yFactor=0.8", "--timing", "spring(20,0.3)"])
        #expect(spring.status == 0 && spring.stdout != eased.stdout)
        // Springs in seconds play over 1 s in `model`: ca-spring(stiffness:100,damping:10) is
        // ω_s = √100 = 10 rad/s, ζ = 10/(2√100) = 0.5, so spring(10,0.5); swiftui-spring's
        // ω_s = 2π/response: response 2π/10 gives ω_s = 10.
        let perProgress = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0.2", "--set", "yFactor=0.8", "--timing", "spring(10,0.5)"])
        let ca = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0.2", "--set", "yFactor=0.8",
                                       "--timing", "ca-spring(mass:1,stiffness:100,damping:10,velocity:0)"])
        #expect(perProgress.status == 0 && ca.status == 0 && ca.stdout == perProgress.stdout)
        let swiftUI = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0.2", "--set", "yFactor=0.8",
                                            "--timing", "swiftui-spring(response:\(2 * Double.pi / 10),dampingFraction:0.5)"])
        #expect(swiftUI.status == 0)
        // y(0.2) = 1 − e^{−ζωt}(cos ω_d t + (ζω/ω_d)·sin ω_d t), ω = 10, ζ = 0.5, ω_d = ω√(1 − ζ²), t = 0.2.
        let wd = 10 * 0.75.squareRoot()
        let y = 1 - exp(-1.0) * (cos(wd * 0.2) + 5 / wd * sin(wd * 0.2))
        expectPoints(swiftUI.stdout, circle.map { ($0.0, (1 - 0.2 * y) * $0.1) })
    }

    @Test("--format csv prints the control points in model space; --csv FILE writes the same")
    func csv() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("ball.csv")
        let r = try BinaryRunner.run(["model", "--name", "ball", "--progress", "0", "--format", "csv", "--csv", file.path])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "index,x,y,kind" && lines.count == 14)
        for (i, line) in lines.dropFirst().enumerated() {
            let f = line.split(separator: ",").map(String.init)
            #expect(Int(f[0]) == i)
            #expect(abs(Double(f[1])! - circle[i].0) < 1e-12 && abs(Double(f[2])! - circle[i].1) < 1e-12)
            #expect(f[3] == (i % 3 == 0 ? "anchor" : "handle"))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == r.stdout)
        #expect(try folder.contents() == ["ball.csv"], "no temporary file left behind")
    }

    @Test("bad input: one line on stderr listing what is valid, exit 2, no output file")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let csv = folder.file("out.csv").path
        func run(_ a: [String]) throws -> BinaryRunner.Result { try BinaryRunner.run(["model"] + a + ["--csv", csv]) }
        expectFailure(try run(["--name", "blob"]), status: 2, mentioning: ["unknown model 'blob'", "models: ball"])
        expectFailure(try run(["--name", "ball", "--set", "topFactor=1"]), status: 2,
                      mentioning: ["unknown parameter 'topFactor'", "radius, k, xFactor, yFactor", "topYFactor"])
        expectFailure(try run(["--name", "ball", "--set", "yFactor=12"]), status: 2,
                      mentioning: ["yFactor = 12 is outside its bounds [0, 10]"])
        expectFailure(try run(["--name", "ball", "--set", "radius=-5"]), status: 2, mentioning: ["[0, inf]"])
        expectFailure(try run(["--name", "ball", "--set", "yFactor=nan"]), status: 2, mentioning: ["yFactor = nan", "not a finite number"])
        expectFailure(try run(["--name", "ball", "--set", "yFactor"]), status: 2, mentioning: ["expected NAME=VALUE", "parameters: radius"])
        expectFailure(try run(["--name", "ball", "--set", "yFactor=abc"]), status: 2, mentioning: ["'abc'", "expected a number"])
        expectFailure(try run(["--name", "ball", "--set", "yFactor=0.8", "--set", "yFactor=0.9"]), status: 2,
                      mentioning: ["'yFactor' is set more than once"])
        for p in ["nan", "1.5", "-0.1", "abc", "inf"] {
            expectFailure(try run(["--name", "ball", "--progress", p]), status: 2, mentioning: ["'\(p)'", "--progress", "[0, 1]"])
        }
        expectFailure(try run(["--name", "ball", "--timing", "bounce"]), status: 2,
                      mentioning: ["unknown timing function 'bounce'", "easeInEaseOut", "cubic-bezier(x1,y1,x2,y2)", "spring(omega,zeta"])
        expectFailure(try run(["--name", "ball", "--timing", "cubic-bezier(1.5,0,1,1)"]), status: 2, mentioning: ["x1 and x2 must lie in [0, 1]"])
        expectFailure(try run(["--name", "ball", "--timing", "ca-spring(stiffness:100)"]), status: 2, mentioning: ["missing 'damping:'"])
        expectFailure(try run(["--name", "ball", "--timing", "swiftui-spring(response:-1,dampingFraction:0.5)"]), status: 2,
                      mentioning: ["response must be a positive finite number of seconds"])
        expectFailure(try run(["--name", "ball", "--format", "png"]), status: 2, mentioning: ["'png'", "svg, csv"])
        expectFailure(try run(["--name", "ball", "--format", "csv", "--y-up"]), status: 2, mentioning: ["--y-up applies to --format svg"])
        expectFailure(try run([]), status: 2, mentioning: ["give --list or --name MODEL", "models: ball"])
        expectFailure(try run(["--list", "--name", "ball"]), status: 2, mentioning: ["--list and --name cannot be used together"])
        expectFailure(try BinaryRunner.run(["model", "--list", "--progress", "0.5"]), status: 2, mentioning: ["--list takes no other options"])
        #expect(try folder.contents().isEmpty, "no output file after a failure")
        expectFailure(try BinaryRunner.run(["model", "--name", "ball", "--csv", folder.file("no/such/out.csv").path]),
                      status: 1, mentioning: ["no/such"])
    }

    @Test("--help documents the options and the conventions")
    func help() throws {
        let r = try BinaryRunner.run(["model", "--help"])
        #expect(r.status == 0)
        for option in ["--list", "--name", "--progress", "--set", "--timing", "--format", "--y-up", "--csv", "y-up", "bottom point"] {
            #expect(r.stdout.contains(option))
        }
        let top = try BinaryRunner.run(["--help"])
        #expect(top.stdout.contains("model"))
    }
}
