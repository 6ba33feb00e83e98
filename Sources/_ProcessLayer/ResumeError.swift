import _Support

/// Why `--resume` cannot continue from the rows a file holds: `FILE line N: cannot resume:
/// REASON` (without a line when the whole file is at fault). Resuming a different batch would
/// mix two results, so the run stops instead.
package struct ResumeError: ReportableError, Equatable {
    package var file: String
    package var line: Int?
    package var reason: String

    package init(file: String, line: Int?, _ reason: String) {
        (self.file, self.line, self.reason) = (file, line, reason)
    }

    package var description: String { "\(file)\(line.map { " line \($0)" } ?? ""): cannot resume: \(reason)" }
}
