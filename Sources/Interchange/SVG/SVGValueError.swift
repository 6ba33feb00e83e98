/// Why an attribute value (a transform list, a length, a number list) could not be read; the
/// reader adds the element, attribute and line.
struct SVGValueError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
