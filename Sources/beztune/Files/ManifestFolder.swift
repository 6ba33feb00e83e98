import Fitting
import Foundation

/// Where the files a manifest names are read from: a relative name from the manifest's own
/// folder (so a manifest and its files move together), an absolute name (starting with `/`) as
/// it is.
public struct ManifestFolder: Sendable, Hashable {
    /// The folder of the manifest.
    public let url: URL

    /// The folder of the manifest at `path` (relative paths from the current folder).
    public init(manifest path: String) {
        url = URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// The path of `file` as a manifest names it.
    public func path(of file: String) -> String {
        file.hasPrefix("/") ? file : url.appendingPathComponent(file).path
    }
}
