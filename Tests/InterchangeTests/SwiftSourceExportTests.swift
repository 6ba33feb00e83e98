import Deform
import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport

/// The generated Swift files compiled with `swiftc` against stand-in modules that declare, as
/// Apple documents them, exactly the UIKit / Core Graphics / QuartzCore / SwiftUI signatures the
/// code uses (Resources/StandIns), then run: what they record is compared with the library.
/// This checks the code against the APIs' signatures, not on a device.
@Suite("Swift exports compiled against Apple's signatures and run", .serialized)
struct SwiftSourceExportTests {
    /// The 50 progress values the runners draw: j/49.
    static let progress = (0..<50).map { Double($0) / 49 }

    /// One recorded path: its elements as a Geometry path (M, C, L, Q, Z).
    static func path(_ fields: ArraySlice<Substring>) -> Path {
        var p = Path()
        var it = fields.makeIterator()
        func point() -> Point { Point(Double(it.next()!)!, Double(it.next()!)!) }
        while let kind = it.next() {
            switch kind {
            case "M": p.move(to: point())
            case "L": p.line(to: point())
            case "Q": let c = point(); p.quadratic(to: point(), control: c)
            case "C": let c1 = point(), c2 = point(); p.cubic(to: point(), control1: c1, control2: c2)
            case "Z": p.close()
            default: preconditionFailure("unknown element \(kind)")
            }
        }
        return p
    }

    /// swiftc, the stand-in module `name` built as a library in `folder`, then `sources`
    /// compiled and linked against it into `folder/runner`; the runner's output lines.
    func compileAndRun(standIn name: String, sources: [(String, String)], in folder: TemporaryFolder) throws -> [String] {
        let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? "/opt/swift/usr/bin/swiftc"
        let standIn = exportResources.appendingPathComponent("StandIns/\(name).swift").path
        let build = try run(swiftc, ["-emit-library", "-emit-module", "-parse-as-library", "-module-name", name,
                                     "-emit-module-path", folder.file("\(name).swiftmodule").path,
                                     "-o", folder.file("lib\(name).so").path, standIn])
        guard build.status == 0 else { throw ReferenceError("stand-in \(name) did not compile: \(build.err)") }
        var files: [String] = []
        for (file, text) in sources {
            try text.write(to: folder.file(file), atomically: true, encoding: .utf8)
            files.append(folder.file(file).path)
        }
        let compile = try run(swiftc, ["-I", folder.url.path, "-L", folder.url.path, "-l\(name)",
                                       "-Xlinker", "-rpath", "-Xlinker", folder.url.path,
                                       "-o", folder.file("runner").path] + files)
        guard compile.status == 0 else { throw ReferenceError("generated \(name) code did not compile: \(compile.err)") }
        #expect(!compile.err.contains("warning:"), "the generated code compiles without warnings: \(compile.err)")
        let r = try run(folder.file("runner").path, [])
        guard r.status == 0 else { throw ReferenceError("runner failed: \(r.err)") }
        return r.out.split(separator: "\n").map(String.init)
    }

    /// Swift source printing a recorded path's elements after `label`.
    static let dumpFunction = """
    func dump(_ label: String, _ elements: [(kind: Character, points: [CGPoint])]) {
        var line = label
        for e in elements {
            line += " \\(e.kind)"
            for p in e.points { line += " \\(Double(p.x)) \\(Double(p.y))" }
        }
        print(line)
    }

    """

    /// Every fixture's export (`export(i, animation)`, its `text` written as `Fixture<i>.swift`),
    /// compiled against the stand-in `framework` with a main.swift that imports it, defines
    /// `dump` and runs `calls(i, export)` for each fixture: the exports and the lines the runner
    /// printed.
    func runExports<Export>(standIn framework: String, _ export: (Int, ShapeAnimation) throws -> Export,
                            text: (Export) -> String, calls: (Int, Export) -> String) throws -> (exports: [Export], lines: [String]) {
        let folder = try TemporaryFolder()
        var sources: [(String, String)] = []
        var main = "import \(framework)\n\n" + Self.dumpFunction
        var exports: [Export] = []
        for (i, fixture) in ExportFixtures.all.enumerated() {
            let e = try export(i, fixture.animation)
            exports.append(e)
            sources.append(("Fixture\(i).swift", text(e)))
            main += calls(i, e)
        }
        sources.append(("main.swift", main))
        return (exports, try compileAndRun(standIn: framework, sources: sources, in: folder))
    }

