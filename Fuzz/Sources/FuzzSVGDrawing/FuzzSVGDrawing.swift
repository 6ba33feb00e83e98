import FuzzSupport
import Geometry
import Interchange

/// SVG documents as design tools write them: `SVGDrawing(parsing:)` (XML, style sheets,
/// transforms, nested viewports, `use`, basic shapes), then every selection a user can make;
/// and, for inputs without markup, `SVGTransformList(parsing:)` alone.
///
/// Invariants: never traps; a failure is one line and names a line within the text (or none);
/// every shape has a finite path with at least one segment inside its finite bounding box, its
/// number is its position, its line is within the text; selecting each shape by number gives
/// exactly it; selecting by each id either succeeds or fails on one line; no selection with
/// several shapes lists them all. A transform list that parses writes back to a list that
/// parses to the same functions.
///
/// The limits are lowered (20,000 drawn elements, 200,000 points) so that one input cannot
/// outlast libFuzzer's per-input timeout in this instrumented build; the limits' own checks are
/// the same code at any value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput.text(data, size)
    if !text.utf8.contains(UInt8(ascii: "<")) {
        transformList(text)
        return 0
    }
    let lines = 1 + text.utf8.count { $0 == UInt8(ascii: "\n") }
    var options = SVGDrawing.Options()
    options.limits.maximumInstanceCount = 20_000
    options.limits.maximumPointCount = 200_000
    let drawing: SVGDrawing
    do throws(SVGReadError) {
        drawing = try SVGDrawing(parsing: text, options: options)
    } catch {
        check(error, lines: lines)
        return 0
    }
    for (k, shape) in drawing.shapes.enumerated() {
        fuzzCheck(shape.number == k + 1, "shape \(k + 1) numbered \(shape.number)")
        fuzzCheck(shape.line >= 1 && shape.line <= lines, "shape line \(shape.line) outside 1...\(lines)")
        fuzzCheck(shape.path.isFinite && !shape.path.isEmpty, "shape \(k + 1) has a non-finite or empty path")
        let box = shape.boundingBox
        fuzzCheck([box.minX, box.minY, box.maxX, box.maxY].allSatisfy(\.isFinite), "shape \(k + 1) box not finite")
        fuzzCheck(shape.path.boundingBox == box, "shape \(k + 1) box differs from its path's")
        fuzzCheck(isOneLine(shape.description), "multi-line shape description: \(shape.description)")
        do throws(SVGReadError) {
            let outline = try drawing.outline(selecting: .number(k + 1))
            fuzzCheck(outline.shapes == [shape] && outline.path == shape.path, "selecting \(k + 1) gave another outline")
        } catch {
            fuzzCheck(false, "selecting shape \(k + 1) failed: \(error)")
        }
        if let id = shape.id {
            do throws(SVGReadError) {
                let outline = try drawing.outline(selecting: SVGSelection(id))
                fuzzCheck(!outline.shapes.isEmpty, "selecting '\(id)' gave no shapes")
            } catch {
                check(error, lines: lines)
            }
        }
    }
    do throws(SVGReadError) {
        let outline = try drawing.outline(selecting: nil)
        fuzzCheck(drawing.shapes.count == 1 && outline.shapes == drawing.shapes, "an outline without selection from \(drawing.shapes.count) shapes")
    } catch {
        check(error, lines: lines)
        fuzzCheck(drawing.shapes.count != 1, "the only shape could not be selected: \(error)")
        if drawing.shapes.count > 1 { fuzzCheck(error.candidates == drawing.shapes, "the candidates listed are not the shapes") }
    }
    return 0
}

private func check(_ error: SVGReadError, lines: Int) {
    fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
    if let line = error.line { fuzzCheck(line >= 1 && line <= lines, "line \(line) outside 1...\(lines)") }
}

private func transformList(_ text: String) {
    do throws(SVGTransformError) {
        let list = try SVGTransformList(parsing: text)
        let again = try SVGTransformList(parsing: list.description)
        fuzzCheck(again == list, "'\(list.description)' read back as '\(again.description)'")
        _ = list.transform
    } catch {
        fuzzCheck(error.offset >= 0 && error.offset <= text.utf8.count, "offset \(error.offset) outside the text")
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
    }
}
