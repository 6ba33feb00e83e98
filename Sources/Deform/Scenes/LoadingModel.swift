import _CLibc
import Geometry

/// The loading sequence as a ``SceneModel``: a circle grows from nothing and wobbles, a
/// triangle inside it grows corner by corner and spins, both contract, a rectangle border is
/// drawn twice, water rises in the rectangle with a wave, and the rectangle expands to the full
/// frame.
///
/// Model space is y-up with the origin at the circle's centre, which is also the centre of the
/// rectangle and of the frame. With R = `radius`, g = `circleScale`, (sₓ, s_y) = (`stretchX`,
/// `stretchY`), ρ = `triangleSize`, fᵢ the corner factors, φ = `triangleRotation`, and the
/// rectangle's current size
///
///     Wₑ = W + x·(F_W − W),   Hₑ = H + x·(F_H − H)
///
/// (W, H = `rectWidth`, `rectHeight`; F_W, F_H = `frameWidth`, `frameHeight`; x = `expansion`):
///
/// - **circle** (subpath 0, filled; `M C C C C Z`): (sₓ·g·R·uₓ, s_y·g·R·u_y) for the unit
///   circle's points u (``UnitCircle``, from the bottom counter-clockwise, k = 4/3(√2 − 1) as
///   Core Graphics draws ovals) — radius g·R, stretched about the centre.
/// - **triangle** (subpath 1, filled; `M L L Z`): corner i = fᵢ·ρ·R·(cos(θᵢ + φ), sin(θᵢ + φ))
///   with θ = 7π/6 (left), −π/6 (right), π/2 (top), in that order (counter-clockwise): an
///   equilateral triangle whose corners lie at ρ·R from the centre — the corner positions come
///   from the circle's radius — each pushed out by its own factor.
/// - **border, first and second pass** (subpaths 2 and 3, stroked; `M L L L L` each): the
///   Wₑ × Hₑ rectangle's border up to stroke ends e₁ = `border1End`, e₂ = `border2End`
///   (``RectangleStroke``; the seed strokes it twice, in two colours, the second after a delay).
/// - **water** (subpath 4, filled; `M L L C Z`): from (−Wₑ/2, −Hₑ/2) along the bottom to
///   (Wₑ/2, −Hₑ/2), up to the water line y_w = −Hₑ/2 + ℓ·Hₑ (ℓ = `waterLevel`), then a cubic
///   wave back to (−Wₑ/2, y_w) with control points (Wₑ/6, y_w + w₂) and (−Wₑ/6, y_w + w₁) — the
///   seed's two control points at a third and two thirds of the width, offset by
///   w₁ = `wave1` (left) and w₂ = `wave2` (right) — and closed down the left side.
///
/// Parameters, in Jacobian-column order (first frame; the seed's target in brackets):
/// - [0] `radius` R — 50, [0, ∞).
/// - [1] `circleScale` g — 0, [0, 10] (→ 1, then back to 0).
/// - [2] `stretchX`, [3] `stretchY` — 1, [0, 10] (→ 1.1 and back, x first).
/// - [4] `triangleSize` ρ — 0, [0, 10] (→ 0.75, then back to 0).
/// - [5] `leftCorner`, [6] `rightCorner`, [7] `topCorner` — 1, [0, 10] (→ 1.2).
/// - [8] `triangleRotation` φ — 0 radians, counter-clockwise, (−∞, ∞) (→ 2π).
/// - [9] `rectWidth` W, [10] `rectHeight` H — 100, [0, ∞).
/// - [11] `border1End`, [12] `border2End` — 0, [0, 1] (→ 1).
/// - [13] `waterLevel` ℓ — 0, [0, 1] (→ 1).
/// - [14] `wave1`, [15] `wave2` — 0 model units, (−∞, ∞) (swing ±10).
/// - [16] `frameWidth` F_W, [17] `frameHeight` F_H — 300, [0, ∞).
/// - [18] `expansion` x — 0, [0, 1] (→ 1).
///
/// The seed's timeline (``seedProfile(targets:)``), by seed step, in progress:
/// 1. *the circle grows*: g 0 → target over 0 … 0.10 (ease-out);
/// 2. *the wobble*: sₓ 1 → target → 1 over 0.10 … 0.14 … 0.18, then s_y over 0.18 … 0.22 …
///    0.26 (ease-in-ease-out);
/// 3. *the triangle appears*: ρ 0 → target over 0.26 … 0.27;
/// 4. *its corners grow one after the other*: left over 0.27 … 0.32, right 0.32 … 0.37, top
///    0.37 … 0.42, each 1 → target;
/// 5. *the triangle spins*: φ 0 → target over 0.42 … 0.52 (ease-in-ease-out);
/// 6. *circle and triangle contract*: g and ρ → 0 over 0.50 … 0.56 (ease-in);
/// 7. *the border is drawn twice*: e₁ 0 → target over 0.56 … 0.64, e₂ after a delay over
///    0.66 … 0.74;
/// 8. *the water rises*: eleven keyframes at progress 0.74 + 0.02·j, j = 0 … 10 (steps of 0.1
///    of the water's own progress): ℓ = j/10 · target, and the wave's control points alternate
///    about the water line, w₁ = +target₁ and w₂ = −target₂ for odd j, the signs swapped for
///    even j, both 0 (a flat line) at j = 0 and j = 10;
/// 9. *the rectangle expands to the full frame*: x 0 → target over 0.94 … 1 (ease-in).
/// Tracks without a timing named above are linear (Core Animation's default).
///
/// Identifiability (structural sets, see ``nonIdentifiableSets(at:)``): R·c with g/c and ρ/c
/// leaves the circle and the triangle in place; g·c with sₓ/c, s_y/c leaves the circle; ρ·c with
/// every fᵢ/c leaves the triangle; W and F_W (H and F_H) act only through Wₑ (Hₑ), and x only
/// through Wₑ and Hₑ. `radius`, the four rectangle sizes and the two wave offsets together scale
/// the scene uniformly about the centre.
public struct LoadingModel: SceneModel {
    public init() {}

