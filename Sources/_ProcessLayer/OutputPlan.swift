#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every output of one run, checked before any work, so that a run fails in a second — having
/// written nothing — rather than after its work, or worse, by destroying its own input:
///
/// 1. each file path is examined (``OutputDestination``: what is there, how it will be written,
///    or why it is refused), each folder output planned (``FolderOutput``: its record read, a
///    name that is not ours refused);
/// 2. no output is the same file as an input — compared by identity (device and inode,
///    ``FileIdentity``), not by name, so `m.csv`, `./m.csv`, a hard or symbolic link to it and
///    `/dev/fd/N` of it all count, while an input given as `<(…)` (a pipe) never matches a file;
///    a stale file a folder output would remove counts as an output too;
/// 3. no two outputs replace the same regular file (identity of an existing file, or the same
///    new name in the same folder), and no descriptor or FIFO output writes into a file another
///    output replaces; character devices (a terminal, a null device) may be shared;
/// 4. every folder a regular file is replaced in takes a new file (one is created and removed).
///
/// Inputs that do not exist are left to the reader to report.
package struct OutputPlan: Sendable {
    /// The program the outputs are written for (named in the messages).
    package let program: ProgramIdentity
    /// The single-file outputs, in the order given.
    package let files: [OutputDestination]
    /// The folder outputs, in the order given.
    package let folders: [FolderOutput]

    /// Plans `files` (paths as given) and `folders`, against the run's `inputs` (paths as given),
    /// for `program`; throws the first problem found, in the order of the type's documentation.
    package init(files paths: [String], folders: [FolderOutput] = [], inputs: [String] = [],
                 program: ProgramIdentity) throws(FileWriteError) {
        self.program = program
        var destinations: [OutputDestination] = []
        for path in paths { destinations.append(try OutputDestination(path: path, program: program)) }
        files = destinations
        self.folders = folders

        // Everything this run writes or removes, with what identifies it.
        struct Written {
            var path: String
            var destination: OutputDestination?
            var identity: FileIdentity?
            /// For a regular file that does not exist yet: its folder's identity and its name.
            var newName: (FileIdentity, String)?
        }
        var written: [Written] = []
        for d in destinations {
            var w = Written(path: d.path, destination: d, identity: d.identity)
            if case .regularFile(nil) = d.kind, let folder = FileIdentity(path: d.folder) {
                w.newName = (folder, lastComponent(of: d.resolvedPath))
            }
            written.append(w)
        }
        for folder in folders {
            for name in folder.names + folder.stale {
                let path = folder.path(of: name)
                let absolute = absolutePath(path)
                var w = Written(path: path, identity: FileIdentity(path: absolute))
                if w.identity == nil, let parent = FileIdentity(path: parentFolder(of: absolute)) {
                    w.newName = (parent, lastComponent(of: absolute))
                }
                written.append(w)
            }
        }

        // Hashed, so a run of thousands of keyframes and frames plans in linear time; the first
        // output (in the order above) that is an input, or that repeats an earlier one, is named.
        var writtenByIdentity: [FileIdentity: Int] = [:]
        for (i, w) in written.enumerated() {
            if let x = w.identity, writtenByIdentity[x] == nil { writtenByIdentity[x] = i }
        }
        for input in inputs {
            guard let identity = FileIdentity(path: absolutePath(input)), !identity.isCharacterDevice else { continue }
            if let i = writtenByIdentity[identity] {
                throw FileWriteError(.sameAsInput, path: written[i].path,
                                     reason: "it is the input '\(input)' of this run (the same file); \(program.name) does not overwrite its input")
            }
        }

        struct NewName: Hashable { var folder: FileIdentity; var name: String }
        var earlierIdentity: [FileIdentity: Int] = [:]
        var earlierName: [NewName: Int] = [:]
        for (i, a) in written.enumerated() {
            if let x = a.identity, !x.isCharacterDevice {
                if let j = earlierIdentity[x] {
                    throw FileWriteError(.sameAsOtherOutput, path: a.path,
                                         reason: "it is also the output '\(written[j].path)' of this run (the same file)")
                }
                earlierIdentity[x] = i
            }
            if let (folder, name) = a.newName {
                let key = NewName(folder: folder, name: name)
                if let j = earlierName[key] {
                    throw FileWriteError(.sameAsOtherOutput, path: a.path,
                                         reason: "it is also the output '\(written[j].path)' of this run (the same file)")
                }
                earlierName[key] = i
            }
        }

        var probed = Set<String>()
        for d in destinations where d.isRegularFile && probed.insert(d.folder).inserted {
            do throws(FileWriteError) {
                try FolderOutput.checkWritableFolder(d.folder, display: d.displayFolder, program: program)
            } catch {
                throw FileWriteError(error.kind, path: d.path, reason: error.reason, code: error.code)
            }
        }
    }
}
