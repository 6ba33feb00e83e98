import Deform
import Geometry

/// BezierTune's own document (the `json` export): everything that rebuilds a ``ShapeAnimation``
/// exactly — the model, its parameter values and pose, every animated parameter's keyframes and
/// timings, the fitted keyframes, the duration and the standard errors — read back by
/// ``init(parsing:)`` to an equal animation (every number round-trips bit for bit).
///
///     {
///       "format": "beztune-animation", "version": 1,
///       "model": "ball",
///       "pose": {"poseX": 0, "poseY": 0, "poseScale": 1, "poseRotation": 0},   (null: not posed)
///       "duration": 1,
///       "parameters": {"radius": 50, "k": 0.5522847498307935, …},   (plain ones and set overrides)
///       "timings": {"yFactor": {"keyframes": [[0, 1], [1, 0.12]], "timings": ["cubic-bezier(0.4,0,0.2,1)"]}},
///       "keyframeTimes": [0, 0.125, …, 1],
///       "standardErrors": {"yFactor": 0.0043, …}   (null where there is none)
///     }
///
/// The `format` key names the document, so a reader of design files can tell it from a Lottie
/// file (``isDocument(_:)``). Timings are written in the text form ``TimingFunction/init(parsing:)``
/// reads; `keyframes` are [progress, value] pairs.
///
/// The writer writes every key; the reader requires only what has no natural default:
///
///     key                       type                   required  default
///     format                    "beztune-animation"    yes
///     version                   number                 no        1
///     model                     string (model name)    yes
///     pose                      object or null         no        null (not posed)
///     pose.NAME                 number                 no        PosedModel's (0, 0, 1, 0)
///     duration                  number > 0, seconds    no        1
///     parameters                object                 no        {} (the model's defaults)
///     parameters.NAME           number                 —         the model's default
///     timings                   object                 no        {} (nothing animated)
///     timings.NAME.keyframes    [[progress, value]…]   yes (in each entry)
///     timings.NAME.timings      [timing text…]         no        ["linear"]
///     keyframeTimes             [number…] in [0, 1]    no        [] (0, 1 and the key times are added)
///     standardErrors            object (number/null)   no        {}
///
/// A timing text is read with the seconds of its interval, `duration`·(pᵢ₊₁ − pᵢ), so the
/// springs in seconds (`ca-spring(…)`, `swiftui-spring(…)`) may stand in a hand-written
/// document; the writer writes every spring as `spring(ω,ζ,v₀)` per unit of progress of its
/// interval.
public struct AnimationDocument: Sendable {
    /// The value of the `format` key.
    public static let formatName = "beztune-animation"
    /// The version this code writes and reads.
    public static let version = 1

    public let animation: ShapeAnimation

    public init(_ animation: ShapeAnimation) { self.animation = animation }

    /// True when `json` is an object whose `format` is ``formatName``.
    public static func isDocument(_ json: JSONValue) -> Bool { json["format"]?.string == formatName }

    /// The pose parameters' names, in ``PosedModel`` order.
    static let poseNames = PosedModel<BallModel>.poseSpecs.map({ $0.name })

    /// The base model's name and whether the model is posed.
    static func baseName(of model: CatalogModel) -> (name: String, posed: Bool) {
        let names = model.parameters.map({ $0.name })
        if model.name.hasSuffix("-posed"), names.count >= 4, Array(names.suffix(4)) == poseNames {
            return (String(model.name.dropLast("-posed".count)), true)
        }
        return (model.name, false)
    }

    /// The document as a JSON value.
    public var json: JSONValue {
        let a = animation, base = a.profile.base
        let (modelName, posed) = Self.baseName(of: a.model)
        var parameters: [(String, JSONValue)] = [], pose: [(String, JSONValue)] = []
        for (i, spec) in base.specs.enumerated() where base.isSet(at: i) {
            if posed && Self.poseNames.contains(spec.name) {
                pose.append((spec.name, .number(base.value(at: i))))
            } else {
                parameters.append((spec.name, .number(base.value(at: i))))
            }
        }
        var timings: [(String, JSONValue)] = []
        for (i, track) in a.profile.tracks.enumerated() {
            guard let track else { continue }
            timings.append((base.specs[i].name, .members([
                ("keyframes", .array(track.keyframes.map { .numbers([$0.time, $0.value]) })),
                ("timings", .array(track.timings.map { .string($0.description) })),
            ])))
        }
        return .members([
            ("format", .string(Self.formatName)),
            ("version", .number(Double(Self.version))),
            ("model", .string(modelName)),
            ("pose", posed ? .members(pose) : .null),
            ("duration", .number(a.duration)),
            ("parameters", .members(parameters)),
            ("timings", .members(timings)),
            ("keyframeTimes", .numbers(a.keyframeTimes)),
            ("standardErrors", .members(a.standardErrors.map { ($0.name, .finite($0.value)) })),
        ])
    }

