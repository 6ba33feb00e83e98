#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run's hold on an output folder: the folder exists (made, with its missing parents, when
/// the run is planned) and the run holds an exclusive advisory lock on it (`flock(2)` on the
/// folder itself — the record is replaced by renaming, so the folder is what stays), from planning
/// until the run commits or fails. A second run of the program planning the same folder meanwhile
/// finds it locked and is refused, so one run at a time reads the record and writes the folder.
///
/// The lock goes when the run commits (``release()``) or when the last copy of its
/// ``FolderOutput`` goes; the folders made for it go too, unless the run committed
/// (``keepFolders(in:)``), and on interruption (they are registered with ``InterruptCleanup``).
/// The descriptor is not inherited by child processes.
final class FolderLock: Sendable {
    private struct State {
        var descriptor: Int32
        /// Folders made for this run, outermost first, with their cleanup tokens.
        var created: [(path: String, token: Int)]
    }
    private let state: Locked<State>

    /// Makes `absolute` with its missing parents (shown as `display` in messages) and locks it;
    /// throws when a folder cannot be made, or another process holds the lock.
    init(folder absolute: String, display: String, program: ProgramIdentity) throws(FileWriteError) {
        // A run that loses the race for a folder it made leaves it to the winner; the winner's
        // folder may still go under it (a failed run removing the folder it made), so the lock is
        // taken again on the folder that is there, a few times, before giving up.
        var attempt = 0
        while true {
            attempt += 1
            switch try Self.lock(absolute, display: display, program: program) {
            case .locked(let descriptor, let created):
                state = Locked(State(descriptor: descriptor, created: created))
                return
            case .gone(let code):
                guard attempt < 8 else { throw FileWriteError(code: code, call: "open", path: display, folder: display) }
            }
        }
    }

    private enum Attempt {
        case locked(Int32, [(path: String, token: Int)])
        /// The folder went between making (or finding) it and locking it: `errno` of the open.
        case gone(Int32)
    }

    /// One attempt: make what is missing of `absolute`, open it, lock it, and check that the
    /// locked folder is still the one at `absolute`.
    private static func lock(_ absolute: String, display: String, program: ProgramIdentity) throws(FileWriteError) -> Attempt {
        var missing: [String] = []
        var path = absolute
        var info = stat()
        while stat(path, &info) != 0 && errno == ENOENT && path != "/" {
            missing.append(path)
            path = parentFolder(of: path)
        }
        var created: [(path: String, token: Int)] = []
        func removeCreated() {
            InterruptCleanup.withRegistry { registry in
                for folder in created.reversed() {
                    rmdir(folder.path)
                    registry.remove(folder.token)
                }
            }
        }
        for path in missing.reversed() {
            let code = InterruptCleanup.withRegistry { registry -> Int32 in
                guard mkdir(path, 0o777) == 0 else { return errno == EEXIST ? 0 : errno }
                created.append((path, registry.add(.removeFolder(path))))
                return 0
            }
            if code != 0 {
                removeCreated()
                throw FileWriteError(code: code, call: "mkdir", path: display, folder: parentFolder(of: display))
            }
        }
        let fd = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            removeCreated()
            if code == ENOENT { return .gone(code) }
            throw FileWriteError(code: code, call: "open", path: display, folder: display)
        }
        var result: Int32
        repeat { result = flock(fd, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        if result != 0 {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK {
                // The folder is the other run's now, even if this run made it: it stays.
                InterruptCleanup.withRegistry { registry in
                    for folder in created { registry.remove(folder.token) }
                }
                throw FileWriteError(.folderBusy, path: display,
                                     reason: "another \(program.name) run is writing this folder now; wait for it to end or choose another folder")
            }
            removeCreated()
            throw FileWriteError(code: code, call: "flock", path: display, folder: display)
        }
        var held = stat()
        var there = stat()
        guard fstat(fd, &held) == 0, stat(absolute, &there) == 0,
              held.st_dev == there.st_dev, held.st_ino == there.st_ino else {
            close(fd)
            removeCreated()
            return .gone(ENOENT)
        }
        return .locked(fd, created)
    }

    /// Keeps the folders made for the run (it committed): they are no longer removed on
    /// interruption or when the lock goes. Called with the cleanup registry locked.
    func keepFolders(in registry: inout InterruptCleanup.Registry) {
        state.withLock { state in
            for folder in state.created { registry.remove(folder.token) }
            state.created = []
        }
    }

    /// Releases the lock (later calls do nothing).
    func release() {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
        }
    }

    deinit {
        let created = state.withLock { state in
            defer { state.created = [] }
            return state.created
        }
        InterruptCleanup.withRegistry { registry in
            for folder in created.reversed() {
                rmdir(folder.path)
                registry.remove(folder.token)
            }
        }
        release()
    }
}
