/// The names the Swift exports refuse for the generated type (`export --type-name`): Swift's
/// keywords — reserved everywhere, and the contextual ones that have a meaning where a type name
/// stands (`Type`, `Protocol`, `some`, `any`, …), from The Swift Programming Language, "Lexical
/// Structure: Keywords and Punctuation" — and every identifier the generated file itself uses
/// (`CGPath`, `Double`, `Path`, `Animation`, `min`, its own members), which a type of that name
/// would shadow inside the file. The second set is not a list kept by hand: it is read off the
/// file the generator writes for this animation (``usedIdentifiers(in:)``), so a change to the
/// generator changes it too.
enum SwiftTypeName {
    /// The name the file is generated with to read its identifiers: one no user needs.
    static let probe = "BezierTuneTypeNameProbe"

    /// Swift's keywords: declarations, statements, expressions and types, patterns, and the
    /// contextual keywords.
    static let keywords: Set<String> = [
        // Declarations.
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements.
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types.
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Patterns.
        "_",
        // Contextual.
        "actor", "any", "associativity", "async", "consume", "convenience", "copy", "didSet", "discard", "distributed",
        "dynamic", "each", "final", "get", "indirect", "infix", "isolated", "lazy", "left", "macro", "mutating", "none",
        "nonmutating", "optional", "override", "postfix", "precedence", "prefix", "Protocol", "required", "right",
        "sending", "set", "some", "Type", "unowned", "weak", "willSet",
    ]

    /// The identifiers of Swift source `text` — letters, digits and `_`, not starting with a
    /// digit, and backquoted names — outside comments (`//`, nested `/* */`) and string literals
    /// (`"…"`, `"""…"""`), the code of their interpolations `\(…)` included.
    static func usedIdentifiers(in text: String) -> Set<String> {
        let s = Array(text.unicodeScalars)
        var names = Set<String>()
        var i = 0
        /// Reads code from `i` until the end, or until the `)` closing an interpolation when
        /// `interpolation` (depth counted from the opening one).
        func code(interpolation: Bool) {
            var depth = 0
            while i < s.count {
                let c = s[i]
                if c == "/" && i + 1 < s.count && s[i + 1] == "/" {
                    while i < s.count && s[i] != "\n" { i += 1 }
                } else if c == "/" && i + 1 < s.count && s[i + 1] == "*" {
                    var nesting = 0
                    repeat {
                        if s[i] == "/" && i + 1 < s.count && s[i + 1] == "*" { nesting += 1; i += 2 }
                        else if s[i] == "*" && i + 1 < s.count && s[i + 1] == "/" { nesting -= 1; i += 2 }
                        else { i += 1 }
                    } while nesting > 0 && i < s.count
                } else if c == "\"" {
                    string()
                } else if c == "(" {
                    depth += 1
                    i += 1
                } else if c == ")" {
                    if interpolation && depth == 0 { i += 1; return }
                    depth -= 1
                    i += 1
                } else if c == "`" {
                    var name = ""
                    i += 1
                    while i < s.count && s[i] != "`" { name.unicodeScalars.append(s[i]); i += 1 }
                    i += 1
                    names.insert(name)
                } else if c == "_" || c.properties.isAlphabetic {
                    var name = ""
                    while i < s.count && (s[i] == "_" || s[i].properties.isAlphabetic || s[i].properties.numericType != nil) {
                        name.unicodeScalars.append(s[i])
                        i += 1
                    }
                    names.insert(name)
                } else if c.properties.numericType != nil {
                    // A number literal, its exponent and hex letters included.
                    while i < s.count && (s[i] == "_" || s[i] == "." || s[i].properties.isAlphabetic || s[i].properties.numericType != nil) {
                        i += 1
                    }
                } else {
                    i += 1
                }
            }
        }
        /// Skips a string literal starting at `i`, reading its interpolations as code.
        func string() {
            let triple = i + 2 < s.count && s[i + 1] == "\"" && s[i + 2] == "\""
            i += triple ? 3 : 1
            while i < s.count {
                if s[i] == "\\" && i + 1 < s.count && s[i + 1] == "(" {
                    i += 2
                    code(interpolation: true)
                } else if s[i] == "\\" {
                    i += 2
                } else if triple ? (s[i] == "\"" && i + 2 < s.count && s[i + 1] == "\"" && s[i + 2] == "\"") : s[i] == "\"" {
                    i += triple ? 3 : 1
                    return
                } else {
                    i += 1
                }
            }
        }
        code(interpolation: false)
        return names
    }

    /// Refuses a keyword for `name`: one line naming it.
    static func refuseKeyword(_ name: String) throws(ExportError) {
        if keywords.contains(name) {
            throw ExportError(option: "Swift type name '\(name)' is a Swift keyword; choose another (e.g. '\(name)Shape')")
        }
    }

    /// Refuses `name` for a file `generate` writes (given a type name, the file's text): a
    /// keyword, or an identifier the file uses. One line naming the name and why.
    static func check(_ name: String, generate: (String) throws(ExportError) -> String) throws(ExportError) {
        try refuseKeyword(name)
        let used = usedIdentifiers(in: try generate(probe)).subtracting([probe])
        if used.contains(name) {
            throw ExportError(option: "Swift type name '\(name)' is a name the generated file uses, which the type would shadow; choose another (e.g. '\(name)Shape')")
        }
    }
}
