// ArcErrorBench: exact analysis (every figure of ArcErrorReport) of 10⁶ (k, n) pairs.
//
//     swift build -c release --product ArcErrorBench && .build/release/ArcErrorBench [runs]
//
// Two grids of 10⁶ pairs each: "relative" (k from 0.9 to 1.1 times the midpoint-exact factor of
// each n, 62 500 values × n = 2…17: the sweep a user runs around the optimum) and "absolute"
// (k from 0.3 to 1.5, 15 625 values × n = 2…65, most pairs far from any circle, where the
// integrals fall back to adaptive quadrature). Each grid runs on all cores with
// DispatchQueue.concurrentPerform, then single-threaded; the median of the runs is reported.
import ArcError
import Dispatch
import Foundation

struct Grid: Sendable {
    var name: String
    var segments: [Int]
    var factors: [Double]
    var relative: Bool
    var count: Int { segments.count * factors.count }

    /// Pair i's arc from its segment count's arc (`arcs`, set up once per n as `beztune sweep`
    /// does: the arc's sine and cosine to 106 bits cost about as much as a report).
    func pair(_ i: Int, _ arcs: [CircularArc]) -> CircularArc {
        let n = segments[i / factors.count]
        let f = factors[i % factors.count]
        return arcs[i / factors.count].with(handle: relative ? f * 4 / 3 * tan(Double.pi / Double(2 * n)) : f)
    }
}

/// Sum of a few figures, so the optimiser cannot drop the work.
@inline(never)
func analyse(_ grid: Grid, _ range: Range<Int>) -> Double {
    var checksum = 0.0
    let arcs = grid.segments.map { CircularArc(segments: $0, handle: 1) }
    for i in range {
        let r = ArcErrorReport(grid.pair(i, arcs))
        checksum += r.radial.maximumMagnitude + r.rmsRadialError + r.maximumTangentErrorDegrees + r.curvature.maximum
    }
    return checksum
}

final class Sums: @unchecked Sendable {
    var values: [Double]
    init(_ n: Int) { values = Array(repeating: 0, count: n) }
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now()
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

let runs = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 3 : 3
let cores = ProcessInfo.processInfo.activeProcessorCount
let grids = [
    Grid(name: "relative", segments: Array(2...17), factors: (0..<62_500).map { 0.9 + 0.2 * Double($0) / 62_499 }, relative: true),
    Grid(name: "absolute", segments: Array(2...65), factors: (0..<15_625).map { 0.3 + 1.2 * Double($0) / 15_624 }, relative: false),
]
print("grid,threads,pairs,median_s,pairs_per_s,runs_s")
for grid in grids {
    for threads in [cores, 1] {
        var times: [Double] = []
        for _ in 0..<runs {
            let chunks = 4096
            let sums = Sums(chunks)
            times.append(seconds {
                if threads == 1 {
                    sums.values[0] = analyse(grid, 0..<grid.count)
                } else {
                    DispatchQueue.concurrentPerform(iterations: chunks) { c in
                        let lo = c * grid.count / chunks, hi = (c + 1) * grid.count / chunks
                        sums.values[c] = analyse(grid, lo..<hi)
                    }
                }
            })
            precondition(sums.values.reduce(0, +).isFinite, "non-finite figure")
        }
        times.sort()
        let median = times[times.count / 2]
        print("\(grid.name),\(threads),\(grid.count),\(String(format: "%.3f", median)),\(String(format: "%.0f", Double(grid.count) / median)),\(times.map { String(format: "%.3f", $0) }.joined(separator: " "))")
    }
}
