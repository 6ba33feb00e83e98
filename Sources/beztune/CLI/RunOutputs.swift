import Foundation
import _ProcessLayer

/// Everything one run of a command writes — its files, its folders and its standard output —
/// planned before any work and written all or nothing at the end (`OutputTransaction`): a run
/// that exits non-zero leaves every output as it was.
///
/// 1. `init` plans the outputs (`OutputPlan`): an unwritable path, an output that is an input,
///    two outputs that are one file, a folder's file that is not ours fail here, in a second.
/// 2. The command stages each output as it is computed (``stage(_:for:)``) and its standard
///    output (``print(_:)``, kept until the end).
/// 3. ``commit()`` checks that no write to standard error failed (a run whose diagnostics are
///    lost fails), then commits: files renamed into place, streams written, standard output
///    written last — a failure of any of them puts every file back.
///
/// A broken pipe on standard output (the reader has gone: `beztune … | head -1`) ends the
/// process by SIGPIPE after the files are put back, silently, as a filter's does — unless
/// SIGPIPE was ignored when beztune started (then it is an ordinary error, exit 1).
final class RunOutputs {
    /// The name the output layer's messages give the program, and its output folders' record file.
    static let program = ProgramIdentity(name: "beztune", folderRecordName: ".beztune-outputs")

    let console: Console
    /// The run's outputs, staged until ``commit()``.
    let transaction: OutputTransaction
    private var standardOutput = ""

    /// Plans `files` (the options' values; nil for an option not given) and `folders` against
    /// the run's `inputs` (nil: not given).
    init(files: [String?], folders: [FolderOutput] = [], inputs: [String?] = [], console: Console) throws(FileWriteError) {
        self.console = console
        transaction = OutputTransaction(try OutputPlan(files: files.compactMap { $0 }, folders: folders,
                                                       inputs: inputs.compactMap { $0 }, program: Self.program))
    }

    /// The folder output for `names` in `folder`, written by the run of `console`'s command, or
    /// the reason it cannot be written (another run holds the folder, a name is not ours).
    static func folder(_ folder: String, names: [String], console: Console) throws(FileWriteError) -> FolderOutput {
        try FolderOutput(folder: folder, names: names, command: console.invocation, program: program)
    }

    /// Stages the whole content of the output `path` (a planned file, or a folder output's
    /// `path(of:)`); nothing for nil.
    func stage(_ data: Data, for path: String?) throws(FileWriteError) {
        guard let path else { return }
        try transaction.stage(data, for: path)
    }

    func stage(_ text: String, for path: String?) throws(FileWriteError) {
        try stage(Data(text.utf8), for: path)
    }

    /// The temporary file staged for the regular output `path`, to be read back (nil: none).
    func stagedTemporary(for path: String) -> String? {
        transaction.stagedTemporary(for: path)
    }

    /// An empty staged file for the output `path`, for a child process to write.
    func temporaryPath(for path: String) throws(FileWriteError) -> String {
        try transaction.temporaryPath(for: path)
    }

    /// Text for standard output, written at commit, after the files.
    func print(_ text: String) {
        standardOutput += text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
    }

    /// Writes text to standard output at commit, as given (no line break added).
    func write(_ text: String) { standardOutput += text }

    /// Fails when a write to standard output has failed already: long runs call it after their
    /// progress lines, so that they stop early rather than finish work whose report cannot be
    /// seen. Standard error is not checked: progress is optional, the work is not.
    func checkStreams() throws(StreamWriteError) {
        if let failure = console.outputFailure() { throw Self.streamFailure(failure) }
    }

    /// Puts every output in place, standard output last (see the type's documentation).
    func commit() throws {
        try checkStreams()
        let text = standardOutput
        let console = self.console
        let committed: Bool
        do throws(FileWriteError) {
            committed = try transaction.commit(lastStep: {
                if !text.isEmpty { console.writeOutput(text) }
                return console.outputFailure() == nil
            })
        } catch {
            // Standard output named as a file (/dev/stdout) whose reader has gone: as a stream.
            guard error.kind == .brokenPipe, OutputDestination.descriptor(named: error.path) == 1 else { throw error }
            throw Self.streamFailure(StreamWriteError(descriptor: 1, code: error.code))
        }
        if !committed, let failure = console.outputFailure() { throw Self.streamFailure(failure) }
    }

    /// The error a failed stream write ends the run with — or, for a broken pipe on standard
    /// output with SIGPIPE's default action at start, the end of the process by SIGPIPE (the
    /// outputs were put back before this is called).
    private static func streamFailure(_ failure: StreamWriteError) -> StreamWriteError {
        if failure.descriptor == 1, failure.isBrokenPipe, StandardStreams.brokenPipeExitsQuietly {
            StandardStreams.endByBrokenPipe()
        }
        return failure
    }
}
