import CSV
import _Support

/// Why a fit result (``FitResultTable``) or one of its rows cannot be used: one line naming the
/// file, the line and, for a cell, the column. Always about the file's content (or a choice that
/// depends on it), never a usage mistake.
public enum FitResultError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read as a CSV table, or a cell is not what its column holds.
    case table(CSVError)
    /// No column NAME has a NAME_stderr column beside it.
    case noParameterColumns(source: String)
    /// A header and no row.
    case noRows(source: String)
    /// Several rows (a batch) and none chosen.
    case severalRows(source: String, count: Int)
    /// A 1-based row beyond the last.
    case noSuchRow(source: String, row: Int, count: Int)
    /// The row's fit failed (status `error`), with the row's `message` when there is one.
    case failedFit(location: String, message: String?)
    /// A file that does not record its setup (no `model` column) read with a setup whose free
    /// parameters are not its parameter columns.
    case columnsNotFree(source: String, columns: [String], model: String, free: [String])
    /// The file does not record its setup (no `model` column), and no setup was given.
    case setupNotRecorded(source: String)
    /// The row's model, parameter columns and held values do not make a setup.
    case invalidSetup(location: String, FitError)
    /// The row records a setup that contradicts the one given.
    case notTheGivenFit(location: String, FitResultDisagreement)
    /// The row is a fit of another model than the one expected.
    case otherModel(location: String, found: String, expected: String)

    public var description: String {
        switch self {
        case .table(let error):
            error.description
        case .noParameterColumns(let source):
            "\(source): no parameter columns (NAME with NAME_stderr): not a fit result"
        case .noRows(let source):
            "\(source): no data rows"
        case .severalRows(let source, let count):
            "\(source): \(count) data rows (a batch): choose one"
        case .noSuchRow(let source, let row, let count):
            "\(source): row \(row) but the file has \(count) data row\(count == 1 ? "" : "s")"
        case .failedFit(let location, let message):
            "\(location): that fit failed (status error)\(message.map { ": " + $0 } ?? "")"
        case .columnsNotFree(let source, let columns, let model, let free):
            "\(source): its parameter columns (\(columns.joined(separator: ", "))) are not the free parameters of model \(model) (\(free.joined(separator: ", ")))"
        case .setupNotRecorded(let source):
            "\(source): no 'model' column: the file does not record the fit's model, radius and held values (written before fits recorded them)"
        case .invalidSetup(let location, let error):
            "\(location): the fit's model, free parameters and held values do not make a fit: \(error)"
        case .notTheGivenFit(let location, let disagreement):
            "\(location): \(disagreement)"
        case .otherModel(let location, let found, let expected):
            "\(location): a fit of model \(found), not \(expected)"
        }
    }
}

extension FitResultError: ReportableError {}
