import DataFiles
import Deform
import Foundation
import Testing
import _TestSupport
@testable import Fitting

@Suite("FitResultColumns and FitResultTable: a fit result written and read back, its setup included")
struct FitResultTableTests {
    /// The text of `columns`' header and `rows`, read back as a fit result named `fit.csv`.
    func table(_ columns: FitResultColumns, _ rows: [[CSVField]], before: [String] = []) throws -> FitResultTable {
        var csv = CSVWriter(header: before.map { "manifest_" + $0 } + columns.header)
        for row in rows { csv.appendRow(before.map(CSVField.text) + row) }
        return try FitResultTable(CSVTable(parsing: csv.text, source: "fit.csv"))
    }

    /// `a == b`, NaN equal to NaN.
    func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    @Test("a real fit at radius 40: every column read back, the fitted shape the fit's")
    func realFit() throws {
        let truth: [(name: String, value: Double)] = [("radius", 40), ("xFactor", 1.1), ("yFactor", 0.8), ("k", 0.56)]
        let target = try TargetOutline(path: ballPath(truth), sampleCount: 120)
        let setup = try FitSetup(model: CatalogModel.ball, free: ["xFactor", "yFactor", "k"], values: [("radius", 40), ("topYFactor", 0.8)])
        let fit = try OutlineFitter().fit(target, setup: setup)
        let columns = FitResultColumns(setup: setup)
        #expect(columns.header == ["xFactor", "yFactor", "k", "xFactor_stderr", "yFactor_stderr", "k_stderr"]
                + FitResultColumns.figureColumns + ["model", "radius", "held"] + FitResultColumns.pixelColumns)
        let written = columns.fields(fit)
        #expect(written.dropLast(4).suffix(3) == [.text("ball"), .double(40), .text("radius=40;topYFactor=0.8")])
        let result = try table(columns, [written])
        #expect(result.describesSetup && result.parameterColumns == setup.freeNames)
        let row = try result.row(result.index(ofRow: nil))
        #expect(row.location == "fit.csv line 2" && row.status == fit.status.rawValue)
        #expect(row.setup.baseModel.name == "ball" && !row.setup.isPosed && row.setup.freeNames == setup.freeNames)
        #expect(row.setup.heldValues.map(\.name) == ["radius", "topYFactor"] && row.setup.heldValues.map(\.value) == [40, 0.8])
        #expect(row.values == fit.values && same(row.standardErrors, fit.standardErrors))
        #expect(row.parameters == fit.parameters && row.radius == 40)
        #expect(row.namedStandardErrors.map(\.name) == ["xFactor", "yFactor", "k"])
        // The figures as written, every digit.
        let csv = result.table
        for (name, value) in [("rms", fit.rms), ("max_distance", fit.maxDistance), ("seconds", fit.seconds)] {
            #expect(try csv.double(row: 0, column: csv.columnIndex(name)) == value)
        }
        #expect(try csv.int(row: 0, column: csv.columnIndex("evaluations")) == fit.evaluations)
        #expect(try result.row(0, expecting: CatalogModel.ball).parameters == fit.parameters)
    }

    @Test("random setups (posed or not, batch or not): every column round-trips exactly", arguments: [UInt64(1), 2, 3])
    func randomSetups(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let pool = ["radius", "xFactor", "yFactor", "topYFactor", "k", "topRightHandleFactor", "tx", "ty", "scale", "rotation"]
        var checked = 0, posed = 0
        for _ in 0..<150 {
            let chosen = pool.filter { _ in rng.unit() < 0.4 }
            let free = chosen.filter { _ in rng.unit() < 0.5 }
            let heldNames = chosen.filter { !free.contains($0) }
            let base = CatalogModel.ball
            // Values with every digit used, inside each parameter's bounds.
            func value(_ name: String) -> Double {
                switch name {
                case "radius": rng.uniform(1, 200)
                case "tx", "ty": rng.uniform(-500, 500)
                case "scale": rng.uniform(0.1, 4)
                case "rotation": rng.uniform(-3, 3)
                default: rng.uniform(0.2, 2)
                }
            }
            let held = heldNames.map { ($0, value($0)) }
            guard let setup = try? FitSetup(model: base, free: free, values: held) else { continue }
            let message = rng.unit() < 0.5
            let columns = FitResultColumns(setup: setup, message: message)
            let values = free.map(value)
            let errors = free.map { _ in rng.unit() < 0.2 ? Double.nan : rng.uniform(0, 1e-3) }
            let parameters = setup.parameters(with: values)
            let figures: [CSVField] = [.double(rng.unit()), .double(rng.unit()), .empty, .double(rng.unit()),
                                       .int(7), .int(9), .text("converged_ftol"), .double(rng.unit())]
            let row = columns.fields(parameters: parameters, values: values, standardErrors: errors, figures: figures,
                                     message: "note, with a comma")
            let failed = columns.failedFields(message: "no such file")
            let result = try table(columns, [row, failed], before: message ? ["file"] : [])
            #expect(result.rowCount == 2 && result.parameterColumns == free)
            let back = try result.row(result.index(ofRow: 1))
            #expect(back.setup.baseModel.name == "ball" && back.setup.isPosed == setup.isPosed)
            #expect(back.setup.freeNames == free && back.values == values && same(back.standardErrors, errors))
            #expect(back.setup.heldValues.map(\.name) == heldNames && back.setup.heldValues.map(\.value) == held.map(\.1))
            #expect(back.parameters == parameters, "free \(free), held \(held)")
            #expect(back.radius == parameters["radius"])
            let csv = result.table
            #expect(try csv.double(row: 0, column: csv.columnIndex("radius")) == parameters["radius"])
            if setup.isPosed {
                posed += 1
                for (column, name) in FitResultColumns.poseColumns {
                    #expect(try csv.double(row: 0, column: csv.columnIndex(column)) == parameters[name])
                }
            } else {
                #expect(!csv.header.contains("pose_tx"))
            }
            if message { #expect(csv.rows[0][try csv.columnIndex("message")] == "note, with a comma") }
            // The failed row: refused, its setup's columns still filled.
            #expect { try result.row(1) } throws: {
                "\($0)" == "fit.csv line 3: that fit failed (status error)" + (message ? ": no such file" : "")
            }
            #expect(csv.rows[1][try csv.columnIndex("model")] == "ball")
            #expect(csv.rows[1][try csv.columnIndex("held")] == HeldValues.format(held))
            let radius = try csv.columnIndex("radius")
            #expect(free.contains("radius") ? csv.rows[1][radius].isEmpty : Double(csv.rows[1][radius]) == parameters["radius"])
            if setup.isPosed {
                for (column, name) in FitResultColumns.poseColumns {
                    let cell = csv.rows[1][try csv.columnIndex(column)]
                    let isFree = free.contains(FitSetup.poseAliases.first { $0.name == name }?.alias ?? name)
                    #expect(isFree ? cell.isEmpty : Double(cell) == setup.parameters[name])
                }
            }
            checked += 1
        }
        #expect(checked > 60 && posed > 20, "\(checked) setups, \(posed) posed")
    }

    @Test("held values: formatted with every digit, parsed back; malformed cells refused with the reason")
    func heldValues() throws {
        let values: [(name: String, value: Double)] = [("radius", 40), ("tx", 0.1 + 0.2), ("k", 1.0 / 3), ("ty", -1e-300)]
        let cell = HeldValues.format(values)
        #expect(cell == "radius=40;tx=0.30000000000000004;k=0.3333333333333333;ty=-1e-300")
        let back = try HeldValues.parse(cell)
        #expect(back.map(\.name) == values.map(\.name) && back.map(\.value) == values.map(\.value))
        #expect(try HeldValues.parse(" ").isEmpty && HeldValues.format([]) == "")
        #expect(try HeldValues.parse(" k = 0.5 ; tx=1").map(\.value) == [0.5, 1])
        for (bad, reason) in [("k", "'k' is not NAME=VALUE"), ("=1", "'=1' has no name"), ("k=0x1p-3", "'0x1p-3' for k is not a finite decimal number"),
                              ("k=nan", "'nan' for k"), ("k=1;k=2", "k is held twice"), ("k=1;", "'' is not NAME=VALUE")] {
            #expect { try HeldValues.parse(bad) } throws: { "\($0)".contains(reason) }
        }
    }

    /// A one-row fit result of the ball at radius 40, k held, with `edit` applied to the header
    /// and the row.
    func ballResult(free: [String] = ["xFactor", "yFactor"], held: [(String, Double)] = [("radius", 40), ("k", 0.5)],
                    edit: (inout [String], inout [String]) -> Void = { _, _ in }) throws -> FitResultTable {
        let setup = try FitSetup(model: CatalogModel.ball, free: free, values: held)
        let columns = FitResultColumns(setup: setup)
        let values = free.map { _ in 0.9 }
        var header = columns.header
        var row = columns.fields(parameters: setup.parameters(with: values), values: values,
                                 standardErrors: values.map { _ in 0.01 }, figures: FitResultColumns.figureColumns.map { _ in .int(1) },
                                 message: "").map(\.rawText)
        edit(&header, &row)
        return try FitResultTable(CSVTable(parsing: header.joined(separator: ",") + "\n" + row.joined(separator: ",") + "\n", source: "fit.csv"))
    }

    /// Sets the cell of column `name`.
    func setting(_ name: String, _ value: String) -> (inout [String], inout [String]) -> Void {
        { header, row in row[header.firstIndex(of: name)!] = value }
    }

    /// Removes column `name` (header and cell).
    func removing(_ name: String) -> (inout [String], inout [String]) -> Void {
        { header, row in
            let i = header.firstIndex(of: name)!
            header.remove(at: i)
            row.remove(at: i)
        }
    }

    @Test("refused rows: one line naming the file, line and column")
    func refused() throws {
        let cases: [(FitResultTable, String)] = [
            (try ballResult(edit: setting("radius", "50")), "fit.csv line 2, column 'radius': 50 but the row's model, values and held values give 40"),
            (try ballResult(edit: setting("model", "blob")), "fit.csv line 2, column 'model': unknown model 'blob'"),
            (try ballResult(edit: setting("held", "radius=40;wobble=1")), "fit.csv line 2: the fit's model, free parameters and held values do not make a fit: unknown parameter 'wobble'"),
            (try ballResult(edit: setting("held", "radius=40;k")), "fit.csv line 2, column 'held': 'k' is not NAME=VALUE"),
            (try ballResult(edit: setting("held", "radius=-4")), "fit.csv line 2: the fit's model, free parameters and held values do not make a fit: radius = -4 is outside its bounds"),
            (try ballResult(edit: setting("xFactor", "-1")), "fit.csv line 2, column 'xFactor': xFactor = -1 is outside its bounds"),
            (try ballResult(edit: setting("xFactor_stderr", "-1")), "fit.csv line 2, column 'xFactor_stderr': a standard error must be a number ≥ 0 or nan"),
            (try ballResult(edit: setting("yFactor", "abc")), "fit.csv line 2, column 'yFactor': 'abc' is not a number"),
            (try ballResult(free: ["xFactor", "tx"], edit: setting("pose_scale", "2")),
             "fit.csv line 2, column 'pose_scale': 2 but the row's model, values and held values give 1"),
            (try ballResult(edit: removing("held")), "fit.csv: missing column 'held'"),
            (try ballResult(free: ["xFactor", "tx"], edit: removing("pose_rotation")),
             "fit.csv: missing column 'pose_rotation'"),
        ]
        for (result, message) in cases {
            #expect { try result.row(0) } throws: { "\($0)".hasPrefix(message) }
        }
        // The `radius` column of a radius-free fit is its value column; a model without a radius leaves it empty.
        let radiusFree = try ballResult(free: ["radius", "k"], held: [("xFactor", 1.2)])
        #expect(radiusFree.table.header.filter { $0 == "radius" }.count == 1 && radiusFree.table.header.first == "radius")
        #expect(try radiusFree.row(0).radius == 0.9)
        #expect(throws: Never.self) { try ballResult(edit: setting("radius", " 40 ")).row(0) }
    }

    @Test("row choice, an older file, another model: refused with the file's name")
    func choices() throws {
        let old = try FitResultTable(CSVTable(parsing: "xFactor,yFactor,xFactor_stderr,yFactor_stderr,status\n1,0.9,0,0,converged_ftol\n1,0.8,0,0,error\n",
                                              source: "old.csv"))
        #expect(!old.describesSetup && old.rowCount == 2)
        #expect { try old.index(ofRow: nil) } throws: { "\($0)" == "old.csv: 2 data rows (a batch): choose one" }
        #expect { try old.index(ofRow: 3) } throws: { "\($0)" == "old.csv: row 3 but the file has 2 data rows" }
        #expect { try old.row(0) } throws: { "\($0)".hasPrefix("old.csv: no 'model' column") }
        #expect { try old.row(0, expecting: CatalogModel.ball) } throws: { "\($0)".hasPrefix("old.csv: no 'model' column") }
        let setup = try FitSetup(model: CatalogModel.ball, free: ["xFactor", "yFactor"], values: [("radius", 40)])
        let row = try old.row(0, setup: setup)
        #expect(row.parameters["radius"] == 40 && row.values == [1, 0.9] && row.setup.heldValues.count == 1)
        #expect { try old.row(1, setup: setup) } throws: { "\($0)" == "old.csv line 3: that fit failed (status error)" }
        #expect { try old.row(0, setup: FitSetup(model: CatalogModel.ball, free: ["k"])) } throws: {
            "\($0)" == "old.csv: its parameter columns (xFactor, yFactor) are not the free parameters of model ball (k)"
        }
        #expect { try ballResult().row(0, expecting: CatalogModel.loading) } throws: { "\($0)" == "fit.csv line 2: a fit of model ball, not loading" }
        // A file that records its setup, read with a setup that contradicts it.
        #expect { try ballResult().row(0, setup: setup) } throws: {
            "\($0)" == "fit.csv line 2: k=\(BallModel().defaultParameters["k"]!) given but the fit's k is 0.5"
        }
        let agreeing = try FitSetup(model: CatalogModel.ball, free: ["xFactor", "yFactor"], values: [("k", 0.5), ("radius", 40)])
        #expect(try ballResult().row(0, setup: agreeing).values == [0.9, 0.9])
        #expect { try FitResultTable(CSVTable(parsing: "x,y\n0,0\n", source: "p.csv")) } throws: { "\($0)" == "p.csv: no parameter columns (NAME with NAME_stderr): not a fit result" }
        #expect { try FitResultTable(CSVTable(parsing: "k,k_stderr\n", source: "e.csv")) } throws: { "\($0)" == "e.csv: no data rows" }
    }

    @Test("disagreement: a model, free set, radius or value that differs from the row; agreeing ones pass")
    func disagreement() throws {
        let row = try ballResult(free: ["xFactor", "tx"], held: [("radius", 40), ("k", 0.5), ("scale", 2)]).row(0)
        #expect(row.disagreement() == nil)
        #expect(row.disagreement(model: "ball", free: ["poseX", "xFactor"], radius: 40, values: [("k", 0.5), ("scale", 2), ("poseScale", 2), ("tx", 0.9), ("rotation", 0), ("yFactor", 1)]) == nil)
        #expect(row.disagreement(model: "loading") == .model(given: "loading", recorded: "ball"))
        #expect(row.disagreement(free: ["xFactor"]) == .free(given: ["xFactor"], recorded: ["xFactor", "tx"]))
        #expect(row.disagreement(free: ["xFactor", "tx", "tx"]) == .free(given: ["xFactor", "tx", "tx"], recorded: ["xFactor", "tx"]))
        #expect(row.disagreement(radius: 50) == .radius(given: 50, recorded: 40))
        #expect(row.disagreement(radius: 50)?.description == "radius 50 given but the fit's radius is 40")
        #expect(row.disagreement(values: [("k", 0.55)]) == .value(name: "k", given: 0.55, recorded: 0.5, free: false))
        #expect(row.disagreement(values: [("tx", 1)])?.recordedPart == "the fit's tx is 0.9 (fitted: it was free)")
        #expect(row.disagreement(values: [("wobble", 1)])?.recordedPart == "the fit's model has no parameter 'wobble'")
        let unposed = try ballResult().row(0)
        #expect(unposed.disagreement(values: [("tx", 0), ("scale", 1)]) == nil)
        #expect(unposed.disagreement(values: [("tx", 3)]) == .value(name: "tx", given: 3, recorded: 0, free: false))
    }
}