    public var name: String { "loading" }
    public var summary: String {
        "loading sequence: circle grows and wobbles, triangle grows corner by corner and spins, border drawn twice, water rises, rectangle expands"
    }

    public static let radiusIndex = 0
    public static let circleScaleIndex = 1
    public static let stretchXIndex = 2
    public static let stretchYIndex = 3
    public static let triangleSizeIndex = 4
    /// The corner factors, in the triangle's drawing order: left, right, top.
    public static let cornerIndices = [5, 6, 7]
    public static let triangleRotationIndex = 8
    public static let rectWidthIndex = 9
    public static let rectHeightIndex = 10
    public static let borderEndIndices = [11, 12]
    public static let waterLevelIndex = 13
    public static let wave1Index = 14
    public static let wave2Index = 15
    public static let frameWidthIndex = 16
    public static let frameHeightIndex = 17
    public static let expansionIndex = 18

    public static let specs: [ParameterSpec] = [
        ParameterSpec(name: "radius", defaultValue: 50, lower: 0, upper: .infinity,
                      doc: "the grown circle's radius in model units; the triangle's corners are placed from it"),
        ParameterSpec(name: "circleScale", defaultValue: 0, lower: 0, upper: 10,
                      doc: "circle radius as a multiple of radius (seed: 0 → 1 over 0…0.10, back to 0 over 0.50…0.56)"),
        ParameterSpec(name: "stretchX", defaultValue: 1, lower: 0, upper: 10,
                      doc: "circle's x factor about its centre (seed: 1 → 1.1 → 1 over 0.10…0.18)"),
        ParameterSpec(name: "stretchY", defaultValue: 1, lower: 0, upper: 10,
                      doc: "circle's y factor about its centre (seed: 1 → 1.1 → 1 over 0.18…0.26)"),
        ParameterSpec(name: "triangleSize", defaultValue: 0, lower: 0, upper: 10,
                      doc: "distance of the triangle's corners from the centre as a multiple of radius (seed: 0 → 0.75 at 0.26…0.27, back to 0 over 0.50…0.56)"),
        ParameterSpec(name: "leftCorner", defaultValue: 1, lower: 0, upper: 10,
                      doc: "factor on the lower-left corner's distance (seed: 1 → 1.2 over 0.27…0.32)"),
        ParameterSpec(name: "rightCorner", defaultValue: 1, lower: 0, upper: 10,
                      doc: "factor on the lower-right corner's distance (seed: 1 → 1.2 over 0.32…0.37)"),
        ParameterSpec(name: "topCorner", defaultValue: 1, lower: 0, upper: 10,
                      doc: "factor on the top corner's distance (seed: 1 → 1.2 over 0.37…0.42)"),
        ParameterSpec(name: "triangleRotation", defaultValue: 0, lower: -.infinity, upper: .infinity,
                      doc: "triangle's rotation about the centre, radians counter-clockwise (seed: 0 → 2π over 0.42…0.52)"),
        ParameterSpec(name: "rectWidth", defaultValue: 100, lower: 0, upper: .infinity,
                      doc: "width of the rectangle (border and water) before it expands, model units"),
        ParameterSpec(name: "rectHeight", defaultValue: 100, lower: 0, upper: .infinity,
                      doc: "height of the rectangle before it expands, model units"),
        ParameterSpec(name: "border1End", defaultValue: 0, lower: 0, upper: 1,
                      doc: "stroke end of the border's first pass, from the bottom-left corner up (seed: 0 → 1 over 0.56…0.64)"),
        ParameterSpec(name: "border2End", defaultValue: 0, lower: 0, upper: 1,
                      doc: "stroke end of the border's second pass (seed: 0 → 1 over 0.66…0.74, after a delay)"),
        ParameterSpec(name: "waterLevel", defaultValue: 0, lower: 0, upper: 1,
                      doc: "water line as a fraction of the rectangle's height from its bottom (seed: 0 → 1 in 10 steps over 0.74…0.94)"),
        ParameterSpec(name: "wave1", defaultValue: 0, lower: -.infinity, upper: .infinity,
                      doc: "offset of the wave's left control point above the water line, model units (seed: ±10, alternating)"),
        ParameterSpec(name: "wave2", defaultValue: 0, lower: -.infinity, upper: .infinity,
                      doc: "offset of the wave's right control point above the water line, model units (seed: ∓10, alternating)"),
        ParameterSpec(name: "frameWidth", defaultValue: 300, lower: 0, upper: .infinity,
                      doc: "width of the full frame the rectangle expands to, model units"),
        ParameterSpec(name: "frameHeight", defaultValue: 300, lower: 0, upper: .infinity,
                      doc: "height of the full frame, model units"),
        ParameterSpec(name: "expansion", defaultValue: 0, lower: 0, upper: 1,
                      doc: "rectangle size from its own (0) to the full frame (1) (seed: 0 → 1 over 0.94…1)"),
    ]

