import _CLibc
import Geometry
import _Support

/// The walk behind `SVGDrawing(parsing:)`: the XML tree in document order, `use` references
/// followed where they stand, each element's style cascaded and inherited, each rendered shape
/// collected with its transform. Iterative (an explicit stack), so deep documents cannot exhaust
/// the thread's stack; see `SVGDrawing` for the rules.
struct SVGDrawingWalker {
    private let xml: SVGXMLDocument
    private let options: SVGDrawing.Options
    private var sheet = SVGStyleSheet()
    /// The first element with each id, in document order.
    private var idIndex: [String: Int] = [:]
    private var declaredCache: [Int: Declared] = [:]
    private var geometryCache: [GeometryKey: SVGShapeGeometry.Outline?] = [:]
    private var pointCount = 0

    private(set) var viewBox: SVGDrawing.ViewBox?
    private(set) var width: SVGLength?
    private(set) var height: SVGLength?
    private(set) var shapes: [SVGShape] = []
    private(set) var instanceElements: [Int32] = []
    private(set) var instanceParents: [Int32] = []

    /// The winning declared value of each evaluated property (nil: none declared).
    private struct Declared {
        var display: String?
        var visibility: String?
        var fill: String?
        var stroke: String?
    }

    /// The inherited properties, computed.
    private struct Style {
        var visible = true
        var fillNone = false
        var strokeNone = true
    }

    private struct Context {
        /// Local user units → outer document user units.
        var transform: AffineTransform
        var viewport: SVGViewportSize
        var style: Style
        var parentInstance: Int
        var depth: Int
        var uses: [SVGShape.Use]
    }

    private enum Role {
        case normal
        /// Drawn by a `<use>`, with its width and height when given (for `<svg>` and `<symbol>`).
        case useTarget(width: Double?, height: Double?)
    }

    private struct Work {
        var element: Int
        var context: Context
        var role: Role
    }

    /// An element's outline depends on the viewport only through percentages; the bit patterns
    /// keep a NaN viewport (none known) equal to itself.
    private struct GeometryKey: Hashable {
        var element: Int
        var width: UInt64
        var height: UInt64

        init(element: Int, viewport: SVGViewportSize) {
            self.element = element
            self.width = viewport.width.bitPattern
            self.height = viewport.height.bitPattern
        }
    }

    static let shapeNames: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    static let containerNames: Set<String> = ["g", "a", "svg", "switch", "use", "symbol"]
    /// What `<switch>` may choose: the elements resvg knows as graphics or containers.
    static let switchable: Set<String> = shapeNames.union(["g", "a", "svg", "switch", "use", "text", "image", "foreignObject"])

    init(xml: SVGXMLDocument, options: SVGDrawing.Options) throws(SVGReadError) {
        self.xml = xml
        self.options = options
        for (k, e) in xml.elements.enumerated() {
            if let id = e.attribute("id"), idIndex[id] == nil { idIndex[id] = k }
            if e.localName == "style", Self.isSVG(e) {
                let type = e.attribute("type")?.trimmingWhitespace.lowercased()
                if type == nil || type == "text/css" || type == "" {
                    try sheet.add(css: e.text, line: e.textLine > 0 ? e.textLine : e.line, maximumDepth: options.limits.maximumDepth)
                }
            }
        }
    }

    // MARK: Messages

    /// `<name id="x">` as written (the id shortened).
    static func tag(_ e: SVGXMLDocument.Element) -> String {
        if let id = e.attribute("id") { return "<\(SVGText.shortened(e.name)) id=\"\(SVGText.shortened(id))\">" }
        return "<\(SVGText.shortened(e.name))>"
    }

    static func attributeError(_ e: SVGXMLDocument.Element, _ name: String, _ value: String?, _ message: String) -> SVGReadError {
        let quoted = value.map { " '\(SVGText.shortened($0))'" } ?? ""
        return SVGReadError(line: e.line, element: tag(e), reason: "attribute \(name)\(quoted): \(message)")
    }

    private static func failure(_ e: SVGXMLDocument.Element, _ reason: String) -> SVGReadError {
        SVGReadError(line: e.line, element: tag(e), reason: reason)
    }

