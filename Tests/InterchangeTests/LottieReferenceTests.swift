import Foundation
import Geometry
import Interchange
import Testing

/// The Lottie reader against python-lottie, an implementation nobody here wrote, and against
/// high-precision and closed-form references, on files python-lottie itself wrote
/// (`Resources/lottie/make_lottie.py`; references by `Resources/lottie/lottie_reference.py`).
///
/// Where python-lottie does not draw what the players draw, the reference is the players'
/// closed form instead (lottie_reference.py states each):
/// - ellipses (`el`): lottie-web's handle factor 0.5519 from the top point; python-lottie uses
///   (√7 − 1)/3 from the right-hand point;
/// - rounded rectangles (`rc` with `r` > 0): lottie-web's handles 0.5519·min(w/2, h/2, r);
///   python-lottie's are r/2 and unclamped;
/// - spatial position segments (`to`/`ti`): eased, then moved by arc length along the Bézier;
///   python-lottie evaluates the Bézier at the plain time fraction;
/// - square rectangles: python-lottie starts at the top-left corner, lottie-web at the top-right
///   (same cycle), so python-lottie's list is compared rotated by one vertex.
/// Eased keyframes are compared with python-lottie to 1e-6 only (it solves x(t) = x to about
/// 1e-7, as lottie-web does) and with the mpmath solve to 1e-12.
///
/// Tolerances are absolute, times the outline's size (its largest coordinate magnitude, at least 1).
@Suite struct LottieReferenceTests {
    @Test func filesAreReproducedByTheScript() throws {
        let python = try LottieReferenceVenv.python()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("beztune-lottie-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        _ = try LottieReferenceVenv.run(python, [LottieReferenceVenv.folder.appendingPathComponent("make_lottie.py").path, scratch.path])
        let committed = try LottieReferenceVenv.committedFiles()
        let made = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".json") }
        #expect(Set(made) == Set(committed.keys))
        for name in made {
            let data = try Data(contentsOf: scratch.appendingPathComponent(name))
            #expect(data == committed[name], "\(name) differs from what make_lottie.py writes")
        }
    }

    @Test func everyFileValidatesAgainstTheLottieSchema() throws {
        let refs = try LottieReferenceVenv.references()
        let committed = try LottieReferenceVenv.committedFiles()
        #expect(Set(refs.schema.keys) == Set(committed.keys))
        for (name, verdict) in refs.schema {
            #expect(verdict == "ok", "\(name): \(verdict)")
        }
    }

    @Test func outlinesMatchTheReferences() throws {
        let refs = try LottieReferenceVenv.references()
        #expect(refs.cases.count >= 600)
        var documents: [String: LottieDocument] = [:]
        var worst: [String: Double] = [:]
        for c in refs.cases {
            let document = try documents[c.file] ?? LottieDocument(
                contentsOf: LottieReferenceVenv.folder.appendingPathComponent(c.file))
            documents[c.file] = document
            let outline = try document.shapeLayer(.name(c.layer)).outline(atFrame: c.frame)
            let ours = outline.points
            let theirs = c.points.map { Point(Double($0[0]) ?? .nan, Double($0[1]) ?? .nan) }
            try #require(ours.count == theirs.count, "\(c.file) \(c.layer) frame \(c.frame): \(ours.count) points, the reference has \(theirs.count)")
            let size = max(1, theirs.map { max(abs($0.x), abs($0.y)) }.max() ?? 1)
            var error = 0.0
            for (a, b) in zip(ours, theirs) { error = max(error, abs(a.x - b.x), abs(a.y - b.y)) }
            let key = "\(c.file) \(c.reference) \(c.tolerance)"
            worst[key] = max(worst[key] ?? 0, error / size)
            #expect(error <= c.tolerance * size,
                    "\(c.file) layer \(c.layer) frame \(c.frame) vs \(c.reference) (\(c.note)): off by \(error), more than \(c.tolerance) × \(size)")
        }
        for (key, value) in worst.sorted(by: { $0.key < $1.key }) {
            print("LottieReferenceTests worst relative error: \(key): \(value)")
        }
    }
}
