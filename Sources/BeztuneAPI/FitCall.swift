import CSV
import Deform
import Fitting
import Geometry
import Interchange
import LeastSquares
import _Support

/// `fit({svg | lottie | path | points, …})`: `beztune fit` of one target given as text or points
/// instead of a file, with its options (`select`, `layer`, `frame`, `lottieEllipse`, `samples`,
/// `yUp`/`yDown`, `model`, `radius`, `free`, `set`, `loss`, `lossScale`, `symmetric`, `starts`,
/// `seed`, `maxEvaluations`, `pixelsPerUnit`, `serial`) and its messages, without the file name a message
/// about a file starts with.
package enum FitCall {
    package static let keys = ["svg", "lottie", "path", "points", "select", "layer", "frame", "lottieEllipse", "samples",
                               "yUp", "yDown", "model", "radius", "free", "set", "loss", "lossScale", "symmetric",
                               "starts", "seed", "maxEvaluations", "pixelsPerUnit", "serial"]

    /// `{values, standardErrors, rms, maxDistance, hausdorff, areaDifference, status, converged,
    /// iterations, evaluations, pixelsPerUnit, rmsPx, maxDistancePx, residuals, csv, path}`: the free
    /// parameters' values and standard errors keyed by name (a pose found for the target among
    /// them, as the command's table names it), the figures of `beztune fit --csv`, and the
    /// residuals of `--residuals` as columns (x, y, nearest_x, nearest_y, distance, segment, t;
    /// model space), the `--csv` file's text and the fitted outline's path data (y-down).
    package static func fit(_ a: CallArguments) throws(APIError) -> JSONValue {
        let given = ["svg", "lottie", "path", "points"].filter { a.has($0) }
        guard given.count == 1 else {
            throw .usage(given.isEmpty ? "missing target: give svg, lottie, path or points"
                                       : "svg, lottie, path and points exclude each other: give one (got \(given.joined(separator: ", ")))")
        }
        let source = given[0]
        let model = try a.value("model", ModelSetup.model) ?? .ball
        let plan = try FitPlan(
            model: model, free: try a.list("free", OptionValue.nameList), radius: try a.value("radius", OptionValue.positive),
            set: try ModelCalls.assignments(a, "set", finite: true, model: model),
            loss: try a.value("loss", OptionValue.choice(among: RobustLoss.names)) ?? "trivial",
            lossScale: try a.value("lossScale", OptionValue.positive),
            symmetric: try a.value("symmetric", OptionValue.nonNegative("a number")),
            starts: try a.value("starts", OptionValue.wholeNumber(in: 1...1000)) ?? 1,
            seed: try a.value("seed", OptionValue.seed) ?? 1,
            maxEvaluations: try a.value("maxEvaluations", OptionValue.wholeNumber(in: 1...100_000)),
            parallel: !(try a.flag("serial")))
        let pixelsPerUnit = try a.value("pixelsPerUnit", PixelsPerUnit.parse) ?? 1
        let target = try self.target(a, source: source)
        let result: OutlineFit
        do throws(FitError) {
            result = try OutlineFitter(options: plan.options(forSize: target.size)).fit(target, setup: plan.setup)
        } catch {
            throw .runtime(FitMessages.message(error))
        }
        return answer(result, target: target, pixelsPerUnit: pixelsPerUnit)
    }

    /// The target outline the arguments give, in model space.
    static func target(_ a: CallArguments, source: String) throws(APIError) -> TargetOutline {
        let samples = try a.value("samples", OptionValue.wholeNumber(in: 3...1_000_000))
        let (yUp, yDown) = (try a.flag("yUp"), try a.flag("yDown"))
        if yUp && yDown { throw .usage("--y-up and --y-down exclude each other: give one") }
        let orientation: TargetOrientation? = yUp ? .yUp : yDown ? .yDown : nil
        let select = try a.text("select")
        let frame = try a.value("frame", OptionValue.number)
        let layer = try a.text("layer")
        let ellipses = try a.value("lottieEllipse", OptionValue.choice(among: ["exact", "player"])) ?? "exact"
        if source != "lottie" {
            if frame != nil { throw .usage("--frame goes with a Lottie target (a .json file)") }
            if layer != nil { throw .usage("--layer goes with a Lottie target (a .json file)") }
        }
        let selection = TargetSelection(element: select, layer: layer, frame: frame,
                                        lottieEllipses: LottieEllipseMode(rawValue: ellipses) ?? .exact)
        if source == "lottie" {
            let text = try a.text("lottie") ?? ""
            guard frame != nil else {
                throw .usage("the target is a Lottie animation: give --frame F, the frame whose outline is fitted")
            }
            if select != nil { throw .usage("--select chooses a shape of an SVG document; for a Lottie layer use --layer") }
            let animation: LottieDocument
            do throws(LottieError) {
                animation = try LottieDocument(parsing: Array(text.utf8), source: "the Lottie text")
            } catch {
                throw .runtime(error.description)
            }
            do throws(TargetLottieError) {
                return try TargetOutline(lottie: animation, selecting: selection, sampleCount: samples ?? TargetOutline.defaultSampleCount,
                                         orientation: orientation, ellipses: selection.lottieEllipses)
            } catch {
                throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
            }
        }
        return try outline(a, source: source, select: select, samples: samples, orientation: orientation, ellipses: selection.lottieEllipses)
    }

    /// The outline `source` (`svg`, `path` or `points`) of `a` gives, as `fit` reads it.
    static func outline(_ a: CallArguments, source: String, select: String?, samples: Int?, orientation: TargetOrientation?,
                        ellipses: LottieEllipseMode) throws(APIError) -> TargetOutline {
        let count = samples ?? TargetOutline.defaultSampleCount
        switch source {
        case "points":
            if select != nil { throw .usage("--select chooses a shape of an SVG document, not of a CSV point list") }
            let points = try self.points(a, orientation: orientation)
            return try outline { () throws(TargetError) in try TargetOutline(points: points, resampledTo: samples) }
        case "svg":
            let text = try a.text("svg") ?? ""
            let selection = TargetSelection(element: select, lottieEllipses: ellipses)
            return try outline { () throws(TargetError) in
                try TargetOutline(svgDocument: text, selecting: selection, sampleCount: count, orientation: orientation)
            }
        default:
            if select != nil { throw .usage("--select excludes --path (path data is one path)") }
            let text = try a.text("path") ?? ""
            return try outline { () throws(TargetError) in
                try TargetOutline(pathData: text, sampleCount: count, orientation: orientation)
            }
        }
    }

    /// `points: [[x, y], …]`: at most ``APICall/maximumPoints``, each two finite numbers; y-up
    /// (model space) unless `yDown`, as a CSV point list is read.
    static func points(_ a: CallArguments, orientation: TargetOrientation?) throws(APIError) -> [Point] {
        guard let items = a.object["points"]?.array else { throw .usage("invalid --points: expected an array of [x, y] pairs") }
        guard items.count <= APICall.maximumPoints else {
            throw .usage("invalid --points: \(items.count) points, more than \(APICall.maximumPoints)")
        }
        var points: [Point] = []
        points.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let pair = item.array, pair.count == 2, let x = pair[0].number, let y = pair[1].number else {
                throw .usage("invalid --points: point \(i) is not an [x, y] pair of numbers")
            }
            points.append(Point(x, y))
        }
        return (orientation ?? TargetFormat.csvPoints.defaultOrientation).modelSpace(points)
    }

    static func outline(_ body: () throws(TargetError) -> TargetOutline) throws(APIError) -> TargetOutline {
        do throws(TargetError) {
            return try body()
        } catch {
            throw APIError(message: error.description, isUsageMistake: error.isUsageMistake)
        }
    }

    static func answer(_ fit: OutlineFit, target: TargetOutline, pixelsPerUnit: Double) -> JSONValue {
        var values = JSONObject(), errors = JSONObject()
        for (i, name) in fit.setup.freeNames.enumerated() {
            values.append(name, .number(fit.values[i]))
            errors.append(name, .number(fit.standardErrors[i]))
        }
        var columns: [[JSONValue]] = Array(repeating: [], count: 7)
        for (q, n) in zip(target.points, fit.nearest) {
            let row: [Double] = [q.x, q.y, n.point.x, n.point.y, n.distance, Double(n.segment), n.t]
            for c in 0..<7 { columns[c].append(.number(row[c])) }
        }
        let names = ["x", "y", "nearest_x", "nearest_y", "distance", "segment", "t"]
        var residuals = JSONObject()
        for c in 0..<7 { residuals.append(names[c], .array(columns[c])) }
        let hausdorff = fit.comparison?.hausdorff ?? .nan
        return .object(JSONObject([
            ("values", .object(values)), ("standardErrors", .object(errors)),
            ("rms", .number(fit.rms)), ("maxDistance", .number(fit.maxDistance)),
            ("hausdorff", .number(hausdorff)), ("areaDifference", .number(fit.comparison?.areaDifference ?? .nan)),
            ("status", .string(fit.status.rawValue)), ("converged", .bool(fit.converged)),
            ("iterations", .number(Double(fit.iterations))), ("evaluations", .number(Double(fit.evaluations))),
            ("pixelsPerUnit", .number(pixelsPerUnit)), ("rmsPx", .number(pixelsPerUnit * fit.rms)),
            ("maxDistancePx", .number(pixelsPerUnit * fit.maxDistance)), ("hausdorffPx", .number(pixelsPerUnit * hausdorff)),
            ("residuals", .object(residuals)),
            // What `--csv FILE` writes (its `seconds` the wall time, as there), for exportText's
            // `fit`; and the fitted outline as SVG path data in the target's y-down space.
            ("csv", .string(csvText(fit, pixelsPerUnit: pixelsPerUnit))),
            ("path", .string(fit.path.transformed(by: .flipY).svgPathData)),
        ]))
    }

    /// The text `beztune fit --csv FILE` writes for one fit: ``FitResultColumns``' header and row.
    static func csvText(_ fit: OutlineFit, pixelsPerUnit: Double) -> String {
        let columns = FitResultColumns(setup: fit.setup, pixelsPerUnit: pixelsPerUnit)
        var csv = CSVWriter(header: columns.header)
        csv.appendRow(columns.fields(fit))
        return csv.text
    }
}
