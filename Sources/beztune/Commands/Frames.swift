import DataFiles
import Deform
import Foundation
import Geometry
import Render
import _Support

/// `beztune frames`: a model rendered frame by frame over a progress range — PNG or SVG frames,
/// a CSV of every parameter per frame, and a contact sheet.
enum Frames {
    struct Options: CommandOptions {
        var model: any DeformModel = BallModel()  // required
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

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "frames",
            abstract: "Render a model frame by frame over a progress range: frames, frames.csv and a contact sheet.",
            options: [
                .value(\.model, "model", "MODEL", required: true, help: "The model to draw (see 'beztune model --list').",
                       parse: ModelArguments.model),
                .value(\.from, "from", "P", help: "First progress, in [0, 1] (default 0).", parse: OptionValue.unitInterval),
                .value(\.to, "to", "P", help: "Last progress, in [0, 1] (default 1).", parse: OptionValue.unitInterval),
                .value(\.count, "count", "N", help: "Number of frames, 1…10000 (default 30); evenly spaced in progress, ends included.",
                       parse: OptionValue.wholeNumber(in: 1...10_000, of: "frames")),
                .value(\.out, "out", "DIR", required: true, help: "Output folder, created when missing.", parse: OptionValue.text),
                .flag(\.guides, "guides", help: "Draw anchors (filled), control points (hollow) and handles."),
                .value(\.size, "size", "WxH", help: "Frame size in pixels (default 640x640; each side 16…16384).", parse: ImageSize.parse),
                .value(\.format, "format", "FORMAT", usageValue: "png|svg", help: "Frame files as 'png' (default) or 'svg' (the model's outline is the element 'outline', a scene's parts 'part-1', …: 'beztune fit --target frame_0000.svg --select outline' reads it back).",
                       parse: OptionValue.choice(of: ImageFormat.self)),
                ModelArguments.setOption(\.set, model: { $0.model },
                                         help: "End value (at progress 1) of a parameter; for a scene, the target of its track or its value throughout; repeatable."),
                .value(\.timing, "timing", "T",
                       help: "Timing function from progress to change (default linear; for a scene, warps the whole timeline): \(TimingFunction.validForms).",
                       parse: ModelArguments.timing),
                .flag(\.gif, "gif", help: "Also assemble frames.gif with ffmpeg (must be on PATH)."),
                .flag(\.mp4, "mp4", help: "Also assemble frames.mp4 with ffmpeg (must be on PATH)."),
            ],
            discussion: """
                Writes DIR/frame_0000.png … (or .svg), DIR/frames.csv (columns frame, progress, then
                every parameter's value) and DIR/contact.png (all frames on one sheet). Every frame
                shares one view box — the union of all frames' shapes — so the motion is visible.
                Model space is y-up and is drawn upright. A scene (see 'beztune model --help') plays
                the seed's own timeline; its parts are drawn one by one, regions filled and lines
                (line segments, partly drawn borders) stroked only, parts of zero size not at all.

                Example: beztune frames --model ball --set yFactor=0.8 --set topYFactor=0.6 --timing easeInEaseOut --count 12 --guides --out frames
                Example: beztune frames --model loading --count 60 --out loading
                """)
    }

    static var command: Command { Command(declaration, run: run) }

    static func run(_ options: Options, console: Console) throws(CLIError) {
        let model = options.model
        let (from, to, count, outPath, format) = (options.from, options.to, options.count, options.out, options.format)
        let (width, height) = (options.size.width, options.size.height)
        let profile = try ModelArguments.profile(model, set: options.set, timing: options.timing)
        let assemble = [("gif", options.gif), ("mp4", options.mp4)].filter(\.1).map(\.0)
        let ffmpeg = assemble.isEmpty ? nil : try findFFmpeg()

        // Everything is computed before the first file is written.
        var parameters: [ParameterVector] = []
        var progresses: [Double] = []
        for i in 0..<count {
            let p = count == 1 ? from : from + (to - from) * Double(i) / Double(count - 1)
            do throws(ModelInputError) {
                parameters.append(try profile.parameters(at: min(1, max(0, p))))
            } catch {
                throw .usage(error)
            }
            progresses.append(p)
        }
        let paths = parameters.map { model.path(parameters: $0) }
        guard paths.allSatisfy(\.isFinite) else { throw .runtime("the model produced non-finite coordinates") }
        var view: Rect?
        for box in paths.compactMap(\.boundingBox) { view = view?.union(box) ?? box }
        if options.guides {
            for p in paths { for q in p.points { view?.formUnion(with: q) } }
        }
        // Label the parameters the user set, in the order given.
        let changed = options.set.compactMap { profile.base.names.firstIndex(of: $0.name) }
        let frames: [Frame] = paths.indices.map { i in
            var f = Frame(width: width, height: height, layers: shapeLayers(model, paths[i]))
            if options.guides { f.layers.append(.guides(paths[i], Color.palette[1])) }
            f.layers.append(.label("\(model.name)  frame \(i + 1)/\(count)  progress \(FrameFiles.format4(progresses[i]))"))
            for j in changed.prefix(4) {
                f.layers.append(.label("\(profile.base.names[j]) = \(FrameFiles.format4(parameters[i].value(at: j)))"))
            }
            f.viewBox = view
            return f
        }
        var encoded: [Data] = []
        do throws(RenderError) {
            for f in frames { encoded.append(try f.render(format)) }
            encoded.append(try ContactSheet(frames: frames).render(.png))
        } catch {
            throw .runtime(error)
        }

        let folder = try OutputFiles.folder(outPath)
        for (i, data) in encoded.dropLast().enumerated() {
            try OutputFiles.write(data, to: folder.appendingPathComponent(FrameFiles.frameName(i, format)).path)
        }
        try OutputFiles.write(encoded[encoded.count - 1], to: folder.appendingPathComponent("contact.png").path)
        FrameFiles.removeStaleFrames(in: folder, keeping: encoded.count - 1)
        var csv = CSVWriter(header: ["frame", "progress"] + profile.base.names)
        for i in 0..<count {
            csv.appendRow([.int(i), .double(progresses[i])] + profile.base.names.indices.map { .double(parameters[i].value(at: $0)) })
        }
        try OutputFiles.write(csv.text, to: folder.appendingPathComponent("frames.csv").path)
        if let ffmpeg, format == .png {
            for kind in assemble { try runFFmpeg(ffmpeg, folder: folder, kind: kind) }
        } else if !assemble.isEmpty {
            throw .runtime("--gif/--mp4 need --format png")
        }
        console.print("wrote \(count) frames, frames.csv and contact.png to \(outPath)")
    }

    /// The layers that draw `path`: one filled and outlined shape for a plain model; for a
    /// ``SceneModel``, one layer per subpath in order — a `.filled` part filled and outlined, a
    /// `.stroked` part outlined only — leaving out parts of zero size (a filled part whose box
    /// has no width or no height, a stroked part that is a single point), which Core Animation
    /// would not show either but round line caps would draw as dots. In an SVG frame the plain
    /// model's outline is the element `outline`, a scene's parts `part-1`, `part-2`, ….
    static func shapeLayers(_ model: any DeformModel, _ path: Path) -> [FrameLayer] {
        var region = ShapeStyle(fill: Color.palette[0].withAlpha(0.18), stroke: Color.palette[0], width: 2, id: "outline")
        guard let scene = model as? any SceneModel else { return [.shape(path, region)] }
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

    static func runFFmpeg(_ ffmpeg: URL, folder: URL, kind: String) throws(CLIError) {
        let target = folder.appendingPathComponent("frames.\(kind)")
        let partial = folder.appendingPathComponent(".frames.partial.\(kind)")
        // ffmpeg writes the partial file through a descriptor it opened once, so unlinking the
        // name on an interruption leaves nothing behind, even if ffmpeg is still finishing.
        let token = InterruptCleanup.removeOnInterrupt(partial.path)
        defer { InterruptCleanup.unregister(token) }
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = ["-y", "-loglevel", "error", "-framerate", "30", "-i",
                             folder.appendingPathComponent("frame_%04d.png").path]
            + (kind == "mp4" ? ["-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-f", "mp4"] : ["-f", "gif"])
            + [partial.path]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            throw .runtime("cannot run ffmpeg: \(error.localizedDescription)")
        }
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: partial)
            throw .runtime("ffmpeg failed to assemble frames.\(kind) (exit \(process.terminationStatus))")
        }
        _ = try? FileManager.default.replaceItemAt(target, withItemAt: partial)
        if !FileManager.default.fileExists(atPath: target.path) {
            do { try FileManager.default.moveItem(at: partial, to: target) } catch {
                throw .runtime("cannot move frames.\(kind) into place")
            }
        }
    }
}
