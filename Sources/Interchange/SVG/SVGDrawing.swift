import _CLibc
import Geometry
import _Support

/// What an SVG document draws: every shape that is rendered, in the outer document's user
/// units (y-down, never rescaled to `width`/`height`), in document order — the candidates a
/// caller selects an outline from.
///
/// The rules, each as resvg's usvg (`crates/usvg/src/parser/`, cited per rule) and the SVG
/// specifications define them:
///
/// - **Transforms.** A shape's points are mapped by the product, outermost first, of every
///   `transform` attribute on it and its ancestors (`SVGTransformList`), the `x`/`y` translation
///   and the viewBox transform of every nested `<svg>` and of `<use>` (SVG 1.1 §7.4–7.8;
///   usvg `converter.rs` `convert_group`, `use_node.rs`). The outermost `<svg>`'s viewBox and
///   `width`/`height` are reported, not applied: coordinates stay in its user units. A
///   `transform` on the outermost `<svg>` is refused (usvg applies it inside the viewBox
///   transform, svgelements outside it). An element whose transform is singular (determinant
///   0) is not rendered (usvg `is_visible_element`, via `has_valid_transform`).
/// - **Nested `<svg>`.** translate(x, y) · viewBox transform of `preserveAspectRatio` for a
///   viewport of `width` × `height` (default 100 % of the parent viewport), after its own
///   `transform` (SVG 2); a zero width, height or viewBox side disables it. Its clipping to the
///   viewport is not applied (clipping does not change outlines, as for `clip-path`).
///   usvg `use_node.rs` `convert_svg`.
/// - **`<use href|xlink:href="#id">`.** The referenced element is drawn as if it were the
///   use's only child (an unprefixed `href` wins over `xlink:href`, SVG 2 §5.6.3), after the
///   use's `transform` and translate(x, y); it inherits style from the `<use>`, not from where it
///   is defined. A `<symbol>` is drawn as a nested `<svg>` whose viewport is the use's `width` ×
///   `height` (default 100 %) with the symbol's viewBox and `preserveAspectRatio`; an `<svg>`
///   takes the use's `width`/`height` when given (usvg `use_node.rs` `convert`). A missing id,
///   a reference to a non-SVG element and a cycle (an element drawn inside itself) are errors.
///   The first element with an id in document order is the one referenced (DOM
///   `getElementById`).
/// - **Not rendered.** `<defs>`, `<symbol>` (except through `use`), `<clipPath>`, `<mask>`,
///   `<marker>`, `<pattern>`, gradients, filters, SVG fonts (`<font>`, `<glyph>`,
///   `<missing-glyph>`), `<text>`, `<image>`, `<foreignObject>`, `<style>`, `<title>`,
///   `<desc>`, `<metadata>`, unknown SVG elements and every element in another namespace
///   (Inkscape's `sodipodi:namedview`, Illustrator's `i:pgf`), each with all its content: usvg
///   renders only graphics elements, `g`, `switch` and `svg` (`convert_element`), treats `a` as
///   `g` and parses only SVG-namespace elements (`svgtree/parse.rs`). `<text>` is not a shape.
/// - **Hidden.** `display: none` (not inherited, but it removes the whole subtree);
///   `visibility: hidden | collapse` (inherited, and a descendant may set `visible` again);
///   a shape whose computed `fill` and `stroke` are both `none` draws nothing (usvg
///   `convert_path`: "If a path doesn't have a fill or a stroke then it's invisible"). Each
///   property comes from the presentation attribute, the `<style>` sheets (`SVGStyleSheet`)
///   and the `style` attribute, in CSS cascade order (usvg `parse_svg_element`: attributes,
///   then matching rules, then `style`, `!important` respected); `inherit`, `initial` and
///   `unset` are honoured. `fill` defaults to black and `stroke` to none.
/// - **Conditional processing.** An element with `requiredExtensions` (none are supported) or
///   with a `systemLanguage` that does not match `Options.languages` (exactly or as a prefix
///   before "-") is not rendered; `<switch>` renders its first child element that passes
///   (usvg `switch.rs`). `requiredFeatures` is ignored, as SVG 2 removed it.
/// - **Shapes** are `SVGShapeGeometry`'s outlines; a shape whose outline has no extent (empty,
///   or all one point) is not a candidate.
///
/// Arcs (the `A` command, circles, ellipses, rounded corners) become cubics within
/// `Options.arcApproximation` of the exact arc; the default, 1e-10 of each shape's size (its
/// bounding-box diagonal in document units), is checked against svgelements' exact arcs at
/// 1e-9 by the tests.
///
/// Bad input is one `SVGReadError` naming the line and element: malformed XML, transforms,
/// lengths, path data or points; NaN, infinite or overflowing numbers; a `use` cycle or a
/// missing id; CSS the reader cannot evaluate where it could hide a shape; and documents over
/// `SVGReadLimits` (size, nesting, element and instance counts, points).
public struct SVGDrawing: Sendable {
    public struct Options: Sendable {
        public var arcApproximation: ArcApproximation = .relativeTolerance(1e-10)
        public var limits = SVGReadLimits()
        /// The user's languages for `systemLanguage` (usvg's default: English).
        public var languages: [String] = ["en"]

