import Testing
import _CIntrinsics
import _TestSupport

/// The portable twins of `_CIntrinsics` against the x86 ones, bit for bit, and both against the
/// rules the header states (checked lane by lane with scalar Swift arithmetic, which never fuses
/// a·b + c): seeded inputs that mix ±0, ±∞, NaNs with payloads (quiet and signalling, both signs),
/// subnormals, the extremes of the normal range and ordinary numbers.
@Suite("Portable intrinsics")
struct PortableIntrinsicsTests {
    static let vectors = 20_000

    @Test("the kernels use the x86 twins on x86-64, the portable ones when forced or elsewhere")
    func dispatch() {
        #if arch(x86_64) && !BEZIERTUNE_PORTABLE_INTRINSICS
        #expect(BT_INTRINSICS_X86 == 1)
        #else
        #expect(BT_INTRINSICS_X86 == 0)
        #endif
    }

    @Test("relaxed multiply-add (Double): one rounding exactly where the target has FMA")
    func relaxedFMADouble() {
        let checked = Self.checkRelaxedFMA(seed: 0x5EED_F4A1, vectors: Self.vectors, Special.double4,
                                           portable: bt_portable_relaxed_fma_double4, x86: x86Twin.fmaDouble4,
                                           kernel: bt_relaxed_fma_double4)
        #expect(checked > 3 * Self.vectors)
    }

    @Test("relaxed multiply-add (Float): one rounding exactly where the target has FMA")
    func relaxedFMAFloat() {
        _ = Self.checkRelaxedFMA(seed: 0x5EED_F4A2, vectors: Self.vectors / 2, Special.float8,
                                 portable: bt_portable_relaxed_fma_float8, x86: x86Twin.fmaFloat8, kernel: bt_relaxed_fma_float8)
    }

