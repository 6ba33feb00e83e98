import Interchange

/// Which outline of a design file is the target, where a file holds more than one: the shape or
/// group of an SVG document, the layer and frame of a Lottie animation. Every field is optional;
/// the readers of other formats ignore them.
public struct TargetSelection: Sendable, Hashable {
    /// SVG: an element id, or a 1-based candidate number (`Interchange.SVGSelection(_:)`: an
    /// all-digit text is an id when an element has it). Nil: the document's only drawn shape.
    public var element: String?
    /// Lottie: a layer name, or a 0-based position in `layers` (`LottieLayerSelection(argument:)`).
    /// Nil: the only shape layer.
    public var layer: String?
    /// Lottie: the composition frame whose outline is the target (required for a Lottie file).
    public var frame: Double?
    /// Lottie: whether an ellipse is the exact ellipse (default) or lottie-web's four cubics.
    public var lottieEllipses: LottieEllipseMode

    public init(element: String? = nil, layer: String? = nil, frame: Double? = nil,
                lottieEllipses: LottieEllipseMode = .exact) {
        (self.element, self.layer, self.frame, self.lottieEllipses) = (element, layer, frame, lottieEllipses)
    }

    /// The same selection with `element` replaced when `element` is not nil (a manifest row's
    /// `select` cell over the command line's default).
    public func selecting(element override: String?) -> TargetSelection {
        var s = self
        if let override { s.element = override }
        return s
    }
}
