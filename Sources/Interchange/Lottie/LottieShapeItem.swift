import Geometry

/// The geometry of a shape layer's `shapes` (and a group's `it`): paths, ellipses, rectangles
/// and groups with their transforms. Paint items — fills `fl`, strokes `st`, gradients `gf`,
/// `gs`, no-style `no` — draw the geometry but do not change it, so they are skipped; items
/// hidden in the editor (`"hd": true`) are not drawn by the players and are skipped too.
///
/// Every other item changes the outline in ways not computed here and is refused with its path:
/// trim paths `tm`, merge paths `mm`, repeaters `rp`, rounded corners `rd`, offset paths `op`,
/// pucker and bloat `pb`, twist `tw`, zig-zag `zz`, polystars `sr`, and unknown types. A group
/// takes the first `tr` among its items as its transform, applied to everything in the group
/// (lottie-web `ShapeElement.searchShapes`; python-lottie's `Group.load` keeps the first too);
/// a second `tr` in one group is refused.
indirect enum LottieShapeItem: Sendable {
    case path(LottieKeyframes, closed: Bool)
    case ellipse(position: LottieKeyframes, size: LottieKeyframes, clockwise: Bool)
    case rectangle(position: LottieKeyframes, size: LottieKeyframes, roundness: LottieKeyframes?, clockwise: Bool)
    case group([LottieShapeItem], LottieTransform?)

    /// The items of a `shapes` or `it` array.
    static func items(_ node: LottieNode) throws(LottieError) -> [LottieShapeItem] {
        var out: [LottieShapeItem] = []
        for item in try node.elements("a list of shape items") {
            if let parsed = try parse(item) { out.append(parsed) }
        }
        return out
    }

    /// True when some path, ellipse or rectangle is among the items.
    static func drawsGeometry(_ items: [LottieShapeItem]) -> Bool {
        items.contains {
            switch $0 {
            case .path, .ellipse, .rectangle: true
            case .group(let inner, _): drawsGeometry(inner)
            }
        }
    }

    /// The keyframe times of every animated property of the items (transforms included).
    static func keyframeTimes(_ items: [LottieShapeItem]) -> [Double] {
        items.flatMap { item -> [Double] in
            switch item {
            case .path(let shape, _): shape.keyframeTimes
            case .ellipse(let p, let s, _): p.keyframeTimes + s.keyframeTimes
            case .rectangle(let p, let s, let r, _): p.keyframeTimes + s.keyframeTimes + (r?.keyframeTimes ?? [])
            case .group(let inner, let t): keyframeTimes(inner) + (t?.keyframeTimes ?? [])
            }
        }
    }

    private static func vector(_ n: LottieNode) throws(LottieError) -> [Double] {
        try n.numbers("a 2-D value", minimum: 2)
    }

    /// The item, or nil for paint and hidden items.
    private static func parse(_ item: LottieNode) throws(LottieError) -> LottieShapeItem? {
        _ = try item.requireObject("a shape item")
        if let hd = item.member("hd"), try hd.flag("the hidden flag hd") { return nil }
        guard let ty = try item.require("ty", "the shape item's type").value.string else {
            throw item.fail("the shape item's type ty must be a string")
        }
        let clockwise = try direction(item)
        switch ty {
        case "sh":
            let ks = try item.require("ks", "the path's shape")
            var closedFlags: [Bool] = []
            let keyframes = try LottieKeyframes(
                ks, what: "the path", sharedEasing: true, spatialAllowed: false,
                describeCount: { "\($0 / LottieBezier.numbersPerVertex) vertices" }
            ) { (n) throws(LottieError) in
                let inKeyframe = n.path != ks.path + ".k"
                let (numbers, closed) = try LottieBezier.numbers(n, inKeyframe: inKeyframe)
                closedFlags.append(closed)
                return numbers
            }
            // lottie-web draws every keyframe with the first keyframe's closed flag.
            return .path(keyframes, closed: closedFlags.first ?? false)
        case "el":
            return .ellipse(
                position: try LottieKeyframes(item.require("p", "the ellipse's centre"), what: "the ellipse's centre",
                                              sharedEasing: false, spatialAllowed: true, read: vector),
                size: try LottieKeyframes(item.require("s", "the ellipse's size"), what: "the ellipse's size",
                                          sharedEasing: false, spatialAllowed: true, read: vector),
                clockwise: clockwise != false)
        case "rc":
            let roundness = try item.member("r").map { (r) throws(LottieError) in
                try LottieKeyframes(r, what: "the rectangle's roundness", sharedEasing: false, spatialAllowed: false) { (n) throws(LottieError) in
                    let v = try n.numbers("a number")
                    guard v.count == 1 else { throw n.fail("the roundness must be one number, not \(v.count)") }
                    return v
                }
            }
            return .rectangle(
                position: try LottieKeyframes(item.require("p", "the rectangle's centre"), what: "the rectangle's centre",
                                              sharedEasing: false, spatialAllowed: true, read: vector),
                size: try LottieKeyframes(item.require("s", "the rectangle's size"), what: "the rectangle's size",
                                          sharedEasing: false, spatialAllowed: true, read: vector),
                roundness: roundness,
                clockwise: clockwise == true)
        case "gr":
            let it = try item.require("it", "the group's items")
            var transform: LottieTransform?
            var transformPath: String?
            for child in try it.elements("the group's items") where child.value["ty"]?.string == "tr" {
                if child.value["hd"]?.bool == true { continue }
                if let transformPath {
                    throw child.fail(.unsupported, "a second group transform in one group (the first is \(transformPath))")
                }
                transform = try LottieTransform(child, what: "the group's transform")
                transformPath = child.path
            }
            return .group(try items(it), transform)
        case "tr":
            return nil  // read by the enclosing group
        case "fl", "st", "gf", "gs", "no":
            return nil
        default:
            let names = ["tm": "trim paths", "mm": "merge paths", "rp": "repeaters", "rd": "rounded corners",
                         "op": "offset paths", "pb": "pucker and bloat", "tw": "twist", "zz": "zig-zag",
                         "sr": "polystars", "ms": "mesh warps"]
            if let name = names[ty] {
                throw item.fail(.unsupported, "\(name) (ty \(LottieNode.quote(ty))) are not supported")
            }
            throw item.fail(.unsupported, "unknown shape type ty \(LottieNode.quote(ty))")
        }
    }

    /// `d`: 1 (clockwise), 2, 3 (counter-clockwise), or absent (nil).
    private static func direction(_ item: LottieNode) throws(LottieError) -> Bool? {
        guard let d = item.member("d") else { return nil }
        let v = try d.integer("the direction d")
        return v != 3
    }

    /// The subpaths of the items at `frame`, each mapped by its groups' transforms and then `outer`.
    static func append(_ items: [LottieShapeItem], at frame: Double, transform outer: AffineTransform,
                       to path: inout Path) throws(LottieError) {
        for item in items {
            switch item {
            case .path(let shape, let closed):
                LottieBezier(numbers: try shape.value(at: frame), closed: closed).append(to: &path, transform: outer)
            case .ellipse(let p, let s, let cw):
                LottieEllipse.bezier(position: try p.value(at: frame), size: try s.value(at: frame), clockwise: cw)
                    .append(to: &path, transform: outer)
            case .rectangle(let p, let s, let r, let cw):
                LottieRectangle.bezier(position: try p.value(at: frame), size: try s.value(at: frame),
                                       roundness: try r?.value(at: frame)[0] ?? 0, clockwise: cw)
                    .append(to: &path, transform: outer)
            case .group(let inner, let transform):
                let m = try transform?.matrix(at: frame) ?? .identity
                try append(inner, at: frame, transform: m.concatenating(outer), to: &path)
            }
        }
    }

    /// `append(_:at:transform:to:)` with every ellipse exact (`LottieEllipse.exact`): paths and
    /// rectangles as the players draw them, ellipses as the designer drew them.
    static func appendExact(_ items: [LottieShapeItem], at frame: Double, transform outer: AffineTransform,
                            to exact: inout ExactPath) throws(LottieError) {
        for item in items {
            switch item {
            case .ellipse(let p, let s, let cw):
                exact.subpaths.append(LottieEllipse.exact(position: try p.value(at: frame), size: try s.value(at: frame),
                                                          clockwise: cw, transform: outer))
            case .group(let inner, let transform):
                let m = try transform?.matrix(at: frame) ?? .identity
                try appendExact(inner, at: frame, transform: m.concatenating(outer), to: &exact)
            case .path, .rectangle:
                var path = Path()
                try append([item], at: frame, transform: outer, to: &path)
                exact.subpaths += ExactPath(path).subpaths
            }
        }
    }
}
