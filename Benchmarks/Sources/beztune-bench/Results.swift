import DataFiles
import Foundation

/// The rows one benchmark run collects: CSV, the printed table and the chart's series.
struct Results {
    static let header = ["workload", "kernel", "precision", "threads", "curves", "samples",
                         "median_s", "min_s", "max_s", "points_per_s", "gb_per_s",
                         "curves_per_s", "segments", "max_deviation", "over_tolerance", "checked",
                         "reference_segments"]
    static let tableHeader = ["workload", "kernel", "precision", "threads", "curves", "samples",
                              "median_s", "M_points_per_s", "GB_per_s", "M_curves_per_s", "segments", "max_deviation", "over", "reference",
                              "x_1_thread"]

    var csv = CSVWriter(header: Results.header)
    var table: [[String]] = []
    /// (series name, swept value, rate) for the chart.
    var measured: [(String, Double, Double)] = []
    var refused = false
    /// For each table row: what it measured (all but the thread count) and its rate.
    var rowKeys: [(key: String, threads: Int, rate: Double)] = []

    /// The printed rows with the speed-up column: the row's rate over the rate of the same
    /// measurement at one thread (empty when the run did not measure one thread).
    var tableWithSpeedups: [[String]] {
        zip(table, rowKeys).map { row, key in
            let one = rowKeys.first { $0.key == key.key && $0.threads == 1 }
            return row + [one.map { String(format: "%.2f", key.rate / $0.rate) } ?? ""]
        }
    }

    /// One measurement. `points` is the work per timed run in output points (evaluation) or
    /// curves (geometry workloads pass their own rates through `perCurve`).
    mutating func add(workload: String, kernel: String, precision: String, threads: Int, curves n: Int, samples m: Int,
                      seconds: Measurement, points: Double, bytesPerPoint: Double,
                      perCurve: (segments: Double, maxDeviation: Double, over: Int, checked: Int)? = nil,
                      referenceSegments: Double? = nil) {
        let rate = points / seconds.median
        let curveRate = Double(n) / seconds.median
        var fields: [CSVField] = [.text(workload), .text(kernel), .text(precision), .int(threads), .int(n), .int(m),
                                  .double(seconds.median), .double(seconds.min), .double(seconds.max),
                                  .double(rate), .double(rate * bytesPerPoint / 1e9), .double(curveRate)]
        if let c = perCurve {
            fields += [.double(c.segments), .double(c.maxDeviation), .int(c.over), .int(c.checked)]
        } else {
            fields += [.empty, .empty, .empty, .empty]
        }
        fields.append(referenceSegments.map { .double($0) } ?? .empty)
        csv.appendRow(fields)
        let swept = options.curves.count > 1 ? Double(n) : options.samples.count > 1 ? Double(m) : Double(threads)
        let seriesName = "\(workload) \(kernel) \(precision)" + (options.threads.count > 1 && options.curves.count + options.samples.count > 2 ? " ×\(threads)" : "")
        measured.append((seriesName, swept, perCurve == nil ? rate : curveRate))
        table.append([workload, kernel, precision, "\(threads)", "\(n)", "\(m)",
                      String(format: "%.4g", seconds.median), String(format: "%.1f", rate / 1e6),
                      String(format: "%.2f", rate * bytesPerPoint / 1e9), String(format: "%.3f", curveRate / 1e6),
                      perCurve.map { String(format: "%.2f", $0.segments) } ?? "",
                      perCurve.map { String(format: "%.6g", $0.maxDeviation) } ?? "",
                      perCurve.map { "\($0.over)/\($0.checked)" } ?? "",
                      referenceSegments.map { String(format: "%.2f", $0) } ?? ""])
        rowKeys.append(("\(workload) \(kernel) \(precision) \(n) \(m)", threads, perCurve == nil ? rate : curveRate))
        note(String(format: "%@ %@ %@ threads=%d: %.1f M points/s, %.3f M curves/s", workload, kernel, precision, threads,
                    rate / 1e6, curveRate / 1e6))
    }
}
