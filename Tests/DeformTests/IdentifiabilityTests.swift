import Deform
import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("identifiability rules a fit can query")
struct IdentifiabilityTests {
    let model = BallModel()

    @Test("radius with xFactor and yFactor is refused; any two of them are fine")
    func radiusAndSquash() throws {
        let p = model.defaultParameters
        let problem = model.identifiabilityProblem(free: ["radius", "xFactor", "yFactor"], at: p)
        #expect(problem?.contains("radius, xFactor, yFactor") == true)
        #expect(model.identifiabilityProblem(free: ["radius", "xFactor"], at: p) == nil)
        #expect(model.identifiabilityProblem(free: ["xFactor", "yFactor", "k"], at: p) == nil)
        // Once the top overrides yFactor, the scale needs topYFactor free as well.
        var q = p
        try q.set("topYFactor", to: 0.6)
        #expect(model.identifiabilityProblem(free: ["radius", "xFactor", "yFactor"], at: q) == nil)
        #expect(model.identifiabilityProblem(free: ["radius", "xFactor", "yFactor", "topYFactor"], at: q) != nil)
    }

    @Test("k with all eight handle factors, a set top x factor with the top handles, bottomYFactor alone")
    func otherRules() throws {
        var p = model.defaultParameters
        let handles = BallHandle.allCases.map { "\($0)HandleFactor" }
        #expect(model.identifiabilityProblem(free: ["k"] + handles, at: p) != nil)
        #expect(model.identifiabilityProblem(free: ["k"] + handles.dropLast(), at: p) == nil)
        try p.set("topXFactor", to: 1.1)
        try p.set("bottomYFactor", to: 1)
        #expect(model.identifiabilityProblem(free: ["topXFactor", "topRightHandleFactor", "topLeftHandleFactor"], at: p) != nil)
        #expect(model.identifiabilityProblem(free: ["bottomYFactor"], at: p)?.contains("moves nothing") == true)
    }

    @Test("an unset override and an unknown name are reported before the rules")
    func unsetAndUnknown() {
        let p = model.defaultParameters
        #expect(model.identifiabilityProblem(free: ["topYFactor"], at: p)?.contains("unset") == true)
        #expect(model.identifiabilityProblem(free: ["bogus"], at: p)?.contains("unknown parameter 'bogus'") == true)
    }

    @Test("every reported set is rank-deficient in the Jacobian; dropping one member restores full rank")
    func rulesMatchTheJacobian() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<40 {
            let p = randomBallParameters(&rng)
            let j = model.controlPointJacobian(parameters: p)
            for set in model.nonIdentifiableSets(at: p) {
                let columns = ballIndices(set.names)
                let free = set.names.filter { p.isSet(at: ballIndices([$0])[0]) }
                guard free.count == set.names.count else { continue }
                #expect(rank(of: j, columns: columns) < columns.count, "\(set)")
                for drop in columns.indices where columns.count > 1 {
                    var fewer = columns
                    fewer.remove(at: drop)
                    #expect(rank(of: j, columns: fewer) == fewer.count, "\(set) without \(set.names[drop])")
                }
            }
        }
    }

    @Test("the global parameters radius, k, xFactor, yFactor minus the scale set have full rank")
    func defaultFreeSet() {
        let p = model.defaultParameters
        let j = model.controlPointJacobian(parameters: p)
        #expect(rank(of: j, columns: ballIndices(["radius", "k", "xFactor"])) == 3)
        #expect(rank(of: j, columns: ballIndices(["k", "xFactor", "yFactor"])) == 3)
        #expect(rank(of: j, columns: ballIndices(["radius", "k", "xFactor", "yFactor"])) == 3)
    }

    @Test("the ball's default free parameters are its own, full rank once the override is set; a posed ball keeps them, scenes have none")
    func defaultFreeParameters() throws {
        let free = try #require(model.defaultFree)
        #expect(free == ["xFactor", "yFactor", "topYFactor", "k"])
        var p = model.defaultParameters
        try p.set("topYFactor", to: 1)
        #expect(model.identifiabilityProblem(free: free, at: p) == nil)
        #expect(rank(of: model.controlPointJacobian(parameters: p), columns: ballIndices(free)) == 4)
        #expect(PosedModel(BallModel()).defaultFree == free)
        for scene in ModelCatalog.all where scene.scene != nil { #expect(scene.defaultFree == nil, "\(scene.name)") }
    }

    @Test("a posed ball cannot fit radius together with a uniform pose scale")
    func pose() {
        let posed = PosedModel(BallModel())
        let p = posed.defaultParameters
        #expect(posed.identifiabilityProblem(free: ["radius", "poseScale"], at: p)?.contains("poseScale") == true)
        #expect(posed.identifiabilityProblem(free: ["xFactor", "yFactor", "poseScale"], at: p) != nil)
        #expect(posed.identifiabilityProblem(free: ["radius", "poseX", "poseY", "poseRotation"], at: p) == nil)
        #expect(posed.identifiabilityProblem(free: ["radius", "xFactor", "yFactor"], at: p) != nil, "the base's rules still hold")
        let j = posed.controlPointJacobian(parameters: p)
        var cols = [0, 22]
        #expect(rank(of: j, columns: cols) == 1)
        cols = [0, 20, 21, 23]
        #expect(rank(of: j, columns: cols) == 4)
    }
}
