import Deform
import Interchange
import _Support

/// A timing given as keyframes — Studio's per-interval keys: the change `c` (0 at rest, 1 at the
/// `--set` end values) at key times in [0, 1], each interval with its own timing function:
///
///     c(t) = cᵢ + (cᵢ₊₁ − cᵢ)·Tᵢ((t − tᵢ)/(tᵢ₊₁ − tᵢ))   for tᵢ ≤ t ≤ tᵢ₊₁
///
/// (``KeyframeTrack``; before the first key the first value holds, after the last the last).
/// As JSON: `keys: [{time, value, timing?}, …]`, `timing` the interval from that key to the
/// next (CSS `@keyframes`' `animation-timing-function` rule; default linear; the last key's is
/// ignored), each timing text read as `--timing` reads it. A model's parameter i then follows
/// `vᵢ(t) = startᵢ + (endᵢ − startᵢ)·c(t)`, which is the keyframe track with values
/// `startᵢ + (endᵢ − startᵢ)·cₖ` and the same timings (interpolation is linear in c).
package struct KeyedTiming {
    package let track: KeyframeTrack

    /// The keys of `value` (the `keys` member), checked: an array of 1 to 1000 objects with
    /// finite `time` in [0, 1] (increasing) and finite `value`, and a valid `timing` where given.
    package init(_ value: JSONValue) throws(APIError) {
        guard case .array(let items) = value, !items.isEmpty, items.count <= 1000 else {
            throw .usage("invalid --keys: expected an array of 1 to 1000 keys ({time, value, timing?})")
        }
        var keyframes: [KeyframeTrack.Keyframe] = [], timings: [TimingFunction] = []
        for (i, item) in items.enumerated() {
            guard case .object(let o) = item else {
                throw .usage("invalid --keys: key \(i + 1) is \(item.kindDescription), not an object {time, value, timing?}")
            }
            for key in o.keys where !["time", "value", "timing"].contains(key) {
                throw .usage("invalid --keys: key \(i + 1) has an unknown member '\(key)' (members: time, value, timing)")
            }
            let time = try Self.number(o, "time", key: i)
            let change = try Self.number(o, "value", key: i)
            guard time >= 0 && time <= 1 else {
                throw .usage("invalid --keys: key \(i + 1)'s time \(ShortestDecimal.format(time)) is outside [0, 1]")
            }
            if let last = keyframes.last, !(time > last.time) {
                throw .usage("invalid --keys: key \(i + 1)'s time \(ShortestDecimal.format(time)) does not follow \(ShortestDecimal.format(last.time)) (times must increase)")
            }
            keyframes.append(.init(time: time, value: change))
            if i + 1 < items.count {
                let text = try CallArguments.text(of: o["timing"] ?? .null, key: "timing")
                timings.append(try text.map { t throws(APIError) in
                    try CallArguments.parse(t, key: "timing") { s throws(OptionValueError) in try ModelSetup.timing(s) }
                } ?? .linear)
            }
        }
        do throws(TimingError) {
            track = try KeyframeTrack(keyframes: keyframes, timings: keyframes.count == 1 ? [.linear] : timings)
        } catch {
            throw .usage("invalid --keys: \(error.description)")
        }
    }

    static func number(_ o: JSONObject, _ name: String, key i: Int) throws(APIError) -> Double {
        let v = o[name] ?? .null
        let x: Double?
        switch v {
        case .number(let n): x = n
        case .string(let s): x = try? OptionValue.number(s)
        default: x = nil
        }
        guard let x, x.isFinite else {
            throw .usage("invalid --keys: key \(i + 1)'s \(name) must be a finite number, not \(v.kindDescription == "a string" ? MessageText.quoted(v.string ?? "") : v.kindDescription)")
        }
        return x
    }

    /// The change at progress `t`.
    package func value(at t: Double) -> Double { track.value(at: t) }

    /// Each parameter that moves from `start` to `end` on this track of the change
    /// (``ProgressProfile/init(start:end:track:)``); the others hold their start values.
    /// Keyframe values outside a parameter's bounds are refused.
    package func profile(start: ParameterVector, end: ParameterVector) throws(APIError) -> ProgressProfile {
        let moving = try ProgressProfile(start: start, end: end) { a, b throws(APIError) in
            let keyframes = track.keyframes.map { k in KeyframeTrack.Keyframe(time: k.time, value: ParameterVector.lerp(a, b, k.value)) }
            do throws(TimingError) {
                return try KeyframeTrack(keyframes: keyframes, timings: track.timings.isEmpty ? [.linear] : track.timings)
            } catch {
                throw .usage("invalid --keys: \(error.description)")
            }
        }
        var named: [String: KeyframeTrack] = [:]
        for (i, t) in moving.tracks.enumerated() { if let t { named[start.specs[i].name] = t } }
        return try ModelSetup.usage { () throws(ModelInputError) in try ProgressProfile(base: start, tracks: named) }
    }
}

/// `timingCurve({timing | keys, samples?})`: a timing function (any form `--timing` takes) or
/// keys (``KeyedTiming``) sampled at `samples` (default 101, 2…100001) progress values evenly
/// spaced over [0, 1], ends included: `{time: [t…], value: [c(t)…], text}` — `text` the timing
/// as `--timing` takes it (its canonical form), `kind` (linear, cubic-bezier, spring, steps) and
/// for a cubic-bezier its `points` [x1, y1, x2, y2]; none of the three for keys.
package enum TimingCall {
    package static let keys = ["timing", "keys", "samples"]

    package static func timingCurve(_ a: CallArguments) throws(APIError) -> JSONValue {
        let samples = try a.value("samples", OptionValue.wholeNumber(in: 2...100_001, of: "samples")) ?? 101
        let timing = try a.value("timing") { t throws(OptionValueError) in try ModelSetup.timing(t) }
        let keyed = try a.object["keys"].flatMap { v throws(APIError) in v == .null ? nil : try KeyedTiming(v) }
        if timing != nil && keyed != nil { throw .usage("timing and keys exclude each other: give one") }
        var times: [JSONValue] = [], values: [JSONValue] = []
        for i in 0..<samples {
            let t = Double(i) / Double(samples - 1)
            times.append(.number(t))
            values.append(.number(keyed?.value(at: t) ?? (timing ?? .linear).value(at: t)))
        }
        var members: [(String, JSONValue)] = [("time", .array(times)), ("value", .array(values))]
        if keyed == nil {
            let t = timing ?? .linear
            members.append(("text", .string(t.description)))
            switch t {
            case .linear: members.append(("kind", .string("linear")))
            case .cubicBezier(let c):
                members.append(("kind", .string("cubic-bezier")))
                members.append(("points", .array([c.x1, c.y1, c.x2, c.y2].map { .number($0) })))
            case .spring: members.append(("kind", .string("spring")))
            case .steps: members.append(("kind", .string("steps")))
            }
        }
        return .object(JSONObject(members))
    }
}