    /// The relaxed multiply-add on seeded vectors (a, b, c from `random`), lane by lane, as each
    /// twin and the kernel compute it, against the header's rule: a scalar reference (fused where
    /// the target has FMA), the one NaN operand's payload quieted, the target's default NaN for an
    /// invalid operation, and only NaN-ness where two NaNs meet; where they do not, the x86 twin
    /// equals the portable one bit for bit. Returns the number of such lanes.
    static func checkRelaxedFMA<V: SIMD>(seed: UInt64, vectors: Int, _ random: (inout SplitMix64) -> V,
                                         portable: (V, V, V) -> V, x86: (V, V, V) -> V, kernel: (V, V, V) -> V) -> Int
        where V.Scalar: BinaryFloatingPoint {
        var generator = SplitMix64(seed: seed)
        var checked = 0
        for _ in 0..<vectors {
            let a = random(&generator), b = random(&generator), c = random(&generator)
            let results = [("portable", portable(a, b, c)), ("x86", x86(a, b, c)), ("kernel", kernel(a, b, c))]
            for lane in 0..<V.scalarCount {
                let (x, y, z) = (a[lane], b[lane], c[lane])
                let expected = Special.relaxedFMA(x, y, z)
                func operands() -> String { "fma(\(Special.hex(x)), \(Special.hex(y)), \(Special.hex(z)))" }
                let defaultNaN = results[0].1[lane]
                for (name, vector) in results {
                    let got = vector[lane]
                    if Special.nanPayloadIsOpen(x, y, z) {
                        // Two NaNs meet: IEEE 754 leaves open whose payload survives.
                        #expect(got.isNaN, "\(name) \(operands())")
                    } else if let nan = Special.onlyNaN(x, y, z) {
                        #expect(Special.identical(got, Special.quieted(nan)), "\(name): the one NaN operand's payload survives, quieted")
                    } else if expected.isNaN {
                        // An invalid operation (∞·0, ∞ − ∞): the target's default NaN.
                        #expect(got.isNaN && Special.identical(got, defaultNaN), "\(name) default NaN")
                    } else {
                        #expect(Special.identical(got, expected),
                                "\(name) \(operands()) = \(Special.hex(got)), expected \(Special.hex(expected))")
                    }
                }
                if !Special.nanPayloadIsOpen(x, y, z) {
                    #expect(Special.identical(results[1].1[lane], results[0].1[lane]))
                    checked += 1
                }
            }
        }
        return checked
    }

    @Test("square root: IEEE 754, every bit, NaNs included")
    func squareRoot() {
        var random = SplitMix64(seed: 0x5EED_0002)
        for _ in 0..<Self.vectors {
            let v = Special.double4(&random)
            let portable = bt_portable_sqrt_double4(v), kernel = bt_sqrt_double4(v), x86 = x86Twin.sqrtDouble4(v)
            for lane in 0..<4 {
                let expected = v[lane].squareRoot().bitPattern
                #expect(portable[lane].bitPattern == expected && x86[lane].bitPattern == expected
                        && kernel[lane].bitPattern == expected, "sqrt(\(Special.hex(v[lane])))")
            }
        }
    }

    @Test("minimum and maximum: the second operand when either is NaN or both are zeros")
    func minimumAndMaximum() {
        var random = SplitMix64(seed: 0x5EED_0003)
        for _ in 0..<Self.vectors {
            let a = Special.double4(&random), b = Special.double4(&random)
            let pmin = bt_portable_min_double4(a, b), pmax = bt_portable_max_double4(a, b)
            let kmin = bt_min_double4(a, b), kmax = bt_max_double4(a, b)
            let xmin = x86Twin.minDouble4(a, b), xmax = x86Twin.maxDouble4(a, b)
            for lane in 0..<4 {
                let (x, y) = (a[lane], b[lane])
                let low = (x < y ? x : y).bitPattern, high = (x > y ? x : y).bitPattern
                #expect(pmin[lane].bitPattern == low && xmin[lane].bitPattern == low && kmin[lane].bitPattern == low,
                        "min(\(Special.hex(x)), \(Special.hex(y)))")
                #expect(pmax[lane].bitPattern == high && xmax[lane].bitPattern == high && kmax[lane].bitPattern == high,
                        "max(\(Special.hex(x)), \(Special.hex(y)))")
            }
        }
        // The x86 rule spelled out on the cases that tell it apart from IEEE minNum/maxNum.
        let nan = Double(bitPattern: 0x7FF8_0000_0000_0BAD)
        let a = SIMD4<Double>(-0.0, 0.0, nan, 1), b = SIMD4<Double>(0.0, -0.0, 1, nan)
        let low = bt_portable_min_double4(a, b), high = bt_portable_max_double4(a, b)
        #expect(low[0].bitPattern == (0.0).bitPattern && low[1].bitPattern == (-0.0).bitPattern)
        #expect(low[2] == 1 && low[3].bitPattern == nan.bitPattern)
        #expect(high[0].bitPattern == (0.0).bitPattern && high[1].bitPattern == (-0.0).bitPattern)
        #expect(high[2] == 1 && high[3].bitPattern == nan.bitPattern)
    }

    @Test("streaming stores write the same bytes as a plain store")
    func streamingStores() {
        var random = SplitMix64(seed: 0x5EED_0004)
        Self.checkStores(&random, vectors: Self.vectors / 4, Special.double4, fill: 0xA5,
                         x86: x86Twin.streamDouble4, portable: bt_portable_stream_double4, kernel: bt_stream_double4)
        Self.checkStores(&random, vectors: Self.vectors / 4, Special.float8, fill: 0x5A,
                         x86: x86Twin.streamFloat8, portable: bt_portable_stream_float8, kernel: bt_stream_float8)
    }

    /// Seeded vectors (from `make`) stored three ways into consecutive 32-byte slots of memory
    /// first filled with `fill` bytes: by the x86 twin, the portable twin and the kernel, each
    /// followed by its fence; every slot then holds the vector's bits.
    static func checkStores<V: SIMD>(_ random: inout SplitMix64, vectors: Int, _ make: (inout SplitMix64) -> V, fill: UInt8,
                                     x86: (UnsafeMutablePointer<V.Scalar>, V) -> Void,
                                     portable: (UnsafeMutablePointer<V.Scalar>, V) -> Void,
                                     kernel: (UnsafeMutablePointer<V.Scalar>, V) -> Void) where V.Scalar: BinaryFloatingPoint {
        let lanes = V.scalarCount, bytes = 32 * 3
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 32)
        defer { memory.deallocate() }
        let slots = memory.bindMemory(to: V.Scalar.self, capacity: 3 * lanes)
        for _ in 0..<vectors {
            let v = make(&random)
            memory.initializeMemory(as: UInt8.self, repeating: fill, count: bytes)
            x86(slots, v)
            x86Twin.storeFence()
            portable(slots + lanes, v)
            bt_portable_store_fence()
            kernel(slots + 2 * lanes, v)
            bt_store_fence()
            for (slot, name) in ["x86", "portable", "kernel"].enumerated() {
                for lane in 0..<lanes {
                    #expect(Special.identical(slots[slot * lanes + lane], v[lane]), "\(name) store, lane \(lane)")
                }
            }
        }
    }
}