    @Test("swift-uikit: cgPath and UIBezierPath equal the library's frames at 50 progress values; CAKeyframeAnimation's keyframes, key times and Float timing functions are the plan's")
    func uikit() throws {
        let (exports, lines) = try runExports(standIn: "UIKit", { i, animation in
            try UIKitSourceExport(animation, options: ExportOptions(typeName: "Fixture\(i)Animation"))
        }, text: \.text) { i, _ in
            """
            for j in 0..<50 {
                let p = Double(j) / 49
                dump("path \(i) \\(j)", Fixture\(i)Animation.cgPath(progress: p)._elements)
                dump("uipath \(i) \\(j)", Fixture\(i)Animation.path(progress: p).cgPath._elements)
            }
            do {
                let a = Fixture\(i)Animation.keyframeAnimation()
                print("keyframes \(i) \\(a.keyPath ?? "") \\(a.duration) \\(a.calculationMode.rawValue) " + (a.keyTimes ?? []).map { "\\($0.doubleValue)" }.joined(separator: " "))
                for (k, v) in (a.values ?? []).enumerated() { dump("value \(i) \\(k)", (v as! CGPath)._elements) }
                for (k, f) in (a.timingFunctions ?? []).enumerated() { print("timing \(i) \\(k) " + f._controlPoints.map { "\\($0)" }.joined(separator: " ")) }
            }

            """
        }
        var worstPath = 0.0
        var pathCount = 0, timingCount = 0, worstComposed = 0.0
        for (i, fixture) in ExportFixtures.all.enumerated() {
            let a = fixture.animation, plan = exports[i].plan
            for line in lines where line.hasPrefix("path \(i) ") || line.hasPrefix("uipath \(i) ") {
                let f = line.split(separator: " ")
                let p = Self.progress[Int(f[2])!]
                let expected = a.outline(at: p)
                let got = Self.path(f[3...])
                #expect(got.verbs == expected.verbs)
                let d = pointDistance(got, expected) / a.size
                worstPath = max(worstPath, d)
                #expect(d <= 1e-12, "\(fixture.name) at \(p): \(d) of the size")
                pathCount += 1
            }
            guard let header = lines.first(where: { $0.hasPrefix("keyframes \(i) ") })?.split(separator: " ") else {
                Issue.record("no keyframe animation for \(fixture.name)")
                continue
            }
            #expect(header[2] == "path" && Double(header[3]) == a.duration && header[4] == "linear")
            #expect(header[5...].map { Double($0)! } == plan.keyframes.map(\.progress), "\(fixture.name): key times")
            for line in lines where line.hasPrefix("value \(i) ") {
                let f = line.split(separator: " ")
                let k = Int(f[2])!
                #expect(pointDistance(Self.path(f[3...]), plan.keyframes[k].outline) <= 1e-12 * a.size)
            }
            let timings = lines.filter { $0.hasPrefix("timing \(i) ") }
            #expect(timings.count == plan.easings.count)
            for line in timings {
                let f = line.split(separator: " ")
                let k = Int(f[2])!
                let floats = f[3...].map { Float($0)! }
                let e = plan.easings[k]
                // Core Animation's Float control points are the plan's rounded to Float …
                #expect(floats == [e.x1, e.y1, e.x2, e.y2].map { Float($0) }, "\(fixture.name) interval \(k)")
                // … and, evaluated with the library's cubic-bezier, follow its easing within that rounding.
                let rounded = try CubicBezierTiming(x1: Double(floats[0]), y1: Double(floats[1]), x2: Double(floats[2]), y2: Double(floats[3]))
                for u in stride(from: 0.0, through: 1, by: 1.0 / 64) {
                    let d = abs(rounded.value(at: u) - e.value(at: u))
                    worstComposed = max(worstComposed, d)
                    #expect(d <= 1e-6, "\(fixture.name) interval \(k) at \(u)")
                }
                timingCount += 1
            }
            // With one shared cubic-bezier, the Float functions compose back to the fitted timing.
            if case .cubicBezier(let t)? = a.sharedTiming {
                for line in timings {
                    let f = line.split(separator: " ")
                    let k = Int(f[2])!, fl = f[3...].map { Double(Float($0)!) }
                    let rounded = try CubicBezierTiming(x1: fl[0], y1: fl[1], x2: fl[2], y2: fl[3])
                    let p0 = plan.keyframes[k].progress, p1 = plan.keyframes[k + 1].progress
                    for u in stride(from: 0.0, through: 1, by: 0.125) {
                        let composed = t.value(at: p0) + (t.value(at: p1) - t.value(at: p0)) * rounded.value(at: u)
                        #expect(abs(composed - t.value(at: p0 + u * (p1 - p0))) <= 1e-6)
                    }
                }
            }
        }
        #expect(pathCount == 2 * 50 * ExportFixtures.all.count)
        print("swift-uikit: \(pathCount) recorded paths, worst \(worstPath) of the size; \(timingCount) timing functions, worst Float effect \(worstComposed)")
    }

