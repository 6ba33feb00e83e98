import BeztuneAPI
import Deform

/// The options of `beztune fit` and `fit-profile` that say what to fit and how, as given
/// (declared once for both: ``FitChoices/options``).
struct FitChoices {
    var model: CatalogModel = CatalogModel.ball
    var radius: Double?
    /// `--free`; the model's ``DeformModel/defaultFree`` when absent.
    var free: [String]?
    var set: [ParameterAssignment] = []
    var bounds: [ParameterBound] = []
    var loss = "trivial"
    var lossScale: Double?
    var symmetric: Double?
    var starts = 1
    var seed: UInt64 = 1
    var maxEvaluations: Int?
    var samples: Int?
    var yUp = false
    var yDown = false
    var repeats = 1
    /// `--serial`: the nearest-point searches on the calling thread only.
    var serial = false
    /// `--select ID|N`, `--layer NAME|N`, `--frame F`: which outline of a design file.
    var select: String?
    var layer: String?
    var frame: Double?
    /// `--lottie-ellipse exact|player`: a Lottie ellipse as drawn exactly or by lottie-web.
    var lottieEllipse = "exact"
    /// `--pixels-per-unit S`: the `_px` figures are S × the model-unit distances (default 1).
    var pixelsPerUnit = 1.0

    /// The ball's default free parameters as the help lists them.
    static var ballDefaultFree: String { (BallModel().defaultFree ?? []).joined(separator: ",") }
}
