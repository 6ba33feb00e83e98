import Deform
import Foundation
import Geometry
import Interchange
import Testing
import _TestSupport
import _Support

/// The `svg-animated` and `css` exports played by a real browser: Debian's chromium, headless,
/// installed by scripts/setup-browser.sh. Each fixture is sampled at 49 times — the ends, 23
/// evenly spaced times between them and 24 more offset by 0.37 of a step, so most fall between
/// keyframes — with paused animations (`SVGSVGElement.setCurrentTime` for SMIL; a negative
/// `animation-delay` for CSS), and the rendered geometry is compared with the library's frames:
/// the bounding box (`getBBox`) and 64 points along the path (`getPointAtLength`), each within
/// 0.5 % of the animation's size of the outline at that time. The CSS custom properties give
/// every parameter's own timing, compared with its track.
///
/// With BEZIERTUNE_SCREENSHOTS=DIR, a film strip of each format (six times, filled) is also
/// written there as export-svg-animated.png and export-css.png (scripts/export-screenshots.sh).
@Suite("web exports in a headless browser", .serialized)
struct BrowserExportTests {
    static let fixtures = ExportFixtures.all

    /// The sample times of an animation of `duration` seconds.
    static func times(_ duration: Double) -> [Double] {
        (0...24).map { duration * Double($0) / 24 } + (0..<24).map { duration * (Double($0) + 0.37) / 24 }
    }

    func chromium() throws -> String {
        let r = try run("/bin/bash", [repositoryRoot.appendingPathComponent("scripts/setup-browser.sh").path])
        guard r.status == 0 else { throw ReferenceError("chromium: \(r.err)") }
        return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Loads `page` in headless chromium and returns the text of its `<pre id="out">` once the
    /// page's scripts have run (virtual time: timers advance without waiting).
    func dump(_ page: URL) throws -> String {
        let r = try run(try chromium(), ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                         "--virtual-time-budget=60000", "--dump-dom", page.absoluteString])
        guard r.status == 0, let start = r.out.range(of: "<pre id=\"out\">"),
              let end = r.out.range(of: "</pre>", range: start.upperBound..<r.out.endIndex) else {
            throw ReferenceError("chromium gave no result for \(page.lastPathComponent): \(r.err.suffix(500))")
        }
        return String(r.out[start.upperBound..<end.lowerBound])
    }

