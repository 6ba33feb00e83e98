import Deform
import Fitting
import Testing

@Suite("FitSetup: free parameters, values, bounds, pose aliases, identifiability")
struct FitSetupTests {
    @Test("a free override starts at the value it inherits; values fix or start")
    func basics() throws {
        let s = try FitSetup(model: CatalogModel.ball, free: ["xFactor", "topYFactor"], values: [("yFactor", 0.8), ("radius", 40)])
        #expect(!s.isPosed && s.freeCount == 2 && s.model.name == "ball")
        #expect(s.freeValues(s.parameters) == [1, 0.8])
        #expect(s.parameters["radius"] == 40 && s.startGiven == [false, false])
        #expect(s.lower == [0, 0] && s.upper == [10, 10])
    }

    @Test("pose aliases wrap the model in PosedModel; results keep the names given")
    func pose() throws {
        let s = try FitSetup(model: CatalogModel.ball, free: ["tx", "ty", "rotation", "xFactor"], values: [("tx", 5)],
                             bounds: [("rotation", -0.5, 0.5)])
        #expect(s.isPosed && s.model.name == "ball-posed")
        #expect(s.freeNames == ["tx", "ty", "rotation", "xFactor"])
        #expect((0..<4).map(s.modelName(ofFree:)) == ["poseX", "poseY", "poseRotation", "xFactor"])
        #expect(s.startGiven == [true, false, false, false] && s.lower[2] == -0.5 && s.upper[2] == 0.5)
    }

    @Test("refused: unknown, repeated, nothing free, out of bounds, not identifiable, bad bounds")
    func refused() {
        #expect { try FitSetup(model: CatalogModel.ball, free: ["topFactor"]) } throws: {
            "\($0)".contains("unknown parameter 'topFactor'") && "\($0)".contains("tx, ty, scale, rotation")
        }
        #expect(throws: FitError.duplicateFree("k")) { try FitSetup(model: CatalogModel.ball, free: ["k", "k"]) }
        #expect(throws: FitError.nothingFree) { try FitSetup(model: CatalogModel.ball, free: []) }
        #expect { try FitSetup(model: CatalogModel.ball, free: ["k"], values: [("yFactor", 12)]) } throws: {
            "\($0)".contains("outside its bounds")
        }
        #expect { try FitSetup(model: CatalogModel.ball, free: ["radius", "xFactor", "yFactor"]) } throws: {
            "\($0)".contains("cannot fit radius, xFactor, yFactor together")
        }
        #expect { try FitSetup(model: CatalogModel.ball, free: ["radius", "scale"]) } throws: {
            "\($0)".contains("poseScale")
        }
        #expect { try FitSetup(model: CatalogModel.ball, free: ["bottomYFactor"]) } throws: { "\($0)".contains("moves nothing") }
        #expect { try FitSetup(model: CatalogModel.ball, free: ["k"], bounds: [("k", 3, 4)]) } throws: {
            "\($0)".contains("outside the model's bounds")
        }
        #expect { try FitSetup(model: CatalogModel.ball, free: ["k"], bounds: [("xFactor", 0, 2)]) } throws: {
            "\($0)".contains("only free parameters")
        }
        #expect { try FitSetup(model: CatalogModel.ball, free: ["k"], values: [("k", 0.5)], bounds: [("k", 0.6, 0.7)]) } throws: {
            "\($0)".contains("starting value")
        }
    }
}
