import Interchange
import _Support

/// One call of the API by name with its arguments as JSON text, answered as JSON text
/// (``ResultText``) or refused with the command line's one-line message (``APIError``).
///
/// The names are the JavaScript module's exports (wasm/beztune.mjs), each the command of the
/// same meaning (`errorTable` is `beztune error`); the arguments are that command's long options
/// in camelCase (``CallArguments``). Every input is checked before any work: a text over
/// ``maximumTextBytes`` or an outline over ``maximumPoints`` points is refused, so a host (a web
/// page) never runs out of memory or into a trap on what a user dropped into it.
package enum APICall {
    /// The largest argument text a call reads: 32 MiB (an SVG or Lottie file with room to spare).
    package static let maximumTextBytes = 32 << 20
    /// The most points an outline given as points may have: a million.
    package static let maximumPoints = 1_000_000

    /// The names a call may have, in the order the module documents them.
    package static let names = ["errorTable", "optimize", "errorCurve", "segmentsFor", "models", "modelPath", "modelPoints",
                                "modelFrames", "fit", "fitProfile", "exportText", "springs", "timingCurve"]

    /// The answer to `name` called with `arguments` (JSON text): the result as JSON text, or the
    /// message that refuses it.
    package static func answer(_ name: String, arguments: String) -> Result<String, APIError> {
        do throws(APIError) {
            return .success(ResultText.json(try value(name, arguments: arguments)))
        } catch {
            return .failure(error)
        }
    }

    /// The result of `name` called with `arguments` (JSON text).
    package static func value(_ name: String, arguments: String) throws(APIError) -> JSONValue {
        guard arguments.utf8.count <= maximumTextBytes else {
            throw .usage("the arguments are \(arguments.utf8.count) bytes, more than the \(maximumTextBytes) (32 MiB) a call reads")
        }
        let json: JSONValue
        do throws(JSONSyntaxError) {
            json = try JSONReader().parse(arguments)
        } catch {
            throw .usage("the arguments are not JSON: \(error.description)")
        }
        return try value(name, json: json)
    }

    /// The result of `name` called with the arguments `json`.
    package static func value(_ name: String, json: JSONValue) throws(APIError) -> JSONValue {
        switch name {
        case "errorTable":
            return try ArcErrorCalls.errorTable(CallArguments(json, known: ["k", "segments", "radius", "sx", "sy", "pixelsPerUnit"]))
        case "optimize":
            return try ArcErrorCalls.optimize(CallArguments(json, known: ["segments", "radius", "sx", "sy"]))
        case "errorCurve":
            return try ArcErrorCalls.errorCurve(CallArguments(json, known: ["k", "segments", "samples"]))
        case "segmentsFor":
            return try ArcErrorCalls.segmentsFor(CallArguments(json, known: ["tolerance", "radius", "criterion"]))
        case "models":
            return try ModelCalls.models(CallArguments(json, known: []))
        case "modelPath":
            return try ModelCalls.modelPath(CallArguments(json, known: ModelCalls.frameKeys))
        case "modelPoints":
            return try ModelCalls.modelPoints(CallArguments(json, known: ModelCalls.frameKeys))
        case "modelFrames":
            return try ModelCalls.modelFrames(CallArguments(json, known: ["model", "set", "timing", "keys", "from", "to", "count", "yUp"]))
        case "fit":
            return try FitCall.fit(CallArguments(json, known: FitCall.keys))
        case "fitProfile":
            return try FitProfileCall.fitProfile(CallArguments(json, known: FitProfileCall.keys))
        case "exportText":
            return try ExportCall.exportText(CallArguments(json, known: ExportCall.keys))
        case "springs":
            return try SpringCall.springs(CallArguments(json, known: SpringCall.keys))
        case "timingCurve":
            return try TimingCall.timingCurve(CallArguments(json, known: TimingCall.keys))
        default:
            throw .usage("unknown function '\(name)' (functions: \(names.joined(separator: ", ")))")
        }
    }
}
