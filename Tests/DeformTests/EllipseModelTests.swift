import ArcError
import Deform
import Foundation
import Geometry
import Testing
import _TestSupport

/// The ellipse model: 64 midpoint-exact cubics scaled by (rx, ry), within its stated bound of
/// the exact ellipse; its Jacobian; its place in the catalogue.
@Suite("ellipse model")
struct EllipseModelTests {
    let model = EllipseModel()

    func parameters(rx: Double, ry: Double) throws -> ParameterVector {
        var p = model.defaultParameters
        try p.set("rx", to: rx)
        try p.set("ry", to: ry)
        return p
    }

    @Test("the radial error bound is the exact extreme of the midpoint-exact 64-cubic circle (ArcError's roots of d|B|²/dt)")
    func bound() {
        let exact = CircularArc(segments: EllipseModel.segmentCount, handle: EllipseModel.handle).radialExtrema
        #expect(exact.minimum >= -1e-16, "the midpoint-exact cubic stays outside the circle")
        #expect(abs(EllipseModel.radialErrorBound - exact.maximum) <= 1e-4 * exact.maximum,
                "\(EllipseModel.radialErrorBound) against \(exact.maximum)")
        #expect(EllipseModel.radialErrorBound < 2e-11 && EllipseModel.radialErrorBound > 1e-12)
    }

    @Test("every point of the drawn ellipse lies on the exact one within max(rx, ry) times the bound; closed at the bottom")
    func onTheEllipse() throws {
        for (rx, ry) in [(60.0, 35.0), (1e-3, 2e-3), (1e6, 3.5e5), (50.0, 50.0)] {
            let path = model.path(parameters: try parameters(rx: rx, ry: ry))
            #expect(path.verbs.count == 66 && path.xs.count == 193)
            #expect(path.xs.first == path.xs.last && path.ys.first == path.ys.last && path.ys.first == -ry)
            var worst = 0.0
            for segment in path.segments {
                for k in 0...200 {
                    let q = segment.point(at: Double(k) / 200)
                    // The distance to the ellipse is at most |ρ − 1|·max(rx, ry) for ρ the
                    // normalised radius (the ellipse is the unit circle scaled by rx, ry).
                    let rho = ((q.x / rx) * (q.x / rx) + (q.y / ry) * (q.y / ry)).squareRoot()
                    #expect(rho >= 1 - 1e-14)
                    worst = max(worst, rho - 1)
                }
            }
            #expect(worst <= EllipseModel.radialErrorBound * (1 + 1e-3) + 1e-15, "rx \(rx), ry \(ry): \(worst)")
        }
    }

    @Test("the Jacobian matches central differences; rx, ry scale the shape together; default free rx, ry")
    func jacobian() throws {
        let p = try parameters(rx: 60, ry: 35)
        let j = model.controlPointJacobian(parameters: p), fd = centralDifferenceJacobian(model, at: p)
        for (a, b) in zip(j.values, fd.values) { #expect(abs(a - b) <= 1e-8) }
        #expect(model.uniformScaleSets(at: p) == [["rx", "ry"]] && model.defaultFree == ["rx", "ry"])
        #expect(try ModelCatalog.model(named: "ellipse").name == "ellipse")
    }
}
