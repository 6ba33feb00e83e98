import DataFiles
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files one run writes into a folder (a `--out DIR`), and the folder's record of them.
///
/// A folder can hold the user's own files next to ours, and the files of several of our commands
/// (a profile's folder, then frames drawn into it), so the folder keeps a record — the file
/// ``recordName`` in it (the program's ``ProgramIdentity/folderRecordName``, ``FolderRecord``) —
/// of the files each command's last run wrote there, under that command's line. A run of the
/// command ``command``:
/// - holds the folder's lock from planning to commit (``FolderLock``): a second run planning the
///   same folder meanwhile is refused, so the record it reads is the one it replaces;
/// - writes only the files it names (``names``), each replaced atomically by its
///   ``OutputTransaction``;
/// - refuses, before any work, a name that exists in the folder and is not in the record (a file
///   the user put there, or a folder of that name): it is not ours to replace; and a name the
///   record lists under another command: it is that command's;
/// - removes (``stale``) only files the record lists under its own command that this run does not
///   write — a frame beyond the new count, a `frames.gif` no longer asked for — never a file
///   another command or the user wrote, and never through a symbolic link;
/// - writes the new record with its files and every other command's, in the same transaction.
///
/// So the folder holds the files of the last complete run of each of our commands that wrote
/// there and, untouched, whatever else the user keeps there. A folder without a record (new, or
/// written by an older version) holds nothing of ours: a name that collides there is refused.
/// Names a record lists without a command (written by a version that did not record commands)
/// may be replaced by any command, and are never removed.
///
/// Names are relative, `/`-separated, without empty, `.` or `..` components: `frame_0000.png`,
/// `frames/frame_0000.png`. A subfolder on a name's way that is a symbolic link is refused (it
/// leads out of the folder).
package struct FolderOutput: Sendable, Equatable {
    /// The program whose outputs these are: named in the messages, and its record in the folder.
    package let program: ProgramIdentity
    /// The command whose run this is: it owns the files it writes.
    package let command: FolderCommand
    /// The folder as the user gave it.
    package let folder: String
    /// The files this run writes, relative to the folder, in the order given.
    package let names: [String]
    /// The files the previous run of the same command wrote that this one does not: removed when
    /// it commits.
    package let stale: [String]
    /// The record as it is now.
    let record: FolderRecord
    /// The run's hold on the folder.
    let lock: FolderLock

    /// Plans writing `names` into `folder` for a run of `command` of `program`: makes the folder
    /// with its parents when missing (removed again if the run does not commit), locks it, reads
    /// the record, and refuses an empty folder name, something other than a folder at `folder`, a
    /// folder that is not writable, a folder another run holds, an invalid name, and a name that
    /// exists and is not this command's (see the type's documentation).
    package init(folder: String, names: [String], command: FolderCommand,
                 program: ProgramIdentity) throws(FileWriteError) {
        self.program = program
        self.command = command
        self.folder = folder
        self.names = names
        let recordName = program.folderRecordName
        func refuse(_ kind: FileWriteError.Kind, _ path: String, _ reason: String) -> FileWriteError {
            FileWriteError(kind, path: path, reason: reason)
        }
        guard !folder.isEmpty else { throw refuse(.invalidName, folder, "the folder name is empty") }
        for name in names {
            precondition(Self.isValidName(name), "FolderOutput: '\(name)' is not a relative file name")
        }
        precondition(Set(names).count == names.count, "FolderOutput: a name is given twice")
        precondition(!names.contains(recordName), "FolderOutput: the record's name is reserved")

        let absolute = absolutePath(folder)
        var info = stat()
        if stat(absolute, &info) == 0 {
            guard UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
                throw refuse(.notAFolder, folder, "it exists and is not a folder")
            }
            try Self.checkWritableFolder(absolute, display: folder, program: program)
        } else if errno != ENOENT {
            throw FileWriteError(code: errno, call: "stat", path: folder, folder: parentFolder(of: folder))
        } else {
            // The nearest folder that exists must take the new one.
            var ancestor = parentFolder(of: absolute)
            while stat(ancestor, &info) != 0 && ancestor != "/" { ancestor = parentFolder(of: ancestor) }
            guard UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
                throw refuse(.notAFolder, folder, "'\(ancestor)' is not a folder")
            }
            try Self.checkWritableFolder(ancestor, display: folder, program: program)
        }
        lock = try FolderLock(folder: absolute, display: folder, program: program)

        let previous = try Self.readRecord(in: absolute, display: folder, program: program)
        let owners = previous.commands
        for name in names {
            let path = absolute + "/" + name
            let shown = Self.join(folder, name)
            // Each folder on the way must be a folder (or absent), never a link out of the folder.
            var prefix = ""
            for part in name.split(separator: "/").dropLast() {
                prefix += (prefix.isEmpty ? "" : "/") + part
                guard lstat(absolute + "/" + prefix, &info) == 0 else { break }
                let type = UInt32(info.st_mode) & UInt32(S_IFMT)
                if type == UInt32(S_IFLNK) {
                    throw refuse(.notAFolder, shown, "'\(Self.join(folder, prefix))' is a symbolic link; \(program.name) writes only into the folder itself")
                }
                if type != UInt32(S_IFDIR) {
                    throw refuse(.notAFolder, shown, "'\(Self.join(folder, prefix))' is not a folder")
                }
            }
            guard lstat(path, &info) == 0 else { continue }
            let isFile = UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG)
            guard let owner = owners[name] else {
                throw refuse(.notOurs, shown,
                             "it exists and \(program.name) did not write it (\(Self.join(folder, recordName)) does not list it); move it away or choose another folder")
            }
            if let owner, owner.name != command.name {
                throw refuse(.otherCommand, shown,
                             "\(program.name) \(owner.name) wrote it (\(owner.invocation)); \(program.name) \(command.name) replaces only its own files in \(folder): choose another folder, or remove \(Self.join(folder, name)) first")
            }
            guard isFile else {
                throw refuse(.isDirectory, shown, "it is no longer a regular file; move it away or choose another folder")
            }
            if UInt32(info.st_mode) & 0o222 == 0 {
                throw refuse(.readOnlyFile, shown, "the file is read-only; \(program.name) does not replace it")
            }
        }
        let writing = Set(names)
        var stale: [String] = []
        var others: [FolderRecord.Group] = []
        for group in previous.groups {
            if let owner = group.command, owner.name == command.name {
                stale += group.names.filter { !writing.contains($0) && Self.isRegularFile($0, in: absolute) }
            } else {
                // Another command's files (or a record's names without a command) stay listed
                // while they exist, except those this run now writes.
                let kept = group.names.filter { !writing.contains($0) && Self.exists($0, in: absolute) }
                if !kept.isEmpty { others.append(FolderRecord.Group(command: group.command, names: kept)) }
            }
        }
        self.stale = stale
        record = previous
        committedRecord = FolderRecord(groups: others + [FolderRecord.Group(command: command, names: names)])
        let staleGroup = FolderRecord.Group(command: command, names: names + stale)
        pendingRecord = FolderRecord(groups: others + [staleGroup])
    }

    /// The record once the run has committed: the other commands' files that exist, then this
    /// run's.
    let committedRecord: FolderRecord
    /// The record while the run commits: as committed, and this command's stale files until they
    /// are removed.
    let pendingRecord: FolderRecord

    /// The names the record lists now.
    var recorded: [String] { record.names }

    package static func == (a: FolderOutput, b: FolderOutput) -> Bool {
        (a.program, a.command, a.folder, a.names, a.stale, a.record) == (b.program, b.command, b.folder, b.names, b.stale, b.record)
    }

    /// True when `name` in the folder `absolute` is a regular file reached without following a
    /// symbolic link.
    static func isRegularFile(_ name: String, in absolute: String) -> Bool {
        var info = stat()
        var prefix = absolute
        for part in name.split(separator: "/").dropLast() {
            prefix += "/" + part
            guard lstat(prefix, &info) == 0, UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else { return false }
        }
        return lstat(absolute + "/" + name, &info) == 0 && UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG)
    }

    /// True when something is at `name` in the folder `absolute`.
    static func exists(_ name: String, in absolute: String) -> Bool {
        var info = stat()
        return lstat(absolute + "/" + name, &info) == 0
    }

    /// The path of the file `name` in the folder, as the caller stages it
    /// (``OutputTransaction/stage(_:for:)``).
    package func path(of name: String) -> String { Self.join(folder, name) }

    /// The record's file name in the folder (``ProgramIdentity/folderRecordName``).
    package var recordName: String { program.folderRecordName }


    /// True for a relative name without empty, `.` or `..` components or line breaks.
    static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains(where: \.isNewline) else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    /// `folder/name`, with one `/` between them.
    package static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The record of `program` in `folder` (empty when there is none).
    private static func readRecord(in folder: String, display: String,
                                   program: ProgramIdentity) throws(FileWriteError) -> FolderRecord {
        let recordName = program.folderRecordName
        let path = folder + "/" + recordName
        var info = stat()
        guard lstat(path, &info) == 0 else { return FolderRecord() }
        guard UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG) else {
            throw FileWriteError(.notOurs, path: join(display, recordName),
                                 reason: "it is not a regular file, so it is not \(program.name)'s record; move it away")
        }
        let text: String
        do throws(FileReadError) {
            text = try TextFile.read(URL(fileURLWithPath: path), kind: "record")
        } catch {
            throw FileWriteError(.other, path: join(display, recordName), reason: "cannot read \(program.name)'s record: \(error.reason)")
        }
        return FolderRecord(text: text, recordName: recordName)
    }

    /// Fails when no file can be created in `folder` (a temporary file,
    /// ``ProgramIdentity/probeTemplate(in:)``, is made and removed).
    static func checkWritableFolder(_ folder: String, display: String,
                                    program: ProgramIdentity) throws(FileWriteError) {
        var template = Array(program.probeTemplate(in: folder).utf8CString)
        // Never empty (the terminating NUL at least), so baseAddress is not nil.
        let code = InterruptCleanup.withRegistry { _ -> Int32 in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return errno }
            close(fd)
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            return 0
        }
        if code != 0 {
            throw FileWriteError(code: code, call: "mkstemp", path: display, folder: display)
        }
    }
}
