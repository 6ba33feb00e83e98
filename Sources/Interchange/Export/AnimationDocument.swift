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
    static let poseNames = PosedModel<BallModel>.poseSpecs.map(\.name)

    /// The base model's name and whether the model is posed.
    static func baseName(of model: any DeformModel) -> (name: String, posed: Bool) {
        let names = model.parameters.map(\.name)
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

    /// Reads a document from its JSON value (see ``init(parsing:)``).
    public init(json: JSONValue) throws(ExportError) {
        guard json.object != nil else { throw ExportError("$: expected a BezierTune document (an object), found \(json.kindDescription)") }
        guard let format = json["format"] else {
            throw ExportError("$: no \"format\" key: not a BezierTune document (\"format\": \"\(Self.formatName)\")")
        }
        guard format.string == Self.formatName else {
            throw ExportError("$.format: expected \"\(Self.formatName)\", found \(format.string.map { "\"\($0)\"" } ?? format.kindDescription)")
        }
        let version = try Self.number(json, "version", "$.version")
        guard version == Double(Self.version) else {
            throw ExportError("$.version: this BezierTune reads version \(Self.version), found \(ExportError.number(version))")
        }
        guard let modelName = json["model"]?.string else { throw ExportError("$.model: expected a model name (a string)") }
        var model: any DeformModel
        do throws(ModelInputError) {
            model = try ModelCatalog.model(named: modelName)
        } catch {
            throw ExportError("$.model: \(error)")
        }
        let pose = json["pose"]
        if let pose, pose != .null {
            guard pose.object != nil else { throw ExportError("$.pose: expected an object or null, found \(pose.kindDescription)") }
            model = Self.posed(model)
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
        let parameters = try Self.object(json, "parameters", "$.parameters")
        for (name, value) in parameters.members {
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
        var tracks: [String: KeyframeTrack] = [:]
        for (name, value) in try Self.object(json, "timings", "$.timings").members {
            let path = "$.timings.\(name)"
            guard let pairs = value["keyframes"]?.array else { throw ExportError("\(path).keyframes: expected an array of [progress, value] pairs") }
            var keyframes: [KeyframeTrack.Keyframe] = []
            for (k, pair) in pairs.enumerated() {
                guard let xy = pair.array, xy.count == 2, let t = xy[0].number, let v = xy[1].number else {
                    throw ExportError("\(path).keyframes[\(k)]: expected [progress, value]")
                }
                keyframes.append(.init(time: t, value: v))
            }
            guard let texts = value["timings"]?.array else { throw ExportError("\(path).timings: expected an array of timing functions") }
            var functions: [TimingFunction] = []
            for (k, t) in texts.enumerated() {
                guard let s = t.string else { throw ExportError("\(path).timings[\(k)]: expected a timing function (a string)") }
                do throws(TimingError) {
                    functions.append(try TimingFunction(parsing: s))
                } catch {
                    throw ExportError("\(path).timings[\(k)]: \(error)")
                }
            }
            do throws(TimingError) {
                tracks[name] = try KeyframeTrack(keyframes: keyframes, timings: functions)
            } catch {
                throw ExportError("\(path): \(error)")
            }
        }
        let profile: ProgressProfile
        do throws(ModelInputError) {
            profile = try ProgressProfile(base: base, tracks: tracks)
        } catch {
            throw ExportError("$.timings: \(error)")
        }
        let duration = try Self.number(json, "duration", "$.duration")
        guard let times = json["keyframeTimes"]?.array else { throw ExportError("$.keyframeTimes: expected an array of numbers") }
        var keyframeTimes: [Double] = []
        for (k, t) in times.enumerated() {
            guard let p = t.number else { throw ExportError("$.keyframeTimes[\(k)]: expected a number") }
            keyframeTimes.append(p)
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

    static func posed<M: DeformModel>(_ m: M) -> any DeformModel { PosedModel(m) }

    static func number(_ json: JSONValue, _ key: String, _ path: String) throws(ExportError) -> Double {
        guard let v = json[key] else { throw ExportError("\(path): missing") }
        guard let n = v.number else { throw ExportError("\(path): expected a number, found \(v.kindDescription)") }
        return n
    }

    static func object(_ json: JSONValue, _ key: String, _ path: String) throws(ExportError) -> JSONObject {
        guard let v = json[key] else { throw ExportError("\(path): missing") }
        guard let o = v.object else { throw ExportError("\(path): expected an object, found \(v.kindDescription)") }
        return o
    }
}
