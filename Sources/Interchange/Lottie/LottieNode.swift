import Geometry
import _Support

/// A JSON value of a Lottie document with its JSON path and the layer it belongs to, so that
/// every check can name where it failed.
struct LottieNode: Sendable {
    let value: JSONValue
    /// The path from the document's root: `layers[2].shapes[0].ks`.
    let path: String
    let source: String
    /// `layer 2 "Ball"`, inside a layer.
    let layer: String?

    func fail(_ kind: LottieError.Kind, _ message: String) -> LottieError {
        LottieError(kind, source: source, path: path, layer: layer, message)
    }

    /// An ``LottieError/Kind/invalid`` error here.
    func fail(_ message: String) -> LottieError { fail(.invalid, message) }

    func member(_ key: String) -> LottieNode? {
        guard let v = value[key] else { return nil }
        return LottieNode(value: v, path: path.isEmpty ? key : "\(path).\(key)", source: source, layer: layer)
    }

    func require(_ key: String, _ what: String) throws(LottieError) -> LottieNode {
        guard let m = member(key) else { throw fail("missing \"\(key)\" (\(what))") }
        return m
    }

    func element(_ i: Int, of a: [JSONValue]) -> LottieNode {
        LottieNode(value: a[i], path: "\(path)[\(i)]", source: source, layer: layer)
    }

    /// The elements of an array.
    func elements(_ what: String) throws(LottieError) -> [LottieNode] {
        guard let a = value.array else { throw fail("\(what) must be an array, not \(value.kindDescription)") }
        return a.indices.map { element($0, of: a) }
    }

    func requireObject(_ what: String) throws(LottieError) -> JSONObject {
        guard let o = value.object else { throw fail("\(what) must be an object, not \(value.kindDescription)") }
        return o
    }

    func number(_ what: String) throws(LottieError) -> Double {
        guard let x = value.number else { throw fail("\(what) must be a number, not \(value.kindDescription)") }
        return x
    }

    /// A number, or an array whose elements are all numbers (at least `minimum` of them).
    func numbers(_ what: String, minimum: Int = 1) throws(LottieError) -> [Double] {
        if let x = value.number, minimum <= 1 { return [x] }
        guard let a = value.array else { throw fail("\(what) must be an array of numbers, not \(value.kindDescription)") }
        var out: [Double] = []
        out.reserveCapacity(a.count)
        for (i, e) in a.enumerated() {
            guard let x = e.number else {
                throw element(i, of: a).fail("\(what) must be an array of numbers; this element is \(e.kindDescription)")
            }
            out.append(x)
        }
        guard out.count >= minimum else {
            throw fail("\(what) needs at least \(minimum) numbers, has \(out.count)")
        }
        return out
    }

    /// An integer-valued number.
    func integer(_ what: String) throws(LottieError) -> Int {
        let x = try number(what)
        guard x.rounded() == x, x.magnitude < 0x1p53 else { throw fail("\(what) must be an integer, not \(LottieNode.format(x))") }
        return Int(x)
    }

    /// A Boolean, also given as the numbers 0 and 1 (as exporters write `hd`, `ddd`, `c`).
    func flag(_ what: String) throws(LottieError) -> Bool {
        if let b = value.bool { return b }
        if let x = value.number, x == 0 || x == 1 { return x == 1 }
        throw fail("\(what) must be true, false, 0 or 1, not \(value.kindDescription)")
    }

    /// A number as messages write it (``ShortestDecimal``: integers without `.0`).
    static func format(_ x: Double) -> String { ShortestDecimal.format(x) }

    /// A string quoted for a message (JSON string syntax, so control characters are escaped).
    static func quote(_ s: String) -> String {
        let limited = s.count > 60 ? String(s.prefix(60)) + "…" : s
        return JSONWriter.quoted(limited)
    }
}
