import Foundation
import Testing
import _TestSupport
@testable import _ProcessLayer

@Suite("Outputs written by another program")
struct ExternalOutputTests {
    @Test("a temporary path filled by someone else is renamed into place at commit, removed when abandoned")
    func temporaryPath() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("frames.gif").path
        do {
            let transaction = OutputTransaction(try OutputPlan(files: [out], program: beztune))
            let path = try transaction.temporaryPath(for: out)
            try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(try folder.contents().isEmpty)
        let transaction = OutputTransaction(try OutputPlan(files: [out], program: beztune))
        let path = try transaction.temporaryPath(for: out)
        #expect(path.hasPrefix(folder.url.path + "/.frames.gif.tmp-"))
        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: path))
        try transaction.commit()
        #expect(FileSnapshot(path: out).content == Data("GIF89a".utf8))
        #expect(try folder.contents() == ["frames.gif"])
    }
}