    public var parameters: [ParameterSpec] { Self.specs }

    static let borderVerbs: [Path.Verb] = [.move, .line, .line, .line, .line]
    /// Circle `M C C C C Z` (13 points), triangle `M L L Z` (3), border twice `M L L L L`
    /// (5 + 5), water `M L L C Z` (6): 32 stored points.
    public static let verbs: [Path.Verb] = UnitCircle.verbs + [.move, .line, .line, .close] + borderVerbs + borderVerbs
        + [.move, .line, .line, .cubic, .close]
    public var verbs: [Path.Verb] { Self.verbs }
    public var subpathPaints: [SubpathPaint] { [.filled, .filled, .stroked, .stroked, .filled] }

    /// First stored point of the triangle, the two borders and the water.
    public static let trianglePoint = 13
    public static let borderPoints = [16, 21]
    public static let waterPoint = 26

    /// The corners' directions θᵢ (left, right, top), radians.
    public static let cornerAngles = [7 * Double.pi / 6, -Double.pi / 6, Double.pi / 2]

    // MARK: Geometry

    /// Effective values by column index (no copies).
    struct Values {
        let p: ParameterVector
        init(_ p: ParameterVector) {
            precondition(p.count == LoadingModel.specs.count, "not a loading parameter vector")
            self.p = p
        }
        subscript(_ i: Int) -> Double { p.value(at: i) }
        var x: Double { self[LoadingModel.expansionIndex] }
        /// Wₑ and Hₑ.
        var width: Double { self[9] + x * (self[16] - self[9]) }
        var height: Double { self[10] + x * (self[17] - self[10]) }
        /// The water line y_w = −Hₑ/2 + ℓ·Hₑ.
        var waterLine: Double { -height / 2 + self[13] * height }
    }

