import Foundation
import _Support

/// The benchmark's command line: `--name value` pairs; lists are comma-separated and the run
/// covers their Cartesian product.
struct Options {
    var workloads = ["eval"]
    var kernels: [String] = ["all"]
    var precisions = ["double", "float"]
    var curves = [100_000]
    var samples = [64]
    var threads = [1]
    var repeats = 7
    var tolerance = 0.01
    var accuracy = 1e-9
    var checkCurves = 2000
    var csv: String?
    var png: String?
    var writeWorkload: String?
    var writeReference: String?
    var referenceCurves = 1000
    var writeSubset: String?
    var writeQueries: String?
    var workloadFile: String?
    var measurePolylines: String?
    var measureLengths: String?
    var measureNearest: String?
    var queriesFile: String?
    var quiet = false
    /// The geometry workloads' curves from this workload file (8 little-endian Float64 per curve)
    /// instead of the random ones; `label` names them in the workload column ("flatten-LABEL").
    var curvesFile: String?
    var label: String?
    /// Also compute the reference segment count of every curve (`referenceSegmentCount`).
    var referenceCount = false
    /// Flattening: also measure every curve's pieces (`measurePieces`), not only the subset.
    var checkAll = false

    static let usage = """
        usage: beztune-bench [--workload eval,eval-incache,flatten,arclength,nearest | --workload readers]
                             [--tolerance T] [--accuracy A] [--check-curves K] [--kernel all|horner,simd,…]
                             [--precision double,float] [--curves N,…] [--samples M,…]
                             [--threads T,…] [--repeats R] [--csv FILE] [--png FILE]
                             [--write-workload FILE] [--write-reference FILE [--reference-curves K]]
                             [--write-subset FILE] [--write-queries FILE]
                             [--curves-file FILE [--label NAME]] [--reference-count] [--check-all]
               beztune-bench --workload-file FILE (--measure-polylines FILE --tolerance T |
                             --measure-lengths FILE --accuracy A | --measure-nearest FILE --queries FILE)
        """

    struct Failure: Error { let message: String }

    init(_ arguments: [String]) throws(Failure) {
        var i = 0
        func value() throws(Failure) -> String {
            guard i + 1 < arguments.count else { throw Failure(message: "option \(arguments[i]) needs a value") }
            i += 1
            return arguments[i]
        }
        func integers(_ text: String, name: String) throws(Failure) -> [Int] {
            let parts = text.split(separator: ",").map { Int($0.trimmingWhitespace) }
            guard !parts.isEmpty, parts.allSatisfy({ ($0 ?? 0) >= 1 }) else {
                throw Failure(message: "invalid \(name) '\(text)': expected positive integers separated by commas")
            }
            return parts.map { $0! }
        }
        func positive(_ text: String, name: String) throws(Failure) -> Double {
            guard let v = Double(text), v > 0, v.isFinite else {
                throw Failure(message: "invalid \(name) '\(text)': expected a positive number")
            }
            return v
        }
        func words(_ text: String) -> [String] { text.split(separator: ",").map(String.init) }
        while i < arguments.count {
            switch arguments[i] {
            case "--workload": workloads = words(try value())
            case "--kernel": kernels = words(try value())
            case "--precision": precisions = words(try value())
            case "--curves": curves = try integers(try value(), name: "--curves")
            case "--samples": samples = try integers(try value(), name: "--samples")
            case "--threads": threads = try integers(try value(), name: "--threads")
            case "--repeats": repeats = try integers(try value(), name: "--repeats")[0]
            case "--tolerance": tolerance = try positive(try value(), name: "--tolerance")
            case "--accuracy": accuracy = try positive(try value(), name: "--accuracy")
            case "--check-curves": checkCurves = try integers(try value(), name: "--check-curves")[0]
            case "--csv": csv = try value()
            case "--png": png = try value()
            case "--write-workload": writeWorkload = try value()
            case "--write-reference": writeReference = try value()
            case "--reference-curves": referenceCurves = try integers(try value(), name: "--reference-curves")[0]
            case "--write-subset": writeSubset = try value()
            case "--write-queries": writeQueries = try value()
            case "--workload-file": workloadFile = try value()
            case "--measure-polylines": measurePolylines = try value()
            case "--measure-lengths": measureLengths = try value()
            case "--measure-nearest": measureNearest = try value()
            case "--queries": queriesFile = try value()
            case "--quiet": quiet = true
            case "--curves-file": curvesFile = try value()
            case "--label": label = try value()
            case "--reference-count": referenceCount = true
            case "--check-all": checkAll = true
            case "--help", "-h": throw Failure(message: Options.usage)
            default: throw Failure(message: "unknown option '\(arguments[i])'\n" + Options.usage)
            }
            i += 1
        }
        for w in workloads where !["eval", "eval-incache", "flatten", "arclength", "nearest", "readers"].contains(w) {
            throw Failure(message: "unknown workload '\(w)' (workloads: eval, eval-incache, flatten, arclength, nearest, readers)")
        }
        if workloads.contains("readers") && workloads.count > 1 {
            throw Failure(message: "--workload readers runs alone (its CSV has columns of its own)")
        }
        let measures = [measurePolylines, measureLengths, measureNearest].compactMap { $0 }
        if !measures.isEmpty && workloadFile == nil {
            throw Failure(message: "--measure-polylines, --measure-lengths and --measure-nearest need --workload-file\n" + Options.usage)
        }
        if measureNearest != nil && queriesFile == nil {
            throw Failure(message: "--measure-nearest needs --queries FILE\n" + Options.usage)
        }
        for p in precisions where !["double", "float"].contains(p) {
            throw Failure(message: "unknown precision '\(p)' (double, float)")
        }
    }
}
