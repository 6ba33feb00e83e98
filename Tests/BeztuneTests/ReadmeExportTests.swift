import Foundation
import Testing
import _TestSupport

/// README's "Into your app": every file head it shows is what the binary writes today.
@Suite("README: Into your app")
struct ReadmeExportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fenced blocks of the README, in order.
    func blocks(_ text: some StringProtocol) -> [String] {
        String(text).components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// `beztune` arguments of a `$ beztune …` block (continued with trailing backslashes).
    func command(_ block: String) -> [String] {
        var line = ""
        for part in block.split(separator: "\n") {
            line += part.hasSuffix("\\") ? String(part.dropLast()) : String(part)
            if !part.hasSuffix("\\") { break }
        }
        return line.dropFirst("$ beztune ".count).split(separator: " ").map(String.init)
    }

    @Test("each '$ head' block under the section shows the first lines (or bytes) of the file the command above it wrote")
    func fileHeads() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let parts = readme.components(separatedBy: "### Into your app\n")
        try #require(parts.count == 2, "README has one section 'Into your app'")
        let section = blocks(parts[1].components(separatedBy: "\n### ")[0])
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(at: folder.file("examples"), withDestinationURL: Self.root.appendingPathComponent("examples"))
        // The profile the section exports: the tour's fit-profile example.
        let profile = try #require(blocks(parts[0]).first { $0.hasPrefix("$ beztune fit-profile") && $0.contains("--out profile\n") })
        #expect(try BinaryRunner.run(command(profile), in: folder.url).status == 0)
        var heads = 0
        for block in section {
            if block.hasPrefix("$ beztune ") {
                let r = try BinaryRunner.run(command(block), in: folder.url)
                // A block whose output starts `beztune CMD: …` shows a refusal (ReadmeTests checks its line).
                let refusal = block.split(separator: "\n").dropFirst().first { !$0.hasPrefix(" ") }?.hasPrefix("beztune ") == true
                #expect(r.status == (refusal ? 1 : 0), "\(block.prefix(80)): \(r.stderr)")
                continue
            }
            guard block.hasPrefix("$ head ") else { continue }
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let words = lines[0].split(separator: " ").map(String.init)  // $ head -n N FILE [| cut -c 1-M] (characters) or $ head -c N FILE
            let shown = Array(lines.dropFirst()).filter { !$0.isEmpty }
            let text = try String(contentsOf: folder.file(words[4]), encoding: .utf8)
            let count = try #require(Int(words[3]))
            var expected: [String]
            if words[2] == "-c" {
                expected = [String(decoding: Array(text.utf8.prefix(count)), as: UTF8.self)]
            } else {
                expected = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(count).map(String.init)
                if words.count == 9, words[5] == "|", words[6] == "cut", let width = Int(words[8].dropFirst(2)) {
                    expected = expected.map { String($0.unicodeScalars.prefix(width)) }
                }
            }
            #expect(shown == expected.filter { !$0.isEmpty }, "README shows other first lines of \(words[4]) than the binary writes")
            heads += 1
        }
        #expect(heads == 8, "one head per format, and the rest → squash SwiftUI file")
    }
}
