import Foundation

/// Wall-clock timing of a closure: one warm-up run, then `repeats` timed runs.
struct Measurement {
    let seconds: [Double]

    init(repeats: Int, _ body: () -> Void) {
        body()  // warm-up: page faults, caches, thread pool
        var times: [Double] = []
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9)
        }
        seconds = times.sorted()
    }

    var median: Double {
        let n = seconds.count
        return n % 2 == 1 ? seconds[n / 2] : 0.5 * (seconds[n / 2 - 1] + seconds[n / 2])
    }
    var min: Double { seconds.first ?? .nan }
    var max: Double { seconds.last ?? .nan }
}

/// FNV-1a 64 of a byte buffer: a checksum every peer (Python, C, Rust) computes in a few lines,
/// so all of them can prove they read the same workload file.
func fnv1a64(_ data: Data) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in data {
        h ^= UInt64(b)
        h &*= 0x0000_0100_0000_01b3
    }
    return h
}
