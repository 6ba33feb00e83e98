import Foundation
import Geometry

// Checks what a peer produced on the common workload file, with the same measurements as our own
// workloads, and prints one CSV line for run-peers:
//   --measure-polylines FILE: `polylines,checked,over_tolerance,max_deviation,segments_per_curve`
//     (FILE: per curve u64 index, u64 point count, then the points as f64 x, y; the deviation is
//     `measuredDeviation`, two-sided, over --tolerance);
//   --measure-lengths FILE: `lengths,checked,over_accuracy,max_error`
//     (FILE: per curve u64 index, f64 length; the error against `AdaptiveArcLength` at
//     max(1e-13, accuracy·10⁻⁴), over --accuracy);
//   --measure-nearest FILE: `nearest,checked,wrong,max_excess`
//     (FILE: per curve u64 index, f64 t, f64 distance; the excess over the dense-sampling + Newton
//     reference, wrong when it exceeds 1e-9·max(1, reference)).
// All values little-endian. Exit status 0, or 1 when a file is malformed.

/// The curves of a workload file (8 little-endian Float64 per curve).
func readWorkload(_ path: String) -> [CubicBezier]? {
    guard let data = FileManager.default.contents(atPath: path), data.count % 64 == 0 else { return nil }
    let v = data.withUnsafeBytes { raw in (0..<(data.count / 8)).map { raw.loadUnaligned(fromByteOffset: 8 * $0, as: Double.self) } }
    return stride(from: 0, to: v.count, by: 8).map {
        CubicBezier(Point(v[$0], v[$0 + 1]), Point(v[$0 + 2], v[$0 + 3]), Point(v[$0 + 4], v[$0 + 5]), Point(v[$0 + 6], v[$0 + 7]))
    }
}

/// A little-endian reader over a file's bytes.
struct ByteReader {
    let data: Data
    var offset = 0
    var atEnd: Bool { offset >= data.count }
    mutating func u64() -> UInt64? {
        guard offset + 8 <= data.count else { return nil }
        defer { offset += 8 }
        return data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }
    mutating func f64() -> Double? { u64().map { Double(bitPattern: $0) } }
}

func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("beztune-bench: \(message)\n".utf8))
    return 1
}

func runPeerMeasurement() -> Int32 {
    guard let path = options.workloadFile, let curves = readWorkload(path) else {
        return fail("cannot read the workload file \(options.workloadFile ?? "")")
    }
    if let file = options.measurePolylines {
        guard let data = FileManager.default.contents(atPath: file) else { return fail("cannot read \(file)") }
        var r = ByteReader(data: data)
        var pairs: [(CubicBezier, [Point])] = []
        while !r.atEnd {
            guard let i = r.u64(), let n = r.u64(), Int(i) < curves.count, n < 1 << 24 else { return fail("malformed \(file)") }
            var points: [Point] = []
            for _ in 0..<n {
                guard let x = r.f64(), let y = r.f64() else { return fail("malformed \(file)") }
                points.append(Point(x, y))
            }
            pairs.append((curves[Int(i)], points))
        }
        let m = measurePolylines(pairs, tolerance: options.tolerance)
        print("polylines,\(pairs.count),\(m.over),\(m.worst),\(m.segments)")
    } else if let file = options.measureLengths {
        guard let data = FileManager.default.contents(atPath: file) else { return fail("cannot read \(file)") }
        var r = ByteReader(data: data)
        let reference = AdaptiveArcLength(accuracy: max(1e-13, options.accuracy * 1e-4))
        var checked = 0, over = 0, worst = 0.0
        while !r.atEnd {
            guard let i = r.u64(), let length = r.f64(), Int(i) < curves.count else { return fail("malformed \(file)") }
            let e = abs(length - reference.length(of: curves[Int(i)]).length)
            checked += 1
            if !(e <= worst) { worst = e }
            if !(e <= options.accuracy) { over += 1 }
        }
        print("lengths,\(checked),\(over),\(worst)")
    } else if let file = options.measureNearest {
        guard let data = FileManager.default.contents(atPath: file),
              let queryData = FileManager.default.contents(atPath: options.queriesFile ?? "") else {
            return fail("cannot read \(file) or the queries file")
        }
        var q = ByteReader(data: queryData)
        var queries: [Point] = []
        while let x = q.f64(), let y = q.f64() { queries.append(Point(x, y)) }
        guard queries.count == curves.count else { return fail("the queries file needs one point per curve") }
        var r = ByteReader(data: data)
        var checked = 0, wrong = 0, worst = 0.0
        while !r.atEnd {
            guard let i = r.u64(), let _ = r.f64(), let distance = r.f64(), Int(i) < curves.count else {
                return fail("malformed \(file)")
            }
            let reference = nearestReference(curves[Int(i)], queries[Int(i)])
            let excess = distance - reference
            checked += 1
            if !(excess <= worst) { worst = excess }
            if !(excess <= 1e-9 * max(1, reference)) { wrong += 1 }
        }
        print("nearest,\(checked),\(wrong),\(worst)")
    }
    return 0
}
