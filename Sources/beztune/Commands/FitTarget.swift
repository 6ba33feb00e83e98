import Fitting

/// Reading the targets of `beztune fit`: a file (SVG document, CSV point list or SVG path data,
/// read by `TargetOutline(contentsOfFile:)`) or `--path` data, into a `TargetOutline` in model
/// space.
enum FitTarget {
    /// Why a target could not be read; `message` is one line naming the file.
    struct Failure: Error {
        var message: String
    }

    /// The target in `file`: `.svg` (or text containing `<svg`) is an SVG document, `.csv` a point
    /// list, anything else SVG path data.
    static func read(file: String, _ fit: FitArguments) throws(Failure) -> TargetOutline {
        do throws(TargetFileError) {
            return try TargetOutline(contentsOfFile: file, sampleCount: fit.samples, orientation: fit.orientation)
        } catch {
            throw Failure(message: error.description)
        }
    }

    /// The target given as `--path` data.
    static func read(pathData: String, _ fit: FitArguments) throws(Failure) -> TargetOutline {
        do throws(TargetError) {
            return try TargetOutline(pathData: pathData, sampleCount: fit.samples ?? TargetOutline.defaultSampleCount,
                                     orientation: fit.orientation)
        } catch {
            throw Failure(message: "--path: \(error.description)")
        }
    }
}

extension FitArguments {
    /// The targets' y axis: `--y-up` or `--y-down` (never both), nil for neither — each format's
    /// own (SVG and path data y-down, CSV points y-up; `TargetFormat.defaultOrientation`).
    var orientation: TargetOrientation? {
        yUp ? .yUp : yDown ? .yDown : nil
    }
}
