import DataFiles
import Foundation
import Testing
import _TestSupport

@Suite("beztune fit-profile: timing ranges, statuses and warnings")
struct FitProfileBoundsTests {
    /// Keyframes the ball draws with yFactor 1 → 0.9 and topYFactor 1 → 0.9 through `timing` at
    /// 7 evenly spaced progress values, as path data, and their manifest's path.
    func keyframes(in folder: TemporaryFolder, timing: String) throws -> String {
        var manifest = "progress,file\n"
        for i in 0...6 {
            let x = Double(i) / 6
            let r = try BinaryRunner.run(["model", "--name", "ball", "--set", "yFactor=0.9", "--set", "topYFactor=0.9",
                                          "--timing", timing, "--progress", String(x)])
            #expect(r.status == 0, "\(r.stderr)")
            try r.stdout.write(to: folder.file("k\(i).path"), atomically: true, encoding: .utf8)
            manifest += "\(x),k\(i).path\n"
        }
        try manifest.write(to: folder.file("keys.csv"), atomically: true, encoding: .utf8)
        return folder.file("keys.csv").path
    }

    func column(_ table: CSVTable, _ name: String) throws -> [String] {
        let c = try table.columnIndex(name)
        return table.rows.indices.map { table.string(row: $0, column: c) }
    }

    @Test("an overshoot beyond y = 3: every timing.csv row in range with a status; --bound y2 widens the range")
    func overshoot() throws {
        let folder = try TemporaryFolder()
        // y2 = 5: the keyframes overshoot further than any curve with y ≤ 3 draws.
        let manifest = try keyframes(in: folder, timing: "cubic-bezier(0.3,0,0.7,5)")
        let common = ["fit-profile", "--keyframes", manifest, "--free", "yFactor,topYFactor", "--joint", "--samples", "48",
                      "--size", "60x60"]
        let r = try BinaryRunner.run(common + ["--out", folder.file("bounded").path])
        #expect(r.status == 0, "\(r.stderr)")
        let timing = try CSVTable(contentsOf: folder.file("bounded/timing.csv"))
        #expect(timing.rows.count == 4)
        #expect(try column(timing, "status").allSatisfy { $0.hasPrefix("converged_") })
        for name in ["x1", "x2"] { #expect(try column(timing, name).allSatisfy { Double($0).map { $0 >= 0 && $0 <= 1 } == true }) }
        for name in ["y1", "y2"] { #expect(try column(timing, name).allSatisfy { Double($0).map { $0 >= -2 && $0 <= 3 } == true }) }
        #expect(try column(timing, "y2").contains("3"))  // on its bound

        let wide = try BinaryRunner.run(common + ["--bound", "y2=-2:8", "--bound", "yFactor=0.5:1.5", "--out", folder.file("wide").path])
        #expect(wide.status == 0, "\(wide.stderr)")
        let w = try CSVTable(contentsOf: folder.file("wide/timing.csv"))
        #expect(try column(w, "status").allSatisfy { $0.hasPrefix("converged_") })
        #expect(try column(w, "y2").allSatisfy { abs((Double($0) ?? .nan) - 5) < 1e-5 })
    }

    @Test("spring and keyframes rows have a status and spring constants in their ranges")
    func springAndKeyframes() throws {
        let folder = try TemporaryFolder()
        let manifest = try keyframes(in: folder, timing: "spring(9,0.5)")
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", manifest, "--free", "yFactor,topYFactor", "--timing", "spring",
                                      "--bound", "zeta=0.1:0.4", "--samples", "48", "--size", "60x60", "--out", folder.file("s").path])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try CSVTable(contentsOf: folder.file("s/timing.csv"))
        #expect(try column(s, "status").allSatisfy { !$0.isEmpty })
        #expect(try column(s, "zeta").allSatisfy { Double($0).map { $0 >= 0.1 && $0 <= 0.4 } == true })
        #expect(try column(s, "omega").allSatisfy { Double($0).map { $0 >= 0.5 && $0 <= .pi * 6 } == true })
        let k = try BinaryRunner.run(["fit-profile", "--keyframes", manifest, "--free", "yFactor", "--timing", "keyframes",
                                      "--samples", "48", "--size", "60x60", "--out", folder.file("k").path])
        #expect(k.status == 0, "\(k.stderr)")
        #expect(try column(try CSVTable(contentsOf: folder.file("k/timing.csv")), "status") == ["converged_gtol"])
    }

    @Test("a failed fit: one warning line each on standard error, the joint once")
    func warnings() throws {
        let folder = try TemporaryFolder()
        let manifest = try keyframes(in: folder, timing: "ease")
        let r = try BinaryRunner.run(["fit-profile", "--keyframes", manifest, "--free", "yFactor,topYFactor", "--joint",
                                      "--max-evaluations", "2", "--samples", "48", "--size", "60x60", "--out", folder.file("w").path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("beztune fit-profile: warning: ") && $0.hasSuffix(")") })
        #expect(lines.count { $0.contains("the joint fit of yFactor, topYFactor did not converge (") } == 1)
        #expect(lines.count { $0.contains("joint trajectory") } == 0)
    }

    @Test("bad timing ranges: exit 2, one line naming the bound, nothing written")
    func badRanges() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("out")
        for (bound, reason) in [("x1=-0.5:1", "a cubic-bezier x must stay within [0, 1]"),
                                ("omega=0:10", "a spring's omega must be positive"),
                                ("zeta=-1:2", "zeta cannot be negative"),
                                ("y1=3:-2", "not an interval")] {
            let r = try BinaryRunner.run(["fit-profile", "--keyframes", folder.file("none.csv").path, "--bound", bound,
                                          "--out", out.path])
            expectFailure(r, status: 2, mentioning: ["bound \(bound)", reason])
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}
