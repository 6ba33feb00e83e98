import _CIntrinsics
import _Support

/// How `CubicBatch.evaluate` computes its points. Every kernel agrees with `deCasteljau` within
/// 16·ε·max|Pᵢ| (tested); they differ in speed only.
public enum CubicEvaluationKernel: String, CaseIterable, Sendable {
    /// Scalar de Casteljau (`CubicBezier.point(at:)`): the slow, obviously-correct twin.
    case deCasteljau = "decasteljau"
    /// Scalar Horner's rule on the power-basis coefficients, x and y separately.
    case horner
    /// `SIMD4<Double>` holding two interleaved points (x(tⱼ), y(tⱼ), x(tⱼ₊₁), y(tⱼ₊₁)):
    /// Horner with vector coefficients (c₀ₓ, c₀ᵧ, c₀ₓ, c₀ᵧ), … and t-vectors (tⱼ, tⱼ, tⱼ₊₁, tⱼ₊₁),
    /// three relaxed multiply-adds per two points and one vector store, already in output order.
    case simd
    /// `simd` with non-temporal stores that bypass the caches (for outputs much larger than the
    /// cache). Needs a 32-byte-aligned output and an even number of parameters; otherwise it
    /// stores like `simd`.
    case simdStreaming = "simd-streaming"
}

/// A pointer wrapper that may cross into `concurrentPerform`'s closure: each thread writes a
/// disjoint block of the output, which is what makes this sound.
struct UnsafeShared<T>: @unchecked Sendable {
    let value: T
}

/// One call of the Double kernels: the batch's component runs, the parameters and the output.
struct CubicEvaluationJob: @unchecked Sendable {
    let coordinates: UnsafeBufferPointer<Double>
    let count: Int
    let parameters: UnsafeBufferPointer<Double>
    let output: UnsafeMutableBufferPointer<Double>

    func run(kernel: CubicEvaluationKernel, threads: Int) {
        switch kernel {
        case .deCasteljau:
            ConcurrentChunks.forEach(count: count, chunks: threads) { block, _ in deCasteljau(block.lowerBound, block.upperBound) }
        case .horner:
            ConcurrentChunks.forEach(count: count, chunks: threads) { block, _ in horner(block.lowerBound, block.upperBound) }
        case .simd, .simdStreaming:
            let m = parameters.count
            let aligned = Int(bitPattern: output.baseAddress) % 32 == 0
            let streaming = kernel == .simdStreaming && aligned && m % 2 == 0
            withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: max(1, m / 2)) { pairs in
                for j in 0..<(m / 2) {
                    let a = parameters[2 * j], b = parameters[2 * j + 1]
                    pairs[j] = SIMD4(a, a, b, b)
                }
                let shared = UnsafeShared(value: UnsafeBufferPointer(pairs))
                ConcurrentChunks.forEach(count: count, chunks: threads) { block, _ in
                    let (lo, hi) = (block.lowerBound, block.upperBound)
                    if streaming {
                        simd(lo, hi, pairs: shared.value, streaming: true)
                        bt_store_fence()
                    } else {
                        simd(lo, hi, pairs: shared.value, streaming: false)
                    }
                }
            }
        }
    }

    /// Curve i's control points.
    @inline(__always)
    func controlPoints(_ i: Int) -> (Double, Double, Double, Double, Double, Double, Double, Double) {
        let n = count, c = coordinates
        return (c[i], c[n + i], c[2 * n + i], c[3 * n + i], c[4 * n + i], c[5 * n + i], c[6 * n + i], c[7 * n + i])
    }

    func deCasteljau(_ lo: Int, _ hi: Int) {
        let m = parameters.count
        for i in lo..<hi {
            let (x0, y0, x1, y1, x2, y2, x3, y3) = controlPoints(i)
            let curve = CubicBezier(Point(x0, y0), Point(x1, y1), Point(x2, y2), Point(x3, y3))
            for j in 0..<m {
                let p = curve.point(at: parameters[j])
                output[2 * (i * m + j)] = p.x
                output[2 * (i * m + j) + 1] = p.y
            }
        }
    }

    func horner(_ lo: Int, _ hi: Int) {
        let m = parameters.count
        for i in lo..<hi {
            let (x0, y0, x1, y1, x2, y2, x3, y3) = controlPoints(i)
            let ax = 3 * (x1 - x0), bx = 3 * (x2 - 2 * x1 + x0), cx = x3 - x0 + 3 * (x1 - x2)
            let ay = 3 * (y1 - y0), by = 3 * (y2 - 2 * y1 + y0), cy = y3 - y0 + 3 * (y1 - y2)
            var k = 2 * i * m
            for j in 0..<m {
                let t = parameters[j]
                output[k] = x0 + t * (ax + t * (bx + t * cx))
                output[k + 1] = y0 + t * (ay + t * (by + t * cy))
                k += 2
            }
        }
    }

    /// B(t) = c₀ + t(c₁ + t(c₂ + t·c₃)) on interleaved pairs of points.
    @inline(__always)
    func simd(_ lo: Int, _ hi: Int, pairs: UnsafeBufferPointer<SIMD4<Double>>, streaming: Bool) {
        let m = parameters.count, half = m / 2
        guard let base = output.baseAddress, let pairBase = pairs.baseAddress else { return }
        for i in lo..<hi {
            let (x0, y0, x1, y1, x2, y2, x3, y3) = controlPoints(i)
            let c0 = SIMD4(x0, y0, x0, y0)
            let c1 = SIMD4(3 * (x1 - x0), 3 * (y1 - y0), 3 * (x1 - x0), 3 * (y1 - y0))
            let c2x = 3 * (x2 - 2 * x1 + x0), c2y = 3 * (y2 - 2 * y1 + y0)
            let c3x = x3 - x0 + 3 * (x1 - x2), c3y = y3 - y0 + 3 * (y1 - y2)
            let c2 = SIMD4(c2x, c2y, c2x, c2y), c3 = SIMD4(c3x, c3y, c3x, c3y)
            let row = base + 2 * i * m
            var p = row
            if streaming {
                for j in 0..<half {
                    let t = pairBase[j]
                    bt_stream_double4(p, bt_relaxed_fma_double4(bt_relaxed_fma_double4(bt_relaxed_fma_double4(c3, t, c2), t, c1), t, c0))
                    p += 4
                }
            } else {
                for j in 0..<half {
                    let t = pairBase[j]
                    let v = bt_relaxed_fma_double4(bt_relaxed_fma_double4(bt_relaxed_fma_double4(c3, t, c2), t, c1), t, c0)
                    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Double>.self)
                    p += 4
                }
            }
            if m % 2 == 1 {
                let t = parameters[m - 1]
                row[2 * m - 2] = c0.x + t * (c1.x + t * (c2x + t * c3x))
                row[2 * m - 1] = c0.y + t * (c1.y + t * (c2y + t * c3y))
            }
        }
    }
}

