import CSV
import Deform

/// The columns `fit-profile` adds after `timing.csv`'s others (none of those moves): a spring
/// timing (ω, ζ, v₀ per unit of progress) in each platform's terms for an animation of
/// `duration` seconds (`fit-profile --duration`), by the library's closed forms —
/// ``CoreAnimationSpring`` (CASpringAnimation: mass 1, stiffness (ω/D)², damping 2ζ·ω/D,
/// initialVelocity v₀/D, and our settlingDuration: the last time the spring is 1e-3 of the
/// distance from its end), ``SwiftUISpring`` (response 2πD/ω, dampingFraction ζ; as
/// `Spring(duration:bounce:)`: duration = response, bounce 1 − ζ, or 1/ζ − 1 above critical) and
/// ``AndroidSpringForce`` (stiffness (ω/D)², dampingRatio ζ). Empty for the other timings.
public enum PlatformSpringColumns {
    public static let names = ["duration", "ca_mass", "ca_stiffness", "ca_damping", "ca_initial_velocity", "ca_settling_duration",
                        "swiftui_response", "swiftui_damping_fraction", "swiftui_duration", "swiftui_bounce",
                        "android_stiffness", "android_damping_ratio"]

    /// The values after `duration`, in ``names`` order, or nil when `timing` is not a spring (or
    /// its platform values cannot be formed).
    public static func values(_ timing: TimingFunction?, duration: Double) -> [Double]? {
        guard case .spring(let spring)? = timing,
              let ca = try? CoreAnimationSpring(spring, duration: duration),
              let swiftUI = try? SwiftUISpring(spring, duration: duration),
              let android = try? AndroidSpringForce(spring, duration: duration) else { return nil }
        return [ca.mass, ca.stiffness, ca.damping, ca.initialVelocity, ca.settlingDuration(),
                swiftUI.response, swiftUI.dampingRatio, swiftUI.duration, swiftUI.bounce,
                android.stiffness, android.dampingRatio]
    }

    /// The fields of one `timing.csv` row: the duration and ``values(_:duration:)``, all empty
    /// for a timing that is not a spring.
    public static func fields(_ timing: TimingFunction?, duration: Double) -> [CSVField] {
        guard let values = values(timing, duration: duration) else {
            return [CSVField](repeating: .empty, count: names.count)
        }
        return ([duration] + values).map(CSVField.double)
    }
}
