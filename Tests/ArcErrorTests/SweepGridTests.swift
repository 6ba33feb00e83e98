import ArcError
import Foundation
import Testing

/// The sweep grid: its factor and segment lists read as the ranges say, its pairs in rows by
/// segments then k, and its concurrent analysis equal to the plain per-pair reports.
@Suite("sweep grid")
struct SweepGridTests {
    @Test("A:B:STEP lists A + i·STEP up to B, B kept within 1e-9 of a whole number of steps")
    func factors() throws {
        #expect(try SweepGrid.factors(parsing: "0.5:0.6:0.05") == [0.5, 0.5 + 0.05, 0.5 + 2 * 0.05])
        #expect(try SweepGrid.factors(parsing: "0.5:0.6:0.03") == [0.5, 0.53, 0.5 + 2 * 0.03, 0.5 + 3 * 0.03].map { $0 })
        // (0.6 − 0.5)/0.1 is 0.9999999999999998: B is kept.
        #expect(try SweepGrid.factors(parsing: "0.5:0.6:0.1").count == 2)
        #expect(try SweepGrid.factors(parsing: "1/1.8:1/1.8:1") == [1 / 1.8])
        #expect(try SweepGrid.factors(parsing: "0:1:1e-6").count == 1_000_001)
    }

    @Test("bad factor ranges name the range and the problem", arguments: [
        ("0.6:0.5:0.01", "'0.6:0.5:0.01': the range is reversed (start > end)"),
        ("0.5:0.6:0", "'0.5:0.6:0': the step must be positive"),
        ("0.5:0.6", "'0.5:0.6': expected A:B:STEP, e.g. 0.50:0.60:0.0001"),
        ("0.5:0.6:1e-12", "'0.5:0.6:1e-12': more than 10000000 values"),
        ("1/0:1:0.1", "'1/0:1:0.1': the start is not a finite number"),
        ("0.5:0.6:x", "'0.5:0.6:x': the step 'x': unknown name 'x' (known: pi, sqrt, tan, sin, cos) at offset 0"),
    ])
    func badFactors(_ text: String, _ expected: String) {
        do {
            _ = try SweepGrid.factors(parsing: text)
            Issue.record("'\(text)' accepted")
        } catch {
            #expect(error.description == expected && error.kind == .text)
        }
    }

    @Test("segment counts: N or N1:N2, each from 2 to 2^20")
    func segments() throws {
        #expect(try SweepGrid.segments(parsing: "4") == [4])
        #expect(try SweepGrid.segments(parsing: " 3:6") == [3, 4, 5, 6])
        for (text, reason) in [("1", "at least 2 segments per circle"), ("4.5", "expected a whole number of segments"),
                               ("1048577", "at most 1048576 segments"), ("6:3", "the range is reversed (start > end)"),
                               ("2:3:4", "expected N or N1:N2")] {
            do {
                _ = try SweepGrid.segments(parsing: text)
                Issue.record("'\(text)' accepted")
            } catch {
                #expect(error.reason == reason, "\(text)")
            }
        }
    }

    @Test("pairs run by segments, then k; relative factors are multiples of 4/3·tan(π/(2n))")
    func pairs() throws {
        let grid = try SweepGrid(factors: [0.9, 1, 1.1], segments: [3, 4], relative: true)
        #expect(grid.count == 6)
        let p = grid.pair(4)
        #expect(p.segments == 4 && p.factor == 1)
        #expect(abs(p.handle - 4.0 / 3.0 * (2.0.squareRoot() - 1)) <= 1e-16)
        #expect(abs(grid.pair(0).handle - 0.9 * 4.0 / 3.0 * tan(Double.pi / 6)) <= 1e-15)
        let absolute = try SweepGrid(factors: [0.5, 0.6], segments: [5], relative: false)
        #expect(absolute.pair(1) == SweepGrid.Pair(segments: 5, factor: 0.6, handle: 0.6))
    }

    @Test("a grid refuses factors out of (0, 10] and more than 10^7 pairs")
    func refused() {
        #expect(throws: SweepGridError.self) { try SweepGrid(factors: [-0.1, 0.5], segments: [4], relative: false) }
        #expect(throws: SweepGridError.self) { try SweepGrid(factors: [1, 9], segments: [2], relative: true) }
        do {
            _ = try SweepGrid(factors: Array(repeating: 0.5, count: 5_000_001), segments: [2, 3], relative: false)
        } catch {
            #expect(error.kind == .tooManyPairs && error.description == "the grid has 5000001 × 2 pairs, more than 10000000")
        }
    }

    @Test("the concurrent analysis is the per-pair reports, in order, whatever the block count")
    func concurrentEqualsSerial() throws {
        let grid = try SweepGrid(factors: try SweepGrid.factors(parsing: "0.50:0.60:0.01"), segments: Array(2...9), relative: false)
        var serial: [Double] = []
        for i in 0..<grid.count {
            let p = grid.pair(i)
            serial.append(ArcErrorReport(CircularArc(segments: p.segments, handle: p.handle)).radial.maximum)
        }
        for chunks in [nil, 1, 3, 7, 1000] {
            let blocks = grid.reduceConcurrently(5..<grid.count, chunks: chunks, into: [Double]()) { values, _, report in
                values.append(report.radial.maximum)
            }
            #expect(Array(blocks.joined()) == Array(serial[5...]), "chunks \(String(describing: chunks))")
        }
    }
}
