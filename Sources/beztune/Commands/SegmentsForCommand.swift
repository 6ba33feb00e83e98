import ArcError
import DataFiles
import Foundation
import _ArgumentParser

/// `beztune segments-for`: the fewest segments per circle for a radial tolerance.
enum SegmentsForCommand: BeztuneCommand {
    static let name = "segments-for"
    static let abstract = "The fewest equal segments per circle that keep the radial error within a tolerance."

    static var options: [Option<Options>] {
        [
            .value(\.tolerance, "tolerance", "T", required: true,
                   help: "Largest allowed |radial error|: relative to the radius, or in length units with --radius.",
                   parse: OptionValue.positive),
            ArcErrorChoices.radius.embedded(in: \.arc).help("The radius, making T absolute (the relative tolerance is T/R)."),
            .value(\.criterion, "criterion", "NAME",
                   help: "How k is chosen for each n: \(HandleFactor.criterionNames.joined(separator: ", ")) (default minimax).",
                   parse: OptionValue.choice(of: HandleCriterion.self)),
        ]
    }

    static let discussion = "Prints the segment count n, the criterion's k for it and the achieved max |radial error|."

    /// The options with the tolerance relative to the radius, refused below what the error is
    /// known to.
    struct Checked {
        var options: Options
        var relative: Double
    }

    static func validate(_ options: Options) throws -> Checked {
        let (tolerance, radius) = (options.tolerance, options.arc.radius?.value)
        let relative = tolerance / (radius ?? 1)
        guard relative >= SegmentCount.smallestTolerance else {
            throw CLIError.usage("invalid --tolerance \(CSVField.format(tolerance))\(radius.map { " at radius \(CSVField.format($0))" } ?? ""): the relative tolerance \(CSVField.format(relative)) is below 1e-13, the accuracy to which the error is known")
        }
        return Checked(options: options, relative: relative)
    }

    static func run(_ checked: Checked, console: Console) throws {
        let (options, relative) = (checked.options, checked.relative)
        let (tolerance, radius, criterion) = (options.tolerance, options.arc.radius?.value, options.criterion)
        guard let result = SegmentCount.fewest(for: criterion, tolerance: relative) else {
            throw CLIError.runtime("no segment count up to \(SegmentCount.searchLimit) reaches the relative tolerance \(CSVField.format(relative))")
        }
        let k = criterion.handle(segments: result.segments)
        var pairs: [(String, String)] = [
            ("criterion", criterion.rawValue), ("segments", String(result.segments)), ("k", CSVField.format(k)),
            ("tolerance", CSVField.format(relative)),
            ("max_abs_radial_error", CSVField.format(result.maximumRadialError)),
        ]
        if let radius {
            pairs.append(("tolerance_abs", CSVField.format(tolerance)))
            pairs.append(("max_abs_radial_error_abs", CSVField.format(result.maximumRadialError * radius)))
        }
        console.writeOutput(TextTable.keyValue(pairs))
    }

    struct Options: CommandOptions {
        var tolerance = 0.0  // required
        var arc = ArcErrorChoices()
        var criterion = HandleCriterion.minimax
    }

}
