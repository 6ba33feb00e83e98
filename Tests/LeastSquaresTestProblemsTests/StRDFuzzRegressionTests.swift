import LeastSquaresTestProblems
import Testing

/// Inputs FuzzStRDFile (Fuzz/) found, kept as regression tests.
@Suite("NIST StRD reader: fuzzing regressions")
struct StRDFuzzRegressionTests {
    /// The crash input: bytes F5 F5 0D F5 (ill-formed UTF-8, read as U+FFFD, and a lone CR, which
    /// does not end a line). The message quoted the line with its CR: two lines on a terminal.
    @Test("a message quoting a line with a lone CR or other control characters stays on one line",
          arguments: [[0xF5, 0xF5, 0x0D, 0xF5], Array("NIST/ITL StRD\nDataset Name:  Misra\r1a  (x)\n".utf8),
                      Array("NIST/ITL StRD\nDataset Name:  Misra1a\u{2028}  (x)\n".utf8)] as [[UInt8]])
    func oneLineMessages(bytes: [UInt8]) {
        do {
            _ = try StRDFile.parse(String(decoding: bytes, as: UTF8.self), fileName: "fuzz.dat")
            Issue.record("parsed")
        } catch {
            let text = error.description
            #expect(!text.contains("\r") && !text.contains("\n") && !text.contains("\u{2028}"), "\(text)")
        }
    }
}