    /// In the SVG namespace, or in none (a document without `xmlns`, as usvg accepts).
    static func isSVG(_ e: SVGXMLDocument.Element) -> Bool {
        e.namespace == nil || e.namespace == SVGXMLDocument.svgNamespace
    }

    // MARK: Walk

    mutating func walk() throws(SVGReadError) {
        guard let root = xml.elements.first else { return }
        guard Self.isSVG(root), root.localName == "svg" else {
            throw SVGReadError(line: root.line, element: nil,
                               reason: "not an SVG document: the root element is <\(SVGText.shortened(root.name))>\(root.localName == "svg" ? " in namespace '\(SVGText.shortened(root.namespace ?? ""))'" : "")")
        }
        func outerLength(_ name: String) throws(SVGReadError) -> SVGLength? {
            guard let text = root.attribute(name) else { return nil }
            do throws(SVGValueError) {
                let length = try SVGLength(parsing: text)
                if length.value < 0 { throw SVGValueError("is negative") }
                return length
            } catch {
                throw Self.attributeError(root, name, text, error.message)
            }
        }
        width = try outerLength("width")
        height = try outerLength("height")
        viewBox = try Self.viewBox(of: root)
        if let text = root.attribute("transform"), !text.trimmingWhitespace.isEmpty {
            throw Self.failure(root, "a transform on the outermost <svg> is not supported (renderers disagree on whether it applies inside or outside the viewBox)")
        }
        try refuseTransformOrigin(root)
        if let p = root.attribute("preserveAspectRatio") {
            do throws(SVGValueError) { _ = try SVGPreserveAspectRatio(parsing: p) } catch {
                throw Self.attributeError(root, "preserveAspectRatio", p, error.message)
            }
        }

        let style = try computedStyle(0, parent: Style())
        if try declared(0).display?.lowercased() == "none" { return }
        if let viewBox, viewBox.isEmpty { return }
        // The viewport that percentages refer to: the viewBox, else width × height in px.
        var viewport = SVGViewportSize(width: .nan, height: .nan)
        if let viewBox {
            viewport = SVGViewportSize(width: viewBox.width, height: viewBox.height)
        } else if let w = width, let h = height, w.unit != .percent, h.unit != .percent {
            let unknown = SVGViewportSize(width: .nan, height: .nan)
            do throws(SVGValueError) {
                viewport = SVGViewportSize(width: try w.userUnits(axis: .horizontal, viewport: unknown),
                                           height: try h.userUnits(axis: .vertical, viewport: unknown))
            } catch {
                throw Self.failure(root, "width or height: \(error.message)")
            }
        }
        let rootInstance = newInstance(element: 0, parent: -1)
        let context = Context(transform: .identity, viewport: viewport, style: style,
                              parentInstance: rootInstance, depth: 1, uses: [])
        var stack: [Work] = []
        for child in root.children.reversed() { stack.append(Work(element: child, context: context, role: .normal)) }
        while let work = stack.popLast() {
            try visit(work, &stack)
        }
    }

    private mutating func newInstance(element: Int, parent: Int) -> Int {
        instanceElements.append(Int32(element))
        instanceParents.append(Int32(parent))
        return instanceElements.count - 1
    }

