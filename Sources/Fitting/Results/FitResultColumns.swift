import LeastSquares
import CSV
import Deform
import _Support

/// The columns of a fit result — one row per fitted target, the CSV `beztune fit --csv` writes
/// and ``FitResultTable`` reads back — for one ``FitSetup`` (the same for every row of a batch).
///
/// In order (a later version may append columns; none moves):
/// 1. the free parameters' values, names as given (`tx` stays `tx`), then `<name>_stderr` for
///    each (nan for a parameter on a bound or without a covariance);
/// 2. the figures ``figureColumns``: `rms`, `max_distance`, `hausdorff`, `area_difference`,
///    `iterations`, `evaluations`, `status`, `seconds`;
/// 3. `message` when the table has one (a batch's: why a target could not be fitted);
/// 4. what the fit was — enough to draw it again without repeating the options that made it:
///    `model` (the base model's name, `ball`, never `ball-posed`), `radius` (the `radius`
///    parameter's value, fitted or held or the model's default; empty for a model without one;
///    when `radius` is free its value column of step 1 is that column and none is added here),
///    `held` (every value given for a parameter that is not free, ``HeldValues``) and, when the
///    model is posed, `pose_tx`, `pose_ty`, `pose_scale`, `pose_rotation` (radians): the whole
///    pose, free or held;
/// 5. the figures in device pixels (``pixelColumns``): `pixels_per_unit` (S, `--pixels-per-unit`,
///    1 unless given) and `rms_px`, `max_distance_px`, `hausdorff_px`, each S × its model-unit
///    figure (a distance of d units is S·d device pixels; empty where the figure is).
///
/// Every number is written in the package's one format (``CSVField/format(_:)``: every digit).
/// A target that could not be fitted (``failedFields(message:)``) has empty values, status
/// `error`, and the setup's columns filled as far as the setup alone says them (a free radius or
/// pose value is empty).
public struct FitResultColumns: Sendable {
    /// The figures after the parameters, in column order.
    public static let figureColumns = ["rms", "max_distance", "hausdorff", "area_difference",
                                       "iterations", "evaluations", "status", "seconds"]
    /// The pose columns (appended when the model is posed), and the ``PosedModel`` parameters
    /// they hold.
    public static let poseColumns: [(column: String, parameter: String)] = [
        ("pose_tx", "poseX"), ("pose_ty", "poseY"), ("pose_scale", "poseScale"), ("pose_rotation", "poseRotation"),
    ]

    /// The device-pixel columns, appended last (step 5).
    public static let pixelColumns = ["pixels_per_unit", "rms_px", "max_distance_px", "hausdorff_px"]

    public let setup: FitSetup
    /// Whether the table has a `message` column (a batch's).
    public let hasMessage: Bool
    /// Device pixels per model unit, S (finite, > 0): the `_px` figures are S × the figures.
    /// Not the pose parameter `scale`, which sizes the model before it is compared.
    public let pixelsPerUnit: Double

    public init(setup: FitSetup, message: Bool = false, pixelsPerUnit: Double = 1) {
        precondition(pixelsPerUnit.isFinite && pixelsPerUnit > 0, "FitResultColumns: pixels per unit must be finite and > 0")
        (self.setup, hasMessage, self.pixelsPerUnit) = (setup, message, pixelsPerUnit)
    }

    /// True when the setup's radius is a free parameter (its value column is the `radius` column).
    var radiusIsFree: Bool { setup.freeNames.contains("radius") }

    /// The setup's columns (step 4 of the type's documentation).
    public var setupColumns: [String] {
        ["model"] + (radiusIsFree ? [] : ["radius"]) + ["held"]
            + (setup.isPosed ? Self.poseColumns.map({ $0.column }) : [])
    }

    /// The whole header.
    public var header: [String] {
        setup.freeNames + setup.freeNames.map { $0 + "_stderr" } + Self.figureColumns
            + (hasMessage ? ["message"] : []) + setupColumns + Self.pixelColumns
    }

    /// The row of a fit of ``setup`` (`message` goes in the `message` column, when there is one).
    public func fields(_ fit: OutlineFit, message: String = "") -> [CSVField] {
        let figures: [CSVField] = [
            .double(fit.rms), .double(fit.maxDistance),
            fit.comparison.map { .double($0.hausdorff) } ?? .empty,
            fit.comparison.map { .double($0.areaDifference) } ?? .empty,
            .int(fit.iterations), .int(fit.evaluations), .text(fit.status.rawValue), .double(fit.seconds),
        ]
        let s = pixelsPerUnit
        let pixels: [CSVField] = [.double(s * fit.rms), .double(s * fit.maxDistance),
                                  fit.comparison.map { .double(s * $0.hausdorff) } ?? .empty]
        return fields(parameters: fit.parameters, values: fit.values, standardErrors: fit.standardErrors,
                      figures: figures, message: message, pixels: pixels)
    }

    /// The row of a target that could not be fitted: empty values and figures, status `error`,
    /// the setup's columns as the setup says them.
    public func failedFields(message: String = "") -> [CSVField] {
        let empty = [CSVField](repeating: .empty, count: setup.freeCount)
        let figures = [CSVField](repeating: .empty, count: 6) + [.text("error"), .empty]
        return fields(parameters: nil, values: empty, standardErrors: empty, figures: figures, message: message)
    }

    /// The row of `parameters` (every parameter of ``FitSetup/model``; nil for a failed fit, whose
    /// free values are unknown) with its free values, standard errors and figures as written, and
    /// `pixels` — the `rms_px`, `max_distance_px`, `hausdorff_px` cells (empty when not given) —
    /// after ``pixelsPerUnit``.
    func fields(parameters: ParameterVector?, values: [CSVField], standardErrors: [CSVField],
                figures: [CSVField], message: String, pixels: [CSVField] = [.empty, .empty, .empty]) -> [CSVField] {
        precondition(values.count == setup.freeCount && standardErrors.count == setup.freeCount
                     && figures.count == Self.figureColumns.count, "FitResultColumns: a row of another setup")
        var row = values + standardErrors + figures
        if hasMessage { row.append(.text(message)) }
        row.append(.text(setup.baseModel.name))
        if !radiusIsFree { row.append(value(of: "radius", in: parameters)) }
        row.append(.text(HeldValues.format(setup.heldValues)))
        if setup.isPosed {
            row += Self.poseColumns.map { value(of: $0.parameter, in: parameters) }
        }
        precondition(pixels.count == Self.pixelColumns.count - 1, "FitResultColumns: three pixel figures")
        return row + [.double(pixelsPerUnit)] + pixels
    }

    func fields(parameters: ParameterVector?, values: [Double], standardErrors: [Double],
                figures: [CSVField], message: String, pixels: [CSVField] = [.empty, .empty, .empty]) -> [CSVField] {
        fields(parameters: parameters, values: values.map(CSVField.double),
               standardErrors: standardErrors.map(CSVField.double), figures: figures, message: message, pixels: pixels)
    }

    /// A parameter's value in `parameters`, or — without them (a failed fit) — the setup's value
    /// when the parameter is not free; empty when the model has no such parameter or it is free
    /// and unknown.
    func value(of name: String, in parameters: ParameterVector?) -> CSVField {
        guard let i = setup.model.parameters.firstIndex(where: { $0.name == name }) else { return .empty }
        if let parameters { return .double(parameters.value(at: i)) }
        return setup.freeIndices.contains(i) ? .empty : .double(setup.parameters.value(at: i))
    }
}
