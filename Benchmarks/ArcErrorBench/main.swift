// ArcErrorBench: exact analysis (every figure of ArcErrorReport) of 10⁶ (k, n) pairs.
//
//     swift build -c release --product ArcErrorBench && .build/release/ArcErrorBench [runs]
//
// Two grids of 10⁶ pairs each (ArcError's SweepGrid, as `beztune sweep` analyses them):
// "relative" (k from 0.9 to 1.1 times the midpoint-exact factor of each n, 62 500 values ×
// n = 2…17: the sweep a user runs around the optimum) and "absolute" (k from 0.3 to 1.5, 15 625
// values × n = 2…65, most pairs far from any circle, where the integrals fall back to adaptive
// quadrature). Each grid runs on all cores (`SweepGrid.reduceConcurrently`, 4096 blocks), then
// single-threaded; the median of the runs is reported.
import ArcError
import Dispatch
import Foundation
import _Support

/// Sum of a few figures, so the optimiser cannot drop the work.
@Sendable func accumulate(_ checksum: inout Double, _ pair: SweepGrid.Pair, _ r: ArcErrorReport) {
    checksum += r.radial.maximumMagnitude + r.rmsRadialError + r.maximumTangentErrorDegrees + r.curvature.maximum
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now()
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

let runs = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 3 : 3
let cores = ConcurrentChunks.processorCount
let grids: [(name: String, grid: SweepGrid)]
do throws(SweepGridError) {
    grids = [
        ("relative", try SweepGrid(factors: (0..<62_500).map { 0.9 + 0.2 * Double($0) / 62_499 }, segments: Array(2...17), relative: true)),
        ("absolute", try SweepGrid(factors: (0..<15_625).map { 0.3 + 1.2 * Double($0) / 15_624 }, segments: Array(2...65), relative: false)),
    ]
} catch {
    fatalError("ArcErrorBench: \(error)")
}
print("grid,threads,pairs,median_s,pairs_per_s,runs_s")
for (name, grid) in grids {
    for threads in [cores, 1] {
        var times: [Double] = []
        for _ in 0..<runs {
            var sum = 0.0
            times.append(seconds {
                if threads == 1 {
                    grid.forEachReport(in: 0..<grid.count) { accumulate(&sum, $0, $1) }
                } else {
                    sum = grid.reduceConcurrently(0..<grid.count, chunks: 4096, into: 0.0, accumulate).reduce(0, +)
                }
            })
            precondition(sum.isFinite, "non-finite figure")
        }
        times.sort()
        let median = times[times.count / 2]
        print("\(name),\(threads),\(grid.count),\(String(format: "%.3f", median)),\(String(format: "%.0f", Double(grid.count) / median)),\(times.map { String(format: "%.3f", $0) }.joined(separator: " "))")
    }
}