    private mutating func visit(_ work: Work, _ stack: inout [Work]) throws(SVGReadError) {
        let index = work.element
        let e = xml.elements[index]
        let name = e.localName
        guard Self.isSVG(e), Self.shapeNames.contains(name) || Self.containerNames.contains(name) else { return }
        var role = work.role
        if name != "svg" && name != "symbol" { role = .normal }
        if name == "symbol", case .normal = role { return }  // a symbol draws only through use
        guard passesConditions(e) else { return }
        let context = work.context
        let style = try computedStyle(index, parent: context.style)
        // A symbol is shown by its use even though the UA style sheet hides it (SVG 2 §5.5).
        if name != "symbol", try declared(index).display?.lowercased() == "none" { return }
        try refuseTransformOrigin(e)

        let local = try Self.transform(of: e)
        let transform = local.concatenating(context.transform)
        guard [transform.a, transform.b, transform.c, transform.d, transform.e, transform.f].allSatisfy({ $0.isFinite }) else {
            throw Self.failure(e, "the transforms overflow (a matrix entry is not finite)")
        }
        if transform.determinant == 0 { return }  // singular: not rendered (usvg has_valid_transform)
        guard instanceElements.count < options.limits.maximumInstanceCount else {
            throw Self.failure(e, "more than \(options.limits.maximumInstanceCount) elements drawn (counting each <use> copy)")
        }
        guard context.depth < options.limits.maximumDepth else {
            throw Self.failure(e, "drawn more than \(options.limits.maximumDepth) levels deep (through <use>)")
        }
        let instance = newInstance(element: index, parent: context.parentInstance)
        var inner = context
        inner.transform = transform
        inner.style = style
        inner.parentInstance = instance
        inner.depth += 1

        func pushChildren(_ c: Context) {
            for child in e.children.reversed() { stack.append(Work(element: child, context: c, role: .normal)) }
        }

        switch name {
        case "g", "a":
            pushChildren(inner)
        case "switch":
            if let chosen = e.children.first(where: { k in
                let c = xml.elements[k]
                return Self.isSVG(c) && Self.switchable.contains(c.localName) && passesConditions(c)
            }) {
                stack.append(Work(element: chosen, context: inner, role: .normal))
            }
        case "svg", "symbol":
            var overrideWidth: Double?, overrideHeight: Double?
            if case .useTarget(let w, let h) = role { (overrideWidth, overrideHeight) = (w, h) }
            guard let (viewportMap, viewport) = try viewportTransform(e, in: context.viewport, symbol: name == "symbol",
                                                                   width: overrideWidth, height: overrideHeight) else { return }
            inner.transform = viewportMap.concatenating(transform)
            inner.viewport = viewport
            pushChildren(inner)
        case "use":
            try use(e, index: index, instance: instance, context: inner, &stack)
        default:
            guard style.visible, !(style.fillNone && style.strokeNone) else { return }
            try addShape(e, index: index, transform: transform, context: context, instance: instance)
        }
    }

    // MARK: use

    private mutating func use(_ e: SVGXMLDocument.Element, index: Int, instance: Int, context: Context,
                              _ stack: inout [Work]) throws(SVGReadError) {
        let reference = e.attribute("href")
            ?? e.attributes.first { $0.localName == "href" && $0.namespace == SVGXMLDocument.xlinkNamespace }?.value
        guard let reference else { return }  // no reference: nothing drawn (SVG 2 §5.6)
        let trimmed = reference.trimmingWhitespace
        guard trimmed.hasPrefix("#"), trimmed.count > 1 else {
            throw Self.attributeError(e, "href", reference, "only references to an element of this document (#id) are read")
        }
        let id = String(trimmed.dropFirst())
        guard let target = idIndex[id] else {
            throw Self.attributeError(e, "href", reference, "no element has id '\(SVGText.shortened(id))'")
        }
        let t = xml.elements[target]
        guard Self.isSVG(t) else {
            throw Self.attributeError(e, "href", reference, "\(Self.tag(t)) on line \(t.line) is not an SVG element")
        }
        // A cycle: the target is already being drawn around this use.
        var k = instance
        while k >= 0 {
            if Int(instanceElements[k]) == target {
                throw Self.failure(e, "use cycle: \(Self.tag(t)) on line \(t.line) contains this <use>, which draws it again")
            }
            k = Int(instanceParents[k])
        }
        func length(_ name: String, _ axis: SVGLength.Axis) throws(SVGReadError) -> Double? {
            guard let text = e.attribute(name) else { return nil }
            do throws(SVGValueError) {
                return try SVGLength(parsing: text).userUnits(axis: axis, viewport: context.viewport)
            } catch {
                throw Self.attributeError(e, name, text, error.message)
            }
        }
        let x = try length("x", .horizontal) ?? 0, y = try length("y", .vertical) ?? 0
        let w = try length("width", .horizontal), h = try length("height", .vertical)
        if let w, w < 0 { throw Self.attributeError(e, "width", e.attribute("width"), "is negative") }
        if let h, h < 0 { throw Self.attributeError(e, "height", e.attribute("height"), "is negative") }
        var c = context
        c.transform = AffineTransform.translation(x: x, y: y).concatenating(context.transform)
        c.uses.append(SVGShape.Use(id: e.attribute("id"), line: e.line))
        stack.append(Work(element: target, context: c, role: .useTarget(width: w, height: h)))
    }

