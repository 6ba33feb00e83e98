import _Support
/// Why an SVG document could not be read, or a selection not made: one line naming the line and
/// the element where known.
///
/// `description` is `line N: <element id="x">: reason`, `line N: reason` or `reason`, always on
/// one line (values quoted from the document are shortened and their control characters shown
/// as U+XXXX). A caller adds the file name in front.
public struct SVGReadError: Error, CustomStringConvertible, Equatable, Sendable {
    /// 1-based line of the element (or the markup) at fault, when there is one.
    public var line: Int?
    /// The element as written, e.g. `<use id="a">`, when one is at fault.
    public var element: String?
    public var reason: String
    /// For `SVGDrawing.outline(selecting:)` without a selection: every candidate, so a caller
    /// can format its own list (the description lists the first 10).
    public var candidates: [SVGShape]

    public init(line: Int?, element: String?, reason: String, candidates: [SVGShape] = []) {
        self.line = line
        self.element = element
        self.reason = reason
        self.candidates = candidates
    }

    public var description: String {
        var out = ""
        if let line { out += "line \(line): " }
        if let element { out += element + ": " }
        return out + reason
    }
}

extension SVGReadError: ReportableError {}
