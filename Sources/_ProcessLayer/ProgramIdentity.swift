/// The program the output layer works for, as its users know it. The layer has no name of its
/// own: the executable gives its identity to every plan, destination, folder output and record,
/// and the layer's messages and files say what the executable would say.
///
/// - ``name`` is the subject of the messages: `out.csv: cannot write: the file is read-only (mode
///   0444); NAME does not replace it`, `descriptor 5 was not given to NAME`, and of the comment
///   lines of the records it writes (`# NAME checkpoint record of grid.csv: do not edit`).
/// - ``folderRecordName`` is the file a folder output keeps its record in (``FolderOutput``):
///   part of the layout of the program's output folders, which a later version of the program
///   must find again, so it is given as is and not derived from the name.
package struct ProgramIdentity: Sendable, Equatable {
    /// The program's name, as users type it.
    package let name: String
    /// The file name of a folder output's record in its folder (a name without `/`).
    package let folderRecordName: String

    package init(name: String, folderRecordName: String) {
        precondition(!name.isEmpty, "ProgramIdentity: the name is empty")
        precondition(FolderOutput.isValidName(folderRecordName) && !folderRecordName.contains("/"),
                     "ProgramIdentity: '\(folderRecordName)' is not a file name")
        (self.name, self.folderRecordName) = (name, folderRecordName)
    }

    /// The template of the file ``OutputPlan`` creates and removes at once in an output's folder
    /// to learn that the folder takes a new file: `.NAME-probe.tmp-XXXXXX` (`mkstemp(3)`).
    func probeTemplate(in folder: String) -> String {
        "\(folder)/.\(name)-probe.tmp-XXXXXX"
    }
}
