/// The command-line spelling of an argument's name: the JavaScript API names each argument after
/// the long option it stands for, in camelCase (`pixelsPerUnit` for `--pixels-per-unit`,
/// `yUp` for `--y-up`), so a message can name the option the command line would.
package enum OptionName {
    /// `pixelsPerUnit` → `pixels-per-unit`: a hyphen before each capital, lowered.
    package static func longOption(_ key: String) -> String {
        var out = ""
        for c in key {
            if c.isUppercase {
                out.append("-")
                out += c.lowercased()
            } else {
                out.append(c)
            }
        }
        return out
    }
}
