import Foundation

/// The descriptor that `path` names by its spelling — `/dev/stdout` (1), `/dev/stderr` (2),
/// `/dev/stdin` (0), `/dev/fd/N`, `/proc/self/fd/N` — or nil.
func descriptorNumber(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdin": return 0
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        let digits = path.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int32(digits)
    }
    return nil
}

/// `path` made absolute against the current folder (not normalised: `..` and links stay for the
/// system to resolve).
func absolutePath(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    let here = FileManager.default.currentDirectoryPath
    return (here.hasSuffix("/") ? here : here + "/") + path
}

/// The folder part of `path`: everything before its last `/` (`/` for a file at the root, `.`
/// for a bare name).
func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
}

/// The last component of `path`.
func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
