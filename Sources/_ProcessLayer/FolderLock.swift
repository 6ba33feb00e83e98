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
            throw FileWriteError(code: code, call: "open", path: display, folder: display)
        }
        var result: Int32
        repeat { result = flock(fd, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        if result != 0 {
            let code = errno
            close(fd)
            removeCreated()
            if code == EWOULDBLOCK {
                throw FileWriteError(.folderBusy, path: display,
                                     reason: "another \(program.name) run is writing this folder now; wait for it to end or choose another folder")
            }
            throw FileWriteError(code: code, call: "flock", path: display, folder: display)
        }
        state = Locked(State(descriptor: fd, created: created))
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