/// The x86 twins, where they exist (x86-64); elsewhere the portable twins stand in, so that
/// every test compares the same three results on any machine.
struct X86Twins: Sendable {
    var fmaDouble4: @Sendable (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) -> SIMD4<Double>
    var fmaFloat8: @Sendable (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) -> SIMD8<Float>
    var sqrtDouble4: @Sendable (SIMD4<Double>) -> SIMD4<Double>
    var minDouble4: @Sendable (SIMD4<Double>, SIMD4<Double>) -> SIMD4<Double>
    var maxDouble4: @Sendable (SIMD4<Double>, SIMD4<Double>) -> SIMD4<Double>
    var streamDouble4: @Sendable (UnsafeMutablePointer<Double>, SIMD4<Double>) -> Void
    var streamFloat8: @Sendable (UnsafeMutablePointer<Float>, SIMD8<Float>) -> Void
    var storeFence: @Sendable () -> Void
}

#if arch(x86_64)
let x86Twin = X86Twins(fmaDouble4: bt_x86_relaxed_fma_double4, fmaFloat8: bt_x86_relaxed_fma_float8,
                       sqrtDouble4: bt_x86_sqrt_double4, minDouble4: bt_x86_min_double4, maxDouble4: bt_x86_max_double4,
                       streamDouble4: bt_x86_stream_double4, streamFloat8: bt_x86_stream_float8, storeFence: bt_x86_store_fence)
#else
let x86Twin = X86Twins(fmaDouble4: bt_portable_relaxed_fma_double4, fmaFloat8: bt_portable_relaxed_fma_float8,
                       sqrtDouble4: bt_portable_sqrt_double4, minDouble4: bt_portable_min_double4, maxDouble4: bt_portable_max_double4,
                       streamDouble4: bt_portable_stream_double4, streamFloat8: bt_portable_stream_float8,
                       storeFence: bt_portable_store_fence)
#endif

/// Seeded inputs that hit the special values often, and the NaN bookkeeping of the rules.
enum Special {
    static let doubles: [UInt64] = [
        0x0000_0000_0000_0000, 0x8000_0000_0000_0000,  // ±0
        0x7FF0_0000_0000_0000, 0xFFF0_0000_0000_0000,  // ±∞
        0x3FF0_0000_0000_0000, 0xBFF0_0000_0000_0000, 0x3FE0_0000_0000_0000,  // 1, −1, 0.5
        0x0000_0000_0000_0001, 0x8000_0000_0000_0001,  // ± the least subnormal
        0x000F_FFFF_FFFF_FFFF, 0x0010_0000_0000_0000,  // the largest subnormal, the least normal
        0x7FEF_FFFF_FFFF_FFFF, 0xFFEF_FFFF_FFFF_FFFF,  // ± the greatest finite
        0x7FF8_0000_0000_0000, 0xFFF8_0000_0000_0000,  // quiet NaNs (x86's default NaN is the second)
        0x7FF8_0000_DEAD_BEEF, 0xFFFC_0000_0000_0123,  // quiet NaNs with payloads
        0x7FF0_0000_0000_0001, 0xFFF4_0000_0000_BEEF,  // signalling NaNs with payloads
    ]
    static let floats: [UInt32] = [
        0x0000_0000, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 0x3F80_0000, 0xBF80_0000,
        0x0000_0001, 0x8000_0001, 0x007F_FFFF, 0x0080_0000, 0x7F7F_FFFF, 0xFF7F_FFFF,
        0x7FC0_0000, 0xFFC0_0000, 0x7FC0_BEEF, 0xFFE0_0123, 0x7F80_0001, 0xFFA0_BEEF,
    ]

