import _CLibc

/// A Lottie (Bodymovin) animation: its frame rate, frame range and layers, read from JSON.
///
/// A JSON document is taken for Lottie when it is an object with `v` (the exporter's version),
/// `fr` (frames per second), `ip` and `op` (the first frame and the frame after the last) and
/// `layers`; any other JSON is refused with one line (``LottieError/Kind/notLottie``; when it has
/// `layers` or `v` but lacks another of the five, the line names what is missing). Layers are
/// checked for their type `ty`, in and out points `ip`, `op`, name `nm`, index `ind` and parent
/// `parent` here; a layer's transform and shapes are read when it is selected
/// (``shapeLayer(_:)``), so an unsupported feature in another layer does not stop the one chosen.
///
/// Coordinates are the composition's: y down, in pixels of a `w` × `h` canvas.
public struct LottieDocument: Sendable {
    /// The file the document came from, for messages.
    public let source: String
    /// `v`, the exporter's version string.
    public let version: String
    /// `fr`, frames per second (> 0).
    public let frameRate: Double
    /// `ip`, the composition's first frame.
    public let inPoint: Double
    /// `op`, the frame at which it ends (the last frame drawn is before it).
    public let outPoint: Double
    /// `w` and `h`, the canvas size, when given.
    public let width: Double?
    public let height: Double?
    /// The layers in file order.
    public let layers: [LottieLayerInfo]

    let layerNodes: [LottieNode]
    /// The positions of the layers with each `ind`, increasing: a parent is found by one hash,
    /// however many layers there are.
    let layerPositionsByIndex: [Int: [Int]]

    /// The document in UTF-8 `bytes` from `source`.
    public init(parsing bytes: [UInt8], source: String, reader: JSONReader = JSONReader()) throws(LottieError) {
        let json: JSONValue
        do {
            json = try reader.parse(bytes)
        } catch {
            throw LottieError(.syntax, source: source, error.description)
        }
        try self.init(json: json, source: source)
    }

    /// True when `json` has the five members that make a Lottie document.
    public static func isLottie(_ json: JSONValue) -> Bool {
        guard let o = json.object else { return false }
        return requiredMembers.allSatisfy { o.contains($0.key) }
    }

    static let requiredMembers: [(key: String, what: String)] = [
        ("v", "the version"), ("fr", "the frame rate"), ("ip", "the first frame"),
        ("op", "the end frame"), ("layers", "the layers"),
    ]

    /// The document in parsed JSON.
    public init(json: JSONValue, source: String) throws(LottieError) {
        self.source = source
        guard let root = json.object else {
            throw LottieError(.notLottie, source: source, "not a Lottie document: the JSON is \(json.kindDescription), a Lottie document is an object with \"v\", \"fr\", \"ip\", \"op\" and \"layers\"")
        }
        let missing = Self.requiredMembers.filter { !root.contains($0.key) }
        if !missing.isEmpty {
            let list = missing.map { "\"\($0.key)\" (\($0.what))" }.joined(separator: ", ")
            if root.contains("layers") || root.contains("v") {
                throw LottieError(.invalid, source: source, "a Lottie document needs \(list), which it lacks")
            }
            throw LottieError(.notLottie, source: source, "not a Lottie document: it has no \(list)")
        }
        let top = LottieNode(value: json, path: "", source: source, layer: nil)
        guard let v = top.member("v")?.value.string else {
            throw LottieError(.invalid, source: source, path: "v", "the version v must be a string")
        }
        version = v
        // Audit: the five members were checked above, so these look-ups find them.
        let fr = try top.require("fr", "the frame rate").number("the frame rate fr")
        guard fr > 0 else { throw LottieError(.invalid, source: source, path: "fr", "the frame rate must be positive, not \(LottieNode.format(fr))") }
        frameRate = fr
        inPoint = try top.require("ip", "the first frame").number("the first frame ip")
        outPoint = try top.require("op", "the end frame").number("the end frame op")
        guard outPoint > inPoint else {
            throw LottieError(.invalid, source: source, path: "op", "the end frame op = \(LottieNode.format(outPoint)) must come after the first frame ip = \(LottieNode.format(inPoint))")
        }
        width = try top.member("w").map { (n) throws(LottieError) in try n.number("the width w") }
        height = try top.member("h").map { (n) throws(LottieError) in try n.number("the height h") }
        let nodes = try top.require("layers", "the layers").elements("the layers")
        var infos: [LottieLayerInfo] = []
        for (i, node) in nodes.enumerated() {
            infos.append(try LottieLayerInfo(node, position: i))
        }
        layers = infos
        var byIndex: [Int: [Int]] = [:]
        for info in infos { if let ind = info.index { byIndex[ind, default: []].append(info.position) } }
        layerPositionsByIndex = byIndex
        layerNodes = nodes.enumerated().map { i, n in
            LottieNode(value: n.value, path: n.path, source: source, layer: infos[i].label)
        }
    }

    /// The layers a selection may choose without naming one: shape layers (and precompositions,
    /// which are refused when chosen) that are drawn — not hidden (`hd`) and not a track
    /// matte's source (`td`).
    public var candidates: [LottieLayerInfo] {
        layers.filter { ($0.type == 4 || $0.type == 0) && !$0.hidden && !$0.isMatteSource }
    }

