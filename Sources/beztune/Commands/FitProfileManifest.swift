import Fitting
import Foundation
import Render

/// Reading the keyframe manifest of `beztune fit-profile`: a CSV with columns `progress` and
/// `file` (other columns ignored), one keyframe per row, files relative to the manifest's folder.
/// Every problem is one runtime error naming the manifest line (and file).
enum FitProfileManifest {
    /// One manifest row.
    struct Row {
        /// The 1-based line of the manifest the row starts on.
        var line: Int
        var progress: Double
        /// The file as written in the manifest.
        var file: String
        /// The file's path (relative to the manifest's folder, unless absolute).
        var path: String
        /// How messages name the row: `MANIFEST line N (FILE)`.
        var label: String
    }

    /// The rows of `manifest`, checked in row order (progress a number, file named and present),
    /// then together (progress in [0, 1], no two equal, enough for `timing`).
    static func rows(_ manifest: String, timing: ProfileTimingKind) throws(CLIError) -> [Row] {
        let url = URL(fileURLWithPath: manifest)
        let folder = url.deletingLastPathComponent()
        var rows: [Row] = []
        do throws(CSVError) {
            let table = try CSVTable(contentsOf: url)
            let entries = try ManifestEntries.keyframes(table)
            let fileColumn = try table.columnIndex("file")
            for (index, entry) in entries.enumerated() {
                let path = entry.file.hasPrefix("/") ? entry.file : folder.appendingPathComponent(entry.file).path
                let label = "\(manifest) line \(entry.line) (\(entry.file))"
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                    throw table.cellError(row: index, column: fileColumn, "keyframe file '\(entry.file)' does not exist (looked for \(path))")
                }
                rows.append(Row(line: entry.line, progress: entry.progress, file: entry.file, path: path, label: label))
            }
        } catch {
            throw .runtime(error)
        }
        do throws(ProfileError) {
            try ProfileFitter.validate(progress: rows.map(\.progress), labels: rows.map(\.label), timing: timing)
        } catch {
            if case .tooFewKeyframes = error { throw .runtime(error, context: manifest) }
            throw .runtime(error)
        }
        return rows
    }

    /// Each row's keyframe: its target read as `beztune fit` reads one (SVG, CSV points, path
    /// data), labelled with its row.
    static func keyframes(_ rows: [Row], _ fit: FitArguments) throws(CLIError) -> [ProfileKeyframe] {
        var keyframes: [ProfileKeyframe] = []
        for row in rows {
            do throws(FitTarget.Failure) {
                let target = try FitTarget.read(file: row.path, fit)
                keyframes.append(ProfileKeyframe(progress: row.progress, target: target, label: row.label))
            } catch {
                throw .runtime("\(row.label): \(error.message)")
            }
        }
        return keyframes
    }
}