    // MARK: Viewports

    static func viewBox(of e: SVGXMLDocument.Element) throws(SVGReadError) -> SVGDrawing.ViewBox? {
        guard let text = e.attribute("viewBox") else { return nil }
        do throws(SVGValueError) { return try SVGDrawing.ViewBox(parsing: text) } catch {
            throw attributeError(e, "viewBox", text, error.message)
        }
    }

    /// translate(x, y)·viewBox transform of a nested `<svg>` (or, with `symbol`, of a symbol
    /// drawn by use: no x, y), and the viewport its content's percentages refer to; nil when a
    /// zero size disables it.
    private func viewportTransform(_ e: SVGXMLDocument.Element, in parent: SVGViewportSize, symbol: Bool,
                                   width: Double?, height: Double?) throws(SVGReadError) -> (AffineTransform, SVGViewportSize)? {
        func length(_ name: String, _ axis: SVGLength.Axis) throws(SVGReadError) -> Double? {
            guard let text = e.attribute(name) else { return nil }
            do throws(SVGValueError) {
                let v = try SVGLength(parsing: text).userUnits(axis: axis, viewport: parent)
                if v < 0 { throw SVGValueError("is negative") }
                return v
            } catch {
                throw Self.attributeError(e, name, text, error.message)
            }
        }
        var x = 0.0, y = 0.0
        var w = width, h = height
        if symbol {
            for name in ["x", "y", "width", "height"] where e.attribute(name) != nil {
                throw Self.attributeError(e, name, e.attribute(name), "SVG 2's symbol geometry is not supported (renderers differ); set it on the <use>")
            }
        } else {
            x = try length("x", .horizontal) ?? 0
            y = try length("y", .vertical) ?? 0
            if w == nil { w = try length("width", .horizontal) }
            if h == nil { h = try length("height", .vertical) }
        }
        // Default 100 % of the parent viewport.
        let vw = w ?? parent.width, vh = h ?? parent.height
        guard vw.isFinite, vh.isFinite else {
            throw Self.failure(e, "its size is 100% of a viewport whose size the document does not give (set width and height)")
        }
        if vw == 0 || vh == 0 { return nil }
        var map = AffineTransform.identity
        var viewport = SVGViewportSize(width: vw, height: vh)
        if let box = try Self.viewBox(of: e) {
            if box.isEmpty { return nil }
            var aspect = SVGPreserveAspectRatio()
            if let p = e.attribute("preserveAspectRatio") {
                do throws(SVGValueError) { aspect = try SVGPreserveAspectRatio(parsing: p) } catch {
                    throw Self.attributeError(e, "preserveAspectRatio", p, error.message)
                }
            }
            map = aspect.transform(viewBox: box, width: vw, height: vh)
            viewport = SVGViewportSize(width: box.width, height: box.height)
        }
        map = map.concatenating(.translation(x: x, y: y))
        guard [map.a, map.d, map.e, map.f].allSatisfy({ $0.isFinite }), map.determinant != 0 else {
            throw Self.failure(e, "its viewBox and viewport give a matrix that is not finite or singular")
        }
        return (map, viewport)
    }

    // MARK: Transforms

    static func transform(of e: SVGXMLDocument.Element) throws(SVGReadError) -> AffineTransform {
        guard let text = e.attribute("transform") else { return .identity }
        do throws(SVGTransformError) {
            return try SVGTransformList(parsing: text).transform
        } catch {
            throw attributeError(e, "transform", text, error.description)
        }
    }

    private func refuseTransformOrigin(_ e: SVGXMLDocument.Element) throws(SVGReadError) {
        if let v = e.attribute("transform-origin") {
            throw Self.attributeError(e, "transform-origin", v, "is not supported (renderers differ on its reference box); fold it into transform")
        }
    }