    public func fillControlPoints(parameters p: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        checkPointBuffers(xs, ys)
        let v = Values(p)
        let gr = v[1] * v[0]
        for i in 0..<UnitCircle.pointCount {
            let u = UnitCircle.midpointExact[i]
            xs[i] = v[2] * (gr * u.x)
            ys[i] = v[3] * (gr * u.y)
        }
        for c in 0..<3 {
            let theta = Self.cornerAngles[c] + v[8]
            let d = v[Self.cornerIndices[c]] * v[4] * v[0]
            xs[Self.trianglePoint + c] = d * cos(theta)
            ys[Self.trianglePoint + c] = d * sin(theta)
        }
        let w = v.width, h = v.height
        for (pass, first) in Self.borderPoints.enumerated() {
            let stroke = RectangleStroke(width: w, height: h, end: v[Self.borderEndIndices[pass]])
            for j in 0..<5 {
                let q = stroke.point(j)
                xs[first + j] = q.x.value
                ys[first + j] = q.y.value
            }
        }
        let yw = v.waterLine
        for (n, q) in Self.waterLayout.enumerated() {
            xs[Self.waterPoint + n] = q.a * w
            ys[Self.waterPoint + n] = q.onLine ? yw + (q.wave.map { v[$0] } ?? 0) : -h / 2
        }
    }

    /// The water's six points: x = a·Wₑ; y = −Hₑ/2 off the line, else y_w plus the offset of
    /// the wave parameter (the control points). In drawing order: bottom-left, bottom-right,
    /// right end of the water line, right control point, left control point, left end.
    static let waterLayout: [(a: Double, onLine: Bool, wave: Int?)] = [
        (-0.5, false, nil), (0.5, false, nil), (0.5, true, nil),
        (1.0 / 6, true, wave2Index), (-1.0 / 6, true, wave1Index), (-0.5, true, nil),
    ]

