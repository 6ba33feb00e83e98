import _Support

/// The reader of NIST StRD nonlinear regression `.dat` files.
///
/// The format (see the README next to the data): line 1 `NIST/ITL StRD`, line 2
/// `Dataset Name:  <Name>  (<Name>.dat)`, and on lines 5–7 where the parts are:
///
///     Starting Values   (lines 41 to 40+p)
///     Certified Values  (lines 41 to 45+p)
///     Data              (lines 61 to 60+n)
///
/// The ranges are read from the file, never assumed. Each parameter line is
/// `bK = start1 start2 certified std-dev`; after them come `Residual Sum of Squares:`,
/// `Residual Standard Deviation:`, `Degrees of Freedom:` and `Number of Observations:`; the line
/// before the data names the columns (`Data:  y  x`, Nelson `y  x1  x2`) and the response y is the
/// first column. Lines end in CRLF (LF is accepted too) and numbers use Fortran `E` exponents.
///
/// Every problem is a ``StRDFileError`` naming the file and the line. The parser does no I/O:
/// callers read the text (the CLI with `Render.TextFile`).
public enum StRDFile {
    /// Parses the text of a `.dat` file; `fileName` is used in error messages.
    public static func parse(_ contents: String, fileName: String) throws(StRDFileError) -> StRDDataset {
        // "\r\n" is one Character in Swift, so both line ends are separators.
        var lines = contents.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        func fail(_ line: Int?, _ reason: String) -> StRDFileError {
            StRDFileError(file: fileName, line: line, reason: reason)
        }
        func text(_ n: Int) -> Substring { n >= 1 && n <= lines.count ? lines[n - 1] : "" }
        /// Line n as shown in a message: trimmed, quoted on one line (``MessageText/quoted(_:)``).
        func quoted(_ n: Int) -> String { MessageText.quoted(text(n).trimmingWhitespace) }

        guard !lines.isEmpty else { throw fail(nil, "the file is empty, expected a NIST StRD dataset") }
        guard text(1).contains("NIST/ITL StRD") else {
            throw fail(1, "not a NIST StRD file: expected 'NIST/ITL StRD', found \(quoted(1))")
        }

        // Line 2: the dataset name.
        let nameFields = text(2).split(separator: ":", maxSplits: 1)
        guard nameFields.count == 2, nameFields[0].trimmingWhitespace == "Dataset Name",
              let name = nameFields[1].split(separator: " ").first.map(String.init) else {
            throw fail(2, "expected 'Dataset Name: <name>', found \(quoted(2))")
        }
        guard let problem = StRDProblem.named(name) else {
            throw fail(2, "unknown dataset \(MessageText.quoted(name)): not one of the 27 NIST StRD nonlinear regression problems")
        }
        let model = problem.model

        // Lines 5–7 (searched among the first 12): where the parts are.
        func range(_ label: String) throws(StRDFileError) -> (first: Int, last: Int, line: Int) {
            for n in 1...Swift.min(12, lines.count) where text(n).trimmingWhitespace.hasPrefix(label + " ") {
                let t = text(n)
                guard let open = t.firstIndex(of: "("), let close = t.lastIndex(of: ")"), open < close else { break }
                let words = t[t.index(after: open)..<close].split(separator: " ")
                if words.count == 4, words[0] == "lines", words[2] == "to",
                   let a = Int(words[1]), let b = Int(words[3]), a >= 1, b >= a {
                    return (a, b, n)
                }
                throw fail(n, "expected '\(label) (lines A to B)', found \(quoted(n))")
            }
            throw fail(nil, "no '\(label) (lines A to B)' line among the first 12 lines")
        }
        let startRange = try range("Starting Values")
        let certifiedRange = try range("Certified Values")
        let dataRange = try range("Data")
        let p = startRange.last - startRange.first + 1
        guard p == model.parameterCount else {
            throw fail(startRange.line, "\(p) parameters announced, but the \(name) model has \(model.parameterCount)")
        }
        guard certifiedRange.first == startRange.first, certifiedRange.last == startRange.last + 5 else {
            throw fail(certifiedRange.line, "the certified values should span lines \(startRange.first) to \(startRange.last + 5)")
        }
        guard dataRange.first > certifiedRange.last + 1 else {
            throw fail(dataRange.line, "the data range starts inside the certified values")
        }
        guard lines.count >= dataRange.last else {
            throw fail(nil, "the file ends at line \(lines.count), but its data should run to line \(dataRange.last)")
        }

        func number(_ word: Substring, line n: Int, what: String) throws(StRDFileError) -> Double {
            guard let v = Double(word), v.isFinite else {
                throw fail(n, "\(what): \(MessageText.quoted(word)) is not a finite number")
            }
            return v
        }

        // Parameter lines: bK = start1 start2 certified std-dev.
        var starts: [[Double]] = [[], []]
        var certified: [Double] = []
        var deviations: [Double] = []
        for k in 1...p {
            let n = startRange.first + k - 1
            let words = text(n).split(separator: " ")
            guard words.count == 6, words[0] == "b\(k)", words[1] == "=" else {
                throw fail(n, "expected 'b\(k) = <start 1> <start 2> <certified value> <standard deviation>', found \(quoted(n))")
            }
            starts[0].append(try number(words[2], line: n, what: "start 1 of b\(k)"))
            starts[1].append(try number(words[3], line: n, what: "start 2 of b\(k)"))
            certified.append(try number(words[4], line: n, what: "certified b\(k)"))
            deviations.append(try number(words[5], line: n, what: "standard deviation of b\(k)"))
        }

        // The four summary lines after a blank line.
        func labelled(_ n: Int, _ label: String) throws(StRDFileError) -> Substring {
            let fields = text(n).split(separator: ":", maxSplits: 1)
            guard fields.count == 2, fields[0].trimmingWhitespace == label,
                  let value = fields[1].split(separator: " ").first else {
                throw fail(n, "expected '\(label): <number>', found \(quoted(n))")
            }
            return value
        }
        let s = startRange.last
        let rss = try number(try labelled(s + 2, "Residual Sum of Squares"), line: s + 2, what: "residual sum of squares")
        let rsd = try number(try labelled(s + 3, "Residual Standard Deviation"), line: s + 3, what: "residual standard deviation")
        guard let dof = Int(try labelled(s + 4, "Degrees of Freedom")) else {
            throw fail(s + 4, "the degrees of freedom are not an integer")
        }
        guard let count = Int(try labelled(s + 5, "Number of Observations")), count > 0 else {
            throw fail(s + 5, "the number of observations is not a positive integer")
        }
        guard dataRange.last - dataRange.first + 1 == count else {
            throw fail(dataRange.line, "the data range has \(dataRange.last - dataRange.first + 1) lines, but the file says \(count) observations (line \(s + 5))")
        }

        // The column header and the observations.
        let header = text(dataRange.first - 1).split(separator: " ")
        guard header.first == "Data:", header.count == 2 + model.predictorCount else {
            throw fail(dataRange.first - 1, "expected the column header 'Data: y \(model.predictorCount == 2 ? "x1 x2" : "x")', found \(quoted(dataRange.first - 1))")
        }
        var responses: [Double] = []
        var predictors: [[Double]] = []
        responses.reserveCapacity(count)
        predictors.reserveCapacity(count)
        for n in dataRange.first...dataRange.last {
            let words = text(n).split(separator: " ")
            guard words.count == 1 + model.predictorCount else {
                throw fail(n, "expected \(1 + model.predictorCount) numbers (y, then the predictor\(model.predictorCount == 2 ? "s" : "")), found \(quoted(n))")
            }
            responses.append(try number(words[0], line: n, what: "observation y"))
            var x: [Double] = []
            for w in words.dropFirst() { x.append(try number(w, line: n, what: "predictor")) }
            predictors.append(x)
        }
        // Nothing but blank lines may follow the declared data: a row beyond the range would
        // otherwise be ignored while the run still scored full digits against NIST's values.
        if dataRange.last < lines.count,
           let extra = ((dataRange.last + 1)...lines.count).first(where: { !text($0).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }) {
            throw fail(extra, "a line after the data range (lines \(dataRange.first) to \(dataRange.last), line \(dataRange.line)): found \(quoted(extra)); the file's ranges must cover all its data")
        }

        return StRDDataset(problem: problem, starts: starts, certifiedParameters: certified,
                           certifiedStandardDeviations: deviations,
                           certifiedResidualSumOfSquares: rss,
                           certifiedResidualStandardDeviation: rsd, statedDegreesOfFreedom: dof,
                           responses: responses, predictors: predictors)
    }
}
