import _Support

/// The kinds of file a target outline is read from, and the y orientation each one has unless
/// the caller says otherwise.
public enum TargetFormat: Sendable, Hashable, CaseIterable {
    /// An SVG document: the shape it draws, or the one selected (``TargetOutline/init(svgDocument:selecting:sampleCount:orientation:)``).
    case svgDocument
    /// SVG path data, `M… C… Z` (``TargetOutline/init(pathData:sampleCount:orientation:)``).
    case pathData
    /// A CSV point list, columns `x` and `y` (``TargetOutline/points(in:orientation:)``).
    case csvPoints
    /// A Lottie (Bodymovin) animation in JSON: one layer at one frame
    /// (``TargetOutline/init(lottie:selecting:sampleCount:orientation:)``). Any other JSON is
    /// refused.
    case lottie

    /// The orientation of the format's coordinates when none is given: y-down for SVG documents
    /// and path data (SVG's user space) and for Lottie (its composition is y-down like SVG),
    /// y-up model space for CSV point lists.
    public var defaultOrientation: TargetOrientation {
        self == .csvPoints ? .yUp : .yDown
    }

    /// The format of a file by its name: `.csv` (any case) is a point list, `.svg` an SVG
    /// document, `.json` a Lottie animation; for any other name, nil — the text decides
    /// (``init(fileName:text:)``).
    public init?(fileName: String) {
        let name = fileName.lowercased()
        if name.hasSuffix(".csv") {
            self = .csvPoints
        } else if name.hasSuffix(".svg") {
            self = .svgDocument
        } else if name.hasSuffix(".json") {
            self = .lottie
        } else {
            return nil
        }
    }

    /// The format of a file by its name, else by its text: text containing `<svg` is an SVG
    /// document; text whose first line holds a comma and whose first character (after
    /// whitespace) is neither `M`/`m` (path data must begin with a move-to) nor `<` is a CSV
    /// point list (its header, `x,y`); any other text SVG path data. The text decides for a name
    /// that says nothing — `/dev/fd/63` of a process substitution, `target.txt`.
    public init(fileName: String, text: String) {
        if let named = TargetFormat(fileName: fileName) {
            self = named
        } else if text.includes("<svg") {
            self = .svgDocument
        } else {
            let start = text.drop { $0.isWhitespace }
            let firstLine = start.prefix { $0 != "\n" && $0 != "\r" }
            if let first = start.first, first != "M", first != "m", first != "<", firstLine.contains(",") {
                self = .csvPoints
            } else {
                self = .pathData
            }
        }
    }
}
