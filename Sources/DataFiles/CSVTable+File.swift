import Foundation

extension CSVTable {
    /// Reads a UTF-8 CSV file (see ``TextFile/read(_:kind:)`` for the file messages) and parses
    /// it as ``init(parsing:source:)`` does, with the path as given (`url.relativePath`) as the
    /// source in messages.
    public init(contentsOf url: URL) throws(CSVError) {
        let text: String
        do throws(FileReadError) {
            text = try TextFile.read(url, kind: "CSV file")
        } catch {
            throw CSVError(.file, source: error.path, reason: error.reason)
        }
        try self.init(parsing: text, source: url.displayPath)
    }
}
