import DataFiles
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files one run writes into a folder (a `--out DIR`), and the folder's record of them.
///
/// A folder can hold the user's own files next to ours, so the folder keeps a record — the file
/// ``recordName`` in it (the program's ``ProgramIdentity/folderRecordName``), one relative name a
/// line — of the files the last run wrote there. A run:
/// - writes only the files it names (``names``), each replaced atomically by its
///   ``OutputTransaction``;
/// - refuses, before any work, a name that exists in the folder and is not in the record (a file
///   the user put there, or a folder of that name): it is not ours to replace;
/// - removes (``stale``) only files the record lists that this run does not write — a frame
///   beyond the new count, a `frames.gif` no longer asked for — never a file it did not write;
/// - writes the new record with its files, in the same transaction.
///
/// So the folder holds the files of exactly one run of ours (the last complete one) and, untouched,
/// whatever else the user keeps there. A folder without a record (new, or written by an older
/// version) holds nothing of ours: a name that collides there is refused.
///
/// Names are relative, `/`-separated, without empty, `.` or `..` components: `frame_0000.png`,
/// `frames/frame_0000.png`. Record lines that are not such names, and `#` comment lines, are
/// ignored.
package struct FolderOutput: Sendable, Equatable {
    /// The program whose outputs these are: named in the messages, and its record in the folder.
    package let program: ProgramIdentity
    /// The folder as the user gave it.
    package let folder: String
    /// The files this run writes, relative to the folder, in the order given.
    package let names: [String]
    /// The files the previous run wrote that this one does not: removed when it commits.
    package let stale: [String]
    /// The names the record lists now.
    let recorded: [String]

    /// Plans writing `names` into `folder` for `program` (the folder is created with its parents
    /// when missing, at commit — or when the first file is staged): reads the record, and refuses
    /// an empty folder name, something other than a folder at `folder`, a folder that is not
    /// writable, an invalid name, and a name that exists and is not ours (see the type's
    /// documentation).
    package init(folder: String, names: [String], program: ProgramIdentity) throws(FileWriteError) {
        self.program = program
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
        } else if errno != ENOENT {
            throw FileWriteError(code: errno, call: "stat", path: folder, folder: parentFolder(of: folder))
        }
        let exists = stat(absolute, &info) == 0
        if exists {
            try Self.checkWritableFolder(absolute, display: folder, program: program)
        } else {
            // The nearest folder that exists must take the new one.
            var ancestor = parentFolder(of: absolute)
            while stat(ancestor, &info) != 0 && ancestor != "/" { ancestor = parentFolder(of: ancestor) }
            guard UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
                throw refuse(.notAFolder, folder, "'\(ancestor)' is not a folder")
            }
            try Self.checkWritableFolder(ancestor, display: folder, program: program)
        }

        recorded = exists ? try Self.readRecord(in: absolute, display: folder, program: program) : []
        let ours = Set(recorded)
        if exists {
            for name in names {
                let path = absolute + "/" + name
                let shown = Self.join(folder, name)
                // Each folder on the way must be a folder (or absent).
                var prefix = ""
                for part in name.split(separator: "/").dropLast() {
                    prefix += (prefix.isEmpty ? "" : "/") + part
                    if stat(absolute + "/" + prefix, &info) == 0,
                       UInt32(info.st_mode) & UInt32(S_IFMT) != UInt32(S_IFDIR) {
                        throw refuse(.notAFolder, shown, "'\(Self.join(folder, prefix))' is not a folder")
                    }
                }
                guard lstat(path, &info) == 0 else { continue }
                let isFile = UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG)
                guard ours.contains(name) else {
                    throw refuse(.notOurs, shown,
                                 "it exists and \(program.name) did not write it (\(Self.join(folder, recordName)) does not list it); move it away or choose another folder")
                }
                guard isFile else {
                    throw refuse(.isDirectory, shown, "it is no longer a regular file; move it away or choose another folder")
                }
                if UInt32(info.st_mode) & 0o222 == 0 {
                    throw refuse(.readOnlyFile, shown, "the file is read-only; \(program.name) does not replace it")
                }
            }
        }
        let writing = Set(names)
        stale = recorded.filter { name in
            guard !writing.contains(name) else { return false }
            var info = stat()
            return lstat(absolute + "/" + name, &info) == 0
                && UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG)
        }
    }

    /// The path of the file `name` in the folder, as the caller stages it
    /// (``OutputTransaction/stage(_:for:)``).
    package func path(of name: String) -> String { Self.join(folder, name) }

    /// The record's file name in the folder (``ProgramIdentity/folderRecordName``).
    package var recordName: String { program.folderRecordName }

    /// The record's text for `names`.
    func recordText(_ names: [String]) -> String {
        "# The files \(program.name) wrote in this folder in its last run, one per line. It replaces or removes only these.\n"
            + names.map { $0 + "\n" }.joined()
    }

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

    /// The names the record of `program` in `folder` lists (none when there is no record).
    private static func readRecord(in folder: String, display: String,
                                   program: ProgramIdentity) throws(FileWriteError) -> [String] {
        let recordName = program.folderRecordName
        let path = folder + "/" + recordName
        var info = stat()
        guard lstat(path, &info) == 0 else { return [] }
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
        var seen = Set<String>()
        return text.split(separator: "\n").map(String.init).filter { line in
            !line.hasPrefix("#") && isValidName(line) && line != recordName && seen.insert(line).inserted
        }
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
