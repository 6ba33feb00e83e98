/// FNV-1a, 64-bit (Fowler, Noll, Vo; offset basis 14695981039346656037, prime 1099511628211):
/// a fingerprint of what decides a result, for ``CheckpointRecord`` — not a cryptographic hash;
/// it tells an edited or a foreign file from ours, not a forged one.
package struct Fingerprint: Sendable, Equatable {
    package private(set) var value: UInt64 = 14_695_981_039_346_656_037

    package init() {}

    /// Adds bytes.
    package mutating func combine<C: Collection>(bytes: C) where C.Element == UInt8 {
        for b in bytes {
            value ^= UInt64(b)
            value = value &* 1_099_511_628_211
        }
    }

    /// Adds a string's UTF-8 bytes and a terminator (so that "ab","c" differs from "a","bc").
    package mutating func combine(_ text: String) {
        combine(bytes: text.utf8)
        combine(bytes: CollectionOfOne(UInt8(0xFF)))
    }

    /// Adds a number's 8 bytes, little-endian.
    package mutating func combine(_ number: UInt64) {
        combine(bytes: (0..<8).map { UInt8(truncatingIfNeeded: number >> (8 * $0)) })
    }

    /// Adds a double's bit pattern.
    package mutating func combine(_ number: Double) { combine(number.bitPattern) }
}
