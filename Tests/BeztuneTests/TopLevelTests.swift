import Foundation
import Testing

@Suite("beztune: help, version, dispatch")
struct TopLevelTests {
    @Test("--help lists the commands and exits 0")
    func help() throws {
        let r = try BinaryRunner.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: beztune <command>") && r.stdout.contains("path-info"))
        #expect(r.stderr.isEmpty)
    }

    @Test("--help states the exit statuses: 0 success, 1 runtime failure, 2 usage error")
    func exitStatuses() throws {
        let r = try BinaryRunner.run(["--help"])
        #expect(r.stdout.contains("EXIT STATUS:\n  0  success\n  1  runtime failure"))
        #expect(r.stdout.contains("\n  2  usage error"))
    }

    @Test("--version prints the version")
    func version() throws {
        let r = try BinaryRunner.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("beztune ") && r.stdout.split(separator: ".").count == 3)
    }

    @Test("a command's --help shows its usage and options")
    func commandHelp() throws {
        let r = try BinaryRunner.run(["path-info", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: beztune path-info"))
        for option in ["--path", "--path-file", "--y-up", "--accuracy", "--format", "--csv"] {
            #expect(r.stdout.contains(option))
        }
    }

    @Test("no command, an unknown command: usage errors")
    func dispatchErrors() throws {
        expectFailure(try BinaryRunner.run([]), status: 2, mentioning: ["missing command"])
        expectFailure(try BinaryRunner.run(["frobnicate"]), status: 2, mentioning: ["unknown command 'frobnicate'", "path-info"])
    }
}
