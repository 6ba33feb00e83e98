import Geometry

/// A shape layer of a Lottie document, read and checked, whose outline can be taken at any frame
/// of its range.
///
/// The outline at frame f is every path, ellipse and rectangle of the layer (in file order, one
/// subpath each), each mapped by the transforms of its enclosing groups (innermost first), then
/// by the layer's transform `ks`, then by its parent's, its parent's parent's and so on
/// (lottie-web `TransformElement`: a layer's final matrix is its own followed by each layer of
/// its `parent` chain, found by `ind`). The result is in the composition's coordinates, y down.
///
/// Properties are evaluated at the composition frame f itself: the players apply a layer's
/// start time `st` and stretch `sr` only to the content of precompositions (lottie-web
/// `PropertyFactory` compares keyframe times with the composition's `renderedFrame`, offset
/// and key times shifted alike; lottie-ios `PreCompositionLayer` remaps only its children).
public struct LottieShapeLayer: Sendable {
    /// The layer's header.
    public let info: LottieLayerInfo
    /// The composition's frame rate (frames per second).
    public let frameRate: Double
    /// The source file, for messages.
    public let source: String

    let items: [LottieShapeItem]
    /// The layer's transform, then its parents' in order.
    let transforms: [LottieTransform]

    /// The frames at which the layer is drawn: `ip` up to `op`. ``outline(atFrame:)`` accepts the
    /// closed range [ip, op], so that a sequence from ip to op can take progress
    /// (f − ip)/(op − ip) from 0 to 1 (properties are defined at op, where the players stop
    /// drawing the layer).
    public var frameRange: ClosedRange<Double> { info.inPoint...info.outPoint }

    /// The frames of every keyframe that moves the outline — the layer's paths, ellipses,
    /// rectangles, group transforms, its own transform and its parents' — sorted, each once.
    /// Between two consecutive ones every property follows one segment (one easing), so a
    /// keyframed timing fit can take these as its key times.
    public var keyframeTimes: [Double] {
        Array(Set(LottieShapeItem.keyframeTimes(items) + transforms.flatMap({ $0.keyframeTimes }))).sorted()
    }

    /// `layer 2 "Ball"`, as messages name it.
    public var label: String { info.label }

    init(document: LottieDocument, position: Int) throws(LottieError) {
        let info = document.layers[position]
        let node = document.layerNodes[position]
        self.info = info
        frameRate = document.frameRate
        source = document.source
        switch info.type {
        case 4: break
        case 0: throw node.fail(.unsupported, "precompositions (ty 0) are not supported")
        default: throw node.fail(.noSuchLayer, "a \(info.typeName) layer (ty \(info.type)), not a shape layer")
        }
        try LottieShapeLayer.checkSupported(node, parent: false)
        if let masks = node.member("masksProperties"), masks.value.array?.isEmpty == false {
            throw masks.fail(.unsupported, "masks are not supported")
        }
        if let hasMask = node.member("hasMask"), try hasMask.flag("the mask flag hasMask") {
            throw hasMask.fail(.unsupported, "masks are not supported")
        }
        if let tt = node.member("tt"), (try tt.integer("the track matte mode tt")) != 0 {
            throw tt.fail(.unsupported, "track mattes are not supported (the layer is drawn through another layer)")
        }
        if let ef = node.member("ef"), ef.value.array?.isEmpty == false {
            throw ef.fail(.unsupported, "layer effects are not supported")
        }
        let shapes = try node.require("shapes", "the layer's shapes")
        items = try LottieShapeItem.items(shapes)
        guard LottieShapeItem.drawsGeometry(items) else {
            throw shapes.fail("the layer has no path, ellipse or rectangle (that is not hidden)")
        }
        // The transform chain: this layer, then parents by ind.
        var chain: [LottieTransform] = [try LottieTransform(node.require("ks", "the layer's transform"), what: "the layer's transform")]
        var seen: Set<Int> = [position]
        var current = info
        while let parentIndex = current.parent {
            let matches = (document.layerPositionsByIndex[parentIndex] ?? []).map { document.layers[$0] }
            let parentField = document.layerNodes[current.position].member("parent")
            guard let parent = matches.first else {
                throw (parentField ?? node).fail("the parent \(parentIndex) is no layer's ind")
            }
            guard matches.count == 1 else {
                throw (parentField ?? node).fail("the parent \(parentIndex) is ambiguous: \(matches.map { "layers[\($0.position)]" }.joined(separator: ", ")) all have ind \(parentIndex)")
            }
            guard seen.insert(parent.position).inserted else {
                throw (parentField ?? node).fail("parenting cycle: the parent chain returns to layers[\(parent.position)]")
            }
            let parentNode = document.layerNodes[parent.position]
            try LottieShapeLayer.checkSupported(parentNode, parent: true)
            chain.append(try LottieTransform(parentNode.require("ks", "the parent layer's transform"), what: "the parent layer's transform"))
            current = parent
        }
        transforms = chain
    }

    /// Refuses 3-D layers and auto-orientation, which change the transform.
    static func checkSupported(_ node: LottieNode, parent: Bool) throws(LottieError) {
        let whose = parent ? "a parent layer" : "the layer"
        if let ddd = node.member("ddd"), try ddd.flag("the 3-D flag ddd") {
            throw ddd.fail(.unsupported, "3-D layers are not supported (\(whose) is 3-D)")
        }
        if let ao = node.member("ao"), try ao.flag("the auto-orient flag ao") {
            throw ao.fail(.unsupported, "auto-orient is not supported (\(whose) turns along its motion path)")
        }
    }

    /// The map from the layer's own coordinates to the composition's at `frame`.
    public func transform(atFrame frame: Double) throws(LottieError) -> AffineTransform {
        var m = AffineTransform.identity
        for t in transforms { m = m.concatenating(try t.matrix(at: frame)) }
        return m
    }

    /// The layer's outline at `frame` (a composition frame in ``frameRange``; fractional frames
    /// are interpolated like any other), in composition coordinates, y down.
    public func outline(atFrame frame: Double) throws(LottieError) -> Path {
        guard frame.isFinite, frameRange.contains(frame) else {
            throw LottieError(.frameOutOfRange, source: source, layer: label,
                              "frame \(LottieNode.format(frame)) is outside the layer's frames \(LottieNode.format(info.inPoint)) to \(LottieNode.format(info.outPoint)) (ip to op)")
        }
        var path = Path()
        try LottieShapeItem.append(items, at: frame, transform: transform(atFrame: frame), to: &path)
        guard path.isFinite else {
            throw LottieError(.nonFinite, source: source, layer: label,
                              "the outline at frame \(LottieNode.format(frame)) is not finite (its numbers overflow a double)")
        }
        return path
    }

    /// The layer's outline at `frame` as ``outline(atFrame:)`` gives it, but with every ellipse
    /// exact (`ExactPath`: the ellipse's arcs through the same transforms) when `ellipses` is
    /// `.exact`; with `.player` the drawn outline itself.
    public func exactOutline(atFrame frame: Double, ellipses: LottieEllipseMode) throws(LottieError) -> ExactPath {
        let drawn = try outline(atFrame: frame)  // checks the frame and finiteness
        guard ellipses == .exact else { return ExactPath(drawn) }
        var exact = ExactPath()
        try LottieShapeItem.appendExact(items, at: frame, transform: transform(atFrame: frame), to: &exact)
        return exact
    }
}
