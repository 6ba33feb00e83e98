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
    static let columns = ["profile"] + ProfileTimingTable.header + ["message"]

    static func run(list: String, _ settings: FitProfileSettings, out: String, csvFile: String?, batch: BatchOptions,
                    console: Console) throws {
        let manifestList = try BatchManifest(list, fileColumn: "keyframes", outputColumns: columns)
        let (table, manifestColumn) = (manifestList.table, manifestList.fileColumn)
        let nameColumn = table.header.firstIndex(of: "name")
        // Names are checked over the whole list, so every shard refuses the same list.
        var names: [String] = []
        var seen: [String: Int] = [:]
        for index in table.rows.indices {
            let line = table.lineNumbers[index]
            let manifest = table.rows[index][manifestColumn].trimmingWhitespace
            guard !manifest.isEmpty else { throw CLIError.runtime("\(list) line \(line): empty keyframes manifest") }
            let given = nameColumn.map { String(table.rows[index][$0].trimmingWhitespace) } ?? ""
            let name = given.isEmpty ? Self.stem(of: String(manifest)) : given
            guard Self.isFolderName(name) else {
                throw CLIError.runtime("\(list) line \(line): '\(name)' cannot be a folder name (no '/' or control characters, not '.' or '..', at most 200 bytes)")
            }
            if let earlier = seen[name] {
                throw CLIError.runtime("\(list) line \(line): profile name '\(name)' repeats that of line \(earlier); give each row its own 'name'")
            }
            seen[name] = line
            names.append(name)
        }

        let rows = batch.shard.range(of: table.rows.count)
        var csv = BatchCSV(file: csvFile, header: table.header + columns, items: rows.map { table.rows[$0] + [names[$0]] },
                           rows: rows, interval: batch.checkpoint)
        // Every file the batch reads is an input: the list, its manifests and their keyframes'
        // files. Each manifest is read once, here (one that cannot be read fails its own row
        // later, and names no files).
        let manifests = table.rows.map { manifestList.path(of: String($0[manifestColumn].trimmingWhitespace)) }
        let sources = manifests.map { manifest in
            Result { () throws -> KeyframeSource in try KeyframeSource.manifest(manifest, timing: settings.timing) }
        }
        let keyframeFiles = sources.flatMap { (try? $0.get())?.inputs ?? [] }
        let run = try RunOutputs(files: csv.outputs, inputs: [list] + manifests + keyframeFiles, console: console)
        let blank = [CSVField](repeating: .empty, count: ProfileTimingTable.columns.count + ProfileTimingTable.extras.count - 1)
        let blankSprings = [CSVField](repeating: .empty, count: PlatformSpringColumns.names.count)

        /// The summary row of list row `index`'s profile that could not be fitted or written.
        func errorRow(_ index: Int, _ error: any Error) -> [CSVField] {
            table.rows[index].map(CSVField.text) + [.text(names[index])] + blank + [.text("error")] + blankSprings
                + [.text(Diagnosis.message(error).oneLine)]
        }

        /// List row `index`'s profile (nil when it could not be fitted) and its summary rows; its
        /// steps reported to `progress`.
        func profile(_ index: Int, progress: ProgressLines? = nil) -> (outputs: FitProfileOutputs?, inputs: [String], rows: [[CSVField]]) {
            let passed = table.rows[index].map(CSVField.text) + [.text(names[index])]
            do {
                let source = try sources[index].get()
                try source.checkCost(samples: settings.options.fit.samples ?? TargetOutline.defaultSampleCount, optionsChoseIt: false)
                let outputs = try FitProfileOutputs(source, settings, progress: progress)
                return (outputs, source.inputs, try Self.rows(of: outputs.timingCSV).map { passed + $0.map(CSVField.text) + [.empty] })
            } catch {
                return (nil, [], [errorRow(index, error)])
            }
        }

        // A fitted profile has one row per free parameter and method; a failed one, one row.
        let status = table.header.count + columns.count - 2 - PlatformSpringColumns.names.count
        let perProfile = settings.fit.setup.freeCount * (settings.joint ? 2 : 1)
        let kept = !batch.resume ? 0 : try csv.resume(rowCount: { $0.count > status && $0[status] == "error" ? 1 : perProfile },
                                                      recompute: { profile(rows.lowerBound + $0).rows },
                                                      console: console, prefix: "fit-profile", noun: "profiles")
        var failed = 0
        for index in (rows.lowerBound + kept)..<rows.upperBound {
            console.printError("fit-profile \(index - rows.lowerBound + 1)/\(rows.count): \(names[index])")
            try run.checkStreams()
            // A long profile says how far it is, as a single fit-profile run does.
            let progress = ProgressLines(command: "fit-profile", console: console)
            var (outputs, inputs, summary) = profile(index, progress: progress)
            progress.finish()
            if let fitted = outputs {
                do {
                    try fitted.write(to: FolderOutput.join(out, names[index]), inputs: [list] + inputs, console: console)
                    for warning in fitted.warnings { console.printError("beztune fit-profile: \(names[index]): warning: \(warning)") }
                } catch {
                    (outputs, summary) = (nil, [errorRow(index, error)])
                }
            }
            if outputs == nil { failed += 1 }
            try csv.append(summary, last: index + 1 == rows.upperBound)
        }
        let ran = rows.count - kept
        try csv.stage(in: run, summary: "fitted \(ran - failed) of \(ran) profiles into \(out)\(kept > 0 ? " (\(kept) kept from before)" : ""); wrote \(csvFile ?? "")")
        if failed > 0 { console.printError("beztune fit-profile: \(failed) of \(ran) profiles could not be fitted (status error)") }
        try run.commit()
        csv.finish()
    }

    /// The data rows of a `timing.csv` text, fields as written.
    static func rows(of text: String) throws(CSVError) -> [[String]] {
        try CSVTable(parsing: text, source: "timing.csv").rows
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
