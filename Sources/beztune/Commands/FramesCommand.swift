import BeztuneAPI
import DataFiles
import Deform
import Fitting
import Foundation
import Geometry
import Interchange
import Render
import _ArgumentParser
import _ProcessLayer
import _Support

/// `beztune frames`: a model rendered frame by frame over a progress range — PNG or SVG frames,
/// a CSV of every parameter per frame, and a contact sheet.
enum FramesCommand: BeztuneCommand {
    static let name = "frames"
    static let abstract = "Render a model frame by frame over a progress range: frames, frames.csv and a contact sheet."

    static var options: [Option<Options>] {
        [
            .value(\.model, "model", "MODEL", help: "The model to draw (see 'beztune model --list').",
                   parse: ModelArguments.model),
            .text(\.profileDir, "profile-dir", "DIR",
                  help: "Replay a 'beztune fit-profile' output folder: each parameter on its own fitted timing."),
            .text(\.document, "document", "FILE",
                  help: "Play BezierTune's own document (an 'export --format json' file)."),
            .value(\.method, "method", "METHOD", usageValue: "two-stage|joint",
                   help: "With --profile-dir: the trajectories replayed, two-stage or joint (default joint when timing.csv has it, it converged and is as close as two-stage).",
                   parse: OptionValue.choice(of: TrajectoryFit.Method.self)),
            .value(\.from, "from", "P", help: "First progress, in [0, 1] (default 0).", parse: OptionValue.unitInterval),
            .value(\.to, "to", "P", help: "Last progress, in [0, 1] (default 1).", parse: OptionValue.unitInterval),
            .value(\.count, "count", "N", help: "Number of frames, 1…10000 (default 30); evenly spaced in progress, ends included. At most 4,000,000,000 pixels in all (count × width × height).",
                   parse: OptionValue.wholeNumber(in: 1...10_000, of: "frames")),
            .text(\.out, "out", "DIR", required: true, help: "Output folder, created when missing."),
            .flag(\.guides, "guides", help: "Draw anchors (filled), control points (hollow) and handles."),
            .value(\.size, "size", "WxH", help: "Frame size in pixels (default 640x640; each side 16…16384).", parse: ImageSize.parse),
            .value(\.format, "format", "FORMAT", usageValue: "png|svg", help: "Frame files as 'png' (default) or 'svg' (the model's outline is the element 'outline', a scene's parts 'part-1', …: 'beztune fit --target frame_0000.svg --select outline' reads it back).",
                   parse: OptionValue.choice(of: ImageFormat.self)),
            ModelArguments.setOption(\.set, model: { $0.model },
                                     help: "End value (at progress 1) of a parameter; for a scene, the target of its track or its value throughout; repeatable."),
            .value(\.timing, "timing", "T",
                   help: "Timing function from progress to change (default linear; for a scene, warps the whole timeline): \(TimingFunction.validForms); ca-spring and swiftui-spring are in seconds and play over 1 s here.",
                   parse: ModelArguments.timing),
            .flag(\.gif, "gif", help: "Also assemble frames.gif with ffmpeg (must be on PATH)."),
            .flag(\.mp4, "mp4", help: "Also assemble frames.mp4 with ffmpeg (must be on PATH)."),
        ]
    }

    static var rules: [OptionRule<Options>] {
        [
            .exclusive([\.model, \.profileDir, \.document], required: true, noun: "what to draw"),
            .excludes([\.set, \.timing], option: \.profileDir, reason: "the folder holds the values and timings"),
            .excludes([\.set, \.timing], option: \.document, reason: "the document holds the values and timings"),
            .requires([\.method], option: \.profileDir, reason: "a fitted profile's trajectories"),
        ]
    }

