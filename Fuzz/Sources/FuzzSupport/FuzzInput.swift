#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a fuzz target receives from libFuzzer, and how it reports a broken invariant.
///
/// Every parser here takes a `String`, so the raw bytes are decoded as UTF-8 with each
/// ill-formed sequence replaced by U+FFFD — exactly what a file read through `String(decoding:)`
/// or a command-line argument gives the program. (`TextFile.read` rejects ill-formed UTF-8 before
/// any parser sees it; the replacement characters still reach the parsers' non-ASCII paths.)
public enum FuzzInput {
    /// The bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    }

    /// Up to `count` numbers from `bytes` starting at `offset`, for the numeric targets: raw
    /// little-endian IEEE bit patterns, 8 bytes each (NaN, ±∞, subnormals and ±1.8e308 all
    /// reachable), or, when `raw` is false, a signed 32-bit mantissa times 2^(next byte − 128),
    /// 5 bytes each (ordinary magnitudes, mutated more usefully).
    public static func doubles(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, count: Int, raw: Bool) -> [Double] {
        var values: [Double] = []
        var i = offset
        while values.count < count {
            if raw {
                guard i + 8 <= bytes.count else { break }
                var bits: UInt64 = 0
                for k in 0..<8 { bits |= UInt64(bytes[i + k]) << (8 * k) }
                values.append(Double(bitPattern: bits))
                i += 8
            } else {
                guard i + 5 <= bytes.count else { break }
                var m: UInt32 = 0
                for k in 0..<4 { m |= UInt32(bytes[i + k]) << (8 * k) }
                values.append(Double(Int32(bitPattern: m)) * Double(sign: .plus, exponent: Int(bytes[i + 4]) - 128, significand: 1))
                i += 5
            }
        }
        return values
    }

    /// The bytes as a String (ill-formed UTF-8 replaced by U+FFFD).
    public static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
        String(decoding: bytes(data, size), as: UTF8.self)
    }
}

/// Stops the run as a crash when `condition` is false: the message goes to stderr and the
/// process aborts, which libFuzzer reports as a deadly signal and saves the input as `crash-…`.
///
/// `precondition` is not used because an optimised build drops its message.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    if condition() { return }
    let text = "fuzz invariant broken at \(file):\(line): \(message())\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
}

/// True when `text` is one line: no LF, CR, U+2028 or U+2029 (a diagnostic must stay on one line).
public func isOneLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
}
