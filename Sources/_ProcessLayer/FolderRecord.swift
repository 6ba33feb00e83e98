/// The record a folder output keeps in its folder (``ProgramIdentity/folderRecordName``): which
/// files of the folder the program wrote, and which command wrote each.
///
/// The text is one file name a line, each group of names under the line of the command that wrote
/// them:
///
///     # The files beztune wrote in this folder, under the command that wrote them …
///     #> frames | beztune frames --model ball --count 2 --out anim
///     frame_0000.png
///     frame_0001.png
///     #> fit-profile | beztune fit-profile --keyframes k.csv --out anim
///     profile.csv
///
/// A command line is `#> NAME | INVOCATION` (``FolderCommand``). Names before any command line
/// were written by a version that did not record commands (``legacy``). Other lines starting
/// with `#`, and lines that are not relative file names (``FolderOutput/isValidName(_:)``), are
/// ignored; a name listed twice counts once, under its first command.
package struct FolderRecord: Sendable, Equatable {
    /// The names of one command's files.
    package struct Group: Sendable, Equatable {
        /// The command that wrote them; nil for names a record lists before any command line.
        package var command: FolderCommand?
        package var names: [String]
    }

    /// The groups in the record's order.
    package var groups: [Group]

    package init(groups: [Group] = []) { self.groups = groups }

    /// The record of `text`; `recordName` (the record's own name) is never one of its files.
    init(text: String, recordName: String) {
        var groups: [Group] = []
        var current = Group(command: nil, names: [])
        var seen = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix(Self.commandPrefix) {
                if current.command != nil || !current.names.isEmpty { groups.append(current) }
                let rest = line.dropFirst(Self.commandPrefix.count)
                let parts = rest.split(separator: " | ", maxSplits: 1, omittingEmptySubsequences: false)
                let command = parts.count == 2 ? FolderCommand(name: String(parts[0]), invocation: String(parts[1])) : nil
                // A damaged command line: its names are nobody's to remove.
                current = Group(command: command ?? FolderCommand(name: "?", invocation: String(rest)), names: [])
                continue
            }
            guard !line.hasPrefix("#"), FolderOutput.isValidName(line), line != recordName,
                  seen.insert(line).inserted else { continue }
            current.names.append(line)
        }
        if current.command != nil || !current.names.isEmpty { groups.append(current) }
        self.groups = groups.filter { !$0.names.isEmpty }
    }

    /// Every name the record lists, in its order.
    package var names: [String] { groups.flatMap(\.names) }

    /// The command of each name the record lists (nil: a name listed before any command line).
    package var commands: [String: FolderCommand?] {
        var commands: [String: FolderCommand?] = [:]
        for group in groups { for name in group.names { commands[name] = .some(group.command) } }
        return commands
    }

    /// The record's text, with its heading comment for `program`.
    func text(program: ProgramIdentity) -> String {
        var text = "# The files \(program.name) wrote in this folder, under the command that wrote them (\(Self.commandPrefix)NAME | COMMAND LINE). A command replaces or removes only its own files.\n"
        for group in groups where !group.names.isEmpty {
            if let command = group.command { text += Self.commandPrefix + command.name + " | " + command.invocation + "\n" }
            for name in group.names { text += name + "\n" }
        }
        return text
    }

    /// The start of a command's line.
    static let commandPrefix = "#> "
}
