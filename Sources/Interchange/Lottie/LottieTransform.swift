import _CLibc
import Geometry

/// A layer's transform (`ks`) or a group's (`tr`): anchor `a`, position `p` (or split into
/// `p.x`, `p.y` with `"s": true`), scale `s` in percent, rotation `r` in degrees, skew `sk` in
/// degrees; each static or animated. Opacity does not move the outline and is not read.
///
/// The map, as lottie-web's `TransformProperty.js` builds it (`applyToMatrix`/`processKeys`,
/// points as row vectors, each call applying after the previous ones) and lottie-ios's
/// `CATransform3D.makeTransform` in the same order: a point q goes to
///
///     q′ = T(p) · R(r) · K(sk) · S(sₓ/100, s_y/100) · T(−a) · q
///
/// where R(r) turns by r degrees clockwise on a y-down screen (x′ = x cos r − y sin r,
/// y′ = x sin r + y cos r; lottie-web's `rotate(−r)`), and K(sk) is the shear
/// x′ = x + tan(−sk)·y (lottie-web's `skewFromAxis(−sk, sa)` with skew axis sa = 0).
///
/// Not supported, and refused with the property's path: a skew with a non-zero skew axis `sa`
/// (lottie-web conjugates the shear by the rotation through +sa, lottie-ios through −sa, so
/// the players draw different shapes), and the 3-D rotations `rx`, `ry`, `rz`, `or`.
/// The z components of 3-D anchors, positions and scales do not change the 2-D outline.
struct LottieTransform: Sendable {
    enum Position: Sendable {
        case combined(LottieKeyframes)
        case split(x: LottieKeyframes, y: LottieKeyframes)
    }

    let anchor: LottieKeyframes?
    let position: Position?
    let scale: LottieKeyframes?
    let rotation: LottieKeyframes?
    let skew: LottieKeyframes?

    init(_ node: LottieNode, what: String) throws(LottieError) {
        _ = try node.requireObject(what)
        for key in ["rx", "ry", "rz", "or"] {
            if let n = node.member(key) { throw n.fail(.unsupported, "3-D rotation (\(key)) is not supported") }
        }
        let vector: LottieKeyframes.ValueReader = { (n) throws(LottieError) in try n.numbers("a 2-D value", minimum: 2) }
        let scalar: LottieKeyframes.ValueReader = { (n) throws(LottieError) in
            let v = try n.numbers("a number")
            guard v.count == 1 else { throw n.fail("a one-dimensional value must be one number, not \(v.count)") }
            return v
        }
        anchor = try node.member("a").map { (n) throws(LottieError) in
            try LottieKeyframes(n, what: "the anchor point", sharedEasing: false, spatialAllowed: true, read: vector)
        }
        if let p = node.member("p") {
            _ = try p.requireObject("the position")
            if let split = p.member("s"), try split.flag("the split-position flag s") {
                let x = try p.require("x", "the split position's x")
                let y = try p.require("y", "the split position's y")
                position = .split(
                    x: try LottieKeyframes(x, what: "the position's x", sharedEasing: false, spatialAllowed: false, read: scalar),
                    y: try LottieKeyframes(y, what: "the position's y", sharedEasing: false, spatialAllowed: false, read: scalar))
            } else {
                position = .combined(try LottieKeyframes(p, what: "the position", sharedEasing: false, spatialAllowed: true, read: vector))
            }
        } else {
            position = nil
        }
        scale = try node.member("s").map { (n) throws(LottieError) in
            try LottieKeyframes(n, what: "the scale", sharedEasing: false, spatialAllowed: true, read: vector)
        }
        rotation = try node.member("r").map { (n) throws(LottieError) in
            try LottieKeyframes(n, what: "the rotation", sharedEasing: false, spatialAllowed: false, read: scalar)
        }
        skew = try node.member("sk").map { (n) throws(LottieError) in
            try LottieKeyframes(n, what: "the skew", sharedEasing: false, spatialAllowed: false, read: scalar)
        }
        let axis = try node.member("sa").map { (n) throws(LottieError) in
            try LottieKeyframes(n, what: "the skew axis", sharedEasing: false, spatialAllowed: false, read: scalar)
        }
        if let skew, let axis, let saNode = node.member("sa"),
           skew.values.contains(where: { $0[0] != 0 }), axis.values.contains(where: { $0[0] != 0 }) {
            throw saNode.fail(.unsupported, "a skew with a non-zero skew axis is not supported (lottie-web and lottie-ios shear along different directions)")
        }
    }

    /// The keyframe times of its animated properties.
    var keyframeTimes: [Double] {
        var times = (anchor?.keyframeTimes ?? []) + (scale?.keyframeTimes ?? []) + (rotation?.keyframeTimes ?? [])
            + (skew?.keyframeTimes ?? [])
        switch position {
        case .combined(let p)?: times += p.keyframeTimes
        case .split(let x, let y)?: times += x.keyframeTimes + y.keyframeTimes
        case nil: break
        }
        return times
    }

    /// The map at `frame`.
    func matrix(at frame: Double) throws(LottieError) -> AffineTransform {
        var m = AffineTransform.identity
        if let anchor {
            let a = try anchor.value(at: frame)
            m = m.concatenating(.translation(x: -a[0], y: -a[1]))
        }
        if let scale {
            let s = try scale.value(at: frame)
            m = m.concatenating(.scale(x: s[0] / 100, y: s[1] / 100))
        }
        if let skew {
            let sk = try skew.value(at: frame)[0]
            if sk != 0 {
                m = m.concatenating(AffineTransform(a: 1, b: 0, c: tan(-sk * .pi / 180), d: 1, e: 0, f: 0))
            }
        }
        if let rotation {
            let r = try rotation.value(at: frame)[0]
            if r != 0 { m = m.concatenating(.rotation(radians: r * .pi / 180)) }
        }
        switch position {
        case .combined(let p)?:
            let v = try p.value(at: frame)
            m = m.concatenating(.translation(x: v[0], y: v[1]))
        case .split(let x, let y)?:
            m = m.concatenating(.translation(x: try x.value(at: frame)[0], y: try y.value(at: frame)[0]))
        case nil:
            break
        }
        return m
    }
}
