/// Plain-text tables for a terminal: columns padded to a common width, numbers right-aligned.
public enum TextTable {
    /// Rows of cells under a header, each column as wide as its widest cell, separated by two
    /// spaces; a column whose cells all parse as numbers is right-aligned, any other left-aligned.
    public static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let columns = all.map({ $0.count }).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (j, cell) in row.enumerated() { widths[j] = max(widths[j], cell.count) }
        }
        let numericColumns = (0..<columns).map { j in
            rows.allSatisfy { j >= $0.count || Double($0[j]) != nil }
        }
        var lines: [String] = []
        for (i, row) in all.enumerated() {
            var line = ""
            for (j, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[j] - cell.count)
                let numeric = i > 0 && numericColumns[j]
                let padded = numeric ? pad + cell : cell + pad
                line += (j == 0 ? "" : "  ") + padded
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Two columns, name and value, for a single record.
    public static func keyValue(_ pairs: [(String, String)]) -> String {
        let width = pairs.map({ $0.0.count }).max() ?? 0
        return pairs.map { name, value in
            name + String(repeating: " ", count: width - name.count + 2) + value
        }.joined(separator: "\n") + "\n"
    }
}
