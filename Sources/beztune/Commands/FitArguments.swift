import Deform
import Fitting
import Foundation
import LeastSquares
import _Support

/// The options of `beztune fit` that say what to fit and how — the same for every target of a
/// batch, so they are read (and refused, as usage errors) once, before any target is opened.
struct FitArguments {
    var setup: FitSetup
    var options: FitOptions
    /// The loss's scale as a fraction of each target's size, when `--loss-scale` is not given.
    var relativeLossScale: Double?
    var lossName: String
    var samples: Int?
    var yUp: Bool
    var yDown: Bool
    var repeats: Int

    static let losses = ["trivial", "huber", "soft-l1", "cauchy", "arctan"]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let modelName = arguments.string("model") ?? "ball"
        let model = try ModelArguments.model(named: modelName, arguments)
        var free: [String] = []
        if let list = arguments.string("free") {
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = String(String(name).trimmingWhitespace)
                guard !trimmed.isEmpty else {
                    throw arguments.usage("invalid value '\(list)' for '--free': expected NAME,NAME,… without empty names")
                }
                free.append(trimmed)
            }
        }
        if arguments.string("free") == nil {
            guard let d = model.defaultFree else {
                throw arguments.usage("missing --free NAME,… (no default for model '\(model.name)')")
            }
            free = d
        }
        var values: [(name: String, value: Double)] = []
        if let text = arguments.string("radius") {
            guard let r = Double(text.trimmingWhitespace), r.isFinite, r > 0 else {
                throw arguments.usage("invalid value '\(text)' for '--radius': expected a positive number")
            }
            values.append(("radius", r))
        }
        for assignment in arguments.strings("set") {
            let (name, text) = try Self.split(assignment, option: "set", separator: "=", arguments)
            guard let value = Double(text.trimmingWhitespace), value.isFinite else {
                throw arguments.usage("invalid value '\(text)' for parameter '\(name)' in '--set': expected a finite number")
            }
            guard !values.contains(where: { $0.name == name }) else {
                throw arguments.usage("parameter '\(name)' is set more than once\(name == "radius" ? " (--radius sets it too)" : "")")
            }
            values.append((name, value))
        }
        var bounds: [(name: String, lower: Double, upper: Double)] = []
        for assignment in arguments.strings("bound") {
            let (name, text) = try Self.split(assignment, option: "bound", separator: "=", arguments)
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let lo = Double(String(parts[0]).trimmingWhitespace),
                  let hi = Double(String(parts[1]).trimmingWhitespace) else {
                throw arguments.usage("invalid value '\(assignment)' for '--bound': expected NAME=LOWER:UPPER (inf and -inf allowed)")
            }
            bounds.append((name, lo, hi))
        }
        do throws(FitError) {
            setup = try FitSetup(model: model, free: free, values: values, bounds: bounds)
        } catch {
            throw arguments.usage(error.description)
        }

        var options = FitOptions()
        lossName = try arguments.choice("loss", among: Self.losses) ?? "trivial"
        let scale = try arguments.positiveDouble("loss-scale")
        if arguments.string("loss-scale") != nil && lossName == "trivial" {
            throw arguments.usage("--loss-scale needs --loss huber, soft-l1, cauchy or arctan")
        }
        relativeLossScale = lossName != "trivial" && scale == nil ? 0.005 : nil
        options.loss = Self.loss(lossName, scale: scale ?? 1)
        options.starts = try Self.count("starts", arguments, range: 1...1000) ?? 1
        if let text = arguments.string("seed") {
            guard let s = UInt64(text.trimmingWhitespace) else {
                throw arguments.usage("invalid value '\(text)' for '--seed': expected a whole number ≥ 0")
            }
            options.seed = s
        }
        if let text = arguments.string("symmetric") {
            guard let w = Double(text.trimmingWhitespace), w.isFinite, w >= 0 else {
                throw arguments.usage("invalid value '\(text)' for '--symmetric': expected a number ≥ 0")
            }
            options.symmetricWeight = w
        }
        options.maxEvaluations = try Self.count("max-evaluations", arguments, range: 1...1_000_000) ?? options.maxEvaluations
        self.options = options
        samples = try Self.count("samples", arguments, range: 3...1_000_000)
        yUp = arguments.flag("y-up")
        yDown = arguments.flag("y-down")
        repeats = try Self.count("repeat", arguments, range: 1...100_000) ?? 1
    }

    /// The options for a target of size `size` (the default loss scale is relative to it).
    func options(forSize size: Double) -> FitOptions {
        var o = options
        if let relativeLossScale { o.loss = Self.loss(lossName, scale: Swift.max(relativeLossScale * size, .leastNormalMagnitude)) }
        return o
    }

    static func loss(_ name: String, scale a: Double) -> RobustLoss {
        switch name {
        case "huber": .huber(scale: a)
        case "soft-l1": .softL1(scale: a)
        case "cauchy": .cauchy(scale: a)
        case "arctan": .arctan(scale: a)
        default: .trivial
        }
    }

    static func split(_ text: String, option: String, separator: Character,
                      _ arguments: ParsedArguments) throws(CLIError) -> (String, String) {
        guard let eq = text.firstIndex(of: separator) else {
            throw arguments.usage("invalid value '\(text)' for '--\(option)': expected NAME\(separator)VALUE")
        }
        let name = String(String(text[..<eq]).trimmingWhitespace)
        guard !name.isEmpty else {
            throw arguments.usage("invalid value '\(text)' for '--\(option)': the name is missing")
        }
        return (name, String(text[text.index(after: eq)...]))
    }

    static func count(_ name: String, _ arguments: ParsedArguments, range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let text = arguments.string(name) else { return nil }
        guard let n = Int(text.trimmingWhitespace), range.contains(n) else {
            throw arguments.usage("invalid value '\(text)' for '--\(name)': expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}
