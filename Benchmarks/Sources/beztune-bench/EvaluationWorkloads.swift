import Foundation
import Geometry
import _Support

/// The evaluation workloads: every kernel, checked against de Casteljau, then timed.
func runEvaluationWorkloads(into results: inout Results) {
    for workload in options.workloads where workload.hasPrefix("eval") {
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
                                    results.refused = true
                                    continue
                                }
                                // In cache, each thread repeats the whole batch into its own buffer (so
                                // threads scale the compute); otherwise the threads share the batch.
                                let outs = incache ? (0..<threads).map { _ in AlignedBuffer<Double>(count: out.pointer.count) } : [out]
                                let shared = UnsafeShared(value: (batch, outs))
                                seconds = Measurement(repeats: options.repeats) {
                                    if incache {
                                        ConcurrentChunks.forEach(count: threads, chunks: threads) { _, k in
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
                                    results.refused = true
                                    continue
                                }
                                let outs = incache ? (0..<threads).map { _ in AlignedBuffer<Float>(count: out.pointer.count) } : [out]
                                let shared = UnsafeShared(value: (batch, outs))
                                seconds = Measurement(repeats: options.repeats) {
                                    if incache {
                                        ConcurrentChunks.forEach(count: threads, chunks: threads) { _, k in
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
                            results.add(workload: workload, kernel: name, precision: precision, threads: threads, curves: n, samples: m,
                                        seconds: seconds, points: points, bytesPerPoint: bytesPerPoint)
                        }
                    }
                }
            }
        }
    }
}
