import Foundation
import Testing
import _TestSupport
import DataFiles

@Suite("CSV reader: files")
struct CSVTableFileTests {
    private func message(_ url: URL) -> String? {
        errorMessage(CSVError.self) { _ = try CSVTable(contentsOf: url) }
    }

    @Test func readsAFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("points.csv")
        try Data("\u{FEFF}x,y\r\n1,2\r\n".utf8).write(to: url)
        let table = try CSVTable(contentsOf: url)
        #expect(table.header == ["x", "y"] && table.rows == [["1", "2"]])
        #expect(table.source == url.path)
    }

    @Test func relativePathIsShownAsGiven() throws {
        let url = URL(fileURLWithPath: "no-such-folder-\(UUID().uuidString)/p.csv")
        #expect(message(url)?.hasPrefix("no-such-folder-") == true)
        #expect(message(url)?.hasSuffix("/p.csv: no such file") == true)
    }

    @Test func fileErrors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.path

        #expect(message(folder.file("missing.csv")) == "\(path)/missing.csv: no such file")
        #expect(message(folder.url) == "\(path): is a directory, expected a CSV file")

        let file = folder.file("f.csv")
        try Data("a\n1\n".utf8).write(to: file)
        #expect(message(file.appendingPathComponent("x.csv"))
            == "\(path)/f.csv/x.csv: no such file (a part of the path is not a folder)")

        let binary = folder.file("b.csv")
        try Data([0x61, 0x2C, 0x62, 0x0A, 0x31, 0x00, 0x32]).write(to: binary)
        #expect(message(binary) == "\(path)/b.csv: contains NUL bytes (first at byte offset 5), so it is a binary file, not text")

        let latin1 = folder.file("l.csv")
        try Data([0x61, 0x0A, 0x31, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: latin1)  // "café" in Latin-1
        #expect(message(latin1) == "\(path)/l.csv: not valid UTF-8 text (first bad byte on line 3, byte offset 7); save it as UTF-8")

        let empty = folder.file("e.csv")
        try Data().write(to: empty)
        #expect(message(empty) == "\(path)/e.csv: empty file, expected a header row")

        let bad = folder.file("q.csv")
        try Data("a,b\n1,\"2\n".utf8).write(to: bad)
        #expect(message(bad) == "\(path)/q.csv line 2, column 2 (character 3): quoted field is not closed: no matching '\"' before the end of the input")
    }

    @Test func unreadableFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("secret.csv")
        try Data("a\n1\n".utf8).write(to: url)
        chmod(url.path, 0o000)
        if getuid() == 0 {
            // root reads regardless of permission bits; the error cannot be provoked here.
            #expect(message(url) == nil)
        } else {
            #expect(message(url) == "\(url.path): permission denied")
        }
    }

    @Test func randomFileContentsNeverCrash() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var random = SplitMix64(seed: 2024)
        var kinds = Set<CSVError.Kind>()
        for index in 0..<300 {
            let url = folder.file("r\(index).csv")
            let count = Int(random.next() % 64)
            // Half the files are plain ASCII CSV-ish text, half arbitrary bytes.
            let bytes: [UInt8] = (0..<count).map { _ in
                index % 2 == 0 ? Array("ab,\"\n".utf8)[Int(random.next() % 5)] : UInt8(truncatingIfNeeded: random.next())
            }
            try Data(bytes).write(to: url)
            do {
                let table = try CSVTable(contentsOf: url)
                #expect(table.rows.allSatisfy { $0.count == table.header.count })
            } catch {
                #expect(isOneLine(error.description))
                #expect(error.description.hasPrefix(url.path))
                kinds.insert(error.kind)
            }
        }
        #expect(kinds.contains(.file) && kinds.contains(.syntax))
    }
}
