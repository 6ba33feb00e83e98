import Foundation
import Geometry
import _Numerics
import _Support

/// The measured (not bounded) distance between a curve and a polyline meant to approximate it,
/// both ways — the Hausdorff distance, up to the sampling:
/// - curve → polyline: `PolylineDeviation.measure` (2,000 uniform samples of the curve, each
///   local maximum refined by golden-section search, distance to the whole polyline);
/// - polyline → curve: every segment sampled at 7 interior points (and its ends), each distance
///   the exact nearest-point distance to the curve (`CubicBezier.nearestPoint`, the global
///   method); the segments whose sampled maximum is within 5 % of the curve's largest are refined
///   by golden-section search (30 steps).
/// Vertices on the curve make the second term no larger than the first for a well-formed
/// flattening; vertices off the curve (kurbo puts them on its quadratic approximations, Cairo
/// rounds them to 1/256) can make it the larger one, which is why both are measured.
func measuredDeviation(_ curve: CubicBezier, _ points: [Point]) -> Double {
    guard points.count >= 2 else { return .infinity }
    let forward = PolylineDeviation.measure(curve, polyline: points, samples: 2000).deviation
    func reverse(_ a: Point, _ b: Point, _ s: Double) -> Double { curve.nearestPoint(to: a.lerp(to: b, s)).distance }
    var sampled = [Double](repeating: 0, count: points.count - 1)
    var largest = 0.0
    for k in 0..<(points.count - 1) {
        var m = 0.0
        for j in 0...8 { m = max(m, reverse(points[k], points[k + 1], Double(j) / 8)) }
        sampled[k] = m
        largest = max(largest, m)
    }
    var backward = largest
    for k in 0..<(points.count - 1) where sampled[k] >= 0.95 * largest && largest > 0 {
        let m = GoldenSection.maximum(of: { reverse(points[k], points[k + 1], $0) }, from: 0, to: 1, steps: 30)
        backward = max(backward, m.value)
    }
    return max(forward, backward)
}

/// `measuredDeviation` over many (curve, polyline) pairs, on all cores (the measurement is not
/// timed): the largest value, how many exceed `tolerance`, and the mean segment count.
func measurePolylines(_ pairs: [(CubicBezier, [Point])], tolerance: Double) -> (worst: Double, over: Int, segments: Double) {
    let n = pairs.count
    let values = ConcurrentChunks.map(count: n, chunks: 4 * ConcurrentChunks.processorCount) { range in
        range.map { measuredDeviation(pairs[$0].0, pairs[$0].1) }
    }.joined()
    var worst = 0.0, over = 0
    for d in values {
        if !(d <= worst) { worst = d }  // NaN propagates
        if !(d <= tolerance) { over += 1 }
    }
    let segments = n == 0 ? 0 : Double(pairs.reduce(0) { $0 + $1.1.count - 1 }) / Double(n)
    return (worst, over, segments)
}
