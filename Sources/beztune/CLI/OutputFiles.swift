import Foundation
import _ProcessLayer

/// One file written alone, all or nothing (`OutputTransaction.write`): a batch's checkpoint,
/// which stays when the run later fails so that `--resume` can continue from it. A command's
/// outputs go through ``RunOutputs`` instead.
enum OutputFiles {
    static func write(_ text: String, to path: String) throws(CLIError) {
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String) throws(CLIError) {
        do throws(FileWriteError) {
            try OutputTransaction.write(data, to: path, program: RunOutputs.program)
        } catch {
            throw .runtime(error)
        }
    }
}
