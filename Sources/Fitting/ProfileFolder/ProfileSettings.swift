import CSV
import Deform
import _Support

/// A `fit-profile` folder's `settings.csv`: `setting,value` rows (names ``ProfileSetting``, in its
/// order) — `model` (the base model's name), `free` (the free parameters as given,
/// comma-separated), one `set` row per held parameter (`NAME=VALUE`, model names, every digit),
/// `timing`, `joint`, `duration` (seconds), then the fit's options as given (`samples`,
/// `orientation`, `starts`, `seed`, `max_evaluations`, `size`), then `frame_rate` (a Lottie
/// source's frames per second, empty otherwise). `model`, `free`, `set`, `duration` and
/// `frame_rate` replay the profile; the others are recorded for the reader.
public struct ProfileSettings: Sendable {
    /// The file's name in the folder.
    public static let fileName = "settings.csv"

    /// The base model's name (without the pose).
    public var modelName: String
    /// The model placed as fitted, every held value, and the free parameters.
    public var setup: FitSetup
    /// The animation's length in seconds (`fit-profile --duration`, else a Lottie source's
    /// first-to-last keyframe time).
    public var duration: Double
    /// The keyframes' source's frames per second (a Lottie file's), for exports; nil otherwise.
    public var frameRate: Double?
    /// The run's other settings (``ProfileSetting`` other than model, free, set and duration) as
    /// they are written, recorded for the reader; a setting without a value is written empty.
    public var recorded: [ProfileSetting: CSVField]

    public init(modelName: String, setup: FitSetup, duration: Double, frameRate: Double? = nil,
                recorded: [ProfileSetting: CSVField] = [:]) {
        (self.modelName, self.setup, self.duration, self.frameRate, self.recorded) = (modelName, setup, duration, frameRate, recorded)
    }

    /// The `set` rows: each held parameter that has a value of its own (not free), as
    /// (model name, value).
    public var held: [(name: String, value: Double)] {
        setup.model.parameters.indices.compactMap { i in
            guard !setup.freeIndices.contains(i), setup.parameters.isSet(at: i) else { return nil }
            return (setup.model.parameters[i].name, setup.parameters.value(at: i))
        }
    }

    /// The file's text (see the type's documentation).
    public var csvText: String {
        var csv = CSVWriter(header: ["setting", "value"])
        for setting in ProfileSetting.allCases {
            switch setting {
            case .model: csv.appendRow([.text(setting.rawValue), .text(modelName)])
            case .free: csv.appendRow([.text(setting.rawValue), .text(setup.freeNames.joined(separator: ","))])
            case .set:
                for (name, value) in held {
                    csv.appendRow([.text(setting.rawValue), .text(HeldValues.format([(name, value)]))])
                }
            case .duration: csv.appendRow([.text(setting.rawValue), .double(duration)])
            case .frameRate: csv.appendRow([.text(setting.rawValue), frameRate.map(CSVField.double) ?? .empty])
            default: csv.appendRow([.text(setting.rawValue), recorded[setting] ?? .empty])
            }
        }
        return csv.text
    }

    /// Reads `table` (a `settings.csv`): the model, free list, held values and duration; the other
    /// rows are kept as text in ``recorded``, unknown settings passed over.
    ///
    /// - Throws: ``ProfileFolderError``: the ``CSVError`` naming the cell (or the file, for a
    ///   missing setting), or the model's or setup's error in the cell's (the file's) context.
    public init(reading table: CSVTable) throws(ProfileFolderError) {
        let (key, value) = try ProfileFolderError.reading { () throws(CSVError) in
            try table.requireColumns(["setting", "value"])
            return (try table.columnIndex("setting"), try table.columnIndex("value"))
        }
        var model: (CatalogModel)?
        var free: [String]?
        var held: [(name: String, value: Double)] = []
        var duration: Double?
        var frameRate: Double?
        var recorded: [ProfileSetting: CSVField] = [:]
        var seen: Set<ProfileSetting> = []
        for r in table.rows.indices {
            let text = String(table.string(row: r, column: value).trimmingWhitespace)
            let cell = table.cellLocation(row: r, column: value)
            guard let setting = ProfileSetting(rawValue: String(table.string(row: r, column: key).trimmingWhitespace)) else {
                continue  // a setting of a later version, recorded for its reader
            }
            // Every setting once (`set` once per parameter): a second one is not last-wins.
            if setting != .set {
                guard seen.insert(setting).inserted else {
                    throw ProfileFolderError(table.cellError(row: r, column: key, "a second '\(setting.rawValue)' row (each setting is written once)"))
                }
            }
            switch setting {
            case .model:
                model = try ProfileFolderError.reading(cell) { () throws(ModelInputError) in try ModelCatalog.model(named: text) }
            case .free:
                free = text.split(separator: ",").map { String($0.trimmingWhitespace) }
            case .set:
                let values = try ProfileFolderError.reading(cell) { () throws(HeldValuesError) in try HeldValues.parse(text) }
                guard values.count == 1 else { throw ProfileFolderError("\(cell): expected one NAME=VALUE") }
                if held.contains(where: { $0.name == values[0].name }) {
                    throw ProfileFolderError("\(cell): a second value for '\(values[0].name)' (each held parameter is written once)")
                }
                held += values
            case .duration:
                let d = try ProfileFolderError.reading { () throws(CSVError) in try table.double(row: r, column: value) }
                guard d > 0 else { throw ProfileFolderError(table.cellError(row: r, column: value, "the duration must be positive")) }
                duration = d
            case .frameRate:
                guard !text.isEmpty else { continue }
                let f = try ProfileFolderError.reading { () throws(CSVError) in try table.double(row: r, column: value) }
                guard f > 0 && f.isFinite else {
                    throw ProfileFolderError(table.cellError(row: r, column: value, "the frame rate must be positive and finite"))
                }
                frameRate = f
            default:
                recorded[setting] = text.isEmpty ? .empty : .text(text)
            }
        }
        guard let model, let free, let duration else {
            throw ProfileFolderError(CSVError(.columns, source: table.source,
                                              reason: "needs the settings model, free and duration (written by 'beztune fit-profile')"))
        }
        let setup = try ProfileFolderError.reading(table.source) { () throws(FitError) in try FitSetup(model: model, free: free, values: held) }
        self.init(modelName: model.name, setup: setup, duration: duration, frameRate: frameRate, recorded: recorded)
    }
}
