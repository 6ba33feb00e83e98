import _Support

/// Why a Lottie document, a layer of it or a frame of that layer cannot be read, as one line
/// naming the file and, where there is one, the JSON path of the offending value and the layer
/// (its position in `layers` and its name):
///
///     anim.json: layers[2].shapes[0].ks.k[3] (layer 2 "Ball"): keyframe 3 has 5 vertices, keyframe 0 has 4
///     anim.json: line 12, column 7: expected ',' or '}' after an object member, found '"'
public struct LottieError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// Not JSON, or beyond the reader's depth or size limit.
        case syntax
        /// JSON, but not a Lottie document (no `v`, `fr`, `ip`, `op` and `layers`).
        case notLottie
        /// A Lottie document with a missing, mistyped or inconsistent value.
        case invalid
        /// A feature whose outline this reader does not compute (expressions, masks, trim paths, …).
        case unsupported
        /// The layer selection matches no layer, or more than one.
        case noSuchLayer
        /// Several shape layers and no selection.
        case layerChoiceNeeded
        /// A frame outside the layer's in and out points, or not finite.
        case frameOutOfRange
        /// The outline at a frame overflows (a coordinate is not finite).
        case nonFinite
    }

    public let kind: Kind
    /// The file (or other source) the document came from.
    public let source: String
    /// The JSON path of the offending value (`layers[2].ks.p.k[1]`), when there is one.
    public let path: String?
    /// The layer, as `layer 2 "Ball"`, when the error belongs to one.
    public let layer: String?
    /// What is wrong.
    public let message: String

    public init(_ kind: Kind, source: String, path: String? = nil, layer: String? = nil, _ message: String) {
        (self.kind, self.source, self.path, self.layer, self.message) = (kind, source, path, layer, message)
    }

    public var description: String {
        var where_ = ""
        if let path, !path.isEmpty { where_ = path }
        if let layer { where_ += where_.isEmpty ? layer : " (\(layer))" }
        let text = where_.isEmpty ? "\(source): \(message)" : "\(source): \(where_): \(message)"
        return LottieError.oneLine(text)
    }

    /// The text with line breaks and other control characters escaped (``MessageText/escaped(_:limit:)``,
    /// uncut), so a message quoting a layer name or a string from the file stays on one line.
    static func oneLine(_ s: String) -> String { MessageText.escaped(s, limit: nil) }
}

/// A layer selection that matches no layer or must be made, and a frame outside the layer's, are the
/// caller's usage mistakes (the choice of layer and frame); everything else is the file's.
extension LottieError: ReportableError {
    package var isUsageMistake: Bool { [.noSuchLayer, .layerChoiceNeeded, .frameOutOfRange].contains(kind) }
}
