import ArcError
import BeztuneAPI
import DataFiles
import Foundation
import _ArgumentParser
import _Support

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

    /// The options with their answer, computed (and refused) before any output.
    static func validate(_ options: Options) throws -> SegmentsFor {
        try SegmentsFor(tolerance: options.tolerance, radius: options.arc.radius?.value, criterion: options.criterion)
    }

    static func run(_ answer: SegmentsFor, console: Console) throws {
        console.writeOutput(TextTable.keyValue(answer.figures.map { ($0.name, $0.value.text) }))
    }

    struct Options: CommandOptions {
        var tolerance = 0.0  // required
        var arc = ArcErrorChoices()
        var criterion = HandleCriterion.minimax
    }

}
