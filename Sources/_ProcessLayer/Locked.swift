import Foundation

/// A value behind Foundation's `NSLock`, which every platform has (`Synchronization.Mutex` needs
/// macOS 15 / iOS 18). A `withLock` body that never returns (the cleanup's) keeps the lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
