import DataFiles
import Foundation

/// Every file a command writes goes through here: atomically (temporary file, then rename), with
/// failures turned into one-line runtime errors.
enum OutputFiles {
    static func write(_ text: String, to path: String) throws(CLIError) {
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String) throws(CLIError) {
        do throws(FileWriteError) {
            try AtomicFile.write(data, to: URL(fileURLWithPath: path))
        } catch {
            throw .runtime(error)
        }
    }

    /// Fails now, with the message a write would give, when `path` cannot be written (see
    /// `AtomicFile.checkWritable`): for batch commands, before their work.
    static func checkWritable(_ path: String) throws(CLIError) {
        do throws(FileWriteError) {
            try AtomicFile.checkWritable(URL(fileURLWithPath: path))
        } catch {
            throw .runtime(error)
        }
    }

    /// The output folder `path`, created (with its parents) when missing. Fails when something
    /// other than a folder is there or the folder cannot be created.
    static func folder(_ path: String) throws(CLIError) -> URL {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .runtime("\(path): exists and is not a folder; --out needs a folder")
            }
            guard FileManager.default.isWritableFile(atPath: url.path) else {
                throw .runtime("\(path): folder is not writable")
            }
            return url
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .runtime("\(path): cannot create the folder (\((error as NSError).localizedDescription))")
        }
        return url
    }
}
