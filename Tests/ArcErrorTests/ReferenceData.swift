import Foundation

/// The mpmath reference tables in `Resources/` (written by `Resources/reference.py`), located
/// next to this source file, read as rows of name → text.
enum ReferenceData {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

    static func table(_ name: String) throws -> [[String: String]] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }
}

extension Dictionary where Key == String, Value == String {
    func double(_ key: String) -> Double { Double(self[key]!)! }
    func int(_ key: String) -> Int { Int(self[key]!)! }
}

/// The acceptance rule of the issue: |x − ref| ≤ 1e-12·|ref| + 1e-15.
func agrees(_ x: Double, _ reference: Double, relative: Double = 1e-12, absolute: Double = 1e-15) -> Bool {
    abs(x - reference) <= relative * abs(reference) + absolute
}
