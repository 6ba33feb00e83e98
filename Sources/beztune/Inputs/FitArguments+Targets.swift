import _ProcessLayer
import DataFiles
import Fitting
import Foundation
import Interchange
import _Support

/// Reading the targets of `beztune fit` and `fit-profile` with the options that shape them
/// (`--samples`, `--y-up`/`--y-down`, `--select`, `--layer`, `--frame`): a file (SVG document,
/// Lottie animation, CSV point list or SVG path data, read by `TargetOutline(contentsOfFile:)`)
/// or `--path` data, into a `TargetOutline` in model space. A target that cannot be read is a
/// runtime failure naming the file (or `--path`); a Lottie layer that does not exist or must be
/// chosen, and a frame outside the layer's frames, are usage errors (the options `--layer` and
/// `--frame` are at fault: `LottieError.isUsageMistake`).
extension FitArguments {
    /// The target in `file`: `.svg` (or text containing `<svg`) is an SVG document, `.json` a
    /// Lottie animation, `.csv` a point list, anything else SVG path data. `select` (a manifest
    /// row's `select` cell) replaces `--select`.
    func target(file: String, select: String? = nil) throws -> TargetOutline {
        // Only a .json name is looked at twice: a pipe (--target <(…)) is read once.
        if TargetFormat(fileName: file) == .lottie { try Self.refuseAnimationDocument(file) }
        return try TargetOutline(contentsOfFile: file, selecting: selection.selecting(element: select),
                                 sampleCount: samples, orientation: orientation)
    }

    /// Refuses BezierTune's own document (`export --format json`, ``AnimationDocument``) as a
    /// target with one line saying how to get an outline from it. Other files (any that cannot
    /// be read, too) go on to the target reader and its messages. Only a file that names the
    /// document format (`"beztune-animation"`) is parsed: a designer's Lottie file is read once,
    /// by the target reader.
    static func refuseAnimationDocument(_ file: String) throws(CLIError) {
        guard let text = try? TextFile.read(URL(fileURLWithPath: file)),
              text.drop(while: { $0.isWhitespace }).first == "{",
              Self.holdsDocumentFormatMark(text),
              let json = try? JSONReader().parse(text), AnimationDocument.isDocument(json) else { return }
        throw .runtime("\(file): a BezierTune animation document (beztune export --format json), not a target outline; write its outline with 'beztune export --document \(file) --format svg --out FILE.svg' and fit that")
    }

    /// True when `text` holds the bytes every animation document holds: its format's name as a
    /// JSON string. One pass over contiguous bytes (a generic substring search costs seconds on
    /// a large file).
    private static func holdsDocumentFormatMark(_ text: String) -> Bool {
        let mark = Array("\"\(AnimationDocument.formatName)\"".utf8)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= mark.count else { return false }
            var i = 0
            while i <= bytes.count - mark.count {
                if bytes[i] == mark[0] {
                    var j = 1
                    while j < mark.count && bytes[i + j] == mark[j] { j += 1 }
                    if j == mark.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// The target given as `--path` data.
    func target(pathData: String) throws(ErrorInContext) -> TargetOutline {
        try inContext("--path") { () throws(TargetError) in
            try TargetOutline(pathData: pathData, sampleCount: samples ?? TargetOutline.defaultSampleCount,
                              orientation: orientation)
        }
    }

    /// The targets' y axis: `--y-up` or `--y-down` (never both), nil for neither — each format's
    /// own (SVG and path data y-down, CSV points y-up; `TargetFormat.defaultOrientation`).
    var orientation: TargetOrientation? {
        yUp ? .yUp : yDown ? .yDown : nil
    }
}
