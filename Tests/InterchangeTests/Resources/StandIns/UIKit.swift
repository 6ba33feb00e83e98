// A stand-in for the parts of UIKit, Core Graphics, QuartzCore and Core Foundation that the
// `swift-uikit` export uses, declared as Apple documents them, so that the generated file
// compiles and runs on Linux. It checks the code against the APIs' signatures, not on a device:
// every class records what it is given (the members starting with `_` are the recorder's, not
// Apple's).
@_exported import Foundation

// MARK: Core Foundation

/// `typealias CFTimeInterval = Double`.
public typealias CFTimeInterval = Double

// MARK: Core Graphics

/// `struct CGAffineTransform` (only `.identity` is used, as the default argument).
public struct CGAffineTransform: Equatable {
    public var a, b, c, d, tx, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// `class CGPath`: an immutable path.
open class CGPath {
    /// The recorded elements: (kind, points), kind M, L, Q, C or Z.
    public var _elements: [(kind: Character, points: [CGPoint])] = []
    public init() {}
}

/// `class CGMutablePath: CGPath`.
open class CGMutablePath: CGPath {
    public override init() {}

    /// `func move(to point: CGPoint, transform: CGAffineTransform = .identity)`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        precondition(transform == .identity)
        _elements.append(("M", [point]))
    }

    /// `func addLine(to point: CGPoint, transform: CGAffineTransform = .identity)`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        precondition(transform == .identity)
        _elements.append(("L", [point]))
    }

    /// `func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity)`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        precondition(transform == .identity)
        _elements.append(("Q", [control, end]))
    }

    /// `func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity)`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        precondition(transform == .identity)
        _elements.append(("C", [control1, control2, end]))
    }

    /// `func closeSubpath()`.
    public func closeSubpath() {
        _elements.append(("Z", []))
    }
}

// MARK: UIKit

/// `class UIBezierPath: NSObject`.
open class UIBezierPath: NSObject {
    /// `var cgPath: CGPath`.
    public var cgPath: CGPath

    /// `convenience init(cgPath CGPath: CGPath)`.
    public init(cgPath CGPath: CGPath) {
        cgPath = CGPath
        super.init()
    }
}

// MARK: QuartzCore

/// `class CAMediaTimingFunction: NSObject`.
open class CAMediaTimingFunction: NSObject {
    /// The control points given, as Core Animation stores them (Float).
    public let _controlPoints: [Float]

    /// `init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float)`.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        _controlPoints = [c1x, c1y, c2x, c2y]
        super.init()
    }
}

/// `struct CAAnimationCalculationMode: Hashable, Equatable, RawRepresentable`.
public struct CAAnimationCalculationMode: Hashable, Equatable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `static let linear: CAAnimationCalculationMode`.
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// `class CAAnimation: NSObject` (its `CAMediaTiming` duration).
open class CAAnimation: NSObject {
    /// `var duration: CFTimeInterval { get set }`.
    public var duration: CFTimeInterval = 0
    public override init() { super.init() }
}

/// `class CAPropertyAnimation: CAAnimation`.
open class CAPropertyAnimation: CAAnimation {
    /// `var keyPath: String? { get set }`.
    public var keyPath: String?

    /// `convenience init(keyPath path: String?)`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

/// `class CAKeyframeAnimation: CAPropertyAnimation`.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// `var values: [Any]? { get set }`.
    public var values: [Any]?
    /// `var keyTimes: [NSNumber]? { get set }`.
    public var keyTimes: [NSNumber]?
    /// `var timingFunctions: [CAMediaTimingFunction]? { get set }`.
    public var timingFunctions: [CAMediaTimingFunction]?
    /// `var calculationMode: CAAnimationCalculationMode { get set }`.
    public var calculationMode: CAAnimationCalculationMode = .linear
}
