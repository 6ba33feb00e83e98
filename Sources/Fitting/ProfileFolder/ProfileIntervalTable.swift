import LeastSquares
import CSV
import Deform
import _Support

/// A `per-interval` profile folder's `intervals.csv`: one row per interval between consecutive
/// keys, in progress order (a file layout others read: the names are kept exactly; new columns
/// only ever appended):
///
///     interval,from,to,timing,x1,y1,x2,y2,frames,rms,max_distance,status,
///     x1_stderr,y1_stderr,x2_stderr,y2_stderr,preset,preset_distance
///
/// `from`, `to`: the keys' progress (rows of `profile.csv`, whose values are the keys' fitted
/// parameters); `timing`: `cubic-bezier` with its control points, or `linear` (nothing between
/// the keys to fit, x1 … y2 empty); `frames`: the keyframes strictly between the keys; `rms`,
/// `max_distance`: their points' distances to the eased outline (model units); `status`: the
/// solver's (empty when not fitted); `preset`, `preset_distance`: the nearest named easing
/// (``EasingPreset``) and how far its outline would be, model units.
public enum ProfileIntervalTable {
    /// The file's name in the folder.
    public static let fileName = "intervals.csv"
    /// Every column, in order.
    public static let header = ["interval", "from", "to", "timing", "x1", "y1", "x2", "y2", "frames", "rms", "max_distance",
                                "status", "x1_stderr", "y1_stderr", "x2_stderr", "y2_stderr", "preset", "preset_distance"]

    /// The file's text for `fit`'s intervals.
    public static func csvText(_ fit: ProfileFit) -> String {
        var csv = CSVWriter(header: header)
        for (i, interval) in fit.intervals.enumerated() {
            var row: [CSVField] = [.int(i + 1), .double(interval.from), .double(interval.to)]
            if case .cubicBezier(let c) = interval.easing {
                row += [.text(ProfileTimingKind.cubicBezier.rawValue), .double(c.x1), .double(c.y1), .double(c.x2), .double(c.y2)]
            } else {
                row += [.text(ProfileTimingKind.linear.rawValue), .empty, .empty, .empty, .empty]
            }
            row += [.int(interval.frameCount), .double(interval.rms), .double(interval.maxDistance),
                    interval.status.map { .text($0.rawValue) } ?? .empty]
            row += (0..<4).map { k in interval.standardErrors.indices.contains(k) ? .double(interval.standardErrors[k]) : .empty }
            row += [interval.nearestPreset.map { .text($0.name) } ?? .empty,
                    interval.nearestPreset.map { .double($0.distance) } ?? .empty]
            csv.appendRow(row)
        }
        return csv.text
    }

    /// One row read back: the keys' progress, the easing and the recorded status.
    public struct Row: Sendable {
        public let from: Double
        public let to: Double
        public let easing: TimingFunction
        public let status: String
    }

    /// Reads `table`: at least one row, each interval starting where the previous one ended,
    /// `from` < `to` within [0, 1], a `cubic-bezier` with valid control points or `linear`.
    ///
    /// - Throws: ``ProfileFolderError`` naming the cell.
    public static func read(_ table: CSVTable) throws(ProfileFolderError) -> [Row] {
        let columns = try ProfileFolderError.reading { () throws(CSVError) in
            try table.requireColumns(["from", "to", "timing", "x1", "y1", "x2", "y2"])
            return try ["from", "to", "timing"].map { c throws(CSVError) in try table.columnIndex(c) }
        }
        let statusColumn = table.header.firstIndex(of: "status")
        var rows: [Row] = []
        for r in table.rows.indices {
            let (from, to) = try ProfileFolderError.reading { () throws(CSVError) in
                (try table.double(row: r, column: columns[0]), try table.double(row: r, column: columns[1]))
            }
            guard from >= 0, to <= 1, from < to else {
                throw ProfileFolderError(table.cellError(row: r, column: columns[1], "an interval runs forwards within [0, 1] (from < to)"))
            }
            if let previous = rows.last, previous.to != from {
                throw ProfileFolderError(table.cellError(row: r, column: columns[0], "the interval must start where the previous one ended (\(ShortestDecimal.format(previous.to)))"))
            }
            let kind = String(table.string(row: r, column: columns[2]).trimmingWhitespace)
            let easing: TimingFunction
            switch kind {
            case ProfileTimingKind.linear.rawValue:
                easing = .linear
            case ProfileTimingKind.cubicBezier.rawValue:
                let v = try ProfileFolderError.reading { () throws(CSVError) in
                    try ["x1", "y1", "x2", "y2"].map { c throws(CSVError) in try table.double(row: r, column: try table.columnIndex(c)) }
                }
                let curve = try ProfileFolderError.reading(table.cellLocation(row: r, column: columns[2])) { () throws(TimingError) in
                    try CubicBezierTiming(x1: v[0], y1: v[1], x2: v[2], y2: v[3])
                }
                easing = .cubicBezier(curve)
            default:
                throw ProfileFolderError(table.cellError(row: r, column: columns[2], "expected cubic-bezier or linear"))
            }
            let status = statusColumn.map { String(table.string(row: r, column: $0).trimmingWhitespace) } ?? ""
            rows.append(Row(from: from, to: to, easing: easing, status: status))
        }
        guard !rows.isEmpty else {
            throw ProfileFolderError(CSVError(.columns, source: table.source, reason: "no interval rows"))
        }
        return rows
    }
}
