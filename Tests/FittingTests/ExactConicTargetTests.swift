import Fitting
import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport

/// Targets sampled on exact conics: every sample of an SVG circle, ellipse, rounded corner or
/// arc, and of a Lottie ellipse, lies on the exact curve through the transforms, spaced by arc
/// length; `--lottie-ellipse player` (`LottieEllipseMode.player`) samples lottie-web's cubics
/// exactly as before exact conics.
@Suite("Targets on exact conics")
struct ExactConicTargetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// |M⁻¹·p| − 1 for a point p and the map M of the unit circle onto the ellipse.
    static func offEllipse(_ p: Point, _ m: Geometry.AffineTransform) -> Double {
        abs(m.inverted!.apply(to: p).length - 1)
    }

    @Test("an SVG ellipse under a skewing matrix: every sample on the ellipse to 1e-12, consecutive samples equally far along it")
    func svgEllipse() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg"><ellipse cx="3" cy="4" rx="80" ry="30" transform="matrix(0.8 0.3 -0.5 1.1 7 -3)"/></svg>
            """
        let n = 360
        let target = try TargetOutline(svgDocument: svg, sampleCount: n)
        // unit circle → diag(rx, ry) + centre → matrix → y flip (model space).
        let map = Geometry.AffineTransform(a: 80, b: 0, c: 0, d: 30, e: 3, f: 4)
            .concatenating(Geometry.AffineTransform(a: 0.8, b: 0.3, c: -0.5, d: 1.1, e: 7, f: -3))
            .concatenating(.flipY)
        let worst = target.points.map { Self.offEllipse($0, map) }.max()!
        #expect(worst <= 1e-12, "a sample is \(worst) off the ellipse (relative)")
        // Arc-length spacing: the angle of each sample, and the length between consecutive ones
        // by the arc's own quadrature, all equal to L/n.
        let angles = target.points.map { p -> Double in
            let u = map.inverted!.apply(to: p)
            return atan2(u.y, u.x)
        }
        let whole = AffineEllipticalArc(map: map, startAngle: 0, sweepAngle: 2 * Double.pi).arcLength(accuracy: 1e-12).length
        for k in stride(from: 0, to: n, by: 37) {
            var (a, b) = (angles[k], angles[(k + 1) % n])
            if b < a { b += 2 * Double.pi }
            if b - a > Double.pi { (a, b) = (b - 2 * Double.pi, a) }
            let step = AffineEllipticalArc(map: map, startAngle: a, sweepAngle: b - a).arcLength(accuracy: 1e-13).length
            #expect(abs(step - whole / Double(n)) <= 1e-10 * whole, "sample \(k): step \(step) against \(whole / Double(n))")
        }
    }

    @Test("a rounded rectangle's corner samples lie on their quarter ellipses, side samples on the sides; path data with A equals the same <path> bit for bit")
    func roundedRectangle() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"100\" height=\"60\" rx=\"10\" ry=\"20\"/></svg>"
        let target = try TargetOutline(svgDocument: svg, sampleCount: 400, orientation: .yUp)
        for p in target.points {
            let cx = p.x < 10 ? 10.0 : p.x > 90 ? 90.0 : nil as Double?
            let cy = p.y < 20 ? 20.0 : p.y > 40 ? 40.0 : nil as Double?
            if let cx, let cy {
                let u = Point((p.x - cx) / 10, (p.y - cy) / 20)
                #expect(abs(u.length - 1) <= 1e-12, "\(p)")
            } else {
                #expect(min(abs(p.x), abs(p.x - 100), abs(p.y), abs(p.y - 60)) <= 1e-12, "\(p)")
            }
        }
        let d = "M0 0 L38.959486 0 A12 12 0 0 0 49.846757 -6.953483 A54.941324 54.941324 0 1 0 -49.846757 -6.953483 A12 12 0 0 0 -38.959486 0 Z"
        let document = try TargetOutline(svgDocument: "<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"\(d)\"/></svg>", sampleCount: 300)
        let data = try TargetOutline(pathData: d, sampleCount: 300)
        #expect(document.points == data.points)
    }

    /// A Lottie circle: an ellipse of size 100 × 60 at (10, −50) in a layer at (100, 100) rotated 30°.
    static let lottie = """
        {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":200,"h":200,"layers":[{"ty":4,"ind":1,"nm":"ball","ip":0,"op":10,"st":0,"sr":1,\
        "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":30},"o":{"a":0,"k":100}},\
        "shapes":[{"ty":"el","p":{"a":0,"k":[10,-50]},"s":{"a":0,"k":[100,60]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """

    @Test("a Lottie ellipse: exact samples on the rotated ellipse to 1e-12; player samples are today's (lottie-web's cubics), bit for bit")
    func lottieEllipse() throws {
        let document = try LottieDocument(parsing: Array(Self.lottie.utf8), source: "circle.json")
        let selection = TargetSelection(frame: 0)
        let exact = try TargetOutline(lottie: document, selecting: selection, sampleCount: 300)
        let layer = try document.shapeLayer(nil)
        let map = Geometry.AffineTransform(a: 50, b: 0, c: 0, d: 30, e: 10, f: -50)
            .concatenating(try layer.transform(atFrame: 0)).concatenating(.flipY)
        let worst = exact.points.map { Self.offEllipse($0, map) }.max()!
        #expect(worst <= 1e-12)
        let player = try TargetOutline(lottie: document, selecting: selection, sampleCount: 300, ellipses: .player)
        let before = try TargetOutline(path: try layer.outline(atFrame: 0).transformed(by: .flipY), sampleCount: 300)
        #expect(player.points == before.points && player.outline == before.outline)
        // The player's cubics are off the ellipse by lottie-web's handle error, about 3e-4 of the radius.
        #expect(player.points.map { Self.offEllipse($0, map) }.max()! > 1e-4)
        // Through the file reader, the selection's mode is used.
        #expect(PlayerHandleConstant.lottieWeb.value == 0.5519 && PlayerHandleConstant.lottieIOS.value == 0.55228)
    }
}
