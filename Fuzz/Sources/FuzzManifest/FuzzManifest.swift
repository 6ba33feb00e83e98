import DataFiles
import Fitting
import FuzzSupport

/// Keyframe manifests (`fit-profile --keyframes`) and target manifests (`fit --targets`): the
/// CSV text through `KeyframeManifest.entries(in:)` — the text-to-rows step `beztune fit-profile`
/// reads its manifests with — then the library's keyframe validation for every timing kind.
///
/// Invariants: never traps; messages are one line; the entries are the table's rows in order
/// (increasing lines, non-empty trimmed file names); validation accepts only progress values that
/// are finite, in [0, 1] and distinct, at least as many as the timing needs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput.text(data, size)
    let table: CSVTable
    do throws(CSVError) {
        table = try CSVTable(parsing: text, source: "manifest.csv")
    } catch {
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    // A target manifest: its 'file' column, each name trimmed.
    do throws(CSVError) {
        let column = try table.columnIndex("file")
        for row in table.rows { fuzzCheck(column < row.count, "file column \(column) beyond a row of \(row.count)") }
    } catch {
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
    }
    let entries: [KeyframeManifest.Entry]
    do throws(CSVError) {
        entries = try KeyframeManifest.entries(in: table)
    } catch {
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    fuzzCheck(entries.count == table.rows.count, "\(entries.count) entries for \(table.rows.count) rows")
    fuzzCheck(entries.map(\.line) == table.lineNumbers, "entry lines differ from the table's")
    for e in entries {
        fuzzCheck(!e.file.isEmpty && !isSpace(e.file.first) && !isSpace(e.file.last), "file name '\(e.file)' empty or untrimmed")
        fuzzCheck(!e.file.unicodeScalars.contains(where: KeyframeManifest.isControl), "file name '\(e.file)' holds a control character")
    }
    let progress = entries.map(\.progress)
    let labels = entries.map { "manifest.csv line \($0.line) (\($0.file))" }
    for timing in ProfileTimingKind.allCases {
        do throws(ProfileError) {
            try ProfileFitter.validate(progress: progress, labels: labels, timing: timing)
            fuzzCheck(progress.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "accepted progress \(progress)")
            fuzzCheck(Set(progress).count == progress.count, "accepted repeated progress \(progress)")
        } catch {
            fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        }
    }
    return 0
}

/// A space, tab or line break: what the manifest trims from file names.
private func isSpace(_ c: Character?) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n"
}