    /// The largest singular value of the linear part: (‖(a + d, b − c)‖ + ‖(a − d, b + c)‖)/2.
    static func largestStretch(_ m: AffineTransform) -> Double {
        (Point(m.a + m.d, m.b - m.c).length + Point(m.a - m.d, m.b + m.c).length) / 2
    }

    // MARK: Shapes

    private mutating func addShape(_ e: SVGXMLDocument.Element, index: Int, transform: AffineTransform,
                                   context: Context, instance: Int) throws(SVGReadError) {
        let key = GeometryKey(element: index, viewport: context.viewport)
        let outline: SVGShapeGeometry.Outline?
        if let cached = geometryCache[key] {
            outline = cached
        } else {
            outline = try SVGShapeGeometry.outline(of: e, viewport: context.viewport, arcs: .quarterTurns(.midpointExact))
            geometryCache[key] = outline
        }
        guard let outline else { return }
        var path = outline.path.transformed(by: transform)
        guard path.isFinite else { throw Self.failure(e, "its coordinates overflow after the transforms") }
        // A shape moved so far that double precision cannot hold its size (translate(1e308)):
        // its drawn extent, a fraction of its coordinates' magnitude, would be rounding noise.
        if let drawn = outline.path.boundingBox, let moved = path.boundingBox {
            let size = Point(drawn.width, drawn.height).length * Self.largestStretch(transform)
            let magnitude = [moved.minX, moved.maxX, moved.minY, moved.maxY].map(abs).max() ?? 0
            if size > 0, size.isFinite, size < magnitude * 1e-9 {
                throw Self.failure(e, "the transforms move it to \(ShortestDecimal.format(magnitude)), where double precision cannot hold its size \(ShortestDecimal.format(size)) (more than 1e9 times smaller)")
            }
        }
        guard var box = path.boundingBox, box.width > 0 || box.height > 0 else { return }
        if outline.hasArcs, case .relativeTolerance(let relative) = options.arcApproximation {
            // The quarter-turn outline's size is within 3e-4 of the exact one; the factor 1/2
            // covers that with room to spare.
            let size = Point(box.width, box.height).length
            let tolerance = relative * size * 0.5 / Self.largestStretch(transform)
            if tolerance > 0 && tolerance.isFinite,
               let precise = try SVGShapeGeometry.outline(of: e, viewport: context.viewport, arcs: .tolerance(tolerance)) {
                path = precise.path.transformed(by: transform)
                guard path.isFinite, let b = path.boundingBox else {
                    throw Self.failure(e, "its coordinates overflow after the transforms")
                }
                box = b
            }
        }
        pointCount += path.xs.count
        guard pointCount <= options.limits.maximumPointCount else {
            throw Self.failure(e, "the drawn shapes have more than \(options.limits.maximumPointCount) points")
        }
        // The box a selection lists is the drawn shape's: the exact arcs' (closed form), as
        // `path-info` measures it.
        let exact = outline.exact.transformed(by: transform)
        if outline.hasArcs, let exactBox = exact.boundingBox, exactBox.width.isFinite, exactBox.height.isFinite { box = exactBox }
        shapes.append(SVGShape(number: shapes.count + 1, element: e.localName, id: e.attribute("id"), line: e.line,
                               path: path, exactPath: exact, boundingBox: box, uses: context.uses, instance: instance))
    }

    // MARK: Conditions and style

    /// SVG 1.1 §5.8 as usvg `switch.rs` evaluates it (requiredFeatures ignored, as in SVG 2).
    private func passesConditions(_ e: SVGXMLDocument.Element) -> Bool {
        if e.attribute("requiredExtensions") != nil { return false }
        if let list = e.attribute("systemLanguage") {
            for raw in list.split(separator: ",") {
                let language = Substring(raw).trimmingCSSSpace
                if options.languages.contains(where: { $0 == language }) { return true }
                if let dash = language.firstIndex(of: "-"), options.languages.contains(where: { $0 == language[..<dash] }) { return true }
            }
            return false
        }
        return true
    }

    private static let visibilityKeywords: Set<String> = ["visible", "hidden", "collapse", "inherit", "initial", "unset"]

