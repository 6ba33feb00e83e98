import Testing
import _TestSupport
import CSV

@Suite("CSV writer → reader round trip")
struct CSVRoundTripTests {
    /// Pieces that stress quoting, line accounting and Unicode handling.
    private static let pieces = [
        "a", "xyz", ",", "\"", "\"\"", "\n", "\r", "\r\n", "\n\r", " ", "\t", "é", "🎉", "\u{FEFF}",
        "\u{2028}", "e\u{301}", "0.5", "-", "nan", ",\"", "\"\n",
    ]

    private static func randomString(_ random: inout SplitMix64) -> String {
        let count = Int(random.next() % 5)  // 0…4 pieces, so empty strings are common
        return (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test(arguments: [CSVLineEnding.lf, .crlf])
    func randomTables(lineEnding: CSVLineEnding) throws {
        var random = SplitMix64(seed: lineEnding == .lf ? 7 : 8)
        for _ in 0..<400 {
            let columns = 1 + Int(random.next() % 4)
            let header = (0..<columns).map { "c\($0)" + Self.randomString(&random) }
            let rows = (0..<Int(random.next() % 8)).map { _ in
                (0..<columns).map { _ in Self.randomString(&random) }
            }
            var csv = CSVWriter(header: header, lineEnding: lineEnding)
            for row in rows { csv.appendRow(row.map(CSVField.text)) }

            let table = try CSVTable(parsing: csv.text, source: "t")
            #expect(table.header == header)
            #expect(table.rows == rows)
            // Each record starts one line after the previous one ends: count the LFs it holds.
            var expectedLine = 2 + header.reduce(0) { $0 + $1.unicodeScalars.count { $0 == "\n" } }
            for (row, line) in zip(rows, table.lineNumbers) {
                #expect(line == expectedLine)
                expectedLine += 1 + row.reduce(0) { $0 + $1.unicodeScalars.count { $0 == "\n" } }
            }
        }
    }

    @Test func firstHeaderNameStartingWithBOMSurvives() throws {
        let csv = CSVWriter(header: ["\u{FEFF}x", "y"])
        #expect(try CSVTable(parsing: csv.text, source: "t").header == ["\u{FEFF}x", "y"])
    }

    @Test func numbersRoundTrip() throws {
        var random = SplitMix64(seed: 99)
        var csv = CSVWriter(header: ["x", "n"])
        var values: [(Double, Int)] = []
        for _ in 0..<2_000 {
            let x = Double(bitPattern: random.next())
            let n = Int(truncatingIfNeeded: random.next())
            values.append((x, n))
            csv.appendRow([.double(x), .int(n)])
        }
        let table = try CSVTable(parsing: csv.text, source: "t")
        for (row, (x, n)) in values.enumerated() {
            let parsed = try table.double(row: row, column: 0, allowNonFinite: true)
            #expect(parsed.bitPattern == x.bitPattern || (parsed.isNaN && x.isNaN))
            #expect(try table.int(row: row, column: 1) == n)
        }
    }
}
