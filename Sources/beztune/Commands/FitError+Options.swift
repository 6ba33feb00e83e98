import Fitting

extension FitError {
    /// The message `beztune` shows: the library's ``FitError/reason``, followed for the errors an
    /// option fixes by the options to change (the library's own description names parameters,
    /// never options).
    var commandLineMessage: String {
        switch self {
        case .nothingFree:
            "\(reason): name at least one with --free"
        case .farFromModel:
            "\(reason); the ball's bottom point is the origin of y-up model space: free the pose (--free …,tx,ty), check the y axis (--y-up / --y-down) or the size (--radius)"
        default:
            description
        }
    }
}

extension ProfileError {
    /// The message `beztune` shows: the library's description, with a keyframe's fit error as
    /// ``FitError/commandLineMessage``.
    var commandLineMessage: String {
        if case .keyframeFit(let keyframe, let error) = self { return "\(keyframe): \(error.commandLineMessage)" }
        return description
    }
}
