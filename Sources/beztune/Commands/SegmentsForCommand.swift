import ArcError
import Foundation
import Render

/// `beztune segments-for`: the fewest segments per circle for a radial tolerance.
enum SegmentsForCommand {
    static let spec = CommandSpec(
        name: "segments-for",
        abstract: "The fewest equal segments per circle that keep the radial error within a tolerance.",
        synopsis: "--tolerance T [--radius R] [--criterion NAME]",
        options: [
            .init(name: "tolerance", arity: .single(valueName: "T"),
                  help: "Largest allowed |radial error|: relative to the radius, or in length units with --radius."),
            .init(name: "radius", arity: .single(valueName: "R"),
                  help: "The radius, making T absolute (the relative tolerance is T/R)."),
            .init(name: "criterion", arity: .single(valueName: "NAME"),
                  help: "How k is chosen for each n: \(HandleFactor.criterionNames.joined(separator: ", ")) (default minimax)."),
        ],
        discussion: "Prints the segment count n, the criterion's k for it and the achieved max |radial error|.")

    static let command = Beztune.Command(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        guard let tolerance = try arguments.positiveDouble("tolerance") else {
            throw arguments.usage("missing --tolerance")
        }
        let radius = try arguments.positiveDouble("radius")
        let name = try arguments.choice("criterion", among: HandleFactor.criterionNames) ?? "minimax"
        // `choice` admitted only criterion names, so this always succeeds.
        guard let criterion = HandleCriterion(rawValue: name) else { throw arguments.usage("unknown --criterion '\(name)'") }
        let relative = tolerance / (radius ?? 1)
        guard relative >= SegmentCount.smallestTolerance else {
            throw arguments.usage("invalid --tolerance \(CSVField.format(tolerance))\(radius.map { " at radius \(CSVField.format($0))" } ?? ""): the relative tolerance \(CSVField.format(relative)) is below 1e-13, the accuracy to which the error is known")
        }
        guard let result = SegmentCount.fewest(for: criterion, tolerance: relative) else {
            throw .runtime("no segment count up to \(SegmentCount.searchLimit) reaches the relative tolerance \(CSVField.format(relative))")
        }
        let k = criterion.handle(segments: result.segments)
        var pairs: [(String, String)] = [
            ("criterion", name), ("segments", String(result.segments)), ("k", CSVField.format(k)),
            ("tolerance", CSVField.format(relative)),
            ("max_abs_radial_error", CSVField.format(result.maximumRadialError)),
        ]
        if let radius {
            pairs.append(("tolerance_abs", CSVField.format(tolerance)))
            pairs.append(("max_abs_radial_error_abs", CSVField.format(result.maximumRadialError * radius)))
        }
        console.writeOutput(TextTable.keyValue(pairs))
    }
}
