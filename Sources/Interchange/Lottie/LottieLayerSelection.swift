/// Which layer of a Lottie document to read: by name (`nm`) or by position in `layers` (0-based,
/// the index in its JSON path `layers[2]`).
///
/// ``init(argument:)`` reads a command-line value: a text that names a layer selects it; a text
/// of digits that names none selects by position (so a layer named "2" is reached by its name,
/// and the others by their index, as SVG's `--select N` treats an all-digit id).
public struct LottieLayerSelection: Hashable, Sendable, CustomStringConvertible {
    enum Form: Hashable, Sendable {
        case name(String)
        case index(Int)
        case nameOrIndex(String, Int)
    }

    let form: Form

    /// The layer named `name`.
    public static func name(_ name: String) -> LottieLayerSelection { LottieLayerSelection(form: .name(name)) }

    /// The layer at `layers[index]`.
    public static func index(_ index: Int) -> LottieLayerSelection { LottieLayerSelection(form: .index(index)) }

    /// A name, or when no layer has it and it is all digits, a position.
    public init(argument: String) {
        if !argument.isEmpty, argument.utf8.count <= 18, argument.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
           let n = Int(argument) {
            form = .nameOrIndex(argument, n)
        } else {
            form = .name(argument)
        }
    }

    init(form: Form) { self.form = form }

    public var description: String {
        switch form {
        case .name(let s): "layer named \(LottieNode.quote(s))"
        case .index(let i): "layers[\(i)]"
        case .nameOrIndex(let s, _): "layer \(LottieNode.quote(s))"
        }
    }
}
