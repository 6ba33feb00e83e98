import FuzzSupport
import Geometry

/// SVG path data (`--path`, `--path-file`): `Path(svgPathData:)`, then what every command does
/// next with a parsed path.
///
/// Invariants: never traps; a failure's byte offset lies within the data and its message is one
/// line; a finite result writes back (`svgPathData`) to text that parses to the identical path;
/// the bounding box, the arc length and the nearest point terminate (they are capped, with a
/// status) and, for a finite path, the box is finite. Paths of more than 64 segments skip the
/// numerics, so one execution stays in the microseconds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput.text(data, size)
    let path: Path
    do throws(SVGPathError) {
        path = try Path(svgPathData: text)
    } catch {
        fuzzCheck(error.offset >= 0 && error.offset <= text.utf8.count,
                  "offset \(error.offset) outside 0...\(text.utf8.count)")
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    guard path.isFinite else { return 0 }  // an arc can overflow to ±∞; callers check isFinite
    do throws(SVGPathError) {
        let again = try Path(svgPathData: path.svgPathData)
        fuzzCheck(again == path, "round trip changed the path: \(path.svgPathData) -> \(again.svgPathData)")
    } catch {
        fuzzCheck(false, "written path data does not parse: \(error) in \(path.svgPathData)")
    }
    guard path.segmentCount <= 64 else { return 0 }
    if let box = path.boundingBox {
        fuzzCheck(box.minX <= box.maxX && box.minY <= box.maxY, "inverted box \(box)")
        fuzzCheck(box.minX.isFinite && box.maxX.isFinite && box.minY.isFinite && box.maxY.isFinite,
                  "non-finite box \(box) of a finite path")
    }
    let length = path.arcLength(accuracy: 1e-6)
    fuzzCheck(!length.converged || length.length >= 0, "negative converged length \(length)")
    if let nearest = path.nearestPoint(to: Point(0.25, -0.5)) {
        fuzzCheck(nearest.t.isNaN || (0...1).contains(nearest.t), "t \(nearest.t) outside [0, 1]")
    }
    return 0
}
