import Fitting
import DataFiles
import Foundation
import _Support

/// A keyframe manifest: the CSV that lists the keyframes of a profile fit, columns `progress`
/// and `file` and optionally `select` and `key` (other columns ignored), one keyframe per row,
/// `key` 1 on the keys of a `per-interval` profile (0 or empty elsewhere), each file a
/// target (``TargetOutline/init(contentsOfFile:selecting:sampleCount:orientation:)``) named
/// relative to the manifest's folder (``ManifestFolder``). A non-empty `select` cell chooses the
/// shape of an SVG keyframe (an id or a number, ``TargetSelection/element``); an empty one, or
/// no such column, leaves the caller's default.
///
/// Reading is in three steps, each checking what it reads and naming the manifest row at fault:
/// 1. ``entries(in:)``, text to rows with no file access (fuzzed alone, FuzzManifest): a
///    progress that is a number, a file name that is not empty and has no line break;
/// 2. ``init(contentsOfFile:timing:)``: every row's file exists, then the progress values
///    together (``ProfileFitter/validate(progress:labels:timing:)``: in [0, 1], no two equal,
///    enough for the timing);
/// 3. ``keyframes(sampleCount:orientation:)``: each row's target read, labelled with its row.
public struct KeyframeManifest: Sendable {
    /// One row as written: the text-to-rows step.
    public struct Entry: Equatable, Sendable {
        /// The 1-based line the row starts on.
        public var line: Int
        /// As written: finite or not (the progress validation names a non-finite one).
        public var progress: Double
        /// The file name as written, spaces, tabs and line breaks trimmed; never empty.
        public var file: String
        /// The `select` cell, trimmed; nil when empty or when the manifest has no such column.
        public var select: String?
        /// The `key` cell: true for 1, false for 0 or empty; nil when the manifest has no such
        /// column.
        public var isKey: Bool?

        public init(line: Int, progress: Double, file: String, select: String? = nil, isKey: Bool? = nil) {
            (self.line, self.progress, self.file, self.select, self.isKey) = (line, progress, file, select, isKey)
        }
    }

    /// One row whose file was found.
    public struct Row: Equatable, Sendable {
        /// The 1-based line of the manifest the row starts on.
        public var line: Int
        public var progress: Double
        /// The file as written in the manifest.
        public var file: String
        /// The file's path (relative to the manifest's folder, unless absolute).
        public var path: String
        /// The row's `select` cell (nil: the caller's default).
        public var select: String?
        /// The row's `key` cell (nil: the manifest has no `key` column).
        public var isKey: Bool?
        /// How messages name the row: `MANIFEST line N (FILE)`.
        public var label: String
    }

    /// The manifest's path as given.
    public let manifest: String
    /// The rows, in file order.
    public let rows: [Row]

    /// The rows of a keyframe manifest's table, in file order, with no file access. Errors are
    /// the table's (``CSVTable/cellError(row:column:_:)``), one line naming line and column:
    ///
    ///     keys.csv: missing column 'progress' (columns: file)
    ///     keys.csv line 3, column 'progress': 'x' is not a number
    ///     keys.csv line 4, column 'file': empty file name
    ///     keys.csv line 5, column 'file': the file name contains a line break or control character
    ///     keys.csv line 6, column 'select': the selection contains a line break or control character
    public static func entries(in table: CSVTable) throws(CSVError) -> [Entry] {
        try table.requireColumns(["progress", "file"])
        let progressColumn = try table.columnIndex("progress"), fileColumn = try table.columnIndex("file")
        let selectColumn = table.header.contains("select") ? try table.columnIndex("select") : nil
        let keyColumn = table.header.contains("key") ? try table.columnIndex("key") : nil
        var rows: [Entry] = []
        for index in table.rows.indices {
            let file = String(table.string(row: index, column: fileColumn).trimmingWhitespace)
            let progress = try table.double(row: index, column: progressColumn, allowNonFinite: true)
            guard !file.isEmpty else { throw table.cellError(row: index, column: fileColumn, "empty file name") }
            // A quoted field may hold a line break; in a file name it is a slip, and it would
            // break the one-line messages that name the row's file (found by FuzzManifest).
            guard !file.unicodeScalars.contains(where: isControl) else {
                throw table.cellError(row: index, column: fileColumn, "the file name contains a line break or control character")
            }
            var select: String?
            if let selectColumn {
                let cell = String(table.string(row: index, column: selectColumn).trimmingWhitespace)
                guard !cell.unicodeScalars.contains(where: isControl) else {
                    throw table.cellError(row: index, column: selectColumn, "the selection contains a line break or control character")
                }
                if !cell.isEmpty { select = cell }
            }
            var isKey: Bool?
            if let keyColumn {
                switch table.string(row: index, column: keyColumn).trimmingWhitespace {
                case "1": isKey = true
                case "0", "": isKey = false
                default: throw table.cellError(row: index, column: keyColumn, "expected 1 (a key of a per-interval profile) or 0 (or empty)")
                }
            }
            rows.append(Entry(line: table.lineNumbers[index], progress: progress, file: file, select: select, isKey: isKey))
        }
        return rows
    }

