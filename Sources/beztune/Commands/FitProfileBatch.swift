import DataFiles
import Fitting
import Foundation
import _ProcessLayer
import _Support

/// `beztune fit-profile --profiles LIST`: one profile per list row, each written to DIR/NAME/, and
/// a summary CSV whose rows are each profile's `timing.csv` rows behind the list's own columns
/// and the profile's name. A profile that cannot be fitted gets one row with status `error` and
/// its reason in `message`; the batch goes on.
enum FitProfileBatch {
    /// The summary's columns after the list's own.
    static let columns = ["profile"] + FitProfileReport.timingColumns + FitProfileReport.timingExtras
        + PlatformSpringColumns.names + ["message"]

    static func run(list: String, _ settings: FitProfileSettings, out: String, csvFile: String?, batch: BatchOptions,
                    console: Console) throws(CLIError) {
        let manifestList = try BatchManifest(list, fileColumn: "keyframes", outputColumns: columns)
        let (table, manifestColumn) = (manifestList.table, manifestList.fileColumn)
        let nameColumn = table.header.firstIndex(of: "name")
        // Names are checked over the whole list, so every shard refuses the same list.
        var names: [String] = []
        var seen: [String: Int] = [:]
        for index in table.rows.indices {
            let line = table.lineNumbers[index]
            let manifest = table.rows[index][manifestColumn].trimmingWhitespace
            guard !manifest.isEmpty else { throw .runtime("\(list) line \(line): empty keyframes manifest") }
            let given = nameColumn.map { String(table.rows[index][$0].trimmingWhitespace) } ?? ""
            let name = given.isEmpty ? Self.stem(of: String(manifest)) : given
            guard Self.isFolderName(name) else {
                throw .runtime("\(list) line \(line): '\(name)' cannot be a folder name (no '/' or control characters, not '.' or '..', at most 200 bytes)")
            }
            if let earlier = seen[name] {
                throw .runtime("\(list) line \(line): profile name '\(name)' repeats that of line \(earlier); give each row its own 'name'")
            }
            seen[name] = line
            names.append(name)
        }

        var csv = CSVWriter(header: table.header + columns)
        let rows = batch.shard.range(of: table.rows.count)
        var checkpointed = csvFile.map {
            CheckpointedCSV(file: $0, fingerprint: BatchResume.fingerprint(header: table.header + columns,
                                                                           items: rows.map { table.rows[$0] + [names[$0]] }, rows: rows))
        }
        let run = try RunOutputs(files: checkpointed?.outputs ?? [nil], inputs: [list] + table.rows.map {
            manifestList.path(of: String($0[manifestColumn].trimmingWhitespace))
        }, console: console)
        let blank = [CSVField](repeating: .empty, count: FitProfileReport.timingColumns.count + FitProfileReport.timingExtras.count - 1)
        let blankSprings = [CSVField](repeating: .empty, count: PlatformSpringColumns.names.count)

        /// List row `index`'s profile (nil when it could not be fitted) and its summary rows.
        func profile(_ index: Int) -> (outputs: FitProfileOutputs?, rows: [[CSVField]]) {
            let passed = table.rows[index].map(CSVField.text) + [.text(names[index])]
            let manifest = String(table.rows[index][manifestColumn].trimmingWhitespace)
            do throws(CLIError) {
                let outputs = try FitProfileOutputs(manifest: manifestList.path(of: manifest), settings)
                return (outputs, try Self.rows(of: outputs.timingCSV).map { passed + $0.map(CSVField.text) + [.empty] })
            } catch {
                return (nil, [passed + blank + [.text("error")] + blankSprings + [.text(error.message.oneLine)]])
            }
        }

        var failed = 0
        var first = rows.lowerBound
        if batch.resume, let csvFile, var resumed = checkpointed {
            // A fitted profile has one row per free parameter and method; a failed one, one row.
            let status = table.header.count + columns.count - 2 - PlatformSpringColumns.names.count
            let perProfile = settings.fit.setup.freeCount * (settings.joint ? 2 : 1)
            let kept = try BatchResume.rowsDone(in: csvFile, header: table.header + columns,
                                                items: rows.map { table.rows[$0] + [names[$0]] },
                                                rowCount: { $0.count > status && $0[status] == "error" ? 1 : perProfile },
                                                csv: &resumed,
                                                recompute: { profile(rows.lowerBound + $0).rows })
            checkpointed = resumed
            for row in kept.rows { csv.appendRow(row.map(CSVField.text)) }
            first += kept.items
            if kept.items > 0 { console.printError("fit-profile: resuming after \(kept.items) of \(rows.count) profiles already in \(csvFile)") }
        }
        var checkpoint = CSVCheckpoint(interval: batch.checkpoint)
        for index in first..<rows.upperBound {
            console.printError("fit-profile \(index - rows.lowerBound + 1)/\(rows.count): \(names[index])")
            try run.checkStreams()
            var (outputs, summary) = profile(index)
            if let fitted = outputs {
                do throws(CLIError) {
                    let manifest = manifestList.path(of: String(table.rows[index][manifestColumn].trimmingWhitespace))
                    try fitted.write(to: FolderOutput.join(out, names[index]), inputs: [list, manifest], console: console)
                    for warning in fitted.warnings { console.printError("beztune fit-profile: \(names[index]): warning: \(warning)") }
                } catch {
                    let passed = table.rows[index].map(CSVField.text) + [.text(names[index])]
                    summary = [passed + blank + [.text("error")] + blankSprings + [.text(error.message.oneLine)]]
                    outputs = nil
                }
            }
            if outputs == nil { failed += 1 }
            for row in summary {
                csv.appendRow(row)
                checkpointed?.append(row)
            }
            if let checkpointed, index + 1 < rows.upperBound { try checkpoint.reached(text: csv.text, to: checkpointed) }
        }
        if let csvFile, let checkpointed {
            try checkpointed.stage(csv.text, in: run)
            let ran = rows.upperBound - first
            run.print("fitted \(ran - failed) of \(ran) profiles into \(out)\(first > rows.lowerBound ? " (\(first - rows.lowerBound) kept from before)" : ""); wrote \(csvFile)")
        } else {
            run.write(csv.text)
        }
        if failed > 0 { console.printError("beztune fit-profile: \(failed) of \(rows.upperBound - first) profiles could not be fitted (status error)") }
        try run.commit()
        checkpointed?.finish()
    }

    /// The data rows of a `timing.csv` text, fields as written.
    static func rows(of text: String) throws(CLIError) -> [[String]] {
        do throws(CSVError) {
            return try CSVTable(parsing: text, source: "timing.csv").rows
        } catch {
            throw .runtime(error)
        }
    }

    /// `a/b/press.csv` → `press`.
    static func stem(of manifest: String) -> String {
        let last = manifest.split(separator: "/").last.map(String.init) ?? manifest
        return last.hasSuffix(".csv") ? String(last.dropLast(4)) : last
    }

    static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && name.utf8.count <= 200
            && !name.unicodeScalars.contains(where: KeyframeManifest.isControl)
    }
}
