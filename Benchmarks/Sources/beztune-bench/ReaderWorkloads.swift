import DataFiles
import Foundation
import Interchange

/// The reader workloads (`--workload readers`): large documents generated in memory, each read
/// `--repeats` times after a warm-up, reported as median seconds and MB/s of input (10⁶ bytes).
///
/// Each document stresses one way a reader could scan earlier items per item: one element with
/// many attributes (repeated-name check), many `xmlns:` declarations (namespace look-up), many
/// class rules against many elements (selector matching), many at-rules (their line numbers),
/// many paths (the plain case), a Lottie layer with many keyframes and one with a long parent
/// chain, and BezierTune's own document with many keyframes. A linear reader keeps its MB/s
/// within a small factor across them; a quadratic one drops by orders of magnitude.
struct ReaderDocument {
    let name: String
    /// What the count counts, for the table.
    let unit: String
    let count: Int
    let text: String
    /// Reads the text and returns a number from the result, so the work is not dropped.
    let read: (String) throws -> Int
}

enum ReaderWorkloads {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let ball = "M0 0 C10 0 20 10 20 20 C20 30 10 40 0 40 C-10 40 -20 30 -20 20 C-20 10 -10 0 0 0 Z"

    static func svg(_ text: String) throws -> Int { try SVGDrawing(parsing: text).shapes.count }

