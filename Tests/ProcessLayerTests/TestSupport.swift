import Foundation
@testable import _ProcessLayer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity the command line gives the output layer: the messages and files these tests
/// expect byte for byte are beztune's.
let beztune = ProgramIdentity(name: "beztune", folderRecordName: ".beztune-outputs")

/// Everything `fd` delivers until end of file (or an error).
func readToEnd(_ fd: Int32) -> Data {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return received }
        received.append(contentsOf: buffer[..<n])
    }
}
