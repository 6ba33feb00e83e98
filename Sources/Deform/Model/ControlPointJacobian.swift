/// The derivatives of every stored point of a model's path with respect to every parameter:
/// a dense 2N × P matrix, N points in `Path.xs`/`ys` order, P parameters in the model's order.
///
/// Rows are interleaved, row 2i = ∂xᵢ and row 2i + 1 = ∂yᵢ, so a residual vector that lists
/// (x, y) per point lines up with it. Storage is column-major (`values[column · rows + row]`),
/// the layout LAPACK expects, so a column — the effect of one parameter — is contiguous.
public struct ControlPointJacobian: Hashable, Sendable {
    /// The number of stored points N.
    public let pointCount: Int
    /// The number of parameters P.
    public let parameterCount: Int
    /// Column-major entries, count 2N · P.
    public var values: [Double]

    /// A zero matrix for `pointCount` points and `parameterCount` parameters.
    public init(pointCount: Int, parameterCount: Int) {
        precondition(pointCount >= 0 && parameterCount >= 0)
        self.pointCount = pointCount
        self.parameterCount = parameterCount
        values = [Double](repeating: 0, count: 2 * pointCount * parameterCount)
    }

    /// 2N.
    @inlinable
    public var rows: Int { 2 * pointCount }

    /// Entry (row, column).
    @inlinable
    public subscript(row: Int, column: Int) -> Double {
        get { values[column * rows + row] }
        set { values[column * rows + row] = newValue }
    }

    /// ∂xᵢ/∂pⱼ.
    @inlinable
    public func dx(point i: Int, parameter j: Int) -> Double { values[j * rows + 2 * i] }

    /// ∂yᵢ/∂pⱼ.
    @inlinable
    public func dy(point i: Int, parameter j: Int) -> Double { values[j * rows + 2 * i + 1] }

    /// Column j: the derivative of every coordinate with respect to parameter j.
    public func column(_ j: Int) -> ArraySlice<Double> { values[(j * rows)..<((j + 1) * rows)] }

    /// Sets every entry to zero, keeping the storage.
    public mutating func zero() {
        for i in values.indices { values[i] = 0 }
    }
}
