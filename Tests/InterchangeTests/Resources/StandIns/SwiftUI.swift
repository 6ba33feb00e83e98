// A stand-in for the parts of SwiftUI that the `swiftui` export uses, declared as Apple
// documents them, so that the generated file compiles and runs on Linux. It checks the code
// against the API's signatures, not on a device: `Path` records its elements and `Animation`
// the arguments it was made with (the members starting with `_` are the recorder's).
@_exported import Foundation

/// `protocol VectorArithmetic: AdditiveArithmetic`.
public protocol VectorArithmetic: AdditiveArithmetic {
    mutating func scale(by rhs: Double)
    var magnitudeSquared: Double { get }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}

/// `protocol Animatable`.
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

/// `protocol View` (a shape's `body` is SwiftUI's own).
public protocol View {}

/// `protocol Shape: Animatable, View`.
public protocol Shape: Animatable, View {
    func path(in rect: CGRect) -> Path
}

/// `struct Path`.
public struct Path {
    /// The recorded elements: (kind, points), kind M, L, Q, C or Z.
    public var _elements: [(kind: Character, points: [CGPoint])] = []

    /// `init()`.
    public init() {}

    /// `mutating func move(to end: CGPoint)`.
    public mutating func move(to end: CGPoint) { _elements.append(("M", [end])) }

    /// `mutating func addLine(to end: CGPoint)`.
    public mutating func addLine(to end: CGPoint) { _elements.append(("L", [end])) }

    /// `mutating func addQuadCurve(to end: CGPoint, control: CGPoint)`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) { _elements.append(("Q", [control, end])) }

    /// `mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint)`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        _elements.append(("C", [control1, control2, end]))
    }

    /// `mutating func closeSubpath()`.
    public mutating func closeSubpath() { _elements.append(("Z", [])) }
}

/// `struct Animation`.
public struct Animation {
    /// Which factory made it and its arguments.
    public let _name: String
    public let _arguments: [Double]

    /// `static func linear(duration: TimeInterval) -> Animation`.
    public static func linear(duration: TimeInterval) -> Animation { Animation(_name: "linear", _arguments: [duration]) }

    /// `static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation`.
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation {
        Animation(_name: "timingCurve", _arguments: [p1x, p1y, p2x, p2y, duration])
    }

    /// `static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation`.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        Animation(_name: "spring", _arguments: [response, dampingFraction, blendDuration])
    }

    /// `static func interpolatingSpring(mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0.0) -> Animation`.
    public static func interpolatingSpring(mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0.0) -> Animation {
        Animation(_name: "interpolatingSpring", _arguments: [mass, stiffness, damping, initialVelocity])
    }
}
