import Foundation
import Geometry
import Render

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

func note(_ text: String) {
    if !options.quiet { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}

let header = ["workload", "kernel", "precision", "threads", "curves", "samples",
              "median_s", "min_s", "max_s", "points_per_s", "gb_per_s"]
var csv = CSVWriter(header: header)
var table: [[String]] = []
/// (series name, swept value, points per second) for the chart.
var measured: [(String, Double, Double)] = []
var refused = false

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
    try? AtomicFile.write(data, to: URL(fileURLWithPath: path))
    print("workload \(path): \(w.curves.count) curves, fnv1a64 \(String(fnv1a64(data), radix: 16))")
    if let ref = options.writeReference {
        // Reference output of the first K curves by de Casteljau, little-endian Float64 interleaved.
        let k = min(options.referenceCurves, w.curves.count)
        var values: [Double] = []
        for c in w.curves[0..<k] { for t in w.samples { let p = c.point(at: t); values += [p.x, p.y] } }
        try? AtomicFile.write(values.withUnsafeBytes { Data($0) }, to: URL(fileURLWithPath: ref))
    }
    exit(0)
}

for workload in options.workloads {
    for m in options.samples {
        for n0 in options.curves {
            // In-cache: a batch whose output is 256 KiB, evaluated repeatedly up to n0·m points.
            let incache = workload == "eval-incache"
            let n = incache ? max(1, 16_384 / m) : n0
            let inner = incache ? max(1, (n0 * m) / (n * m)) : 1
            let w = Workload(curves: n, samples: m)
            let batch = CubicBatch(w.curves)
            let ts = w.samples
            let tsFloat = ts.map(Float.init)
            for threads in options.threads {
                let points = Double(n * m * (incache ? (inner / threads) * threads : 1))
                for precision in options.precisions {
                    let names: [String] = precision == "double" ? doubleKernels.map(\.rawValue) : floatKernels
                    for name in names {
                        let seconds: Measurement
                        let bytesPerPoint: Double
                        if precision == "double" {
                            guard let kernel = CubicEvaluationKernel(rawValue: name) else { continue }
                            let out = AlignedBuffer<Double>(count: batch.outputCount(parameterCount: m))
                            ts.withUnsafeBufferPointer { t in batch.evaluate(at: t, into: out.pointer, kernel: kernel, threads: threads) }
                            guard agrees(batch, ts, { out.pointer[$0] }, epsilon: Double.ulpOfOne) else {
                                note("REFUSED: kernel \(name) (double) disagrees with de Casteljau beyond 16·ε·max|P|")
                                refused = true
                                continue
                            }
                            // In cache, each thread repeats the whole batch into its own buffer (so
                            // threads scale the compute); otherwise the threads share the batch.
                            let outs = incache ? (0..<threads).map { _ in AlignedBuffer<Double>(count: out.pointer.count) } : [out]
                            let shared = UnsafeShared(value: (batch, outs))
                            seconds = Measurement(repeats: options.repeats) {
                                if incache {
                                    DispatchQueue.concurrentPerform(iterations: threads) { k in
                                        let (batch, outs) = shared.value
                                        ts.withUnsafeBufferPointer { t in
                                            for _ in 0..<(inner / threads) { batch.evaluate(at: t, into: outs[k].pointer, kernel: kernel) }
                                        }
                                    }
                                } else {
                                    ts.withUnsafeBufferPointer { t in batch.evaluate(at: t, into: out.pointer, kernel: kernel, threads: threads) }
                                }
                            }
                            bytesPerPoint = 16
                        } else {
                            let out = AlignedBuffer<Float>(count: batch.outputCount(parameterCount: m))
                            let streaming = name == "simd-streaming"
                            tsFloat.withUnsafeBufferPointer { t in batch.evaluate(at: t, into: out.pointer, streaming: streaming, threads: threads) }
                            guard agrees(batch, ts, { Double(out.pointer[$0]) }, epsilon: Double(Float.ulpOfOne)) else {
                                note("REFUSED: kernel \(name) (float) disagrees with de Casteljau beyond 16·ε_f·max|P|")
                                refused = true
                                continue
                            }
                            let outs = incache ? (0..<threads).map { _ in AlignedBuffer<Float>(count: out.pointer.count) } : [out]
                            let shared = UnsafeShared(value: (batch, outs))
                            seconds = Measurement(repeats: options.repeats) {
                                if incache {
                                    DispatchQueue.concurrentPerform(iterations: threads) { k in
                                        let (batch, outs) = shared.value
                                        tsFloat.withUnsafeBufferPointer { t in
                                            for _ in 0..<(inner / threads) { batch.evaluate(at: t, into: outs[k].pointer, streaming: streaming) }
                                        }
                                    }
                                } else {
                                    tsFloat.withUnsafeBufferPointer { t in batch.evaluate(at: t, into: out.pointer, streaming: streaming, threads: threads) }
                                }
                            }
                            bytesPerPoint = 8
                        }
                        let rate = points / seconds.median
                        let fields: [CSVField] = [.text(workload), .text(name), .text(precision), .int(threads), .int(n), .int(m),
                                                  .double(seconds.median), .double(seconds.min), .double(seconds.max),
                                                  .double(rate), .double(rate * bytesPerPoint / 1e9)]
                        csv.appendRow(fields)
                        let swept = options.curves.count > 1 ? Double(n) : options.samples.count > 1 ? Double(m) : Double(threads)
                        let seriesName = "\(workload) \(name) \(precision)" + (options.threads.count > 1 && options.curves.count + options.samples.count > 2 ? " ×\(threads)" : "")
                        measured.append((seriesName, swept, rate))
                        table.append([workload, name, precision, "\(threads)", "\(n)", "\(m)",
                                      String(format: "%.4g", seconds.median), String(format: "%.1f", rate / 1e6),
                                      String(format: "%.2f", rate * bytesPerPoint / 1e9)])
                        note(String(format: "%@ %@ %@ threads=%d: %.1f M points/s", workload, name, precision, threads, rate / 1e6))
                    }
                }
            }
        }
    }
}

print(TextTable.render(header: ["workload", "kernel", "precision", "threads", "curves", "samples", "median_s", "M_points_per_s", "GB_per_s"], rows: table), terminator: "")
if let path = options.csv {
    do throws(FileWriteError) {
        try AtomicFile.write(csv.text, to: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("beztune-bench: \(error.description)\n".utf8))
        exit(1)
    }
}
if let path = options.png {
    let xLabel = options.curves.count > 1 ? "curves" : options.samples.count > 1 ? "samples per curve" : "threads"
    var names: [String] = []
    for (name, _, _) in measured where !names.contains(name) { names.append(name) }
    let series = names.map { name in
        Chart.Series(name: name, points: measured.filter { $0.0 == name }.map { Point($0.1, $0.2 / 1e6) }, kind: .lineWithMarkers)
    }
    var chart = Chart(title: "Cubic evaluation throughput", xLabel: xLabel, yLabel: "M points/s", series: series)
    if options.curves.count > 1 || options.samples.count > 1 { chart.xScale = .logarithmic }
    do {
        try AtomicFile.write(try chart.render(.png), to: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("beztune-bench: \(error)\n".utf8))
        exit(1)
    }
}
exit(refused ? 1 : 0)
