@testable import ArcError
import Testing
import _Numerics

/// The arc's half angle θ/2 = π/n and its sine and cosine, formed in double-double
/// (`DoubleDouble.sinCos`) and rounded once, against the mpmath table.
@Suite("half angles of an arc in double-double (π/n, sin, cos)")
struct HalfAngleTests {
    /// x − y for double-double values, as one double (exact enough to compare at 1e-32).
    func difference(_ x: DoubleDouble, _ y: DoubleDouble) -> Double { (x - y).value }

    @Test("π/n, sin(π/n) and cos(π/n) agree with mpmath to 1e-31")
    func halfAngles() throws {
        let rows = try ReferenceData.table("reference-half-angles.csv")
        #expect(rows.count == 17)
        for row in rows {
            let n = row.int("segments")
            let h = DoubleDouble.pi / Double(n)
            let (s, c) = DoubleDouble.sinCos(h)
            let reference = (h: DoubleDouble(hi: row.double("h_hi"), lo: row.double("h_lo")),
                             sin: DoubleDouble(hi: row.double("sin_hi"), lo: row.double("sin_lo")),
                             cos: DoubleDouble(hi: row.double("cos_hi"), lo: row.double("cos_lo")))
            // cos(π/2) is 0: an absolute floor of 1e-32·h.
            let floor = 1e-32 * reference.h.hi
            #expect(abs(difference(h, reference.h)) <= 1e-31 * reference.h.hi, "π/\(n)")
            #expect(abs(difference(s, reference.sin)) <= 1e-31 * abs(reference.sin.hi) + floor, "sin(π/\(n))")
            #expect(abs(difference(c, reference.cos)) <= 1e-31 * abs(reference.cos.hi) + floor, "cos(π/\(n))")
            // The arc rounds them once: its a and b are the nearest doubles.
            let arc = CircularArc(segments: n, handle: 0.5)
            #expect(arc.sinHalfAngle == reference.sin.hi && (n == 2 || arc.cosHalfAngle == reference.cos.hi), "n = \(n)")
        }
    }
}
