import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport

/// The design-tool documents of `Resources/svg/` (Inkscape, Sketch, Illustrator, Figma, nested
/// viewports, basic shapes, hidden content, several candidates, `use`, and this project's own
/// SVG output), each with what it draws in `cases.json`.
///
/// Swift checks the shapes (element, id, line, the `<use>` they are drawn through), the outer
/// viewBox and size, and that every selection of the manifest resolves; the outlines themselves
/// are checked by `svgelements_reference.py` in the pinned reference venv against svgelements'
/// exact reading of the same documents, within 1e-9 of their size. A missing venv or package
/// fails the test. The same script must then reject every outline moved by 2e-9 of its size, so
/// the comparison is known to be able to fail.
@Suite struct SVGDesignToolSuiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/svg")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Manifest: Decodable { var documents: [Document] }
    struct Document: Decodable {
        var file: String
        var viewBox: [Double]?
        var width: String?
        var height: String?
        var shapeCount: Int?
        var shapes: [Shape]
        var outlines: [Outline]
    }
    struct Shape: Decodable {
        var element: String
        var id: String?
        var line: Int
        var uses: [Use]?
    }
    struct Use: Decodable {
        var id: String?
        var line: Int
    }
    struct Outline: Decodable { var select: String? }

    static func manifest() throws -> Manifest {
        let data = try Data(contentsOf: folder.appendingPathComponent("cases.json"))
        return try JSONDecoder().decode(Manifest.self, from: data)
    }

    static func drawing(_ file: String) throws -> SVGDrawing {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        return try SVGDrawing(parsing: text)
    }

    @Test func everyDocumentDrawsTheShapesOfTheManifest() throws {
        let manifest = try Self.manifest()
        #expect(manifest.documents.count >= 14)
        for document in manifest.documents {
            let drawing = try Self.drawing(document.file)
            let file = document.file
            #expect(drawing.viewBox.map { [$0.minX, $0.minY, $0.width, $0.height] } == document.viewBox, "\(file)")
            #expect(drawing.width?.description == document.width, "\(file)")
            #expect(drawing.height?.description == document.height, "\(file)")
            if let count = document.shapeCount {
                #expect(drawing.shapes.count == count, "\(file): \(drawing.shapes.count) shapes")
                #expect(drawing.shapes.count >= document.shapes.count)
            } else {
                #expect(drawing.shapes.count == document.shapes.count,
                        "\(file): \(drawing.shapes.map(\.description).joined(separator: "; "))")
            }
            for (k, (shape, expected)) in zip(drawing.shapes, document.shapes).enumerated() {
                #expect(shape.number == k + 1)
                #expect(shape.element == expected.element, "\(file) shape \(k + 1)")
                #expect(shape.id == expected.id, "\(file) shape \(k + 1)")
                #expect(shape.line == expected.line, "\(file) shape \(k + 1): line \(shape.line)")
                #expect(shape.uses.map(\.id) == (expected.uses ?? []).map(\.id), "\(file) shape \(k + 1)")
                #expect(shape.uses.map(\.line) == (expected.uses ?? []).map(\.line), "\(file) shape \(k + 1)")
            }
        }
    }

    @Test func outlinesAgreeWithSvgelementsWithin1e9OfTheirSize() throws {
        let manifest = try Self.manifest()
        let ours = try TemporaryFolder()
        let moved = try TemporaryFolder()
        var count = 0
        for (i, document) in manifest.documents.enumerated() {
            let drawing = try Self.drawing(document.file)
            for (k, case_) in document.outlines.enumerated() {
                let outline = try drawing.outline(selecting: case_.select.map(SVGSelection.init))
                #expect(outline.path.isFinite)
                try outline.path.svgPathData.write(to: ours.file("\(i)-\(k).path"), atomically: true, encoding: .utf8)
                let size = Point(outline.boundingBox.width, outline.boundingBox.height).length
                let shift = 2e-9 * size
                let perturbed = outline.path.transformed(by: .translation(x: shift, y: shift))
                try perturbed.svgPathData.write(to: moved.file("\(i)-\(k).path"), atomically: true, encoding: .utf8)
                count += 1
            }
        }
        #expect(count >= 40)
        let python = try SVGReferenceVenv.python(repository: Self.repository)
        let script = Self.folder.appendingPathComponent("svgelements_reference.py").path
        let cases = Self.folder.appendingPathComponent("cases.json").path
        let checked = try SVGReferenceVenv.run(python, [script, cases, ours.url.path])
        #expect(checked.status == 0, "svgelements disagrees:\n\(checked.output)")
        #expect(checked.output.contains("\(count) outlines checked"), "\(checked.output)")
        let perturbedRun = try SVGReferenceVenv.run(python, [script, cases, moved.url.path, "--expect-failure"])
        #expect(perturbedRun.status == 0, "an outline moved by 2e-9 of its size still matched:\n\(perturbedRun.output)")
    }

    @Test func severalCandidatesWithoutSelectionAreListedNotChosen() throws {
        let drawing = try Self.drawing("several-candidates.svg")
        #expect {
            try drawing.outline(selecting: nil)
        } throws: { error in
            let e = error as? SVGReadError
            return e?.candidates.count == 4 && e?.description.hasPrefix("4 shapes are drawn; select one by id or number: 1 <ellipse id=\"shadow\"> line 3") == true
        }
        let frame = try Self.drawing("beztune-magnify.svg")
        #expect {
            try frame.outline(selecting: nil)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("67 shapes are drawn") && text.hasSuffix("; … and 57 more") && !text.contains("\n")
        }
    }
}

/// The pinned Python environment of the independent references (`scripts/setup-reference-venv.sh`).
enum SVGReferenceVenv {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// The venv's python, made when missing; a failure to make it fails the calling test.
    static func python(repository: URL) throws -> String {
        let setup = try run("/bin/bash", [repository.appendingPathComponent("scripts/setup-reference-venv.sh").path])
        guard setup.status == 0, let line = setup.output.split(separator: "\n").last, FileManager.default.isExecutableFile(atPath: String(line)) else {
            throw Failure(description: "the reference venv could not be made (scripts/setup-reference-venv.sh): \(setup.output)")
        }
        return String(line)
    }

    struct Result { var status: Int32; var output: String }

    /// Runs a program to its end, its standard output and error read together from one pipe.
    static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
