import Geometry

/// One model of the toolkit's closed catalogue (``ModelCatalog``), or one of them placed in the
/// plane (``PosedModel``): the value a command, a fit setup or a results file holds when the
/// model is chosen by name at run time.
///
/// An enum rather than `CatalogModel`, so that the libraries never hold a value of protocol
/// type (Embedded Swift, which the WebAssembly build uses, has none): every requirement switches
/// to the case's concrete model, whose code the compiler specialises. A model added to the
/// catalogue is a case here.
public indirect enum CatalogModel: DeformModel, Hashable {
    case ball
    case fallingLine
    case loading
    case bubbleReveal
    case plumBlossom
    case ellipse
    /// The model translated, scaled and rotated (``PosedModel``; its name ends in `-posed`).
    case posed(CatalogModel)

    /// The model placed in the plane: ``posed(_:)`` of this model, or itself when it is posed
    /// already.
    public var withPose: CatalogModel {
        if case .posed = self { return self }
        return .posed(self)
    }

    /// The model without its pose (itself when unposed).
    public var unposed: CatalogModel {
        if case .posed(let base) = self { return base.unposed }
        return self
    }

    public var name: String {
        switch self {
        case .ball: BallModel().name
        case .fallingLine: FallingLineModel().name
        case .loading: LoadingModel().name
        case .bubbleReveal: BubbleRevealModel().name
        case .plumBlossom: PlumBlossomModel().name
        case .ellipse: EllipseModel().name
        case .posed(let base): PosedModel(base).name
        }
    }

    public var summary: String {
        switch self {
        case .ball: BallModel().summary
        case .fallingLine: FallingLineModel().summary
        case .loading: LoadingModel().summary
        case .bubbleReveal: BubbleRevealModel().summary
        case .plumBlossom: PlumBlossomModel().summary
        case .ellipse: EllipseModel().summary
        case .posed(let base): PosedModel(base).summary
        }
    }

    public var parameters: [ParameterSpec] {
        switch self {
        case .ball: BallModel().parameters
        case .fallingLine: FallingLineModel().parameters
        case .loading: LoadingModel().parameters
        case .bubbleReveal: BubbleRevealModel().parameters
        case .plumBlossom: PlumBlossomModel().parameters
        case .ellipse: EllipseModel().parameters
        case .posed(let base): PosedModel(base).parameters
        }
    }

    public var verbs: [Path.Verb] {
        switch self {
        case .ball: BallModel().verbs
        case .fallingLine: FallingLineModel().verbs
        case .loading: LoadingModel().verbs
        case .bubbleReveal: BubbleRevealModel().verbs
        case .plumBlossom: PlumBlossomModel().verbs
        case .ellipse: EllipseModel().verbs
        case .posed(let base): PosedModel(base).verbs
        }
    }

    public var defaultFree: [String]? {
        switch self {
        case .ball: BallModel().defaultFree
        case .fallingLine: FallingLineModel().defaultFree
        case .loading: LoadingModel().defaultFree
        case .bubbleReveal: BubbleRevealModel().defaultFree
        case .plumBlossom: PlumBlossomModel().defaultFree
        case .ellipse: EllipseModel().defaultFree
        case .posed(let base): PosedModel(base).defaultFree
        }
    }

    public func fillControlPoints(parameters: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        switch self {
        case .ball: BallModel().fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
        case .fallingLine: FallingLineModel().fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
        case .loading: LoadingModel().fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
        case .bubbleReveal: BubbleRevealModel().fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
        case .plumBlossom: PlumBlossomModel().fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
        case .ellipse: EllipseModel().fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
        case .posed(let base): PosedModel(base).fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
        }
    }

    public func fillJacobian(parameters: ParameterVector, into jacobian: inout ControlPointJacobian) {
        switch self {
        case .ball: BallModel().fillJacobian(parameters: parameters, into: &jacobian)
        case .fallingLine: FallingLineModel().fillJacobian(parameters: parameters, into: &jacobian)
        case .loading: LoadingModel().fillJacobian(parameters: parameters, into: &jacobian)
        case .bubbleReveal: BubbleRevealModel().fillJacobian(parameters: parameters, into: &jacobian)
        case .plumBlossom: PlumBlossomModel().fillJacobian(parameters: parameters, into: &jacobian)
        case .ellipse: EllipseModel().fillJacobian(parameters: parameters, into: &jacobian)
        case .posed(let base): PosedModel(base).fillJacobian(parameters: parameters, into: &jacobian)
        }
    }

    public func nonIdentifiableSets(at parameters: ParameterVector) -> [NonIdentifiableSet] {
        switch self {
        case .ball: BallModel().nonIdentifiableSets(at: parameters)
        case .fallingLine: FallingLineModel().nonIdentifiableSets(at: parameters)
        case .loading: LoadingModel().nonIdentifiableSets(at: parameters)
        case .bubbleReveal: BubbleRevealModel().nonIdentifiableSets(at: parameters)
        case .plumBlossom: PlumBlossomModel().nonIdentifiableSets(at: parameters)
        case .ellipse: EllipseModel().nonIdentifiableSets(at: parameters)
        case .posed(let base): PosedModel(base).nonIdentifiableSets(at: parameters)
        }
    }

    public func uniformScaleSets(at parameters: ParameterVector) -> [[String]] {
        switch self {
        case .ball: BallModel().uniformScaleSets(at: parameters)
        case .fallingLine: FallingLineModel().uniformScaleSets(at: parameters)
        case .loading: LoadingModel().uniformScaleSets(at: parameters)
        case .bubbleReveal: BubbleRevealModel().uniformScaleSets(at: parameters)
        case .plumBlossom: PlumBlossomModel().uniformScaleSets(at: parameters)
        case .ellipse: EllipseModel().uniformScaleSets(at: parameters)
        case .posed(let base): PosedModel(base).uniformScaleSets(at: parameters)
        }
    }
}
