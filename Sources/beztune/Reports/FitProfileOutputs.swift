import DataFiles
import Fitting
import Foundation
import Render
import _ProcessLayer

/// One profile fitted and everything written about it, computed before any file is written.
struct FitProfileOutputs {
    var result: ProfileFit
    var profileCSV: String
    var timingCSV: String
    var settingsCSV: String
    /// A per-interval profile's intervals.csv (nil for other timings).
    var intervalsCSV: String?
    var frames: [Data]
    var contact: Data
    var chart: Data

    /// The profile of the keyframes of `source`, its steps reported to `progress`.
    init(_ source: KeyframeSource, _ settings: FitProfileSettings, progress: ProgressLines? = nil) throws {
        progress?.begin("reading keyframes")
        let (keyframes, files) = try source.keyframes(settings)
        try self.init(keyframes: keyframes, files: files, settings, progress: progress)
    }

    /// The profile of `keyframes`; `files[i]` is keyframe i's entry in profile.csv's file column.
    init(keyframes: [ProfileKeyframe], files: [String], _ settings: FitProfileSettings,
         progress: ProgressLines? = nil) throws {
        var keyframeOptions = settings.fit.options
        keyframeOptions.computeComparison = false
        var options = ProfileOptions(timing: settings.timing, joint: settings.joint, keyframe: keyframeOptions,
                                     timingBounds: settings.timingBounds)
        options.duration = settings.duration
        progress?.begin("fitting keyframes", total: keyframes.count)
        result = try ProfileFitter(options: options).fit(keyframes, setup: settings.fit.setup,
                                                         keyframeFitted: progress.map { lines in { lines.advance() } })
        progress?.begin("fitting the timing")
        intervalsCSV = settings.timing == .perInterval ? ProfileIntervalTable.csvText(result) : nil
        profileCSV = ProfileKeyframeTable.csvText(result, files: files, pixelsPerUnit: settings.fit.pixelsPerUnit)
        timingCSV = ProfileTimingTable.csvText(result, duration: settings.duration)
        // The profile's own setup: it holds the pose the keyframes' fit found.
        var recorded = settings.recorded
        recorded.setup = result.setup
        settingsCSV = recorded.csvText
        let pictures = FitProfilePictures.frames(result, width: settings.width, height: settings.height)
        progress?.begin("drawing frames", total: pictures.count)
        frames = try pictures.map { f throws(RenderError) in
            defer { progress?.advance() }
            return try f.render(.png)
        }
        progress?.begin("drawing the contact sheet and the chart")
        contact = try ContactSheet(frames: pictures).render(.png)
        chart = try FitProfilePictures.profileChart(result)
    }

    /// The files of a profile's folder: `frames/frame_NNNN.png` for each keyframe, contact.png,
    /// profile.png, profile.csv, timing.csv, settings.csv, and intervals.csv for a per-interval
    /// profile. Frames of an earlier run with more keyframes, and its intervals.csv, are stale files
    /// of the folder's record, removed when the run commits (``FolderOutput``).
    static func names(frames count: Int, intervals: Bool) -> [String] {
        (0..<count).map { "frames/" + FrameFiles.frameName($0, .png) }
            + ["contact.png", "profile.png", ProfileKeyframeTable.fileName, ProfileTimingTable.fileName, ProfileSettings.fileName]
            + (intervals ? [ProfileIntervalTable.fileName] : [])
    }

    /// Stages every file of ``names(frames:intervals:)`` in `folder`, a folder output of `run`,
    /// each counted on `progress`.
    func stage(in run: RunOutputs, folder: FolderOutput, progress: ProgressLines? = nil) throws {
        progress?.begin("writing files", total: Self.names(frames: frames.count, intervals: intervalsCSV != nil).count)
        func put(_ data: Data, _ name: String) throws {
            try run.stage(data, for: folder.path(of: name))
            progress?.advance()
        }
        for (i, data) in frames.enumerated() { try put(data, "frames/" + FrameFiles.frameName(i, .png)) }
        try put(contact, "contact.png")
        try put(chart, "profile.png")
        try put(Data(profileCSV.utf8), ProfileKeyframeTable.fileName)
        try put(Data(timingCSV.utf8), ProfileTimingTable.fileName)
        try put(Data(settingsCSV.utf8), ProfileSettings.fileName)
        if let intervalsCSV { try put(Data(intervalsCSV.utf8), ProfileIntervalTable.fileName) }
    }

    /// Writes the folder `out` for this profile alone, all or nothing (a batch's profile).
    func write(to out: String, inputs: [String], console: Console) throws {
        let folder = try RunOutputs.folder(out, names: Self.names(frames: frames.count, intervals: intervalsCSV != nil), console: console)
        let run = try RunOutputs(files: [], folders: [folder], inputs: inputs, console: console)
        try stage(in: run, folder: folder)
        try run.commit()
    }

    /// Fits that did not converge, one message each (``ProfileFit/warnings``).
    var warnings: [String] { result.warnings }
}
