@testable import beztune
import DataFiles
import Fitting
import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport

/// Targets from design files: SVG documents through `SVGDrawing` with a selection, Lottie
/// frames, sequences of Lottie frames as keyframes, the `select` column of keyframe manifests,
/// and the mirrored target.
@Suite("Targets from design files: SVG selection, Lottie frames and sequences, select columns, mirror")
struct DesignFileTargetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let lottieSquash = root.appendingPathComponent("examples/designer/squash.json")

    /// A triangle drawn twice: once in a group moved by translate(100, 0) and scaled by 2, once
    /// as it is, after a shadow circle.
    static let document = """
        <svg xmlns="http://www.w3.org/2000/svg">
        <circle id="shadow" cx="0" cy="50" r="3"/>
        <g id="moved" transform="translate(100 0) scale(2)"><path id="tri" d="M0 0 L30 0 L0 40 Z"/></g>
        <path id="plain" d="M0 0 L30 0 L0 40 Z"/>
        </svg>
        """

    @Test("SVG: the selected shape with its transforms (x 2x + 100, y 2y), flipped into y-up; by id, number, group id")
    func svgSelection() throws {
        let moved = try TargetOutline(svgDocument: Self.document, selecting: TargetSelection(element: "tri"), sampleCount: 30)
        #expect(moved.outline.boundingBox == Rect(minX: 100, minY: -80, maxX: 160, maxY: 0))
        let byNumber = try TargetOutline(svgDocument: Self.document, selecting: TargetSelection(element: "2"), sampleCount: 30)
        #expect(byNumber.points == moved.points)
        let byGroup = try TargetOutline(svgDocument: Self.document, selecting: TargetSelection(element: "moved"), sampleCount: 30)
        #expect(byGroup.points == moved.points)
        // The untransformed copy: exactly the path data's target.
        let plain = try TargetOutline(svgDocument: Self.document, selecting: TargetSelection(element: "plain"), sampleCount: 30)
        #expect(plain.points == (try TargetOutline(pathData: "M0 0 L30 0 L0 40 Z", sampleCount: 30)).points)
        let asWritten = try TargetOutline(svgDocument: Self.document, selecting: TargetSelection(element: "tri"), sampleCount: 30, orientation: .yUp)
        #expect(asWritten.outline.boundingBox == Rect(minX: 100, minY: 0, maxX: 160, maxY: 80))
    }

    @Test("SVG: several shapes and no selection, a selection that matches nothing: the reader's one line")
    func svgRefusals() {
        #expect { try TargetOutline(svgDocument: Self.document, sampleCount: 30) } throws: {
            let text = "\($0)"
            return text.hasPrefix("3 shapes are drawn; select one by id or number: 1 <circle id=\"shadow\"> line 2") && !text.contains("\n")
        }
        #expect { try TargetOutline(svgDocument: Self.document, selecting: TargetSelection(element: "nope"), sampleCount: 30) } throws: {
            "\($0)" == "no element has id 'nope'"
        }
    }

    @Test("the examples' arcs as Path(svgPathData:) makes them: the document target equals the path data target bit for bit")
    func examplesAsPathData() throws {
        for name in ["squash-0.25", "squash-0.5", "squash-0.75", "squash-1"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent("examples/\(name).svg"), encoding: .utf8)
            let d = try #require(text.firstMatch(of: /\sd="([^"]+)"/)?.output.1)
            let document = try TargetOutline(svgDocument: text, sampleCount: 720)
            let data = try TargetOutline(pathData: String(d), sampleCount: 720)
            #expect(document.points == data.points, "\(name)")
        }
    }

    /// y(x) of cubic-bezier(x1, 0, x2, 1) (``ReferenceEasing/cubicBezier(x1:y1:x2:y2:at:)``).
    static func cubicBezier(x1: Double, x2: Double, at x: Double) -> Double {
        ReferenceEasing.cubicBezier(x1: x1, y1: 0, x2: x2, y2: 1, at: x)
    }


    @Test("Lottie: the layer at a frame, flipped into y-up; eased as cubic-bezier(0.33, 0, 0.2, 1) (closed form to 1e-12)")
    func lottieFrame() throws {
        let file = Self.lottieSquash.path
        for frame in [0.0, 4.5, 15, 30] {
            let t = try TargetOutline(contentsOfFile: file, selecting: TargetSelection(frame: frame), sampleCount: 40)
            let y = Self.cubicBezier(x1: 0.33, x2: 0.2, at: frame / 30)
            let (sx, sy) = (1 + 0.2 * y, 1 - 0.2 * y)
            let box = try #require(t.outline.boundingBox)
            let top: Double = -400 + 100 * sy, right: Double = 256 + 50 * sx, left: Double = 256 - 50 * sx
            #expect(abs(box.minY + 400) < 1e-12, "frame \(frame)")
            #expect(abs(box.maxY - top) < 1e-11, "frame \(frame)")
            #expect(abs(box.maxX - right) < 1e-11, "frame \(frame)")
            #expect(abs(box.minX - left) < 1e-11, "frame \(frame)")
        }
        let named = try TargetOutline(contentsOfFile: file, selecting: TargetSelection(layer: "Ball", frame: 15), sampleCount: 40)
        let indexed = try TargetOutline(contentsOfFile: file, selecting: TargetSelection(layer: "0", frame: 15), sampleCount: 40)
        #expect(named.points == indexed.points)
    }

    @Test("Lottie refusals: no frame, a frame out of range, a missing layer, not Lottie; each naming the file")
    func lottieRefusals() throws {
        let file = Self.lottieSquash.path
        func message(_ selection: TargetSelection, _ path: String = file) -> String {
            do { _ = try TargetOutline(contentsOfFile: path, selecting: selection); return "" } catch { return error.description }
        }
        #expect(message(TargetSelection()) == "\(file): a Lottie animation needs the frame whose outline is the target")
        #expect(message(TargetSelection(frame: 31)).hasPrefix("\(file): layer 0 \"Ball\": frame 31 is outside the layer's frames 0 to 30"))
        #expect(message(TargetSelection(layer: "Shadow", frame: 1)).hasPrefix("\(file): no layer is named \"Shadow\""))
        let folder = try TemporaryFolder()
        try "[1, 2]".write(to: folder.file("list.json"), atomically: true, encoding: .utf8)
        #expect(message(TargetSelection(frame: 0), folder.file("list.json").path).hasPrefix("\(folder.file("list.json").path): not a Lottie document"))
        #expect(TargetFormat(fileName: "A.JSON") == .lottie && TargetFormat.lottie.defaultOrientation == .yDown)
    }

    @Test("LottieKeyframeSequence: frames from + k·step up to to, progress (f − k₀)/(k₁ − k₀) over the keyframes (here ip and op), range checks")
    func lottieSequence() throws {
        let document = try LottieDocument(parsing: [UInt8](try Data(contentsOf: Self.lottieSquash)), source: "squash.json")
        let layer = try document.shapeLayer()
        #expect(try LottieKeyframeSequence(layer: layer).frames == (0...30).map(Double.init))
        let tenths = try LottieKeyframeSequence(layer: layer, from: 0, to: 3, step: 0.1)
        #expect(tenths.frames.count == 31 && tenths.frames.last == 3 && tenths.frames[7] == 7 * 0.1)
        let uneven = try LottieKeyframeSequence(layer: layer, from: 1, to: 30, step: 4)
        #expect(uneven.frames == [1, 5, 9, 13, 17, 21, 25, 29])
        #expect(uneven.progress(ofFrame: 15) == 0.5)
        #expect(uneven.span == 0...30 && uneven.spanIsKeyed && uneven.duration == 1 && uneven.frameRate == 30)
        #expect { try LottieKeyframeSequence(layer: layer, from: -1) } throws: { "\($0)".contains("frame -1 is outside the keyframes' frames 0 to 30") }
        #expect { try LottieKeyframeSequence(layer: layer, from: 20, to: 10) } throws: { "\($0)".contains("backwards") }
        #expect { try LottieKeyframeSequence(layer: layer, step: 1e-6) } throws: { "\($0)".contains("more than 10000 frames") }
        let keyframes = try LottieKeyframeSequence(layer: layer, from: 0, to: 30, step: 10).keyframes(sampleCount: 20)
        let expected: [Double] = [0, 10.0 / 30, 20.0 / 30, 1]
        #expect(keyframes.map(\.progress) == expected)
        #expect(keyframes[1].label == "squash.json frame 10")
    }

    @Test("keyframe manifests: a select column, empty cells leave the default, control characters refused")
    func manifestSelect() throws {
        let folder = try TemporaryFolder()
        try Self.document.write(to: folder.file("a.svg"), atomically: true, encoding: .utf8)
        try "progress,file,select\n0,a.svg,tri\n1,a.svg,\n".write(to: folder.file("k.csv"), atomically: true, encoding: .utf8)
        let manifest = try KeyframeManifest(contentsOfFile: folder.file("k.csv").path, timing: .linear)
        #expect(manifest.rows.map(\.select) == ["tri", nil])
        let keyframes = try manifest.keyframes(selecting: TargetSelection(element: "plain"), sampleCount: 30)
        #expect(keyframes[0].target.outline.boundingBox?.minX == 100 && keyframes[1].target.outline.boundingBox?.minX == 0)
        #expect { try manifest.keyframes(sampleCount: 30) } throws: { "\($0)".contains("k.csv line 3 (a.svg): ") && "\($0)".contains("3 shapes are drawn") }
        let table = try CSVTable(parsing: "progress,file,select\n0,a.svg,\"x\ny\"\n", source: "m.csv")
        #expect { try KeyframeManifest.entries(in: table) } throws: {
            "\($0)" == "m.csv line 2, column 'select': the selection contains a line break or control character"
        }
        // Without the column: no selection.
        let plain = try KeyframeManifest.entries(in: try CSVTable(parsing: "progress,file\n0,a.svg\n", source: "m.csv"))
        #expect(plain[0].select == nil)
    }

    @Test("the mirrored target: y ↦ (min y + max y) − y, the box unchanged, x kept bit for bit")
    func mirror() throws {
        let points = [Point(0, 0), Point(3, 1), Point(4, 5), Point(-1, 7)]
        let m = try TargetOutline(points: points).mirroredVertically()
        #expect(m.points == [Point(0, 7), Point(3, 6), Point(4, 2), Point(-1, 0)])
        #expect(m.boundingBox == (try TargetOutline(points: points)).boundingBox)
    }
}
