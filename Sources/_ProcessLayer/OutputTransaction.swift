import DataFiles
import Foundation
import _Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outputs of one run, written all or nothing: **a run that fails — an error, or a signal
/// before ``commit()`` has returned — leaves every output file as it was before the run.**
///
/// Staging (``stage(_:for:)``), during the run, as each output is ready:
/// - a regular file is written in full to a temporary file `.<name>.tmp-XXXXXX` in its own
///   folder (so that the rename never crosses file systems) with the destination's permission
///   bits (`0666 & ~umask` for a new file), then `fsync`ed and closed — a full disk or the
///   file-size limit fails here, before anything is replaced; folders a folder output needs are
///   created here (and removed again if the run fails);
/// - a stream (a descriptor, a character device, a FIFO) is kept in memory: what is written
///   there cannot be taken back, so it is written last.
///
/// ``commit()``, once every output is staged:
/// 1. each regular file's destination, if it exists, gets a hard link `.<name>.bak-XXXXXX` (the
///    backup; where the file system has no hard links, the file itself is renamed to it), then
///    the temporary file is renamed over the destination (`rename(2)`: readers see the old file
///    or the new one, never a mix); files a folder output no longer writes (``FolderOutput/stale``)
///    are renamed to backups the same way, and each folder's record is replaced;
/// 2. the streams are written, then the caller's last step (its standard output);
/// 3. each folder is `fsync`ed, so the renames survive a crash;
/// 4. the backups are removed.
/// Until step 4 begins, each step is registered with ``InterruptCleanup`` as how to undo it
/// (rename the backup back, remove a new file), under the same lock as the step itself: an error
/// undoes the steps taken, and so does SIGINT, SIGTERM or SIGHUP (by the cleanup thread, in
/// reverse order) — the files the run replaced come back with their inodes, the files it created
/// go. After step 3 the run's outputs are complete and a signal changes nothing.
///
/// What cannot be undone: a signal that cannot be handled (SIGKILL, a power cut) between two
/// renames of step 1 leaves some outputs new and some old, each complete, and the backups of the
/// replaced ones (`.<name>.bak-XXXXXX`, the old content) next to them; a folder's record then
/// lists both runs' files (it is written first with both lists, and with this run's only after
/// step 4), so the next run there still knows them all. Bytes already written to a stream stay
/// written.
///
/// Not thread-safe: one thread stages and commits. Dropping the transaction without committing
/// removes its temporary files and the folders it created (``abandon()``).
package final class OutputTransaction {
    package let plan: OutputPlan

    /// A staged regular file.
    private struct StagedFile {
        var destination: String
        var temporary: String
        var token: Int
        /// Filled by another program (``temporaryPath(for:)``): fsynced at commit.
        var external = false
    }

    private var staged: [String: StagedFile] = [:]
    private var stagedOrder: [String] = []
    private var streams: [(path: String, destination: OutputDestination, data: Data)] = []
    /// Folders created for staged files, each with its removal token, in creation order.
    private var createdFolders: [(path: String, token: Int)] = []
    private var finished = false

    /// Every path a stage may name: the plan's files as given, and each folder output's
    /// `path(of:)` for its names.
    private let destinations: [String: OutputDestination]

    package init(_ plan: OutputPlan) {
        self.plan = plan
        var destinations: [String: OutputDestination] = [:]
        for d in plan.files { destinations[d.path] = d }
        for folder in plan.folders {
            for name in folder.names {
                let path = folder.path(of: name)
                destinations[path] = OutputDestination(folderFile: absolutePath(path), given: path)
            }
        }
        self.destinations = destinations
    }

    deinit { abandon() }

    /// Stages `data` as the whole content of the output `path` (see the type's documentation).
    /// `path` is one of the plan's files as given, or `folder.path(of: name)` for one of a folder
    /// output's names; staging a path twice replaces the earlier content.
    package func stage(_ data: Data, for path: String) throws(FileWriteError) {
        precondition(!finished, "OutputTransaction: staging after commit or abandon")
        guard let destination = destinations[path] else {
            preconditionFailure("OutputTransaction: '\(path)' is not an output of the plan")
        }
        guard destination.isRegularFile else {
            streams.removeAll { $0.path == path }
            streams.append((path, destination, data))
            return
        }
        try createFolders(for: destination)
        let temporary = try Self.writeTemporary(data, for: destination)
        if let earlier = staged[path] { discard(earlier) } else { stagedOrder.append(path) }
        staged[path] = StagedFile(destination: destination.resolvedPath, temporary: temporary.path,
                                  token: temporary.token)
    }

    /// The temporary file holding what was staged for the regular output `path` (nil when
    /// nothing was, or `path` is not a regular file): for handing a staged output to another
    /// program without keeping its bytes in memory. Read it only; it is renamed at commit.
    package func stagedTemporary(for path: String) -> String? {
        staged[path]?.temporary
    }

    /// An empty temporary file staged for the regular output `path`, for another program (an
    /// encoder run as a child process) to write: the caller passes its path to the program, and
    /// ``commit()`` fsyncs it and renames it into place like any staged file. Registered for
    /// removal on interruption; register the child with ``InterruptCleanup/stopOnInterrupt(process:)``
    /// so that it is stopped first.
    package func temporaryPath(for path: String) throws(FileWriteError) -> String {
        precondition(!finished, "OutputTransaction: staging after commit or abandon")
        guard let destination = destinations[path], destination.isRegularFile else {
            preconditionFailure("OutputTransaction: '\(path)' is not a regular-file output of the plan")
        }
        try createFolders(for: destination)
        let temporary = try Self.writeTemporary(Data(), for: destination)
        if let earlier = staged[path] { discard(earlier) } else { stagedOrder.append(path) }
        staged[path] = StagedFile(destination: destination.resolvedPath, temporary: temporary.path,
                                  token: temporary.token, external: true)
        return temporary.path
    }

    /// Stages `text` as UTF-8 (no byte-order mark).
    package func stage(_ text: String, for path: String) throws(FileWriteError) {
        try stage(Data(text.utf8), for: path)
    }

    /// Puts every staged output in place (see the type's documentation), or — on an error —
    /// none: the error is thrown after every output is as it was.
    ///
    /// `lastStep` runs after the streams, while every replaced file can still be put back: an
    /// executable writes its standard output there. When it returns false, every output is put
    /// back and `commit` returns false (the caller knows why); otherwise it returns true. It runs
    /// under the interrupt cleanup's lock together with dropping the undo actions, so a signal
    /// never puts back outputs whose report was written.
    /// It must not take that lock itself (``InterruptCleanup``).
    @discardableResult
    package func commit(lastStep: () -> Bool = { true }) throws(FileWriteError) -> Bool {
        precondition(!finished, "OutputTransaction: committed twice")
        var undo: [Int] = []
        var backups: [String] = []
        var recordFiles: [StagedFile] = []
        func rollBack() {
            InterruptCleanup.withRegistry { registry in registry.undo(undo.reversed()) }
            undo = []
            for file in recordFiles { discard(file) }
            abandon()
        }

        // Step 1: the folders' records first (listing both runs' files), then the files, then
        // the stale files of folder outputs.
        var renames: [(temporary: StagedFile?, destination: String, display: String)] = []
        var records: [(folder: FolderOutput, final: String)] = []
        for folder in plan.folders {
            let record = folder.path(of: folder.recordName)
            do throws(FileWriteError) {
                let temporary = try Self.writeTemporary(
                    Data(folder.pendingRecord.text(program: folder.program).utf8),
                    for: OutputDestination(folderFile: absolutePath(record), given: record))
                let file = StagedFile(destination: absolutePath(record), temporary: temporary.path,
                                      token: temporary.token)
                recordFiles.append(file)
                renames.append((file, absolutePath(record), record))
            } catch {
                rollBack()
                throw error
            }
            records.append((folder, record))
        }
        for path in stagedOrder {
            guard let file = staged[path] else { continue }
            if file.external {
                let fd = open(file.temporary, O_RDONLY | O_CLOEXEC)
                let code = fd < 0 ? errno : fsync(fd) == 0 ? 0 : errno
                if fd >= 0 { close(fd) }
                if code != 0 {
                    rollBack()
                    throw FileWriteError(code: code, call: "fsync", path: path, folder: parentFolder(of: path))
                }
            }
            renames.append((file, file.destination, path))
        }
        for folder in plan.folders {
            for name in folder.stale {
                renames.append((nil, absolutePath(folder.path(of: name)), folder.path(of: name)))
            }
        }
        for (temporary, destination, display) in renames {
            let failure = InterruptCleanup.withRegistry { registry -> FileWriteError? in
                Self.replace(destination, with: temporary, display: display, program: plan.program,
                             registry: &registry, undo: &undo, backups: &backups)
            }
            if let failure {
                rollBack()
                throw failure
            }
        }
        staged = [:]

        // Step 2: the streams.
        for stream in streams {
            if let failure = Self.writeInPlace(stream.data, to: stream.destination, program: plan.program) {
                rollBack()
                throw failure
            }
        }

        // Step 3: the folders, so that the renames survive a crash.
        var folders = Set<String>()
        for (_, destination, _) in renames { folders.insert(parentFolder(of: destination)) }
        for folder in folders {
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 {
                _ = fsync(fd)
                close(fd)
            }
        }

        // Step 4: the last step (the run's report on standard output) and dropping the undo
        // actions happen under the cleanup registry's lock, as one step: an interrupt either
        // rolls everything back before the report is written, or comes after it and finds
        // nothing to undo — never a report of files that were then put back. From here on the
        // run's outputs stay, and the backups go.
        let folderTokens = createdFolders.map(\.token)
        let kept = InterruptCleanup.withRegistry { registry -> Bool in
            guard lastStep() else { return false }
            for token in undo { registry.remove(token) }
            for token in folderTokens { registry.remove(token) }
            for folder in plan.folders { folder.lock.keepFolders(in: &registry) }
            for backup in backups { unlink(backup) }
            return true
        }
        guard kept else {
            rollBack()
            return false
        }
        createdFolders = []
        finished = true

        // The records list this run's files only (best effort: a record listing more is harmless).
        for (folder, record) in records {
            if let file = try? Self.writeTemporary(
                Data(folder.committedRecord.text(program: folder.program).utf8),
                for: OutputDestination(folderFile: absolutePath(record), given: record)) {
                InterruptCleanup.withRegistry { registry in
                    if rename(file.path, absolutePath(record)) != 0 { unlink(file.path) }
                    registry.remove(file.token)
                }
            }
            folder.lock.release()
        }
        return true
    }

    /// Removes every temporary file and every folder created for them; the outputs stay as they
    /// were. Called on drop; later calls do nothing.
    package func abandon() {
        guard !finished else { return }
        finished = true
        for file in staged.values { discard(file) }
        staged = [:]
        streams = []
        InterruptCleanup.withRegistry { registry in
            for folder in createdFolders.reversed() {
                rmdir(folder.path)
                registry.remove(folder.token)
            }
        }
        createdFolders = []
    }

    // MARK: Implementation

    private func discard(_ file: StagedFile) {
        InterruptCleanup.withRegistry { registry in
            unlink(file.temporary)
            registry.remove(file.token)
        }
    }

    /// Creates the folders on the way to a folder output's file that are missing.
    private func createFolders(for destination: OutputDestination) throws(FileWriteError) {
        var missing: [String] = []
        var folder = destination.folder
        var info = stat()
        while stat(folder, &info) != 0 && errno == ENOENT && folder != "/" {
            missing.append(folder)
            folder = parentFolder(of: folder)
        }
        for path in missing.reversed() {
            let code = InterruptCleanup.withRegistry { registry -> Int32 in
                guard mkdir(path, 0o777) == 0 || errno == EEXIST else { return errno }
                createdFolders.append((path, registry.add(.removeFolder(path))))
                return 0
            }
            if code != 0 {
                throw FileWriteError(code: code, call: "mkdir", path: destination.path, folder: parentFolder(of: path))
            }
        }
    }

    /// Writes `data` to a new temporary file next to `destination` (registered for removal on
    /// interruption), fsynced and closed, with the destination's permission bits.
    static func writeTemporary(_ data: Data, for destination: OutputDestination) throws(FileWriteError)
        -> (path: String, token: Int) {
        let folder = destination.folder
        func failure(_ code: Int32, _ call: String) -> FileWriteError {
            FileWriteError(code: code, call: call, path: destination.path, folder: destination.displayFolder)
        }
        // NAME_MAX is 255 bytes: shorten long names in the temporary name only.
        let name = String(decoding: lastComponent(of: destination.resolvedPath).utf8.prefix(200), as: UTF8.self)
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        // Created and registered under one lock (see InterruptCleanup). The buffers are never
        // empty (the template holds at least its terminating NUL), so baseAddress is not nil.
        let (fd, code, token) = InterruptCleanup.withRegistry { registry -> (Int32, Int32, Int) in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return (fd, errno, 0) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // not inherited by child processes
            return (fd, 0, registry.add(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        guard fd >= 0 else { throw failure(code, "mkstemp") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var isOpen = true
        do throws(FileWriteError) {
            _ = fchmod(fd, permissions(replacing: destination.resolvedPath))  // best effort
            if let code = FileDescriptor.writeAll(data, to: fd) { throw failure(code, "write") }
            if fsync(fd) != 0 { throw failure(errno, "fsync") }
            isOpen = false
            // On Linux the descriptor is released even when close fails with EINTR.
            if close(fd) != 0, errno != EINTR { throw failure(errno, "close") }
        } catch {
            if isOpen { close(fd) }
            InterruptCleanup.withRegistry { registry in
                unlink(temporary)
                registry.remove(token)
            }
            throw error
        }
        return (temporary, token)
    }

    /// One rename of step 1, under the registry's lock: `temporary` (nil: remove a stale file)
    /// over `destination`, with a backup of what is there and the undo registered; the error, or nil.
    private static func replace(_ destination: String, with temporary: StagedFile?, display: String,
                                program: ProgramIdentity, registry: inout InterruptCleanup.Registry,
                                undo: inout [Int], backups: inout [String]) -> FileWriteError? {
        func failure(_ code: Int32, _ call: String) -> FileWriteError {
            FileWriteError(code: code, call: call, path: display, folder: parentFolder(of: display))
        }
        var info = stat()
        let exists = lstat(destination, &info) == 0
        if exists && UInt32(info.st_mode) & UInt32(S_IFMT) != UInt32(S_IFREG) {
            // Something else took the destination's place since the plan: never replaced.
            if temporary == nil { return nil }
            return FileWriteError(.unsupportedFileType, path: display,
                                  reason: "it is no longer a regular file; \(program.name) does not replace it")
        }
        if !exists && temporary == nil { return nil }  // a stale file that has gone meanwhile
        var backup: String?
        var moved = false  // the backup is the destination itself, renamed (no hard links)
        if exists {
            guard let name = uniqueSibling(of: destination, suffix: "bak") else { return failure(EEXIST, "link") }
            if link(destination, name) == 0 {
                backup = name
            } else if rename(destination, name) == 0 {
                (backup, moved) = (name, true)
            } else {
                return failure(errno, "link")
            }
        }
        if let temporary {
            if rename(temporary.temporary, destination) != 0 {
                let code = errno
                if let backup {
                    if moved { rename(backup, destination) } else { unlink(backup) }
                }
                return failure(code, "rename")
            }
            registry.remove(temporary.token)
        } else if let backup, !moved {
            // A stale file: its backup link stays, the name goes.
            if unlink(destination) != 0 {
                let code = errno
                unlink(backup)
                return failure(code, "unlink")
            }
        }
        if let backup {
            undo.append(registry.add(.restore(backup: backup, destination: destination)))
            backups.append(backup)
        } else {
            undo.append(registry.add(.remove(destination)))
        }
        return nil
    }

    /// Writes a stream output in place: the descriptor, or the device or FIFO opened for writing
    /// (without creating or truncating: if a regular file took its place, it is refused).
    private static func writeInPlace(_ data: Data, to destination: OutputDestination,
                                     program: ProgramIdentity) -> FileWriteError? {
        switch destination.kind {
        case .regularFile:
            return nil
        case .descriptor(let fd):
            if let code = FileDescriptor.writeAll(data, to: fd) {
                return FileWriteError(code: code, call: "write", path: destination.path,
                                      folder: parentFolder(of: destination.path))
            }
            return nil
        case .characterDevice, .fifo:
            let fd = open(destination.resolvedPath, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else {
                return FileWriteError(code: errno, call: "open", path: destination.path,
                                      folder: parentFolder(of: destination.path))
            }
            defer { close(fd) }
            var info = stat()
            let type = fstat(fd, &info) == 0 ? UInt32(info.st_mode) & UInt32(S_IFMT) : 0
            guard type == UInt32(S_IFCHR) || type == UInt32(S_IFIFO) else {
                return FileWriteError(.unsupportedFileType, path: destination.path,
                                      reason: "it is no longer a device or FIFO; \(program.name) does not write into it")
            }
            if let code = FileDescriptor.writeAll(data, to: fd) {
                return FileWriteError(code: code, call: "write", path: destination.path,
                                      folder: parentFolder(of: destination.path))
            }
            return nil
        }
    }

    /// A name `.<name>.<suffix>-XXXXXX` next to `path` that does not exist now.
    private static func uniqueSibling(of path: String, suffix: String) -> String? {
        let folder = parentFolder(of: path)
        let name = String(decoding: lastComponent(of: path).utf8.prefix(200), as: UTF8.self)
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let tail = String((0..<6).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
            let candidate = "\(folder)/.\(name).\(suffix)-\(tail)"
            var info = stat()
            if lstat(candidate, &info) != 0 && errno == ENOENT { return candidate }
        }
        return nil
    }

    /// The permission bits for the new file: those of the file it replaces, else `0666 & ~umask`.
    static func permissions(replacing path: String) -> mode_t {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & 0o777 }
        var mask: mode_t = 0o022
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) {
            mask = value
        }
        return 0o666 & ~mask
    }

    /// Writes one output, alone, all or nothing, for `program`: plans it, stages it and commits it.
    package static func write(_ data: Data, to path: String, inputs: [String] = [],
                              program: ProgramIdentity) throws(FileWriteError) {
        let transaction = OutputTransaction(try OutputPlan(files: [path], inputs: inputs, program: program))
        try transaction.stage(data, for: path)
        try transaction.commit()
    }
}
