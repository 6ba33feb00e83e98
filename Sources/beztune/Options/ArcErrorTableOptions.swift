/// The options of `error` and `optimize`, which print one table of error figures: the arc-error
/// options and `--csv FILE`.
struct ArcErrorTableOptions: CommandOptions {
    var arc = ArcErrorChoices()
    var csv: String?

    /// The options with the columns they ask for, checked before any work (the squash ratio).
    struct Checked {
        var options: ArcErrorTableOptions
        var columns: ErrorColumns
    }

    static func validate(_ options: ArcErrorTableOptions) throws -> Checked {
        Checked(options: options, columns: try ErrorColumns(radius: options.arc.absoluteColumnsRadius(), sx: options.arc.sx, sy: options.arc.sy))
    }
}
