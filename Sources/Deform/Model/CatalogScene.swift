import Geometry

/// The catalogue's scenes (``SceneModel``): the seed animations whose parts are painted filled or
/// stroked and whose timeline is the seed's own. What `model as? any SceneModel` asked of a
/// model chosen by name, without a value of protocol type: ``CatalogModel/scene``.
public enum CatalogScene: SceneModel, Hashable {
    case fallingLine
    case loading
    case bubbleReveal
    case plumBlossom

    /// The scene as a catalogue model.
    public var model: CatalogModel {
        switch self {
        case .fallingLine: .fallingLine
        case .loading: .loading
        case .bubbleReveal: .bubbleReveal
        case .plumBlossom: .plumBlossom
        }
    }

    public var name: String { model.name }
    public var summary: String { model.summary }
    public var parameters: [ParameterSpec] { model.parameters }
    public var verbs: [Path.Verb] { model.verbs }
    public var defaultFree: [String]? { model.defaultFree }

    public func fillControlPoints(parameters: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        model.fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
    }

    public func fillJacobian(parameters: ParameterVector, into jacobian: inout ControlPointJacobian) {
        model.fillJacobian(parameters: parameters, into: &jacobian)
    }

    public func nonIdentifiableSets(at parameters: ParameterVector) -> [NonIdentifiableSet] {
        model.nonIdentifiableSets(at: parameters)
    }

    public func uniformScaleSets(at parameters: ParameterVector) -> [[String]] {
        model.uniformScaleSets(at: parameters)
    }

    public var subpathPaints: [SubpathPaint] {
        switch self {
        case .fallingLine: FallingLineModel().subpathPaints
        case .loading: LoadingModel().subpathPaints
        case .bubbleReveal: BubbleRevealModel().subpathPaints
        case .plumBlossom: PlumBlossomModel().subpathPaints
        }
    }

    public var seedTargets: ParameterVector {
        switch self {
        case .fallingLine: FallingLineModel().seedTargets
        case .loading: LoadingModel().seedTargets
        case .bubbleReveal: BubbleRevealModel().seedTargets
        case .plumBlossom: PlumBlossomModel().seedTargets
        }
    }

    public func seedProfile(targets: ParameterVector) throws(ModelInputError) -> ProgressProfile {
        switch self {
        case .fallingLine: try FallingLineModel().seedProfile(targets: targets)
        case .loading: try LoadingModel().seedProfile(targets: targets)
        case .bubbleReveal: try BubbleRevealModel().seedProfile(targets: targets)
        case .plumBlossom: try PlumBlossomModel().seedProfile(targets: targets)
        }
    }
}

extension CatalogModel {
    /// The model as a scene, or nil when it is not one (the ball, the ellipse, any posed model).
    public var scene: CatalogScene? {
        switch self {
        case .fallingLine: .fallingLine
        case .loading: .loading
        case .bubbleReveal: .bubbleReveal
        case .plumBlossom: .plumBlossom
        case .ball, .ellipse, .posed: nil
        }
    }
}
