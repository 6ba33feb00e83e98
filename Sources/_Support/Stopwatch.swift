/// Elapsed wall time for a report (`seconds` of a fit), from the monotonic clock where the
/// platform has one the standard library reaches (`ContinuousClock`: Linux, Apple platforms).
/// Embedded Swift has no clock, so there a stopwatch measures nothing and says so: NaN seconds,
/// never a made-up 0.
package struct Stopwatch {
    #if !hasFeature(Embedded)
    private let clock = ContinuousClock()
    private let began: ContinuousClock.Instant
    #endif

    /// A stopwatch started now.
    package init() {
        #if !hasFeature(Embedded)
        began = clock.now
        #endif
    }

    /// Seconds since the stopwatch started, or NaN where there is no clock.
    package var elapsedSeconds: Double {
        #if !hasFeature(Embedded)
        // Whole nanoseconds, then seconds: the figure a fit has always reported (0.003357643).
        return ((clock.now - began) / .nanoseconds(1)) * 1e-9
        #else
        return .nan
        #endif
    }
}
