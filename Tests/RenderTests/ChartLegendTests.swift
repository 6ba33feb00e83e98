import Geometry
@testable import Render
import Testing

/// The legend goes to the corner of the plot area that hides the least of the data.
@Suite("Chart legend placement")
struct ChartLegendTests {
    func chart(_ points: [Point]) -> Chart {
        var c = Chart(title: "t", xLabel: "x", yLabel: "y", series: [.init(name: "data", points: points)])
        (c.width, c.height) = (400, 300)
        return c
    }

    @Test("a line from bottom left to top right: the legend leaves the top right for the top left")
    func rising() {
        let c = chart([Point(0, 0), Point(1, 1)])
        let area = c.plotArea
        let corner = c.legendCorner(width: 80, height: 30, area: area, axes: c.axes())
        #expect(corner.0 == area.left + 8 && corner.1 == area.top + 8)
    }

    @Test("a line from top left to bottom right: the top right is free and kept")
    func falling() {
        let c = chart([Point(0, 1), Point(1, 0)])
        let area = c.plotArea
        let corner = c.legendCorner(width: 80, height: 30, area: area, axes: c.axes())
        #expect(corner.0 == area.right - 80 - 8 && corner.1 == area.top + 8)
    }

    @Test("data everywhere along the top: a bottom corner")
    func top() {
        let c = chart((0...20).map { Point(Double($0) / 20, 0.9) } + [Point(0.5, 0.5), Point(0.5, 0)])
        let area = c.plotArea
        let corner = c.legendCorner(width: 80, height: 30, area: area, axes: c.axes())
        #expect(corner.1 == area.bottom - 30 - 8)
    }
}
