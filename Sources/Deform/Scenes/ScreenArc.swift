import _CLibc
import Geometry

/// A circular arc as UIKit's `addArc(withCenter:radius:startAngle:endAngle:clockwise:)` takes
/// it: in y-down screen space, angles in radians measured from the x-axis towards +y (down),
/// so with `clockwise` the angle increases from `startAngle` to `endAngle` and the arc turns
/// clockwise on screen.
///
/// The sweep Δ in screen space: clockwise, Δ = (endAngle − startAngle) reduced into (0, 2π]
/// (0 when the angles are equal); counter-clockwise, Δ = −((startAngle − endAngle) reduced into
/// (0, 2π]). So π → 3π/2 sweeps +π/2 clockwise and −3π/2 counter-clockwise.
///
/// ``modelArc(flippingAt:)`` flips the arc into y-up model space about the line y = H
/// (y′ = H − y): the centre (cₓ, c_y) becomes (cₓ, H − c_y), every angle θ becomes −θ (the
/// screen point c + r(cos θ, sin θ) becomes c′ + r(cos(−θ), sin(−θ))), and the sweep becomes −Δ.
public struct ScreenArc: Hashable, Sendable {
    /// The centre, screen space (y down).
    public var center: Point
    public var radius: Double
    public var startAngle: Double
    public var endAngle: Double
    public var clockwise: Bool

    public init(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        (self.center, self.radius, self.startAngle, self.endAngle, self.clockwise) = (center, radius, startAngle, endAngle, clockwise)
    }

    /// The same arc drawn the other way round the circle: `clockwise` flipped (UIKit then sweeps
    /// the complement, e.g. −3π/2 instead of +π/2).
    public var flipped: ScreenArc {
        ScreenArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// The same points traversed backwards: the angles swapped and `clockwise` flipped.
    public var reversed: ScreenArc {
        ScreenArc(center: center, radius: radius, startAngle: endAngle, endAngle: startAngle, clockwise: !clockwise)
    }

    /// Δ, the signed sweep in screen space (positive: clockwise on screen).
    public var sweep: Double {
        func reduced(_ d: Double) -> Double {
            guard d != 0 else { return 0 }
            let r = d - 2 * Double.pi * (d / (2 * Double.pi)).rounded(.down)
            return r == 0 ? 2 * Double.pi : r
        }
        return clockwise ? reduced(endAngle - startAngle) : -reduced(startAngle - endAngle)
    }

    /// The arc in y-up model space, flipped about y = `height` (see the type's documentation).
    public func modelArc(flippingAt height: Double) -> EllipticalArc {
        EllipticalArc(center: Point(center.x, height - center.y), radiusX: radius, radiusY: radius,
                      startAngle: -startAngle, sweepAngle: -sweep)
    }
}
