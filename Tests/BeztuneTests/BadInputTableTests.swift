import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Garbage in, one clear line out: every row runs the `beztune` binary on one bad input in a
/// fresh folder (its working directory, so relative paths land there) and checks that it
///
/// - exits with the expected status (2 for a usage error, 1 for a runtime failure),
/// - writes exactly one line on stderr, containing each expected fragment, no stack trace and no
///   more than about 1000 characters, and nothing on stdout,
/// - leaves the folder exactly as it found it: no output file, no hidden `.NAME.tmp-XXXXXX`, no
///   new folder, existing files unchanged.
///
@Suite("beztune: bad inputs, one line each")
struct BadInputTableTests {
    @Test("each bad input exits non-zero with one line naming the problem, leaving no file",
          arguments: BadInputTable.rows)
    func badInput(_ row: BadInput) throws {
        try BadInputTable.check(row)
    }

    @Test("the table covers every command, with at least 40 rows")
    func coverage() {
        #expect(BadInputTable.rows.count >= 40)
        let commands = Set(BadInputTable.rows.compactMap(\.arguments.first))
        for command in ["path-info", "nist", "mgh", "model", "frames", "error", "error-curve", "optimize",
                        "sweep", "segments-for", "magnify", "fit", "fit-profile"] {
            #expect(commands.contains(command), "no bad-input row for \(command)")
        }
    }

    /// chmod 000 does not stop root (CAP_DAC_OVERRIDE), and these tests run as root in the
    /// project's containers: there the row is skipped, and the table's /proc/self/mem row (which
    /// opens but fails to read, for root too) stands for "unreadable".
    @Test("a file without read permission (skipped as root: permissions do not stop root)",
          .enabled(if: geteuid() != 0, "running as root: chmod 000 does not make a file unreadable"))
    func unreadableByPermissions() throws {
        try BadInputTable.check(BadInput(
            "path-info: unreadable file", ["path-info", "--path-file", "locked.path"],
            files: [.unreadable("locked.path")], status: 1, mentions: ["locked.path", "permission denied"]))
    }
}

/// One row of the bad-input table.
struct BadInput: Sendable, CustomTestStringConvertible {
    /// What a fixture file or folder is.
    enum Fixture: Sendable {
        case text(String, String)
        case bytes(String, [UInt8])
        case folder(String)
        case symlink(String, to: String)
        /// A file with permissions 000.
        case unreadable(String)
    }

    var name: String
    var arguments: [String]
    var files: [Fixture]
    var status: Int32
    var mentions: [String]

    init(_ name: String, _ arguments: [String], files: [Fixture] = [], status: Int32, mentions: [String]) {
        (self.name, self.arguments, self.files, self.status, self.mentions) = (name, arguments, files, status, mentions)
    }

    var testDescription: String { name }
}

enum BadInputTable {
    static let usage: Int32 = 2
    static let runtime: Int32 = 1

