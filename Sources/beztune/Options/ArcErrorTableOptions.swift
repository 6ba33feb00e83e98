import ArcError
import DataFiles
import _ArgumentParser

/// The options of `error` and `optimize`, which print one table of error figures: the arc-error
/// options and `--csv FILE` (and `error`'s `--pixels-per-unit S,…`).
struct ArcErrorTableOptions: CommandOptions {
    var arc = ArcErrorChoices()
    var csv: String?
    /// `--pixels-per-unit S,…` (`error` only, with `--radius`): one row per scale with the `_px`
    /// columns (``ErrorColumns/pixelHeader``); nil: one row, no `_px` columns.
    var pixelsPerUnit: [Double]?

    /// The options with the columns they ask for, checked before any work (the squash ratio).
    struct Checked {
        var options: ArcErrorTableOptions
        var columns: ErrorColumns
    }

    static func validate(_ options: ArcErrorTableOptions) throws -> Checked {
        Checked(options: options, columns: try ErrorColumns(options.arc))
    }
}

extension ArcErrorTableOptions.Checked {
    /// One row per labelled report — the label first, then the figures — printed as a table and
    /// written to `--csv`, where the label column goes last when `labelLast` (`error`'s
    /// `k_input`, after the columns every arc-error CSV starts with). With `--pixels-per-unit`,
    /// one row per report and scale (scales innermost), `pixels_per_unit` and the `_px` columns
    /// appended after every other column (the label's too).
    func write(_ rows: [(label: String, report: ArcErrorReport)], labelColumn: String, labelLast: Bool,
               console: Console) throws {
        let outputs = try RunOutputs(files: [options.csv], console: console)
        let n = options.arc.segments
        let scales: [Double?] = options.pixelsPerUnit ?? [nil]
        let pixelHeader = options.pixelsPerUnit == nil ? [] : columns.pixelHeader
        var csv = CSVWriter(header: (labelLast ? columns.header + [labelColumn] : [labelColumn] + columns.header) + pixelHeader)
        var table: [[String]] = []
        for (label, report) in rows {
            let fields = columns.fields(report, segments: n)
            for scale in scales {
                let pixels = scale.map { columns.pixelValues(report, segments: n, scale: $0) } ?? []
                csv.appendRow((labelLast ? fields + [.text(label)] : [.text(label)] + fields) + pixels.map(CSVField.double))
                table.append([label] + columns.displayed(report, segments: n) + pixels.map(ErrorColumns.display))
            }
        }
        try outputs.stage(csv.text, for: options.csv)
        outputs.write(TextTable.render(header: [labelColumn] + columns.header + pixelHeader, rows: table))
        try outputs.commit()
    }
}
