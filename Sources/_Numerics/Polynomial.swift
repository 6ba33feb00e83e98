/// A real polynomial c₀ + c₁x + … + c_d·x^d of degree at most 15, in the power basis, stored
/// inline (no heap allocation), so the error kernels can build and solve small polynomials in
/// tight loops.
///
/// Products that would exceed degree 15 are a programmer error. The degree is the declared one:
/// a leading coefficient that happens to be zero is kept (the root finder copes with it).
package struct Polynomial: Sendable, Equatable {
    package static let maximumDegree = 15

    /// The coefficients, cᵢ multiplying xⁱ, for i ≤ ``degree``; the rest are zero.
    package private(set) var storage: SIMD16<Double>
    /// The declared degree (0 for a constant).
    package let degree: Int

    /// The polynomial with the given coefficients, lowest power first (at least one).
    package init(_ coefficients: [Double]) {
        precondition(!coefficients.isEmpty && coefficients.count <= 16, "Polynomial: 1…16 coefficients")
        var s = SIMD16<Double>()
        for (i, c) in coefficients.enumerated() { s[i] = c }
        storage = s
        degree = coefficients.count - 1
    }

    init(storage: SIMD16<Double>, degree: Int) {
        self.storage = storage
        self.degree = degree
    }

    /// cᵢ, zero above the degree.
    @inlinable
    package subscript(i: Int) -> Double { storage[i] }

    package var coefficients: [Double] { (0...degree).map { storage[$0] } }

    /// p(x) by Horner's rule.
    @inlinable
    package func callAsFunction(_ x: Double) -> Double {
        var v = storage[degree]
        var i = degree - 1
        while i >= 0 {
            v = v * x + storage[i]
            i -= 1
        }
        return v
    }

    /// p(x) and p′(x) together (Horner's rule for both).
    @inlinable
    package func valueAndDerivative(at x: Double) -> (value: Double, derivative: Double) {
        var v = storage[degree]
        var d = 0.0
        var i = degree - 1
        while i >= 0 {
            d = d * x + v
            v = v * x + storage[i]
            i -= 1
        }
        return (v, d)
    }

    /// p′, of degree max(d − 1, 0).
    package var derivative: Polynomial {
        guard degree > 0 else { return Polynomial(storage: SIMD16(), degree: 0) }
        var s = SIMD16<Double>()
        for i in 1...degree { s[i - 1] = Double(i) * storage[i] }
        return Polynomial(storage: s, degree: degree - 1)
    }

    package static func + (p: Polynomial, q: Polynomial) -> Polynomial {
        Polynomial(storage: p.storage + q.storage, degree: Swift.max(p.degree, q.degree))
    }

    package static func - (p: Polynomial, q: Polynomial) -> Polynomial {
        Polynomial(storage: p.storage - q.storage, degree: Swift.max(p.degree, q.degree))
    }

    package static func * (c: Double, p: Polynomial) -> Polynomial {
        Polynomial(storage: c * p.storage, degree: p.degree)
    }

    package static func * (p: Polynomial, q: Polynomial) -> Polynomial {
        precondition(p.degree + q.degree <= maximumDegree, "Polynomial: product degree above 15")
        var s = SIMD16<Double>()
        for i in 0...p.degree {
            let c = p.storage[i]
            if c == 0 { continue }
            for j in 0...q.degree { s[i + j] += c * q.storage[j] }
        }
        return Polynomial(storage: s, degree: p.degree + q.degree)
    }
}