    static let discussion = """
        Writes DIR/frame_0000.png … (or .svg), DIR/frames.csv (columns frame, progress, then
        every parameter's value) and DIR/contact.png (all frames on one sheet). Every frame
        shares one view box — the union of all frames' shapes — so the motion is visible.
        Model space is y-up and is drawn upright. DIR/.beztune-outputs records the files
        written under this command line: a later frames run replaces or removes only those (a
        file of yours named like a frame, or another command's, is refused, before any work),
        and a failed or interrupted run leaves DIR as it was. A long run says how far it is
        on standard error every few seconds. A scene (see 'beztune model --help') plays
        the seed's own timeline; its parts are drawn one by one, regions filled and lines
        (line segments, partly drawn borders) stroked only, parts of zero size not at all.

        --profile-dir DIR replays a fitted profile (DIR/settings.csv, timing.csv,
        profile.csv from 'beztune fit-profile'): every free parameter on its own fitted
        trajectory — the joint fit's when timing.csv has it, it converged and its
        distance_rms is at most the two-stage one's, else the two-stage one (--method
        chooses; export refuses a fit that did not converge, frames draws it) — the held
        ones at their values, the pose applied; at each
        keyframe's progress the frame's parameters are profile.csv's NAME_timing (or
        NAME_joint) values. --document FILE plays an 'export --format json' document.

        Example: beztune frames --model ball --set yFactor=0.8 --set topYFactor=0.6 --timing easeInEaseOut --count 12 --guides --out frames
        Example: beztune frames --model loading --count 60 --out loading
        Example: beztune frames --profile-dir profile --count 9 --out replay
        """

    /// What to draw, checked before any input is read: a model with its `--set` values and
    /// `--timing` (``ModelArguments/profile(_:set:timing:)``), or a replay read when the command
    /// runs; and the files to assemble (`--gif`/`--mp4` need PNG frames).
    struct Checked {
        var options: Options
        /// What `--model` draws (nil for a replay).
        var drawn: Drawn?
        /// `gif`, `mp4`: the files ffmpeg assembles.
        var assemble: [String]
    }

    /// The model placed by its pose, its parameters over progress, and the parameters the user
    /// set (labelled on the frames).
    struct Drawn {
        var model: CatalogModel
        var profile: TimedProfile
        var set: [ParameterAssignment]
    }

    static func validate(_ options: Options) throws -> Checked {
        var drawn: Drawn?
        if let named = options.model {
            let (posed, set) = try ModelArguments.posed(named, set: options.set)
            drawn = Drawn(model: posed, profile: try ModelArguments.profile(posed, set: set, timing: options.timing), set: set)
        }
        try checkCost(options)
        let assemble = [("gif", options.gif), ("mp4", options.mp4)].filter(\.1).map(\.0)
        if !assemble.isEmpty && options.format != .png { throw CLIError.usage("--gif/--mp4 need --format png") }
        return Checked(options: options, drawn: drawn, assemble: assemble)
    }

