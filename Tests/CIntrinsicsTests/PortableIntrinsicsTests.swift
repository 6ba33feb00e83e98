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
        var random = SplitMix64(seed: 0x5EED_F4A1)
        var checked = 0
        for _ in 0..<Self.vectors {
            let a = Special.double4(&random), b = Special.double4(&random), c = Special.double4(&random)
            let portable = bt_portable_relaxed_fma_double4(a, b, c)
            let kernel = bt_relaxed_fma_double4(a, b, c)
            #if arch(x86_64)
            let x86 = bt_x86_relaxed_fma_double4(a, b, c)
            #else
            let x86 = portable
            #endif
            for lane in 0..<4 {
                let (x, y, z) = (a[lane], b[lane], c[lane])
                let expected = BT_RELAXED_FMA_IS_FUSED == 1 ? z.addingProduct(x, y) : x * y + z
                for (name, got) in [("portable", portable[lane]), ("x86", x86[lane]), ("kernel", kernel[lane])] {
                    if Special.nanPayloadIsOpen(x, y, z) {
                        // Two NaNs meet: IEEE 754 leaves open whose payload survives.
                        #expect(got.isNaN, "\(name) fma(\(Special.hex(x)), \(Special.hex(y)), \(Special.hex(z)))")
                    } else if let nan = Special.onlyNaN(x, y, z) {
                        #expect(got.bitPattern == Special.quieted(nan).bitPattern,
                                "\(name): the one NaN operand's payload survives, quieted")
                    } else if expected.isNaN {
                        // An invalid operation (∞·0, ∞ − ∞): the target's default NaN.
                        #expect(got.isNaN && got.bitPattern == portable[lane].bitPattern, "\(name) default NaN")
                    } else {
                        #expect(got.bitPattern == expected.bitPattern,
                                "\(name) fma(\(Special.hex(x)), \(Special.hex(y)), \(Special.hex(z))) = \(Special.hex(got)), expected \(Special.hex(expected))")
                    }
                }
                if !Special.nanPayloadIsOpen(x, y, z) {
                    #expect(x86[lane].bitPattern == portable[lane].bitPattern)
                    checked += 1
                }
            }
        }
        #expect(checked > 3 * Self.vectors)
    }

    @Test("relaxed multiply-add (Float): one rounding exactly where the target has FMA")
    func relaxedFMAFloat() {
        var random = SplitMix64(seed: 0x5EED_F4A2)
        for _ in 0..<Self.vectors / 2 {
            let a = Special.float8(&random), b = Special.float8(&random), c = Special.float8(&random)
            let portable = bt_portable_relaxed_fma_float8(a, b, c)
            let kernel = bt_relaxed_fma_float8(a, b, c)
            #if arch(x86_64)
            let x86 = bt_x86_relaxed_fma_float8(a, b, c)
            #else
            let x86 = portable
            #endif
            for lane in 0..<8 {
                let (x, y, z) = (a[lane], b[lane], c[lane])
                let expected = BT_RELAXED_FMA_IS_FUSED == 1 ? z.addingProduct(x, y) : x * y + z
                for got in [portable[lane], x86[lane], kernel[lane]] {
                    if Special.nanPayloadIsOpen(x, y, z) {
                        #expect(got.isNaN)
                    } else if let nan = Special.onlyNaN(x, y, z) {
                        #expect(got.bitPattern == Special.quieted(nan).bitPattern)
                    } else if expected.isNaN {
                        #expect(got.isNaN && got.bitPattern == portable[lane].bitPattern)
                    } else {
                        #expect(got.bitPattern == expected.bitPattern,
                                "fma(\(x), \(y), \(z)) = \(got), expected \(expected)")
                    }
                }
            }
        }
    }

    @Test("square root: IEEE 754, every bit, NaNs included")
    func squareRoot() {
        var random = SplitMix64(seed: 0x5EED_0002)
        for _ in 0..<Self.vectors {
            let v = Special.double4(&random)
            let portable = bt_portable_sqrt_double4(v), kernel = bt_sqrt_double4(v)
            #if arch(x86_64)
            let x86 = bt_x86_sqrt_double4(v)
            #else
            let x86 = portable
            #endif
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
            #if arch(x86_64)
            let xmin = bt_x86_min_double4(a, b), xmax = bt_x86_max_double4(a, b)
            #else
            let (xmin, xmax) = (pmin, pmax)
            #endif
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
        let bytes = 32 * 3
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 32)
        defer { memory.deallocate() }
        let doubles = memory.bindMemory(to: Double.self, capacity: bytes / 8)
        for _ in 0..<Self.vectors / 4 {
            let v = Special.double4(&random)
            memory.initializeMemory(as: UInt8.self, repeating: 0xA5, count: bytes)
            #if arch(x86_64)
            bt_x86_stream_double4(doubles, v)
            bt_x86_store_fence()
            #endif
            bt_portable_stream_double4(doubles + 4, v)
            bt_portable_store_fence()
            bt_stream_double4(doubles + 8, v)
            bt_store_fence()
            for lane in 0..<4 {
                #if arch(x86_64)
                #expect(doubles[lane].bitPattern == v[lane].bitPattern)
                #endif
                #expect(doubles[4 + lane].bitPattern == v[lane].bitPattern)
                #expect(doubles[8 + lane].bitPattern == v[lane].bitPattern)
            }
        }
        let floats = memory.bindMemory(to: Float.self, capacity: bytes / 4)
        for _ in 0..<Self.vectors / 4 {
            let v = Special.float8(&random)
            memory.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
            #if arch(x86_64)
            bt_x86_stream_float8(floats, v)
            bt_x86_store_fence()
            #endif
            bt_portable_stream_float8(floats + 8, v)
            bt_stream_float8(floats + 16, v)
            bt_store_fence()
            for lane in 0..<8 {
                #if arch(x86_64)
                #expect(floats[lane].bitPattern == v[lane].bitPattern)
                #endif
                #expect(floats[8 + lane].bitPattern == v[lane].bitPattern)
                #expect(floats[16 + lane].bitPattern == v[lane].bitPattern)
            }
        }
    }
}

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

    /// A NaN with its quiet bit set (what an operation makes of a signalling NaN operand).
    static func quieted(_ x: Double) -> Double { Double(bitPattern: x.bitPattern | 0x0008_0000_0000_0000) }
    static func quieted(_ x: Float) -> Float { Float(bitPattern: x.bitPattern | 0x0040_0000) }

    static func hex(_ x: Double) -> String { "0x" + String(x.bitPattern, radix: 16) }
}