/// One call of the Float kernel: `SIMD8<Float>` holding four interleaved points.
struct CubicEvaluationJobFloat: @unchecked Sendable {
    let coordinates: UnsafeBufferPointer<Double>
    let count: Int
    let parameters: UnsafeBufferPointer<Float>
    let output: UnsafeMutableBufferPointer<Float>

    func run(streaming requested: Bool, threads: Int) {
        let m = parameters.count, quads = m / 4
        let streaming = requested && Int(bitPattern: output.baseAddress) % 32 == 0 && m % 4 == 0
        withUnsafeTemporaryAllocation(of: SIMD8<Float>.self, capacity: max(1, quads)) { ts in
            for j in 0..<quads {
                let a = parameters[4 * j], b = parameters[4 * j + 1]
                let c = parameters[4 * j + 2], d = parameters[4 * j + 3]
                ts[j] = SIMD8(a, a, b, b, c, c, d, d)
            }
            let shared = UnsafeShared(value: UnsafeBufferPointer(ts))
            ConcurrentChunks.forEach(count: count, chunks: threads) { block, _ in
                let (lo, hi) = (block.lowerBound, block.upperBound)
                evaluate(lo, hi, quads: shared.value, streaming: streaming)
                if streaming { bt_store_fence() }
            }
        }
    }

    func evaluate(_ lo: Int, _ hi: Int, quads: UnsafeBufferPointer<SIMD8<Float>>, streaming: Bool) {
        let m = parameters.count, n = count, c = coordinates
        guard let base = output.baseAddress, let quadBase = quads.baseAddress else { return }
        for i in lo..<hi {
            let x0 = c[i], y0 = c[n + i], x1 = c[2 * n + i], y1 = c[3 * n + i]
            let x2 = c[4 * n + i], y2 = c[5 * n + i], x3 = c[6 * n + i], y3 = c[7 * n + i]
            let k = (Float(x0), Float(y0), Float(3 * (x1 - x0)), Float(3 * (y1 - y0)),
                     Float(3 * (x2 - 2 * x1 + x0)), Float(3 * (y2 - 2 * y1 + y0)),
                     Float(x3 - x0 + 3 * (x1 - x2)), Float(y3 - y0 + 3 * (y1 - y2)))
            let c0 = SIMD8(k.0, k.1, k.0, k.1, k.0, k.1, k.0, k.1)
            let c1 = SIMD8(k.2, k.3, k.2, k.3, k.2, k.3, k.2, k.3)
            let c2 = SIMD8(k.4, k.5, k.4, k.5, k.4, k.5, k.4, k.5)
            let c3 = SIMD8(k.6, k.7, k.6, k.7, k.6, k.7, k.6, k.7)
            let row = base + 2 * i * m
            var p = row
            if streaming {
                for j in 0..<quads.count {
                    let t = quadBase[j]
                    bt_stream_float8(p, bt_relaxed_fma_float8(bt_relaxed_fma_float8(bt_relaxed_fma_float8(c3, t, c2), t, c1), t, c0))
                    p += 8
                }
            } else {
                for j in 0..<quads.count {
                    let t = quadBase[j]
                    let v = bt_relaxed_fma_float8(bt_relaxed_fma_float8(bt_relaxed_fma_float8(c3, t, c2), t, c1), t, c0)
                    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Float>.self)
                    p += 8
                }
            }
            for j in (4 * quads.count)..<m {
                let t = parameters[j]
                row[2 * j] = k.0 + t * (k.2 + t * (k.4 + t * k.6))
                row[2 * j + 1] = k.1 + t * (k.3 + t * (k.5 + t * k.7))
            }
        }
    }
}