    /// The shape layer chosen by `selection` — or, without one, the only candidate — ready to be
    /// evaluated at any frame. Errors: no layer matches, or several do
    /// (``LottieError/Kind/noSuchLayer``); several candidates and no selection
    /// (``LottieError/Kind/layerChoiceNeeded``, one line listing them); the layer is not a shape
    /// layer, or uses what is not supported (3-D, masks, mattes, effects, auto-orient,
    /// expressions, modifiers, …), or its parenting is broken.
    public func shapeLayer(_ selection: LottieLayerSelection? = nil) throws(LottieError) -> LottieShapeLayer {
        let chosen = try choose(selection)
        return try LottieShapeLayer(document: self, position: chosen)
    }

    private func choose(_ selection: LottieLayerSelection?) throws(LottieError) -> Int {
        guard let selection else {
            let c = candidates
            if c.count == 1 { return c[0].position }
            if c.isEmpty {
                // No option chose anything: the file has nothing to read (its content, exit 1).
                throw LottieError(.unsupported, source: source, "no shape layer (ty 4) to read: \(listing(layers))")
            }
            throw LottieError(.layerChoiceNeeded, source: source, "\(c.count) shape layers; choose one by name or index: \(listing(c))")
        }
        func byName(_ name: String) throws(LottieError) -> Int? {
            let matches = layers.filter { $0.name == name }
            if matches.count > 1 {
                throw LottieError(.noSuchLayer, source: source, "\(matches.count) layers are named \(LottieNode.quote(name)): \(matches.map { "layers[\($0.position)]" }.joined(separator: ", ")); choose one by index")
            }
            return matches.first?.position
        }
        func byIndex(_ i: Int) throws(LottieError) -> Int {
            guard layers.indices.contains(i) else {
                throw LottieError(.noSuchLayer, source: source, "no layers[\(i)]: the document has \(layers.count) layer\(layers.count == 1 ? "" : "s") (0 to \(layers.count - 1))")
            }
            return i
        }
        switch selection.form {
        case .name(let name):
            if let p = try byName(name) { return p }
            throw LottieError(.noSuchLayer, source: source, "no layer is named \(LottieNode.quote(name)); the layers: \(listing(layers))")
        case .index(let i):
            return try byIndex(i)
        case .nameOrIndex(let name, let i):
            if let p = try byName(name) { return p }
            return try byIndex(i)
        }
    }

    /// "layers[0] "Ball" (shape), layers[1] (null), …" — at most 10, then how many more.
    private func listing(_ list: [LottieLayerInfo]) -> String {
        if list.isEmpty { return "the document has no layers" }
        var parts = list.prefix(10).map { info -> String in
            var s = "layers[\(info.position)]"
            if let n = info.name { s += " \(LottieNode.quote(n))" }
            return s + " (\(info.typeName))"
        }
        if list.count > 10 { parts.append("and \(list.count - 10) more") }
        return parts.joined(separator: ", ")
    }
}

/// What a Lottie layer is, read from its header.
public struct LottieLayerInfo: Hashable, Sendable {
    /// Its position in `layers`.
    public let position: Int
    /// `nm`.
    public let name: String?
    /// `ty`: 0 precomposition, 1 solid, 2 image, 3 null, 4 shape, 5 text, 6 audio, 13 camera, …
    public let type: Int
    /// `ind`, the number that `parent` refers to.
    public let index: Int?
    /// `parent`, the `ind` of the layer whose transform applies after this one's.
    public let parent: Int?
    /// `ip` and `op`: the layer is drawn from frame `ip` up to (not including) `op`.
    public let inPoint: Double
    public let outPoint: Double
    /// `hd`: hidden in the editor, not drawn.
    public let hidden: Bool
    /// `td` = 1: the source of a track matte, not drawn itself.
    public let isMatteSource: Bool

    init(_ node: LottieNode, position: Int) throws(LottieError) {
        self.position = position
        _ = try node.requireObject("a layer")
        let name = node.member("nm")?.value.string
        self.name = name
        let label = LottieLayerInfo.label(position, name)
        let n = LottieNode(value: node.value, path: node.path, source: node.source, layer: label)
        type = try n.require("ty", "the layer's type").integer("the layer type ty")
        index = try n.member("ind").map { (i) throws(LottieError) in try i.integer("the layer index ind") }
        parent = try n.member("parent").map { (p) throws(LottieError) in try p.integer("the parent index parent") }
        inPoint = try n.require("ip", "the layer's first frame").number("the layer's first frame ip")
        outPoint = try n.require("op", "the layer's end frame").number("the layer's end frame op")
        guard outPoint > inPoint else {
            throw n.member("op")?.fail("the layer's end frame op = \(LottieNode.format(outPoint)) must come after its first frame ip = \(LottieNode.format(inPoint))")
                ?? n.fail("bad op")
        }
        hidden = try n.member("hd").map { (h) throws(LottieError) in try h.flag("the hidden flag hd") } ?? false
        isMatteSource = try n.member("td").map { (t) throws(LottieError) in try t.integer("the matte flag td") != 0 } ?? false
    }

    /// `layer 2 "Ball"`.
    var label: String { LottieLayerInfo.label(position, name) }

    static func label(_ position: Int, _ name: String?) -> String {
        name.map { "layer \(position) \(LottieNode.quote($0))" } ?? "layer \(position)"
    }

    /// The layer type in words.
    public var typeName: String {
        switch type {
        case 0: "precomposition"
        case 1: "solid"
        case 2: "image"
        case 3: "null"
        case 4: "shape"
        case 5: "text"
        case 6: "audio"
        case 13: "camera"
        default: "type \(type)"
        }
    }
}
