import Foundation
import Testing
import _TestSupport

/// `export --timing`: the start (rest, `--from-set`, `--from-fit`) and the end (`--model --set`,
/// `--fit`) of the transition, each frame the outline `beztune model` draws there.
@Suite("export --timing: from rest, a set or a fit to the shape")
struct ExportTimingTests {
    /// The path data of the one outline `export --format svg --progress P` writes.
    static func frame(_ arguments: [String], progress: Double, in folder: TemporaryFolder) throws -> String? {
        let out = folder.file("frame.svg")
        let r = try BinaryRunner.run(["export"] + arguments + ["--format", "svg", "--progress", String(progress), "--out", out.path],
                                     in: folder.url)
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        let text = try? String(contentsOf: out, encoding: .utf8)
        return text?.components(separatedBy: "id=\"outline\" d=\"").dropFirst().first?.components(separatedBy: "\"").first
    }

    /// `beztune model --name ball` with these arguments.
    static func model(_ arguments: [String]) throws -> String {
        let r = try BinaryRunner.run(["model", "--name", "ball"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func numbers(_ d: String?) -> [Double] {
        (d ?? "").split(whereSeparator: { $0 == " " || $0.isLetter }).compactMap { Double($0) }
    }

    static func expectSame(_ a: String?, _ b: String, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (x, y) = (numbers(a), numbers(b))
        #expect(x.count == y.count && x.count > 0, "\(note): \(x.count) vs \(y.count) numbers", sourceLocation: sourceLocation)
        let worst = zip(x, y).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst <= 1e-9, "\(note): \(worst)", sourceLocation: sourceLocation)
    }

    @Test("rest → the set shape, the pose held: each frame is model --timing --progress's")
    func fromRest() throws {
        let folder = try TemporaryFolder()
        let end = ["--set", "yFactor=0.8", "--set", "topYFactor=0.6", "--set", "tx=10", "--set", "ty=-4"]
        for p in [0, 0.3, 0.5, 1] {
            let d = try Self.frame(["--model", "ball"] + end + ["--timing", "ease-in", "--duration", "0.4"], progress: p, in: folder)
            Self.expectSame(d, try Self.model(end + ["--timing", "ease-in", "--progress", String(p)]), "progress \(p)")
        }
        // At rest the pose stays: the ball undeformed where the end is placed.
        let d = try Self.frame(["--model", "ball"] + end + ["--timing", "ease-in"], progress: 0, in: folder)
        Self.expectSame(d, try Self.model(["--set", "tx=10", "--set", "ty=-4"]), "rest")
    }

    @Test("svg-animated writes dur as a SMIL clock value: digits, never an exponent", arguments: [
        ("1e-7", "0.0000001s"), ("0.25", "0.25s"), ("1.5e-4", "0.00015s"), ("1e21", "1000000000000000000000s"), ("123456.5", "123456.5s"),
    ])
    func clockValue(_ duration: String, _ written: String) throws {
        let folder = try TemporaryFolder()
        let r = try BinaryRunner.run(["export", "--model", "ball", "--set", "yFactor=0.8", "--timing", "ease", "--duration", duration,
                                      "--format", "svg-animated", "--out", "a.svg"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: folder.file("a.svg"), encoding: .utf8)
        #expect(text.contains("dur=\"\(written)\""), "\(text.prefix(600))")
        // SMIL 3.0 Timecount-val: digits, optionally a fraction, then the metric.
        let dur = text.components(separatedBy: "dur=\"").dropFirst().first?.components(separatedBy: "\"").first ?? ""
        #expect(dur.wholeMatch(of: /[0-9]+(\.[0-9]+)?s/) != nil, "\(dur)")
    }

    @Test("--from-set and --from-fit start the transition at that shape; --fit ends it at the fit's")
    func fromSetAndFit() throws {
        let folder = try TemporaryFolder()
        try BadInputTable.fitResult().write(to: folder.file("fit.csv"), atomically: true, encoding: .utf8)
        let fromSet = try Self.frame(["--model", "ball", "--set", "yFactor=0.5", "--timing", "ease", "--from-set", "yFactor=1.3"],
                                     progress: 0, in: folder)
        Self.expectSame(fromSet, try Self.model(["--set", "yFactor=1.3"]), "--from-set at progress 0")
        let fromFit = try Self.frame(["--model", "ball", "--set", "yFactor=0.5", "--timing", "ease", "--from-fit", "fit.csv"],
                                     progress: 0, in: folder)
        Self.expectSame(fromFit, try Self.model(["--set", "yFactor=0.8"]), "--from-fit at progress 0")
        for p in [0.5, 1] {
            let toFit = try Self.frame(["--fit", "fit.csv", "--timing", "spring(12,0.4)", "--from-set", "yFactor=1.2"],
                                       progress: p, in: folder)
            // The spring's value between the ends, the fit's value exactly at progress 1.
            let y = p == 1 ? 0.8 : 1.2 + (0.8 - 1.2) * Self.spring(at: p)
            Self.expectSame(toFit, try Self.model(["--set", "yFactor=\(y)"]), "--fit end, progress \(p)")
        }
    }

    @Test("the README's minimal json document plays as export --timing does")
    func minimalDocument() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let after = try #require(readme.components(separatedBy: "A minimal document (rest → squash, ease-out, 0.3 s):\n\n").dropFirst().first)
        let json = after.split(separator: "\n").prefix { $0.hasPrefix("    ") }.joined(separator: "\n")
        let folder = try TemporaryFolder()
        try json.write(to: folder.file("min.json"), atomically: true, encoding: .utf8)
        for p in [0, 0.25, 0.6, 1] {
            let document = try Self.frame(["--document", "min.json"], progress: p, in: folder)
            let timed = try Self.frame(["--model", "ball", "--set", "yFactor=0.8", "--timing", "ease-out", "--duration", "0.3"],
                                       progress: p, in: folder)
            Self.expectSame(document, timed ?? "", "progress \(p)")
        }
    }

    /// spring(12, 0.4) at progress x: 1 − e^(−ζωx)(cos ω_d x + ζω/ω_d · sin ω_d x), ω_d = ω√(1 − ζ²).
    static func spring(at x: Double) -> Double {
        let (w, z) = (12.0, 0.4)
        let wd = w * (1 - z * z).squareRoot()
        return 1 - exp(-z * w * x) * (cos(wd * x) + z * w / wd * sin(wd * x))
    }
}