    /// A special value (¼), any bit pattern (¼), a subnormal (⅛) or an ordinary number with an
    /// exponent in ±40 (⅜), so products and sums of ordinary numbers round in every way.
    static func double(_ random: inout SplitMix64) -> Double {
        let r = random.next()
        switch r & 7 {
        case 0, 1: return Double(bitPattern: doubles[Int((r >> 8) % UInt64(doubles.count))])
        case 2, 3: return Double(bitPattern: random.next())
        case 4: return Double(bitPattern: (random.next() & 0x800F_FFFF_FFFF_FFFF))
        default:
            let exponent = UInt64(1023 - 40 + Int((r >> 8) % 81)) << 52
            return Double(bitPattern: (random.next() & 0x800F_FFFF_FFFF_FFFF) | exponent)
        }
    }

    static func float(_ random: inout SplitMix64) -> Float {
        let r = random.next()
        switch r & 7 {
        case 0, 1: return Float(bitPattern: floats[Int((r >> 8) % UInt64(floats.count))])
        case 2, 3: return Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
        case 4: return Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x807F_FFFF)
        default:
            let exponent = UInt32(127 - 20 + Int((r >> 8) % 41)) << 23
            return Float(bitPattern: (UInt32(truncatingIfNeeded: random.next()) & 0x807F_FFFF) | exponent)
        }
    }

    static func double4(_ random: inout SplitMix64) -> SIMD4<Double> {
        SIMD4(double(&random), double(&random), double(&random), double(&random))
    }

    static func float8(_ random: inout SplitMix64) -> SIMD8<Float> {
        var v = SIMD8<Float>()
        for lane in 0..<8 { v[lane] = float(&random) }
        return v
    }

    /// The header's rule for the relaxed multiply-add in scalar Swift (which never fuses a·b + c
    /// by itself): one rounding where the target has FMA, two where not.
    static func relaxedFMA<T: BinaryFloatingPoint>(_ a: T, _ b: T, _ c: T) -> T {
        fused ? c.addingProduct(a, b) : a * b + c
    }

    /// BT_RELAXED_FMA_IS_FUSED as a value.
    static let fused = BT_RELAXED_FMA_IS_FUSED == 1

    /// True when a·b + c makes two NaNs meet (two NaN operands, or a NaN c added to the NaN of an
    /// invalid ∞·0), so that IEEE 754 leaves open which payload the result carries.
    static func nanPayloadIsOpen<T: BinaryFloatingPoint>(_ a: T, _ b: T, _ c: T) -> Bool {
        let nans = [a, b, c].count { $0.isNaN }
        let invalidProduct = (a.isInfinite && b == 0) || (a == 0 && b.isInfinite)
        return nans >= 2 || (c.isNaN && invalidProduct)
    }

    /// The NaN among a, b, c when there is exactly one.
    static func onlyNaN<T: BinaryFloatingPoint>(_ a: T, _ b: T, _ c: T) -> T? {
        let nans = [a, b, c].filter(\.isNaN)
        return nans.count == 1 ? nans[0] : nil
    }

    /// A NaN with its quiet bit set (what an operation makes of a signalling NaN operand): the
    /// top bit of the significand field.
    static func quieted<T: BinaryFloatingPoint>(_ x: T) -> T {
        T(sign: x.sign, exponentBitPattern: x.exponentBitPattern,
          significandBitPattern: x.significandBitPattern | (1 << (T.significandBitCount - 1)))
    }

    /// True when a and b have the same bits (sign, exponent and significand fields).
    static func identical<T: BinaryFloatingPoint>(_ a: T, _ b: T) -> Bool {
        a.sign == b.sign && a.exponentBitPattern == b.exponentBitPattern && a.significandBitPattern == b.significandBitPattern
    }

    /// The bits in hexadecimal: sign, exponent and significand fields, packed as in memory.
    static func hex<T: BinaryFloatingPoint>(_ x: T) -> String {
        let bits = UInt64(x.sign == .minus ? 1 : 0) << (T.exponentBitCount + T.significandBitCount)
            | UInt64(x.exponentBitPattern) << T.significandBitCount | UInt64(x.significandBitPattern)
        return "0x" + String(bits, radix: 16)
    }
}
