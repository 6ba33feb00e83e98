import BeztuneAPI
import Fitting
import LeastSquares
import _ArgumentParser
import _Support

/// The options of ``FitChoices``, each declared once for `fit` and `fit-profile` (which embed
/// them at their `fit` property and may word an option's help their own way), and the rule
/// between them.
extension FitChoices {
    typealias Declared = Option<FitChoices>

    /// `--pixels-per-unit S` (``PixelsPerUnit``).
    static var pixelsPerUnit: Declared {
        .value(\.pixelsPerUnit, "pixels-per-unit", "S", inUsage: false,
               help: "Figures in device pixels too: \(PixelsPerUnit.meaning) (default 1).",
               parse: PixelsPerUnit.parse)
    }

    static var select: Declared {
        .text(\.select, "select", "ID|N",
              help: "SVG target: the shape to fit, by element id (a <g>'s id takes every shape inside it) or by its number among the drawn shapes; needed when the document draws several (the error lists them).")
    }

    static var frame: Declared {
        .value(\.frame, "frame", "F",
               help: "Lottie target: the composition frame whose outline is fitted (between the layer's ip and op; fractional frames interpolate).",
               parse: OptionValue.number)
    }

    static var layer: Declared {
        .text(\.layer, "layer", "NAME|N", inUsage: false,
              help: "Lottie target: the shape layer, by name or by position in 'layers' (0-based); needed when there are several.")
    }

    static var lottieEllipse: Declared {
        .value(\.lottieEllipse, "lottie-ellipse", "exact|player", inUsage: false,
               help: "Lottie target: an ellipse is sampled on the exact ellipse ('exact', default) or on lottie-web's drawing of it ('player': four cubics with handle 0.5519; lottie-ios and lottie-android draw 0.55228).",
               parse: OptionValue.choice(among: ["exact", "player"]))
    }

    static var samples: Declared {
        .value(\.samples, "samples", "N", inUsage: false,
               help: "Points sampled uniformly by arc length along a path target (default 720); for a CSV target, resample its polygon to N points (default: the points as given).",
               parse: OptionValue.wholeNumber(in: 3...1_000_000))
    }

    static var yUp: Declared {
        .flag(\.yUp, "y-up", inUsage: false,
              help: "SVG, Lottie and path data: keep the y axis as written (default: y-down SVG space, flipped into y-up model space).")
    }

    static var yDown: Declared {
        .flag(\.yDown, "y-down", inUsage: false,
              help: "CSV points: they are y-down (screen) coordinates; flip them (default: y-up model space; a CSV fit warns when the points fit much better mirrored).")
    }

    static var model: Declared {
        .value(\.model, "model", "MODEL", help: "The model to fit (default ball; see 'beztune model --list').",
               parse: ModelArguments.model)
    }

    static var radius: Declared {
        .value(\.radius, "radius", "R", help: "The ball's radius (the same as --set radius=R; default 50).",
               parse: OptionValue.positive)
    }

    static var free: Declared {
        .value(\.free, "free", "NAME,…",
               help: "The parameters to fit (default for the ball: \(ballDefaultFree)). Pose: tx, ty (translation), scale, rotation (radians).",
               parse: OptionValue.nameList)
    }

    static var set: Declared {
        ModelArguments.setOption(\.set, model: { $0.model }, finite: true,
                                 help: "A fixed parameter's value, or a free parameter's starting value (instead of the guess from the bounding box); repeatable.")
    }

    static var bound: Declared {
        .repeated(\.bounds, "bound", "NAME=LO:HI", inUsage: false,
                  help: "Narrow a free parameter's bounds (the model's bounds by default; inf allowed); repeatable.",
                  parse: ParameterBound.parse)
    }

    static var loss: Declared {
        .value(\.loss, "loss", "LOSS",
               help: "Loss on the distances: trivial (least squares, default), huber, soft-l1, cauchy, arctan.",
               parse: OptionValue.choice(among: RobustLoss.names))
    }

    static var lossScale: Declared {
        .value(\.lossScale, "loss-scale", "A", inUsage: false,
               help: "The robust loss's scale in model units: distances well below it count fully (default 0.5 % of the target's size).",
               parse: OptionValue.positive)
    }

    static var symmetric: Declared {
        .value(\.symmetric, "symmetric", "W", inUsage: false,
               help: "Also fit distances from the model to the target outline, weighted W against the target-to-model ones (default 0: off).",
               parse: OptionValue.nonNegative("a number"))
    }

    static var starts: Declared {
        .value(\.starts, "starts", "N", inUsage: false,
               help: "Starts: the guess and N−1 seeded perturbations of it; the lowest cost wins (default 1).",
               parse: OptionValue.wholeNumber(in: 1...1000))
    }

    static var seed: Declared {
        .value(\.seed, "seed", "S", inUsage: false, help: "Seed of the perturbations (default 1).", parse: OptionValue.seed)
    }

    static var maxEvaluations: Declared {
        .value(\.maxEvaluations, "max-evaluations", "N", inUsage: false,
               help: "Residual evaluations allowed per start (default 500).",
               parse: OptionValue.wholeNumber(in: 1...1_000_000))
    }

    static var repeats: Declared {
        .value(\.repeats, "repeat", "K", inUsage: false,
               help: "Fit K times and report the fastest wall time in seconds (for benchmarks; the result is the same).",
               parse: OptionValue.wholeNumber(in: 1...100_000))
    }

    static var serial: Declared {
        .flag(\.serial, "serial", inUsage: false,
              help: "Do the nearest-point searches on one thread, not split over every processor (for benchmarks; the result is the same).")
    }

    /// `--y-up` and `--y-down` exclude each other.
    static var rules: [OptionRule<FitChoices>] { [.exclusive([\.yUp, \.yDown])] }
}
