import Foundation
import Render
import Testing
import _TestSupport

/// README.md is the user's door: its CLI reference must say what the binary says.
@Suite("README stays true")
struct ReadmeTests {
    var readme: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        }
    }

    @Test("every command's --help appears verbatim in the CLI reference (scripts/readme-cli-reference.sh regenerates it)")
    func cliReference() throws {
        let text = try readme
        let overview = try BinaryRunner.run(["--help"]).stdout
        let commands = overview.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").map { $0.split(separator: " ")[0] }
        #expect(commands.count >= 5)
        for command in commands {
            let help = try BinaryRunner.run([String(command), "--help"]).stdout
            let trimmed = help.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
            #expect(text.contains("### `beztune \(command)`\n\n```\n" + trimmed), "README's section for \(command) is out of date")
        }
    }

    /// The tour's examples: each fenced block that starts with `$ beztune …` (continued with
    /// trailing backslashes) and the output lines shown under it.
    func examples() throws -> [(command: [String], output: [String])] {
        var result: [(command: [String], output: [String])] = []
        let blocks = try readme.components(separatedBy: "```\n")
        for block in blocks where block.hasPrefix("$ beztune ") {
            var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var command = ""
            while let first = lines.first {
                lines.removeFirst()
                command += first.hasSuffix("\\") ? String(first.dropLast()) : first
                if !first.hasSuffix("\\") { break }
            }
            result.append((Array(shellWords(String(command.dropFirst(2))).dropFirst()), lines.filter { !$0.isEmpty }))
        }
        return result
    }

    /// Words as a POSIX shell splits them, for the simple cases the README uses: spaces
    /// separate, single quotes group.
    func shellWords(_ text: String) -> [String] {
        var words: [String] = [], current = "", quoted = false, any = false
        for c in text {
            if c == "'" { quoted.toggle(); any = true } else if c == " " && !quoted {
                if any || !current.isEmpty { words.append(current) }
                (current, any) = ("", false)
            } else { current.append(c) }
        }
        if any || !current.isEmpty { words.append(current) }
        return words
    }

    @Test("every number the tour shows is what the current binary prints")
    func tourOutputs() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(at: folder.file("examples"), withDestinationURL: root.appendingPathComponent("examples"))
        let nist = ProcessInfo.processInfo.environment["BEZIERTUNE_NIST_DATA"]
        let examples = try examples()
        #expect(examples.count >= 6)
        for (command, shown) in examples {
            var arguments = command
            if arguments.first == "nist" {
                guard let nist else {  // the data are not shipped; skipped without them, but not under CI
                    if ProcessInfo.processInfo.environment["CI"] == "true" {
                        Issue.record("CI=true but BEZIERTUNE_NIST_DATA is not set: the README's NIST table is not checked")
                    }
                    continue
                }
                arguments = arguments.map { $0.hasSuffix("shared/data/nist") ? nist : $0 }
            }
            let r = try BinaryRunner.run(arguments, in: folder.url)
            // A block that shows `beztune CMD: …` shows a refusal: the binary must exit 1 with
            // exactly that line on stderr and nothing on stdout.
            if let first = shown.first, first.hasPrefix("beztune ") {
                #expect(r.status == 1, "\(command): exit \(r.status), the README shows a failure")
                #expect(r.errorLines == shown && r.stdout.isEmpty,
                        "README shows '\(first)' for 'beztune \(command.joined(separator: " "))', the binary says: \(r.stderr)")
                continue
            }
            #expect(r.status == 0, "\(command): \(r.stderr)")
            let actual = r.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            for line in shown where line != "…" {
                // A cell shown as … is left out (rounding noise the README does not pin).
                let tokens = line.split(separator: " ").map(String.init).filter { $0 != "…" }
                // The row of the actual output with the same first cell holds every shown cell.
                let row = actual.first { $0.first == tokens.first && Set(tokens).isSubset(of: Set($0)) }
                #expect(row != nil, "README shows '\(line)' for 'beztune \(command.joined(separator: " "))', the binary prints something else")
            }
        }
    }

    @Test("every image the tour shows is what the command above it draws today")
    func tourImages() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try readme
        let examples = try examples()
        var checked = 0
        for match in text.matches(of: /!\[[^\]]*\]\((docs\/[^)]+\.png)\)/) {
            let image = String(match.output.1)
            // The last `$ beztune` example before the image is the command that drew it.
            let before = text[..<match.range.lowerBound]
            guard let block = before.components(separatedBy: "```\n").last(where: { $0.hasPrefix("$ beztune ") }),
                  let command = examples.first(where: { block.hasPrefix("$ beztune " + ($0.command.first ?? "")) &&
                                                        block.replacingOccurrences(of: "\\\n", with: "").contains($0.command.suffix(2).joined(separator: " ")) })?.command
            else {
                Issue.record("no `$ beztune` example above \(image)")
                continue
            }
            // The exports' pictures are the browser's, not ours: scripts/export-screenshots.sh makes
            // them in the browser test that checks those exports (Tests/InterchangeTests).
            if command.first == "export" {
                #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(image).path), "\(image) is missing")
                continue
            }
            let folder = try TemporaryFolder()
            try FileManager.default.createSymbolicLink(at: folder.file("examples"), withDestinationURL: root.appendingPathComponent("examples"))
            let r = try BinaryRunner.run(command, in: folder.url)
            #expect(r.status == 0, "\(command): \(r.stderr)")
            // What the command wrote: --png FILE, --out FILE.png, or --out DIR (its contact sheet).
            let written: String
            if let i = command.firstIndex(of: "--png"), i + 1 < command.count {
                written = command[i + 1]
            } else if let i = command.firstIndex(of: "--out"), i + 1 < command.count {
                written = command[i + 1].hasSuffix(".png") ? command[i + 1] : command[i + 1] + "/contact.png"
            } else {
                Issue.record("\(command) writes no picture")
                continue
            }
            let drawn = try RasterImage(png: Data(contentsOf: folder.file(written)))
            let shown = try RasterImage(png: Data(contentsOf: root.appendingPathComponent(image)))
            #expect(drawn.width == shown.width && drawn.height == shown.height, "\(image): \(shown.width)×\(shown.height), the command draws \(drawn.width)×\(drawn.height)")
            let differing = drawn.fractionDiffering(from: shown, tolerance: 16)
            #expect(differing < 0.002, "\(image) differs from what 'beztune \(command.joined(separator: " "))' draws in \(differing * 100) % of its pixels")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test("the README's Swift examples are the ones Tests/ReadmeExamplesTests compiles and runs")
    func swiftExamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let compiled = try String(contentsOf: root.appendingPathComponent("Tests/ReadmeExamplesTests/ReadmeExamplesTests.swift"), encoding: .utf8)
        let blocks = try readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count == 3)
        for block in blocks { #expect(compiled.contains(block), "README example not compiled by the tests:\n\(block)") }
    }

    @Test("the README opens with the two commands, each on a line of its own")
    func twoCommands() throws {
        let lines = try readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(12).map(String.init)
        #expect(lines.contains("make demo") && lines.contains("make test"))
    }
}