    static var documents: [ReaderDocument] {
        var out: [ReaderDocument] = []
        do {
            let n = 150_000
            let attributes = (0..<n).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
            out.append(ReaderDocument(name: "svg-attributes", unit: "attributes", count: n,
                                      text: "<svg xmlns=\"\(svgNamespace)\"><path d=\"\(ball)\" \(attributes)/></svg>\n", read: svg))
        }
        do {
            let n = 100_000
            let declarations = (0..<n).map { "xmlns:p\($0)=\"urn:x-\($0)\"" }.joined(separator: " ")
            out.append(ReaderDocument(name: "svg-namespaces", unit: "declarations", count: n,
                                      text: "<svg xmlns=\"\(svgNamespace)\" \(declarations)><path p\(n - 1):a=\"1\" d=\"\(ball)\"/></svg>\n", read: svg))
        }
        do {
            let n = 30_000
            let rules = (0..<n).map { ".c\($0) { fill: #\(String($0 % 4096, radix: 16)) }" }.joined(separator: "\n")
            let elements = (0..<n).map { "<path class=\"c\($0)\" d=\"M\($0 % 50) 0 L\($0 % 50 + 1) 1 L\($0 % 50) 2 Z\"/>" }.joined(separator: "\n")
            out.append(ReaderDocument(name: "svg-class-rules", unit: "rules x elements", count: n,
                                      text: "<svg xmlns=\"\(svgNamespace)\"><style>\n\(rules)\n</style>\n\(elements)\n</svg>\n", read: svg))
        }
        do {
            let n = 50_000
            let rules = (0..<n).map { "@font-face { font-family: f\($0) }" }.joined(separator: "\n")
            out.append(ReaderDocument(name: "svg-at-rules", unit: "at-rules", count: n,
                                      text: "<svg xmlns=\"\(svgNamespace)\"><style>\n\(rules)\n</style><path d=\"\(ball)\"/></svg>\n", read: svg))
        }
        do {
            let n = 50_000
            let paths = (0..<n).map { i in
                let x = i % 97, y = i % 89
                return "<path d=\"M\(x) \(y) C\(x + 5) \(y) \(x + 10) \(y + 5) \(x + 10) \(y + 10) Z\"/>"
            }.joined(separator: "\n")
            out.append(ReaderDocument(name: "svg-paths", unit: "paths", count: n,
                                      text: "<svg xmlns=\"\(svgNamespace)\" viewBox=\"0 0 100 100\">\n\(paths)\n</svg>\n", read: svg))
        }
        let shape = #"{"ty":"sh","ks":{"k":{"c":true,"v":[[0,-50],[50,0],[0,50],[-50,0]],"i":[[-27,0],[0,-27],[27,0],[0,27]],"o":[[27,0],[0,27],[-27,0],[0,-27]]}}}"#
        do {
            // 980,000 keyframes of the layer's position, one in ten eased, the rest holds: 33 MB,
            // just under the reader's 32 MiB limit.
            let n = 980_000
            var keyframes: [String] = []
            keyframes.reserveCapacity(n)
            for i in 0..<(n - 1) {
                keyframes.append(i % 10 == 0
                    ? #"{"t":\#(i),"s":[\#(i % 100),\#(i * 7 % 100)],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}}"#
                    : #"{"t":\#(i),"s":[\#(i % 100),\#(i * 7 % 100)],"h":1}"#)
            }
            keyframes.append(#"{"t":\#(n - 1),"s":[0,0]}"#)
            let text = #"{"v":"5.7.0","fr":60,"ip":0,"op":\#(n - 1),"w":500,"h":500,"layers":[{"ty":4,"nm":"ball","ind":1,"ip":0,"op":\#(n - 1),"ks":{"p":{"a":1,"k":[\#(keyframes.joined(separator: ","))]}},"shapes":[\#(shape)]}]}"#
            out.append(ReaderDocument(name: "json-parse", unit: "keyframes", count: n, text: text) { text in
                try JSONReader().parse(text)["layers"]?.array?.count ?? 0
            })
            out.append(ReaderDocument(name: "lottie-keyframes", unit: "keyframes", count: n, text: text) { text in
                let layer = try LottieDocument(parsing: Array(text.utf8), source: "bench.json").shapeLayer()
                return try layer.outline(atFrame: Double(n / 2) + 0.5).xs.count
            })
        }
        do {
            let n = 20_000
            var layers = [#"{"ty":4,"nm":"ball","ind":0,"parent":1,"ip":0,"op":10,"ks":{},"shapes":[\#(shape)]}"#]
            for j in 1..<n {
                layers.append(#"{"ty":3,"ind":\#(j)\#(j + 1 < n ? ",\"parent\":\(j + 1)" : ""),"ip":0,"op":10,"ks":{"p":{"k":[1,0]}}}"#)
            }
            let text = #"{"v":"5.7.0","fr":60,"ip":0,"op":10,"w":500,"h":500,"layers":[\#(layers.joined(separator: ","))]}"#
            out.append(ReaderDocument(name: "lottie-parents", unit: "layers", count: n, text: text) { text in
                let layer = try LottieDocument(parsing: Array(text.utf8), source: "bench.json").shapeLayer(.index(0))
                return try layer.outline(atFrame: 0).xs.count
            })
        }
        do {
            // BezierTune's document: 980,000 keyframes of one parameter (27 MB).
            let n = 980_000
            var pairs: [String] = []
            pairs.reserveCapacity(n)
            for i in 0..<n { pairs.append("[\(Double(i) / Double(n - 1)), \(i % 2 == 0 ? 1 : 0.7)]") }
            let text = """
            {"format": "beztune-animation", "version": 1, "model": "ball", "pose": null, "duration": 1,
             "parameters": {"radius": 50},
             "timings": {"yFactor": {"keyframes": [\(pairs.joined(separator: ",\n"))], "timings": ["linear"]}},
             "keyframeTimes": [0, 1], "standardErrors": {}}
            """
            out.append(ReaderDocument(name: "beztune-document", unit: "keyframes", count: n, text: text) { text in
                try AnimationDocument(parsing: text).animation.keyframeTimes.count
            })
        }
        return out
    }

    static let csvHeader = ["workload", "document", "unit", "count", "bytes", "repeats", "median_s", "min_s", "max_s", "mb_per_s"]
    static let tableHeader = ["document", "count", "unit", "MB", "median_s", "MB_per_s"]

    /// Reads each document and returns the CSV and the printed table; a document that fails to
    /// read is reported on standard error and makes the run exit 1.
    static func run() -> (csv: CSVWriter, table: [[String]], failed: Bool) {
        var csv = CSVWriter(header: csvHeader)
        var table: [[String]] = []
        var failed = false
        for document in documents {
            let bytes = document.text.utf8.count
            var result = 0
            var failure: (any Error)?
            let seconds = Measurement(repeats: options.repeats) {
                do { result = try document.read(document.text) } catch { failure = error }
            }
            if let failure {
                FileHandle.standardError.write(Data("beztune-bench: \(document.name): \(failure)\n".utf8))
                failed = true
                continue
            }
            let rate = Double(bytes) / 1e6 / seconds.median
            csv.appendRow([.text("readers"), .text(document.name), .text(document.unit), .int(document.count), .int(bytes),
                           .int(options.repeats), .double(seconds.median), .double(seconds.min), .double(seconds.max), .double(rate)])
            table.append([document.name, "\(document.count)", document.unit, String(format: "%.2f", Double(bytes) / 1e6),
                          String(format: "%.4g", seconds.median), String(format: "%.3g", rate)])
            note(String(format: "readers %@: %.4g s, %.1f MB/s (result %d)", document.name, seconds.median, rate, result))
        }
        return (csv, table, failed)
    }
}