    /// C0 and C1 controls, DEL and the Unicode line and paragraph separators: the characters a
    /// file name in a manifest may not hold.
    public static func isControl(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c == "\u{2028}" || c == "\u{2029}"
    }

    /// Reads the manifest at `manifest` (relative paths from the current folder): its rows in row
    /// order (progress a number, file named and present), then the progress values together for
    /// a profile of kind `timing`.
    public init(contentsOfFile manifest: String, timing: ProfileTimingKind) throws(KeyframeManifestError) {
        let folder = ManifestFolder(manifest: manifest)
        var rows: [Row] = []
        do throws(CSVError) {
            let table = try CSVTable(contentsOf: URL(fileURLWithPath: manifest))
            let entries = try Self.entries(in: table)
            let fileColumn = try table.columnIndex("file")
            for (index, entry) in entries.enumerated() {
                let path = folder.path(of: entry.file)
                let label = "\(manifest) line \(entry.line) (\(entry.file))"
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                    throw table.cellError(row: index, column: fileColumn, "keyframe file '\(entry.file)' does not exist (looked for \(path))")
                }
                rows.append(Row(line: entry.line, progress: entry.progress, file: entry.file, path: path,
                                select: entry.select, isKey: entry.isKey, label: label))
            }
            if timing == .perInterval {
                // The keys of a per-interval profile are the rows marked 1 in the `key` column.
                guard entries.first?.isKey != nil || entries.isEmpty else {
                    throw CSVError(.columns, source: manifest,
                                   reason: "--timing per-interval needs a 'key' column: 1 on the rows that are keys (the easings run between them), 0 or empty on the others")
                }
                let keys = entries.filter { $0.isKey == true }.count
                guard keys >= 2 else {
                    throw CSVError(.columns, source: manifest,
                                   reason: "\(keys) row\(keys == 1 ? " has" : "s have") key 1: a per-interval profile needs at least two keys")
                }
            }
        } catch {
            throw .table(error)
        }
        do throws(ProfileError) {
            try ProfileFitter.validate(progress: rows.map({ $0.progress }), labels: rows.map({ $0.label }), timing: timing)
        } catch {
            throw .progress(manifest: manifest, error)
        }
        (self.manifest, self.rows) = (manifest, rows)
    }

    /// Each row's keyframe: its target read as ``TargetOutline/init(contentsOfFile:selecting:sampleCount:orientation:)``
    /// reads one, labelled with its row; a row's `select` cell replaces `selection.element`.
    public func keyframes(selecting selection: TargetSelection = TargetSelection(), sampleCount: Int? = nil,
                          orientation: TargetOrientation? = nil) throws(KeyframeManifestError) -> [ProfileKeyframe] {
        var keyframes: [ProfileKeyframe] = []
        for row in rows {
            do throws(TargetFileError) {
                let target = try TargetOutline(contentsOfFile: row.path, selecting: selection.selecting(element: row.select),
                                               sampleCount: sampleCount, orientation: orientation)
                keyframes.append(ProfileKeyframe(progress: row.progress, target: target, label: row.label, isKey: row.isKey ?? false))
            } catch {
                throw .keyframe(label: row.label, error)
            }
        }
        return keyframes
    }
}

/// Why a keyframe manifest could not be read: one line naming the manifest, and the row at
/// fault where there is one.
public enum KeyframeManifestError: Error, Sendable, CustomStringConvertible {
    /// The manifest itself: not readable, not CSV, a missing column, a bad cell, a keyframe file
    /// that does not exist (the message names the line and column).
    case table(CSVError)
    /// The progress values together (``ProfileError``, naming the rows by their labels).
    case progress(manifest: String, ProfileError)
    /// A keyframe's target could not be read; `label` names its row.
    case keyframe(label: String, TargetFileError)

    public var description: String {
        switch self {
        case .table(let error):
            error.description
        case .progress(let manifest, let error):
            // Too few keyframes concerns no row: the manifest is named instead.
            if case .tooFewKeyframes = error { "\(manifest): \(error.description)" } else { error.description }
        case .keyframe(let label, let error):
            "\(label): \(error.description)"
        }
    }
}

extension KeyframeManifestError: ReportableError {}
