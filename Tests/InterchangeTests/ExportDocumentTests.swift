import Deform
import Foundation
import Geometry
import Interchange
import Testing

@Suite("the svg and json exports")
struct ExportDocumentTests {
    @Test("json: every input reads back to the same animation, bit for bit")
    func documentRoundTrip() throws {
        for (name, a) in ExportFixtures.all {
            let text = try ExportFormat.json.render(a)
            #expect(text.contains("\"format\": \"beztune-animation\""))
            let back = try AnimationDocument(parsing: text).animation
            #expect(back.model.name == a.model.name, "\(name)")
            #expect(back.profile == a.profile, "\(name)")
            #expect(back.duration == a.duration && back.keyframeTimes == a.keyframeTimes, "\(name)")
            #expect(back.standardErrors.count == a.standardErrors.count)
            for (x, y) in zip(back.standardErrors, a.standardErrors) {
                #expect(x.name == y.name && (x.value == y.value || (x.value.isNaN && y.value.isNaN)))
            }
            for i in 0...20 {
                let p = Double(i) / 20
                #expect(back.outline(at: p) == a.outline(at: p), "\(name) at \(p)")
            }
            // The text is itself deterministic: writing what was read gives the same bytes.
            #expect(try ExportFormat.json.render(back) == text)
        }
    }

    @Test("json: bad documents are refused with one line naming the place")
    func documentErrors() throws {
        let good = try ExportFormat.json.render(ExportFixtures.posedMixed)
        let cases: [(String, String)] = [
            ("{\"a\": 1,}", "line 1"),
            ("[1, 2]", "expected a BezierTune document"),
            ("{\"v\": \"5.7.0\", \"fr\": 60, \"ip\": 0, \"op\": 60, \"layers\": []}", "no \"format\" key"),
            (good.replacingOccurrences(of: "\"beztune-animation\"", with: "\"other\""), "$.format"),
            (good.replacingOccurrences(of: "\"model\": \"ball\"", with: "\"model\": \"oval\""), "unknown model 'oval'"),
            (good.replacingOccurrences(of: "\"radius\": 40", with: "\"radiux\": 40"), "$.parameters.radiux"),
            (good.replacingOccurrences(of: "\"radius\": 40", with: "\"radius\": -40"), "outside its bounds"),
            (good.replacingOccurrences(of: "spring(18,0.45,2)", with: "spring(18,zeta,2)"), "$.timings.yFactor.timings[0]"),
            (good.replacingOccurrences(of: "\"duration\": 1.5", with: "\"duration\": 0"), "duration must be a positive"),
            (good.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"), "$.version"),
        ]
        for (text, expected) in cases {
            do {
                _ = try AnimationDocument(parsing: text)
                Issue.record("accepted: \(expected)")
            } catch {
                #expect(error.message.contains(expected), "\(error.message) should mention \(expected)")
                #expect(!error.message.contains("\n"))
            }
        }
        #expect(good.contains("spring(18,0.45,2)"))
        #expect(AnimationDocument.isDocument(try JSONReader().parse(good)))
        #expect(!AnimationDocument.isDocument(try JSONReader().parse("{\"v\": \"5.7.0\", \"layers\": []}")))
    }

    @Test("svg: one path per frame at fps × duration, each the outline at progress i/n to the last bit; --progress gives one")
    func svgFrames() throws {
        let a = ExportFixtures.posedMixed  // 1.5 s
        let export = try SVGFramesExport(a, options: ExportOptions(framesPerSecond: 24))
        #expect(export.ids.count == 37 && export.ids.first == "frame-0000" && export.ids.last == "frame-0036")
        let data = Self.pathData(export.text)
        #expect(data.count == 37)
        for (i, d) in data.enumerated() {
            #expect(try Path(svgPathData: d) == a.outline(at: Double(i) / 36), "frame \(i)")
        }
        let one = try SVGFramesExport(a, options: ExportOptions(progress: 0.3))
        #expect(one.ids == ["outline"])
        #expect(try Path(svgPathData: Self.pathData(one.text)[0]) == a.outline(at: 0.3))
        #expect(!export.text.contains("<defs") && !export.text.contains("<text"))
        #expect(try SVGFramesExport(ExportFixtures.still).ids == ["outline"])
        // Every frame lies inside the view box.
        let viewBox = export.text.components(separatedBy: "viewBox=\"")[1].components(separatedBy: "\"")[0]
            .split(separator: " ").map { Double($0)! }
        for i in stride(from: 0, through: 36, by: 3) {
            let b = a.outline(at: Double(i) / 36).boundingBox!
            #expect(b.minX >= viewBox[0] && b.minY >= viewBox[1] && b.maxX <= viewBox[0] + viewBox[2] && b.maxY <= viewBox[1] + viewBox[3])
        }
    }

    @Test("formats by name; bad options refused with one line and nothing rendered")
    func formatsAndOptions() throws {
        #expect(ExportFormat.allCases.map(\.rawValue) == ["svg", "svg-animated", "css", "swift-uikit", "swiftui", "lottie", "json"])
        #expect(try ExportFormat(name: "svg-animated") == .svgAnimated)
        #expect(throws: ExportError.self) { try ExportFormat(name: "gif") }
        do { _ = try ExportFormat(name: "gif") } catch { #expect(error.message.contains("swift-uikit")) }
        let a = ExportFixtures.sharedCubic
        for bad in [ExportOptions(framesPerSecond: 0), ExportOptions(framesPerSecond: .nan), ExportOptions(framesPerSecond: -3),
                    ExportOptions(progress: 1.5), ExportOptions(progress: .nan), ExportOptions(typeName: "3D"),
                    ExportOptions(linearEasingTolerance: 0)] {
            for format in ExportFormat.allCases where format != .json {
                #expect(throws: ExportError.self) { try format.render(a, options: bad) }
            }
        }
        let long = try ShapeAnimation(model: CatalogModel.ball, profile: a.profile, duration: 1e9)
        #expect(throws: ExportError.self) { try ExportFormat.svg.render(long) }
        // A model the Swift exports do not write.
        let scene = try ModelCatalog.model(named: "loading")
        let sceneAnimation = try ShapeAnimation(model: scene, parameters: scene.defaultParameters)
        for format in [ExportFormat.swiftUIKit, .swiftUI] {
            do { _ = try format.render(sceneAnimation); Issue.record("accepted") } catch {
                #expect(error.message.contains("loading"))
            }
        }
        #expect(try ExportFormat.svg.render(sceneAnimation).contains("<path id=\"outline\""))
    }

    /// The `d` attributes of the document's paths, in order.
    static func pathData(_ svg: String) -> [String] {
        svg.components(separatedBy: " d=\"").dropFirst().map { $0.components(separatedBy: "\"")[0] }
    }
}
