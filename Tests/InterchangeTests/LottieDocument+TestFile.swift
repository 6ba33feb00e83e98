import Foundation
import Interchange

extension LottieDocument {
    /// The document in the test fixture at `url` (the library takes bytes; a test reads its
    /// fixtures with Foundation). A fixture that cannot be read is a broken test, not a case.
    init(contentsOf url: URL) throws(LottieError) {
        guard let data = try? Data(contentsOf: url) else { preconditionFailure("unreadable fixture \(url.path)") }
        try self.init(parsing: [UInt8](data), source: url.lastPathComponent)
    }
}
