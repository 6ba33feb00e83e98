import DataFiles
import Fitting
import Foundation
import _Support

/// `beztune fit --targets MANIFEST`: one fit per manifest row (its `file`, and its `select` cell
/// when the manifest has that column), one CSV row each, progress on stderr. A target that cannot be read or fitted gets status `error` and its reason in the
/// `message` column; the batch goes on.
enum FitBatch {
    static func run(manifest: String, _ fit: FitArguments, csvFile: String?, batch options: BatchOptions,
                    console: Console) throws {
        let columns = FitReport.header(free: fit.setup.freeNames) + ["message"]
        let batch = try BatchManifest(manifest, fileColumn: "file", outputColumns: columns)
        let (table, fileColumn) = (batch.table, batch.fileColumn)
        let passed = table.header
        let targetFiles = table.rows.map { row -> String? in
            let name = row[fileColumn].trimmingWhitespace
            return name.isEmpty ? nil : batch.path(of: String(name))
        }
        // A row's 'select' cell chooses the shape of its SVG target (empty: --select).
        let selectColumn = table.header.firstIndex(of: "select")
        var csv = CSVWriter(header: passed + columns)
        let rows = options.shard.range(of: table.rows.count)
        let count = rows.count
        var checkpointed = csvFile.map {
            CheckpointedCSV(file: $0, fingerprint: BatchResume.fingerprint(header: passed + columns,
                                                                           items: rows.map { table.rows[$0] }, rows: rows))
        }
        let outputs = try RunOutputs(files: checkpointed?.outputs ?? [nil], inputs: [manifest] + targetFiles, console: console)

        /// The output fields of manifest row `index`, whether it failed, and for a CSV target
        /// whose points fit far better upside down the mirrored-fit warning (`MirroredFit`).
        func fields(_ index: Int) -> (fields: [CSVField], failed: Bool, warning: String?) {
            let name = table.rows[index][fileColumn].trimmingWhitespace
            do {
                guard !name.isEmpty else { throw CLIError.runtime("\(manifest) line \(table.lineNumbers[index]): empty file name") }
                let select = selectColumn.map { String(table.rows[index][$0].trimmingWhitespace) }
                let target = try fit.target(file: batch.path(of: String(name)), select: select?.isEmpty == false ? select : nil)
                let result = try fit.fit(target)
                let warning = TargetFormat(fileName: String(name)) == .csvPoints
                    ? MirroredFit.warning(fit, target: target, result: result, given: fit.orientation) : nil
                return (FitReport.fields(result) + [.text(result.converged ? "" : "did not converge")], false, warning)
            } catch {
                return (FitReport.failedFields(free: fit.setup.freeCount) + [.text(Diagnosis.message(error).oneLine)], true, nil)
            }
        }

        var failed = 0
        var first = rows.lowerBound
        if options.resume, let csvFile, var resumed = checkpointed {
            let header = passed + columns
            let kept = try BatchResume.rowsDone(in: csvFile, header: header, items: rows.map { table.rows[$0] },
                                                rowCount: { _ in 1 }, csv: &resumed) { item in
                let index = rows.lowerBound + item
                return [table.rows[index].map(CSVField.text) + fields(index).fields]
            }
            checkpointed = resumed
            for row in kept.rows { csv.appendRow(row.map(CSVField.text)) }
            first += kept.items
            if kept.items > 0 { console.printError("fit: resuming after \(kept.items) of \(count) targets already in \(csvFile)") }
        }
        var checkpoint = CSVCheckpoint(interval: options.checkpoint)
        for index in first..<rows.upperBound {
            let row = table.rows[index]
            console.printError("fit \(index - rows.lowerBound + 1)/\(count): \(row[fileColumn].trimmingWhitespace)")
            try outputs.checkStreams()
            let result = fields(index)
            if result.failed { failed += 1 }
            if let warning = result.warning {
                console.printError("beztune fit: warning: \(manifest) line \(table.lineNumbers[index]) (\(row[fileColumn].trimmingWhitespace)): \(warning)")
            }
            csv.appendRow(row.map(CSVField.text) + result.fields)
            checkpointed?.append(row.map(CSVField.text) + result.fields)
            if let checkpointed, index + 1 < rows.upperBound { try checkpoint.reached(text: csv.text, to: checkpointed) }
        }
        if let csvFile, let checkpointed {
            try checkpointed.stage(csv.text, in: outputs)
            outputs.print("fitted \(count - (first - rows.lowerBound) - failed) of \(count - (first - rows.lowerBound)) targets\(first > rows.lowerBound ? " (\(first - rows.lowerBound) kept from before)" : ""); wrote \(csvFile)")
        } else {
            outputs.write(csv.text)
        }
        if failed > 0 { console.printError("beztune fit: \(failed) of \(count - (first - rows.lowerBound)) targets could not be fitted (status error)") }
        try outputs.commit()
        checkpointed?.finish()
    }
}