    /// The cascade of the evaluated properties for one element (context-free, so cached):
    /// presentation attribute < style sheet rules (by specificity, then order) < `style`
    /// attribute, `!important` above all normal declarations.
    private mutating func declared(_ index: Int) throws(SVGReadError) -> Declared {
        if let d = declaredCache[index] { return d }
        let e = xml.elements[index]
        // key: (important, origin, specificity, order)
        var best: [String: ((Int, Int, Int, Int), String)] = [:]
        func offer(_ property: String, _ value: String, _ key: (Int, Int, Int, Int)) {
            let v = Substring(value).trimmingCSSSpace
            guard !v.isEmpty else { return }
            if property == "visibility", !Self.visibilityKeywords.contains(v.lowercased()) { return }
            if let current = best[property], current.0 > key { return }
            best[property] = (key, String(v))
        }
        for p in SVGStyleSheet.evaluated { if let v = e.attribute(p) { offer(p, v, (0, 0, 0, 0)) } }
        let id = e.attribute("id")
        for (specificity, order, d) in sheet.matching(localName: e.localName, id: id, classAttribute: e.attribute("class")) {
            if Self.cssChangesGeometry(d.property, of: e, root: index == 0) {
                throw Self.failure(e, "a <style> rule sets '\(d.property)', which is not supported in CSS (use the attribute)")
            }
            if SVGStyleSheet.evaluated.contains(d.property) { offer(d.property, d.value, (d.important ? 1 : 0, 1, specificity, order)) }
        }
        if let text = e.attribute("style") {
            for (k, d) in SVGStyleSheet.declarations(styleAttribute: text).enumerated() {
                if Self.cssChangesGeometry(d.property, of: e, root: index == 0) {
                    throw Self.attributeError(e, "style", text, "'\(d.property)' is not supported in CSS (use the attribute)")
                }
                if SVGStyleSheet.evaluated.contains(d.property) { offer(d.property, d.value, (d.important ? 1 : 0, 2, 0, k)) }
            }
        }
        let d = Declared(display: best["display"]?.1, visibility: best["visibility"]?.1,
                         fill: best["fill"]?.1, stroke: best["stroke"]?.1)
        declaredCache[index] = d
        return d
    }

    /// True when a CSS declaration of `property` would move or reshape what `e` draws (SVG 2
    /// makes `transform` and the geometry properties settable in CSS): `transform` and
    /// `transform-origin` anywhere; `x`, `y`, `width`, `height` on a rect, a nested svg, a use or
    /// a symbol (on the outermost svg they size the viewport, which is not applied); `cx`, `cy`
    /// on circles and ellipses, `r` on circles, `rx`, `ry` on rects and ellipses, `d` on paths.
    static func cssChangesGeometry(_ property: String, of e: SVGXMLDocument.Element, root: Bool) -> Bool {
        switch property {
        case "transform", "transform-origin": return true
        case "x", "y", "width", "height": return !root && ["rect", "svg", "use", "symbol"].contains(e.localName)
        case "cx", "cy": return e.localName == "circle" || e.localName == "ellipse"
        case "r": return e.localName == "circle"
        case "rx", "ry": return e.localName == "rect" || e.localName == "ellipse"
        case "d": return e.localName == "path"
        default: return false
        }
    }

    /// The inherited properties of an element from its parent's (CSS Cascade 3 §7: `inherit`
    /// and `unset` take the parent's value for these inherited properties, `initial` the
    /// initial value: visible, fill black, stroke none).
    private mutating func computedStyle(_ index: Int, parent: Style) throws(SVGReadError) -> Style {
        let d = try declared(index)
        var s = parent
        switch d.visibility?.lowercased() {
        case "visible", "initial": s.visible = true
        case "hidden", "collapse": s.visible = false
        default: break
        }
        switch d.fill?.lowercased() {
        case nil, "inherit", "unset": break
        case "none": s.fillNone = true
        default: s.fillNone = false
        }
        switch d.stroke?.lowercased() {
        case nil, "inherit", "unset": break
        case "none", "initial": s.strokeNone = true
        default: s.strokeNone = false
        }
        return s
    }
}
