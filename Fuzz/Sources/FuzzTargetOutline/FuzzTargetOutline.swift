import DataFiles
import Fitting
import FuzzSupport
import Geometry

/// Fit targets (`fit --target`, keyframe files): the first byte picks the reader — an SVG
/// document (`TargetOutline(svgDocument:)`), SVG path data (`TargetOutline(pathData:)`) or a CSV
/// point list (`TargetOutline.points(in:orientation:)`, then `TargetOutline(points:)`) —
/// the second the sample count; the rest is the text.
///
/// Invariants: never traps; messages are one line; an accepted target has at least 3 points,
/// all finite, the requested count when resampled, a finite positive size and a finite
/// bounding box.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    guard bytes.count >= 2 else { return 0 }
    let mode = bytes[0] % 3, samples = 3 + Int(bytes[1]) % 200
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[2...]), as: UTF8.self)
    let orientation: TargetOrientation? = bytes[0] & 0x80 == 0 ? nil : bytes[0] & 0x40 == 0 ? .yUp : .yDown
    let target: TargetOutline
    var expectedCount: Int? = samples
    do throws(TargetError) {
        switch mode {
        case 0:
            target = try TargetOutline(svgDocument: text, sampleCount: samples, orientation: orientation)
        case 1:
            target = try TargetOutline(pathData: text, sampleCount: samples, orientation: orientation)
        default:
            let points: [Point]
            do throws(CSVError) {
                points = try TargetOutline.points(in: try CSVTable(parsing: text, source: "target.csv"), orientation: orientation)
            } catch {
                fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
                return 0
            }
            let resample = bytes[1] & 1 == 0 ? samples : nil
            expectedCount = resample
            target = try TargetOutline(points: points, resampledTo: resample)
        }
    } catch {
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    fuzzCheck(target.points.count >= 3, "accepted a target of \(target.points.count) points")
    if let expectedCount { fuzzCheck(target.points.count == expectedCount, "\(target.points.count) points, asked for \(expectedCount)") }
    fuzzCheck(target.points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "non-finite target point")
    fuzzCheck(target.size.isFinite && target.size > 0, "target size \(target.size)")
    let box = target.boundingBox
    fuzzCheck(box.minX.isFinite && box.maxX.isFinite && box.minY.isFinite && box.maxY.isFinite, "bounding box \(box)")
    return 0
}
