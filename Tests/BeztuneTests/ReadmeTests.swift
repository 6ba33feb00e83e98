import Foundation
import Testing

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

    @Test("the README opens with the two commands, each on a line of its own")
    func twoCommands() throws {
        let lines = try readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(12).map(String.init)
        #expect(lines.contains("make demo") && lines.contains("make test"))
    }
}
