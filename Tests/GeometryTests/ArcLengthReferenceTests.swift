import Foundation
import Geometry
import Testing

/// Arc lengths against the 40-digit mpmath reference in Resources/arclength_reference.csv
/// (written by Resources/arclength_reference.py: cusps, near-cusps, loops, near-degenerate and
/// random curves).
@Suite("Arc length against the mpmath reference")
struct ArcLengthReferenceTests {
    struct Row {
        var name: String
        var curve: CubicBezier
        var length: Double
        var halfLengthT: Double
    }

    static func rows() throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/arclength_reference.csv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "name,x0,y0,x1,y1,x2,y2,x3,y3,length,half_length_t")
        return try lines.dropFirst().map { line in
            let f = line.split(separator: ",").map(String.init)
            let v = try f[1...10].map { try #require(Double($0), "\(line)") }
            return Row(name: f[0], curve: CubicBezier(Point(v[0], v[1]), Point(v[2], v[3]), Point(v[4], v[5]), Point(v[6], v[7])),
                       length: v[8], halfLengthT: v[9])
        }
    }

    @Test("|L − reference| ≤ the requested accuracy, and ≤ the reported bound")
    func lengths() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 30)
        for row in rows {
            for accuracy in [1e-3, 1e-6, 1e-9, 1e-11] {
                // The rounding floor of a length L in Double is a few ε·L: finer requests on the
                // long curves end as `.roundingLimited` (checked against their bound below).
                let r = AdaptiveArcLength(accuracy: accuracy).length(of: row.curve)
                let error = abs(r.length - row.length)
                #expect(error <= r.errorEstimate, "\(row.name) at \(accuracy): error \(error) > bound \(r.errorEstimate)")
                if accuracy >= 1e-11 * max(1, row.length / 100) {
                    #expect(r.converged, "\(row.name) at \(accuracy): \(r.status)")
                }
                if r.converged {
                    #expect(error <= accuracy, "\(row.name) at \(accuracy): error \(error)")
                }
            }
        }
    }

    @Test("the half-length parameter matches the reference's")
    func halfLength() throws {
        for row in try Self.rows() where row.length > 0 {
            let accuracy = 1e-9 * max(1, row.length / 100)
            let p = row.curve.parameter(atArcLength: row.length / 2, accuracy: accuracy)
            #expect(p.status == .converged, "\(row.name): \(p.status)")
            // |Δs| ≤ accuracy means |Δt| ≤ accuracy / (speed near t); at a cusp (speed 0) the
            // length changes quadratically and t is determined only to √(accuracy/|B″|).
            let speed = row.curve.derivative(at: row.halfLengthT).length
            let second = row.curve.secondDerivative(at: row.halfLengthT).length
            let slack = speed > 1e-6 * row.length
                ? 2 * accuracy / speed + 1e-15
                : (4 * accuracy / max(second, 1e-300)).squareRoot() + 1e-12
            #expect(abs(p.t - row.halfLengthT) <= slack, "\(row.name): t = \(p.t) vs \(row.halfLengthT)")
        }
    }
}
