import CSV
import Deform
import Fitting
import Interchange
import _Support

/// A `beztune fit --csv` result as the input of an export (`export --fit FIT.csv [--row N]`, the
/// API's `exportText({fit: "<csv text>"})`): one data row read by ``FitResultTable``, checked
/// against the options that describe the fit, and refused when that fit did not converge — an
/// export never carries a failed fit.
package enum FitResultInput {
    /// The fit of data row `row` (1-based; may be absent when the table has one data row) of
    /// `table`. A table that records its fit (a `model` column) needs nothing more, and a
    /// `model`, `free`, `radius` or `set` given must agree with it; an older table is read with
    /// the fit those options make, as `beztune fit` makes it (the model defaults to the ball).
    /// `option` names the row option in messages (`--row`, `--from-row`).
    package static func row(in table: FitResultTable, row: Int?, option: String = "--row", model: CatalogModel?,
                            free: [String]?, radius: Double?, set: [ParameterAssignment]) throws(APIError) -> FitResultRow {
        let index = try self.index(in: table, row: row, option: option)
        let result: FitResultRow
        if table.describesSetup {
            result = try reported { () throws(FitResultError) in try table.row(index) }
            if let disagreement = result.disagreement(model: model?.name, free: free, radius: radius,
                                                      values: set.map { ($0.name, $0.value) }) {
                throw .runtime("\(result.location): \(given(disagreement)) but \(disagreement.recordedPart)")
            }
        } else {
            let setup = try FitPlan(model: model ?? .ball, free: free, radius: radius, set: set).setup
            do throws(FitResultError) {
                result = try table.row(index, setup: setup)
            } catch {
                guard case .columnsNotFree = error else { throw APIError(message: error.description, isUsageMistake: error.isUsageMistake) }
                throw .runtime("\(error.description); the file does not name its model: give the fit's --model, --free, --radius and --set")
            }
        }
        try refuseUnconverged(result)
        return result
    }

    /// The fit of data row `row` of `table`, which must be a fit of `base` that converged.
    package static func row(in table: FitResultTable, row: Int?, option: String, expecting base: CatalogModel) throws(APIError) -> FitResultRow {
        let index = try self.index(in: table, row: row, option: option)
        let result = try reported { () throws(FitResultError) in try table.row(index, expecting: base) }
        try refuseUnconverged(result)
        return result
    }

    /// The 0-based index of data row `row`, the choice's errors naming `option`.
    static func index(in table: FitResultTable, row: Int?, option: String) throws(APIError) -> Int {
        do throws(FitResultError) {
            return try table.index(ofRow: row)
        } catch .severalRows(let source, let count) {
            throw .runtime("\(source): \(count) data rows (a batch): choose one with \(option) N")
        } catch .noSuchRow(let source, let row, let count) {
            throw .runtime("\(source): \(option) \(row) but the file has \(count) data row\(count == 1 ? "" : "s")")
        } catch {
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
    }

    /// The still shape of a fit result at its values, with its standard errors, over `duration`
    /// seconds when given.
    package static func animation(of fitted: FitResultRow, duration: Double?) throws(ExportError) -> ShapeAnimation {
        let still = try ShapeAnimation(model: fitted.setup.model, parameters: fitted.parameters,
                                       standardErrors: fitted.namedStandardErrors)
        guard let duration else { return still }
        return try ShapeAnimation(model: still.model, profile: still.profile, duration: duration, standardErrors: still.standardErrors)
    }

    /// A fit whose status does not start with `converged_` (none recorded: accepted), refused.
    package static func refuseUnconverged(_ result: FitResultRow) throws(APIError) {
        if let status = result.status, !status.isEmpty, !status.hasPrefix("converged_") {
            throw .runtime("\(result.location): that fit did not converge (status \(status)); fit it again (--max-evaluations, --starts) or export a row that converged")
        }
    }

    /// The option that said what a fit result contradicts, as given (`--radius 50`).
    static func given(_ disagreement: FitResultDisagreement) -> String {
        switch disagreement {
        case .model(let given, _): "--model \(given)"
        case .free(let given, _): "--free \(given.joined(separator: ","))"
        case .radius(let given, _): "--radius \(ShortestDecimal.format(given))"
        case .value(let name, let given, _, _): "--set \(name)=\(ShortestDecimal.format(given))"
        }
    }

    static func reported<T>(_ body: () throws(FitResultError) -> T) throws(APIError) -> T {
        do throws(FitResultError) {
            return try body()
        } catch {
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
    }
}
