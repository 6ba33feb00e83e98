import Deform
import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport

/// The `lottie` export checked by libraries nobody here wrote, in the pinned reference venv:
/// every file validates against the Lottie specification's JSON schema (lottie-specs) and loads
/// in python-lottie, whose evaluation of the shape at 50 frames — between keyframes too — equals
/// the library's outline within the keyframes' tolerance, 1e-3 of the size (Resources/lottie_check.py).
@Suite("Lottie export against lottie-specs and python-lottie", .serialized)
struct LottieExportTests {
    /// The outline python-lottie evaluated: vertices, in and out tangents per subpath, as a path
    /// of cubics (tangents relative to their vertex).
    static func path(_ subpaths: [JSONValue]) -> Path {
        var out = Path()
        func pt(_ v: JSONValue) -> Point { Point(v.array![0].number!, v.array![1].number!) }
        for s in subpaths {
            let v = s["v"]!.array!.map(pt), i = s["i"]!.array!.map(pt), o = s["o"]!.array!.map(pt)
            out.move(to: v[0])
            let closed = s["closed"]?.bool ?? false
            for k in 0..<(closed ? v.count : v.count - 1) {
                let a = k, b = (k + 1) % v.count
                out.cubic(to: v[b], control1: v[a] + o[a], control2: v[b] + i[b])
            }
            if closed { out.close() }
        }
        return out
    }

    @Test("every export validates against the Lottie schema, loads in python-lottie and equals the library within 1e-3 of the size at 50 frames")
    func againstPythonLottie() throws {
        let python = try referencePython()
        let folder = try TemporaryFolder()
        for (name, a) in ExportFixtures.all {
            let export = try LottieExport(a, options: ExportOptions(framesPerSecond: 30))
            let file = folder.file("\(name).json")
            try export.text.write(to: file, atomically: true, encoding: .utf8)
            let op = Double(export.outFrame)
            let frames = (0..<50).map { op * Double($0) / 49 }
            let r = try run(python, [exportResources.appendingPathComponent("lottie_check.py").path, file.path] + frames.map { "\($0)" })
            guard r.status == 0 else { throw ReferenceError("lottie_check.py failed on \(name): \(r.err)") }
            let result = try JSONReader().parse(r.out)
            let errors = result["errors"]?.array ?? []
            #expect(errors.isEmpty, "\(name): \(errors.prefix(3).compactMap(\.string))")
            #expect(result["fr"]?.number == 30 && result["ip"]?.number == 0 && result["op"]?.number == op)
            #expect(result["op"]?.number == (30 * a.duration).rounded())
            #expect(result["position"]?.array?.compactMap(\.number) == [export.offset.x, export.offset.y])
            let evaluated = result["frames"]?.array ?? []
            #expect(evaluated.count == 50)
            var worst = 0.0
            for (frame, subpaths) in zip(frames, evaluated) {
                let got = Self.path(subpaths.array ?? [])
                // The shape's own coordinates: the pose's translation is the layer's.
                let expected = a.outline(at: frame / op).transformed(by: .translation(x: -export.translation.x, y: -export.translation.y))
                // The ball's closing point repeats its start, which Lottie leaves out.
                let d = zip(got.points, expected.points).map { $0.distance(to: $1) }.max() ?? .infinity
                #expect(got.points.count == expected.points.count && got.verbs == expected.verbs)
                worst = max(worst, d / a.size)
            }
            #expect(worst <= 1e-3 * (1 + 1e-6), "\(name): python-lottie's frames are \(worst) of the size from the library's")
            print("lottie \(name): \(export.plan.keyframes.count) keyframes, python-lottie within \(worst) of the size at 50 frames")
        }
    }

    @Test("the document's structure: fr, ip, op, w, h; path keyframes with o/i easing handles at frame p·op; a still shape is static")
    func structure() throws {
        let a = ExportFixtures.sharedCubic  // 0.8 s, nine fitted keyframes, one shared cubic-bezier
        let export = try LottieExport(a)
        let json = try JSONReader().parse(export.text)
        #expect(json["fr"]?.number == 60 && json["ip"]?.number == 0 && json["op"]?.number == 48)
        #expect((json["w"]?.number ?? 0) >= 1 && (json["h"]?.number ?? 0) >= 1)
        let layer = json["layers"]?.array?.first
        #expect(layer?["ty"]?.number == 4)
        let path = layer?["shapes"]?.array?.first?["it"]?.array?.first
        #expect(path?["ty"]?.string == "sh")
        let keys = path?["ks"]?["k"]?.array ?? []
        #expect(keys.count == 9)
        for (k, key) in keys.enumerated() {
            #expect(key["t"]?.number == Double(k) / 8 * 48)
            if k < 8 {
                let e = export.plan.easings[k]
                #expect(key["o"]?["x"]?.array?.first?.number == e.x1 && key["o"]?["y"]?.array?.first?.number == e.y1)
                #expect(key["i"]?["x"]?.array?.first?.number == e.x2 && key["i"]?["y"]?.array?.first?.number == e.y2)
            } else {
                #expect(key["o"] == nil && key["i"] == nil)
            }
        }
        let still = try JSONReader().parse(try ExportFormat.lottie.render(ExportFixtures.still))
        let stillPath = still["layers"]?.array?.first?["shapes"]?.array?.first?["it"]?.array?.first
        #expect(stillPath?["ks"]?["a"]?.number == 0)
    }

    @Test("read back by the project's Lottie reader: the outline at 50 frames within 1e-3 of the size, the keyframes at p·op")
    func readBack() throws {
        for (name, a) in ExportFixtures.all {
            let export = try LottieExport(a)
            let layer = try LottieDocument(parsing: Array(export.text.utf8), source: "\(name).json").shapeLayer()
            let op = Double(export.outFrame)
            #expect(layer.frameRange == 0...op)
            let planFrames = export.plan.keyframes.count > 1 ? export.plan.keyframes.map { $0.progress * op } : []
            #expect(layer.keyframeTimes == planFrames, "\(name)")
            var worst = 0.0
            for j in 0..<50 {
                let frame = op * Double(j) / 49
                let read = try layer.outline(atFrame: frame)
                let expected = a.outline(at: frame / op).transformed(by: .translation(x: export.offset.x - export.translation.x,
                                                                                      y: export.offset.y - export.translation.y))
                let d = zip(read.points, expected.points).map { $0.distance(to: $1) }.max() ?? .infinity
                worst = max(worst, d / a.size)
            }
            #expect(worst <= 1e-3 * (1 + 1e-6), "\(name): \(worst) of the size")
        }
    }
}
