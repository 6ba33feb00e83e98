/// The command whose run writes a folder output, as the folder's record names it
/// (``FolderRecord``): its ``name`` owns the files — runs of one command replace and remove each
/// other's files in a folder, never another command's — and its ``invocation`` tells the user which
/// run wrote them.
package struct FolderCommand: Sendable, Hashable {
    /// The command, as the program's first argument names it: `frames`, `fit-profile`. One word
    /// without spaces, line breaks or `|`.
    package let name: String
    /// The command line of the run, one line: `beztune frames --count 2 --out P` (arguments that
    /// a shell would split or expand quoted, control characters escaped).
    package let invocation: String

    /// The command `name` of `program`, run with `arguments` (everything after the program's
    /// name, the command's own name first).
    package init(name: String, program: ProgramIdentity, arguments: [String]) {
        precondition(Self.isValidName(name), "FolderCommand: '\(name)' is not a command name")
        self.name = name
        invocation = ([program.name] + arguments.map(Self.shellQuoted)).joined(separator: " ")
    }

    /// A command as a record lists it.
    init?(name: String, invocation: String) {
        guard Self.isValidName(name), !invocation.contains(where: \.isNewline) else { return nil }
        (self.name, self.invocation) = (name, invocation)
    }

    /// True for a non-empty name without spaces, line breaks or `|`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains { $0.isWhitespace || $0.isNewline || $0 == "|" }
    }

    /// `argument` as a POSIX shell reads it back: unchanged when it holds only characters no shell
    /// treats specially, else in single quotes (`'` written `'\''`); control characters (a line
    /// break in a value) are written `\n`, `\t` or `\u{XX}` so that the invocation stays one line.
    static func shellQuoted(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.unicodeScalars.allSatisfy { scalar in
            (scalar.value >= 0x30 && scalar.value <= 0x39) || (scalar.value | 0x20 >= 0x61 && scalar.value | 0x20 <= 0x7A)
                || "-_./,:=+@%^".unicodeScalars.contains(scalar) || scalar.value >= 0x80 && !scalar.properties.isWhitespace
        }
        if plain { return argument }
        var quoted = "'"
        for scalar in argument.unicodeScalars {
            switch scalar {
            case "'": quoted += "'\\''"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator {
                    quoted += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "'"
    }
}
