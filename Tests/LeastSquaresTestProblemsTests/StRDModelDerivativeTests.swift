import LeastSquares
import LeastSquaresTestProblems
import Testing

/// The NIST models' automatic derivatives (``StRDModel``, written once over ``Real``) against
/// central differences, through the solver's derivative checker.
@Suite("NIST models: automatic derivatives against finite differences")
struct StRDModelDerivativeTests {
    @Test("finite differences match automatic derivatives on all 27 NIST models at the certified values")
    func nistModels() throws {
        guard let datasets = try NISTData.loadAll(for: "nistModels") else { return }
        for d in datasets {
            let model = d.residualModel
            let check = DerivativeCheck(residuals: { model.residuals($0) },
                                        jacobian: AutomaticJacobian.jacobian(model, at: d.certifiedParameters),
                                        at: d.certifiedParameters, tolerance: 1e-6)
            #expect(check.passed, "\(d.name): worst \(String(describing: check.worst))")
        }
    }
}
