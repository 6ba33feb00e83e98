import Foundation
import Render

/// The frame files `beztune frames` and `fit-profile` write: `frame_0000.png` … in one folder,
/// nothing left over from an earlier run with more frames.
enum FrameFiles {
    /// `frame_NNNN.EXT` (at least four digits).
    static func frameName(_ i: Int, _ format: ImageFormat) -> String {
        let digits = String(i)
        return "frame_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + format.rawValue
    }

    /// Removes the frames (`frame_NNNN.png`/`.svg`) at index `count` and beyond that an earlier
    /// run with more frames left in `folder`, so the folder holds exactly this run's frames.
    static func removeStaleFrames(in folder: URL, keeping count: Int) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix("frame_") && (name.hasSuffix(".png") || name.hasSuffix(".svg")) {
            if let i = Int(name.dropFirst(6).dropLast(4)), i >= count {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    /// Four significant digits, for frame labels.
    static func format4(_ v: Double) -> String { String(format: "%.4g", v) }
}
