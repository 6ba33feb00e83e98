import ArcError
import Interchange
import _Support

/// The circle-error calls: `errorTable` (`beztune error`), `optimize`, `errorCurve`
/// (`beztune error-curve`) and `segmentsFor` (`beztune segments-for`), each with the command's
/// options, defaults and messages.
package enum ArcErrorCalls {
    /// `errorTable({k, segments?, radius?, sx?, sy?, pixelsPerUnit?})`: one object per k (and
    /// per pixel scale), keyed by `beztune error --csv`'s columns in its order — the figures,
    /// `k_input` (the k as given, a string), then `pixels_per_unit` and the `_px` columns.
    package static func errorTable(_ a: CallArguments) throws(APIError) -> JSONValue {
        let handles = try a.values("k", HandleFactorValue.parse)
        let texts = try a.texts("k")
        guard !handles.isEmpty else { throw .usage("missing --k K") }
        let (n, columns) = try arcOptions(a)
        let scales = try a.value("pixelsPerUnit", PixelsPerUnit.parseList)
        if scales != nil && !a.has("radius") {
            throw .usage("--pixels-per-unit goes with --radius R (the pixel figures are the absolute ones × S)")
        }
        let pixelHeader = scales == nil ? [] : columns.pixelHeader
        guard handles.count * (scales?.count ?? 1) <= maximumTableRows else {
            throw .usage("invalid --k: \(handles.count) values × \(scales?.count ?? 1) scales is more than the \(maximumTableRows) rows a table here holds")
        }
        // One row per k without scales; per k and scale with them (a conversion by `map`, as
        // Embedded Swift has no dynamic casts of collections).
        let rowScales: [Double?] = scales?.map { Optional($0) } ?? [nil]
        var rows: [JSONValue] = []
        for (h, text) in zip(handles, texts) {
            let report = ArcErrorReport(CircularArc(segments: n, handle: h.handle(segments: n)))
            let values = columns.values(report, segments: n)
            for scale in rowScales {
                var row = JSONObject()
                for (name, v) in zip(columns.header, values) { row.append(name, .number(v)) }
                row.append("k_input", .string(String(text.trimmingWhitespace)))
                if let scale {
                    for (name, v) in zip(pixelHeader, columns.pixelValues(report, segments: n, scale: scale)) {
                        row.append(name, .number(v))
                    }
                }
                rows.append(.object(row))
            }
        }
        return .array(rows)
    }

    /// `optimize({segments, radius?, sx?, sy?})`: one object per criterion, `criterion` first,
    /// then `beztune error`'s figure columns, as `beztune optimize --csv` writes them.
    package static func optimize(_ a: CallArguments) throws(APIError) -> JSONValue {
        guard a.has("segments") else { throw .usage("missing --segments N") }
        let (n, columns) = try arcOptions(a)
        var rows: [JSONValue] = []
        for criterion in HandleCriterion.allCases {
            let report = ArcErrorReport(CircularArc(segments: n, handle: criterion.handle(segments: n)))
            var row = JSONObject()
            row.append("criterion", .string(criterion.rawValue))
            for (name, v) in zip(columns.header, columns.values(report, segments: n)) { row.append(name, .number(v)) }
            rows.append(.object(row))
        }
        return .array(rows)
    }

    /// The most rows an error table answers here (k values × pixel scales): the answer of one
    /// call stays a few megabytes.
    package static let maximumTableRows = 10_000

    /// The largest `samples` an error curve takes here: a million points (the command line
    /// takes ten million, written to a file).
    package static let maximumCurveSamples = 1_000_000

    /// `errorCurve({k, segments?, samples?})`: `{t, angle_deg, radial_error}`, arrays of
    /// `beztune error-curve`'s columns (t = i/(S − 1), the polar angle in degrees, (|B| − r)/r).
    package static func errorCurve(_ a: CallArguments) throws(APIError) -> JSONValue {
        let handle = try a.require(try a.value("k", HandleFactorValue.parse), "k", "K")
        let n = try a.value("segments", HandleFactorValue.segments) ?? 4
        let samples = try a.value("samples", OptionValue.wholeNumber(in: 2...maximumCurveSamples)) ?? 101
        let curve = ErrorCurve(CircularArc(segments: n, handle: handle.handle(segments: n)), samples: samples)
        return .object(JSONObject([("t", .array(curve.t.map { .number($0) })),
                                   ("angle_deg", .array(curve.angleDegrees.map { .number($0) })),
                                   ("radial_error", .array(curve.radialError.map { .number($0) }))]))
    }

    /// `segmentsFor({tolerance, radius?, criterion?})`: `beztune segments-for`'s figures
    /// (``SegmentsFor``) as an object in its order.
    package static func segmentsFor(_ a: CallArguments) throws(APIError) -> JSONValue {
        let tolerance = try a.require(try a.value("tolerance", OptionValue.positive), "tolerance", "T")
        let radius = try a.value("radius", OptionValue.positive)
        let criterion = try a.value("criterion", OptionValue.choice(of: HandleCriterion.self)) ?? .minimax
        let answer = try SegmentsFor(tolerance: tolerance, radius: radius, criterion: criterion)
        var o = JSONObject()
        for (name, value) in answer.figures {
            if let n = value.number { o.append(name, .number(n)) } else { o.append(name, .string(value.text)) }
        }
        return .object(o)
    }

    /// `segments`, `radius`, `sx` and `sy` as every arc-error call reads them: the segment count
    /// (default 4) and the columns they ask for.
    static func arcOptions(_ a: CallArguments) throws(APIError) -> (segments: Int, columns: ArcErrorColumns) {
        let n = try a.value("segments", HandleFactorValue.segments) ?? 4
        let radius = try a.given("radius", OptionValue.positive)
        let sx = try a.given("sx", OptionValue.positive)
        let sy = try a.given("sy", OptionValue.positive)
        if (sx == nil) != (sy == nil) { throw .usage("--sx and --sy go together: give both") }
        return (n, try ArcErrorColumns(radius: radius, sx: sx, sy: sy))
    }
}
