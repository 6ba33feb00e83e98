import FuzzSupport
import Geometry
import Interchange

/// Lottie files: `JSONReader` on the raw bytes, `JSONWriter` back, then `LottieDocument` and every
/// layer through `shapeLayer(_:)` and `outline(atFrame:)`, as `fit --target anim.json` does.
///
/// Invariants: never traps, never recurses without bound; a JSON error is one line with a line
/// and column inside the text; an accepted value writes (compact and indented) to text that reads
/// back equal; every Lottie error is one line naming the source; an accepted outline is finite,
/// with one move-to per subpath, at every frame tried (in point, out point, between).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(FuzzInput.bytes(data, size))
    let lines = 1 + bytes.count { $0 == UInt8(ascii: "\n") }
    let reader = JSONReader(maximumDepth: 64)
    let json: JSONValue
    do throws(JSONSyntaxError) {
        json = try reader.parse(bytes)
    } catch {
        fuzzCheck(error.line >= 1 && error.line <= lines, "line \(error.line) outside 1...\(lines)")
        fuzzCheck(error.column >= 1 && error.column <= bytes.count + 1, "column \(error.column) past the text")
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    for indent in [nil, 2] as [Int?] {
        do throws(JSONWriter.NonFiniteNumber) {
            let text = try JSONWriter(indent: indent).text(of: json)
            do throws(JSONSyntaxError) {
                let back = try reader.parse(text)
                fuzzCheck(back == json, "the written text reads back different: \(text.prefix(200))")
            } catch {
                fuzzCheck(false, "the written text does not read back: \(error)")
            }
        } catch {
            fuzzCheck(false, "a value read from JSON has a non-finite number: \(error)")
        }
    }
    let document: LottieDocument
    do throws(LottieError) {
        document = try LottieDocument(json: json, source: "fuzz.json")
    } catch {
        check(error)
        return 0
    }
    for position in document.layers.indices {
        do throws(LottieError) {
            let layer = try document.shapeLayer(.index(position))
            let range = layer.frameRange
            let frames = [range.lowerBound, range.upperBound, range.lowerBound + (range.upperBound - range.lowerBound) * 0.37,
                          (range.lowerBound + range.upperBound) / 2]
            for frame in frames where frame.isFinite {
                do throws(LottieError) {
                    let outline = try layer.outline(atFrame: frame)
                    fuzzCheck(outline.isFinite, "a non-finite outline was accepted")
                } catch {
                    check(error)
                }
            }
        } catch {
            check(error)
        }
    }
    return 0
}

private func check(_ error: LottieError) {
    fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
    fuzzCheck(error.description.hasPrefix("fuzz.json: "), "the message does not name the file: \(error.description)")
}
