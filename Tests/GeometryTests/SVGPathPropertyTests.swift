import Geometry
import Testing
import _TestSupport

/// Seeded property tests: format → parse round trips, and mixed relative/shorthand data against
/// an independent reference interpreter.
@Suite("SVG path data properties")
struct SVGPathPropertyTests {
    typealias F = SVGFixtures

    @Test("Formatter: absolute commands, shortest round-trip numbers, no trailing .0")
    func formatterExamples() {
        var p = Path()
        p.move(to: Point(3, -0.0))
        p.line(to: Point(0.1, 1e-5))
        p.quadratic(to: Point(-2.5, 1e300), control: Point(.leastNonzeroMagnitude, 100))
        p.cubic(to: Point(1e16, 0), control1: Point(1, 2), control2: Point(-7, 1.0 / 3.0))
        p.close()
        p.line(to: Point(4, 4))
        #expect(p.svgPathData == "M3 -0 L0.1 1e-05 Q5e-324 100 -2.5 1e+300 "
                + "C1 2 -7 0.3333333333333333 1e+16 0 Z M3 -0 L4 4")
        #expect(Path().svgPathData == "")

        var bad = Path()
        bad.move(to: Point(.nan, .infinity))
        bad.line(to: Point(-.infinity, 0))
        #expect(bad.svgPathData == "Mnan inf L-inf 0")
        #expect(!bad.isFinite && F.parse(bad.svgPathData) == nil)
    }

    /// A random path through the `Path` API: several subpaths, every verb, closes, drawing
    /// straight after a close, coordinates of mixed magnitude and both zeros.
    private func randomPath(_ rng: inout SplitMix64) -> Path {
        var p = Path()
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            p.move(to: rng.svgTestPoint())
            rng.drawSegments(on: &p, 0...6, closes: true) { $0.svgTestPoint() }
            if Bool.random(using: &rng) { p.close() }
        }
        return p
    }

    @Test("Random paths: format then parse gives the same path, bit for bit")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 0xB321_0001)
        var sawNegativeZero = false, sawSubnormal = false, sawHuge = false
        for _ in 0..<2_000 {
            let path = randomPath(&rng)
            let text = path.svgPathData
            let back = try Path(svgPathData: text)
            #expect(back == path, "\(text)")
            #expect(F.identical(back, path), "\(text)")
            for x in path.xs + path.ys {
                if x == 0 && x.sign == .minus { sawNegativeZero = true }
                if x.isSubnormal { sawSubnormal = true }
                if abs(x) >= 1e300 { sawHuge = true }
            }
        }
        #expect(sawNegativeZero && sawSubnormal && sawHuge)
    }

    // MARK: Mixed forms against a reference interpreter

    /// One drawing instruction with absolute coordinates; shorthand forms carry only what the
    /// data would carry.
    private enum Instruction {
        case move(Point), line(Point), horizontal(Double), vertical(Double)
        case cubic(Point, Point, Point), smoothCubic(Point, Point)
        case quadratic(Point, Point), smoothQuadratic(Point)
        case arc(rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, to: Point)
        case close
    }

    private func randomInstructions(_ rng: inout SplitMix64) -> [Instruction] {
        var out: [Instruction] = [.move(rng.svgGridPoint())]
        for _ in 0..<Int.random(in: 1...25, using: &rng) {
            switch Int.random(in: 0..<11, using: &rng) {
            case 0: out.append(.move(rng.svgGridPoint()))
            case 1: out.append(.line(rng.svgGridPoint()))
            case 2: out.append(.horizontal(rng.svgGridPoint().x))
            case 3: out.append(.vertical(rng.svgGridPoint().y))
            case 4: out.append(.cubic(rng.svgGridPoint(), rng.svgGridPoint(), rng.svgGridPoint()))
            case 5: out.append(.smoothCubic(rng.svgGridPoint(), rng.svgGridPoint()))
            case 6: out.append(.quadratic(rng.svgGridPoint(), rng.svgGridPoint()))
            case 7: out.append(.smoothQuadratic(rng.svgGridPoint()))
            case 8, 9:
                out.append(.arc(rx: Double(Int.random(in: -3...15, using: &rng)),
                                ry: Double(Int.random(in: 0...15, using: &rng)),
                                rotation: Double(Int.random(in: -400...400, using: &rng)),
                                large: Bool.random(using: &rng), sweep: Bool.random(using: &rng),
                                to: rng.svgGridPoint(3)))  // near the origin: sometimes equal ends
            default: out.append(.close)
            }
        }
        return out
    }

    /// The reference: the instructions executed with the `Path` API, tracking the current point,
    /// subpath start and reflection state independently of the parser.
    private func referencePath(_ instructions: [Instruction]) -> (path: Path, omittedArcs: Int, straightArcs: Int) {
        var omitted = 0, straight = 0
        var p = Path()
        var current = Point.zero, start = Point.zero
        var lastCubic: Point?, lastQuadratic: Point?
        func reflect(_ old: Point?) -> Point { old.map { 2 * current - $0 } ?? current }
        for instruction in instructions {
            var cubic: Point?, quadratic: Point?
            switch instruction {
            case .move(let q): p.move(to: q); current = q; start = q
            case .line(let q): p.line(to: q); current = q
            case .horizontal(let x): current = Point(x, current.y); p.line(to: current)
            case .vertical(let y): current = Point(current.x, y); p.line(to: current)
            case .cubic(let c1, let c2, let q):
                p.cubic(to: q, control1: c1, control2: c2); current = q; cubic = c2
            case .smoothCubic(let c2, let q):
                p.cubic(to: q, control1: reflect(lastCubic), control2: c2); current = q; cubic = c2
            case .quadratic(let c, let q):
                p.quadratic(to: q, control: c); current = q; quadratic = c
            case .smoothQuadratic(let q):
                let c = reflect(lastQuadratic)
                p.quadratic(to: q, control: c); current = q; quadratic = c
            case .arc(let rx, let ry, let rotation, let large, let sweep, let q):
                let segments = EllipticalArc.svgArcSegments(
                    from: current, to: q, radiusX: rx, radiusY: ry, xAxisRotationDegrees: rotation,
                    largeArc: large, sweep: sweep)
                if segments.isEmpty { omitted += 1 }
                if case .line = segments.first { straight += 1 }
                for s in segments { p.append(s) }
                current = q
            case .close: p.close(); current = start
            }
            (lastCubic, lastQuadratic) = (cubic, quadratic)
        }
        return (p, omitted, straight)
    }

    /// Path data for the instructions. `mixed` picks absolute or relative letters at random,
    /// keeps the shorthands (H V S T), leaves out repeated letters where allowed and varies the
    /// separators; otherwise the data is the hand-converted absolute form (M L C Q A Z only).
    private func pathData(_ instructions: [Instruction], mixed: Bool, _ rng: inout SplitMix64) -> String {
        var out = ""
        var current = Point.zero, start = Point.zero
        var lastCubic: Point?, lastQuadratic: Point?
        var previousLetter: Character?
        func reflect(_ old: Point?) -> Point { old.map { 2 * current - $0 } ?? current }
        func text(_ v: Double) -> String { String(Int(v)) }

        for instruction in instructions {
            let relative = mixed && Bool.random(using: &rng)
            var letter: Character
            var numbers: [String] = []
            var cubic: Point?, quadratic: Point?
            var flagsAt: Int?   // index in `numbers` of the large-arc flag
            func add(_ q: Point) {
                numbers.append(text(relative ? q.x - current.x : q.x))
                numbers.append(text(relative ? q.y - current.y : q.y))
            }
            var next = current
            switch instruction {
            case .move(let q): letter = "M"; add(q); next = q; start = q
            case .line(let q): letter = "L"; add(q); next = q
            case .horizontal(let x):
                next = Point(x, current.y)
                if mixed { letter = "H"; numbers.append(text(relative ? x - current.x : x)) } else { letter = "L"; add(next) }
            case .vertical(let y):
                next = Point(current.x, y)
                if mixed { letter = "V"; numbers.append(text(relative ? y - current.y : y)) } else { letter = "L"; add(next) }
            case .cubic(let c1, let c2, let q): letter = "C"; add(c1); add(c2); add(q); next = q; cubic = c2
            case .smoothCubic(let c2, let q):
                if mixed { letter = "S" } else { letter = "C"; add(reflect(lastCubic)) }
                add(c2); add(q); next = q; cubic = c2
            case .quadratic(let c, let q): letter = "Q"; add(c); add(q); next = q; quadratic = c
            case .smoothQuadratic(let q):
                let c = reflect(lastQuadratic)
                if mixed { letter = "T" } else { letter = "Q"; add(c) }
                add(q); next = q; quadratic = c
            case .arc(let rx, let ry, let rotation, let large, let sweep, let q):
                letter = "A"
                numbers = [text(rx), text(ry), text(rotation), large ? "1" : "0", sweep ? "1" : "0"]
                flagsAt = 3
                add(q); next = q
            case .close: letter = "Z"; next = start
            }
            if relative { letter = Character(letter.lowercased()) }

            // The letter may be left out after the same letter (after M/m the repeated letter is
            // L/l); only whitespace may separate a letter from its first number.
            if mixed && previousLetter == letter && Bool.random(using: &rng) {
                let signed = numbers[0].hasPrefix("-")
                out += signed && Bool.random(using: &rng) ? "" : [" ", ",", " , ", "\n"][Int.random(in: 0..<4, using: &rng)]
            } else {
                if !out.isEmpty { out += mixed && Bool.random(using: &rng) ? "" : " " }
                out.append(letter)
                if !numbers.isEmpty { out += mixed ? ["", "\t", " "][Int.random(in: 0..<3, using: &rng)] : " " }
            }
            for (i, n) in numbers.enumerated() {
                if i > 0 {
                    // A sign starts a new number, and a flag is one character: no separator needed
                    // before a negative number, the sweep flag, or the coordinate after it.
                    let optional = n.hasPrefix("-") || flagsAt.map { i == $0 + 1 || i == $0 + 2 } == true
                    if !(mixed && optional && Bool.random(using: &rng)) {
                        out += mixed ? [" ", ",", ", ", " ,", "\n "][Int.random(in: 0..<5, using: &rng)] : " "
                    }
                }
                out += n
            }
            switch letter {
            case "M": previousLetter = "L"
            case "m": previousLetter = "l"
            case "Z", "z": previousLetter = nil
            default: previousLetter = letter
            }
            current = next
            (lastCubic, lastQuadratic) = (cubic, quadratic)
        }
        return out
    }

    @Test("Random relative/shorthand data parses like its absolute form and the reference")
    func mixedForms() throws {
        var rng = SplitMix64(seed: 0xB321_0002)
        var omittedArcs = 0, straightArcs = 0
        for _ in 0..<1_500 {
            let instructions = randomInstructions(&rng)
            let (expected, omitted, straight) = referencePath(instructions)
            let absolute = pathData(instructions, mixed: false, &rng)
            let mixed = pathData(instructions, mixed: true, &rng)
            let fromAbsolute = try Path(svgPathData: absolute)
            let fromMixed = try Path(svgPathData: mixed)
            #expect(F.identical(fromAbsolute, expected), "\(absolute)")
            #expect(F.identical(fromMixed, expected), "\(mixed)\nvs\n\(absolute)")
            omittedArcs += omitted
            straightArcs += straight
        }
        #expect(omittedArcs > 10 && straightArcs > 10)
    }
}
