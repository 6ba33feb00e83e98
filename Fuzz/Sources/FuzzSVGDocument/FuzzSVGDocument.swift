import FuzzSupport
import Geometry

/// SVG files: `SVGDocument(parsing:)`, then each `<path>`'s data through `Path(svgPathData:)`, as
/// a reader of target outlines does.
///
/// Invariants: never traps; a failure names a line within the text (or none) on one line; every
/// path element's line is within the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput.text(data, size)
    let lines = 1 + text.utf8.count { $0 == UInt8(ascii: "\n") }
    let document: SVGDocument
    do throws(SVGDocumentError) {
        document = try SVGDocument(parsing: text)
    } catch {
        if let line = error.line { fuzzCheck(line >= 1 && line <= lines, "line \(line) outside 1...\(lines)") }
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    for element in document.paths {
        fuzzCheck(element.line >= 1 && element.line <= lines, "path line \(element.line) outside 1...\(lines)")
        do throws(SVGPathError) {
            _ = try Path(svgPathData: element.data)
        } catch {
            fuzzCheck(error.offset <= element.data.utf8.count, "offset \(error.offset) past the data")
        }
    }
    return 0
}
