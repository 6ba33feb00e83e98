import Foundation
import Geometry
import Render
import Testing

@Suite("Canvas, axis ticks and charts")
struct ChartTests {
    @Test("nice linear ticks: steps of 1, 2 or 5 × 10^k covering the range")
    func linearTicks() {
        let a = AxisTicks.linear(0, 1)
        #expect(a.ticks == [0, 0.2, 0.4, 0.6000000000000001, 0.8, 1] || a.ticks.count == 6)
        #expect(a.lower == 0 && a.upper == 1)
        let b = AxisTicks.linear(3.2, 97.1)
        #expect(b.lower == 0 && b.upper == 100 && b.ticks.contains(20))
        let c = AxisTicks.linear(-1.7e-5, 2.2e-5)
        #expect(c.lower <= -1.7e-5 && c.upper >= 2.2e-5 && c.ticks.contains(0))
        let flat = AxisTicks.linear(5, 5)
        #expect(flat.lower < 5 && flat.upper > 5)
        for (lo, hi) in [(0.0, 7.3), (-12.0, 3.0), (1e6, 3.5e6), (0.0013, 0.0047)] {
            let t = AxisTicks.linear(lo, hi)
            #expect(t.lower <= lo && t.upper >= hi && (3...11).contains(t.ticks.count), "\(lo)…\(hi): \(t)")
            let step = t.ticks[1] - t.ticks[0]
            let mantissa = step / pow(10, log10(step).rounded(.down))
            #expect([1, 2, 5, 10].contains { abs(mantissa - Double($0)) < 1e-9 })
        }
    }

    @Test("a range double precision cannot divide gets no ticks, never a trap; a box's centre stays finite")
    func extremeRanges() {
        for (lo, hi) in [(-1e308, 1e308), (0, Double.leastNonzeroMagnitude), (Double.infinity, .infinity), (-Double.infinity, 1), (Double.nan, 1)] {
            let t = AxisTicks.linear(lo, hi)
            #expect(t.ticks.isEmpty, "\(lo)…\(hi): \(t)")
            #expect(t.lower.isFinite && t.upper.isFinite)
        }
        let near = Rect(minX: 1.6e308, minY: -1.7e308, maxX: 1.7e308, maxY: -1.6e308)
        #expect(near.center.x.isFinite && abs(near.center.x / 1.65e308 - 1) < 1e-15 && abs(near.center.y / -1.65e308 - 1) < 1e-15)
        #expect(Rect(minX: 1, minY: 2, maxX: 4, maxY: 7).center == Point(2.5, 4.5))
    }

    @Test("log ticks are the powers of ten covering the range")
    func logTicks() {
        let t = AxisTicks.logarithmic(3e-7, 0.02)
        #expect(t.ticks.count == 7 && abs(t.lower - 1e-7) < 1e-22 && abs(t.upper - 0.1) < 1e-16)
        #expect(AxisTicks.label(1e-6) == "1e-06" || AxisTicks.label(1e-6) == "1e-6")
        #expect(AxisTicks.label(250) == "250" && AxisTicks.label(0.25) == "0.25")
    }

    func chart() -> Chart {
        let xs = stride(from: 0.0, through: 1.0, by: 0.05).map { $0 }
        return Chart(title: "sin and cos", xLabel: "x", yLabel: "y", series: [
            .init(name: "sin", points: xs.map { Point($0, sin(6 * $0)) }),
            .init(name: "cos", points: xs.map { Point($0, cos(6 * $0)) }, kind: .scatter),
        ])
    }

    @Test("a chart encodes as PNG and SVG, byte-identical across runs")
    func encodes() throws {
        let png = try chart().render(.png)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try chart().render(.png) == png)
        let svg = try chart().render(.svg)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("<svg") && text.contains("</svg>"))
        #expect(try chart().render(.svg) == svg)
    }

    @Test("the series are drawn where the axes say: pixels of the line's colour at the mapped points")
    func pixelsAtMappedPoints() throws {
        let line = Chart.Series(name: "", points: [Point(0, 0), Point(10, 10)], color: Color(red: 1, green: 0, blue: 0))
        let c = Chart(title: "", xLabel: "", yLabel: "", series: [line])
        let canvas = try Canvas(width: c.width, height: c.height, format: .png)
        c.draw(on: canvas)
        let pixels = canvas.raster().rgba
        // Axes span 0…10 on both sides, so the data point (5, 5) is the centre of the plot area:
        // left 78, right width − 40, top 44, bottom height − 56.
        let x = Int((78 + Double(c.width - 40)) / 2), y = Int((44 + Double(c.height - 56)) / 2)
        let k = 4 * (y * c.width + x)
        #expect(pixels[k] > 200 && pixels[k + 1] < 80 && pixels[k + 2] < 80, "pixel \(pixels[k..<k + 4])")
        // Far from the line the background is white.
        let j = 4 * ((y - 60) * c.width + x + 60)
        #expect(pixels[j] == 255 && pixels[j + 1] == 255 && pixels[j + 2] == 255)
    }

    @Test("canvas sizes out of range are refused with a message")
    func sizes() {
        #expect(throws: RenderError.self) { _ = try Canvas(width: 0, height: 0, format: .png) }
        #expect(throws: RenderError.self) { _ = try Canvas(width: 100_000, height: 100_000, format: .png) }
        do {
            _ = try Canvas(width: 0, height: 10, format: .svg)
        } catch {
            #expect(error.description.contains("0×10"))
        }
    }
}
