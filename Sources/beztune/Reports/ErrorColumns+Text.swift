import ArcError
import BeztuneAPI
import DataFiles
import Foundation

/// The arc-error columns as the command line writes them: CSV fields and the terminal's rows.
typealias ErrorColumns = ArcErrorColumns

extension ArcErrorColumns {
    /// The columns the arc-error options ask for: `--radius` and `--sx`/`--sy`.
    init(_ arc: ArcErrorChoices) throws(APIError) {
        try self.init(radius: arc.radius, sx: arc.sx, sy: arc.sy)
    }

    /// CSV fields: `segments` as an integer, every other value in round-trip form.
    func fields(_ r: ArcErrorReport, segments: Int) -> [CSVField] {
        values(r, segments: segments).enumerated().map { i, x in i == 1 ? .int(segments) : .double(x) }
    }

    /// The terminal row of a report: k in round-trip form, the segment count, every other value
    /// to 6 significant digits.
    func displayed(_ r: ArcErrorReport, segments: Int) -> [String] {
        values(r, segments: segments).enumerated().map { i, x in
            i == 0 ? CSVField.format(x) : i == 1 ? String(segments) : Self.display(x)
        }
    }

    /// A figure on the terminal: 6 significant digits, `0` for zero.
    static func display(_ x: Double) -> String { x == 0 ? "0" : String(format: "%.6g", x) }
}
