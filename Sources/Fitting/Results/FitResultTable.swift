import CSV
import Deform
import _CLibc
import _Support

/// A fit result read back: the CSV ``FitResultColumns`` writes (one row, or a batch's rows after
/// its manifest's columns, which are passed over), row by row.
///
/// The parameter columns are the columns NAME that have a NAME_stderr column beside them, in
/// file order: the fit's free parameters, names as given. A file with a `model` column records
/// its setup (``describesSetup``): each row is read with ``row(_:)`` into the setup it was
/// fitted with — the base model named by `model`, the parameter columns free, the `held` cell's
/// values held, posed when any of those names a pose parameter — and its `radius` and pose
/// columns must be what that setup and the row's values give (every digit is written, so
/// exactly). A file written before fits recorded their setup has no `model` column; it is read
/// with the setup the caller gives (``row(_:setup:)``), whose free parameters must be its
/// parameter columns in order.
///
/// Every row read is checked: not a failed fit (status `error`), values finite, standard errors
/// nan or ≥ 0, the fitted parameters inside the model's bounds. Errors are one line naming the
/// file, the line and the column (``FitResultError``).
public struct FitResultTable: Sendable {
    /// The table as read.
    public let table: CSVTable
    /// The parameter columns, in file order.
    public let parameterColumns: [String]

    /// The fit result `table` holds; refused when no column has a `_stderr` twin or there is no
    /// data row.
    public init(_ table: CSVTable) throws(FitResultError) {
        let columns = table.header.filter { table.header.contains($0 + "_stderr") }
        guard !columns.isEmpty else { throw .noParameterColumns(source: table.source) }
        guard !table.rows.isEmpty else { throw .noRows(source: table.source) }
        (self.table, parameterColumns) = (table, columns)
    }

    /// The file's name in messages.
    public var source: String { table.source }

    /// The number of data rows.
    public var rowCount: Int { table.rows.count }

    /// True when the file records each fit's setup (a `model` column).
    public var describesSetup: Bool { table.header.contains("model") }

    /// The 0-based index of 1-based data row `row`; without one, the only row (a file of several
    /// rows — a batch — needs one chosen).
    public func index(ofRow row: Int?) throws(FitResultError) -> Int {
        guard let row else {
            guard rowCount == 1 else { throw .severalRows(source: source, count: rowCount) }
            return 0
        }
        guard row >= 1 && row <= rowCount else { throw .noSuchRow(source: source, row: row, count: rowCount) }
        return row - 1
    }

    /// Row `index` (0-based) with the setup it records (the file ``describesSetup``).
    public func row(_ index: Int) throws(FitResultError) -> FitResultRow {
        guard describesSetup else { throw .setupNotRecorded(source: source) }
        try refuseFailed(index)
        let location = "\(source) line \(table.lineNumbers[index])"
        let (model, held) = try cells(index)
        let setup: FitSetup
        do throws(FitError) {
            setup = try FitSetup(model: model, free: parameterColumns, values: held)
        } catch {
            throw .invalidSetup(location: location, error)
        }
        let row = try read(index, setup: setup)
        try checkRecorded(row, index)
        return row
    }

    /// Row `index` (0-based) fitted with `setup`, for a file that does not record its setup (when
    /// it does, its record is used only to check that it is `setup`'s: the same model, the same
    /// free parameters, and every other parameter — radius and pose included — at the same value).
    public func row(_ index: Int, setup: FitSetup) throws(FitResultError) -> FitResultRow {
        guard parameterColumns == setup.freeNames else {
            throw .columnsNotFree(source: source, columns: parameterColumns, model: setup.model.name, free: setup.freeNames)
        }
        try refuseFailed(index)
        let row = try read(index, setup: setup)
        if describesSetup {
            // Every parameter's value in the given setup's shape (an unposed one's pose is the
            // identity) must be the recorded one's.
            let recorded = try self.row(index), given = row.parameters
            var values: [(name: String, value: Double)] = setup.model.parameters.indices.map { (setup.model.parameters[$0].name, given.value(at: $0)) }
            if !setup.isPosed { values += PosedModel<BallModel>.poseSpecs.map { ($0.name, $0.defaultValue) } }
            if let disagreement = recorded.disagreement(model: setup.baseModel.name, free: setup.freeNames, values: values) {
                throw .notTheGivenFit(location: recorded.location, disagreement)
            }
        }
        return row
    }

