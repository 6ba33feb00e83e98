import _Support

/// The two text forms of ``TimingFunction/init(parsing:duration:)`` that give a spring in a
/// platform's own terms, in seconds, with labelled arguments:
///
///     ca-spring(mass:M, stiffness:K, damping:C, velocity:V)   CASpringAnimation
///     swiftui-spring(response:R, dampingFraction:Z)           SwiftUI .spring(response:dampingFraction:)
///
/// The rules, as Swift's argument labels: every value carries its label, written exactly as
/// above (case-sensitive), each label at most once and in the order above; an optional label
/// may be left out and takes its default. `ca-spring`: mass optional (default 1, as
/// `CASpringAnimation`'s), stiffness and damping required, velocity optional (default 0,
/// progress per second, positive towards the end value). `swiftui-spring`: both required (the
/// defaults SwiftUI gives them have changed between releases; a written spring should say what
/// it means). Values are finite decimal numbers in the ranges ``CoreAnimationSpring`` and
/// ``SwiftUISpring`` check (mass, stiffness, response > 0; damping, dampingFraction ≥ 0).
///
/// A spring in seconds becomes the ``SpringTiming`` per unit of progress of an animation of D
/// seconds (``CoreAnimationSpring/springTiming(duration:)``, ``SwiftUISpring/springTiming(duration:)``):
///
///     ca-spring:       ω = √(K/M)·D,   ζ = C/(2√(M·K)),   v₀ = V·D
///     swiftui-spring:  ω = (2π/R)·D,   ζ = Z,             v₀ = 0
public enum PhysicalSpringForm: Sendable, CaseIterable {
    /// `ca-spring(mass:M,stiffness:K,damping:C,velocity:V)`.
    case coreAnimation
    /// `swiftui-spring(response:R,dampingFraction:Z)`.
    case swiftUI

    /// The name before the parenthesis.
    public var name: String {
        switch self {
        case .coreAnimation: "ca-spring"
        case .swiftUI: "swiftui-spring"
        }
    }

    /// The labels in their order, each with its default (nil: required).
    public var labels: [(label: String, default: Double?)] {
        switch self {
        case .coreAnimation: [("mass", 1), ("stiffness", nil), ("damping", nil), ("velocity", 0)]
        case .swiftUI: [("response", nil), ("dampingFraction", nil)]
        }
    }

    /// The form for help and messages, optional labels in brackets.
    public var form: String {
        switch self {
        case .coreAnimation: "ca-spring([mass:M,]stiffness:K,damping:C[,velocity:V])"
        case .swiftUI: "swiftui-spring(response:R,dampingFraction:Z)"
        }
    }

    /// The values of the labelled `arguments` (the text between the parentheses split at commas,
    /// spaces removed), in ``labels`` order, defaults filled in.
    ///
    /// - Throws: ``TimingError`` for an empty argument, an argument without a label, an unknown, repeated or
    ///   misplaced label, a missing or non-finite value, or a required label left out.
    func values(_ arguments: [String], text: String) throws(TimingError) -> [Double] {
        let quoted = MessageText.quoted(text)
        let names = labels.map({ $0.label })
        var found: [Double?] = Array(repeating: nil, count: labels.count)
        var last = -1
        for argument in arguments where !(arguments.count == 1 && argument.isEmpty) {
            guard !argument.isEmpty else {
                throw TimingError("\(name)(…): empty argument in \(quoted) (form: \(form))")
            }
            guard let colon = argument.firstIndex(of: ":") else {
                throw TimingError("\(name)(…): argument \(MessageText.quoted(argument)) has no label in \(quoted) (form: \(form))")
            }
            let label = String(argument[..<colon]), value = String(argument[argument.index(after: colon)...])
            guard let index = names.firstIndex(of: label) else {
                throw TimingError("\(name)(…): unknown label \(MessageText.quoted(label)) in \(quoted) (labels: \(names.joined(separator: ", ")))")
            }
            guard found[index] == nil else {
                throw TimingError("\(name)(…): label '\(label)' given twice in \(quoted)")
            }
            guard index > last else {
                throw TimingError("\(name)(…): label '\(label)' must come before '\(names[last])' in \(quoted) (order: \(names.joined(separator: ", ")))")
            }
            guard !value.isEmpty else {
                throw TimingError("\(name)(…): missing value after '\(label):' in \(quoted)")
            }
            guard let v = Double(value), v.isFinite else {
                throw TimingError("\(name)(…): invalid number \(MessageText.quoted(value)) for '\(label)' in \(quoted) (expected a finite number)")
            }
            found[index] = v
            last = index
        }
        var out: [Double] = []
        for (i, l) in labels.enumerated() {
            guard let v = found[i] ?? l.default else {
                throw TimingError("\(name)(…): missing '\(l.label):' in \(quoted) (form: \(form))")
            }
            out.append(v)
        }
        return out
    }

    /// The spring per unit of progress that `arguments` describe for an animation of
    /// `duration` seconds (see the type's formulas).
    func spring(_ arguments: [String], text: String, duration: Double) throws(TimingError) -> SpringTiming {
        let v = try values(arguments, text: text)
        switch self {
        case .coreAnimation:
            return try CoreAnimationSpring(mass: v[0], stiffness: v[1], damping: v[2], initialVelocity: v[3])
                .springTiming(duration: duration)
        case .swiftUI:
            return try SwiftUISpring(response: v[0], dampingRatio: v[1]).springTiming(duration: duration)
        }
    }
}