    static func run(_ checked: Checked, console: Console) throws {
        let (options, assemble) = (checked.options, checked.assemble)
        let (from, to, count, outPath, format) = (options.from, options.to, options.count, options.out, options.format)
        let (width, height) = (options.size.width, options.size.height)
        // What is drawn: the model's parameters at each progress.
        let model: CatalogModel
        let parametersAt: (Double) throws -> ParameterVector
        let labelled: [Int]
        if let drawn = checked.drawn {
            model = drawn.model
            parametersAt = { p in try drawn.profile.parameters(at: p) }
            // Label the parameters the user set, in the order given.
            labelled = drawn.set.compactMap { drawn.profile.base.names.firstIndex(of: $0.name) }
        } else {
            let animation = if let folder = options.profileDir {
                try AnimationInputs.profile(folder, method: options.method, duration: nil, requireConvergence: false).animation
            } else {
                try AnimationInputs.document(options.document ?? "", duration: nil)
            }
            model = animation.model
            parametersAt = { p in animation.parameters(at: p) }
            labelled = animation.profile.tracks.indices.filter { animation.profile.tracks[$0] != nil }
        }
        let names = model.parameters.map(\.name)
        let ffmpeg = assemble.isEmpty ? nil : try findFFmpeg()
        // The folder is planned before any work: our record of the last run's files says which
        // names may be replaced (a user's frame_0042.png is refused, never overwritten) and
        // which of them this run no longer writes (removed when it commits).
        let fileNames = (0..<count).map { FrameFiles.frameName($0, format) } + ["contact.png", "frames.csv"]
            + assemble.map { "frames.\($0)" }
        let folder = try RunOutputs.folder(outPath, names: fileNames, console: console)
        let outputs = try RunOutputs(files: [], folders: [folder], inputs: [options.document] + (options.profileDir.map(FittedProfileFolder.files(in:)) ?? []),
                                     console: console)

        // Everything is computed before the first file is written.
        var parameters: [ParameterVector] = []
        var progresses: [Double] = []
        for i in 0..<count {
            let p = count == 1 ? from : from + (to - from) * Double(i) / Double(count - 1)
            parameters.append(try parametersAt(min(1, max(0, p))))
            progresses.append(p)
        }
        let paths = parameters.map { model.path(parameters: $0) }
        guard paths.allSatisfy(\.isFinite) else { throw CLIError.runtime("the model produced non-finite coordinates") }
        var view: Rect?
        for box in paths.compactMap(\.boundingBox) { view = view?.union(box) ?? box }
        if options.guides {
            for p in paths { for q in p.points { view?.formUnion(with: q) } }
        }
        let frames: [Frame] = paths.indices.map { i in
            var f = Frame(width: width, height: height, layers: shapeLayers(model, paths[i]))
            if options.guides { f.layers.append(.guides(paths[i], Color.palette[1])) }
            f.layers.append(.label("\(model.name)  frame \(i + 1)/\(count)  progress \(FrameFiles.format4(progresses[i]))"))
            for j in labelled.prefix(4) {
                f.layers.append(.label("\(names[j]) = \(FrameFiles.format4(parameters[i].value(at: j)))"))
            }
            f.viewBox = view
            return f
        }
        // Each frame is staged as soon as it is drawn: memory holds one image at a time,
        // whatever the count.
        let progress = ProgressLines(command: name, console: console)
        defer { progress.finish() }
        progress.begin("drawing frames", total: count)
        var framePaths: [String] = []
        for (i, f) in frames.enumerated() {
            let path = folder.path(of: FrameFiles.frameName(i, format))
            try outputs.stage(try f.render(format), for: path)
            framePaths.append(path)
            progress.advance()
        }
        progress.begin("drawing the contact sheet")
        try outputs.stage(try ContactSheet(frames: frames).render(.png), for: folder.path(of: "contact.png"))
        var csv = CSVWriter(header: ["frame", "progress"] + names)
        for i in 0..<count {
            csv.appendRow([.int(i), .double(progresses[i])] + names.indices.map { .double(parameters[i].value(at: $0)) })
        }
        try outputs.stage(csv.text, for: folder.path(of: "frames.csv"))
        if let ffmpeg {
            let staged = framePaths.compactMap { outputs.stagedTemporary(for: $0) }
            for kind in assemble {
                progress.begin("assembling frames.\(kind) with ffmpeg", total: count)
                let temporary = try outputs.temporaryPath(for: folder.path(of: "frames.\(kind)"))
                try runFFmpeg(ffmpeg, frames: staged, kind: kind, to: temporary) { progress.advance() }
            }
        }
        progress.begin("writing files")
        outputs.print("wrote \(count) frames, frames.csv and contact.png to \(outPath)")
        try outputs.commit()
    }

    /// The layers that draw `path`: one filled and outlined shape for a plain model; for a
    /// ``SceneModel``, one layer per subpath in order — a `.filled` part filled and outlined, a
    /// `.stroked` part outlined only — leaving out parts of zero size (a filled part whose box
    /// has no width or no height, a stroked part that is a single point), which Core Animation
    /// would not show either but round line caps would draw as dots. In an SVG frame the plain
    /// model's outline is the element `outline`, a scene's parts `part-1`, `part-2`, ….
    static func shapeLayers(_ model: CatalogModel, _ path: Path) -> [FrameLayer] {
        var region = ShapeStyle(fill: Color.palette[0].withAlpha(0.18), stroke: Color.palette[0], width: 2, id: "outline")
        guard let scene = model.scene else { return [.shape(path, region)] }
        var line = ShapeStyle(fill: nil, stroke: Color.palette[0], width: 2)
        var layers: [FrameLayer] = []
        for (i, (part, paint)) in zip(subpaths(of: path), scene.subpathPaints).enumerated() {
            guard let box = part.boundingBox else { continue }
            // In an SVG frame each part is the element `part-N` (N its subpath, from 1).
            (region.id, line.id) = ("part-\(i + 1)", "part-\(i + 1)")
            switch paint {
            case .filled where box.width > 0 && box.height > 0: layers.append(.shape(part, region))
            case .stroked where box.width > 0 || box.height > 0: layers.append(.shape(part, line))
            default: break
            }
        }
        return layers
    }

