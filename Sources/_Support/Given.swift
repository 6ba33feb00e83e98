/// A value with the text it was read from, for a message that quotes the user's spelling
/// (`--sx 1e300`, not `1e+300`).
package struct Given<T> {
    package var value: T
    package var text: String

    package init(value: T, text: String) { (self.value, self.text) = (value, text) }
}
