import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path, as far as a test of "nothing changed" needs: the file type, device and
/// inode (so a replaced file shows even with equal content), the permission bits, and the
/// content of a regular file or the target of a symbolic link. Never follows a link and never
/// opens anything but a regular file, so taking a snapshot of a device node or a FIFO reads
/// nothing from it.
public struct FileSnapshot: Equatable, CustomStringConvertible, Sendable {
    public enum FileType: String, Sendable {
        case missing, regular, directory, symlink, characterDevice, blockDevice, fifo, socket
    }

    public let type: FileType
    public let device: UInt64
    public let inode: UInt64
    public let mode: UInt32
    /// A regular file's bytes, a link's target, a folder's sorted names (newline-separated).
    public let content: Data

    public init(_ url: URL) {
        self.init(path: url.path)
    }

    public init(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            (type, device, inode, mode, content) = (.missing, 0, 0, 0, Data())
            return
        }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        mode = UInt32(truncatingIfNeeded: info.st_mode) & 0o7777
        switch UInt32(info.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG):
            type = .regular
            content = FileManager.default.contents(atPath: path) ?? Data()
        case UInt32(S_IFDIR):
            type = .directory
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? []
            content = Data(names.joined(separator: "\n").utf8)
        case UInt32(S_IFLNK):
            type = .symlink
            content = Data(((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "").utf8)
        case UInt32(S_IFCHR): (type, content) = (.characterDevice, Data())
        case UInt32(S_IFBLK): (type, content) = (.blockDevice, Data())
        case UInt32(S_IFIFO): (type, content) = (.fifo, Data())
        default: (type, content) = (.socket, Data())
        }
    }

    public var description: String {
        "\(type) dev \(device) ino \(inode) mode \(String(mode, radix: 8)) \(content.count) bytes"
    }
}

/// Special files made in a test's own scratch folder: device nodes (`mknod`, which needs root —
/// nil otherwise, so that the test can skip saying so), FIFOs and Unix sockets. Tests never touch
/// the system's `/dev` entries; a node made here with the numbers of the null device (1, 3) or
/// the full device (1, 7) behaves as they do.
public enum SpecialFiles {
    /// A character device node at `url` with the given numbers; nil when `mknod` fails (not root).
    public static func characterDevice(_ url: URL, major: UInt32, minor: UInt32) -> URL? {
        mknod(url.path, S_IFCHR | 0o666, deviceNumber(major, minor)) == 0 ? url : nil
    }

    /// A block device node at `url` (never opened by the tests); nil when `mknod` fails.
    public static func blockDevice(_ url: URL, major: UInt32, minor: UInt32) -> URL? {
        mknod(url.path, S_IFBLK | 0o600, deviceNumber(major, minor)) == 0 ? url : nil
    }

    /// `makedev(major, minor)` (a macro Swift does not import): glibc's encoding on Linux, the
    /// 8/24-bit split on Darwin.
    static func deviceNumber(_ major: UInt32, _ minor: UInt32) -> dev_t {
        #if canImport(Glibc)
        let (ma, mi) = (UInt64(major), UInt64(minor))
        return dev_t(((ma & 0xFFFF_F000) << 32) | ((ma & 0xFFF) << 8) | ((mi & 0xFFFF_FF00) << 12) | (mi & 0xFF))
        #else
        return dev_t(Int32(bitPattern: (major << 24) | minor))
        #endif
    }

    /// A null device like the system's (writes vanish, reads see end of file).
    public static func nullDevice(_ url: URL) -> URL? { characterDevice(url, major: 1, minor: 3) }

    /// A full device like the system's (every write fails with ENOSPC).
    public static func fullDevice(_ url: URL) -> URL? { characterDevice(url, major: 1, minor: 7) }

    /// A FIFO at `url`.
    public static func fifo(_ url: URL) throws -> URL {
        guard mkfifo(url.path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return url
    }

    /// A Unix-domain socket bound at `url` (the descriptor stays open until `close`).
    public static func socket(_ url: URL) throws -> Int32 {
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #elseif canImport(Darwin)
        let fd = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(url.path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw POSIXError(.ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, b) in bytes.enumerated() { buffer[i] = b }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return fd
    }
}
