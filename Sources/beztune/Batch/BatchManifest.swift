import DataFiles
import Fitting
import Foundation

/// The CSV a batch command works through (`fit --targets`, `fit-profile --profiles`): one item
/// per row, a column naming each item's file, and every column copied in front of the batch's
/// own output columns — so none of them may share a name with those.
struct BatchManifest {
    var table: CSVTable
    /// The index of the column that names each item's file.
    var fileColumn: Int
    /// The folder relative file names are read from: the manifest's own.
    var folder: ManifestFolder

    init(_ path: String, fileColumn name: String, outputColumns: [String]) throws {
        table = try CSVTable(contentsOf: URL(fileURLWithPath: path))
        fileColumn = try table.columnIndex(name)
        if let clash = table.header.first(where: outputColumns.contains) {
            throw CLIError.runtime("\(path): column '\(clash)' is also an output column; rename it")
        }
        folder = ManifestFolder(manifest: path)
    }

    /// The path of a file named in the manifest (relative to its folder unless absolute).
    func path(of file: String) -> String {
        folder.path(of: file)
    }
}
