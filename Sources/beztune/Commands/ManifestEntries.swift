import Geometry
import Render

/// The text-to-rows steps of the CSV files `beztune fit` and `fit-profile` read — keyframe
/// manifests, target manifests, point lists — apart from any file access, so that the fuzz
/// targets compile this very file (Fuzz/README.md) and feed it arbitrary tables.
///
/// Each step checks what it reads cell by cell and throws a one-line `CSVError` naming the line
/// and column; the callers add what needs the file system (does a named file exist?).
enum ManifestEntries {
    /// One row of a keyframe manifest (columns `progress`, `file`; others ignored).
    struct Keyframe: Equatable {
        /// The 1-based line the row starts on.
        var line: Int
        /// As written: finite or not (the caller's validation names a non-finite one).
        var progress: Double
        /// The file name as written, whitespace trimmed; never empty.
        var file: String
    }

    /// The rows of a keyframe manifest, in file order.
    static func keyframes(_ table: CSVTable) throws(CSVError) -> [Keyframe] {
        try table.requireColumns(["progress", "file"])
        let progressColumn = try table.columnIndex("progress"), fileColumn = try table.columnIndex("file")
        var rows: [Keyframe] = []
        for index in table.rows.indices {
            let file = String(table.string(row: index, column: fileColumn).trimmingWhitespace)
            let progress = try table.double(row: index, column: progressColumn, allowNonFinite: true)
            guard !file.isEmpty else { throw table.cellError(row: index, column: fileColumn, "empty file name") }
            // A quoted field may hold a line break; in a file name it is a slip, and it would
            // break the one-line messages that name the row's file (found by FuzzManifest).
            guard !file.unicodeScalars.contains(where: isControl) else {
                throw table.cellError(row: index, column: fileColumn, "the file name contains a line break or control character")
            }
            rows.append(Keyframe(line: table.lineNumbers[index], progress: progress, file: file))
        }
        return rows
    }

    /// C0 and C1 controls, DEL and the Unicode line and paragraph separators.
    static func isControl(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c == "\u{2028}" || c == "\u{2029}"
    }

    /// The points of a point list (columns `x`, `y`; others ignored): finite numbers, y negated
    /// when `yDown` (screen coordinates into y-up model space).
    static func points(_ table: CSVTable, yDown: Bool) throws(CSVError) -> [Point] {
        try table.requireColumns(["x", "y"])
        let (xc, yc) = (try table.columnIndex("x"), try table.columnIndex("y"))
        var points: [Point] = []
        points.reserveCapacity(table.rows.count)
        for row in table.rows.indices {
            let x = try table.double(row: row, column: xc)
            let y = try table.double(row: row, column: yc)
            points.append(Point(x, yDown ? -y : y))
        }
        return points
    }
}