    /// The analytic Jacobian. Circle point u: ∂/∂R = (sₓ·g·uₓ, s_y·g·u_y), ∂/∂g = (sₓ·R·uₓ,
    /// s_y·R·u_y), ∂/∂sₓ = (g·R·uₓ, 0), ∂/∂s_y = (0, g·R·u_y). Triangle corner i with
    /// d = fᵢ·ρ·R and direction (c, s) = (cos, sin)(θᵢ + φ): ∂/∂fᵢ = ρR·(c, s),
    /// ∂/∂ρ = fᵢR·(c, s), ∂/∂R = fᵢρ·(c, s), ∂/∂φ = d·(−s, c). A rectangle coordinate with
    /// ∂/∂Wₑ = a and ∂/∂Hₑ = b (``RectangleStroke``; the water's ±½, ±⅙, −½, ℓ − ½) gives
    /// ∂/∂W = a(1 − x), ∂/∂F_W = a·x, ∂/∂H = b(1 − x), ∂/∂F_H = b·x and
    /// ∂/∂x = a(F_W − W) + b(F_H − H); besides, border point: ∂/∂eᵢ from ``RectangleStroke``;
    /// water line points: ∂y/∂ℓ = Hₑ; the wave's control points: ∂y/∂w₁ = ∂y/∂w₂ = 1.
    public func fillJacobian(parameters p: ParameterVector, into j: inout ControlPointJacobian) {
        checkJacobian(&j, zeroingColumns: true)
        let v = Values(p)
        let (r, g, sx, sy) = (v[0], v[1], v[2], v[3])
        for i in 0..<UnitCircle.pointCount {
            let u = UnitCircle.midpointExact[i]
            j[2 * i, Self.radiusIndex] = sx * g * u.x
            j[2 * i + 1, Self.radiusIndex] = sy * g * u.y
            j[2 * i, Self.circleScaleIndex] = sx * r * u.x
            j[2 * i + 1, Self.circleScaleIndex] = sy * r * u.y
            j[2 * i, Self.stretchXIndex] = g * r * u.x
            j[2 * i + 1, Self.stretchYIndex] = g * r * u.y
        }
        let rho = v[4]
        for c in 0..<3 {
            let i = Self.trianglePoint + c
            let theta = Self.cornerAngles[c] + v[8]
            let (cs, sn) = (cos(theta), sin(theta))
            let f = v[Self.cornerIndices[c]]
            j[2 * i, Self.cornerIndices[c]] = rho * r * cs
            j[2 * i + 1, Self.cornerIndices[c]] = rho * r * sn
            j[2 * i, Self.triangleSizeIndex] = f * r * cs
            j[2 * i + 1, Self.triangleSizeIndex] = f * r * sn
            j[2 * i, Self.radiusIndex] = f * rho * cs
            j[2 * i + 1, Self.radiusIndex] = f * rho * sn
            let d = f * rho * r
            j[2 * i, Self.triangleRotationIndex] = -d * sn
            j[2 * i + 1, Self.triangleRotationIndex] = d * cs
        }
        let x = v.x, dW = v[16] - v[9], dH = v[17] - v[10]
        /// Writes the rectangle-size columns of `row` for ∂/∂Wₑ = a, ∂/∂Hₑ = b.
        func size(_ row: Int, _ a: Double, _ b: Double) {
            j[row, Self.rectWidthIndex] = a * (1 - x)
            j[row, Self.frameWidthIndex] = a * x
            j[row, Self.rectHeightIndex] = b * (1 - x)
            j[row, Self.frameHeightIndex] = b * x
            j[row, Self.expansionIndex] = a * dW + b * dH
        }
        let w = v.width, h = v.height
        for (pass, first) in Self.borderPoints.enumerated() {
            let stroke = RectangleStroke(width: w, height: h, end: v[Self.borderEndIndices[pass]])
            for n in 0..<5 {
                let q = stroke.point(n), i = first + n
                size(2 * i, q.x.dW, q.x.dH)
                size(2 * i + 1, q.y.dW, q.y.dH)
                j[2 * i, Self.borderEndIndices[pass]] = q.x.de
                j[2 * i + 1, Self.borderEndIndices[pass]] = q.y.de
            }
        }
        // Water: x = a·Wₑ; y = −Hₑ/2 (bottom) or y_w (+ wᵢ) with ∂y_w/∂Hₑ = ℓ − ½, ∂y_w/∂ℓ = Hₑ.
        let lineSlope = v[13] - 0.5
        for (n, q) in Self.waterLayout.enumerated() {
            let i = Self.waterPoint + n
            size(2 * i, q.a, 0)
            if q.onLine {
                size(2 * i + 1, 0, lineSlope)
                j[2 * i + 1, Self.waterLevelIndex] = h
            } else {
                size(2 * i + 1, 0, -0.5)
            }
            if let wave = q.wave { j[2 * i + 1, wave] = 1 }
        }
    }

    public func nonIdentifiableSets(at parameters: ParameterVector) -> [NonIdentifiableSet] {
        var sets = [
            NonIdentifiableSet(names: ["radius", "circleScale", "triangleSize"],
                               reason: "the circle's radius is circleScale·radius and the triangle's corners lie at triangleSize·radius: radius·c with both /c is the same scene"),
            NonIdentifiableSet(names: ["circleScale", "stretchX", "stretchY"],
                               reason: "the circle's semi-axes are stretchX·circleScale·radius and stretchY·circleScale·radius: circleScale·c with both stretches /c is the same circle"),
            NonIdentifiableSet(names: ["triangleSize", "leftCorner", "rightCorner", "topCorner"],
                               reason: "each corner lies at its factor·triangleSize·radius: triangleSize·c with every corner factor /c is the same triangle"),
            NonIdentifiableSet(names: ["rectWidth", "frameWidth"],
                               reason: "both act only through the current width rectWidth + expansion·(frameWidth − rectWidth)"),
            NonIdentifiableSet(names: ["rectHeight", "frameHeight"],
                               reason: "both act only through the current height rectHeight + expansion·(frameHeight − rectHeight)"),
        ]
        for width in ["rectWidth", "frameWidth"] {
            for height in ["rectHeight", "frameHeight"] {
                sets.append(NonIdentifiableSet(
                    names: [width, height, "expansion"].sorted { index($0) < index($1) },
                    reason: "expansion acts only through the current width and height, which \(width) and \(height) already move"))
            }
        }
        return sets
    }

