/// A rule about which options go together, checked after the options are read; each gives its
/// own usage error and its own form in the usage line.
enum OptionRule: Equatable {
    /// At most one of the options (one exactly when `required`): `--a and --b cannot be used
    /// together`; absent when required, `missing NOUN: give --a A or --b B (HINT)` (without a
    /// noun: `missing --a A or --b B`). Usage line `(--a A | --b B)` when required, else
    /// `[--a A | --b B]`.
    case exclusive([String], required: Bool = false, noun: String? = nil, hint: String? = nil)
    /// All or none of the options: `--a and --b go together: give both`. Usage `[--a A --b B]`.
    case together([String])
    /// Each of the options only with `option`: `--a goes with --option VALUE (REASON)`.
    case requires([String], option: String, reason: String? = nil)
    /// None of the options with `option`: `--a cannot be used with --option VALUE (REASON)`.
    case excludes([String], option: String, reason: String? = nil)
    /// `option` with no other option: `--option takes no other options (got --b)`.
    case alone(String)

    /// The options the rule draws together in the usage line, or none.
    var usageGroup: [String] {
        switch self {
        case .exclusive(let names, _, _, _), .together(let names): names
        case .requires, .excludes, .alone: []
        }
    }
}
