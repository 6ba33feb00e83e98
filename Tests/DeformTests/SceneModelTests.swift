import Deform
import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("seed scenes: conventions shared by every scene")
struct SceneModelTests {
    @Test("the catalog lists the ball and the four scenes, by name")
    func catalog() throws {
        #expect(ModelCatalog.names == ["ball", "fallingLine", "loading", "bubbleReveal", "plumBlossom", "ellipse"])
        for scene in allScenes {
            let found = try ModelCatalog.model(named: scene.name)
            #expect(found.scene?.name == scene.name)
        }
        #expect(try ModelCatalog.model(named: "ball").scene == nil)
        #expect(CatalogModel.posed(.ball).scene == nil && CatalogModel.ellipse.scene == nil)
    }

    @Test("structure: one paint per subpath, default path finite, progress 0 is the defaults, the seed stays in bounds")
    func conventions() throws {
        for scene in allScenes {
            #expect(scene.verbs.filter { $0 == .move }.count == scene.subpathPaints.count, "\(scene.name)")
            #expect(scene.pointCount == scene.verbs.reduce(0) { $0 + $1.pointCount })
            #expect(scene.seedTargets.boundsViolation == nil)
            #expect(try scene.seedParameters(atProgress: 0) == scene.defaultParameters, "\(scene.name)")
            for p in stride(from: 0.0, through: 1.0, by: 0.01) {
                let values = try scene.seedParameters(atProgress: p)
                #expect(values.boundsViolation == nil, "\(scene.name) at \(p)")
                let path = scene.path(parameters: values)
                #expect(path.isFinite && path.verbs == scene.verbs)
            }
            // Every parameter with a seed track changes at some progress; every other one holds.
            let profile = scene.seedProfile
            for (i, spec) in scene.parameters.enumerated() {
                let animated = profile.tracks[i] != nil
                #expect(animated == spec.doc.contains("seed:"), "\(scene.name).\(spec.name): the doc names its seed track")
            }
        }
    }

