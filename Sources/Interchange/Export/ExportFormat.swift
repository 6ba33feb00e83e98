import Deform
import Geometry

/// The formats `beztune export --format` writes, by their names on the command line (a
/// contract: checks outside the project use them).
public enum ExportFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Clean outlines, one `<path id="frame-NNNN">` per frame, or one frame (``SVGFramesExport``).
    case svg
    /// One `<path>` animated by SMIL `<animate attributeName="d">` (``SVGAnimationExport``).
    case svgAnimated = "svg-animated"
    /// `@keyframes` animating `d: path(…)`, and each parameter's timing (``CSSExport``).
    case css
    /// Swift source: `path(progress:)` and a `CAKeyframeAnimation` builder (``UIKitSourceExport``).
    case swiftUIKit = "swift-uikit"
    /// Swift source: a SwiftUI `Shape` with `animatableData` (``SwiftUISourceExport``).
    case swiftUI = "swiftui"
    /// A Lottie (Bodymovin) animation with one shape layer (``LottieExport``).
    case lottie
    /// BezierTune's own document: model, parameters, pose, timings, standard errors (``AnimationDocument``).
    case json

    public var description: String { rawValue }

    /// The names, for messages and help: `svg, svg-animated, css, swift-uikit, swiftui, lottie, json`.
    public static var names: String { allCases.map({ $0.rawValue }).joined(separator: ", ") }

    /// The format called `name`, or an error listing the valid names.
    public init(name: String) throws(ExportError) {
        guard let f = ExportFormat(rawValue: name) else {
            throw ExportError("unknown export format '\(name)' (formats: \(Self.names))")
        }
        self = f
    }

    /// The text of `animation` in this format: one file's content.
    public func render(_ animation: ShapeAnimation, options: ExportOptions = ExportOptions()) throws(ExportError) -> String {
        try export(animation, options: options).text
    }

    /// `animation` in this format: the file's content and what it carries (its keyframes, or its
    /// SVG outlines), each computed once.
    public func export(_ animation: ShapeAnimation, options: ExportOptions = ExportOptions()) throws(ExportError) -> ExportedFile {
        try options.validate()
        switch self {
        case .svg:
            let svg = try SVGFramesExport(animation, options: options)
            return ExportedFile(text: svg.text, outlineCount: svg.ids.count)
        case .svgAnimated:
            let svg = try SVGAnimationExport(animation, options: options)
            return ExportedFile(text: svg.text, keyframes: svg.plan)
        case .css:
            let css = try CSSExport(animation, options: options)
            return ExportedFile(text: css.text, keyframes: css.plan)
        case .swiftUIKit:
            if let name = options.typeName {
                try SwiftTypeName.check(name) { probe throws(ExportError) in
                    try UIKitSourceExport(animation, options: options.withTypeName(probe)).text
                }
            }
            let swift = try UIKitSourceExport(animation, options: options)
            return ExportedFile(text: swift.text, keyframes: swift.plan)
        case .swiftUI:
            if let name = options.typeName {
                try SwiftTypeName.check(name) { probe throws(ExportError) in
                    try SwiftUISourceExport(animation, options: options.withTypeName(probe)).text
                }
            }
            return ExportedFile(text: try SwiftUISourceExport(animation, options: options).text)
        case .lottie:
            let lottie = try LottieExport(animation, options: options)
            return ExportedFile(text: lottie.text, keyframes: lottie.plan)
        case .json:
            return ExportedFile(text: AnimationDocument(animation).text)
        }
    }
}

/// What the exporters need besides the animation.
public struct ExportOptions: Sendable {
    /// Frames per second: the `svg` frames and Lottie's `fr` (default 60; positive, finite, at
    /// most 1000).
    public var framesPerSecond: Double
    /// One frame at this progress for `svg` (nil: every frame).
    public var progress: Double?
    /// How the keyframe formats sample the animation (``ShapeKeyframes/Options``; tolerance
    /// 1e-3 of the animation's size by default).
    public var keyframes: ShapeKeyframes.Options
    /// The tolerance in y of CSS `linear()` easings (``LinearEasing``), default 1e-3.
    public var linearEasingTolerance: Double
    /// The name of the generated Swift type (default: the model's, e.g. `BallAnimation`,
    /// `BallShape`); letters, digits and `_`, not starting with a digit, neither a Swift keyword
    /// nor a name the generated file uses (``SwiftTypeName``).
    public var typeName: String?

    public init(framesPerSecond: Double = 60, progress: Double? = nil,
                keyframes: ShapeKeyframes.Options = ShapeKeyframes.Options(),
                linearEasingTolerance: Double = LinearEasing.defaultTolerance, typeName: String? = nil) {
        self.framesPerSecond = framesPerSecond
        self.progress = progress
        self.keyframes = keyframes
        self.linearEasingTolerance = linearEasingTolerance
        self.typeName = typeName
    }

    /// These options with the generated Swift type named `name`.
    func withTypeName(_ name: String) -> ExportOptions {
        var options = self
        options.typeName = name
        return options
    }

    /// The largest frame rate accepted: 1000 per second.
    public static let maximumFramesPerSecond = 1000.0

    /// Checks every value a user can give: one line naming the bad one.
    public func validate() throws(ExportError) {
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= Self.maximumFramesPerSecond else {
            throw ExportError(option: "frame rate must be a positive number of frames per second up to 1000 (got \(ExportError.number(framesPerSecond)))")
        }
        if let p = progress, !(p >= 0 && p <= 1) {
            throw ExportError(option: ModelInputError.progressOutOfRange(p).description)
        }
        for (name, t) in [("keyframe", keyframes.relativeTolerance), ("linear() easing", linearEasingTolerance)] {
            guard t.isFinite, t > 0, t < 1 else {
                throw ExportError(option: "\(name) tolerance must be a number in (0, 1) (got \(ExportError.number(t)))")
            }
        }
        if let name = typeName {
            let ok = !name.isEmpty && name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" }
                && !("0"..."9").contains(name.unicodeScalars.first ?? "0")
            guard ok else { throw ExportError(option: "Swift type name '\(name)' must be letters, digits and _, not starting with a digit") }
            // The keywords now; the names the file uses when it is generated (ExportFormat.export).
            try SwiftTypeName.refuseKeyword(name)
        }
    }

    /// The most frame intervals an export may have: 1,000,000.
    public static let maximumFrames = 1_000_000.0

    /// The frame intervals of `duration` seconds: n = max(1, round(fps·duration)); the `svg`
    /// frames are 0…n at progress i/n, Lottie's `op` is n.
    func frameIntervals(duration: Double) throws(ExportError) -> Int {
        let n = (framesPerSecond * duration).rounded()
        guard n.isFinite, n >= 0, n <= Self.maximumFrames else {
            throw ExportError(option: "\(ExportError.number(duration)) s at \(ExportError.number(framesPerSecond)) frames per second is more than 1000000 frames")
        }
        return max(1, Int(n))
    }
}
