import Deform
import Geometry
import LeastSquares

/// The starting values of a fit, from the target's bounding box.
///
/// Model-agnostic: the free parameters whose start was not given (rotation excepted: it starts at
/// its given value or 0) are chosen so that the model's exact bounding box matches the target's,
///
///     minimise Σ ((model box side − target box side)/size)²,  sides minX, minY, maxX, maxY,
///
/// by a bounded Levenberg–Marquardt solve with central-difference derivatives (four residuals;
/// parameters the box does not see keep their values — the minimum-norm step). Before it, a free
/// translation puts the model's bottom centre on the target's and a free uniform scale matches the
/// boxes' diagonals, so the solve starts close. For the ball this gives `xFactor` from the width,
/// the top factor (or `yFactor`) from the height, `radius` from the size, `tx`, `ty` from the bottom
/// centre.
///
/// When no translation is free and the model's box still misses the target's by more than half the
/// target's size after the solve, the target is refused (``FitError/farFromModel(target:model:)``):
/// it was drawn elsewhere (an unflipped y axis, an SVG canvas offset) and needs the pose.
enum InitialGuess {
    /// Fraction of the target's size beyond which a box mismatch without a free translation is
    /// refused.
    static let farThreshold = 0.5

    static func parameters(for target: TargetOutline, setup: FitSetup) throws(FitError) -> ParameterVector {
        let model = setup.model
        var p = setup.parameters
        let goal = target.boundingBox
        let size = Swift.max(target.size, .leastNormalMagnitude)
        func box(_ q: ParameterVector) -> Rect? {
            let path = model.path(parameters: q)
            guard path.isFinite else { return nil }
            return path.boundingBox
        }
        let freeIndex = { (name: String) -> Int? in
            guard let i = setup.poseIndex(name), let k = setup.freeIndices.firstIndex(of: i),
                  !setup.startGiven[k] else { return nil }
            return i
        }
        let tx = freeIndex("poseX"), ty = freeIndex("poseY"), scale = freeIndex("poseScale")
        let rotation = setup.poseIndex("poseRotation")
        func placeBottomCentre() {
            guard tx != nil || ty != nil, let b = box(p) else { return }
            if let tx { p.setValue(p.value(at: tx) + goal.center.x - b.center.x, at: tx) }
            if let ty { p.setValue(p.value(at: ty) + goal.minY - b.minY, at: ty) }
        }
        placeBottomCentre()
        if let scale, let b = box(p) {
            let diagonal = Point(b.width, b.height).length
            if diagonal > 0 && diagonal.isFinite {
                // Audit: `scale` came from freeIndex, i.e. it is one of setup.freeIndices.
                let k = setup.freeIndices.firstIndex(of: scale)!
                let s = Swift.min(setup.upper[k], Swift.max(setup.lower[k], p.value(at: scale) * size / diagonal))
                p.setValue(s, at: scale)
                placeBottomCentre()
            }
        }

        // The bounding-box solve over the free parameters without a given start (rotation aside).
        let solved = setup.freeIndices.indices.filter { k in
            !setup.startGiven[k] && setup.freeIndices[k] != rotation
        }
        if !solved.isEmpty {
            let start = p
            let features = { (x: [Double]) -> [Double] in
                var q = start
                for (j, k) in solved.enumerated() { q.setValue(x[j], at: setup.freeIndices[k]) }
                guard let b = box(q) else { return [Double](repeating: .nan, count: 4) }
                return [(b.minX - goal.minX) / size, (b.minY - goal.minY) / size,
                        (b.maxX - goal.maxX) / size, (b.maxY - goal.maxY) / size]
            }
            let problem = LeastSquaresProblem(residualCount: 4, parameterCount: solved.count, residuals: features)
            let x0 = solved.map { p.value(at: setup.freeIndices[$0]) }
            let bounds = try? Bounds(lower: solved.map { setup.lower[$0] }, upper: solved.map { setup.upper[$0] })
            let options = LevenbergMarquardt.Options(functionTolerance: 1e-10, parameterTolerance: 1e-10,
                                                     maxEvaluations: 200, refinementSteps: 0)
            let fit = LevenbergMarquardt(options: options).minimize(problem, from: x0, bounds: bounds)
            if fit.parameters.allSatisfy({ $0.isFinite }) {
                for (j, k) in solved.enumerated() { p.setValue(fit.parameters[j], at: setup.freeIndices[k]) }
            }
        }
        let translationFree = setup.poseIndex("poseX").map(setup.freeIndices.contains) ?? false
            || setup.poseIndex("poseY").map(setup.freeIndices.contains) ?? false
        if !translationFree, let b = box(p) {
            let miss = Swift.max(abs(b.minX - goal.minX), abs(b.minY - goal.minY),
                                 abs(b.maxX - goal.maxX), abs(b.maxY - goal.maxY))
            if !(miss <= farThreshold * size) { throw .farFromModel(target: goal, model: b) }
        }
        return p
    }
}
