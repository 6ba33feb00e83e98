/// The checks every scene's `fillControlPoints` and `fillJacobian` make on the buffers they are
/// given (programming errors, so preconditions), with the scene's name in the message.
extension SceneModel {
    /// Stops unless `xs` and `ys` hold ``DeformModel/pointCount`` values each.
    func checkPointBuffers(_ xs: [Double], _ ys: [Double]) {
        precondition(xs.count == pointCount && ys.count == pointCount, "\(name) has \(pointCount) stored points")
    }

    /// Stops unless `j` is ``DeformModel/pointCount`` points by at least the scene's parameter
    /// count; with `zeroingColumns`, sets those columns to 0 (for a scene that writes only the
    /// entries that can be non-zero).
    func checkJacobian(_ j: inout ControlPointJacobian, zeroingColumns: Bool = false) {
        let columns = parameters.count
        precondition(j.pointCount == pointCount && j.parameterCount >= columns,
                     "the \(name) Jacobian is \(pointCount) points by at least \(columns) columns")
        guard zeroingColumns else { return }
        for c in 0..<columns {
            for row in 0..<j.rows { j[row, c] = 0 }
        }
    }
}
