import Fitting
import Foundation
import Geometry
import Render

/// Reading the targets of `beztune fit`: an SVG file (its first `<path>`), a CSV point list
/// (`x,y` header), a file of SVG path data, or `--path` data; each into a `TargetOutline` in
/// model space.
enum FitTarget {
    /// Why a target could not be read; `message` is one line naming the file.
    struct Failure: Error {
        var message: String
    }

    /// The target in `file`: `.svg` (or text containing `<svg`) is an SVG document, `.csv` a point
    /// list, anything else SVG path data.
    static func read(file: String, _ fit: FitArguments) throws(Failure) -> TargetOutline {
        let url = URL(fileURLWithPath: file)
        let isCSV = file.lowercased().hasSuffix(".csv")
        if isCSV {
            return try readPoints(url, file: file, fit)
        }
        let text: String
        do throws(FileReadError) {
            text = try TextFile.read(url, kind: file.lowercased().hasSuffix(".svg") ? "SVG file" : "target file")
        } catch {
            throw Failure(message: error.description)
        }
        let samples = fit.samples ?? 720
        do throws(TargetError) {
            if file.lowercased().hasSuffix(".svg") || text.contains("<svg") {
                return try TargetOutline(svgDocument: text, sampleCount: samples, yUp: fit.yUp)
            }
            return try TargetOutline(pathData: text, sampleCount: samples, yUp: fit.yUp)
        } catch {
            throw Failure(message: "\(file): \(error.description)")
        }
    }

    /// The target given as `--path` data.
    static func read(pathData: String, _ fit: FitArguments) throws(Failure) -> TargetOutline {
        do throws(TargetError) {
            return try TargetOutline(pathData: pathData, sampleCount: fit.samples ?? 720, yUp: fit.yUp)
        } catch {
            throw Failure(message: "--path: \(error.description)")
        }
    }

    /// A CSV point list: columns `x` and `y` (others ignored), one point per row, model space
    /// (y-up) unless `--y-down`.
    static func readPoints(_ url: URL, file: String, _ fit: FitArguments) throws(Failure) -> TargetOutline {
        let points: [Point]
        do throws(CSVError) {
            points = try ManifestEntries.points(try CSVTable(contentsOf: url), yDown: fit.yDown)
        } catch {
            throw Failure(message: error.description)
        }
        do throws(TargetError) {
            return try TargetOutline(points: points, resampledTo: fit.samples)
        } catch {
            throw Failure(message: "\(file): \(error.description)")
        }
    }
}