    func screenshot(_ page: URL, to file: URL, width: Int, height: Int) throws {
        let r = try run(try chromium(), ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                         "--virtual-time-budget=5000", "--window-size=\(width),\(height)",
                                         "--screenshot=\(file.path)", page.absoluteString])
        guard r.status == 0, FileManager.default.fileExists(atPath: file.path) else {
            throw ReferenceError("chromium took no screenshot of \(page.lastPathComponent): \(r.err.suffix(500))")
        }
    }

    /// The JavaScript that measures `element` into the sample list `out`.
    static let measure = """
    function measure(element) {
      const b = element.getBBox(), length = element.getTotalLength(), points = [];
      for (let k = 0; k < 64; k++) { const q = element.getPointAtLength(length * k / 64); points.push([q.x, q.y]); }
      return {bbox: [b.x, b.y, b.width, b.height], points: points};
    }
    """

    /// The parent page: one iframe per fixture page, results gathered by postMessage.
    func parentPage(_ frames: [String], in folder: TemporaryFolder, name: String) throws -> URL {
        var html = "<!DOCTYPE html><html><body><pre id=\"out\"></pre>\n"
        for f in frames { html += "<iframe src=\"\(f)\" width=\"50\" height=\"50\"></iframe>\n" }
        html += """
        <script>
        const results = {}; let count = 0;
        window.addEventListener('message', e => {
          results[e.data.fixture] = e.data;
          if (++count === \(frames.count)) document.getElementById('out').textContent = JSON.stringify(results);
        });
        </script></body></html>
        """
        let url = folder.file(name)
        try html.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The rendered samples of fixture `i`: per time, the bounding box, the points and the
    /// custom properties (CSS).
    struct Sample {
        var bbox: [Double]
        var points: [Point]
        var properties: [String: Double]
    }

    func samples(_ json: JSONValue, fixture i: Int) throws -> [Sample] {
        guard let list = json[String(i)]?["samples"]?.array else { throw ReferenceError("no samples for fixture \(i)") }
        return list.map { s in
            let points = (s["points"]?.array ?? []).compactMap { p -> Point? in
                guard let xy = p.array, xy.count == 2, let x = xy[0].number, let y = xy[1].number else { return nil }
                return Point(x, y)
            }
            var properties: [String: Double] = [:]
            for (k, v) in s["properties"]?.object?.members ?? [] { properties[k] = Double(v.string?.trimmingCharacters(in: .whitespaces) ?? "") }
            return Sample(bbox: (s["bbox"]?.array ?? []).compactMap(\.number), points: points, properties: properties)
        }
    }

    /// Compares rendered samples with the library's outlines; the worst deviation over the size.
    func check(_ format: String, _ samples: [Sample], _ a: ShapeAnimation, name: String) -> Double {
        let times = Self.times(a.duration)
        #expect(samples.count == times.count, "\(format) \(name): \(samples.count) samples")
        var worst = 0.0
        for (s, t) in zip(samples, times) {
            let p = t / a.duration
            let outline = a.outline(at: p)
            guard let box = outline.boundingBox, s.bbox.count == 4 else { Issue.record("\(format) \(name): no box"); continue }
            let expected = [box.minX, box.minY, box.width, box.height]
            for (x, y) in zip(s.bbox, expected) { worst = max(worst, abs(x - y) / a.size) }
            #expect(s.points.count == 64)
            // The distance to the outline, through its polyline of 256 chords per segment (within
            // about 4e-5 of the size of the ball's quarter arcs).
            var polyline: [Point] = []
            for segment in outline.segments {
                for k in 0...256 { polyline.append(segment.point(at: Double(k) / 256)) }
            }
            for q in s.points {
                worst = max(worst, PolylineDeviation.distance(from: q, toPolyline: polyline) / a.size)
            }
        }
        #expect(worst <= 0.005, "\(format) \(name): rendered geometry \(worst) of the size from the library's frames")
        return worst
    }

    @Test("svg-animated: SMIL paused at 49 times matches the library's frames within 0.5 % of the size")
    func smil() throws {
        let folder = try TemporaryFolder()
        var frames: [String] = []
        for (i, fixture) in Self.fixtures.enumerated() {
            let svg = try ExportFormat.svgAnimated.render(fixture.animation)
            let body = svg.components(separatedBy: "?>\n").last ?? svg
            let html = """
            <!DOCTYPE html><html><body style="margin:0">
            \(body)
            <script>
            \(Self.measure)
            const times = [\(Self.times(fixture.animation.duration).map { "\($0)" }.joined(separator: ", "))];
            const svg = document.querySelector('svg'), shape = document.getElementById('shape'), out = [];
            svg.pauseAnimations();
            function step(i) {
              if (i === times.length) { parent.postMessage({fixture: \(i), samples: out}, '*'); return; }
              svg.setCurrentTime(times[i]);
              setTimeout(() => { out.push(measure(shape)); step(i + 1); }, 20);
            }
            window.addEventListener('load', () => step(0));
            </script></body></html>
            """
            try html.write(to: folder.file("smil-\(i).html"), atomically: true, encoding: .utf8)
            frames.append("smil-\(i).html")
        }
        let json = try JSONReader().parse(try dump(try parentPage(frames, in: folder, name: "smil.html")))
        for (i, fixture) in Self.fixtures.enumerated() {
            let worst = check("svg-animated", try samples(json, fixture: i), fixture.animation, name: fixture.name)
            print("svg-animated \(fixture.name): worst \(worst) of the size over 49 times")
        }
        if let dir = ProcessInfo.processInfo.environment["BEZIERTUNE_SCREENSHOTS"] {
            try filmStrip(format: .svgAnimated, in: folder, to: URL(fileURLWithPath: dir).appendingPathComponent("export-svg-animated.png"))
        }
    }

    @Test("css: paused animations with negative delays at 49 times match the library's frames within 0.5 % of the size; each parameter follows its own timing")
    func css() throws {
        let folder = try TemporaryFolder()
        var frames: [String] = []
        var cssExports: [CSSExport] = []
        for (i, fixture) in Self.fixtures.enumerated() {
            let a = fixture.animation
            let export = try CSSExport(a)
            cssExports.append(export)
            let box = export.text.components(separatedBy: "viewBox=\"")[1].components(separatedBy: "\"")[0]
            let names = export.parameterEasings.map(\.name)
            var paths = ""
            for t in Self.times(a.duration) {
                paths += "<path class=\"beztune-shape\" style=\"animation-delay: -\(t)s; animation-play-state: paused\"/>\n"
            }
            let html = """
            <!DOCTYPE html><html><head><style>
            \(export.text)
            </style></head><body style="margin:0">
            <svg viewBox="\(box)" width="200" height="200">
            \(paths)</svg>
            <script>
            \(Self.measure)
            const names = [\(names.map { "'\($0)'" }.joined(separator: ", "))];
            window.addEventListener('load', () => setTimeout(() => {
              const out = [];
              for (const element of document.querySelectorAll('path.beztune-shape')) {
                const m = measure(element), style = getComputedStyle(element);
                m.properties = {};
                for (const n of names) m.properties[n] = style.getPropertyValue('--beztune-' + n);
                out.push(m);
              }
              parent.postMessage({fixture: \(i), samples: out}, '*');
            }, 100));
            </script></body></html>
            """
            try html.write(to: folder.file("css-\(i).html"), atomically: true, encoding: .utf8)
            frames.append("css-\(i).html")
        }
        let json = try JSONReader().parse(try dump(try parentPage(frames, in: folder, name: "css.html")))
        for (i, fixture) in Self.fixtures.enumerated() {
            let a = fixture.animation
            let rendered = try samples(json, fixture: i)
            let worst = check("css", rendered, a, name: fixture.name)
            // Each parameter's custom property against its track: exact timing functions within the
            // browser's float precision, a spring's linear() within its 1e-3 (of the change).
            var worstProperty = 0.0
            for (k, t) in Self.times(a.duration).enumerated() where k < rendered.count {
                let p = t / a.duration
                for (index, track) in a.profile.tracks.enumerated() {
                    guard let track else { continue }
                    let name = a.model.parameters[index].name
                    guard let value = rendered[k].properties[name] else { Issue.record("\(fixture.name): no --beztune-\(name)"); continue }
                    let values = track.keyframes.map(\.value)
                    let change = max(1e-12, values.max()! - values.min()!)
                    // At the end a spring shows its end value in the library and y(1) in linear().
                    if p == 1, track.timings.contains(where: { if case .spring = $0 { true } else { false } }) { continue }
                    let d = abs(value - track.value(at: p)) / change
                    worstProperty = max(worstProperty, d)
                    #expect(d <= 1.1e-3, "\(fixture.name) \(name) at \(p): \(value) against \(track.value(at: p))")
                }
            }
            print("css \(fixture.name): worst \(worst) of the size over 49 times; parameters within \(worstProperty) of their change")
        }
        if let dir = ProcessInfo.processInfo.environment["BEZIERTUNE_SCREENSHOTS"] {
            try filmStrip(format: .css, in: folder, to: URL(fileURLWithPath: dir).appendingPathComponent("export-css.png"))
        }
    }

    /// Six snapshots of the README's fitted profile (per-parameter timings) at t = 0, 0.2, …, 1 of
    /// its duration, filled, side by side, as the browser draws the export.
    func filmStrip(format: ExportFormat, in folder: TemporaryFolder, to file: URL) throws {
        let a = ExportFixtures.perParameter
        let times = (0...5).map { a.duration * Double($0) / 5 }
        var body = ""
        let text = try format.render(a)
        if format == .svgAnimated {
            let svg = (text.components(separatedBy: "?>\n").last ?? text)
                .replacingOccurrences(of: "fill=\"none\"", with: "fill=\"#e8743b\"")
            for k in times.indices {
                body += "<div class=\"cell\">" + svg.replacingOccurrences(of: "<svg ", with: "<svg class=\"s\(k)\" width=\"140\" height=\"140\" ")
                    + "<p>t = \(ShortestDecimal.format(times[k])) s</p></div>"
            }
            body += "<script>window.addEventListener('load', () => { const t = [\(times.map { "\($0)" }.joined(separator: ","))];"
            body += "document.querySelectorAll('svg').forEach((s, k) => { s.pauseAnimations(); s.setCurrentTime(t[k]); }); });</script>"
        } else {
            let box = text.components(separatedBy: "viewBox=\"")[1].components(separatedBy: "\"")[0]
            body += "<style>\(text)\n.beztune-shape { fill: #3b8ee8; }</style>"
            for t in times {
                body += "<div class=\"cell\"><svg viewBox=\"\(box)\" width=\"140\" height=\"140\"><path class=\"beztune-shape\" style=\"animation-delay: -\(t)s; animation-play-state: paused\"/></svg><p>t = \(ShortestDecimal.format(t)) s</p></div>"
            }
        }
        let html = """
        <!DOCTYPE html><html><head><style>
        body { margin: 8px; font: 13px sans-serif; background: white; }
        .cell { display: inline-block; text-align: center; margin: 3px; }
        svg { border: 1px solid #ccc; }
        </style></head><body>\(body)
        <p>BezierTune \(format.rawValue) export in headless chromium: the README's fitted squash profile, paused at six times.</p>
        </body></html>
        """
        let page = folder.file("film-\(format.rawValue).html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        try screenshot(page, to: file, width: 960, height: 230)
    }
}