    /// Row `index` (0-based), which must be a fit of `base` (posed or not); its fitted shape is
    /// ``FitResultRow/parameters``, a vector of ``FitResultRow/setup``'s model (``PosedModel`` of
    /// `base` when the fit was posed). The file must record its setup.
    public func row(_ index: Int, expecting base: CatalogModel) throws(FitResultError) -> FitResultRow {
        guard describesSetup else { throw .setupNotRecorded(source: source) }
        let modelColumn = try column("model")
        let name = String(table.string(row: index, column: modelColumn).trimmingWhitespace)
        guard name == base.name else {
            throw .otherModel(location: "\(source) line \(table.lineNumbers[index])", found: name, expected: base.name)
        }
        return try row(index)
    }

    // MARK: - Reading

    func column(_ name: String) throws(FitResultError) -> Int {
        do throws(CSVError) {
            return try table.columnIndex(name)
        } catch {
            throw .table(error)
        }
    }

    /// Refuses a row whose `status` is `error`.
    func refuseFailed(_ index: Int) throws(FitResultError) {
        guard let status = table.header.firstIndex(of: "status"),
              table.rows[index][status].trimmingWhitespace == "error" else { return }
        let message = table.header.firstIndex(of: "message").map { table.rows[index][$0] }
        throw .failedFit(location: "\(source) line \(table.lineNumbers[index])", message: message)
    }

    /// The row's base model (its `model` cell) and held values (its `held` cell).
    func cells(_ index: Int) throws(FitResultError) -> (model: CatalogModel, held: [(name: String, value: Double)]) {
        let modelColumn = try column("model"), heldColumn = try column("held")
        let name = table.string(row: index, column: modelColumn).trimmingWhitespace
        let model: CatalogModel
        do throws(ModelInputError) {
            model = try ModelCatalog.model(named: String(name))
        } catch {
            throw .table(table.cellError(row: index, column: modelColumn, error.description))
        }
        do throws(HeldValuesError) {
            return (model, try HeldValues.parse(table.string(row: index, column: heldColumn)))
        } catch {
            throw .table(table.cellError(row: index, column: heldColumn, error.reason))
        }
    }

    /// The row's free values and standard errors, read for `setup`.
    func read(_ index: Int, setup: FitSetup) throws(FitResultError) -> FitResultRow {
        var values: [Double] = [], errors: [Double] = []
        do throws(CSVError) {
            for name in parameterColumns {
                values.append(try table.double(row: index, column: try table.columnIndex(name)))
                let column = try table.columnIndex(name + "_stderr")
                let e = try table.double(row: index, column: column, allowNonFinite: true)
                guard e.isNaN || (e.isFinite && e >= 0) else {
                    throw table.cellError(row: index, column: column, "a standard error must be a number ≥ 0 or nan")
                }
                errors.append(e)
            }
        } catch {
            throw .table(error)
        }
        let status = table.header.firstIndex(of: "status").map { String(table.rows[index][$0].trimmingWhitespace) }
        let row = FitResultRow(source: source, line: table.lineNumbers[index], setup: setup, values: values,
                               standardErrors: errors, status: status)
        if let violation = row.parameters.boundsViolation {
            // A free value out of bounds is its column's fault; a held one (given by name) the
            // `held` cell's.
            var name = ""
            if case .outOfBounds(let n, _, _, _) = violation { name = n }
            let k = setup.freeIndices.firstIndex { setup.model.parameters[$0].name == name }
            let at = try column(k.map { parameterColumns[$0] } ?? (describesSetup ? "held" : parameterColumns[0]))
            throw .table(table.cellError(row: index, column: at, violation.description))
        }
        return row
    }

    /// Checks the row's `radius` and pose cells against its setup and values.
    func checkRecorded(_ row: FitResultRow, _ index: Int) throws(FitResultError) {
        var expected: [(column: String, value: Double?)] = []
        if !parameterColumns.contains("radius") { expected.append(("radius", row.radius)) }
        if row.setup.isPosed || FitResultColumns.poseColumns.contains(where: { table.header.contains($0.column) }) {
            expected += FitResultColumns.poseColumns.map { ($0.column, row.value(of: $0.parameter)) }
        }
        for (name, value) in expected {
            let c = try column(name)
            let cell = table.string(row: index, column: c).trimmingWhitespace
            if let value {
                let recorded: Double
                do throws(CSVError) {
                    recorded = try table.double(row: index, column: c)
                } catch {
                    throw .table(error)
                }
                guard recorded == value else {
                    throw .table(table.cellError(row: index, column: c,
                        "\(ShortestDecimal.format(recorded)) but the row's model, values and held values give \(ShortestDecimal.format(value))"))
                }
            } else if !cell.isEmpty {
                throw .table(table.cellError(row: index, column: c, "\(MessageText.quoted(cell)) but model \(row.setup.baseModel.name) has no radius"))
            }
        }
    }
}
