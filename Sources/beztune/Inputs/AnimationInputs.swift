import DataFiles
import Deform
import Fitting
import Foundation
import Interchange
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
    static func still(_ named: any DeformModel, set given: [ParameterAssignment], radius: Double?,
                      duration: Double?) throws -> ShapeAnimation {
        let assignments = try Self.assignments(given, radius: radius)
        let (model, set) = try ModelArguments.posed(named, set: assignments)
        if model is any SceneModel {
            throw CLIError.usage("\(model.name) is a scene with its own timeline; export takes plain models (ball) or fitted results")
        }
        let parameters = try ModelArguments.endValues(set, model: model)
        let still = try ShapeAnimation(model: model, parameters: parameters)
        guard let duration else { return still }
        return try ShapeAnimation(model: model, profile: still.profile, duration: duration)
    }

    /// `--set` with `--radius R` as `radius=R` first; the radius set both ways is the options'
    /// mistake.
    static func assignments(_ given: [ParameterAssignment], radius: Double?) throws(CLIError) -> [ParameterAssignment] {
        guard let radius else { return given }
        if given.contains(where: { $0.name == "radius" }) { throw .usage("parameter 'radius' is set more than once (--radius sets it too)") }
        return [ParameterAssignment(name: "radius", value: radius)] + given
    }

    /// Data row `row` (1-based; may be absent when the file has one data row) of a
    /// `beztune fit --csv` file (a batch's too: the manifest's columns are passed over): its
    /// parameter columns — those NAME with a NAME_stderr column — must be exactly the free
    /// parameters of `fit`'s setup (the fit's `--model`, `--free`, `--radius` and `--set`), in
    /// order; the still shape at its values, with its standard errors, over `duration` seconds
    /// when given.
    static func fitResult(_ file: String, row: Int?, _ fit: FitArguments, duration: Double?) throws -> ShapeAnimation {
        let setup = fit.setup
        let table = try CSVTable(contentsOf: URL(fileURLWithPath: file))
        let columns = table.header.filter { table.header.contains($0 + "_stderr") }
        guard !columns.isEmpty else {
            throw CLIError.runtime("\(file): no parameter columns (NAME with NAME_stderr): not a 'beztune fit --csv' file")
        }
        guard columns == setup.freeNames else {
            throw CLIError.runtime("\(file): its parameter columns (\(columns.joined(separator: ", "))) are not the free parameters of model \(setup.model.name) (\(setup.freeNames.joined(separator: ", "))); give the fit's --model, --free, --radius and --set")
        }
        guard !table.rows.isEmpty else { throw CLIError.runtime("\(file): no data rows") }
        let index: Int
        if let row {
            guard row <= table.rows.count else {
                throw CLIError.runtime("\(file): --row \(row) but the file has \(table.rows.count) data row\(table.rows.count == 1 ? "" : "s")")
            }
            index = row - 1
        } else {
            guard table.rows.count == 1 else {
                throw CLIError.runtime("\(file): \(table.rows.count) data rows (a batch): choose one with --row N")
            }
            index = 0
        }
        if let status = table.header.firstIndex(of: "status"), table.rows[index][status].trimmingWhitespace == "error" {
            let message = table.header.firstIndex(of: "message").map { ": " + table.rows[index][$0] } ?? ""
            throw CLIError.runtime("\(file) line \(table.lineNumbers[index]): that fit failed (status error)\(message)")
        }
        var values: [Double] = [], errors: [(name: String, value: Double)] = []
        for (k, name) in columns.enumerated() {
            values.append(try table.double(row: index, column: try table.columnIndex(name)))
            let column = try table.columnIndex(name + "_stderr")
            let e = try table.double(row: index, column: column, allowNonFinite: true)
            guard e.isNaN || (e.isFinite && e >= 0) else {
                throw table.cellError(row: index, column: column, "a standard error must be a number ≥ 0 or nan")
            }
            errors.append((setup.modelName(ofFree: k), e))
        }
        return try inContext("\(file) line \(table.lineNumbers[index])") { () throws(ExportError) in
            let still = try ShapeAnimation(model: setup.model, parameters: setup.parameters(with: values), standardErrors: errors)
            guard let duration else { return still }
            return try ShapeAnimation(model: still.model, profile: still.profile, duration: duration, standardErrors: still.standardErrors)
        }
    }

    /// A `fit-profile` output folder replayed (``FittedProfileFolder``): the method asked for or
    /// chosen, and the animation; an export (`requireConvergence`) refuses a method whose fit did
    /// not converge.
    static func profile(_ folder: String, method: TrajectoryFit.Method?, duration: Double?,
                        requireConvergence: Bool) throws(ProfileFolderError) -> (animation: ShapeAnimation, choice: FittedProfileFolder.Choice) {
        let fitted = try FittedProfileFolder(reading: folder)
        let choice = try fitted.choice(method: method, requireConvergence: requireConvergence)
        return (try fitted.animation(method: choice.method, duration: duration), choice)
    }

    /// BezierTune's own document (`export --format json`), over `duration` seconds when given
    /// (else its own).
    static func document(_ file: String, duration: Double?) throws -> ShapeAnimation {
        let text = try TextFile.read(URL(fileURLWithPath: file), kind: "document")
        return try inContext(file) { () throws(ExportError) in
            let a = try AnimationDocument(parsing: text).animation
            guard let duration else { return a }
            return try ShapeAnimation(model: a.model, profile: a.profile, duration: duration,
                                      keyframeTimes: a.keyframeTimes, standardErrors: a.standardErrors)
        }
    }
}
