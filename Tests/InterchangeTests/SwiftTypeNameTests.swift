import Deform
import Foundation
@testable import Interchange
import Testing
import _TestSupport

/// `--type-name` (``ExportOptions/typeName``): a Swift keyword, or a name the generated file
/// uses, is refused with one line; every other name gives a file that type-checks against the
/// stand-in modules (Resources/StandIns).
@Suite("Swift exports: hostile type names refused or compiling", .serialized)
struct SwiftTypeNameTests {
    /// Keywords, the names the files use (types, functions, their own members), the platform
    /// modules, and ordinary names that must still work.
    static let names = [
        "class", "struct", "default", "self", "Self", "Any", "_", "nil", "true", "where", "inout", "Type", "Protocol",
        "some", "any", "init", "func", "let", "var", "return", "enum", "protocol", "extension", "import", "static",
        "case", "switch", "in", "is", "as", "try", "throws", "super", "guard", "operator", "subscript", "actor",
        "CGPath", "CGPoint", "CGRect", "CGFloat", "UIBezierPath", "CAKeyframeAnimation", "CAMediaTimingFunction",
        "CFTimeInterval", "NSNumber", "Double", "Float", "Int", "Bool", "String", "Array", "Shape", "Path", "Animation",
        "View", "min", "max", "abs", "sqrt", "exp", "cos", "sin", "print", "Void", "Never", "Optional",
        "UIKit", "SwiftUI", "QuartzCore", "CoreGraphics", "Foundation", "Swift",
        "Ball", "BallShape", "Squash", "Press", "X", "Ellipse", "BouncingBall2", "_Private",
    ]

    @Test("at least 50 hostile names: each either refused with one line (exit 2's error) or the file type-checks", arguments: [
        ExportFormat.swiftUIKit, ExportFormat.swiftUI,
    ])
    func hostileNames(_ format: ExportFormat) throws {
        #expect(Self.names.count >= 50)
        let framework = format == .swiftUI ? "SwiftUI" : "UIKit"
        let folder = try TemporaryFolder()
        var accepted: [String] = [], refused: [String] = []
        // The posed ball with a spring, a cubic-bezier and steps: the most code the generators write.
        for (i, animation) in [ExportFixtures.posedMixed].enumerated() {
            for name in Self.names {
                do {
                    let text = try format.render(animation, options: ExportOptions(typeName: name))
                    try text.write(to: folder.file("T\(i)_\(accepted.count).swift"), atomically: true, encoding: .utf8)
                    accepted.append(name)
                } catch let error as ExportError {
                    #expect(error.description.contains("'\(name)'") && !error.description.contains("\n"), "\(error)")
                    refused.append(name)
                }
            }
        }
        // Keywords and the names the file uses are refused; the plain ones pass.
        let used = format == .swiftUIKit ? ["CGPath", "UIBezierPath", "CAKeyframeAnimation", "Double"] : ["Path", "Shape", "Double"]
        for name in ["class", "_", "Self", "Type"] + used {
            #expect(refused.contains(name), "\(format): '\(name)' was accepted")
        }
        for name in ["Ball", "Squash", "X", "BouncingBall2", "_Private"] { #expect(accepted.contains(name), "\(format): '\(name)' refused") }
        // Every accepted file type-checks against the stand-in module (each file declares one
        // type of its own name, so they are checked together).
        let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? "/opt/swift/usr/bin/swiftc"
        let standIn = exportResources.appendingPathComponent("StandIns/\(framework).swift").path
        let build = try run(swiftc, ["-emit-module", "-parse-as-library", "-module-name", framework,
                                     "-emit-module-path", folder.file("\(framework).swiftmodule").path, standIn])
        try #require(build.status == 0, "stand-in \(framework): \(build.err)")
        for i in 0..<1 {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("T\(i)_") }
                .map { folder.file($0).path }
            guard !files.isEmpty else { continue }
            let check = try run(swiftc, ["-typecheck", "-parse-as-library", "-I", folder.url.path] + files)
            #expect(check.status == 0, "\(format): accepted names that do not type-check: \(check.err.prefix(2000))")
        }
        print("\(format): \(refused.count) of \(Self.names.count) names refused, \(accepted.count) type-check")
    }

    @Test("the identifiers of Swift source: comments and strings skipped, interpolations read")
    func identifiers() {
        let source = """
            // CGPath in a comment
            /* nested /* Path */ still a comment */
            let a = "Double \\(min(b, 2)) Float" + \"""
              Int \\(max(c, 3))
              \"""
            let `default` = 1.5e3 + 0x1Fp2
            """
        #expect(SwiftTypeName.usedIdentifiers(in: source) == ["let", "a", "min", "b", "max", "c", "default"])
    }
}