    @Test("swiftui: the Shape's paths equal the library's frames at 50 progress values; .linear with inlined timings, .timingCurve or a spring with one shared timing left out")
    func swiftUI() throws {
        let (exports, lines) = try runExports(standIn: "SwiftUI", { i, animation in
            try SwiftUISourceExport(animation, options: ExportOptions(typeName: "Fixture\(i)Shape"))
        }, text: \.text) { i, export in
            // The value animatableData takes at each progress: p itself, or the shared timing T(p).
            let a = ExportFixtures.all[i].animation
            let values = Self.progress.map { p in export.timingLeftOut ? a.sharedTiming!.value(at: p) : p }
            return """
            do {
                let values: [Double] = [\(values.map { "\($0)" }.joined(separator: ", "))]
                for (j, v) in values.enumerated() {
                    var shape = Fixture\(i)Shape(\(export.timingLeftOut ? "fraction" : "progress"): 0)
                    shape.animatableData = v
                    dump("path \(i) \\(j)", shape.path(in: Fixture\(i)Shape.bounds)._elements)
                }
                let moved = Fixture\(i)Shape(\(export.timingLeftOut ? "fraction" : "progress"): values[20])
                    .path(in: CGRect(x: Fixture\(i)Shape.bounds.minX + 10, y: Fixture\(i)Shape.bounds.minY - 5, width: 1, height: 1))
                dump("moved \(i) 20", moved._elements)
                print("animation \(i) \\(Fixture\(i)Shape.animation._name) " + Fixture\(i)Shape.animation._arguments.map { "\\($0)" }.joined(separator: " "))
            }

            """
        }
        var worst = 0.0
        for (i, fixture) in ExportFixtures.all.enumerated() {
            let a = fixture.animation, export = exports[i]
            for line in lines where line.hasPrefix("path \(i) ") {
                let f = line.split(separator: " ")
                let p = Self.progress[Int(f[2])!]
                // A spring left out keeps moving at p = 1, where the library shows the end values.
                if p == 1, case .spring? = a.sharedTiming { continue }
                let d = pointDistance(Self.path(f[3...]), a.outline(at: p)) / a.size
                worst = max(worst, d)
                #expect(d <= 1e-12, "\(fixture.name) at \(p): \(d) of the size")
            }
            if let line = lines.first(where: { $0.hasPrefix("moved \(i) ") }) {
                let moved = Self.path(line.split(separator: " ")[3...])
                let shifted = a.outline(at: Self.progress[20]).transformed(by: .translation(x: 10, y: -5))
                #expect(pointDistance(moved, shifted) <= 1e-12 * a.size, "the rect's origin moves the shape")
            }
            guard let f = lines.first(where: { $0.hasPrefix("animation \(i) ") })?.split(separator: " ") else {
                Issue.record("no animation for \(fixture.name)")
                continue
            }
            let args = f[3...].map { Double($0)! }
            switch (export.timingLeftOut, a.sharedTiming) {
            case (true, .cubicBezier(let c)?):
                #expect(f[2] == "timingCurve" && args == [c.x1, c.y1, c.x2, c.y2, a.duration])
            case (true, .spring(let s)?):
                // Back to the fitted spring through Core Animation's terms (mass 1).
                let back: SpringTiming
                if f[2] == "spring" {
                    #expect(s.initialVelocity == 0)
                    back = try SwiftUISpring(response: args[0], dampingRatio: args[1]).springTiming(duration: a.duration)
                } else {
                    #expect(f[2] == "interpolatingSpring" && args[0] == 1)
                    back = try CoreAnimationSpring(mass: args[0], stiffness: args[1], damping: args[2], initialVelocity: args[3])
                        .springTiming(duration: a.duration)
                }
                #expect(abs(back.omega - s.omega) <= 1e-12 * s.omega && abs(back.zeta - s.zeta) <= 1e-12 * s.zeta
                        && abs(back.initialVelocity - s.initialVelocity) <= 1e-12 * abs(s.initialVelocity))
            default:
                #expect(!export.timingLeftOut)
                #expect(f[2] == "linear" && args == [a.duration], "\(fixture.name): inlined timings play linearly")
            }
            // Never both: a shape that leaves the timing out has no timing code inside.
            #expect(export.timingLeftOut ? !export.text.contains("keyframeValue") : (a.isStill || export.text.contains("keyframeValue")),
                    "\(fixture.name)")
        }
        #expect(exports.map(\.timingLeftOut) == [false, true, true, false, false])
        print("swiftui: worst recorded path \(worst) of the size")
    }
}
