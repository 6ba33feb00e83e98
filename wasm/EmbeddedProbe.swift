// A WebAssembly module built from the libraries in Embedded Swift (scripts/build-embedded.sh),
// whose exported C functions run each library once on inputs a caller passes through linear
// memory: the handle-factor parser and the circle error table (ArcError), a fit of the ball to
// SVG path data (Fitting, Interchange, Deform, Geometry and LeastSquares' pure-Swift dense path),
// and a CSV column (CSV). scripts/wasm-probe.mjs runs it in Node and compares every number
// with the native `beztune` on the same input. Not an API: the JavaScript module is another
// issue's; this proves the libraries themselves compile, link and compute in WebAssembly.
import ArcError
import CSV
import Deform
import Fitting
import Geometry

/// `count` bytes the caller fills (text in UTF-8) or reads (doubles), freed by `bt_free`.
@_cdecl("bt_alloc")
public func allocate(_ count: Int32) -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 8)
}

@_cdecl("bt_free")
public func free(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// The UTF-8 text at `bytes`.
private func text(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
    guard let bytes, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}

/// `beztune error --k TEXT --segments N`'s figures into `out` (8 doubles): k, max radial error,
/// t at the maximum, rms radial error, area error, arc-length error, maximum tangent error in
/// degrees, maximum curvature error. Returns 0, or 1 when TEXT is not a handle factor.
@_cdecl("bt_probe_error")
public func probeError(_ bytes: UnsafeRawPointer?, _ count: Int32, _ segments: Int32,
                       _ out: UnsafeMutablePointer<Double>) -> Int32 {
    let factor: HandleFactor
    do throws(HandleFactorError) {
        factor = try HandleFactor(parsing: text(bytes, count))
    } catch {
        return 1
    }
    let n = Int(segments)
    let k = factor.handle(segments: n)
    let report = ArcErrorReport(CircularArc(segments: n, handle: k))
    let figures = [k, report.radial.maximum, report.radial.tAtMaximum, report.rmsRadialError, report.areaError,
                   report.arcLengthError, report.maximumTangentErrorDegrees, report.curvature.maximum]
    for (i, v) in figures.enumerated() { out[i] = v }
    return 0
}

/// `beztune fit --path TEXT --free xFactor,yFactor,topYFactor,k`: the ball fitted to the SVG
/// path data (720 samples, y-down), into `out` (at most 64 doubles): the count n of fitted
/// values (the four, then the pose the fit found: tx, ty, …), the n values, their n standard
/// errors, rms and maximum distance. Returns 0, 1 for a target error, 2 for a fit error.
@_cdecl("bt_probe_fit")
public func probeFit(_ bytes: UnsafeRawPointer?, _ count: Int32, _ out: UnsafeMutablePointer<Double>) -> Int32 {
    let target: TargetOutline
    do throws(TargetError) {
        target = try TargetOutline(pathData: text(bytes, count), sampleCount: TargetOutline.defaultSampleCount)
    } catch {
        return 1
    }
    do throws(FitError) {
        let setup = try FitSetup(model: .ball, free: ["xFactor", "yFactor", "topYFactor", "k"])
        let fit = try OutlineFitter().fit(target, setup: setup)
        let figures = [Double(fit.values.count)] + fit.values + fit.standardErrors + [fit.rms, fit.maxDistance]
        guard figures.count <= 64 else { return 2 }
        for (i, v) in figures.enumerated() { out[i] = v }
        return 0
    } catch {
        return 2
    }
}

/// The sum of the CSV text's column `x` (a header row, then numbers). Returns NaN for text
/// that is not such a table.
@_cdecl("bt_probe_csv_sum")
public func probeCSVSum(_ bytes: UnsafeRawPointer?, _ count: Int32) -> Double {
    do throws(CSVError) {
        let table = try CSVTable(parsing: text(bytes, count), source: "probe.csv")
        let x = try table.columnIndex("x")
        var sum = 0.0
        for r in table.rows.indices { sum += try table.double(row: r, column: x) }
        return sum
    } catch {
        return .nan
    }
}
