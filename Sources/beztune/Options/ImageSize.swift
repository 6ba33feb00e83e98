import Render
import _ArgumentParser
import _Support

/// `--size WxH`: a picture's size in pixels, each side 16…`Canvas.maximumSide`.
struct ImageSize: Equatable {
    var width: Int
    var height: Int

    static func parse(_ text: String) throws(OptionValueError) -> ImageSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (16...Canvas.maximumSide).contains(w), (16...Canvas.maximumSide).contains(h) else {
            throw OptionValueError("expected WIDTHxHEIGHT with each side 16…\(Canvas.maximumSide) pixels")
        }
        return ImageSize(width: w, height: h)
    }
}

extension ImageFormat {
    /// The format a picture file's name asks for: SVG when it ends in `.svg` (any case), else PNG.
    init(forFile name: String) {
        self = name.lowercased().hasSuffix(".svg") ? .svg : .png
    }
}
