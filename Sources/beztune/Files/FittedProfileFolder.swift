import BeztuneAPI
import DataFiles
import Fitting
import Foundation

/// A `beztune fit-profile` output folder, replayed (``FittedProfile`` read from its files).
typealias FittedProfileFolder = FittedProfile

extension FittedProfile {
    /// The files of `folder` that a replay reads (an output never replaces them).
    static func files(in folder: String) -> [String] {
        [ProfileKeyframeTable.fileName, ProfileTimingTable.fileName, ProfileSettings.fileName, ProfileIntervalTable.fileName]
            .map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    }

    /// The profile in `folder`: its settings.csv, timing.csv and profile.csv, and intervals.csv
    /// when it has one; a missing folder or file is named.
    init(reading folder: String) throws(ProfileFolderError) {
        let dir = URL(fileURLWithPath: folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ProfileFolderError("\(folder): no such folder (give a 'beztune fit-profile' output folder)")
        }
        func table(_ name: String) throws(ProfileFolderError) -> CSVTable {
            let file = dir.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw ProfileFolderError("\(folder): no \(name): not a 'beztune fit-profile' output folder (run fit-profile again to write it)")
            }
            return try ProfileFolderError.reading { () throws(CSVError) in try CSVTable(contentsOf: file) }
        }
        let settings = try table(ProfileSettings.fileName)
        let timing = try table(ProfileTimingTable.fileName)
        let profile = try table(ProfileKeyframeTable.fileName)
        let intervalFile = dir.appendingPathComponent(ProfileIntervalTable.fileName)
        let intervals = FileManager.default.fileExists(atPath: intervalFile.path) ? try table(ProfileIntervalTable.fileName) : nil
        try self.init(folder: folder, settings: settings, timing: timing, profile: profile, intervals: intervals)
    }
}
