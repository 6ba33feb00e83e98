import BeztuneAPI
import DataFiles
import Deform
import Fitting
import Foundation
import Interchange
import _ProcessLayer
import _Support

/// The inputs `beztune export` (and, for the last two, `frames`) turn into a ``ShapeAnimation``:
/// a still shape from `--model NAME --set …`, a `fit` result from `--fit FILE [--row N]`, a
/// fitted profile from `--profile-dir DIR` (``FittedProfileFolder``) and BezierTune's own document
/// from `--document FILE` (``AnimationDocument``). A file that cannot be used is a runtime
/// failure (exit 1) naming it; options that cannot work together are usage errors (exit 2).
enum AnimationInputs {
    /// The still shape of `model` at its defaults with `assignments` (a pose, `tx` … or
    /// `poseX` …, places it; ``ModelArguments/posed(_:set:)``) and `--radius` (as `--set radius=R`),
    /// over `duration` seconds when given. Every problem is the options' (checked before any
    /// input is read).
    static func still(_ named: CatalogModel, set given: [ParameterAssignment], radius: Double?,
                      duration: Double?) throws(APIError) -> ShapeAnimation {
        try ExportCall.still(named, set: given, radius: radius, duration: duration)
    }

    /// `--set` with `--radius R` as `radius=R` first (``ExportCall/assignments(_:radius:)``).
    static func assignments(_ given: [ParameterAssignment], radius: Double?) throws(APIError) -> [ParameterAssignment] {
        try ExportCall.assignments(given, radius: radius)
    }

    /// Data row `row` (1-based; may be absent when the file has one data row) of a
    /// `beztune fit --csv` file (a batch's too: the manifest's columns are passed over), read by
    /// Fitting's ``FitResultTable``: the still shape at its values, with its standard errors,
    /// over `duration` seconds when given. A file that records its fit (a `model` column) needs
    /// nothing more, and a `--model`, `--free`, `--radius` or `--set` given must agree with it
    /// (``FitResultRow/disagreement(model:free:radius:values:)``; one that does not is a runtime
    /// failure naming both values); an older file is read with the fit those options make, as
    /// `beztune fit` makes it (``FitArguments``; the model defaults to the ball).
    static func fitResult(_ file: String, row: Int?, model: (CatalogModel)?, free: [String]?, radius: Double?,
                          set: [ParameterAssignment], duration: Double?) throws -> ShapeAnimation {
        let result = try fitRow(file, row: row, model: model, free: free, radius: radius, set: set)
        return try inContext(result.location) { () throws(ExportError) in try FitResultInput.animation(of: result, duration: duration) }
    }

    /// The fit of data row `row` of `file`, as ``fitResult(_:row:model:free:radius:set:duration:)``
    /// reads it; a fit that did not converge (a `status` not starting with `converged_`) is
    /// refused, naming its status: an export never carries a failed fit.
    static func fitRow(_ file: String, row: Int?, model: (CatalogModel)?, free: [String]?, radius: Double?,
                       set: [ParameterAssignment]) throws -> FitResultRow {
        try FitResultInput.row(in: try FitResultTable(contentsOf: URL(fileURLWithPath: file)), row: row, model: model,
                               free: free, radius: radius, set: set)
    }

    /// A `fit-profile` output folder replayed (``FittedProfileFolder``): the method asked for or
    /// chosen, and the animation; an export (`requireConvergence`) refuses a method whose fit did
    /// not converge.
    static func profile(_ folder: String, method: TrajectoryFit.Method?, duration: Double?,
                        requireConvergence: Bool) throws(ProfileFolderError) -> (animation: ShapeAnimation, choice: FittedProfileFolder.Choice, frameRate: Double?) {
        let fitted = try FittedProfileFolder(reading: folder)
        let choice = try fitted.choice(method: method, requireConvergence: requireConvergence)
        return (try fitted.animation(method: choice.method, duration: duration), choice, fitted.settings.frameRate)
    }

    /// BezierTune's own document (`export --format json`), over `duration` seconds when given
    /// (else its own).
    static func document(_ file: String, duration: Double?) throws -> ShapeAnimation {
        let text = try TextFile.read(URL(fileURLWithPath: file), kind: "document")
        return try inContext(file) { () throws(ExportError) in try ExportCall.document(text, duration: duration) }
    }
}
