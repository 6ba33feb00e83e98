/// The side of a box bound a parameter sits on (see ``LeastSquaresFit/activeBounds``).
public enum BoundSide: String, Sendable, CaseIterable {
    case lower, upper
}
