import Foundation

/// A fresh, empty folder under the system temporary directory for one test's files; removed by
/// `remove()` or, at the latest, when the last reference goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    public init() throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("beztune-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        url = base
    }

    deinit { remove() }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names in the folder (hidden ones too), sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    public func remove() {
        // Restore write permission first so a test that made it read-only can clean up.
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }
}