    // Audit: called only with the model's own parameter names (literals in this file), never a
    // user's: the lookup cannot fail.
    func index(_ name: String) -> Int { Self.specs.firstIndex { $0.name == name }! }

    public func uniformScaleSets(at parameters: ParameterVector) -> [[String]] {
        [["radius", "rectWidth", "rectHeight", "wave1", "wave2", "frameWidth", "frameHeight"]]
    }

    // MARK: The seed's animation

    /// Where the water's eleven keyframes start, and the progress between them.
    public static let waterStart = 0.74
    public static let waterStep = 0.02

    static let tracks: [SceneTrack] = {
        var tracks = [
            SceneTrack("circleScale", [(0, .start), (0.10, .target), (0.50, .target), (0.56, .start)],
                       timings: [.easeOut, .linear, .easeIn]),
            SceneTrack("stretchX", [(0.10, .start), (0.14, .target), (0.18, .start)], timing: .easeInEaseOut),
            SceneTrack("stretchY", [(0.18, .start), (0.22, .target), (0.26, .start)], timing: .easeInEaseOut),
            SceneTrack("triangleSize", [(0.26, .start), (0.27, .target), (0.50, .target), (0.56, .start)],
                       timings: [.linear, .linear, .easeIn]),
            SceneTrack("leftCorner", [(0.27, .start), (0.32, .target)]),
            SceneTrack("rightCorner", [(0.32, .start), (0.37, .target)]),
            SceneTrack("topCorner", [(0.37, .start), (0.42, .target)]),
            SceneTrack("triangleRotation", [(0.42, .start), (0.52, .target)], timing: .easeInEaseOut),
            SceneTrack("border1End", [(0.56, .start), (0.64, .target)]),
            SceneTrack("border2End", [(0.66, .start), (0.74, .target)]),
            SceneTrack("expansion", [(0.94, .start), (1, .target)], timing: .easeIn),
        ]
        let steps = 0...10
        func time(_ j: Int) -> Double { waterStart + Double(j) * waterStep }
        tracks.append(SceneTrack("waterLevel", steps.map { (time($0), .scaledTarget(Double($0) / 10)) }))
        func swing(_ j: Int, _ sign: Double) -> SceneTrack.Value {
            j == 0 || j == 10 ? .constant(0) : .scaledTarget(j % 2 == 1 ? sign : -sign)
        }
        tracks.append(SceneTrack("wave1", steps.map { (time($0), swing($0, 1)) }))
        tracks.append(SceneTrack("wave2", steps.map { (time($0), swing($0, -1)) }))
        return tracks
    }()

    /// g → 1, sₓ, s_y → 1.1, ρ → 0.75, corners → 1.2, φ → 2π, borders → 1, ℓ → 1, waves → 10,
    /// x → 1.
    public var seedTargets: ParameterVector {
        SceneTrack.targets([
            "circleScale": 1, "stretchX": 1.1, "stretchY": 1.1, "triangleSize": 0.75,
            "leftCorner": 1.2, "rightCorner": 1.2, "topCorner": 1.2, "triangleRotation": 2 * Double.pi,
            "border1End": 1, "border2End": 1, "waterLevel": 1, "wave1": 10, "wave2": 10, "expansion": 1,
        ], defaults: defaultParameters)
    }

    public func seedProfile(targets: ParameterVector) throws(ModelInputError) -> ProgressProfile {
        try SceneTrack.profile(Self.tracks, defaults: defaultParameters, targets: targets)
    }
}
