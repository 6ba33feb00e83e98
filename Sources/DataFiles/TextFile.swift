import _Support
import Foundation
import _Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a whole UTF-8 text file with a distinct message for each way it can fail.
public enum TextFile {
    /// The content of the file at `url` as a String.
    ///
    /// File problems are reported before any content is used, each with its own message
    /// (`kind` names what was expected, e.g. "CSV file"):
    ///
    ///     FILE: no such file
    ///     FILE: is a directory, expected a <kind>
    ///     FILE: permission denied
    ///     FILE: cannot open: <strerror> (errno N)     (or cannot read: …)
    ///     FILE: contains NUL bytes (first at byte offset 12), so it is a binary file, not text
    ///     FILE: not valid UTF-8 text (first bad byte on line 3, byte offset 57); save it as UTF-8
    ///
    /// A leading UTF-8 byte-order mark (EF BB BF, which spreadsheets and some editors write) is
    /// not part of the text: it is skipped, and byte offsets in messages count from the file's
    /// first byte.
    public static func read(_ url: URL, kind: String = "text file") throws(FileReadError) -> String {
        let name = url.displayPath
        func failure(_ reason: String) -> FileReadError { FileReadError(path: name, reason: reason) }

        let bytes = try readAll(url.systemPath, kind: kind, failure)
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let nul = bytes.firstIndex(of: 0) {
            throw failure("contains NUL bytes (first at byte offset \(nul)), so it is a binary file, not text")
        }
        // Validated and copied into the String in one step: the file is held twice at most, not
        // three times (a sweep's CSV may be gigabytes).
        guard let text = String(validating: bytes[bom...], as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(bytes)
            let line = 1 + bytes[..<offset].count { $0 == UInt8(ascii: "\n") }
            throw failure("not valid UTF-8 text (first bad byte on line \(line), byte offset \(offset)); save it as UTF-8")
        }
        return text
    }

    /// The whole content of the file at `path`, read with POSIX calls so each failure is known.
    private static func readAll(
        _ path: String, kind: String, _ failure: (String) -> FileReadError
    ) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw failure("no such file")
            case ENOTDIR: throw failure("no such file (a part of the path is not a folder)")
            case EACCES, EPERM: throw failure("permission denied")
            default: throw failure("cannot open: \(MessageText.systemError(code))")
            }
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw failure("is a directory, expected a \(kind)")
        }
        var bytes: [UInt8] = []
        // A regular file's size is known: one allocation instead of doubling growth.
        if info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { FileDescriptor.readChunk(from: fd, into: $0) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 {
                return bytes
            } else {
                let code = errno
                if code == EISDIR { throw failure("is a directory, expected a \(kind)") }
                throw failure("cannot read: \(MessageText.systemError(code))")
            }
        }
    }

    /// The byte offset of the first ill-formed UTF-8 sequence (the count if there is none).
    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
            offset += scalar.count
        }
        return offset
    }
}
