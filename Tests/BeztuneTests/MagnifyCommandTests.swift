import Foundation
import DataFiles
import Render
import Testing
import _TestSupport

@Suite("beztune magnify and error-curve --png")
struct MagnifyCommandTests {
    /// Radial error at the midpoint of a symmetric quarter arc, from the closed form in
    /// REFERENCES.md: |B|² − 1 = s²(c₀ − C·s), s = ¼, c₀ = 9k² + 6k − 6, C = 2(3k − 2)².
    func midpointError(_ k: Double) -> Double {
        let s = 0.25, c0 = 9 * k * k + 6 * k - 6, c = 2 * (3 * k - 2) * (3 * k - 2)
        return (1 + s * s * (c0 - c * s)).squareRoot() - 1
    }

    @Test("the magnified 1/1.8 curve passes through 1 + F·e at 45°, in its colour; the legend gives max |e|")
    func magnifier() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("m.png").path
        let r = try BinaryRunner.run(["magnify", "--k", "1/1.8", "--k", "0.5523", "--segments", "4", "--factor", "200", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let e = midpointError(1 / 1.8)  // the maximum for k = 1/1.8 (at t = ½, 45°)
        #expect(r.stdout.contains(String(format: "%.4g", e)), "\(r.stdout)")
        let image = try RasterImage(png: Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(image.width == 720 && image.height == 720)
        let extent = min(max(1.05, (1 + 200 * e) * 1.05), 3)
        let scale = (720.0 - 80) / (2 * extent)
        let radius = (1 + 200 * e) * scale
        let x = 360 + radius * cos(Double.pi / 4), y = 360 - radius * sin(Double.pi / 4)
        var found = false
        for dx in -2...2 {
            for dy in -2...2 {
                let p = image[Int(x) + dx, Int(y) + dy]
                if p.b > 120 && p.r < 80 { found = true }  // palette blue 0x0072B2
            }
        }
        #expect(found, "no blue ink near (\(x), \(y))")
        // The true circle (dashed grey) lies well inside at that angle: no blue there.
        let inner = image[Int(360 + scale * cos(Double.pi / 4) * 0.9), Int(360 - scale * sin(Double.pi / 4) * 0.9)]
        #expect(!(inner.b > 120 && inner.r < 80))
    }

    @Test("error-curve --png writes a chart next to the CSV")
    func errorCurvePNG() throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["error-curve", "--k", "minimax", "--segments", "4", "--csv", folder.file("c.csv").path,
                                      "--png", folder.file("c.png").path])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try RasterImage(png: Data(contentsOf: folder.file("c.png")))
        #expect(image.width == 800 && image.height == 500)
        #expect(try folder.contents() == ["c.csv", "c.png"])
    }

    @Test("bad input: one line, exit 2, nothing written")
    func badInput() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("m.png").path
        expectFailure(try BinaryRunner.run(["magnify", "--out", out]), status: 2, mentioning: ["--k"])
        expectFailure(try BinaryRunner.run(["magnify", "--k", "0.55"]), status: 2, mentioning: ["--out"])
        expectFailure(try BinaryRunner.run(["magnify", "--k", "-1", "--out", out]), status: 2, mentioning: ["positive"])
        expectFailure(try BinaryRunner.run(["magnify", "--k", "0.55", "--factor", "nan", "--out", out]), status: 2, mentioning: ["--factor"])
        expectFailure(try BinaryRunner.run(["magnify", "--k", "0.55", "--segments", "1", "--out", out]), status: 2, mentioning: ["segments"])
        expectFailure(try BinaryRunner.run(["magnify", "--k", "0.55", "--size", "0x0", "--out", out]), status: 2, mentioning: ["--size"])
        #expect(try folder.contents().isEmpty)
        expectFailure(try BinaryRunner.run(["magnify", "--k", "0.55", "--out", folder.file("missing/m.png").path]),
                      status: 1, mentioning: ["missing"])
    }
}