    /// Each subpath of `path` as a path of its own (its verbs and stored points).
    static func subpaths(of path: Path) -> [Path] {
        var out: [Path] = []
        var verbs: [Path.Verb] = [], xs: [Double] = [], ys: [Double] = []
        var k = 0
        for verb in path.verbs {
            if verb == .move && !verbs.isEmpty {
                out.append(Path(verbs: verbs, xs: xs, ys: ys))
                (verbs, xs, ys) = ([], [], [])
            }
            verbs.append(verb)
            for n in 0..<verb.pointCount {
                xs.append(path.xs[k + n])
                ys.append(path.ys[k + n])
            }
            k += verb.pointCount
        }
        if !verbs.isEmpty { out.append(Path(verbs: verbs, xs: xs, ys: ys)) }
        return out
    }

    static func findFFmpeg() throws(CLIError) -> URL {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for dir in paths {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .runtime("--gif/--mp4 need ffmpeg on PATH (not found); the frames themselves need nothing")
    }

    /// Assembles `frames` (PNG data, 30 per second) into `output` (a staged temporary file of
    /// the run, renamed into place at commit) as `kind` (gif or mp4). The frames reach ffmpeg
    /// through its standard input (`image2pipe`), so they need not be in place first; while it
    /// runs, ffmpeg is registered with ``InterruptCleanup``: an interruption signals it and waits
    /// for it before the run's files are removed, so no encoder outlives the run.
    /// Assembles the PNG files `frames` (read one at a time) into `output` with `ffmpeg`,
    /// calling `framePassed` after each.
    static func runFFmpeg(_ ffmpeg: URL, frames: [String], kind: String, to output: String,
                          framePassed: () -> Void = {}) throws {
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = ["-y", "-loglevel", "error", "-nostdin", "-f", "image2pipe", "-framerate", "30",
                             "-c:v", "png", "-i", "pipe:0"]
            + (kind == "mp4" ? ["-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-f", "mp4"] : ["-f", "gif"])
            + [output]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try inContext("cannot run ffmpeg") { try process.run() }
        let token = InterruptCleanup.stopOnInterrupt(process: process.processIdentifier)
        defer { InterruptCleanup.unregister(token) }
        // A write to a pipe ffmpeg has closed fails with EPIPE (SIGPIPE is ignored): it has
        // failed, and its exit status says so.
        for file in frames {
            let data = try inContext("cannot read the staged frame \(file)") { try Data(contentsOf: URL(fileURLWithPath: file)) }
            do { try input.fileHandleForWriting.write(contentsOf: data) } catch { break }
            framePassed()
        }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0, process.terminationReason == .exit else {
            throw CLIError.runtime("ffmpeg failed to assemble frames.\(kind) (exit \(process.terminationStatus))")
        }
    }

    /// The most pixels one run draws: count × width × height (frames of 480×480 take about 20 ms
    /// each here, 16384×16384 about 8 s).
    static let maximumPixels = 4_000_000_000

    /// Refuses a run whose frames hold more than ``maximumPixels`` pixels in all (a usage error:
    /// the options ask for it).
    static func checkCost(_ options: Options) throws {
        let (w, h) = (options.size.width, options.size.height)
        let (area, o1) = w.multipliedReportingOverflow(by: h)
        let (pixels, o2) = area.multipliedReportingOverflow(by: options.count)
        guard o1 || o2 || pixels > maximumPixels else { return }
        throw CLIError.usage("--count \(options.count) frames of \(w)x\(h) pixels is \(pixels) pixels, more than one run draws (\(maximumPixels)): draw fewer frames (--count) or smaller ones (--size)")
    }

    struct Options: CommandOptions {
        var model: (CatalogModel)?
        var profileDir: String?
        var document: String?
        var method: TrajectoryFit.Method?
        var from = 0.0
        var to = 1.0
        var count = 30
        var out = ""  // required
        var guides = false
        var size = ImageSize(width: 640, height: 640)
        var format = ImageFormat.png
        var set: [ParameterAssignment] = []
        var timing = TimingFunction.linear
        var gif = false
        var mp4 = false
    }

}
