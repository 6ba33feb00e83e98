import Deform

/// The easing of one keyframe segment: the fraction of the way from this keyframe's value to the
/// next one's, as a function of the fraction of the time between them.
///
/// The rule of both players: keyframe k's out handle `o` = (x₁, y₁) and its in handle `i` =
/// (x₂, y₂) (the in handle of the *next* keyframe in lottie-ios's model, which moves each
/// segment's `i` to the keyframe it ends on) are the control points of the CSS cubic-bezier
/// from (0, 0) to (1, 1), read as y(x) at x = (frame − tₖ)/(tₖ₊₁ − tₖ). lottie-web
/// (`player/js/utils/PropertyFactory.js`, `interpolateValue`; `3rd_party/BezierEaser.js`)
/// solves x(t) = x by 4 Newton steps from an 11-sample table, to about 1e-7; lottie-ios
/// (`KeyframeExtensions.swift`, `cubicBezierInterpolate`) solves the cubic in closed form.
/// Here Deform's ``CubicBezierTiming`` solves it to full precision (y within 1e-12 of the exact
/// value of the binary handles) — the function both players approximate.
///
/// - A handle is `{"x": X, "y": Y}` with numbers or arrays of numbers. For a property of several
///   dimensions lottie-web eases dimension d by component d of each array (component 0 when
///   the array is shorter); so does this type. Shapes and spatial positions take one easing
///   for all their numbers (``LottieKeyframes``).
/// - x₁ = y₁ and x₂ = y₂ is linear (lottie-web's `BezierEasing.get` returns x itself).
/// - x₁ and x₂ must lie in [0, 1] (After Effects' influence is 0.1 %…100 %); outside, y(x)
///   is no function and the players disagree, so such a file is refused.
enum LottieEasing: Hashable, Sendable {
    case linear
    case cubic(CubicBezierTiming)

    /// The eased fraction for the time fraction `x` ∈ [0, 1].
    func progress(_ x: Double) -> Double {
        switch self {
        case .linear: x
        case .cubic(let timing): timing.value(at: x)
        }
    }

    /// The easing of dimension `d` from a keyframe's `o` and `i` handles.
    static func parse(out: LottieNode, in inNode: LottieNode, dimension d: Int) throws(LottieError) -> LottieEasing {
        let x1 = try component(out, "x", d), y1 = try component(out, "y", d)
        let x2 = try component(inNode, "x", d), y2 = try component(inNode, "y", d)
        if x1 == y1 && x2 == y2 { return .linear }
        for (x, node) in [(x1, out), (x2, inNode)] where !(0...1).contains(x) {
            throw node.fail(.unsupported, "easing handle x = \(LottieNode.format(x)) lies outside [0, 1] (time cannot run backwards; the players disagree on such a curve)")
        }
        do {
            return .cubic(try CubicBezierTiming(x1: x1, y1: y1, x2: x2, y2: y2))
        } catch {
            throw out.fail("easing handles: \(error)")
        }
    }

    /// The number of components a handle gives (1 for plain numbers).
    static func componentCount(_ handle: LottieNode) -> Int {
        max(handle.value["x"]?.array?.count ?? 1, handle.value["y"]?.array?.count ?? 1)
    }

    private static func component(_ handle: LottieNode, _ key: String, _ d: Int) throws(LottieError) -> Double {
        _ = try handle.requireObject("an easing handle")
        let node = try handle.require(key, "the easing handle's \(key == "x" ? "time" : "value") coordinate")
        let values = try node.numbers("easing handle \(key)")
        return d < values.count ? values[d] : values[0]
    }
}
