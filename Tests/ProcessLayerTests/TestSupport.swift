import Foundation
import DataFiles
import _Support
import _TestSupport
@testable import _ProcessLayer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity the command line gives the output layer: the messages and files these tests
/// expect byte for byte are beztune's.
let beztune = ProgramIdentity(name: "beztune", folderRecordName: ".beztune-outputs")
/// A run of `beztune frames`, the command the folder-output tests write as.
let framesRun = FolderCommand(name: "frames", program: beztune, arguments: ["frames", "--count", "2", "--out", "anim"])

/// Everything `fd` delivers until end of file (or an error).
func readToEnd(_ fd: Int32) -> Data {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { FileDescriptor.readChunk(from: fd, into: $0) }
        if n <= 0 { return received }
        received.append(contentsOf: buffer[..<n])
    }
}

/// `ro.csv` in `folder`, holding `keep`, made read-only (mode 0444).
func readOnlyFile(in folder: TemporaryFolder) throws -> URL {
    let file = folder.file("ro.csv")
    try Data("keep\n".utf8).write(to: file)
    chmod(file.path, 0o444)
    return file
}
