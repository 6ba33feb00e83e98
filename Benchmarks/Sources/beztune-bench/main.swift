import DataFiles
import Foundation
import Geometry
import Render
import _ProcessLayer

// Path-evaluation throughput of Geometry's batch kernels. See Benchmarks/README.md.
// Every kernel is checked against the scalar de Casteljau twin before it is timed; a kernel that
// disagrees by more than 16·ε·max|Pᵢ| is refused (not reported) and the run exits 1.

let options: Options
do throws(Options.Failure) {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data((error.message + "\n").utf8))
    exit(2)
}

/// The name the output layer's messages give this program (it writes no folder outputs).
let program = ProgramIdentity(name: "beztune-bench", folderRecordName: ".beztune-bench-outputs")

func note(_ text: String) {
    if !options.quiet { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}

var results = Results()

/// Values handed to `concurrentPerform`: each thread writes only its own buffer.
struct UnsafeShared<T>: @unchecked Sendable { let value: T }

/// An output buffer aligned to 64 bytes (streaming stores need 32).
final class AlignedBuffer<T> {
    let pointer: UnsafeMutableBufferPointer<T>
    init(count: Int) {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * MemoryLayout<T>.stride, alignment: 64)
        pointer = UnsafeMutableBufferPointer(start: raw.bindMemory(to: T.self, capacity: count), count: count)
        memset(raw, 0, max(1, count) * MemoryLayout<T>.stride)  // touch every page before timing
    }
    deinit { UnsafeMutableRawPointer(pointer.baseAddress!).deallocate() }
}

/// True when `out` (interleaved points of `batch` at `ts`) matches de Casteljau in Double within
/// `factor`·ε·max|Pᵢ| for every curve; checks at most `limit` curves.
func agrees(_ batch: CubicBatch, _ ts: [Double], _ value: (Int) -> Double, epsilon: Double, limit: Int = 5000) -> Bool {
    let m = ts.count
    for i in 0..<min(batch.count, limit) {
        let c = batch[i]
        let bound = 16 * epsilon * c.magnitude
        for j in 0..<m {
            let p = c.deCasteljauPoint(at: ts[j])
            let k = 2 * (i * m + j)
            if abs(value(k) - p.x) > bound || abs(value(k + 1) - p.y) > bound { return false }
        }
    }
    return true
}

let doubleKernels: [CubicEvaluationKernel] = options.kernels == ["all"]
    ? CubicEvaluationKernel.allCases
    : options.kernels.compactMap { CubicEvaluationKernel(rawValue: $0) }
let floatKernels = options.kernels == ["all"] ? ["simd", "simd-streaming"]
    : options.kernels.filter { $0 == "simd" || $0 == "simd-streaming" }

if let path = options.writeWorkload {
    let w = Workload(curves: options.curves[0], samples: options.samples[0])
    let data = w.fileData
    try? AtomicFile.write(data, to: URL(fileURLWithPath: path), program: program)
    print("workload \(path): \(w.curves.count) curves, fnv1a64 \(String(fnv1a64(data), radix: 16))")
    if let subset = options.writeSubset {
        // The declared random subset the geometry workloads check, as little-endian UInt64 indices.
        let indices = checkedSubset(count: w.curves.count, size: options.checkCurves).map { UInt64($0).littleEndian }
        try? AtomicFile.write(indices.withUnsafeBytes { Data($0) }, to: URL(fileURLWithPath: subset), program: program)
    }
    if let queries = options.writeQueries {
        // The nearest workload's query points, little-endian Float64 pairs, one per curve.
        let q = nearestQueries(count: w.curves.count).flatMap { [$0.x, $0.y] }
        try? AtomicFile.write(q.withUnsafeBytes { Data($0) }, to: URL(fileURLWithPath: queries), program: program)
    }
    if let ref = options.writeReference {
        // Reference output of the first K curves by de Casteljau, little-endian Float64 interleaved.
        let k = min(options.referenceCurves, w.curves.count)
        var values: [Double] = []
        for c in w.curves[0..<k] { for t in w.samples { let p = c.point(at: t); values += [p.x, p.y] } }
        try? AtomicFile.write(values.withUnsafeBytes { Data($0) }, to: URL(fileURLWithPath: ref), program: program)
    }
    exit(0)
}

if options.workloadFile != nil {
    exit(runPeerMeasurement())
}

if options.workloads == ["readers"] {
    let (csv, table, failed) = ReaderWorkloads.run()
    print(TextTable.render(header: ReaderWorkloads.tableHeader, rows: table), terminator: "")
    if let path = options.csv {
        do throws(FileWriteError) {
            try AtomicFile.write(csv.text, to: URL(fileURLWithPath: path), program: program)
        } catch {
            FileHandle.standardError.write(Data("beztune-bench: \(error.description)\n".utf8))
            exit(1)
        }
    }
    exit(failed ? 1 : 0)
}

runEvaluationWorkloads(into: &results)
runGeometryWorkloads(into: &results)

print(TextTable.render(header: Results.tableHeader, rows: results.tableWithSpeedups), terminator: "")
if let path = options.csv {
    do throws(FileWriteError) {
        try AtomicFile.write(results.csv.text, to: URL(fileURLWithPath: path), program: program)
    } catch {
        FileHandle.standardError.write(Data("beztune-bench: \(error.description)\n".utf8))
        exit(1)
    }
}
if let path = options.png {
    let xLabel = options.curves.count > 1 ? "curves" : options.samples.count > 1 ? "samples per curve" : "threads"
    var names: [String] = []
    for (name, _, _) in results.measured where !names.contains(name) { names.append(name) }
    let series = names.map { name in
        Chart.Series(name: name, points: results.measured.filter { $0.0 == name }.map { Point($0.1, $0.2 / 1e6) }, kind: .lineWithMarkers)
    }
    var chart = Chart(title: "Cubic evaluation throughput", xLabel: xLabel, yLabel: "M points/s", series: series)
    if options.curves.count > 1 || options.samples.count > 1 { chart.xScale = .logarithmic }
    do {
        try AtomicFile.write(try chart.render(.png), to: URL(fileURLWithPath: path), program: program)
    } catch {
        FileHandle.standardError.write(Data("beztune-bench: \(error)\n".utf8))
        exit(1)
    }
}
exit(results.refused ? 1 : 0)
