import Foundation
import Testing
import _TestSupport

/// `beztune export --model ball --set yFactor=0.8 --timing TIMING --duration 0.3 --format
/// svg-animated`, played by a real browser (Debian's chromium, headless, installed by
/// scripts/setup-browser.sh) and paused at nine times, against the ball at
/// yFactor = 1 + (0.8 − 1)·E(t / 0.3), E computed here the slow, independent way (a bisection for
/// a cubic-bezier, the damped oscillator's closed form for a spring) and the outline drawn by
/// `beztune model --set yFactor=…` measured by the same browser: the bounding boxes and 64 points
/// along each path within 0.5 % of the ball's size.
@Suite("export --timing in a headless browser", .serialized)
struct ExportTransitionBrowserTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let duration = 0.3
    /// The ends, and times between keyframes and near the ends.
    static let times = [0, 0.013, 0.04, 0.075, 0.11, 0.15, 0.2, 0.26, 0.3]

    /// A timing as the command line takes it and its progress curve computed independently.
    struct Case: CustomStringConvertible {
        var timing: String
        var easing: @Sendable (Double) -> Double
        var description: String { timing }
    }

    static let cases = [
        Case(timing: "ease-out") { ReferenceEasing.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1, at: $0) },
        Case(timing: "cubic-bezier(0.3,-0.4,0.6,1.5)") { ReferenceEasing.cubicBezier(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.5, at: $0) },
        // CASpringAnimation: ω = √(k/m), ζ = c/(2√(mk)), the velocity in progress per second.
        Case(timing: "ca-spring(mass:1,stiffness:300,damping:12,velocity:2)") {
            dampedSpring(omega: 300.0.squareRoot(), zeta: 12 / (2 * 300.0.squareRoot()), velocity: 2, at: $0 * duration)
        },
        // SwiftUI's .spring(response:dampingFraction:): ω = 2π/response, ζ = dampingFraction.
        Case(timing: "swiftui-spring(response:0.25,dampingFraction:0.7)") {
            dampedSpring(omega: 2 * Double.pi / 0.25, zeta: 0.7, velocity: 0, at: $0 * duration)
        },
    ]

    /// An underdamped spring released at 0 towards 1 with `velocity` (units per second), at `t`
    /// seconds: 1 − e^(−ζωt)·(cos ω_d t + (ζω − v)/ω_d · sin ω_d t), ω_d = ω√(1 − ζ²) — the solution
    /// of x″ + 2ζω x′ + ω² x = 0 with x(0) = −1, x′(0) = v, shifted by 1.
    static func dampedSpring(omega: Double, zeta: Double, velocity: Double, at t: Double) -> Double {
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(wd * t) + (zeta * omega - velocity) / wd * sin(wd * t))
    }

    func chromium() throws -> String {
        let r = try BinaryRunner.runTool("/bin/bash", [Self.repository.appendingPathComponent("scripts/setup-browser.sh").path])
        guard r.status == 0 else { throw BrowserError("chromium: \(r.stderr)") }
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct BrowserError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The measured boxes and points: the animation's at each time, then the references'.
    func measure(animated svg: String, references: [String], in folder: TemporaryFolder) throws -> [(box: [Double], points: [[Double]])] {
        let body = svg.components(separatedBy: "?>\n").last ?? svg
        let paths = references.map { "<path class=\"reference\" d=\"\($0)\"/>" }.joined(separator: "\n")
        let html = """
        <!DOCTYPE html><html><body style="margin:0"><pre id="out"></pre>
        \(body)
        <svg id="references" viewBox="-100 -200 200 200" width="100" height="100">\(paths)</svg>
        <script>
        function measure(element) {
          const b = element.getBBox(), length = element.getTotalLength(), points = [];
          for (let k = 0; k < 64; k++) { const q = element.getPointAtLength(length * k / 64); points.push([q.x, q.y]); }
          return {bbox: [b.x, b.y, b.width, b.height], points: points};
        }
        const times = [\(Self.times.map { "\($0)" }.joined(separator: ", "))];
        const svg = document.querySelector('svg'), shape = document.getElementById('shape'), out = [];
        svg.pauseAnimations();
        function step(i) {
          if (i === times.length) {
            for (const r of document.querySelectorAll('path.reference')) out.push(measure(r));
            document.getElementById('out').textContent = JSON.stringify(out);
            return;
          }
          svg.setCurrentTime(times[i]);
          setTimeout(() => { out.push(measure(shape)); step(i + 1); }, 20);
        }
        window.addEventListener('load', () => step(0));
        </script></body></html>
        """
        let page = folder.file("page.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let r = try BinaryRunner.runTool(try chromium(), ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                          "--virtual-time-budget=30000", "--dump-dom", page.absoluteString])
        guard r.status == 0, let start = r.stdout.range(of: "<pre id=\"out\">"),
              let end = r.stdout.range(of: "</pre>", range: start.upperBound..<r.stdout.endIndex) else {
            throw BrowserError("chromium gave no result: \(r.stderr.suffix(500))")
        }
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout[start.upperBound..<end.lowerBound].utf8))
        guard let list = json as? [[String: Any]] else { throw BrowserError("unexpected result") }
        return list.map { item in
            ((item["bbox"] as? [Double]) ?? [], (item["points"] as? [[Double]]) ?? [])
        }
    }

    @Test("svg-animated rest → squash equals the ball at E(t / duration) within 0.5 % of the size", arguments: cases)
    func transition(_ c: Case) throws {
        let folder = try TemporaryFolder()
        let out = folder.file("squash.svg")
        let r = try BinaryRunner.run(["export", "--model", "ball", "--set", "yFactor=0.8", "--timing", c.timing,
                                      "--duration", String(Self.duration), "--format", "svg-animated", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        var references: [String] = []
        for t in Self.times {
            let y = 1 + (0.8 - 1) * c.easing(t / Self.duration)
            let m = try BinaryRunner.run(["model", "--name", "ball", "--set", "yFactor=\(y)"])
            #expect(m.status == 0, "\(m.stderr)")
            references.append(m.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let measured = try measure(animated: try String(contentsOf: out, encoding: .utf8), references: references, in: folder)
        try #require(measured.count == 2 * Self.times.count)
        let size = 100.0  // the ball's diameter
        var worst = 0.0
        for (k, t) in Self.times.enumerated() {
            let (a, b) = (measured[k], measured[Self.times.count + k])
            #expect(a.box.count == 4 && b.box.count == 4 && a.points.count == 64 && b.points.count == 64, "t = \(t)")
            for (x, y) in zip(a.box, b.box) { worst = max(worst, abs(x - y) / size) }
            for (p, q) in zip(a.points, b.points) where p.count == 2 && q.count == 2 {
                worst = max(worst, hypot(p[0] - q[0], p[1] - q[1]) / size)
            }
        }
        #expect(worst <= 0.005, "\(c.timing): rendered geometry \(worst) of the size from the ball at E(t)")
    }
}
