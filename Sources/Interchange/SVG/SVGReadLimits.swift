/// The limits that keep a hostile document from exhausting time or memory.
public struct SVGReadLimits: Sendable, Equatable {
    /// Input size in UTF-8 bytes: 20,000,000 (a designer's document is rarely above a few MB).
    public var maximumByteCount = 20_000_000
    /// Element nesting in the XML, `use` instances nested in each other, and at-rule blocks
    /// (`@media`, `@supports`) nested in each other in a style sheet: 256 levels.
    public var maximumDepth = 256
    /// Elements in the XML: 1,000,000 (resvg's usvg stops at the same count).
    public var maximumElementCount = 1_000_000
    /// Elements visited while drawing, `use` instances counted each time: 1,000,000.
    public var maximumInstanceCount = 1_000_000
    /// Points (anchors and control points) of all drawn shapes together: 10,000,000.
    public var maximumPointCount = 10_000_000

    public init() {}
}
