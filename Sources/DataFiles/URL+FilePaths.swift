import Foundation

extension URL {
    /// The path as the user gave it (relative paths stay relative), for messages.
    var displayPath: String { relativePath }

    /// The absolute file-system path, for system calls.
    var systemPath: String { path }
}