    @Test("bad input: unknown names, values out of bounds, progress outside [0, 1] — each error names what is valid")
    func badInput() throws {
        let scene = LoadingModel()
        var targets = scene.seedTargets
        let unknown = #expect(throws: ModelInputError.self) { try targets.set("water", to: 1) }
        #expect(unknown?.description.hasPrefix("unknown parameter 'water' for model 'loading' (parameters: radius, circleScale, ") == true)
        #expect(throws: ModelInputError.outOfBounds(name: "waterLevel", value: 2, lower: 0, upper: 1)) {
            try targets.set("waterLevel", to: 2)
        }
        #expect(throws: ModelInputError.notFinite(name: "wave1", value: .infinity)) { try targets.set("wave1", to: .infinity) }
        // A target vector filled without checks is checked when the timeline is built.
        targets.setValue(-3, at: LoadingModel.radiusIndex)
        #expect(throws: ModelInputError.outOfBounds(name: "radius", value: -3, lower: 0, upper: .infinity)) {
            _ = try scene.seedProfile(targets: targets)
        }
        for p in [-0.1, 1.5, Double.nan] {
            let error = #expect(throws: ModelInputError.self) { _ = try scene.seedParameters(atProgress: p) }
            #expect(error?.description.contains("outside [0, 1]") == true)
        }
        #expect(throws: ModelInputError.unknownModel(name: "blossom", valid: ModelCatalog.names)) {
            _ = try ModelCatalog.model(named: "blossom")
        }
    }

    @Test("analytic Jacobians match central differences for every scene, plain and posed")
    func jacobians() {
        func check<M: SceneModel>(_ model: M, _ rng: inout SplitMix64) {
            for _ in 0..<40 {
                let p = randomSceneParameters(model, &rng)
                #expect(worstRelativeJacobianError(model, at: p) < 1e-6, "\(model.name) at \(p.values)")
            }
            // The seed's own frames, where tracks sit exactly on key values. A border drawn to
            // its end sits on a kink of the polyline (piecewise linear in the stroke end), where
            // central differences average two slopes; that column is checked one-sidedly below.
            for progress in stride(from: 0.013, through: 1, by: 0.05) {
                let p = try! model.seedParameters(atProgress: progress)
                let kinks = model is LoadingModel ? Set(LoadingModel.borderEndIndices.filter { p.value(at: $0) == 1 }) : []
                #expect(worstRelativeJacobianError(model, at: p, skipping: kinks) < 1e-6, "\(model.name) at progress \(progress)")
            }
            let posed = PosedModel(model)
            for _ in 0..<10 {
                let base = randomSceneParameters(model, &rng)
                var p = posed.defaultParameters
                for i in 0..<base.count { p.setValue(base.value(at: i), at: i) }
                let n = base.count
                p.setValue(rng.uniform(-50, 50), at: n)
                p.setValue(rng.uniform(-50, 50), at: n + 1)
                p.setValue(rng.uniform(0.3, 3), at: n + 2)
                p.setValue(rng.uniform(-3, 3), at: n + 3)
                #expect(worstRelativeJacobianError(posed, at: p) < 1e-6, "posed \(model.name)")
            }
        }
        var rng = SplitMix64(seed: 31)
        for scene in allScenes {
            check(scene, &rng)
        }
    }

    @Test("loading: at a finished border (stroke end 1) the stroke-end column is the slope from below, the one a fit can follow")
    func borderKink() throws {
        let model = LoadingModel()
        let p = try model.seedParameters(atProgress: 1)
        let e = LoadingModel.borderEndIndices[0]
        #expect(p.value(at: e) == 1)
        let j = model.controlPointJacobian(parameters: p)
        var below = p
        let h = 1e-7
        below.setValue(1 - h, at: e)
        let a = model.path(parameters: p), b = model.path(parameters: below)
        for i in 0..<model.pointCount {
            #expect(abs(j.dx(point: i, parameter: e) - (a.xs[i] - b.xs[i]) / h) < 1e-4)
            #expect(abs(j.dy(point: i, parameter: e) - (a.ys[i] - b.ys[i]) / h) < 1e-4)
        }
        // The last point moves back along the bottom edge at the perimeter's rate, 4·300.
        #expect(j.dx(point: LoadingModel.borderPoints[0] + 4, parameter: e) == -1200)
    }

    @Test("the fill functions overwrite the caller's storage and agree with the conveniences")
    func fillAPI() {
        func check<M: SceneModel>(_ model: M, _ rng: inout SplitMix64) {
            var xs = [Double](repeating: .nan, count: model.pointCount), ys = xs
            var j = ControlPointJacobian(pointCount: model.pointCount, parameterCount: model.parameters.count + 2)
            for i in j.values.indices { j.values[i] = .nan }
            for _ in 0..<5 {
                let p = randomSceneParameters(model, &rng)
                model.fillControlPoints(parameters: p, xs: &xs, ys: &ys)
                model.fillJacobian(parameters: p, into: &j)
                let path = model.path(parameters: p)
                #expect(xs == path.xs && ys == path.ys)
                let own = model.controlPointJacobian(parameters: p)
                for c in 0..<own.parameterCount { #expect(Array(j.column(c)) == Array(own.column(c)), "\(model.name) column \(c)") }
                #expect(j.column(model.parameters.count).allSatisfy { $0.isNaN }, "further columns are left alone")
            }
        }
        var rng = SplitMix64(seed: 8)
        for scene in allScenes { check(scene, &rng) }
    }

    @Test("non-identifiable sets are rank-deficient; uniform scale sets scale every point")
    func identifiability() throws {
        func check<M: SceneModel>(_ model: M, _ rng: inout SplitMix64) throws {
            let names = model.parameters.map(\.name)
            for _ in 0..<5 {
                let p = randomSceneParameters(model, &rng)
                let j = model.controlPointJacobian(parameters: p)
                for set in model.nonIdentifiableSets(at: p) {
                    let columns = set.names.map { names.firstIndex(of: $0)! }
                    #expect(rank(of: j, columns: columns, tolerance: 1e-7) < columns.count, "\(model.name): \(set)")
                    // Every proper subset obtained by dropping one parameter is fine here.
                    for drop in columns.indices {
                        var fewer = columns
                        fewer.remove(at: drop)
                        #expect(rank(of: j, columns: fewer, tolerance: 1e-7) == fewer.count, "\(model.name): \(set) without one")
                    }
                    #expect(model.identifiabilityProblem(free: set.names, at: p)?.contains(set.reason) == true)
                }
                for set in model.uniformScaleSets(at: p) {
                    var scaled = p
                    for name in set {
                        let i = names.firstIndex(of: name)!
                        scaled.setValue(1.7 * p.value(at: i), at: i)
                    }
                    let a = model.path(parameters: p), b = model.path(parameters: scaled)
                    let size = a.points.map(\.length).max() ?? 1
                    for i in 0..<model.pointCount {
                        #expect(b.points[i].distance(to: 1.7 * a.points[i]) < 1e-9 * size, "\(model.name) point \(i)")
                    }
                    let posed = PosedModel(model)
                    #expect(posed.identifiabilityProblem(free: set + ["poseScale"], at: posed.defaultParameters) != nil)
                }
            }
        }
        var rng = SplitMix64(seed: 77)
        for scene in allScenes { try check(scene, &rng) }
    }
}
