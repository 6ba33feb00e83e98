import Geometry

/// Which rendered shapes make the outline: an element id or a 1-based candidate number.
///
/// From text (`--select`, a manifest's `select` column) an all-digit value is an id when an
/// element has that id, and a candidate number otherwise; anything else is an id.
public struct SVGSelection: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case id(String)
        case number(Int)
        /// An id if an element has it, else (all digits) a number.
        case idOrNumber(String)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// The selection a user typed: `.idOrNumber` when all ASCII digits, else `.id`.
    public init(_ text: String) {
        kind = !text.isEmpty && text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) ? .idOrNumber(text) : .id(text)
    }

    public static func id(_ id: String) -> SVGSelection { SVGSelection(.id(id)) }
    public static func number(_ n: Int) -> SVGSelection { SVGSelection(.number(n)) }

    public var description: String {
        switch kind {
        case .id(let s), .idOrNumber(let s): s
        case .number(let n): String(n)
        }
    }
}

/// The selected outline: one shape, or every shape drawn inside a selected group, as one path
/// of several subpaths in document order.
public struct SVGOutline: Hashable, Sendable {
    /// The shapes' outlines, one after the other (outer document user units, y-down).
    public let path: Path
    /// The same outlines with their arcs exact (`SVGShape.exactPath`), for sampling and
    /// measuring.
    public let exactPath: ExactPath
    public let shapes: [SVGShape]
    public let boundingBox: Rect
}

extension SVGDrawing {
    /// How many candidates an error about several lists before "… and N more".
    public static let listedCandidateCount = 10

    /// The outline `selection` names; with no selection, the document's only shape.
    ///
    /// - An id selects the element with that id (the first in document order): a shape, or a
    ///   `<g>`, `<use>`, `<svg>`, `<symbol>` or `<a>` whose shapes all become one outline. An
    ///   element drawn more than once (through several `<use>`) must be selected by number.
    /// - A number N selects candidate N of `shapes`.
    /// - Throws: `SVGReadError` when nothing or several things match, with the candidates listed.
    public func outline(selecting selection: SVGSelection?) throws(SVGReadError) -> SVGOutline {
        guard let selection else {
            switch shapes.count {
            case 0: throw SVGReadError(line: nil, element: nil, reason: "no shape is drawn (hidden shapes and the content of <defs>, <symbol>, <clipPath>, <mask>, <marker> and <pattern> do not count)")
            case 1: return Self.outline(of: shapes)
            default:
                throw SVGReadError(line: nil, element: nil,
                                   reason: "\(shapes.count) shapes are drawn; select one by id or number: \(Self.list(shapes))",
                                   candidates: shapes)
            }
        }
        switch selection.kind {
        case .number(let n):
            return try outline(number: n)
        case .id(let id):
            return try outline(id: id)
        case .idOrNumber(let text):
            if elementsByID[text] != nil { return try outline(id: text) }
            guard let n = Int(text) else {
                throw SVGReadError(line: nil, element: nil, reason: "no element has id '\(SVGText.shortened(text))', and \(SVGText.shortened(text)) is not a shape number (1…\(shapes.count))")
            }
            return try outline(number: n)
        }
    }

    private func outline(number n: Int) throws(SVGReadError) -> SVGOutline {
        guard n >= 1 && n <= shapes.count else {
            let what = shapes.isEmpty ? "no shape is drawn" : "shapes are numbered 1…\(shapes.count)"
            throw SVGReadError(line: nil, element: nil, reason: "there is no shape \(n): \(what)")
        }
        return Self.outline(of: [shapes[n - 1]])
    }

    private func outline(id: String) throws(SVGReadError) -> SVGOutline {
        guard let element = elementsByID[id] else {
            throw SVGReadError(line: nil, element: nil, reason: "no element has id '\(SVGText.shortened(id))'")
        }
        // The instances of the element each shape is drawn inside, in order of appearance.
        var groups: [Int: [SVGShape]] = [:]
        var order: [Int] = []
        for shape in shapes {
            var k = shape.instance
            while k >= 0 {
                if Int(instanceElements[k]) == element.index {
                    if groups[k] == nil { order.append(k) }
                    groups[k, default: []].append(shape)
                    break
                }
                k = Int(instanceParents[k])
            }
        }
        switch order.count {
        case 0:
            throw SVGReadError(line: element.line, element: element.tag,
                               reason: "draws no shape (it is hidden, not rendered, in <defs>, or holds no shape)")
        case 1:
            return Self.outline(of: groups[order[0]] ?? [])
        default:
            let numbers = order.compactMap { groups[$0]?.map { String($0.number) }.joined(separator: "+") }
            throw SVGReadError(line: element.line, element: element.tag,
                               reason: "is drawn \(order.count) times (through <use>), as shapes \(numbers.joined(separator: ", ")); select one by number",
                               candidates: order.flatMap { groups[$0] ?? [] })
        }
    }

    /// The first `listedCandidateCount` shapes, then how many more.
    static func list(_ shapes: [SVGShape]) -> String {
        let listed = shapes.prefix(listedCandidateCount).map({ $0.description }).joined(separator: "; ")
        let more = shapes.count - min(shapes.count, listedCandidateCount)
        return more > 0 ? listed + "; … and \(more) more" : listed
    }

    static func outline(of shapes: [SVGShape]) -> SVGOutline {
        var path = Path()
        var box: Rect?
        var exact = ExactPath()
        for s in shapes {
            path.append(contentsOf: s.path)
            exact.subpaths += s.exactPath.subpaths
            box = box.map { $0.union(s.boundingBox) } ?? s.boundingBox
        }
        // Callers pass at least one shape, each with a box.
        return SVGOutline(path: path, exactPath: exact, shapes: shapes, boundingBox: box ?? Rect(point: .zero))
    }
}