        public init() {}
    }

    /// How arcs become cubics.
    public enum ArcApproximation: Sendable, Equatable {
        /// Within this fraction of the shape's bounding-box diagonal (in document units) of every
        /// exact arc, by `EllipticalArc.midpointExactDeviationBound(count:)`. Must be positive.
        case relativeTolerance(Double)
        /// ⌈sweep/90°⌉ midpoint-exact cubics per arc, as `Path(svgPathData:)` makes them: up to
        /// 2.7e-4 of the radius off.
        case quarterTurns
    }

    /// The outermost `<svg>`'s `viewBox`, if it has one.
    public let viewBox: SVGDrawing.ViewBox?
    /// The outermost `<svg>`'s `width` and `height` as written (nil when missing).
    public let width: SVGLength?
    public let height: SVGLength?
    /// Every rendered shape, numbered from 1 in document order (`use` copies where they are used).
    public let shapes: [SVGShape]

    /// Per instance (an element drawn once, `use` copies counted apart): its element's index in
    /// document order and its parent instance (-1 for the root).
    let instanceElements: [Int32]
    let instanceParents: [Int32]
    /// The first element with each id: its index in document order, tag and line.
    let elementsByID: [String: (index: Int, tag: String, line: Int)]

    /// Reads a document.
    /// - Throws: `SVGReadError` for anything the type's documentation lists as bad input.
    public init(parsing text: String, options: Options = Options()) throws(SVGReadError) {
        if case .relativeTolerance(let t) = options.arcApproximation {
            precondition(t > 0 && t.isFinite, "SVGDrawing: the arc tolerance must be positive and finite")
        }
        var parser = SVGXMLParser(text: text, limits: options.limits)
        let xml = try parser.parse()
        var walker = try SVGDrawingWalker(xml: xml, options: options)
        try walker.walk()
        viewBox = walker.viewBox
        width = walker.width
        height = walker.height
        shapes = walker.shapes
        instanceElements = walker.instanceElements
        instanceParents = walker.instanceParents
        var ids: [String: (index: Int, tag: String, line: Int)] = [:]
        for (k, e) in xml.elements.enumerated() {
            if let id = e.attribute("id"), ids[id] == nil { ids[id] = (k, SVGDrawingWalker.tag(e), e.line) }
        }
        elementsByID = ids
    }
}

/// One rendered shape: a candidate outline.
public struct SVGShape: Hashable, Sendable, CustomStringConvertible {
    /// 1-based position in document order.
    public let number: Int
    /// The element's local name: `path`, `rect`, `circle`, `ellipse`, `line`, `polyline`, `polygon`.
    public let element: String
    public let id: String?
    /// 1-based line of the element's start tag.
    public let line: Int
    /// The outline in the outer document's user units (y-down).
    public let path: Path
    /// The outline with its arcs (circle, ellipse, rounded corners, `A`) kept exact, through
    /// every transform (`ExactPath`): what targets are sampled on and `path-info` measures.
    public let exactPath: ExactPath
    public let boundingBox: Rect
    /// The `<use>` elements it is drawn through, outermost first (empty when drawn in place).
    public let uses: [Use]
    /// Index into `SVGDrawing`'s instance table.
    let instance: Int

    /// A `<use>` element on the way to a shape.
    public struct Use: Hashable, Sendable {
        public let id: String?
        public let line: Int
    }

    /// `2 <circle id="ball"> line 12 x 10…30 y 5…25 (via <use> line 40)`, on one line.
    public var description: String {
        var out = "\(number) <\(element)"
        if let id { out += " id=\"\(SVGText.shortened(id))\"" }
        out += "> line \(line) x \(Self.format(boundingBox.minX))…\(Self.format(boundingBox.maxX))"
        out += " y \(Self.format(boundingBox.minY))…\(Self.format(boundingBox.maxY))"
        if !uses.isEmpty {
            out += " (via " + uses.map { u in "<use" + (u.id.map { " id=\"\(SVGText.shortened($0))\"" } ?? "") + "> line \(u.line)" }.joined(separator: ", ") + ")"
        }
        return out
    }

    /// Six significant digits, for candidate lists.
    static func format(_ v: Double) -> String {
        PrintfDecimal.significant(v, digits: 6)
    }
}
