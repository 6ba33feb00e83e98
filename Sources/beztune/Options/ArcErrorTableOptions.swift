import ArcError
import DataFiles
import _ArgumentParser

/// The options of `error` and `optimize`, which print one table of error figures: the arc-error
/// options and `--csv FILE`.
struct ArcErrorTableOptions: CommandOptions {
    var arc = ArcErrorChoices()
    var csv: String?

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
    /// `k_input`, after the columns every arc-error CSV starts with).
    func write(_ rows: [(label: String, report: ArcErrorReport)], labelColumn: String, labelLast: Bool,
               console: Console) throws {
        let outputs = try RunOutputs(files: [options.csv], console: console)
        let n = options.arc.segments
        var csv = CSVWriter(header: labelLast ? columns.header + [labelColumn] : [labelColumn] + columns.header)
        var table: [[String]] = []
        for (label, report) in rows {
            let fields = columns.fields(report, segments: n)
            csv.appendRow(labelLast ? fields + [.text(label)] : [.text(label)] + fields)
            table.append([label] + columns.displayed(report, segments: n))
        }
        try outputs.stage(csv.text, for: options.csv)
        outputs.write(TextTable.render(header: [labelColumn] + columns.header, rows: table))
        try outputs.commit()
    }
}
