import Foundation

/// The project's pinned reference venv (`scripts/setup-reference-venv.sh`) and the Lottie test
/// data beside this file. A missing venv or package makes the tests that need it fail, never
/// skip: `python()` throws with the script's message.
enum LottieReferenceVenv {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/lottie")

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a program, returning its standard output; fails with its standard error on a
    /// non-zero exit.
    static func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = root
        let out = Pipe()
        // Standard error goes to a scratch file, so that only one pipe has to be drained.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("beztune-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? err.close() }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? Data(contentsOf: errURL)) ?? Data()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return output
    }

    /// The venv's python, made on first use.
    static func python() throws -> String {
        try pythonResult.get()
    }

    private static let pythonResult: Result<String, Error> = Result {
        let out = try run("/bin/bash", [root.appendingPathComponent("scripts/setup-reference-venv.sh").path])
        let path = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "setup-reference-venv.sh printed \(path), not a python")
        }
        return path
    }

    /// The committed test files (name → bytes).
    static func committedFiles() throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    /// lottie_reference.py's output for the committed files, computed once.
    static func references() throws -> ReferenceSet { try referencesResult.get() }

    private static let referencesResult: Result<ReferenceSet, Error> = Result {
        let data = try run(try python(), [folder.appendingPathComponent("lottie_reference.py").path, folder.path])
        return try JSONDecoder().decode(ReferenceSet.self, from: data)
    }

    struct ReferenceSet: Decodable {
        let schema: [String: String]
        let cases: [Case]
    }

    struct Case: Decodable {
        let file: String
        let layer: String
        let frame: Double
        let reference: String
        let tolerance: Double
        let note: String
        let points: [[String]]
    }
}
