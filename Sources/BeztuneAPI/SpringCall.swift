import Deform
import Interchange
import _Support

/// `springs({timing, duration?} | {android: {stiffness, dampingRatio, startVelocity?}, duration?}
/// | {bounce: {duration, bounce, initialVelocity?}, duration?})`: one spring in every platform's
/// terms, for an animation of `duration` seconds (default 1: progress 1 is one second).
///
/// `timing` is any spring form `--timing` takes — `spring(ω,ζ[,v₀])` per unit of progress,
/// `ca-spring([mass:M,]stiffness:K,damping:C[,velocity:V])` (`CASpringAnimation`),
/// `swiftui-spring(response:R,dampingFraction:Z)` — read as the commands read it for an animation
/// of that duration. The answer: `spring` (ω, ζ, v₀ per unit of progress: ``SpringTiming``, with
/// its regime and settling progress at 1e-3), `caSpring` (mass 1, stiffness, damping, initial
/// velocity, settling duration: ``CoreAnimationSpring``), `swiftUI` (response = duration,
/// dampingFraction, bounce, initial velocity: ``SwiftUISpring``) and `android` (stiffness,
/// dampingRatio, startVelocity: ``AndroidSpringForce``), each by the closed forms those types
/// document (ω_s = ω/D, k = ω_s², c = 2ζω_s, response = 2π/ω_s, v = v₀/D).
package enum SpringCall {
    package static let keys = ["timing", "android", "bounce", "duration"]

    package static func springs(_ a: CallArguments) throws(APIError) -> JSONValue {
        let duration = try a.value("duration", OptionValue.positive) ?? 1
        let given = ["timing", "android", "bounce"].filter { a.has($0) }
        guard given.count == 1 else {
            throw .usage(given.isEmpty ? "missing spring: give timing, android or bounce"
                                       : "timing, android and bounce exclude each other: give one (got \(given.joined(separator: ", ")))")
        }
        let spring: SpringTiming = try timingError { () throws(TimingError) in
            switch given[0] {
            case "android":
                let o = try? a.object("android")
                let force = try AndroidSpringForce(stiffness: number(o, "stiffness"), dampingRatio: number(o, "dampingRatio"),
                                                   startVelocity: number(o, "startVelocity", default: 0))
                return try force.springTiming(duration: duration)
            case "bounce":
                let o = try? a.object("bounce")
                let swiftUI = try SwiftUISpring(duration: number(o, "duration"), bounce: number(o, "bounce"),
                                                initialVelocity: number(o, "initialVelocity", default: 0))
                return try swiftUI.springTiming(duration: duration)
            default:
                return try springTiming(a, duration: duration)
            }
        }
        return try timingError { () throws(TimingError) in
            let ca = try CoreAnimationSpring(spring, duration: duration)
            let swiftUI = try SwiftUISpring(spring, duration: duration)
            let android = try AndroidSpringForce(spring, duration: duration)
            let regime = switch spring.regime {
            case .underdamped: "underdamped"
            case .criticallyDamped: "critically damped"
            case .overdamped: "overdamped"
            }
            return .object(JSONObject([
                ("duration", .number(duration)),
                ("spring", .object(JSONObject([
                    ("omega", .number(spring.omega)), ("zeta", .number(spring.zeta)),
                    ("initialVelocity", .number(spring.initialVelocity)), ("regime", .string(regime)),
                    ("settlingProgress", .number(spring.settlingTime())), ("text", .string(spring.description)),
                ]))),
                ("caSpring", .object(JSONObject([
                    ("mass", .number(ca.mass)), ("stiffness", .number(ca.stiffness)), ("damping", .number(ca.damping)),
                    ("initialVelocity", .number(ca.initialVelocity)), ("settlingDuration", .number(ca.settlingDuration())),
                ]))),
                ("swiftUI", .object(JSONObject([
                    ("response", .number(swiftUI.response)), ("dampingFraction", .number(swiftUI.dampingRatio)),
                    ("duration", .number(swiftUI.duration)), ("bounce", .number(swiftUI.bounce)),
                    ("initialVelocity", .number(swiftUI.initialVelocity)),
                ]))),
                ("android", .object(JSONObject([
                    ("stiffness", .number(android.stiffness)), ("dampingRatio", .number(android.dampingRatio)),
                    ("startVelocity", .number(android.startVelocity)),
                ]))),
            ]))
        }
    }

    /// The spring `timing` names, for an animation of `duration` seconds.
    static func springTiming(_ a: CallArguments, duration: Double) throws(TimingError) -> SpringTiming {
        let text: String
        do throws(APIError) {
            text = try a.text("timing") ?? ""
        } catch {
            throw TimingError(error.message)
        }
        guard case .spring(let s) = try TimingFunction(parsing: text, duration: duration) else {
            throw TimingError("\(MessageText.quoted(text)) is not a spring (spring(…), ca-spring(…), swiftui-spring(…))")
        }
        return s
    }

    /// The member `name` of `o` as a number (`fallback` when absent).
    static func number(_ o: JSONObject?, _ name: String, default fallback: Double? = nil) throws(TimingError) -> Double {
        guard let v = o?[name], v != .null else {
            if let fallback { return fallback }
            throw TimingError("missing \(name)")
        }
        guard let x = v.number else { throw TimingError("\(name): expected a number, not \(v.kindDescription)") }
        return x
    }

    static func timingError<T>(_ body: () throws(TimingError) -> T) throws(APIError) -> T {
        do throws(TimingError) {
            return try body()
        } catch {
            throw .usage(error.description)
        }
    }
}