    /// The text: the JSON, two spaces per level, and a final line break.
    public var text: String { json.exportText(indent: 2) + "\n" }

    /// Reads a document: JSON syntax errors with their line and column, then every key checked
    /// with its JSON path (`$.timings.yFactor.keyframes[1]`) in the one-line message.
    public init(parsing text: String) throws(ExportError) {
        let json: JSONValue
        do throws(JSONSyntaxError) {
            json = try JSONReader().parse(text)
        } catch {
            throw ExportError("not a JSON document: \(error)")
        }
        try self.init(json: json)
    }

    /// Reads a document from its JSON value (see ``init(parsing:)``). Required: `format` and
    /// `model`, and `keyframes` in each entry of `timings`; every other key may be left out and
    /// takes its default (``init(parsing:)``'s table). A timing text is read by
    /// ``TimingFunction/init(parsing:duration:)`` with the seconds of its own interval
    /// (`duration` × the interval's share of progress), so a spring in seconds
    /// (`ca-spring(…)`, `swiftui-spring(…)`) plays in seconds wherever it stands.
    public init(json: JSONValue) throws(ExportError) {
        guard json.object != nil else { throw ExportError("$: expected a BezierTune document (an object), found \(json.kindDescription)") }
        guard let format = json["format"] else {
            throw ExportError("$: no \"format\" key: not a BezierTune document (\"format\": \"\(Self.formatName)\")")
        }
        guard format.string == Self.formatName else {
            throw ExportError("$.format: expected \"\(Self.formatName)\", found \(format.string.map { "\"\($0)\"" } ?? format.kindDescription)")
        }
        let version = try Self.number(json, "version", "$.version", default: Double(Self.version))
        guard version == Double(Self.version) else {
            throw ExportError("$.version: this BezierTune reads version \(Self.version), found \(ExportError.number(version))")
        }
        guard let modelValue = json["model"] else { throw ExportError("$.model: missing (a model name: \(ModelCatalog.names.joined(separator: ", ")))") }
        guard let modelName = modelValue.string else {
            throw ExportError("$.model: expected a model name (a string), found \(modelValue.kindDescription)")
        }
        var model: CatalogModel
        do throws(ModelInputError) {
            model = try ModelCatalog.model(named: modelName)
        } catch {
            throw ExportError("$.model: \(error)")
        }
        let pose = json["pose"]
        if let pose, pose != .null {
            guard pose.object != nil else { throw ExportError("$.pose: expected an object or null, found \(pose.kindDescription)") }
            model = .posed(model)
        }
        var base = model.defaultParameters
        func set(_ name: String, _ value: JSONValue, _ path: String) throws(ExportError) {
            guard let v = value.number else { throw ExportError("\(path): expected a number, found \(value.kindDescription)") }
            do throws(ModelInputError) {
                try base.set(name, to: v)
            } catch {
                throw ExportError("\(path): \(error)")
            }
        }
        for (name, value) in try Self.object(json, "parameters", "$.parameters").members {
            if Self.poseNames.contains(name) && pose != nil && pose != .null {
                throw ExportError("$.parameters.\(name): the pose belongs in \"pose\"")
            }
            try set(name, value, "$.parameters.\(name)")
        }
        if let poseObject = pose?.object {
            for (name, value) in poseObject.members {
                guard Self.poseNames.contains(name) else {
                    throw ExportError("$.pose.\(name): not a pose parameter (\(Self.poseNames.joined(separator: ", ")))")
                }
                try set(name, value, "$.pose.\(name)")
            }
        }
        let duration = try Self.number(json, "duration", "$.duration", default: 1)
        guard duration.isFinite, duration > 0 else {
            throw ExportError("$.duration: the duration must be a positive finite number of seconds (got \(ExportError.number(duration)))")
        }
        var tracks: [String: KeyframeTrack] = [:]
        for (name, value) in try Self.object(json, "timings", "$.timings").members {
            tracks[name] = try Self.track(value, path: "$.timings.\(name)", duration: duration)
        }
        let profile: ProgressProfile
        do throws(ModelInputError) {
            profile = try ProgressProfile(base: base, tracks: tracks)
        } catch {
            throw ExportError("$.timings: \(error)")
        }
        var keyframeTimes: [Double] = []
        if let times = json["keyframeTimes"] {
            guard let array = times.array else { throw ExportError("$.keyframeTimes: expected an array of numbers, found \(times.kindDescription)") }
            for (k, t) in array.enumerated() {
                guard let p = t.number else { throw ExportError("$.keyframeTimes[\(k)]: expected a number") }
                keyframeTimes.append(p)
            }
        }
        var errors: [(name: String, value: Double)] = []
        for (name, value) in try Self.object(json, "standardErrors", "$.standardErrors").members {
            if value == .null {
                errors.append((name, .nan))
            } else if let v = value.number {
                errors.append((name, v))
            } else {
                throw ExportError("$.standardErrors.\(name): expected a number or null")
            }
        }
        animation = try ShapeAnimation(model: model, profile: profile, duration: duration,
                                       keyframeTimes: keyframeTimes, standardErrors: errors)
    }

    /// One entry of `timings` at `path`: `keyframes` (required) and `timings` (default
    /// `["linear"]`), each timing text read with the seconds of its interval,
    /// `duration`·(pᵢ₊₁ − pᵢ) (one text for all intervals is read once per interval).
    static func track(_ value: JSONValue, path: String, duration: Double) throws(ExportError) -> KeyframeTrack {
        guard value.object != nil else { throw ExportError("\(path): expected an object with \"keyframes\", found \(value.kindDescription)") }
        guard let pairsValue = value["keyframes"] else { throw ExportError("\(path).keyframes: missing (an array of [progress, value] pairs)") }
        guard let pairs = pairsValue.array else { throw ExportError("\(path).keyframes: expected an array of [progress, value] pairs") }
        var keyframes: [KeyframeTrack.Keyframe] = []
        for (k, pair) in pairs.enumerated() {
            guard let xy = pair.array, xy.count == 2, let t = xy[0].number, let v = xy[1].number else {
                throw ExportError("\(path).keyframes[\(k)]: expected [progress, value]")
            }
            keyframes.append(.init(time: t, value: v))
        }
        // The keyframes first (their own messages), then each timing with its interval's seconds.
        do throws(TimingError) {
            _ = try KeyframeTrack(keyframes: keyframes)
        } catch {
            throw ExportError("\(path): \(error)")
        }
        let texts: [JSONValue]
        if let timingsValue = value["timings"] {
            guard let array = timingsValue.array else { throw ExportError("\(path).timings: expected an array of timing functions, found \(timingsValue.kindDescription)") }
            texts = array
        } else {
            texts = [.string(TimingFunction.linear.description)]
        }
        let intervals = keyframes.count - 1
        func seconds(_ i: Int) -> Double {
            i < intervals ? duration * (keyframes[i + 1].time - keyframes[i].time) : duration
        }
        var functions: [TimingFunction] = []
        for (k, t) in texts.enumerated() {
            guard let s = t.string else { throw ExportError("\(path).timings[\(k)]: expected a timing function (a string)") }
            do throws(TimingError) {
                if texts.count == 1 && intervals > 1 {
                    for i in 0..<intervals { functions.append(try TimingFunction(parsing: s, duration: seconds(i))) }
                } else {
                    functions.append(try TimingFunction(parsing: s, duration: seconds(k)))
                }
            } catch {
                throw ExportError("\(path).timings[\(k)]: \(error)")
            }
        }
        do throws(TimingError) {
            return try KeyframeTrack(keyframes: keyframes, timings: functions)
        } catch {
            throw ExportError("\(path): \(error)")
        }
    }


    /// The number at `key`, `default` when the key is absent.
    static func number(_ json: JSONValue, _ key: String, _ path: String, default: Double) throws(ExportError) -> Double {
        guard let v = json[key] else { return `default` }
        guard let n = v.number else { throw ExportError("\(path): expected a number, found \(v.kindDescription)") }
        return n
    }

    /// The object at `key`, empty when the key is absent.
    static func object(_ json: JSONValue, _ key: String, _ path: String) throws(ExportError) -> JSONObject {
        guard let v = json[key] else { return JSONObject() }
        guard let o = v.object else { throw ExportError("\(path): expected an object, found \(v.kindDescription)") }
        return o
    }
}
