/// One exported file (``ExportFormat/export(_:options:)``): its content and what it carries, for
/// a report of what was written.
public struct ExportedFile: Sendable {
    /// The file's content.
    public let text: String
    /// The keyframes the file carries (`svg-animated`, `css`, `swift-uikit`, `lottie`), nil for
    /// the other formats.
    public let keyframes: ShapeKeyframes?
    /// The outlines of an `svg` export (one per frame, or one), nil for the other formats.
    public let outlineCount: Int?

    public init(text: String, keyframes: ShapeKeyframes? = nil, outlineCount: Int? = nil) {
        (self.text, self.keyframes, self.outlineCount) = (text, keyframes, outlineCount)
    }
}
