import Fitting
import _Support
import DataFiles
import Foundation
import Geometry
import Interchange

/// Why a target file could not be read into a ``TargetOutline``: one line naming the file (and,
/// for a CSV point list, the line and column).
public enum TargetFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be read as text: missing, a folder, unreadable, binary, not UTF-8.
    case file(FileReadError)
    /// The CSV point list cannot be read: its syntax, a missing column, a cell that is not a
    /// finite number (the message names the file, line and column).
    case table(CSVError)
    /// The file was read but holds no outline that can be fitted; `file` as the caller named it.
    case target(file: String, TargetError)
    /// A Lottie file (`.json`): not Lottie, a layer or frame that cannot be read (the
    /// `LottieError` names the file as the caller named it, the layer and the JSON path), no
    /// frame given, or an outline that is no target.
    case lottie(file: String, TargetLottieError)

    public var description: String {
        switch self {
        case .file(let error): error.description
        case .table(let error): error.description
        case .target(let file, let error): "\(file): \(error.description)"
        case .lottie(_, .layer(let error)): error.description
        case .lottie(let file, let error): "\(file): \(error.description)"
        }
    }
}

extension TargetOutline {
    /// The target in the file at `path` (relative paths from the current folder), in the format
    /// its name and text say (``TargetFormat/init(fileName:text:)``): a `.csv` file is a point
    /// list (``points(in:orientation:)``, then ``init(points:resampledTo:)``), a `.json` file a
    /// Lottie animation (``init(lottie:selecting:sampleCount:orientation:)``, at
    /// `selection.frame`), a `.svg` file or text containing `<svg` an SVG document
    /// (``init(svgDocument:selecting:sampleCount:orientation:)``, the shape `selection.element`),
    /// for another name, text that reads as CSV (``TargetFormat/init(fileName:text:)``) a point
    /// list, anything else SVG path data.
    ///
    /// `sampleCount`: for a path, the number of points sampled uniformly by arc length (nil:
    /// ``defaultSampleCount``); for a point list, nil keeps the points as given and a count
    /// resamples them along their polygon. `orientation`: the y axis of the file's coordinates,
    /// nil for the format's default (``TargetFormat/defaultOrientation``: SVG and path data
    /// y-down, CSV y-up).
    ///
    /// Messages (``TargetFileError``) name the file as `path` gives it.
    public init(contentsOfFile path: String, selecting selection: TargetSelection = TargetSelection(),
                sampleCount: Int? = nil, orientation: TargetOrientation? = nil) throws(TargetFileError) {
        let url = URL(fileURLWithPath: path)
        let named = TargetFormat(fileName: path)
        // A file without a telling name is read once (it may be a pipe), and its text decides.
        var text: String?
        if named == nil {
            do throws(FileReadError) {
                text = try TextFile.read(url, kind: "target file")
            } catch {
                throw .file(error)
            }
        }
        if named == .csvPoints || text.map({ TargetFormat(fileName: path, text: $0) }) == .csvPoints {
            let table: CSVTable
            do throws(CSVError) {
                if let text {
                    table = try CSVTable(parsing: text, source: path)
                } else {
                    table = try CSVTable(contentsOf: url)
                }
            } catch {
                throw .table(error)
            }
            // Refused before the numbers are converted: the count alone decides.
            guard table.rows.count <= Self.maximumPointCount else {
                throw .target(file: path, .tooManyPoints(count: table.rows.count, maximum: Self.maximumPointCount))
            }
            let points: [Point]
            do throws(CSVError) {
                points = try Self.points(in: table, orientation: orientation)
            } catch {
                throw .table(error)
            }
            do throws(TargetError) {
                try self.init(points: points, resampledTo: sampleCount)
            } catch {
                throw .target(file: path, error)
            }
            return
        }
        if text == nil {
            do throws(FileReadError) {
                text = try TextFile.read(url, kind: named == .svgDocument ? "SVG file" : named == .lottie ? "Lottie file" : "target file")
            } catch {
                throw .file(error)
            }
        }
        let document = text ?? ""
        let samples = sampleCount ?? Self.defaultSampleCount
        if named == .lottie {
            let animation: LottieDocument
            do throws(LottieError) {
                animation = try LottieDocument(parsing: Array(document.utf8), source: path)
            } catch {
                throw .lottie(file: path, .layer(error))
            }
            do throws(TargetLottieError) {
                try self.init(lottie: animation, selecting: selection, sampleCount: samples, orientation: orientation,
                              ellipses: selection.lottieEllipses)
            } catch {
                throw .lottie(file: path, error)
            }
            return
        }
        do throws(TargetError) {
            if TargetFormat(fileName: path, text: document) == .svgDocument {
                try self.init(svgDocument: document, selecting: selection, sampleCount: samples, orientation: orientation)
            } else {
                try self.init(pathData: document, sampleCount: samples, orientation: orientation)
            }
        } catch {
            throw .target(file: path, error)
        }
    }
}

/// A Lottie layer or frame that the selection names wrongly is the caller's usage mistake
/// (``LottieError/isUsageMistake``); every other problem is the file's.
extension TargetFileError: ReportableError {
    package var isUsageMistake: Bool {
        if case .lottie(_, let error) = self { return error.isUsageMistake }
        return false
    }
}
