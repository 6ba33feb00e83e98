import CSV
import Geometry

extension TargetOutline {
    /// The points of a CSV point list, in model space: columns `x` and `y` (others ignored, any
    /// order), one point per row in file order, each coordinate a finite number
    /// (``CSVTable/double(row:column:allowNonFinite:)``). The list is model space (y-up) unless
    /// `orientation` is `.yDown` (nil: ``TargetFormat/csvPoints``'s default, y-up); y-down
    /// points are flipped by ``TargetOrientation/modelSpace(_:)``.
    ///
    /// No file access (the fuzz target FuzzTargetOutline feeds it arbitrary tables). Errors are
    /// the table's, one line naming the line and column:
    ///
    ///     points.csv: missing column 'y' (columns: x, z)
    ///     points.csv line 4, column 'x': 'abc' is not a number
    ///
    /// Make the outline with ``init(points:resampledTo:)``.
    public static func points(in table: CSVTable,
                              orientation: TargetOrientation? = nil) throws(CSVError) -> [Point] {
        try table.requireColumns(["x", "y"])
        let (xc, yc) = (try table.columnIndex("x"), try table.columnIndex("y"))
        var points: [Point] = []
        points.reserveCapacity(table.rows.count)
        for row in table.rows.indices {
            let x = try table.double(row: row, column: xc)
            let y = try table.double(row: row, column: yc)
            points.append(Point(x, y))
        }
        return (orientation ?? TargetFormat.csvPoints.defaultOrientation).modelSpace(points)
    }
}