    /// A made-up NIST StRD header with no data: enough to reach each check of the reader.
    static let notNIST = "Dataset Name: Misra1a (Misra1a.dat)\n"
    /// A sweep CSV whose header is not the one `sweep` writes.
    static let wrongHeader = "k,segments,something_else\n0.5,4,0\n"
    /// A valid CSV target: eight points on a square's outline.
    static let square = "x,y\n0,0\n1,0\n2,0\n2,1\n2,2\n1,2\n0,2\n0,1\n"
    /// An SVG document drawing a shadow and a ball, with a hidden group of guides.
    static let twoShapes = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">
        <circle id="shadow" cx="100" cy="190" r="6"/>
        <path id="ball" d="M100 180 C127.6 180 150 157.6 150 130 C150 102.4 127.6 80 100 80 C72.4 80 50 102.4 50 130 C50 157.6 72.4 180 100 180 Z"/>
        <g id="guides" style="display: none"><line x1="0" y1="0" x2="200" y2="0" stroke="red"/></g>
        </svg>
        """
    /// A Lottie squash written by python-lottie (Tests/InterchangeTests/Resources/lottie): one
    /// shape layer "Ball", frames 0 to 30.
    static let lottieSquash: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Tests/InterchangeTests/Resources/lottie/squash-two-keyframes.json"), encoding: .utf8)) ?? "missing test file"
    }()
    static let sweepArguments = ["sweep", "--k-range", "0.5:0.6:0.05", "--segments", "4", "--csv", "grid.csv"]

    static let rows: [BadInput] = [
        // MARK: path-info — input files
        BadInput("path-info: missing file", ["path-info", "--path-file", "missing.path"],
                 status: runtime, mentions: ["missing.path", "no such file"]),
        BadInput("path-info: a folder where a file is expected", ["path-info", "--path-file", "dir"],
                 files: [.folder("dir")], status: runtime, mentions: ["dir", "is a directory"]),
        BadInput("path-info: empty file", ["path-info", "--path-file", "empty.path"],
                 files: [.text("empty.path", "")], status: runtime, mentions: ["empty.path", "draws nothing"]),
        BadInput("path-info: binary file", ["path-info", "--path-file", "binary.path"],
                 files: [.bytes("binary.path", [0x4D, 0x30, 0x20, 0x30, 0x00, 0xFF, 0x01])],
                 status: runtime, mentions: ["binary.path", "NUL bytes"]),
        BadInput("path-info: Latin-1 file", ["path-info", "--path-file", "latin1.path"],
                 files: [.bytes("latin1.path", Array("M0 0 L\u{0} 1".utf8).map { $0 == 0 ? 0xE9 : $0 })],
                 status: runtime, mentions: ["latin1.path", "not valid UTF-8"]),
        // Root can open /proc/self/mem but reading offset 0 (unmapped) fails with EIO.
        BadInput("path-info: unreadable file (read fails, also for root)", ["path-info", "--path-file", "/proc/self/mem"],
                 status: runtime, mentions: ["/proc/self/mem", "cannot read"]),
        BadInput("path-info: dangling symbolic link", ["path-info", "--path-file", "link.path"],
                 files: [.symlink("link.path", to: "nowhere.path")], status: runtime, mentions: ["link.path", "no such file"]),
        BadInput("path-info: malformed path data in a file", ["path-info", "--path-file", "bad.path"],
                 files: [.text("bad.path", "M1,,2")], status: runtime, mentions: ["bad.path", "offset 3"]),
        BadInput("path-info: a lone move-to draws nothing", ["path-info", "--path", "M1 1"],
                 status: runtime, mentions: ["draws nothing"]),
        // MARK: path-info — numbers and options
        BadInput("path-info: a number beyond Double", ["path-info", "--path", "M0 0 L1e999 0"],
                 status: usage, mentions: ["--path", "out of range '1e999'"]),
        BadInput("path-info: NaN in path data", ["path-info", "--path", "M0 0 Lnan 0"],
                 status: usage, mentions: ["expected a number, found 'n'"]),
        BadInput("path-info: coordinates near 1e308 overflow the length", ["path-info", "--path", "M0 0 C1e308 0 -1e308 1e308 1e308 -1e308"],
                 status: runtime, mentions: ["arc length overflows"]),
        BadInput("path-info: NaN accuracy", ["path-info", "--path", "M0 0 L1 1", "--accuracy", "nan"],
                 status: usage, mentions: ["--accuracy", "finite"]),
        BadInput("path-info: negative accuracy", ["path-info", "--path", "M0 0 L1 1", "--accuracy", "-1"],
                 status: usage, mentions: ["--accuracy", "positive"]),
        BadInput("path-info: zero flattening tolerance", ["path-info", "--path", "M0 0 L1 1", "--flatten", "0"],
                 status: usage, mentions: ["--flatten", "positive"]),
        BadInput("path-info: unknown format", ["path-info", "--path", "M0 0 L1 1", "--format", "xml"],
                 status: usage, mentions: ["'xml'", "--format"]),
        BadInput("path-info: conflicting inputs", ["path-info", "--path", "M0 0 L1 1", "--path-file", "x.path"],
                 status: usage, mentions: ["--path and --path-file cannot be used together"]),
        BadInput("path-info: unknown option", ["path-info", "--path", "M0 0 L1 1", "--frobnicate"],
                 status: usage, mentions: ["unknown option '--frobnicate'"]),
        BadInput("path-info: option given twice", ["path-info", "--path", "M0 0 L1 1", "--accuracy", "1", "--accuracy", "2"],
                 status: usage, mentions: ["'--accuracy' given more than once"]),
        BadInput("path-info: --csv names a folder", ["path-info", "--path", "M0 0 L1 1", "--csv", "dir"],
                 files: [.folder("dir")], status: runtime, mentions: ["dir", "cannot write"]),
        BadInput("path-info: --csv in a missing folder", ["path-info", "--path", "M0 0 L1 1", "--csv", "nowhere/out.csv"],
                 status: runtime, mentions: ["nowhere/out.csv", "does not exist"]),
        BadInput("path-info: --csv under a file", ["path-info", "--path", "M0 0 L1 1", "--csv", "plain.txt/out.csv"],
                 files: [.text("plain.txt", "x")], status: runtime, mentions: ["not a folder"]),

        // MARK: nist
        BadInput("nist: no --data", ["nist"], status: usage, mentions: ["missing --data"]),
        BadInput("nist: missing folder", ["nist", "--data", "nowhere"], status: runtime, mentions: ["nowhere", "no such folder"]),
        BadInput("nist: a file where a folder is expected", ["nist", "--data", "plain.txt"],
                 files: [.text("plain.txt", "x")], status: runtime, mentions: ["plain.txt", "not a folder"]),
        BadInput("nist: a folder without .dat files", ["nist", "--data", "data"],
                 files: [.folder("data")], status: runtime, mentions: ["no .dat files"]),
        BadInput("nist: empty .dat file", ["nist", "--data", "data", "--problem", "Misra1a"],
                 files: [.folder("data"), .text("data/Misra1a.dat", "")], status: runtime, mentions: ["Misra1a.dat", "empty"]),
        BadInput("nist: binary .dat file", ["nist", "--data", "data", "--problem", "Misra1a"],
                 files: [.folder("data"), .bytes("data/Misra1a.dat", [0x4E, 0x00, 0x01])], status: runtime, mentions: ["Misra1a.dat", "NUL bytes"]),
        BadInput("nist: a .dat file that is not NIST's", ["nist", "--data", "data", "--problem", "Misra1a"],
                 files: [.folder("data"), .text("data/Misra1a.dat", notNIST)], status: runtime, mentions: ["Misra1a.dat:1", "not a NIST StRD file"]),
        BadInput("nist: unknown problem", ["nist", "--data", "data", "--problem", "Nope"],
                 files: [.folder("data")], status: usage, mentions: ["'Nope'", "--problem"]),

        // MARK: mgh
        BadInput("mgh: problem number out of range", ["mgh", "--problem", "19"], status: usage, mentions: ["'19'", "--problem"]),
        BadInput("mgh: a value for a flag", ["mgh", "--geodesic=yes"], status: usage, mentions: ["'--geodesic' takes no value"]),
        BadInput("mgh: --csv in a missing folder", ["mgh", "--problem", "rosenbrock", "--csv", "nowhere/mgh.csv"],
                 status: runtime, mentions: ["nowhere/mgh.csv", "does not exist"]),

        // MARK: model
        BadInput("model: neither --list nor --name", ["model"], status: usage, mentions: ["missing model"]),
        BadInput("model: unknown model", ["model", "--name", "nope"], status: usage, mentions: ["unknown model 'nope'"]),
        BadInput("model: progress above 1", ["model", "--name", "ball", "--progress", "1.5"], status: usage, mentions: ["'1.5'", "[0, 1]"]),
        BadInput("model: NaN progress", ["model", "--name", "ball", "--progress", "nan"], status: usage, mentions: ["'nan'", "--progress"]),
        BadInput("model: NaN parameter", ["model", "--name", "ball", "--set", "yFactor=nan"], status: usage, mentions: ["yFactor", "finite"]),
        BadInput("model: negative size factor", ["model", "--name", "ball", "--set", "yFactor=-1"], status: usage, mentions: ["yFactor", "bounds"]),
        BadInput("model: unknown parameter", ["model", "--name", "ball", "--set", "nope=1"], status: usage, mentions: ["unknown parameter 'nope'"]),
        BadInput("model: unknown timing", ["model", "--name", "ball", "--timing", "bogus"], status: usage, mentions: ["--timing", "'bogus'"]),
        BadInput("model: cubic-bezier x out of [0, 1]", ["model", "--name", "ball", "--timing", "cubic-bezier(2,0,0,1)"],
                 status: usage, mentions: ["--timing", "[0, 1]"]),
        BadInput("model: conflicting options", ["model", "--list", "--name", "ball"], status: usage, mentions: ["cannot be used together"]),
        BadInput("model: a radius near 1e308 overflows", ["model", "--name", "ball", "--set", "radius=1e308"],
                 status: runtime, mentions: ["overflow"]),

        // MARK: frames
        BadInput("frames: no --out", ["frames", "--model", "ball"], status: usage, mentions: ["missing --out"]),
        BadInput("frames: negative size", ["frames", "--model", "ball", "--out", "fr", "--size", "-5x10"], status: usage, mentions: ["'-5x10'", "--size"]),
        BadInput("frames: size beyond Int", ["frames", "--model", "ball", "--out", "fr", "--size", "99999999999999999999x10"],
                 status: usage, mentions: ["--size"]),
        BadInput("frames: zero frames", ["frames", "--model", "ball", "--out", "fr", "--count", "0"], status: usage, mentions: ["'0'", "--count"]),
        BadInput("frames: --out is a file", ["frames", "--model", "ball", "--out", "plain.txt", "--count", "1", "--size", "16x16"],
                 files: [.text("plain.txt", "x")], status: runtime, mentions: ["plain.txt", "not a folder"]),
        BadInput("frames: progress out of range", ["frames", "--model", "ball", "--out", "fr", "--from", "2"], status: usage, mentions: ["--from", "[0, 1]"]),
        BadInput("frames: a radius near 1e308 overflows", ["frames", "--model", "ball", "--out", "fr", "--set", "radius=1e308", "--count", "2"],
                 status: runtime, mentions: ["non-finite"]),

        // MARK: error
        BadInput("error: no --k", ["error"], status: usage, mentions: ["missing --k"]),
        BadInput("error: zero handle", ["error", "--k", "0"], status: usage, mentions: ["'0'", "positive"]),
        BadInput("error: NaN handle", ["error", "--k", "nan"], status: usage, mentions: ["'nan'"]),
        BadInput("error: handle beyond Double", ["error", "--k", "1e400"], status: usage, mentions: ["'1e400'", "not a finite number"]),
        BadInput("error: division by zero", ["error", "--k", "1/0"], status: usage, mentions: ["'1/0'", "not a finite number"]),
        BadInput("error: handle out of range", ["error", "--k", "11"], status: usage, mentions: ["at most 10"]),
        BadInput("error: 100 000 nested parentheses (a stack overflow before)", ["error", "--k", String(repeating: "(", count: 100_000) + "1"],
                 status: usage, mentions: ["nested more than 100 levels", "(100001 characters)"]),
        BadInput("error: 100 000 minus signs", ["error", "--k=" + String(repeating: "-", count: 100_000) + "1"],
                 status: usage, mentions: ["nested more than 100 levels"]),
        BadInput("error: a line break inside --k (the message stays one line)", ["error", "--k", "0\n5"],
                 status: usage, mentions: ["unexpected U+000A at offset 1"]),
        BadInput("error: one segment", ["error", "--k", "0.5", "--segments", "1"], status: usage, mentions: ["at least 2 segments"]),
        BadInput("error: segments beyond Int", ["error", "--k", "0.5", "--segments", "99999999999999999999"], status: usage, mentions: ["--segments"]),
        BadInput("error: --sx without --sy", ["error", "--k", "0.5", "--sx", "2"], status: usage, mentions: ["--sx and --sy go together"]),
        BadInput("error: negative radius", ["error", "--k", "0.5", "--radius", "-1"], status: usage, mentions: ["--radius", "positive"]),
        BadInput("error: a radius whose square overflows", ["error", "--k", "0.5", "--radius", "1e308"], status: usage, mentions: ["--radius", "at most 1e150"]),
        BadInput("error: infinite radius", ["error", "--k", "0.5", "--radius", "inf"], status: usage, mentions: ["--radius", "finite"]),
        BadInput("error: --pixels-per-unit without --radius", ["error", "--k", "0.5", "--pixels-per-unit", "3", "--csv", "e.csv"],
                 status: usage, mentions: ["--pixels-per-unit goes with --radius"]),
        BadInput("error: zero pixels per unit", ["error", "--k", "0.5", "--radius", "20", "--pixels-per-unit", "0", "--csv", "e.csv"],
                 status: usage, mentions: ["invalid --pixels-per-unit '0'", "> 0"]),
        BadInput("error: negative pixels per unit", ["error", "--k", "0.5", "--radius", "20", "--pixels-per-unit", "-3"],
                 status: usage, mentions: ["invalid --pixels-per-unit '-3'", "> 0"]),
        BadInput("error: NaN pixels per unit", ["error", "--k", "0.5", "--radius", "20", "--pixels-per-unit", "nan"],
                 status: usage, mentions: ["invalid --pixels-per-unit 'nan'", "finite"]),
        BadInput("error: infinite pixels per unit", ["error", "--k", "0.5", "--radius", "20", "--pixels-per-unit", "inf"],
                 status: usage, mentions: ["invalid --pixels-per-unit 'inf'", "finite"]),
        BadInput("error: a bad scale in the list is named", ["error", "--k", "0.5", "--radius", "20", "--pixels-per-unit", "1,-0,3", "--csv", "e.csv"],
                 status: usage, mentions: ["invalid --pixels-per-unit '-0'", "in S,S"]),
        BadInput("error: an empty scale in the list", ["error", "--k", "0.5", "--radius", "20", "--pixels-per-unit", "1,,3"],
                 status: usage, mentions: ["invalid --pixels-per-unit '1,,3'", "without empty items"]),
        BadInput("error: a player name misspelt", ["error", "--k", "lottie-webb"], status: usage,
                 mentions: ["'lottie-webb'", "lottie-web, lottie-ios, lottie-android"]),
        // (Their ratio underflowed inside the ellipse distance: 0 printed, or a trap once scaled.)
        BadInput("error: a squash ratio of 1e600", ["error", "--k", "0.5", "--sx", "1e300", "--sy", "1e-300"], status: usage,
                 mentions: ["--sx 1e300 --sy 1e-300", "within 1e-12 … 1e12"]),
        BadInput("optimize: a squash ratio beyond 1e12", ["optimize", "--segments", "4", "--sx", "1", "--sy", "1e-13"], status: usage,
                 mentions: ["--sx 1 --sy 1e-13", "squash ratio"]),

        // MARK: error-curve
        BadInput("error-curve: one sample", ["error-curve", "--k", "0.5", "--samples", "1"], status: usage, mentions: ["--samples"]),
        BadInput("error-curve: 1e12 samples", ["error-curve", "--k", "0.5", "--samples", "1000000000000"], status: usage, mentions: ["--samples"]),
        BadInput("error-curve: --png names a folder", ["error-curve", "--k", "0.5", "--png", "dir", "--csv", "curve.csv"],
                 files: [.folder("dir")], status: runtime, mentions: ["dir", "cannot write"]),

        // MARK: optimize
        BadInput("optimize: no --segments", ["optimize"], status: usage, mentions: ["missing --segments"]),
        BadInput("optimize: segments not a number", ["optimize", "--segments", "abc"], status: usage, mentions: ["'abc'", "--segments"]),

        // MARK: sweep
        BadInput("sweep: reversed range", ["sweep", "--k-range", "0.6:0.5:0.01", "--segments", "4", "--csv", "grid.csv"],
                 status: usage, mentions: ["reversed"]),
        BadInput("sweep: zero step", ["sweep", "--k-range", "0.5:0.6:0", "--segments", "4", "--csv", "grid.csv"],
                 status: usage, mentions: ["step must be positive"]),
        BadInput("sweep: too many values", ["sweep", "--k-range", "0.5:0.6:1e-12", "--segments", "4", "--csv", "grid.csv"],
                 status: usage, mentions: ["more than 10000000"]),
        BadInput("sweep: NaN range end", ["sweep", "--k-range", "nan:1:0.1", "--segments", "4", "--csv", "grid.csv"],
                 status: usage, mentions: ["--k-range", "start"]),
        BadInput("sweep: negative checkpoint", sweepArguments + ["--checkpoint", "-1"], status: usage, mentions: ["--checkpoint"]),
        BadInput("sweep: --csv in a missing folder", ["sweep", "--k-range", "0.5:0.6:0.05", "--segments", "4", "--csv", "nowhere/grid.csv"],
                 status: runtime, mentions: ["nowhere/grid.csv", "does not exist"]),
        BadInput("sweep --resume: wrong CSV header", sweepArguments + ["--resume"],
                 files: [.text("grid.csv", wrongHeader)], status: runtime, mentions: ["grid.csv", "cannot resume", "column 3"]),
        BadInput("sweep --resume: rows of another grid", ["sweep", "--k-range", "0.5:0.6:0.05", "--segments", "5", "--csv", "grid.csv", "--resume"],
                 files: [.text("grid.csv", resumableHead)], status: runtime, mentions: ["grid.csv line 2", "cannot resume", "segments = 5"]),
        BadInput("sweep --resume: a binary file", sweepArguments + ["--resume"],
                 files: [.bytes("grid.csv", [0x6B, 0x00, 0x2C])], status: runtime, mentions: ["grid.csv", "NUL bytes"]),
        BadInput("sweep --resume: a folder where the CSV is expected", sweepArguments + ["--resume"],
                 files: [.folder("grid.csv")], status: runtime, mentions: ["grid.csv", "directory"]),

        // MARK: segments-for
        BadInput("segments-for: zero tolerance", ["segments-for", "--tolerance", "0"], status: usage, mentions: ["--tolerance", "positive"]),
        BadInput("segments-for: tolerance below what is known", ["segments-for", "--tolerance", "1e-300"], status: usage, mentions: ["below 1e-13"]),
        BadInput("segments-for: unknown criterion", ["segments-for", "--tolerance", "0.01", "--criterion", "bogus"], status: usage, mentions: ["'bogus'", "--criterion"]),
        BadInput("segments-for: NaN tolerance", ["segments-for", "--tolerance", "nan"], status: usage, mentions: ["--tolerance", "finite"]),

        // MARK: magnify
        BadInput("magnify: --pixels-per-unit without --radius", ["magnify", "--k", "0.5", "--out", "m.png", "--pixels-per-unit", "3"],
                 status: usage, mentions: ["--pixels-per-unit goes with --radius"]),
        BadInput("magnify: NaN pixels per unit", ["magnify", "--k", "0.5", "--out", "m.png", "--radius", "20", "--pixels-per-unit", "nan"],
                 status: usage, mentions: ["invalid --pixels-per-unit 'nan'"]),
        BadInput("magnify: zero pixels per unit", ["magnify", "--k", "0.5", "--out", "m.png", "--radius", "20", "--pixels-per-unit", "0"],
                 status: usage, mentions: ["invalid --pixels-per-unit '0'"]),
        BadInput("fit: zero pixels per unit", ["fit", "--path", "M0 0 C10 0 20 10 20 20 Z", "--csv", "f.csv", "--pixels-per-unit", "0"],
                 status: usage, mentions: ["invalid --pixels-per-unit '0'", "> 0"]),
        BadInput("fit: infinite pixels per unit", ["fit", "--path", "M0 0 C10 0 20 10 20 20 Z", "--csv", "f.csv", "--pixels-per-unit", "inf"],
                 status: usage, mentions: ["invalid --pixels-per-unit 'inf'"]),
        BadInput("fit: a list of scales (fit takes one)", ["fit", "--path", "M0 0 C10 0 20 10 20 20 Z", "--csv", "f.csv", "--pixels-per-unit", "1,2"],
                 status: usage, mentions: ["invalid --pixels-per-unit '1,2'"]),
        BadInput("fit-profile: NaN pixels per unit", ["fit-profile", "--keyframes", "k.csv", "--out", "p", "--pixels-per-unit", "nan"],
                 status: usage, mentions: ["invalid --pixels-per-unit 'nan'"]),
        BadInput("fit-profile: negative pixels per unit", ["fit-profile", "--keyframes", "k.csv", "--out", "p", "--pixels-per-unit", "-2"],
                 status: usage, mentions: ["invalid --pixels-per-unit '-2'"]),
        BadInput("magnify: factor below 1", ["magnify", "--k", "0.5", "--out", "m.png", "--factor", "0.5"], status: usage, mentions: ["--factor"]),
        BadInput("magnify: factor above 1e9", ["magnify", "--k", "0.5", "--out", "m.png", "--factor", "1e10"], status: usage, mentions: ["--factor"]),
        BadInput("magnify: image too small", ["magnify", "--k", "0.5", "--out", "m.png", "--size", "10x10"], status: usage, mentions: ["--size"]),
        BadInput("magnify: --out in a missing folder", ["magnify", "--k", "0.5", "--out", "nowhere/m.png", "--size", "16x16"],
                 status: runtime, mentions: ["nowhere/m.png", "does not exist"]),

        // MARK: fit
        BadInput("fit: no target", ["fit"], status: usage, mentions: ["--target"]),
        BadInput("fit: missing target file", ["fit", "--target", "missing.csv"], status: runtime, mentions: ["missing.csv", "no such file"]),
        BadInput("fit: CSV target with the wrong header", ["fit", "--target", "wrong.csv"],
                 files: [.text("wrong.csv", "a,b\n1,2\n")], status: runtime, mentions: ["wrong.csv", "missing columns 'x', 'y'"]),
        BadInput("fit: a target of one point", ["fit", "--target", "one.csv"],
                 files: [.text("one.csv", "x,y\n1,2\n")], status: runtime, mentions: ["one.csv", "1 point", "at least 3"]),
        BadInput("fit: an all-equal outline", ["fit", "--target", "same.csv"],
                 files: [.text("same.csv", "x,y\n1,1\n1,1\n1,1\n1,1\n1,1\n1,1\n")], status: runtime, mentions: ["same.csv", "no extent"]),
        BadInput("fit: NaN in a CSV target", ["fit", "--target", "nan.csv"],
                 files: [.text("nan.csv", "x,y\n1,2\nnan,3\n4,5\n")], status: runtime, mentions: ["nan.csv line 3", "'nan'", "finite"]),
        BadInput("fit: a CSV target whose size overflows a double", ["fit", "--target", "huge.csv", "--samples", "7", "--csv", "fit.csv"],
                 files: [.text("huge.csv", "x,y\n03e18,0\n-1e308,1e308\n0,-1e308\n5,5\n")], status: runtime,
                 mentions: ["huge.csv", "overflows", "scale the target down"]),
        BadInput("fit: a path target whose length overflows a double", ["fit", "--path", "M-1e308 0 L1e308 0 L0 1e308 Z", "--csv", "fit.csv"],
                 status: runtime, mentions: ["--path", "overflows"]),
        BadInput("fit: a collinear path target", ["fit", "--path", "M0 0 L1 1 L2 2", "--csv", "fit.csv"],
                 status: runtime, mentions: ["one line", "no area"]),
        BadInput("fit: a binary target file", ["fit", "--target", "target.svg"],
                 files: [.bytes("target.svg", [0x3C, 0x00, 0xFF])], status: runtime, mentions: ["target.svg", "NUL bytes"]),
        BadInput("fit: unknown free parameter", ["fit", "--target", "square.csv", "--free", "nope"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["unknown parameter 'nope'"]),
        BadInput("fit: unknown loss", ["fit", "--target", "square.csv", "--loss", "bogus"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["'bogus'", "--loss"]),
        BadInput("fit: zero starts", ["fit", "--target", "square.csv", "--starts", "0"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["'0'", "--starts"]),
        BadInput("fit: a reversed bound", ["fit", "--target", "square.csv", "--bound", "k=2:1"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["'k'", "not an interval"]),
        BadInput("fit: an infinite starting value", ["fit", "--target", "square.csv", "--set", "k=inf"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["'inf'", "finite"]),
        BadInput("fit: negative sample count", ["fit", "--target", "square.csv", "--samples", "-3"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["'-3'", "--samples"]),
        BadInput("fit: --target and --path together", ["fit", "--target", "square.csv", "--path", "M0 0 L1 0 L1 1 Z"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["cannot be used together"]),
        BadInput("fit --targets: manifest without a file column", ["fit", "--targets", "manifest.csv"],
                 files: [.text("manifest.csv", "name\nfoo\n")], status: runtime, mentions: ["manifest.csv", "missing column 'file'"]),
        BadInput("fit --targets: shard beyond the count", ["fit", "--targets", "manifest.csv", "--shard", "3/2"],
                 files: [.text("manifest.csv", "file\nsquare.csv\n"), .text("square.csv", square)], status: usage, mentions: ["'3/2'", "--shard"]),

        // MARK: fit-profile
        BadInput("fit-profile: no --out", ["fit-profile", "--keyframes", "keyframes.csv"],
                 files: [.text("keyframes.csv", "progress,file\n0,square.csv\n")], status: usage, mentions: ["missing --out"]),
        BadInput("fit-profile: missing manifest", ["fit-profile", "--keyframes", "missing.csv", "--out", "profile"],
                 status: runtime, mentions: ["missing.csv", "no such file"]),
        BadInput("fit-profile: progress out of range", ["fit-profile", "--keyframes", "keyframes.csv", "--out", "profile"],
                 files: [.text("keyframes.csv", "progress,file\n1.5,square.csv\n"), .text("square.csv", square)],
                 status: runtime, mentions: ["keyframes.csv line 2", "1.5", "outside [0, 1]"]),
        BadInput("fit-profile: a repeated progress", ["fit-profile", "--keyframes", "keyframes.csv", "--out", "profile"],
                 files: [.text("keyframes.csv", "progress,file\n0,square.csv\n0,square.csv\n"), .text("square.csv", square)],
                 status: runtime, mentions: ["keyframes.csv line 3", "repeats"]),
        BadInput("fit-profile: a line break inside a quoted file name (found by fuzzing)", ["fit-profile", "--keyframes", "keyframes.csv", "--out", "profile"],
                 files: [.text("keyframes.csv", "progress,file\n0,\"a\nb.svg\"\n")], status: runtime,
                 mentions: ["keyframes.csv line 2", "line break or control character"]),
        BadInput("fit-profile: manifest with the wrong header", ["fit-profile", "--keyframes", "keyframes.csv", "--out", "profile"],
                 files: [.text("keyframes.csv", "t,path\n0,square.csv\n")], status: runtime, mentions: ["keyframes.csv", "missing column"]),
        BadInput("fit-profile: unknown timing", ["fit-profile", "--keyframes", "keyframes.csv", "--out", "profile", "--timing", "bogus"],
                 files: [.text("keyframes.csv", "progress,file\n0,square.csv\n")], status: usage, mentions: ["'bogus'", "--timing"]),

        BadInput("fit-profile --profiles: list without a keyframes column", ["fit-profile", "--profiles", "list.csv", "--out", "profiles"],
                 files: [.text("list.csv", "name,manifest\na,b.csv\n")], status: runtime, mentions: ["list.csv", "missing column 'keyframes'"]),
        BadInput("fit-profile --profiles: two profiles with one name", ["fit-profile", "--profiles", "list.csv", "--out", "profiles"],
                 files: [.text("list.csv", "keyframes\na/press.csv\nb/press.csv\n")], status: runtime, mentions: ["list.csv line 3", "'press' repeats"]),
        BadInput("fit-profile --profiles: a name that is a path", ["fit-profile", "--profiles", "list.csv", "--out", "profiles"],
                 files: [.text("list.csv", "name,keyframes\n../escape,a.csv\n")], status: runtime, mentions: ["list.csv line 2", "folder name"]),
        BadInput("fit-profile: --shard without --profiles", ["fit-profile", "--keyframes", "keyframes.csv", "--out", "profile", "--shard", "1/2"],
                 files: [.text("keyframes.csv", "progress,file\n0,square.csv\n")], status: usage, mentions: ["--shard goes with --profiles"]),
        BadInput("fit-profile: --keyframes and --profiles together", ["fit-profile", "--keyframes", "a.csv", "--profiles", "b.csv", "--out", "profile"],
                 status: usage, mentions: ["cannot be used together"]),

        BadInput("fit: --shard without --targets", ["fit", "--target", "square.csv", "--shard", "9/2"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["--shard goes with --targets"]),
        BadInput("fit: --resume without --targets", ["fit", "--target", "square.csv", "--resume", "--csv", "fit.csv"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["--resume goes with --targets"]),
        BadInput("fit-profile --profiles: a line break in a quoted name", ["fit-profile", "--profiles", "list.csv", "--out", "profiles"],
                 files: [.text("list.csv", "name,keyframes\n\"a\nb\",k.csv\n")], status: runtime, mentions: ["list.csv line 2", "folder name"]),
        BadInput("fit-profile --profiles: a name longer than a file name may be", ["fit-profile", "--profiles", "list.csv", "--out", "profiles"],
                 files: [.text("list.csv", "name,keyframes\n" + String(repeating: "é", count: 150) + ",k.csv\n")],
                 status: runtime, mentions: ["list.csv line 2", "at most 200 bytes"]),

        // MARK: design files — SVG documents and Lottie animations
        BadInput("fit: an SVG drawing two shapes and no --select", ["fit", "--target", "two.svg", "--csv", "fit.csv"],
                 files: [.text("two.svg", twoShapes)], status: runtime,
                 mentions: ["two.svg", "2 shapes are drawn", "1 <circle id=\"shadow\"> line 2", "2 <path id=\"ball\"> line 3"]),
        BadInput("fit: --select names no element", ["fit", "--target", "two.svg", "--select", "zz"],
                 files: [.text("two.svg", twoShapes)], status: runtime, mentions: ["two.svg", "no element has id 'zz'"]),
        BadInput("fit: --select N beyond the shapes", ["fit", "--target", "two.svg", "--select", "9"],
                 files: [.text("two.svg", twoShapes)], status: runtime, mentions: ["two.svg", "there is no shape 9", "1…2"]),
        BadInput("fit: --select of a hidden group", ["fit", "--target", "two.svg", "--select", "guides"],
                 files: [.text("two.svg", twoShapes)], status: runtime, mentions: ["two.svg", "line 4", "<g id=\"guides\">", "draws no shape"]),
        BadInput("fit: a malformed transform", ["fit", "--target", "bad.svg"],
                 files: [.text("bad.svg", "<svg xmlns='http://www.w3.org/2000/svg'>\n<path transform='rotate(30,' d='M0 0 L9 0 L0 9Z'/></svg>")],
                 status: runtime, mentions: ["bad.svg", "line 2", "transform"]),
        BadInput("fit: a <use> cycle", ["fit", "--target", "cycle.svg"],
                 files: [.text("cycle.svg", "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'>\n<g id='a'><use xlink:href='#a'/></g></svg>")],
                 status: runtime, mentions: ["cycle.svg", "line 2", "cycle"]),
        BadInput("fit: a <use> of a missing id", ["fit", "--target", "use.svg"],
                 files: [.text("use.svg", "<svg xmlns='http://www.w3.org/2000/svg'>\n<use href='#nowhere'/></svg>")],
                 status: runtime, mentions: ["use.svg", "line 2", "nowhere"]),
        BadInput("fit: NaN in a shape's attribute", ["fit", "--target", "nan.svg"],
                 files: [.text("nan.svg", "<svg xmlns='http://www.w3.org/2000/svg'>\n<circle cx='5' cy='5' r='NaN'/></svg>")],
                 status: runtime, mentions: ["nan.svg", "line 2", "<circle>"]),
        BadInput("fit: --select with --path", ["fit", "--path", "M0 0 L9 0 L0 9 Z", "--select", "a"],
                 status: usage, mentions: ["--select cannot be used with --path"]),
        BadInput("fit: --select with a CSV target", ["fit", "--target", "square.csv", "--select", "a"],
                 files: [.text("square.csv", square)], status: usage, mentions: ["--select", "CSV"]),
        BadInput("fit: --frame with an SVG target", ["fit", "--target", "two.svg", "--frame", "3"],
                 files: [.text("two.svg", twoShapes)], status: usage, mentions: ["--frame goes with a Lottie target"]),
        BadInput("fit: a Lottie target without --frame", ["fit", "--target", "anim.json"],
                 files: [.text("anim.json", lottieSquash)], status: usage, mentions: ["anim.json", "give --frame F"]),
        BadInput("fit: a Lottie frame outside the layer", ["fit", "--target", "anim.json", "--frame", "31"],
                 files: [.text("anim.json", lottieSquash)], status: usage, mentions: ["anim.json", "layer 0 \"Ball\"", "frame 31 is outside", "0 to 30"]),
        BadInput("fit: a Lottie layer that does not exist", ["fit", "--target", "anim.json", "--frame", "3", "--layer", "Shadow"],
                 files: [.text("anim.json", lottieSquash)], status: usage, mentions: ["anim.json", "no layer is named \"Shadow\"", "layers[0] \"Ball\""]),
        BadInput("fit: a Lottie layer position beyond the layers", ["fit", "--target", "anim.json", "--frame", "3", "--layer", "4"],
                 files: [.text("anim.json", lottieSquash)], status: usage, mentions: ["anim.json", "no layers[4]"]),
        BadInput("fit: JSON that is not Lottie", ["fit", "--target", "data.json", "--frame", "0"],
                 files: [.text("data.json", "{\"points\": [[0, 0], [1, 1]]}\n")], status: runtime, mentions: ["data.json", "not a Lottie document"]),
        BadInput("fit: a JSON syntax error", ["fit", "--target", "anim.json", "--frame", "0"],
                 files: [.text("anim.json", "{\"v\": \"5.7\",\n \"fr\": 30 \"ip\": 0}\n")], status: runtime, mentions: ["anim.json", "line 2, column"]),
        BadInput("fit: Lottie without ip", ["fit", "--target", "anim.json", "--frame", "0"],
                 files: [.text("anim.json", "{\"v\": \"5.7\", \"fr\": 30, \"op\": 30, \"layers\": []}\n")], status: runtime, mentions: ["anim.json", "\"ip\""]),
        BadInput("fit: JSON nested 10,000 deep", ["fit", "--target", "deep.json", "--frame", "0"],
                 files: [.text("deep.json", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))],
                 status: runtime, mentions: ["deep.json", "deep"]),
        BadInput("fit-profile: --lottie with --keyframes", ["fit-profile", "--lottie", "anim.json", "--keyframes", "k.csv", "--out", "profile"],
                 status: usage, mentions: ["cannot be used together"]),
        BadInput("fit-profile: --frames without --lottie", ["fit-profile", "--keyframes", "k.csv", "--frames", "0:10", "--out", "profile"],
                 status: usage, mentions: ["--frames goes with --lottie"]),
        BadInput("fit-profile: --frames backwards", ["fit-profile", "--lottie", "anim.json", "--frames", "10:0", "--out", "profile"],
                 status: usage, mentions: ["--frames", "backwards"]),
        BadInput("fit-profile: --frames with a zero step", ["fit-profile", "--lottie", "anim.json", "--frames", "0:10:0", "--out", "profile"],
                 status: usage, mentions: ["--frames", "positive"]),
        BadInput("fit-profile: --frames beyond the layer", ["fit-profile", "--lottie", "anim.json", "--frames", "0:40", "--out", "profile"],
                 files: [.text("anim.json", lottieSquash)], status: usage, mentions: ["anim.json", "frame 40 is outside", "0 to 30"]),
        BadInput("fit-profile: --lottie of a missing file", ["fit-profile", "--lottie", "none.json", "--out", "profile"],
                 status: runtime, mentions: ["none.json", "no such file"]),
        BadInput("fit-profile: a select cell with a line break", ["fit-profile", "--keyframes", "keyframes.csv", "--out", "profile"],
                 files: [.text("keyframes.csv", "progress,file,select\n0,two.svg,\"ba\nll\"\n1,two.svg,ball\n"), .text("two.svg", twoShapes)],
                 status: runtime, mentions: ["keyframes.csv line 2", "column 'select'", "line break"]),
        BadInput("fit-profile: a keyframe SVG drawing two shapes and no select", ["fit-profile", "--keyframes", "keyframes.csv", "--out", "profile", "--timing", "linear"],
                 files: [.text("keyframes.csv", "progress,file,select\n0,two.svg,ball\n1,two.svg,\n"), .text("two.svg", twoShapes)],
                 status: runtime, mentions: ["keyframes.csv line 3 (two.svg)", "2 shapes are drawn"]),
        BadInput("path-info: --svg-file with --path", ["path-info", "--svg-file", "two.svg", "--path", "M0 0 L1 1"],
                 status: usage, mentions: ["cannot be used together"]),
        BadInput("path-info: --select without --svg-file", ["path-info", "--path", "M0 0 L1 1", "--select", "a"],
                 status: usage, mentions: ["--select goes with --svg-file"]),
        BadInput("path-info: --svg-file of a missing file", ["path-info", "--svg-file", "none.svg"],
                 status: runtime, mentions: ["none.svg", "no such file"]),
        BadInput("path-info: --svg-file drawing two shapes", ["path-info", "--svg-file", "two.svg"],
                 files: [.text("two.svg", twoShapes)], status: runtime, mentions: ["two.svg", "2 shapes are drawn"]),

        // MARK: export --timing, --from-*, failed fits
        BadInput("export: an unparsable --timing", ["export", "--model", "ball", "--set", "yFactor=0.8", "--timing", "ease-sideways", "--format", "svg", "--out", "o.svg"],
                 status: usage, mentions: ["invalid --timing 'ease-sideways'", "unknown timing function"]),
        BadInput("export: an out-of-range --timing", ["export", "--model", "ball", "--set", "yFactor=0.8", "--timing", "cubic-bezier(2,0,0,1)", "--format", "svg", "--out", "o.svg"],
                 status: usage, mentions: ["invalid --timing", "x1 and x2 must lie in [0, 1]"]),
        BadInput("export: a spring in seconds with a zero stiffness", ["export", "--model", "ball", "--set", "yFactor=0.8", "--timing", "ca-spring(stiffness:0,damping:1)", "--format", "svg", "--out", "o.svg"],
                 status: usage, mentions: ["invalid --timing"]),
        BadInput("export: an unknown name in --from-set", ["export", "--model", "ball", "--set", "yFactor=0.8", "--timing", "ease", "--from-set", "squish=1", "--format", "svg", "--out", "o.svg"],
                 status: usage, mentions: ["--from-set 'squish=1'", "no parameter 'squish'"]),
        BadInput("export: --from-set without --timing", ["export", "--model", "ball", "--from-set", "yFactor=1.2", "--format", "svg", "--out", "o.svg"],
                 status: usage, mentions: ["--from-set goes with --timing"]),
        BadInput("export: --timing with --profile-dir", ["export", "--profile-dir", "p", "--timing", "ease", "--format", "svg", "--out", "o.svg"],
                 status: usage, mentions: ["--timing cannot be used with --profile-dir"]),
        BadInput("export: --timing with --document", ["export", "--document", "d.json", "--timing", "ease", "--format", "svg", "--out", "o.svg"],
                 status: usage, mentions: ["--timing cannot be used with --document"]),
        BadInput("export: --from-fit of another model", ["export", "--model", "ball", "--set", "yFactor=0.8", "--timing", "ease", "--from-fit", "fit.csv", "--format", "svg", "--out", "o.svg"],
                 files: [.text("fit.csv", fitResult(model: "loading"))], status: runtime, mentions: ["fit.csv line 2", "a fit of model loading, not ball"]),
        BadInput("export: --from-fit of a batch without --from-row", ["export", "--model", "ball", "--set", "yFactor=0.8", "--timing", "ease", "--from-fit", "fit.csv", "--format", "svg", "--out", "o.svg"],
                 files: [.text("fit.csv", fitResult() + fitResult().split(separator: "\n")[1] + "\n")], status: runtime, mentions: ["fit.csv", "2 data rows", "--from-row N"]),
        BadInput("export: --fit of a fit that did not converge", ["export", "--fit", "fit.csv", "--format", "css", "--out", "o.css"],
                 files: [.text("fit.csv", fitResult(status: "max_evaluations"))], status: runtime,
                 mentions: ["fit.csv line 2", "did not converge (status max_evaluations)"]),
        BadInput("export: --from-fit of a fit that did not converge", ["export", "--model", "ball", "--timing", "ease", "--from-fit", "fit.csv", "--format", "css", "--out", "o.css"],
                 files: [.text("fit.csv", fitResult(status: "max_evaluations"))], status: runtime,
                 mentions: ["fit.csv line 2", "did not converge (status max_evaluations)"]),

        // MARK: dispatch
        BadInput("no command", [], status: usage, mentions: ["missing command"]),
        BadInput("unknown command", ["frobnicate"], status: usage, mentions: ["unknown command 'frobnicate'"]),
    ]

    /// A one-row `fit --csv` result of `model` fitting yFactor, with `status`, as the fit writes it.
    static func fitResult(model: String = "ball", status: String = "converged_ftol") -> String {
        "yFactor,yFactor_stderr,rms,max_distance,hausdorff,area_difference,iterations,evaluations,status,seconds,model,radius,held\n"
            + "0.8,0.01,0.1,0.2,,,3,4,\(status),0.01,\(model),50,\n"
    }

    /// The first row of a sweep over 4 segments, with the sweep's own header: resuming it with
    /// another segment count must fail at line 2.
    static var resumableHead: String {
        let header = "k,segments,max_radial_error,t_at_max,min_radial_error,t_at_min,max_abs_radial_error,rms_radial_error,rms_radial_error_angle,area_error,arc_length_error,max_tangent_error_deg,max_curvature_error,angle_at_max_deg,angle_at_min_deg,end_curvature_error"
        let fields = ["0.5", "4"] + [String](repeating: "0", count: 14)
        return header + "\n" + fields.joined(separator: ",") + "\n"
    }

    /// Runs `row` in a fresh folder and checks everything the table promises.
    static func check(_ row: BadInput, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TemporaryFolder()
        for fixture in row.files { try create(fixture, in: folder.url) }
        let before = try snapshot(folder.url)
        let r = try BinaryRunner.run(row.arguments, in: folder.url)
        #expect(r.status == row.status, "exit status \(r.status), expected \(row.status); stderr: \(r.stderr)",
                sourceLocation: sourceLocation)
        #expect(r.errorLines.count == 1 && r.stderr.hasSuffix("\n"), "one line on stderr, got: \(r.stderr)",
                sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty, "stdout: \(r.stdout.prefix(200))", sourceLocation: sourceLocation)
        #expect(r.stderr.count <= 1100, "stderr line of \(r.stderr.count) characters", sourceLocation: sourceLocation)
        for fragment in row.mentions {
            #expect(r.stderr.contains(fragment), "stderr should mention '\(fragment)': \(r.stderr.prefix(400))",
                    sourceLocation: sourceLocation)
        }
        for trace in ["Fatal error", "Stack dump", "Current stack trace", "Program crashed", "Backtracing", "Precondition failed"] {
            #expect(!r.stderr.contains(trace), "stack trace on stderr: \(r.stderr.prefix(400))", sourceLocation: sourceLocation)
        }
        let after = try snapshot(folder.url)
        #expect(after == before, "the folder changed: \(after.keys.sorted()) (before: \(before.keys.sorted()))",
                sourceLocation: sourceLocation)
        if let restore = row.files.compactMap({ f -> String? in if case .unreadable(let n) = f { n } else { nil } }).first {
            _ = chmod(folder.file(restore).path, 0o644)
        }
    }

    static func create(_ fixture: BadInput.Fixture, in folder: URL) throws {
        let fm = FileManager.default
        switch fixture {
        case .text(let name, let text):
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        case .bytes(let name, let bytes):
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        case .folder(let name):
            try fm.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        case .symlink(let name, let target):
            try fm.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
        case .unreadable(let name):
            let url = folder.appendingPathComponent(name)
            try Data("M0 0 L1 1".utf8).write(to: url)
            _ = chmod(url.path, 0)
        }
    }

    /// Every entry under `folder` (hidden ones too), by relative path: a regular file's bytes, a
    /// folder as "<folder>", a symbolic link as "-> target".
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let fm = FileManager.default
        func walk(_ url: URL, _ prefix: String) throws {
            for name in try fm.contentsOfDirectory(atPath: url.path) {
                let child = url.appendingPathComponent(name)
                let key = prefix + name
                let attributes = try fm.attributesOfItem(atPath: child.path)
                switch attributes[.type] as? FileAttributeType {
                case .typeDirectory?:
                    out[key] = Data("<folder>".utf8)
                    try walk(child, key + "/")
                case .typeSymbolicLink?:
                    out[key] = Data(("-> " + (try fm.destinationOfSymbolicLink(atPath: child.path))).utf8)
                default:
                    out[key] = (try? Data(contentsOf: child)) ?? Data("<unreadable>".utf8)
                }
            }
        }
        try walk(folder, "")
        return out
    }
}
