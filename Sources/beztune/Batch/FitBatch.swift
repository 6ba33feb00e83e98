import DataFiles
import Fitting
import Foundation
import _Support

/// `beztune fit --targets MANIFEST`: one fit per manifest row (its `file`, and its `select` cell
/// when the manifest has that column), one CSV row each (the manifest's columns, then
/// `FitResultColumns` with `message`), progress on stderr. A target that cannot be read or
/// fitted gets status `error` and its reason in the `message` column; the batch goes on.
enum FitBatch {
    static func run(manifest: String, _ fit: FitArguments, csvFile: String?, batch options: BatchOptions,
                    console: Console) throws {
        // Every row has the same columns: a target away from the model is refused with its hint,
        // not fitted with a pose of its own.
        var fit = fit
        fit.options.findsPose = false
        let resultColumns = FitResultColumns(setup: fit.setup, message: true, pixelsPerUnit: fit.pixelsPerUnit)
        let columns = resultColumns.header
        let batch = try BatchManifest(manifest, fileColumn: "file", outputColumns: columns)
        let (table, fileColumn) = (batch.table, batch.fileColumn)
        let passed = table.header
        let targetFiles = table.rows.map { row -> String? in
            let name = row[fileColumn].trimmingWhitespace
            return name.isEmpty ? nil : batch.path(of: String(name))
        }
        // A row's 'select' cell chooses the shape of its SVG target (empty: --select).
        let selectColumn = table.header.firstIndex(of: "select")
        let rows = options.shard.range(of: table.rows.count)
        var csv = BatchCSV(file: csvFile, header: passed + columns, items: rows.map { table.rows[$0] }, rows: rows,
                           interval: options.checkpoint)
        let outputs = try RunOutputs(files: csv.outputs, inputs: [manifest] + targetFiles, console: console)

        /// The output fields of manifest row `index`, whether it failed, and for a CSV target
        /// whose points fit far better upside down the mirrored-fit warning (`MirroredFit`); with
        /// `console`, a long fit's progress lines.
        func fields(_ index: Int, console: Console? = nil) -> (fields: [CSVField], failed: Bool, warning: String?) {
            let name = table.rows[index][fileColumn].trimmingWhitespace
            do {
                guard !name.isEmpty else { throw CLIError.runtime("\(manifest) line \(table.lineNumbers[index]): empty file name") }
                let select = selectColumn.map { String(table.rows[index][$0].trimmingWhitespace) }
                let target = try fit.target(file: batch.path(of: String(name)), select: select?.isEmpty == false ? select : nil)
                let result = try fit.fit(target, console: console)
                let warning = TargetFormat(fileName: String(name)) == .csvPoints
                    ? MirroredFit.warning(fit, target: target, result: result, given: fit.orientation, console: console) : nil
                return (resultColumns.fields(result, message: result.converged ? "" : "did not converge"), false, warning)
            } catch {
                return (resultColumns.failedFields(message: Diagnosis.message(error).oneLine), true, nil)
            }
        }

        let kept = !options.resume ? 0 : try csv.resume(rowCount: { _ in 1 }, recompute: { item in
            let index = rows.lowerBound + item
            return [table.rows[index].map(CSVField.text) + fields(index).fields]
        }, console: console, prefix: "fit", noun: "targets")
        var failed = 0
        for index in (rows.lowerBound + kept)..<rows.upperBound {
            let row = table.rows[index]
            console.printError("fit \(index - rows.lowerBound + 1)/\(rows.count): \(row[fileColumn].trimmingWhitespace)")
            try outputs.checkStreams()
            let result = fields(index, console: console)
            if result.failed { failed += 1 }
            if let warning = result.warning {
                console.printError("beztune fit: warning: \(manifest) line \(table.lineNumbers[index]) (\(row[fileColumn].trimmingWhitespace)): \(warning)")
            }
            try csv.append([row.map(CSVField.text) + result.fields], last: index + 1 == rows.upperBound)
        }
        let ran = rows.count - kept
        try csv.stage(in: outputs, summary: "fitted \(ran - failed) of \(ran) targets\(kept > 0 ? " (\(kept) kept from before)" : ""); wrote \(csvFile ?? "")")
        if failed > 0 { console.printError("beztune fit: \(failed) of \(ran) targets could not be fitted (status error)") }
        try outputs.commit()
        csv.finish()
    }
}
